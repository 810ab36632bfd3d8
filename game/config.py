"""settings.yaml: read, validated into frozen values, with one clear message per fault."""

from __future__ import annotations

import os
import unicodedata
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from .engine.preview import preview
from .engine.rules import Rules, RulesError
from .engine.scoring import SYSTEMS, ScoringError, check_target
from .i18n import N_, _
from .paths import default_settings_path, remove_stale_temp_files, set_aside, user_settings_path
from .yaml_io import YamlFileError, read_yaml

LEVELS = ("random", "easy", "normal", "hard", "expert")
CARD_SIZES = ("small", "normal", "large")  # ui.card_size; game/ui/layout.py scales them
SEARCH_LEVELS = ("hard", "expert")


Key = tuple[str | int, ...]  # where in the file: ("rules", "deck"), ("players", 1, "level")


class SettingsError(ValueError):
    """A settings file that cannot be used; the message names the key, and ``key`` says
    where it is (empty when the file as a whole is wrong)."""

    def __init__(self, message: str, key: Key = ()) -> None:
        super().__init__(message)
        self.key = key


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    name: str
    kind: str = "computer"  # "human" or "computer"
    level: str = "normal"
    think_ms: int | None = None  # search levels only; None: the level's default

    @property
    def human(self) -> bool:
        return self.kind == "human"

    @property
    def shown(self) -> str:
        """The name as the screens show it (``shown_name``)."""
        return shown_name(self.name)


# The names the game gives players itself (settings.yaml's seats, the seats the start
# screen adds, the demo's): shown in the player's language, as a Russian player would
# name them; a name typed in is shown as written. The settings keep the English form.
HUMAN_NAME = N_("You")
COMPUTER_NAMES = (N_("Anna"), N_("Boris"), N_("Vera"), N_("Gleb"), N_("Dasha"), N_("Egor"))


def shown_name(name: str) -> str:
    """``name`` as shown: one of the game's own names in the player's language."""
    return _(name) if name == HUMAN_NAME or name in COMPUTER_NAMES else name


@dataclass(frozen=True, slots=True)
class UiSettings:
    width: int = 1280
    height: int = 720
    fullscreen: bool = False
    animation_speed: float = 1.0
    computer_delay_ms: int = 600
    highlight_playable: bool = True
    card_size: str = "normal"  # one of CARD_SIZES
    language: str = "auto"  # "auto": the system's language (game.i18n.system_language)
    sound: bool = True
    sound_volume: float = 0.7
    practice: bool = False  # the human may take moves back (not in the statistics then)


@dataclass(frozen=True, slots=True)
class SeriesSettings:
    """How a series of games is scored: a system and its target (None: the default)."""

    system: str = "fools"
    target: int | None = None


@dataclass(frozen=True, slots=True)
class Settings:
    rules: Rules
    players: tuple[PlayerSpec, ...]
    ui: UiSettings
    series: SeriesSettings = SeriesSettings()

    def check(self) -> None:
        """Raise SettingsError if the rules cannot seat these players, or the series
        cannot be scored at this table."""
        try:
            self.rules.check_players(len(self.players))
        except RulesError as e:
            raise SettingsError(e.worded(_), ("rules", e.key or "teams")) from None
        _check_series(self.series, len(self.players), self.rules.teams is not None)


DEFAULT_PLAYERS = (
    PlayerSpec(HUMAN_NAME, "human"),
    PlayerSpec(COMPUTER_NAMES[0], "computer", "normal"),
)

WINDOW_LIMITS = ((640, 7680), (360, 4320))  # the width and height a window may be remembered at

_UI_RANGES: dict[str, tuple[Any, ...]] = {
    "width": (int, *WINDOW_LIMITS[0]),
    "height": (int, *WINDOW_LIMITS[1]),
    "fullscreen": (bool,),
    "animation_speed": (float, 0.25, 4.0),
    "computer_delay_ms": (int, 0, 5000),
    "highlight_playable": (bool,),
    "card_size": (str, *CARD_SIZES),
    "language": (str, "auto", "en", "ru"),
    "sound": (bool,),
    "sound_volume": (float, 0.0, 1.0),
    "practice": (bool,),
}


