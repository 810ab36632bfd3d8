"""``python -m game.bench_bytecodes``: where a move of the engine benchmark's random
games goes, as bytecodes and Python calls a move by function.

Instruction counts (callgrind) say how dear a move is; this says where: it plays
``--warm`` games untraced (the engine's interned actions and lead tables fill in the
first few hundred games), then ``--games`` more under ``sys.settrace`` with opcode
events, and prints each function's bytecodes and calls a move, dearest first. The
trace makes the games a hundred times slower; the counts do not depend on the load.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

from .engine_bench import run


def profile(players: int, warm: int, games: int, seed: int = 1) -> dict[str, Any]:
    """Bytecodes and calls a move by ``file:function`` over ``games`` engine games,
    after ``warm`` untraced ones (seeds ``seed`` and ``seed + 1``)."""
    run(players, 0, seed, games_wanted=warm)
    ops: Counter[str] = Counter()
    calls: Counter[str] = Counter()

    def trace(frame: FrameType, event: str, _arg: object) -> Any:
        frame.f_trace_opcodes = True
        key = f"{Path(frame.f_code.co_filename).name}:{frame.f_code.co_name}"
        if event == "opcode":
            ops[key] += 1
        elif event == "call":  # also each resumption of a generator
            calls[key] += 1
        return trace

    before = sys.gettrace()  # a debugger's or coverage's, put back after
    sys.settrace(trace)
    try:
        report = run(players, 0, seed + 1, games_wanted=games)
    finally:
        sys.settrace(before)
    moves = report["moves_per_game"] * report["games"] or 1
    rows = sorted(set(ops) | set(calls), key=lambda k: -ops[k])
    return {
        "games": games, "warm": warm, "moves": round(moves),
        "bytecodes_per_move": round(sum(ops.values()) / moves, 1),
        "calls_per_move": round(sum(calls.values()) / moves, 2),
        "functions": [(k, round(ops[k] / moves, 2), round(calls[k] / moves, 3)) for k in rows],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench_bytecodes", description=__doc__)
    parser.add_argument("--players", type=int, default=2, choices=range(2, 7))
    parser.add_argument("--warm", type=int, default=350, help="untraced games first")
    parser.add_argument("--games", type=int, default=50, help="traced games")
    parser.add_argument("--top", type=int, default=25, help="functions shown")
    args = parser.parse_args(argv)
    if args.warm < 0 or args.games < 1:
        parser.error("--warm: 0 or more; --games: 1 or more")
    p = profile(args.players, args.warm, args.games)
    print(f"{p['moves']} moves in {p['games']} games after {p['warm']} untraced: "
          f"{p['bytecodes_per_move']} bytecodes and {p['calls_per_move']} Python calls a move")
    print(f"{'bytecodes':>10} {'calls':>7}  a move, by function")
    for name, ops, calls in p["functions"][:args.top]:
        print(f"{ops:10.2f} {calls:7.3f}  {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
