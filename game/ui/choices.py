"""The ``ui:`` settings a player picks from a list: the values offered, the words for
each, and the setting's name. The Settings screen and the in-game menu both offer
them from here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.i18n import N_, _, system_language

ON_OFF = {True: N_("on"), False: N_("off")}
# ui key -> {value: label}, in the order offered
CHOICES: dict[str, dict[Any, str]] = {
    "animation_speed": {0.5: N_("slow"), 1.0: N_("normal"), 2.0: N_("fast"),
                        4.0: N_("very fast")},
    "computer_delay_ms": {0: N_("none"), 300: N_("short"), 600: N_("normal"), 1200: N_("long")},
    "highlight_playable": ON_OFF,
    "card_size": {"small": N_("small"), "normal": N_("normal"), "large": N_("large")},
    "language": {"auto": N_("as the system: {language}"), "en": N_("English"),
                 "ru": N_("Russian")},
    "fullscreen": ON_OFF,
    "sound": ON_OFF,
    "practice": ON_OFF,
}
SETTING_NAMES = {"animation_speed": N_("Animation"), "computer_delay_ms": N_("Computer pause"),
                 "highlight_playable": N_("Show playable cards"), "card_size": N_("Card size"),
                 "language": N_("Language"), "fullscreen": N_("Full screen"),
                 "sound": N_("Sound"), "sound_volume": N_("Volume"),
                 "practice": N_("Practice (take back)")}
# how a value the list lacks (set in the file) reads, by key; other keys show it as it is
OTHER_VALUE = {"computer_delay_ms": N_("{value} ms"), "animation_speed": N_("{value}x")}


def label(key: str, value: Any) -> str:
    """How ``value`` of ``key`` reads; a value the list lacks (set in the file) as it
    is, with its unit."""
    text = CHOICES[key].get(value)
    if text is None:
        return _(OTHER_VALUE[key]).format(value=value) if key in OTHER_VALUE else str(value)
    if key == "language" and value == "auto":
        system = CHOICES[key][system_language()]
        return _(text).format(language=_(system))
    return _(text)


def options(key: str, current: Any) -> list[tuple[str, str]]:
    """Drop-down options (label, the value's repr); a value set in the file is kept."""
    values = list(CHOICES[key])
    if current not in values:
        values.append(current)
    return [(label(key, v), repr(v)) for v in values]


def value_of(key: str, option_id: str, current: Any) -> Any:
    """The value a drop-down option stands for (``current`` if none matches)."""
    return next((v for v in (*CHOICES[key], current) if repr(v) == option_id), current)


def menu_options(options: Sequence[tuple[str, str]]) -> list[str | tuple[str, str]]:
    """(text, id) pairs as pygame_gui's drop-down is typed to take them: a list of str
    or pairs (it only reads it, so a list of pairs is as good)."""
    return list(options)
