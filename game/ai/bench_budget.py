"""How expert's decisions settle, and what time management would do with them:
``python -m game.ai.bench_budget``.

Plays ``--deals`` mirrored deals of expert against ``--against`` (2 players, CPU
clock) with every search of expert run to ``--upto`` times its budget, and records
each search deal by deal (the gains over the club player's move). Then prints how
the choices settle (the choice at half the budget and at the budget against the
choice at the end) and replays the records under the fixed budget and under
budget.py's plans: the share of the budget each would use, how often it makes the
choice the end makes, and the mean gain of its choices as the end estimates them.
``--save``/``--load`` keep the records (JSON) to try plans without playing again.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from game.arena import parse_rules
from game.engine import new_game
from game.session import loop

from . import make_agent
from .budget import Plan, enough
from .expert import ExpertAgent, expert_of
from .search import Gain

Snapshot = tuple[float, list[tuple[int, int, float, float]]]  # done, (i, n, total, squares)
Stop = Callable[[float, int, list[int], list[Gain]], bool]


class Recorder(ExpertAgent):
    """Expert searching to ``upto`` times its budget, recording every deal."""

    upto = 2.0
    records: list[list[Snapshot]]

    def _enough(self, done: float, deals: int, active: list[int], gain: list[Gain]) -> bool:
        if deals == 1:
            self.records.append([])
        snap = [(i, gain[i].n, gain[i].total, gain[i].squares) for i in active if i]
        self.records[-1].append((done, snap))
        return done >= self.upto


def play(deals: int, seed: int, against: str, upto: float,
         rules_pairs: list[str]) -> list[list[Snapshot]]:
    rules = parse_rules(rules_pairs)
    records: list[list[Snapshot]] = []
    for deal in range(deals):
        for rot in range(2):
            agents = [make_agent("expert" if (seat + rot) % 2 == 0 else against, seat,
                                 seed * 1000 + deal * 7 + seat, clock=time.process_time)
                      for seat in range(2)]
            expert: Any = expert_of(agents[rot])
            expert.__class__ = Recorder
            expert.upto, expert.records = upto, records
            s, _ = new_game(rules, 2, random.Random(seed * 1_000_003 + deal))
            loop.play_game(s, agents, clock=time.process_time)
    return records


def gains_at(snap: Snapshot) -> tuple[list[int], list[Gain]]:
    _, rows = snap
    size = 1 + max((i for i, *_ in rows), default=0)
    gain = [Gain() for _ in range(size)]
    for i, n, total, squares in rows:
        gain[i].n, gain[i].total, gain[i].squares = n, total, squares
    return [0] + [i for i, *_ in rows], gain


def choice(snap: Snapshot, z: float = ExpertAgent.switch_z) -> int:
    active, gain = gains_at(snap)
    means = [gain[i].total / gain[i].n if i and gain[i].n else 0.0 for i in range(len(gain))]
    best = max(active, key=lambda i: (means[i], -i))
    return best if best and gain[best].clear(z) else 0


def replay(record: list[Snapshot], stop: Stop) -> Snapshot:
    """The snapshot at which ``stop`` ends the search (the last if none)."""
    for deals, snap in enumerate(record, 1):
        active, gain = gains_at(snap)
        if stop(snap[0], deals, active, gain):
            return snap
    return record[-1]


def at_share(record: list[Snapshot], share: float) -> Snapshot:
    return replay(record, lambda done, *_: done >= share)


def end_gain(record: list[Snapshot], i: int) -> float:
    _, gain = gains_at(record[-1])
    return gain[i].total / gain[i].n if i and i < len(gain) and gain[i].n else 0.0


def report(records: list[list[Snapshot]], plans: dict[str, Stop]) -> dict:
    records = [r for r in records if len(r) >= 2]
    end = [choice(r[-1]) for r in records]
    n = len(records)
    half = [choice(at_share(r, 0.5)) for r in records]
    full = [choice(at_share(r, 1.0)) for r in records]
    deals_full = [len([s for s in r if s[0] < 1.0]) + 1 for r in records]
    out: dict = {
        "searches": len(records),
        "deals_at_budget_median": statistics.median(deals_full),
        "switched_at_end": round(sum(c != 0 for c in end) / len(records), 3),
        "half_differs_from_budget": round(sum(map(int.__ne__, half, full)) / n, 3),
        "budget_differs_from_end": round(sum(map(int.__ne__, full, end)) / n, 3),
        "last_change_share": _last_change(records),
        "plans": {},
    }
    for name, stop in plans.items():
        stops = [replay(r, stop) for r in records]
        used = sorted(s[0] for s in stops)
        picks = [choice(s) for s in stops]
        out["plans"][name] = {
            "share_mean": round(statistics.fmean(used), 3),
            "share_median": round(used[len(used) // 2], 3),
            "share_p95": round(used[int(0.95 * len(used))], 3),
            "agrees_with_end": round(sum(map(int.__eq__, picks, end)) / n, 3),
            "end_gain_of_choice": round(statistics.fmean(map(end_gain, records, picks)), 4),
        }
    return out


def _last_change(records: list[list[Snapshot]]) -> dict:
    """The share of the budget after which the choice no longer changed (quartiles)."""
    shares = []
    for r in records:
        final, last = choice(r[-1]), 0.0
        for snap in r:
            if choice(snap) != final:
                last = snap[0]
        shares.append(last)
    q = statistics.quantiles(shares, n=4) if len(shares) > 1 else shares * 3
    return {"q1": round(q[0], 3), "median": round(q[1], 3), "q3": round(q[2], 3),
            "never": round(sum(s == 0.0 for s in shares) / len(shares), 3)}


def plans() -> dict[str, Stop]:
    def fixed(done: float, *_: object) -> bool:
        return done >= 1.0

    out: dict[str, Stop] = {"fixed": fixed}
    for k in (1.5, 2.0, 2.5, 3.0):
        for cap in (1.0, 1.5, 1.9):
            plan = Plan(k=k, cap=cap)
            out[f"k{k} cap{cap}"] = partial(enough, plan)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.ai.bench_budget", description=__doc__)
    p.add_argument("--deals", type=int, default=2)
    p.add_argument("--seed", type=int, default=4001)
    p.add_argument("--against", default="hard")
    p.add_argument("--upto", type=float, default=2.0)
    p.add_argument("--rules", action="append", default=None, metavar="KEY=VALUE")
    p.add_argument("--save")
    p.add_argument("--load", action="append", default=[])
    args = p.parse_args(argv)
    rules = args.rules or ["attack_limit=null", "trump_exchange=false"]
    if args.load:
        records = []
        for name in args.load:
            with open(name) as f:
                records += json.load(f)
    else:
        records = play(args.deals, args.seed, args.against, args.upto, rules)
    if args.save:
        with open(args.save, "w") as f:
            json.dump(records, f)
    print(json.dumps(report(records, plans()), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
