"""Names of the games as titles ("Podkidnoy"), shared by every screen that shows one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from game.session.match import Match

# by game key (game.stats.game_key): the variant, and its Severnyi (second trump) form
VARIANT_TITLES = {"podkidnoy": N_("Podkidnoy"), "perevodnoy": N_("Perevodnoy"),
                  "prostoy": N_("Prostoy"),
                  "podkidnoy_severnyi": N_("Podkidnoy Severnyi"),
                  "perevodnoy_severnyi": N_("Perevodnoy Severnyi"),
                  "prostoy_severnyi": N_("Prostoy Severnyi")}


def variant_title(game: str) -> str:
    """The title of a game (a variant or a game key) in the player's language; an
    unknown name as it is, capitalised."""
    title = VARIANT_TITLES.get(game)
    return _(title) if title is not None else game.capitalize()


def describe_saved(match: Match) -> str:
    """What a saved game is, for its Continue button: "Perevodnoy, 4 players, your turn"
    ("Podkidnoy, cheating allowed, 2 players, Anna's turn" in cheating mode)."""
    from game.engine import next_actor
    from game.stats import game_key

    name = variant_title(game_key(match.settings.rules))
    if match.settings.rules.cheating:
        name = _("{variant}, cheating allowed").format(variant=name)
    players = ngettext("%d player", "%d players", match.n) % match.n
    actor = next_actor(match.state) if match.state is not None else None
    if actor is None:
        turn = _("game over")
    elif actor == match.human:
        turn = _("your turn")
    else:
        turn = _("{name}'s turn").format(name=match.players[actor].shown)
    return _("{variant}, {players}, {turn}").format(variant=name, players=players, turn=turn)
