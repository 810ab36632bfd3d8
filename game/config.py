"""settings.yaml: read, validated into frozen values, with one clear message per fault."""

from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import yaml

from .engine.rules import Rules, RulesError
from .paths import default_settings_path, set_aside, user_settings_path

LEVELS = ("random", "easy", "normal", "hard", "expert")
SEARCH_LEVELS = ("hard", "expert")


class SettingsError(ValueError):
    """A settings file that cannot be used; the message names the key."""


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    name: str
    kind: str = "computer"  # "human" or "computer"
    level: str = "normal"
    think_ms: int | None = None  # search levels only; None: the level's default

    @property
    def human(self) -> bool:
        return self.kind == "human"


@dataclass(frozen=True, slots=True)
class UiSettings:
    width: int = 1280
    height: int = 720
    fullscreen: bool = False
    animation_speed: float = 1.0
    computer_delay_ms: int = 600
    highlight_playable: bool = True
    language: str = "en"


@dataclass(frozen=True, slots=True)
class Settings:
    rules: Rules
    players: tuple[PlayerSpec, ...]
    ui: UiSettings

    def check(self) -> None:
        """Raise SettingsError if the rules cannot seat these players."""
        try:
            self.rules.check_players(len(self.players))
        except RulesError as e:
            raise SettingsError(str(e)) from None


DEFAULT_PLAYERS = (
    PlayerSpec("You", "human"),
    PlayerSpec("Anna", "computer", "normal"),
)

_UI_RANGES: dict[str, tuple[Any, ...]] = {
    "width": (int, 640, 7680),
    "height": (int, 360, 4320),
    "fullscreen": (bool,),
    "animation_speed": (float, 0.25, 4.0),
    "computer_delay_ms": (int, 0, 5000),
    "highlight_playable": (bool,),
    "language": (str, "en", "ru"),
}


def parse_settings(data: Any) -> Settings:
    """Validate a plain mapping (as YAML gives it) into Settings."""
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise SettingsError("settings: the file must be a mapping with rules, players, ui")
    unknown = set(data) - {"rules", "players", "ui"}
    if unknown:
        raise SettingsError(
            f"settings: unknown key '{sorted(unknown)[0]}' (known keys: rules, players, ui)"
        )
    try:
        rules = Rules.from_mapping(data.get("rules"))
    except RulesError as e:
        raise SettingsError(str(e)) from None
    players = _players(data.get("players"))
    settings = Settings(rules, players, _ui(data.get("ui")))
    settings.check()
    return settings


def _players(raw: Any) -> tuple[PlayerSpec, ...]:
    if raw is None:
        return DEFAULT_PLAYERS
    if not isinstance(raw, list) or not 2 <= len(raw) <= 6:
        raise SettingsError("players: must be a list of 2 to 6 players")
    return tuple(_player(i, p) for i, p in enumerate(raw))


def _player(i: int, raw: Any) -> PlayerSpec:
    where = f"players[{i}]"
    if not isinstance(raw, dict):
        raise SettingsError(f"{where}: must be a mapping with name, type, level")
    unknown = set(raw) - {"name", "type", "level", "think_ms"}
    if unknown:
        raise SettingsError(
            f"{where}: unknown key '{sorted(unknown)[0]}' (known keys: name, type, level, think_ms)"
        )
    name = raw.get("name", f"Player {i + 1}")
    if not isinstance(name, str) or not name.strip() or len(name) > 20:
        raise SettingsError(f"{where}.name: must be text of 1 to 20 characters")
    kind = raw.get("type", "computer")
    if kind not in ("human", "computer"):
        raise SettingsError(f"{where}.type: '{kind}' is not allowed (allowed: human, computer)")
    level = raw.get("level", "normal")
    if level not in LEVELS:
        raise SettingsError(
            f"{where}.level: '{level}' is not allowed (allowed: {', '.join(LEVELS)})"
        )
    think = raw.get("think_ms")
    if think is not None and (isinstance(think, bool) or not isinstance(think, int)
                              or not 10 <= think <= 10000):
        raise SettingsError(f"{where}.think_ms: {think} is not allowed (allowed: 10..10000)")
    return PlayerSpec(name.strip(), kind, level, think)


def _ui(raw: Any) -> UiSettings:
    if raw is None:
        return UiSettings()
    if not isinstance(raw, dict):
        raise SettingsError("ui: must be a mapping")
    values = {}
    for key, value in raw.items():
        spec = _UI_RANGES.get(key)
        if spec is None:
            known = ", ".join(f.name for f in fields(UiSettings))
            raise SettingsError(f"ui: unknown key '{key}' (known keys: {known})")
        values[key] = _ui_value(key, value, spec)
    return UiSettings(**values)


def _ui_value(key: str, value: Any, spec: tuple[Any, ...]) -> Any:
    kind = spec[0]
    if kind is bool:
        if not isinstance(value, bool):
            raise SettingsError(f"ui.{key}: {value!r} is not allowed (allowed: true, false)")
        return value
    if kind is str:
        if value not in spec[1:]:
            raise SettingsError(
                f"ui.{key}: {value!r} is not allowed (allowed: {', '.join(spec[1:])})"
            )
        return value
    low, high = spec[1], spec[2]
    ok_type = (int, float) if kind is float else (int,)
    if isinstance(value, bool) or not isinstance(value, ok_type) or not low <= value <= high:
        raise SettingsError(f"ui.{key}: {value!r} is not allowed (allowed: {low}..{high})")
    return kind(value)


class YamlFileError(ValueError):
    """A file that cannot be read or is not YAML; the message is one line."""


def read_yaml(path: Path) -> Any:
    """``yaml.safe_load`` a file; YamlFileError says why it could not."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise YamlFileError(f"{path}: cannot be read ({e.strerror})") from None
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark else ""
        raise YamlFileError(f"{path}: not valid YAML{where}") from None


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


def load_settings(path: Path | None = None) -> tuple[Settings, list[str]]:
    """The settings to play with, and messages for the player.

    With ``path``, that file must be valid. Otherwise the player's own file is
    used when it is valid; a broken one is set aside and the shipped defaults
    are used, with a message saying so.
    """
    if path is not None:
        return load_settings_file(path), []
    messages: list[str] = []
    user = user_settings_path()
    if user.exists():
        try:
            return load_settings_file(user), messages
        except SettingsError as e:
            moved = set_aside(user)
            messages.append(f"{e}; it was moved to {moved.name} and the defaults are used")
    return shipped_defaults(), messages


def shipped_defaults() -> Settings:
    """The shipped settings.yaml; where the game was installed without it (a plain
    ``pip install``), the same values from the code (a test keeps the two equal)."""
    path = default_settings_path()
    if path.exists():
        return load_settings_file(path)
    return parse_settings({})
