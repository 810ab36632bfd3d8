"""The one translation function: every string a player reads goes through ``_``.

Catalogues are gettext ``.mo`` files under ``game/locale/<lang>/LC_MESSAGES/durak.mo``.
Until a catalogue exists for a language the English source strings are shown.
``_`` looks the active catalogue up at call time, so switching the language
applies at once to everything drawn afterwards.
"""

from __future__ import annotations

import gettext
from pathlib import Path

DOMAIN = "durak"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_active: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def set_language(language: str, locale_dir: Path | None = None) -> None:
    """Use the catalogue for ``language`` (for example "en" or "ru") from now on."""
    global _active, _language
    _active = gettext.translation(
        DOMAIN, localedir=str(locale_dir or LOCALE_DIR), languages=[language], fallback=True
    )
    _language = language


def language() -> str:
    """The language chosen last (the catalogue may still be missing)."""
    return _language


def _(message: str) -> str:
    """The player's-language text of ``message``."""
    return _active.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted phrase for ``n``: "1 card", "2 cards" (Russian has three)."""
    return _active.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue where it is defined; translate it where shown."""
    return message
