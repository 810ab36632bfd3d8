"""``python -m game.scenario FILE``: play a hand-made deal and report it as JSON.

The format is fixed by docs/scenario-format.md: exit 0 when every expectation
holds, 1 when one fails, 2 (one line on stderr) when the file is invalid.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .engine import actions as A
from .engine.cards import (
    SUITS,
    CardError,
    card_str,
    deck_mask,
    iter_mask,
    parse_card,
    parse_suit,
    sort_key,
)
from .engine.cheat import cheat_of
from .engine.legal import check
from .engine.play import apply_in_place, from_deal, result_of
from .engine.preview import preview
from .engine.rules import Rules, RulesError
from .engine.state import State
from .refusals import english
from .scenario_expect import EXPECT_KEYS, BadExpectation, compare_expectations, normalize
from .yaml_io import YamlFileError, read_yaml


class InvalidScenario(ValueError):
    """The file cannot be played; the message names the key, move or card."""


@dataclass
class Scenario:
    rules: Rules
    hands: list[list[int]]
    talon: list[int]
    trump: int
    attacker: int | None
    moves: list[tuple[str, A.Action]]
    expect: dict[str, Any] = field(default_factory=dict)


VERB_CARDS = {  # verb: (fewest cards, most cards)
    "attack": (1, 52), "defend": (2, 2), "take": (0, 0), "pass": (0, 0),
    "transfer": (1, 52), "show": (1, 1), "exchange": (0, 0), "catch": (0, 0),
}


def load(path: Path) -> Scenario:
    try:
        return parse(read_yaml(path))
    except YamlFileError as e:
        raise InvalidScenario(str(e)) from None


def parse(data: Any) -> Scenario:
    if not isinstance(data, dict):
        raise InvalidScenario("the file must be a mapping with deal, moves and optional rules, "
                              "expect")
    unknown = [k for k in data if k not in ("rules", "deal", "moves", "expect")]
    if unknown:
        raise InvalidScenario(f"unknown top-level key {preview(unknown[0])} "
                              "(known keys: rules, deal, moves, expect)")
    try:
        rules = Rules.from_mapping(data.get("rules"))
    except RulesError as e:
        raise InvalidScenario(str(e)) from None
    if "deal" not in data:
        raise InvalidScenario("deal: missing (it needs at least hands)")
    hands, talon, trump, attacker = _deal(data["deal"], rules)
    moves = _moves(data.get("moves"), rules, len(hands))
    expect = data.get("expect") or {}
    if not isinstance(expect, dict):
        raise InvalidScenario("expect: must be a mapping")
    for key in expect:
        if key not in EXPECT_KEYS:
            raise InvalidScenario(f"expect: unknown key {preview(key)} (known keys: "
                                  f"{', '.join(EXPECT_KEYS)})")
    try:
        expect = normalize(expect)
    except BadExpectation as e:
        raise InvalidScenario(str(e)) from None
    return Scenario(rules, hands, talon, trump, attacker, moves, expect)


def _card(text: Any, where: str, deck: int, allowed: int) -> int:
    try:
        c = parse_card(text)
    except CardError:
        raise InvalidScenario(f"{where}: {preview(text)} is not a card") from None
    if not allowed >> c & 1:
        raise InvalidScenario(f"{where}: {card_str(c)} is not in the {deck}-card deck")
    return c


def _card_list(raw: Any, where: str, rules: Rules, seen: dict[int, str]) -> list[int]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise InvalidScenario(f"{where}: must be a list of cards")
    allowed = deck_mask(rules.deck)
    cards = []
    for i, text in enumerate(raw):
        c = _card(text, f"{where}[{i}]", rules.deck, allowed)
        if c in seen:
            raise InvalidScenario(f"{where}[{i}]: duplicate card {card_str(c)} "
                                  f"(also in {seen[c]})")
        seen[c] = f"{where}[{i}]"
        cards.append(c)
    return cards


def _deal(raw: Any, rules: Rules) -> tuple[list[list[int]], list[int], int, int | None]:
    if not isinstance(raw, dict):
        raise InvalidScenario("deal: must be a mapping with hands, talon, trump, attacker")
    for key in raw:
        if key not in ("hands", "talon", "trump", "attacker"):
            raise InvalidScenario(f"deal: unknown key {preview(key)} "
                                  "(known keys: hands, talon, trump, attacker)")
    hands_raw = raw.get("hands")
    if not isinstance(hands_raw, list) or not 2 <= len(hands_raw) <= 6:
        raise InvalidScenario("deal.hands: must be a list of 2 to 6 hands")
    try:
        rules.check_players(len(hands_raw))
    except RulesError as e:
        raise InvalidScenario(str(e)) from None
    seen: dict[int, str] = {}
    hands = [_card_list(h, f"deal.hands[{i}]", rules, seen) for i, h in enumerate(hands_raw)]
    talon = _card_list(raw.get("talon"), "deal.talon", rules, seen)
    trump = _trump(raw.get("trump"), talon, rules.second_trump)
    attacker = raw.get("attacker")
    if attacker is not None and (type(attacker) is not int
                                 or not 0 <= attacker < len(hands)):
        raise InvalidScenario(f"deal.attacker: {preview(attacker)} is not a seat "
                              f"(0..{len(hands) - 1})")
    return hands, talon, trump, attacker


def _trump(raw: Any, talon: list[int], second: bool) -> int:
    """The trump suit: of the face-up card, the talon's last (with ``second``, the
    last but one: the last lies face down under it)."""
    face_up = talon[-2] if second and len(talon) >= 2 else None if second else (
        talon[-1] if talon else None)
    if raw is None:
        if face_up is None:
            raise InvalidScenario("deal.trump: required when the talon is empty" if not talon
                                  else "deal.trump: required when the talon has fewer than "
                                  "two cards with second_trump")
        return face_up // 13
    try:
        suit = parse_suit(raw)
    except CardError:
        raise InvalidScenario(
            f"deal.trump: {preview(raw)} is not a suit (one of S H D C)") from None
    if face_up is not None and face_up // 13 != suit:
        raise InvalidScenario(f"deal.trump: {SUITS[suit]} does not match the face-up card "
                              f"{card_str(face_up)}")
    return suit


def _moves(raw: Any, rules: Rules, players: int) -> list[tuple[str, A.Action]]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise InvalidScenario("moves: must be a list of move strings")
    return [(str(m), parse_move(m, f"moves[{i}]", rules, players)) for i, m in enumerate(raw)]


def parse_move(text: Any, where: str, rules: Rules, players: int) -> A.Action:
    """Read ``SEAT VERB [CARDS...]``; InvalidScenario if it cannot be read at all."""
    if not isinstance(text, str):
        raise InvalidScenario(f"{where}: {preview(text)} is not a move string "
                              "'SEAT VERB [CARDS...]'")
    words = text.split()
    if len(words) < 2:
        raise InvalidScenario(f"{where}: {preview(text)} is not a move 'SEAT VERB [CARDS...]'")
    seat_text, verb, card_texts = words[0], words[1].lower(), words[2:]
    # ASCII digits only: str.isdigit also accepts "²" (which int() refuses) and "١" (read as 1)
    seat_ok = seat_text.isascii() and seat_text.isdigit() and len(seat_text) <= 2
    if not seat_ok or not 0 <= int(seat_text) < players:
        raise InvalidScenario(f"{where}: {preview(seat_text)} is not a seat (0..{players - 1})")
    if verb not in VERB_CARDS:
        raise InvalidScenario(f"{where}: unknown verb {preview(verb)} "
                              f"(known: {', '.join(VERB_CARDS)})")
    low, high = VERB_CARDS[verb]
    if not low <= len(card_texts) <= high:
        wanted = str(low) if low == high else f"at least {low}"
        raise InvalidScenario(f"{where}: '{verb}' takes {wanted} card(s), "
                              f"got {len(card_texts)}")
    allowed = deck_mask(rules.deck)
    cards = tuple(_card(t, where, rules.deck, allowed) for t in card_texts)
    seat = int(seat_text)
    makers: dict[str, Callable[[], A.Action]] = {
        "attack": lambda: A.Attack(seat, cards),
        "defend": lambda: A.Defend(seat, cards[0], cards[1]),
        "take": lambda: A.Take(seat),
        "pass": lambda: A.Pass(seat),
        "transfer": lambda: A.Transfer(seat, cards),
        "show": lambda: A.Show(seat, cards[0]),
        "exchange": lambda: A.Exchange(seat),
        "catch": lambda: A.Catch(seat),
    }
    return makers[verb]()


def run(sc: Scenario) -> dict[str, Any]:
    """Play the scenario; return the JSON report (moves, state, failures)."""
    try:
        state, _ = from_deal(sc.rules, sc.hands, sc.talon, sc.trump, sc.attacker)
    except RulesError as e:
        raise InvalidScenario(str(e)) from None
    report_moves = []
    for index, (text, action) in enumerate(sc.moves):
        reason = check(state, action)
        broken = cheat_of(state, action) if reason is not None else None
        entry: dict[str, Any] = {"index": index, "move": text,
                                 "ok": reason is None or broken is not None}
        if broken is not None:
            entry["cheat"] = english(broken)
        elif reason is not None:
            entry["reason"] = english(reason)
        if entry["ok"]:
            apply_in_place(state, action)
        report_moves.append(entry)
    out_state = state_json(state)
    failures = compare_expectations(sc.expect, report_moves, out_state)
    return {"moves": report_moves, "state": out_state, "failures": failures}


def state_json(s: State) -> dict[str, Any]:
    def cards(m: int) -> list[str]:
        return [card_str(c) for c in sorted(iter_mask(m), key=lambda c: sort_key(c, s.trump))]

    over = s.finished
    return {
        "trump": SUITS[s.trump],
        "talon": [card_str(c) for c in reversed(s.talon)],
        "discard": s.discard_count,
        "hands": [cards(h) for h in s.hands],
        "table": [[card_str(a), card_str(c) if c >= 0 else None]
                  for a, c in zip(s.attacks, s.covers, strict=True)],
        "attacker": None if over else s.attacker,
        "defender": None if over else s.defender,
        "out": list(s.out),
        "finished": over,
        "result": result_of(s),
        "cheat": None if s.cheat is None else {
            "seat": s.cheat.seat, "cards": [card_str(c) for c in s.cheat.cards]},
    }


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m game.scenario FILE.yaml", file=sys.stderr)
        return 2
    try:
        report = run(load(Path(args[0])))
    except InvalidScenario as e:
        line = " ".join(str(e).split())
        print(line, file=sys.stderr)
        print(json.dumps({"error": line}))
        return 2
    print(json.dumps(report, ensure_ascii=False))
    return 1 if report["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