def parse_settings(data: Any) -> Settings:
    """Validate a plain mapping (as YAML gives it) into Settings."""
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise SettingsError(_("settings: the file must be a mapping with rules, players, ui"))
    _refuse_unknown((), data, ("rules", "players", "ui", "series"))
    rules = _rules(data.get("rules"))
    players = _players(data.get("players"))
    settings = Settings(rules, players, _ui(data.get("ui")), _series(data.get("series")))
    settings.check()
    return settings


def _refuse_unknown(where: Key, raw: dict[str, Any], known: tuple[str, ...]) -> None:
    """SettingsError naming the first unknown key in the file's order (keys may be
    of any type: ``1:`` beside ``foo:`` cannot be sorted)."""
    for key in raw:
        if key not in known:
            raise SettingsError(_("{where}: unknown key {key} (known keys: {known})").format(
                where=_where(where) or "settings", key=preview(key), known=", ".join(known)),
                (*where, key))


def _where(key: Key) -> str:
    """("players", 1, "level") -> "players[1].level"."""
    text = ""
    for part in key:
        text += f"[{part}]" if isinstance(part, int) else f".{part}" if text else str(part)
    return text


def _rules(raw: Any) -> Rules:
    if raw is not None and not isinstance(raw, dict):
        raise SettingsError(_("rules: must be a mapping of rule keys to values"), ("rules",))
    for key, value in (raw or {}).items():  # one at a time, to say which key is wrong
        try:
            Rules.from_mapping({key: value})
        except RulesError as e:
            raise SettingsError(e.worded(_), ("rules", key)) from None
    try:  # together: a key that does not apply to the variant
        return Rules.from_mapping(raw)
    except RulesError as e:
        raise SettingsError(e.worded(_), ("rules", e.key) if e.key else ("rules",)) from None


def _players(raw: Any) -> tuple[PlayerSpec, ...]:
    if raw is None:
        return DEFAULT_PLAYERS
    if not isinstance(raw, list) or not 2 <= len(raw) <= 6:
        raise SettingsError(_("players: must be a list of 2 to 6 players"), ("players",))
    players = tuple(_player(i, p) for i, p in enumerate(raw))
    humans = [i for i, p in enumerate(players) if p.human]
    if len(humans) > 1:
        raise SettingsError(_(
            "players[{seat}].type: only one player may be human (seat {first} is); "
            "playing together at one screen is not possible yet").format(
                seat=humans[1], first=humans[0]), ("players", humans[1], "type"))
    return players


def _player(i: int, raw: Any) -> PlayerSpec:
    where = f"players[{i}]"
    if not isinstance(raw, dict):
        raise SettingsError(_("{where}: must be a mapping with name, type, level").format(
            where=where), ("players", i))
    _refuse_unknown(("players", i), raw, ("name", "type", "level", "think_ms"))
    name = _name(i, raw.get("name", f"Player {i + 1}"))
    kind = raw.get("type", "computer")
    if kind not in ("human", "computer"):
        raise SettingsError(_("{where}.type: {value} is not allowed (allowed: human, computer)")
                            .format(where=where, value=preview(kind)), ("players", i, "type"))
    level = raw.get("level", "normal")
    if level not in LEVELS:
        raise SettingsError(_("{where}.level: {value} is not allowed (allowed: {levels})").format(
            where=where, value=preview(level), levels=", ".join(LEVELS)), ("players", i, "level"))
    think = raw.get("think_ms")
    if think is not None and (isinstance(think, bool) or not isinstance(think, int)
                              or not 10 <= think <= 10000):
        raise SettingsError(_("{where}.think_ms: {value} is not allowed (allowed: 10..10000)")
                            .format(where=where, value=preview(think)), ("players", i, "think_ms"))
    if think is not None and (kind == "human" or level not in SEARCH_LEVELS):
        raise SettingsError(_(
            "{where}.think_ms: only the levels that think ({levels}) take a thinking time; "
            "this player is {what}").format(
                where=where, levels=", ".join(SEARCH_LEVELS),
                what=_("human") if kind == "human" else level), ("players", i, "think_ms"))
    return PlayerSpec(name, kind, level, think)


