"""Playout policy against playout policy: ``python -m game.ai.bench_policy``.

Two players on mirrored deals (each policy plays each hand), moves chosen on the
engine's state: ``fast`` (playout.fast_action, hard's), ``prostoy``
(prostoy_playout.action, expert's) or ``normal`` (the club player, from the
seat's view). Prints the first policy's score and the CPU time of the games.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable

from game.arena import parse_rules
from game.engine import new_game
from game.engine.actions import Action
from game.engine.legal import legal_actions, next_actor
from game.engine.play import apply_listed
from game.engine.state import State
from game.engine.view import view

from .cardlib import outcome_for
from .heuristics import normal_choice
from .playout import fast_action
from .prostoy_playout import action as prostoy_action

Policy = Callable[[State, int, random.Random], Action]


def _normal(s: State, seat: int, rng: random.Random) -> Action:
    legal = legal_actions(s, seat)
    return legal[0] if len(legal) == 1 else normal_choice(view(s, seat), legal, rng)


POLICIES: dict[str, Policy] = {"fast": fast_action, "prostoy": prostoy_action,
                               "normal": _normal}


def run(first: str, second: str, deals: int, seed: int, rules_pairs: list[str]) -> dict:
    rules = parse_rules(rules_pairs)
    score, cpu = 0.0, time.process_time()
    for deal in range(deals):
        for rot in (0, 1):
            s, _ = new_game(rules, 2, random.Random(seed * 1_000_003 + deal))
            seats = [POLICIES[first], POLICIES[second]][:: 1 - 2 * rot]
            rng = random.Random(deal * 2 + rot)
            while s.result is None:
                seat = next_actor(s)
                assert seat is not None  # someone can act while the game goes on
                apply_listed(s, seats[seat](s, seat, rng))
            score += outcome_for(s.result, rot)
    return {"policies": [first, second], "games": 2 * deals,
            "score": round(score / (2 * deals), 3),
            "cpu_s": round(time.process_time() - cpu, 2)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.ai.bench_policy", description=__doc__)
    p.add_argument("--policies", default="prostoy,fast", help="two of: " + ", ".join(POLICIES))
    p.add_argument("--deals", type=int, default=500)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rules", action="append", default=["variant=prostoy"],
                   metavar="KEY=VALUE")
    args = p.parse_args(argv)
    names = args.policies.split(",")
    if len(names) != 2 or any(n not in POLICIES for n in names):
        p.error(f"--policies: two of {', '.join(POLICIES)}, separated by a comma")
    print(json.dumps(run(names[0], names[1], args.deals, args.seed, args.rules)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
