"""The ``expect:`` block of a scenario: checked against the JSON report."""

from __future__ import annotations

import json
from typing import Any

from .engine.cards import SUITS, CardError, card_str, parse_card, parse_suit

EXPECT_KEYS = ("illegal", "hands", "hand_sizes", "talon", "talon_size", "discard", "table",
               "attacker", "defender", "out", "result", "trump")


class BadExpectation(ValueError):
    """An expectation that cannot be read; the message names the key."""


def _card(text: Any, where: str) -> str:
    try:
        return card_str(parse_card(text))
    except CardError:
        raise BadExpectation(f"expect.{where}: '{text}' is not a card") from None


def _seat_map(raw: Any, where: str) -> dict[int, Any]:
    if isinstance(raw, list):
        return dict(enumerate(raw))
    if not isinstance(raw, dict):
        raise BadExpectation(f"expect.{where}: must be a mapping of seat to value")
    out = {}
    for k, v in raw.items():
        try:
            out[int(k)] = v
        except (TypeError, ValueError):
            raise BadExpectation(f"expect.{where}: '{k}' is not a seat") from None
    return out


def normalize(expect: dict[str, Any]) -> dict[str, Any]:
    """Cards written the canonical way, seats as ints; BadExpectation if unreadable."""
    out: dict[str, Any] = {}
    for key, raw in expect.items():
        if key == "hands":
            out[key] = {seat: sorted(_card(c, f"hands[{seat}]") for c in (cards or []))
                        for seat, cards in _seat_map(raw, key).items()}
        elif key == "hand_sizes":
            out[key] = _seat_map(raw, key)
        elif key == "talon":
            out[key] = [_card(c, "talon") for c in (raw or [])]
        elif key == "table":
            out[key] = [_table_pair(p) for p in (raw or [])]
        elif key == "trump":
            try:
                out[key] = SUITS[parse_suit(raw)]
            except CardError:
                raise BadExpectation(f"expect.trump: '{raw}' is not a suit") from None
        elif key == "result" and isinstance(raw, dict) and "losing_team" in raw:
            out[key] = {"losing_team": sorted(raw["losing_team"])}
        else:
            out[key] = raw
    return out


def _table_pair(raw: Any) -> list[str | None]:
    pair = raw.split() if isinstance(raw, str) else list(raw)
    if not 1 <= len(pair) <= 2:
        raise BadExpectation(f"expect.table: {raw!r} is not [attack, cover or null]")
    attack = _card(pair[0], "table")
    cover = _card(pair[1], "table") if len(pair) == 2 and pair[1] is not None else None
    return [attack, cover]


def compare_expectations(expect: dict[str, Any], moves: list[dict], state: dict) -> list[str]:
    """One line per expectation that does not hold."""
    failures: list[str] = []
    for key, want in expect.items():
        if key == "illegal":
            failures.extend(_check_illegal(want or [], moves))
        elif key == "hands":
            for seat, cards in want.items():
                got = sorted(state["hands"][seat]) if seat < len(state["hands"]) else None
                if got != cards:
                    failures.append(f"hands[{seat}]: expected {cards}, got {got}")
        elif key == "hand_sizes":
            for seat, size in want.items():
                got = len(state["hands"][seat]) if seat < len(state["hands"]) else None
                if got != size:
                    failures.append(f"hand_sizes[{seat}]: expected {size}, got {got}")
        elif key == "talon_size":
            if len(state["talon"]) != want:
                failures.append(f"talon_size: expected {want}, got {len(state['talon'])}")
        else:
            got = state[key]
            if key == "result" and isinstance(got, dict) and "losing_team" in got:
                got = {"losing_team": sorted(got["losing_team"])}
            if got != want:
                failures.append(f"{key}: expected {_show(want)}, got {_show(got)}")
    return failures


def _check_illegal(indices: list[int], moves: list[dict]) -> list[str]:
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


def _show(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)
