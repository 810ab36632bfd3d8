"""Playouts per second inside the search: ``python -m game.ai.bench_search``.

Plays ``--games`` games of a search level against normal (2 players unless
``--players``) and reports how many playouts the search ran in the time it spent
searching (CPU time, sampling deals included). ``--engine-playouts`` plays them out on the
engine's own state instead of the compact position, for a before/after figure.

``--iterations N`` fixes the work instead of the time: N sampled deals a decision,
so the same games are played on every run and the instructions they take can be
counted (``valgrind --tool=callgrind``) on a busy machine and compared exactly;
``playouts`` in the output is then the divisor for instructions per playout.

``--tree`` / ``--flat`` (expert): its tree search of ismcts.py where it applies
(two-player throw-in games; one playout an iteration, ``iterations`` is then a
decision's) or its flat search; neither: as ``ExpertAgent.tree`` says.
"""

from __future__ import annotations

import argparse
import json
import random
from typing import Any

from game.ai import make_agent
from game.arena import parse_rules
from game.engine import new_game
from game.session.loop import play_game


def run(level: str, games: int, players: int, think_ms: int, seed: int, compact: bool,
        rules_pairs: list[str], iterations: int | None = None,
        tree: bool | None = None) -> dict:
    rules, rng = parse_rules(rules_pairs), random.Random(seed)
    playouts, seconds, decisions = 0, 0.0, 0
    search: Any = None  # (--games 0: the start-up alone, the baseline for instructions)
    for g in range(games):
        searcher = make_agent(level, 0, seed + g, think_ms, iterations)
        search = searcher
        while not hasattr(search, "playouts"):  # the wrappers (Cheater, NoRepeats) hold it
            search = search.agent
        search.compact = compact
        if tree is not None:
            search.tree = tree
        others = [make_agent("normal", p, seed + g * 7 + p) for p in range(1, players)]
        s, _ = new_game(rules, players, rng)
        play_game(s, [searcher, *others])
        playouts += search.playouts
        seconds += search.playout_s
        decisions += search.searches
    return {"level": level, "players": players, "compact": compact,
            "tree": getattr(search, "tree", False),
            "think_ms": think_ms if iterations is None else None, "iterations": iterations,
            "games": games, "searches": decisions, "playouts": playouts,
            "search_s": round(seconds, 2),
            "playouts_per_s": round(playouts / seconds) if seconds else 0}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.ai.bench_search", description=__doc__)
    p.add_argument("--level", default="hard", choices=("hard", "expert"))
    p.add_argument("--games", type=int, default=4)
    p.add_argument("--players", type=int, default=2, choices=range(2, 7))
    p.add_argument("--think-ms", type=int, default=50)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rules", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--iterations", type=int, default=None,
                   help="sampled deals a decision instead of --think-ms: fixed work")
    p.add_argument("--engine-playouts", action="store_true")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--tree", dest="tree", action="store_const", const=True,
                       help="expert: its tree search (ismcts.py)")
    which.add_argument("--flat", dest="tree", action="store_const", const=False,
                       help="expert: its flat search")
    args = p.parse_args(argv)
    if args.tree is not None and args.level != "expert":
        p.error("--tree and --flat are expert's")
    print(json.dumps(run(args.level, args.games, args.players, args.think_ms, args.seed,
                         not args.engine_playouts, args.rules, args.iterations, args.tree)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
