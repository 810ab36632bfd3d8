"""Names of the games as titles ("Podkidnoy"), shared by every screen that shows one."""

from __future__ import annotations

from game.i18n import N_, _

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
