"""Expert's swindles measured on the endgames it reaches lost:
``python -m game.ai.bench_swindle --seed 9001 --seeds 40``.

Plays the arena's mirrored deals (``--deals`` a seed, issue 18's rules) of expert
against ``--opponent`` (easy by default) up to expert's first decision in an exact
endgame (both thinking ``--iterations`` sampled deals a decision before it, so the
same positions on any machine; 0: their default budgets on the CPU clock, the
positions as the arena's games reach them); keeps those the solver says expert loses or draws
against perfect play. Each kept position is then played out ``--replays`` times
from there with expert's swindles on and off (swindle.py), against the same
opponent seeds (paired), both at their default budgets on the CPU clock, expert
with its notes of the game so far. Prints the mean outcome of each, and the paired
difference with its standard error (the replays of a position taken together).
Whole games cannot see this: only about a fifth of expert's games against easy
reach such an endgame.
"""

from __future__ import annotations

import argparse
import copy
import math
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass

from game.ai import DEFAULT_THINK_MS, Agent, make_agent
from game.arena import parse_rules
from game.engine import new_game
from game.engine.legal import turn
from game.engine.rules import Rules
from game.engine.state import State
from game.engine.view import view
from game.session.loop import play_game

from .cardlib import outcome_for
from .endgame import DRAW, LOSS, NodeLimit
from .expert import SOLVER_MAX_NODES, _new_solver, endgame_applies, expert_of, solved_actions

ISSUE_18_RULES = ["attack_limit=null", "trump_exchange=false"]
Outcomes = list[list[float]]  # a position's replays' outcomes, per position


@dataclass
class Position:
    state: State  # expert to move, in an exact endgame it loses or draws
    seat: int
    agent: Agent  # expert as it stood there (its notes of the game)
    value: int  # the solver's: LOSS or DRAW (-1 where it was not asked)
    key: int  # names the position's replays' opponent seeds


def positions(rules: Rules, seed: int, deals: int, opponent: str,
              iterations: int) -> Iterator[Position]:
    """The lost or drawn endgames of one seed's deals (both rotations each)."""
    for deal in range(deals):
        deal_seed = seed * 1_000_003 + deal
        for rot in range(2):
            me = rot  # expert sits at seat ``rot``
            names = ["expert", opponent] if me == 0 else [opponent, "expert"]
            agents = [make_agent(names[s], s, deal_seed * 7 + (s != me),
                                 iterations=iterations or None, clock=time.process_time)
                      for s in range(2)]
            s, _ = new_game(rules, 2, random.Random(deal_seed))

            def solved_next(st: State, me: int = me) -> bool:
                t = turn(st)
                return (t is not None and t[0] == me and len(t[1]) > 1
                        and endgame_applies(view(st, me)))

            if play_game(s, agents, max_moves=2000, until=solved_next,
                         clock=time.process_time).finished:
                continue
            v, legal = view(s, me), turn(s)[1]  # type: ignore[index]
            try:
                value, _ = solved_actions(v, legal, me, _new_solver(v, SOLVER_MAX_NODES))
            except NodeLimit:
                continue
            if value in (LOSS, DRAW):
                yield Position(s, me, agents[me], value, deal_seed * 2 + rot)


def replay(p: Position, setting: bool | int, opponent: str, j: int,
           knob: str = "swindles") -> float:
    """Expert's outcome from ``p`` with its attribute ``knob`` (a switch, or a node
    budget) set to ``setting``, the opponent's seed ``j``."""
    agent = copy.deepcopy(p.agent)
    inner = expert_of(agent)
    setattr(inner, knob, setting)
    inner.iterations = None
    inner.think_ms = DEFAULT_THINK_MS["expert"]
    inner.clock = time.process_time
    other = make_agent(opponent, 1 - p.seat, p.key * 100 + j, clock=time.process_time)
    seats = [agent, other] if p.seat == 0 else [other, agent]
    s = p.state.copy()
    played = play_game(s, seats, max_moves=2000, clock=time.process_time)
    return outcome_for(s.result, p.seat) if played.finished and s.result else 0.5


def paired(on: Outcomes, off: Outcomes) -> tuple[float, float, float, float]:
    """Means on and off, the mean of each position's difference and its standard error."""
    n = len(on)
    mean_on = sum(sum(r) / len(r) for r in on) / n
    mean_off = sum(sum(r) / len(r) for r in off) / n
    diffs = [(sum(a) - sum(b)) / len(a) for a, b in zip(on, off, strict=True)]
    d = sum(diffs) / n
    se = math.sqrt(sum((x - d) ** 2 for x in diffs) / (n - 1) / n) if n > 1 else 0.0
    return mean_on, mean_off, d, se


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.ai.bench_swindle")
    ap.add_argument("--seed", type=int, default=9001)
    ap.add_argument("--seeds", type=int, default=1, help="consecutive seeds")
    ap.add_argument("--deals", type=int, default=20, help="mirrored deals a seed")
    ap.add_argument("--opponent", default="easy")
    ap.add_argument("--iterations", type=int, default=30,
                    help="sampled deals a decision before the endgame (0: the default "
                         "budgets on the CPU clock)")
    ap.add_argument("--replays", type=int, default=10)
    args = ap.parse_args(argv)
    rules = parse_rules(ISSUE_18_RULES)
    results: dict[int, tuple[Outcomes, Outcomes]] = {LOSS: ([], []), DRAW: ([], [])}
    for seed in range(args.seed, args.seed + args.seeds):
        for p in positions(rules, seed, args.deals, args.opponent, args.iterations):
            on, off = results[p.value]
            on.append([replay(p, True, args.opponent, j) for j in range(args.replays)])
            off.append([replay(p, False, args.opponent, j) for j in range(args.replays)])
    for value, label in ((LOSS, "lost"), (DRAW, "drawn")):
        on, off = results[value]
        if not on:
            print(f"{label}: no positions")
            continue
        mean_on, mean_off, d, se = paired(on, off)
        print(f"{label}: {len(on)} positions x {args.replays} replays against {args.opponent}: "
              f"swindles on {mean_on:.3f}, off {mean_off:.3f}, difference {d:+.3f} (se {se:.3f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
