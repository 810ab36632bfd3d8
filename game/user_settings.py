"""Choices made on screen, written back to the player's own settings.yaml.

The file is rewritten line by line from a template (the player's own file if it is
readable, else the shipped one): comments and layout stay, only values change, a
key still at its variant's default stays commented out, and a key the template
lacks is added at the end of its section. The result is read back before it is
written, so a file that would not give the same settings is never written.
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Iterable
from dataclasses import fields
from pathlib import Path
from typing import Any

import yaml

from .config import (
    Settings,
    SettingsError,
    UiSettings,
    parse_keeping_the_rest,
    parse_settings,
    shipped_defaults,
)
from .engine.rules import Rules, variant_defaults
from .i18n import _
from .paths import atomic_write, default_settings_path, read_capped, user_settings_path
from .yaml_io import YamlFileError, read_yaml

SECTIONS = ("rules", "players", "series", "ui")
TEMPLATE_CAP = 1 << 20
_TOP = re.compile(r"^([A-Za-z_]\w*):\s*(#.*)?$")
_VALUE = re.compile(r"^(\s+)([A-Za-z_]\w*):(\s*)(.*?)(\s+#.*)?$")
_COMMENTED = re.compile(r"^(\s+)#\s*([A-Za-z_]\w*):\s*(\S+)\s*$")
_SEAT = re.compile(r"^\s+-")
_RULE_DEFAULTS = {f.name: f.default for f in fields(Rules)}


def settings_data(settings: Settings) -> dict[str, Any]:
    """The settings as the mapping a file holds; keys at the variant's own default
    (hand size, first attacker) are left out so that a later change of variant
    brings its defaults with it."""
    rules = settings.rules.to_mapping()
    for key in ("hand_size", "first_attacker"):
        if rules[key] == variant_defaults(settings.rules.variant).get(key, _RULE_DEFAULTS[key]):
            del rules[key]
    players = []
    for p in settings.players:
        seat: dict[str, Any] = {"name": p.name, "type": p.kind}
        if not p.human:
            seat["level"] = p.level
            if p.think_ms is not None:
                seat["think_ms"] = p.think_ms
        players.append(seat)
    ui = {f.name: getattr(settings.ui, f.name) for f in fields(settings.ui)}
    series = {"system": settings.series.system, "target": settings.series.target}
    return {"rules": rules, "players": players, "series": series, "ui": ui}


def flow(value: Any) -> str:
    """One YAML value on one line: ``null``, ``true``, ``[[0, 2], [1, 3]]``, a quoted name."""
    text = yaml.safe_dump([value], default_flow_style=True, allow_unicode=True,
                          sort_keys=False, width=1 << 16)
    return text.strip()[1:-1]


def render(settings: Settings, template: str) -> str:
    """``template`` with the values of ``settings``; see the module's description."""
    data = settings_data(settings)
    out: list[str] = []
    seen: set[str] = set()
    for name, lines in _sections(template.splitlines()):
        if name in SECTIONS:
            seen.add(name)
            body = data[name]
            lines = _players(lines, body) if name == "players" else _values(lines, body)
        out.extend(lines)
    for name in SECTIONS:
        if name not in seen:
            out.extend(["", f"{name}:"])
            out.extend(_values([], data[name]) if name != "players" else _players([], data[name]))
    return "\n".join(out) + "\n"


def _sections(lines: list[str]) -> Iterable[tuple[str | None, list[str]]]:
    """The template cut at its top-level keys: (key or None for the head, lines)."""
    name: str | None = None
    block: list[str] = []
    for line in lines:
        top = _TOP.match(line)
        if top:
            yield name, block
            name, block = top.group(1), []
        block.append(line)
    yield name, block


def _values(lines: list[str], values: dict[str, Any]) -> list[str]:
    out, done = [], set()
    for line in lines:
        plain, commented = _VALUE.match(line), _COMMENTED.match(line)
        if plain and plain.group(2) in values and not plain.group(4).startswith("#"):
            indent, key, gap, _old, comment = plain.groups()
            text = flow(values[key])
            if comment:
                width = len(key) + 1 + len(gap) + len(plain.group(4))
                text = text.ljust(width - len(key) - 1 - len(gap))
            line = f"{indent}{key}:{gap or ' '}{text}{comment or ''}"
            done.add(key)
        elif commented and commented.group(2) in values:
            line = f"{commented.group(1)}{commented.group(2)}: {flow(values[commented.group(2)])}"
            done.add(commented.group(2))
        out.append(line)
    missing = [f"  {key}: {flow(value)}" for key, value in values.items() if key not in done]
    return _before_trailing_blanks(out, missing)


def _players(lines: list[str], seats: list[dict[str, Any]]) -> list[str]:
    entries = [f"  - {flow(seat)}" for seat in seats]
    out = [line for line in lines if not _SEAT.match(line)]
    first = next((i for i, line in enumerate(lines) if _SEAT.match(line)), None)
    if first is None:
        return _before_trailing_blanks(out, entries)
    at = sum(1 for line in lines[:first] if not _SEAT.match(line))
    return out[:at] + entries + out[at:]


def _before_trailing_blanks(lines: list[str], extra: list[str]) -> list[str]:
    end = len(lines)
    while end > 1 and not lines[end - 1].strip():
        end -= 1
    return lines[:end] + extra + lines[end:]


def _read_template(path: Path) -> str | None:
    try:
        return read_capped(path, TEMPLATE_CAP).decode("utf-8")
    except (OSError, UnicodeDecodeError, ValueError):
        return None


def _same(text: str, settings: Settings) -> bool:
    try:
        return parse_settings(yaml.safe_load(text)) == settings
    except (yaml.YAMLError, SettingsError, RecursionError):
        return False


def file_text(settings: Settings, user: Path) -> str:
    """What to write: from the player's file, else the shipped one, else plain YAML."""
    for template in (_read_template(user), _read_template(default_settings_path())):
        if template is not None:
            text = render(settings, template)
            if _same(text, settings):
                return text
    head = _("# Durak settings, as chosen in the game.")
    return head + "\n" + yaml.safe_dump(settings_data(settings), allow_unicode=True,
                                        sort_keys=False)


def remember(settings: Settings, path: Path | None = None) -> str | None:
    """Write ``settings`` to the player's settings.yaml atomically; None, or one line
    saying why it could not be written (the game goes on with them in memory)."""
    user = path or user_settings_path()
    try:
        atomic_write(user, file_text(settings, user))
    except OSError as e:
        return _("Your settings could not be saved to {path}: {why}").format(
            path=user, why=e.strerror or type(e).__name__)
    return None


def remember_ui(ui: UiSettings, path: Path | None = None) -> str | None:
    """Write the ``ui:`` section as ``ui`` says, the rest as the player's file holds it
    now (the New game screen may have written it since the game started); as
    ``remember``. A key of the file that is wrong takes its default."""
    user = path or user_settings_path()
    return remember(dataclasses.replace(_on_file(user), ui=ui), user)


def _on_file(user: Path) -> Settings:
    """The settings the player's file holds, each wrong key at its default; the
    shipped ones when there is no file or it is not a mapping at all."""
    if not os.path.lexists(user):
        return shipped_defaults()
    try:
        return parse_keeping_the_rest(read_yaml(user))[0]
    except (YamlFileError, SettingsError):
        return shipped_defaults()
