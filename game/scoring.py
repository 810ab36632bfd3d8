"""``python -m game.scoring FILE``: score a series of finished games, print JSON.

The format is fixed by docs/scenario-format.md ("Scoring files"): exit 0 with
the standings on stdout, or 2 with one line on stderr when the file is invalid
(stdout then holds ``{"error": "the same line"}``, as for scenario files).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from .engine.cards import CardError, card_str, parse_card, parse_suit
from .engine.preview import preview
from .engine.scoring import SYSTEMS, GameRecord, ScoringError, Standings, standings
from .yaml_io import YamlFileError, read_yaml

TOP_KEYS = ("system", "target", "players", "games")
GAME_KEYS = ("places", "fool", "fool_hand", "trump")


def load(path: Path) -> Standings:
    try:
        data = read_yaml(path)
    except YamlFileError as e:
        raise ScoringError(str(e)) from None
    except (ValueError, RecursionError, MemoryError) as e:  # e.g. bytes that are not UTF-8
        raise ScoringError(f"{path}: cannot be read ({type(e).__name__})") from None
    return score(data)


def score(data: Any) -> Standings:
    """Validate a parsed scoring file and fold its games; ScoringError if invalid."""
    if not isinstance(data, dict):
        raise ScoringError("the file must be a mapping with system, players, games "
                           "and optional target")
    for key in data:
        if key not in TOP_KEYS:
            raise ScoringError(f"unknown top-level key '{key}' (known keys: "
                               f"{', '.join(TOP_KEYS)})")
    if "system" not in data:
        raise ScoringError(f"system: missing (one of {', '.join(SYSTEMS)})")
    system = data["system"]
    if not isinstance(system, str) or system not in SYSTEMS:
        raise ScoringError(f"system: {preview(system)} is not a system "
                           f"(one of {', '.join(SYSTEMS)})")
    if "players" not in data:
        raise ScoringError("players: missing (the number of seats, 2 to 6)")
    players = _int(data["players"], "players")
    target = data.get("target")
    if target is not None:
        target = _int(target, "target")
    raw_games = data.get("games")
    if raw_games is None:
        raw_games = []
    if not isinstance(raw_games, list):
        raise ScoringError("games: must be a list of games")
    games = [_game(g, f"games[{i}]") for i, g in enumerate(raw_games)]
    return standings(system, players, games, target)


def _game(raw: Any, where: str) -> GameRecord:
    if not isinstance(raw, dict):
        raise ScoringError(f"{where}: must be a mapping with places, fool and, "
                           "for advanced, fool_hand and trump")
    for key in raw:
        if key not in GAME_KEYS:
            raise ScoringError(f"{where}: unknown key '{key}' (known keys: "
                               f"{', '.join(GAME_KEYS)})")
    if "places" not in raw:
        raise ScoringError(f"{where}.places: missing")
    if "fool" not in raw:
        raise ScoringError(f"{where}.fool: missing (a seat, or null for a draw)")
    places = _places(raw["places"], f"{where}.places")
    fool = raw["fool"]
    if fool is not None:
        fool = _int(fool, f"{where}.fool")
    hand = _hand(raw.get("fool_hand"), f"{where}.fool_hand")
    trump = raw.get("trump")
    if trump is not None:
        trump = _suit(trump, f"{where}.trump")
    return GameRecord(places, fool, hand, trump)


def _places(raw: Any, where: str) -> tuple[tuple[int, ...], ...]:
    if not isinstance(raw, list) or not raw:
        raise ScoringError(f"{where}: must be a non-empty list of groups of seats")
    groups = []
    for i, group in enumerate(raw):
        if not isinstance(group, list) or not group:
            raise ScoringError(f"{where}[{i}]: must be a non-empty list of seats")
        groups.append(tuple(_int(s, f"{where}[{i}]") for s in group))
    return tuple(groups)


def _hand(raw: Any, where: str) -> tuple[int, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise ScoringError(f"{where}: must be a list of cards")
    cards = []
    for i, text in enumerate(raw):
        if not isinstance(text, str | int) or isinstance(text, bool):
            raise ScoringError(f"{where}[{i}]: {preview(text)} is not a card")
        try:
            c = parse_card(str(text))  # a number is read as its digits (never a card)
        except CardError:
            raise ScoringError(f"{where}[{i}]: {preview(text)} is not a card") from None
        if c in cards:
            raise ScoringError(f"{where}[{i}]: {card_str(c)} appears twice")
        cards.append(c)
    return tuple(cards)


def _suit(raw: Any, where: str) -> int:
    try:
        if not isinstance(raw, str):
            raise CardError(raw)
        return parse_suit(raw)
    except CardError:
        raise ScoringError(f"{where}: {preview(raw)} is not a suit (one of S H D C)") from None


def _int(raw: Any, where: str) -> int:
    if type(raw) is not int:  # YAML true/false are bools, and bools are ints
        raise ScoringError(f"{where}: {preview(raw)} is not a whole number")
    return raw


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m game.scoring FILE.yaml", file=sys.stderr)
        return 2
    try:
        result = load(Path(args[0]))
    except ScoringError as e:
        line = " ".join(str(e).split())
        print(line, file=sys.stderr)
        print(json.dumps({"error": line}, ensure_ascii=False))
        return 2
    except RecursionError:  # a structure nested too deeply to walk
        print(f"{args[0]}: nested too deeply", file=sys.stderr)
        print(json.dumps({"error": f"{args[0]}: nested too deeply"}, ensure_ascii=False))
        return 2
    print(json.dumps(result.to_json()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
