"""``python -m game.engine_bench``: random games per second through the engine alone.

The arena's games/s includes views, agents and timing; this is the engine's own
speed through the one game loop with no views built: new_game, turn (next_actor
and its legal_actions), the check that the choice was offered, and apply, on one core.
``--compact`` plays the same random games on the search's compact position
(game/ai/fast.py: every legal move listed, no events, no action objects);
``--prototype`` plays 2-player games on the yardstick of issue 18, a minimal bitmask
prototype of the same game (game/bench_prototype.py, not used by the game).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from . import bench_prototype
from .ai import fast
from .engine import Rules, State, new_game
from .engine.actions import Action
from .session.loop import Step, play_game

T = TypeVar("T")


def uniform_choose(rng: random.Random) -> Callable[[object, Sequence[T]], T]:
    """A ``choose(view, legal)`` that ignores the view and draws as ``rng.choice(legal)``
    does (``Random._randbelow_with_getrandbits``: the fewest bits that can hold the
    length, drawn again while too high), so the games are the same, in one Python
    call instead of three (tests/test_engine_bench.py compares it with ``rng.choice``)."""
    bits = rng.getrandbits

    def choose(v: object, legal: Sequence[T]) -> T:
        n = len(legal)
        if not n:
            raise IndexError("no legal action to choose from")  # as rng.choice
        k = n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
        return legal[r]
    return choose


class _RandomChoice:
    """Every seat picks uniformly with the benchmark's one generator."""

    def __init__(self, rng: random.Random) -> None:
        self.choose = uniform_choose(rng)


def _compact_game(state: State, rng: random.Random) -> int:
    """Random moves on the compact position until the game ends; the moves made."""
    f = fast.from_state(state)
    assert f is not None  # the default rules are modelled
    moves, running = 0, fast.RUNNING
    next_actor, legal, apply = fast.next_actor, fast.legal, fast.apply
    choose = uniform_choose(rng)
    while f.result == running:
        seat = next_actor(f)
        apply(f, seat, choose(None, legal(f, seat)))
        moves += 1
    return moves


def _recording_step(digest: Any) -> Step:
    """An ``on_step`` that feeds every move (seat, action, events) to ``digest``."""
    def step(state: State, seat: int, action: Action, events: list) -> None:
        digest.update(f"{seat} {action} {events}\n".encode())
    return step


def run(players: int, seconds: float, seed: int, compact: bool = False,
        games_wanted: int | None = None, prototype: bool = False,
        digest: bool = False) -> dict:
    """Random games for ``seconds`` of CPU time, or exactly ``games_wanted`` games
    (the same games every time: for counting instructions on a busy machine).
    ``prototype``: the yardstick's own 2-player games instead of the engine's.
    ``digest`` (engine games only): the report's ``digest`` is a hash of every move
    played and the events it told, so a faster engine can show it plays the same games."""
    if digest and (compact or prototype):
        raise ValueError("the digest records the engine's own games")
    if prototype and (compact or players != 2):
        raise ValueError("the prototype plays 2-player games on its own position")
    rules, rng = Rules(), random.Random(seed)
    agents = [_RandomChoice(rng)] * players
    games = moves = 0
    h = hashlib.sha256()
    on_step = _recording_step(h) if digest else None
    start = time.process_time()
    while (time.process_time() - start < seconds if games_wanted is None
           else games < games_wanted):
        if prototype:
            moves += bench_prototype.play(rng)
            games += 1
            continue
        state, dealt = new_game(rules, players, rng)
        if digest:
            h.update(f"{dealt}\n".encode())
        if compact:
            moves += _compact_game(state, rng)
        else:
            moves += play_game(state, agents, see=None,  # see=None: no views
                               on_step=on_step).moves
        games += 1
    cpu = time.process_time() - start
    report: dict[str, Any] = {
        "players": players, "compact": compact, "prototype": prototype, "games": games,
        "cpu_s": round(cpu, 2),
        "games_per_s": round(games / cpu) if cpu else 0,
        "moves_per_game": round(moves / games, 1) if games else 0,
        "us_per_move": round(1e6 * cpu / moves, 1) if moves else 0}
    if digest:
        report["digest"] = h.hexdigest()[:16]
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.engine_bench", description=__doc__)
    parser.add_argument("--players", type=int, default=2, choices=range(2, 7))
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--compact", action="store_true",
                        help="play on the search's compact position instead of the engine")
    parser.add_argument("--games", type=int, default=None,
                        help="play exactly this many games instead of --seconds")
    parser.add_argument("--prototype", action="store_true",
                        help="play the yardstick's minimal bitmask prototype (2 players)")
    parser.add_argument("--digest", action="store_true",
                        help="also print a hash of every move and event (with --games: "
                             "the same games give the same digest)")
    args = parser.parse_args(argv)
    if args.games is not None and args.games < 0:
        parser.error("--games: must be 0 or more")
    if args.prototype and (args.compact or args.players != 2):
        parser.error("--prototype: 2 players, without --compact")
    if args.digest and (args.compact or args.prototype):
        parser.error("--digest: the engine's own games only")
    print(json.dumps(run(args.players, args.seconds, args.seed, args.compact, args.games,
                         args.prototype, args.digest)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
