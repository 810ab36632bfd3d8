"""Expert's talon of two solved deal by deal, measured where it changes the moves:
``python -m game.ai.bench_talon --seed 9451 --seeds 25``.

Plays the arena's mirrored deals (``--deals`` a seed, issue 18's rules) of expert
against ``--opponent`` (hard by default), both at ``--iterations`` sampled deals a
decision (so the same positions on any machine), up to expert's first decision where
``talon_exact`` leaves fewer moves than are legal within its node budget. Each such
position is replayed ``--replays`` times with it on and off (paired opponent seeds),
both players at their default budgets on the CPU clock, expert with its notes of the
game so far. Prints the positions found, the mean outcome on and off, and the paired
difference with its standard error; a game's worth is that times the positions found
a game. Whole games cannot see it: about one game in sixteen reaches such a position.

With ``--base-nodes B`` it measures a node budget instead (``--nodes`` against B):
the positions are those where ``--nodes`` narrows the moves and B does not, replayed
with expert's budget at each.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Iterator
from functools import partial

from game.ai import make_agent
from game.arena import parse_rules
from game.engine import new_game
from game.engine.legal import turn
from game.engine.rules import Rules
from game.engine.state import State
from game.engine.view import view
from game.session.loop import play_game

from . import talon_exact
from .bench_swindle import ISSUE_18_RULES, Position, paired, replay
from .endgame import NodeLimit
from .expert import ExpertAgent, _new_solver, talon_exact_applies


def narrowed(me: int, nodes: int, base: int | None, s: State) -> bool:
    """Is it ``me``'s move, with talon_exact leaving fewer moves than are legal within
    ``nodes`` solver nodes, and not within ``base`` (where given)?"""
    t = turn(s)
    if t is None or t[0] != me or len(t[1]) < 2:
        return False
    v = view(s, me)
    opp = talon_exact_applies(v)
    if opp is None:
        return False

    def narrows(budget: int) -> bool:
        try:
            best = talon_exact.best_actions(v, t[1], opp, _new_solver(v, budget))
        except NodeLimit:
            return False
        return len(best) < len(t[1])

    # the cheaper base budget first: where it narrows already, the larger is not solved
    return (base is None or not narrows(base)) and narrows(nodes)


def positions(rules: Rules, seed: int, deals: int, opponent: str, iterations: int,
              nodes: int, base: int | None) -> Iterator[Position]:
    """The first narrowed decision of each game of one seed's deals (both rotations)."""
    for deal in range(deals):
        deal_seed = seed * 1_000_003 + deal
        for me in range(2):  # expert at seat ``me``
            names = ["expert", opponent] if me == 0 else [opponent, "expert"]
            agents = [make_agent(names[p], p, deal_seed * 7 + (p != me),
                                 iterations=iterations, clock=time.process_time)
                      for p in range(2)]
            s, _ = new_game(rules, 2, random.Random(deal_seed))
            if not play_game(s, agents, max_moves=2000,
                             until=partial(narrowed, me, nodes, base)).finished:
                yield Position(s, me, agents[me], -1, deal_seed * 2 + me)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.ai.bench_talon")
    ap.add_argument("--seed", type=int, default=9451)
    ap.add_argument("--seeds", type=int, default=1, help="consecutive seeds")
    ap.add_argument("--deals", type=int, default=10, help="mirrored deals a seed")
    ap.add_argument("--opponent", default="hard")
    ap.add_argument("--iterations", type=int, default=30,
                    help="sampled deals a decision before the position")
    ap.add_argument("--replays", type=int, default=4)
    ap.add_argument("--nodes", type=int, default=ExpertAgent.talon_exact_nodes,
                    help="the solver's node budget")
    ap.add_argument("--base-nodes", type=int, default=None,
                    help="measure --nodes against this budget instead of on against off")
    args = ap.parse_args(argv)
    base = args.base_nodes
    knob, on_off = (("talon_exact", (True, False)) if base is None else
                    ("talon_exact_nodes", (args.nodes, base)))
    rules = parse_rules(ISSUE_18_RULES)
    on: list[list[float]] = []
    off: list[list[float]] = []
    for seed in range(args.seed, args.seed + args.seeds):
        for p in positions(rules, seed, args.deals, args.opponent, args.iterations,
                           args.nodes, base):
            for arm, setting in zip((on, off), on_off, strict=True):
                arm.append([replay(p, setting, args.opponent, j, knob)
                            for j in range(args.replays)])
    games = args.seeds * args.deals * 2
    if not on:
        print(f"no positions in {games} games")
        return 0
    mean_on, mean_off, d, se = paired(on, off)
    arms = ("on", "off") if base is None else (f"at {args.nodes} nodes", f"at {base}")
    print(f"{len(on)} positions in {games} games x {args.replays} replays against "
          f"{args.opponent}: {arms[0]} {mean_on:.3f}, {arms[1]} {mean_off:.3f}, "
          f"difference {d:+.3f} "
          f"(se {se:.3f}); a game {d * len(on) / games:+.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
