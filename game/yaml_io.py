"""The one safe way to read YAML: settings, scenario files, command-line values.

Input here comes from people and from other programs, so nothing in it may crash or
hang the game: the file is opened without blocking and must be a regular file of at
most ``cap`` bytes, it must be UTF-8, and the loader refuses what YAML allows but no
file of ours needs and what makes a small file huge or deep: aliases (``*name``; the
"billion laughs"), nesting deeper than ``MAX_DEPTH``, more than ``MAX_NODES`` values
(a 240 KB list took 6 s), duplicate keys (the later one would silently win) and
integers too large to print. Every fault is a YamlFileError
whose message is one line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import ConstructorError

from .engine.preview import preview
from .i18n import _
from .paths import FileReadError, read_capped

FILE_CAP = 256 * 1024  # bytes; settings and scenarios are a few KB
MAX_DEPTH = 24  # nested lists and mappings
MAX_NODES = 5000  # values in one document: pure-Python PyYAML reads ~15,000 a second
MAX_INT = 10**18


class YamlFileError(ValueError):
    """A file or value that cannot be read or is not YAML; the message is one line."""


class _Loader(yaml.SafeLoader):
    """SafeLoader without aliases, deep nesting, duplicate keys or huge integers."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0
        self._nodes = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            raise yaml.composer.ComposerError(
                None, None, _("aliases (*name) are not allowed"), event.start_mark)
        self._depth += 1
        self._nodes += 1
        try:
            if self._depth > MAX_DEPTH:
                raise yaml.composer.ComposerError(
                    None, None, _("nested more than {n} levels deep").format(n=MAX_DEPTH),
                    event.start_mark)
            if self._nodes > MAX_NODES:
                raise yaml.composer.ComposerError(
                    None, None, _("more than {n} values").format(n=MAX_NODES), event.start_mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_mapping(self, node: Any, deep: bool = False) -> dict[Any, Any]:
        mapping = super().construct_mapping(node, deep=deep)
        if len(mapping) < len(node.value):
            seen: set[Any] = set()
            for key_node, _value in node.value:
                key = self.construct_object(key_node, deep=deep)
                if key in seen:
                    raise ConstructorError(
                        None, None, _("duplicate key {key}").format(key=preview(key)),
                        key_node.start_mark)
                seen.add(key)
        return mapping

    def construct_yaml_int(self, node: Any) -> int:
        text = str(node.value)
        if len(text) > 40:  # before int() reads it: 5,000 digits is a ValueError
            raise ConstructorError(None, None, _("number too large"), node.start_mark)
        value = super().construct_yaml_int(node)
        if abs(value) > MAX_INT:
            raise ConstructorError(None, None, _("number too large"), node.start_mark)
        return value

    def construct_yaml_timestamp(self, node: Any, values: Any = None) -> Any:
        try:
            return super().construct_yaml_timestamp(node)
        except (ValueError, OverflowError):  # 2001-02-30 matches the pattern
            raise ConstructorError(None, None, _("not a valid date"), node.start_mark) from None


_Loader.add_constructor("tag:yaml.org,2002:int", _Loader.construct_yaml_int)
_Loader.add_constructor("tag:yaml.org,2002:timestamp", _Loader.construct_yaml_timestamp)


def load_yaml_text(text: str, source: str, cap: int = FILE_CAP) -> Any:
    """The value of a YAML text; YamlFileError names ``source``, the line and the fault."""
    if len(text) > cap:
        raise YamlFileError(_("{source}: too long (more than {cap} characters)").format(
            source=source, cap=cap))
    loader = None
    try:
        loader = _Loader(text)  # the reader refuses control characters here
        return loader.get_single_data()
    except yaml.YAMLError as e:
        raise YamlFileError(_describe(e, source, text)) from None
    except (ValueError, TypeError, OverflowError, RecursionError) as e:
        raise YamlFileError(_("{source}: not valid YAML ({problem})").format(
            source=source, problem=preview(str(e), 60))) from None
    finally:
        if loader is not None:
            loader.dispose()


def _describe(e: yaml.YAMLError, source: str, text: str) -> str:
    mark = getattr(e, "problem_mark", None)
    problem = getattr(e, "problem", None)
    line = mark.line + 1 if isinstance(mark, yaml.Mark) else None
    if isinstance(e, yaml.reader.ReaderError) and isinstance(e.character, int):
        line = text.count("\n", 0, e.position) + 1
        problem = _("character {char} is not allowed").format(char=f"U+{e.character:04X}")
    where = _(" at line {line}").format(line=line) if line is not None else ""
    message = _("{source}: not valid YAML{where}").format(source=source, where=where)
    if problem:
        message += ": " + " ".join(str(problem).split())[:80]
    return message


def read_yaml(path: Path, cap: int = FILE_CAP) -> Any:
    """The value of a YAML file of at most ``cap`` bytes; YamlFileError says why not."""
    try:
        data = read_capped(path, cap)
    except FileReadError as e:
        raise YamlFileError(str(e)) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise YamlFileError(_("{path}: not UTF-8 text (byte 0x{byte:02x} at line {line}); "
                              "save it as UTF-8").format(path=path, byte=data[e.start],
                                                         line=line)) from None
    return load_yaml_text(text, str(path), cap)
