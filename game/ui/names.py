"""Names of the games as titles ("Podkidnoy"), shared by every screen that shows one."""

from __future__ import annotations

from game.i18n import N_, _

VARIANT_TITLES = {"podkidnoy": N_("Podkidnoy"), "perevodnoy": N_("Perevodnoy"),
                  "prostoy": N_("Prostoy")}


def variant_title(variant: str) -> str:
    """The game's title in the player's language; an unknown name as it is, capitalised."""
    title = VARIANT_TITLES.get(variant)
    return _(title) if title is not None else variant.capitalize()
