"""Names of the games as titles ("Podkidnoy"), shared by every screen that shows one."""

from __future__ import annotations

from game.i18n import N_, _, ngettext

VARIANT_TITLES = {"podkidnoy": N_("Podkidnoy"), "perevodnoy": N_("Perevodnoy"),
                  "prostoy": N_("Prostoy")}


def variant_title(variant: str) -> str:
    """The game's title in the player's language; an unknown name as it is, capitalised."""
    title = VARIANT_TITLES.get(variant)
    return _(title) if title is not None else variant.capitalize()


def describe_saved(match) -> str:
    """What a saved game is, for its Continue button: "Perevodnoy, 4 players, your turn"."""
    from game.engine import next_actor

    variant = match.settings.rules.variant
    name = variant_title(variant)
    players = ngettext("%d player", "%d players", match.n) % match.n
    actor = next_actor(match.state) if match.state is not None else None
    if actor is None:
        turn = _("game over")
    elif actor == match.human:
        turn = _("your turn")
    else:
        turn = _("{name}'s turn").format(name=match.players[actor].name)
    return _("{variant}, {players}, {turn}").format(variant=name, players=players, turn=turn)
