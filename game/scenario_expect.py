"""The ``expect:`` block of a scenario: checked against the JSON report."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .engine.cards import SUITS, CardError, card_str, parse_card, parse_suit
from .engine.preview import preview


class BadExpectation(ValueError):
    """An expectation that cannot be read; the message names the key."""


def _card(text: Any, where: str) -> str:
    try:
        return card_str(parse_card(text)) if isinstance(text, str) else _not_card(text, where)
    except CardError:
        return _not_card(text, where)


def _not_card(text: Any, where: str) -> str:
    raise BadExpectation(f"expect.{where}: {preview(text)} is not a card")


def _list(raw: Any, where: str) -> list[Any]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise BadExpectation(f"expect.{where}: {preview(raw)} is not a list")
    return raw


def _int(raw: Any, where: str, nullable: bool = False) -> int | None:
    if raw is None and nullable:
        return None
    if isinstance(raw, bool) or not isinstance(raw, int):
        wanted = "a whole number or null" if nullable else "a whole number"
        raise BadExpectation(f"expect.{where}: {preview(raw)} is not {wanted}")
    return raw


def _seat(raw: Any, where: str) -> int:
    """A seat number: an int or a string of ASCII digits (YAML keys may be either)."""
    if isinstance(raw, str) and raw.isascii() and raw.isdigit() and len(raw) <= 2:
        return int(raw)
    if type(raw) is int and 0 <= raw < 100:
        return raw
    raise BadExpectation(f"expect.{where}: {preview(raw)} is not a seat")


def _seat_map(raw: Any, where: str) -> dict[int, Any]:
    if isinstance(raw, list):
        return dict(enumerate(raw))
    if not isinstance(raw, dict):
        raise BadExpectation(f"expect.{where}: must be a mapping of seat to value")
    return {_seat(k, where): v for k, v in raw.items()}


def _hands(raw: Any, key: str) -> dict[int, list[str]]:
    return {seat: sorted(_card(c, f"{key}[{seat}]") for c in _list(cards, f"{key}[{seat}]"))
            for seat, cards in _seat_map(raw, key).items()}


def _hand_sizes(raw: Any, key: str) -> dict[int, int | None]:
    return {seat: _int(n, f"{key}[{seat}]") for seat, n in _seat_map(raw, key).items()}


def _result(raw: Any, key: str) -> dict[str, Any] | None:
    if raw is None:
        return None
    if isinstance(raw, dict) and len(raw) == 1:
        (name, value), = raw.items()
        if name == "loser":
            return {"loser": _int(value, f"{key}.loser")}
        if name == "draw" and value is True:
            return {"draw": True}
        if name == "losing_team":
            return {"losing_team": sorted(_seat(s, f"{key}.losing_team")
                                          for s in _list(value, f"{key}.losing_team"))}
    raise BadExpectation(f"expect.{key}: {preview(raw)} is not a result (null, {{loser: SEAT}}, "
                         "{draw: true} or {losing_team: [SEATS]})")


def _trump(raw: Any, key: str) -> str:
    try:
        return SUITS[parse_suit(raw)] if isinstance(raw, str) else _not_suit(raw, key)
    except CardError:
        return _not_suit(raw, key)


def _not_suit(raw: Any, key: str) -> str:
    raise BadExpectation(f"expect.{key}: {preview(raw)} is not a suit")


_NORMALIZE: dict[str, Callable[[Any, str], Any]] = {
    "illegal": lambda raw, key: [_int(i, f"{key}[{n}]") for n, i in enumerate(_list(raw, key))],
    "cheats": lambda raw, key: [_int(i, f"{key}[{n}]") for n, i in enumerate(_list(raw, key))],
    "hands": _hands,
    "hand_sizes": _hand_sizes,
    "talon": lambda raw, key: [_card(c, key) for c in _list(raw, key)],
    "talon_size": _int,
    "discard": _int,
    "table": lambda raw, key: [_table_pair(p) for p in _list(raw, key)],
    "attacker": lambda raw, key: _int(raw, key, nullable=True),
    "defender": lambda raw, key: _int(raw, key, nullable=True),
    "out": lambda raw, key: [_seat(s, f"{key}[{n}]") for n, s in enumerate(_list(raw, key))],
    "result": _result,
    "trump": _trump,
}
EXPECT_KEYS = tuple(_NORMALIZE)


def normalize(expect: dict[str, Any]) -> dict[str, Any]:
    """Cards written the canonical way, seats as ints; BadExpectation if a value is not
    of the kind its key takes."""
    return {key: _NORMALIZE[key](raw, key) for key, raw in expect.items()}


def _table_pair(raw: Any) -> list[str | None]:
    pair = raw.split() if isinstance(raw, str) else raw
    if not isinstance(pair, list) or not 1 <= len(pair) <= 2:
        raise BadExpectation(f"expect.table: {preview(raw)} is not [attack, cover or null]")
    attack = _card(pair[0], "table")
    cover = _card(pair[1], "table") if len(pair) == 2 and pair[1] is not None else None
    return [attack, cover]


def compare_expectations(expect: dict[str, Any], moves: list[dict[str, Any]],
                         state: dict[str, Any]) -> list[str]:
    """One line per expectation that does not hold."""
    failures: list[str] = []
    for key, want in expect.items():
        if key == "illegal":
            failures.extend(_check_illegal(want or [], moves))
        elif key == "cheats":
            failures.extend(_check_cheats(want or [], moves))
        elif key == "hands":
            for seat, cards in want.items():
                got = sorted(state["hands"][seat]) if seat < len(state["hands"]) else None
                if got != cards:
                    failures.append(f"hands[{seat}]: expected {cards}, got {got}")
        elif key == "hand_sizes":
            for seat, size in want.items():
                n = len(state["hands"][seat]) if seat < len(state["hands"]) else None
                if n != size:
                    failures.append(f"hand_sizes[{seat}]: expected {size}, got {n}")
        elif key == "talon_size":
            if len(state["talon"]) != want:
                failures.append(f"talon_size: expected {want}, got {len(state['talon'])}")
        else:
            value = state[key]
            if key == "result" and isinstance(value, dict) and "losing_team" in value:
                value = {"losing_team": sorted(value["losing_team"])}
            if value != want:
                failures.append(f"{key}: expected {_show(want)}, got {_show(value)}")
    return failures


def _check_illegal(indices: list[int], moves: list[dict[str, Any]]) -> list[str]:
    failures = []
    wanted = set(indices)
    for m in moves:
        if m["index"] in wanted and m["ok"]:
            failures.append(f"illegal: move {m['index']} '{m['move']}' was accepted")
        elif m["index"] not in wanted and not m["ok"]:
            failures.append(f"illegal: move {m['index']} '{m['move']}' was rejected: "
                            f"{m['reason']}")
    for i in sorted(wanted - {m["index"] for m in moves}):
        failures.append(f"illegal: there is no move {i}")
    return failures


def _check_cheats(indices: list[int], moves: list[dict[str, Any]]) -> list[str]:
    """The moves listed were accepted as cheats, and no other move was."""
    failures = []
    wanted = set(indices)
    for m in moves:
        if m["index"] in wanted and "cheat" not in m:
            how = f"rejected: {m['reason']}" if not m["ok"] else "accepted as a fair move"
            failures.append(f"cheats: move {m['index']} '{m['move']}' was {how}")
        elif m["index"] not in wanted and "cheat" in m:
            failures.append(f"cheats: move {m['index']} '{m['move']}' was accepted as a cheat: "
                            f"{m['cheat']}")
    for i in sorted(wanted - {m["index"] for m in moves}):
        failures.append(f"cheats: there is no move {i}")
    return failures


def _show(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)