_UNPRINTABLE = {"Cc", "Cs", "Co", "Cn", "Zl", "Zp"}  # Unicode categories


def _name(i: int, name: Any) -> str:
    """A name of 1 to 20 characters on one line, without control characters."""
    key: Key = ("players", i, "name")
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > 20:
        raise SettingsError(_("{where}: must be text of 1 to 20 characters").format(
            where=_where(key)), key)
    if any(unicodedata.category(ch) in _UNPRINTABLE for ch in name):
        raise SettingsError(_("{where}: {value} holds a line break or a control "
                              "character").format(where=_where(key), value=preview(name)), key)
    return name.strip()


def _ui(raw: Any) -> UiSettings:
    if raw is None:
        return UiSettings()
    if not isinstance(raw, dict):
        raise SettingsError(_("ui: must be a mapping"), ("ui",))
    _refuse_unknown(("ui",), raw, tuple(f.name for f in fields(UiSettings)))
    return UiSettings(**{key: _ui_value(key, value, _UI_RANGES[key])
                         for key, value in raw.items()})


def _ui_value(key: str, value: Any, spec: tuple[Any, ...]) -> Any:
    kind = spec[0]
    if kind is bool:
        allowed = "true, false"
        ok = isinstance(value, bool)
    elif kind is str:
        allowed = ", ".join(spec[1:])
        ok = isinstance(value, str) and value in spec[1:]
    else:
        low, high = spec[1], spec[2]
        allowed = f"{low}..{high}"
        ok_type = (int, float) if kind is float else (int,)
        ok = (not isinstance(value, bool) and isinstance(value, ok_type)
              and low <= value <= high)
    if not ok:
        raise SettingsError(_("ui.{key}: {value} is not allowed (allowed: {allowed})").format(
            key=key, value=preview(value), allowed=allowed), ("ui", key))
    return value if kind in (bool, str) else kind(value)


def _series(raw: Any) -> SeriesSettings:
    """The ``series:`` section; the target is checked against the table in ``check``."""
    if raw is None:
        return SeriesSettings()
    if not isinstance(raw, dict):
        raise SettingsError(_("series: must be a mapping with system and target"), ("series",))
    _refuse_unknown(("series",), raw, ("system", "target"))
    system = raw.get("system", "fools")
    if system not in SYSTEMS:
        raise SettingsError(_("series.system: {value} is not allowed (allowed: {systems})")
                            .format(value=preview(system), systems=", ".join(SYSTEMS)),
                            ("series", "system"))
    target = raw.get("target")
    if target is not None and (isinstance(target, bool) or not isinstance(target, int)):
        raise SettingsError(_("series.target: {value} is not allowed (a whole number, or "
                              "null for the system's default)").format(value=preview(target)),
                            ("series", "target"))
    return SeriesSettings(system, target)


def _check_series(series: SeriesSettings, players: int, teams: bool) -> None:
    if teams and series.system != "fools":
        raise SettingsError(_("series.system: team games are scored only as matchsticks "
                              "(fools) with no target; {value} is not allowed with "
                              "rules.teams").format(value=series.system), ("series", "system"))
    if teams and series.target is not None:
        raise SettingsError(_("series.target: team games are scored only as matchsticks "
                              "(fools) with no target; {value} is not allowed with "
                              "rules.teams (allowed: null)").format(value=series.target),
                            ("series", "target"))
    try:
        check_target(series.system, series.target, players)
    except ScoringError as e:
        raise SettingsError(_("series.{error}").format(error=e), ("series", "target")) from None


