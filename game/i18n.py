"""The one translation function: every string a player reads goes through ``_``.

Catalogues are gettext ``.mo`` files under ``game/locale/<lang>/LC_MESSAGES/durak.mo``.
A language without a catalogue shows the English source strings (English plurals
come from gettext's fallback). ``build_scripts/update_catalogue.py`` extracts,
merges and compiles the catalogues.
``_`` looks the active catalogue up at call time, so switching the language
applies at once to everything drawn afterwards.
"""

from __future__ import annotations

import gettext
import locale
import os
from collections.abc import Mapping
from pathlib import Path

DOMAIN = "durak"
LANGUAGES = ("en", "ru")  # English, the source, and each catalogue under locale/
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


def check_catalogues(locale_dir: Path | None = None) -> None:
    """Raise FileNotFoundError unless every language but English has its catalogue
    (the smoke test of a frozen build: both languages must be bundled)."""
    for lang in LANGUAGES[1:]:
        gettext.translation(DOMAIN, localedir=str(locale_dir or LOCALE_DIR), languages=[lang])


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The first of LANGUAGES the system asks for (LANGUAGE, LC_ALL, LC_MESSAGES, LANG,
    then the process locale), else English."""
    env = os.environ if environ is None else environ
    asked = [env.get(key, "") for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    wanted = [code for value in asked for code in value.split(":") if code]
    if environ is None:
        wanted.append(locale.getlocale()[0] or "")
    for code in wanted:
        base = code.split(".")[0].split("_")[0].lower()
        if base in LANGUAGES:
            return base
        if base not in ("", "c", "posix"):
            return "en"  # the system asks for a language we do not have
    return "en"


def choose_language(setting: str, environ: Mapping[str, str] | None = None) -> str:
    """The language for ``ui.language``: itself, or the system's for "auto"."""
    return system_language(environ) if setting == "auto" else setting


def language() -> str:
    """The language chosen last (the catalogue may still be missing)."""
    return _language


def _(message: str) -> str:
    """The player's-language text of ``message``."""
    return _active.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted phrase for ``n``: "1 card", "2 cards" (Russian has three)."""
    return _active.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` as said in ``context`` (a grammatical case, say: "десяткой пик")."""
    return _active.pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue where it is defined; translate it where shown."""
    return message


def NP_(context: str, message: str) -> tuple[str, str]:
    """Mark ``message`` in ``context`` for the catalogue; ``pgettext(*entry)`` shows it."""
    return context, message