def load_settings_file(path: Path) -> Settings:
    """Read and validate one settings file; SettingsError names what is wrong."""
    try:
        data = read_yaml(path)
    except YamlFileError as e:
        raise SettingsError(str(e)) from None
    try:
        return parse_settings(data)
    except SettingsError as e:
        raise SettingsError(f"{path}: {e}") from None


def settings_language(path: Path | None = None) -> str:
    """The ``ui.language`` the settings file names, "auto" where it names none that is
    allowed or cannot be read: the language the file's own messages should speak."""
    try:
        data = read_yaml(path if path is not None else user_settings_path())
    except YamlFileError:
        return "auto"
    ui = data.get("ui") if isinstance(data, dict) else None
    language = ui.get("language") if isinstance(ui, dict) else None
    if isinstance(language, str) and language in _UI_RANGES["language"][1:]:
        return language
    return "auto"


def load_settings(path: Path | None = None) -> tuple[Settings, list[str]]:
    """The settings to play with, and messages for the player.

    With ``path``, that file must be valid. Otherwise the player's own file is used:
    a wrong key or value falls back to its default with a message naming it, and the
    rest of the file is kept; a file that is not a YAML mapping at all is set aside
    (or, where it cannot be moved, ignored) and the shipped defaults are used.
    """
    if path is not None:
        return load_settings_file(path), []
    user = user_settings_path()
    remove_stale_temp_files(user)
    if not os.path.lexists(user):
        return shipped_defaults(), []
    try:
        data = read_yaml(user)
    except YamlFileError as e:
        return shipped_defaults(), [_put_aside(user, str(e))]
    try:
        settings, faults = parse_keeping_the_rest(data)
    except SettingsError as e:
        return shipped_defaults(), [_put_aside(user, f"{user}: {e}")]
    return settings, [f"{user}: {fault}" for fault in faults]


MAX_FAULTS = 10  # more, and the file is set aside as a whole


def parse_keeping_the_rest(data: Any) -> tuple[Settings, list[str]]:
    """Settings from ``data`` where each wrong key falls back to its default, with one
    message per key; SettingsError when the file as a whole is wrong."""
    faults: list[str] = []
    while True:
        try:
            return parse_settings(data), faults
        except SettingsError as e:
            smaller = _without(data, e.key) if e.key else None
            if smaller is None or len(faults) >= MAX_FAULTS:
                raise
            faults.append(_("{error}; this setting is ignored").format(error=e))
            data = smaller


def _without(data: Any, key: Key) -> Any:
    """A copy of ``data`` without what ``key`` names (a player's entry becomes ``{}``,
    keeping the seat); None if there is no such thing."""
    head, rest = key[0], key[1:]
    if isinstance(data, dict) and head in data:
        out = dict(data)
        if rest:
            out[head] = _without(data[head], rest)
            return None if out[head] is None else out
        del out[head]
        return out
    if isinstance(data, list) and isinstance(head, int) and 0 <= head < len(data):
        seats = list(data)
        seats[head] = _without(data[head], rest) if rest else {}
        return None if seats[head] is None else seats
    return None


def _put_aside(user: Path, error: str) -> str:
    try:
        moved = set_aside(user)
    except OSError as e:
        return _("{error}; it could not be moved aside ({why}), so it is ignored and the "
                 "defaults are used").format(error=error, why=e.strerror or type(e).__name__)
    return _("{error}; it was moved to {name} and the defaults are used").format(
        error=error, name=moved.name)


def shipped_defaults() -> Settings:
    """The shipped settings.yaml; where the game was installed without it (a plain
    ``pip install``), the same values from the code (a test keeps the two equal)."""
    path = default_settings_path()
    if path.exists():
        return load_settings_file(path)
    return parse_settings({})
