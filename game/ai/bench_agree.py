"""How often expert's choice at its budget is the choice a much longer search
makes: ``python -m game.ai.bench_agree``.

Arena games measure strength, but a knob of the search (its exploration constant,
when it stops) changes few decisions, so a difference in games needs a thousand
paired deals or more. This asks a narrower question quickly: at ``--positions``
fixed positions (a few moves into games of normal against normal), does the
search at its budget choose what the same search chooses with ``--reference``
iterations? Two reference runs (other seeds) are made; the positions where they
agree are the ones counted. A trial runs expert at ``--think-ms`` on the CPU
clock once per ``--trials`` seed, with ``--set KNOB=VALUE`` applied to the tree's
knobs (``multi_search.ManyTreeSearch``, three or more players).

This measures the search against its own model (the playouts, the sampled deals):
a knob that agrees more often spends its time better, which is not yet a knob
that wins more games. ``--save``/``--load`` keep the reference choices (JSON).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from typing import Any

from game.arena import ArenaError, parse_rules, time_stats
from game.engine import Rules, new_game
from game.engine.legal import legal_actions, next_actor
from game.engine.play import apply_in_place
from game.engine.state import State
from game.engine.view import view

from .agents import NormalAgent
from .expert import ExpertAgent
from .multi_search import ManyTreeSearch

REFERENCE_SALTS = (5000, 6000)  # the two reference runs' seeds, added to the position's index


def positions(rules: Rules, count: int, seed: int, n: int = 2) -> list[State]:
    """Positions of ``n`` players a few moves into games played by normal, each with
    a choice for the seat to move."""
    rng, out = random.Random(seed), list[State]()
    while len(out) < count:
        s, _ = new_game(rules, n, rng)
        players = [NormalAgent(p, p + 1) for p in range(n)]
        for _ in range(rng.randrange(2, 40)):
            seat = next_actor(s)
            if s.result is not None or seat is None:
                break
            apply_in_place(s, players[seat].choose(view(s, seat), legal_actions(s, seat)))
        seat = next_actor(s)
        if s.result is None and seat is not None and len(legal_actions(s, seat)) > 1:
            out.append(s)
    return out


def choices(states: list[State], salt: int, think_ms: int,
            iterations: int | None = None) -> tuple[list[int], list[float]]:
    """Expert's choice at each state (its index among the legal actions) and the CPU
    seconds each took; seeded by the state's index plus ``salt``."""
    chosen, seconds = [], []
    for i, s in enumerate(states):
        seat = next_actor(s)
        assert seat is not None
        agent = ExpertAgent(seat, i + salt, think_ms, iterations)
        agent.clock = time.process_time
        legal = legal_actions(s, seat)
        start = time.process_time()
        action = agent.choose(view(s, seat), legal)
        seconds.append(time.process_time() - start)
        chosen.append(legal.index(action))
    return chosen, seconds


def settled(references: list[list[int]]) -> dict[int, int]:
    """The positions on which every reference run chose alike, with that choice."""
    first = references[0]
    return {i: c for i, c in enumerate(first) if all(r[i] == c for r in references)}


def set_knobs(pairs: list[str]) -> dict[str, float]:
    """Apply ``KNOB=VALUE`` pairs to ManyTreeSearch's numeric class attributes
    (a switch takes 0 or 1)."""
    knobs: dict[str, float] = {}
    for pair in pairs:
        name, _, text = pair.partition("=")
        old = getattr(ManyTreeSearch, name, None) if not name.startswith("_") else None
        if not isinstance(old, int | float):
            raise ValueError(f"--set {pair}: no numeric knob '{name}' on the tree search")
        try:
            value = float(text)
        except ValueError:
            raise ValueError(f"--set {pair}: the value must be a number") from None
        if isinstance(old, bool) and value not in (0.0, 1.0):
            raise ValueError(f"--set {pair}: '{name}' is a switch (0 or 1)")
        knobs[name] = value
    for name, value in knobs.items():
        old = getattr(ManyTreeSearch, name)
        setattr(ManyTreeSearch, name, bool(value) if isinstance(old, bool) else value)
    return knobs


def load_references(path: str, made_for: dict[str, Any]) -> list[list[int]]:
    """The reference choices saved at ``path``, if made for these positions."""
    try:
        with open(path, encoding="utf-8") as f:
            saved = json.load(f)
    except (OSError, ValueError) as e:
        raise ValueError(f"--load {path}: cannot be read ({e})") from None
    if not isinstance(saved, dict) or not isinstance(saved.get("choices"), list):
        raise ValueError(f"--load {path}: not a file of reference choices (--save makes one)")
    if {k: saved.get(k) for k in made_for} != made_for:
        made = {k: saved.get(k) for k in made_for}
        raise ValueError(f"--load {path}: made for {made}, not for {made_for}")
    refs = saved["choices"]
    if not refs or any(not isinstance(r, list) or len(r) != made_for["positions"] or
                       not all(isinstance(c, int) for c in r) for r in refs):
        raise ValueError(f"--load {path}: each reference must list a choice a position")
    return refs


def trial_report(chosen: list[int], seconds: list[float],
                 reference: dict[int, int]) -> dict[str, Any]:
    """How often a trial chose the settled references' choice, and its decision times."""
    times = time_stats([1000 * t for t in seconds])  # the arena's median and p95
    return {"agree": sum(chosen[i] == c for i, c in reference.items()),
            "of": len(reference),
            "median_ms": round(times["median"], 1),
            "p95_ms": round(times["p95"], 1)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.ai.bench_agree", description=__doc__)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--positions", type=int, default=80)
    p.add_argument("--seed", type=int, default=11, help="the positions' games")
    p.add_argument("--reference", type=int, default=8000, help="iterations of a reference run")
    p.add_argument("--trials", type=int, default=3, help="trial runs (seeds 0, 1000, ...)")
    p.add_argument("--think-ms", type=int, default=230)
    p.add_argument("--set", action="append", default=[], metavar="KNOB=VALUE")
    p.add_argument("--rules", action="append", default=None, metavar="KEY=VALUE")
    p.add_argument("--save", help="write the reference choices here (JSON)")
    p.add_argument("--load", help="read the reference choices from here instead of searching")
    args = p.parse_args(argv)
    made_for = {"players": args.players, "positions": args.positions, "seed": args.seed,
                "rules": sorted(args.rules or [])}
    try:
        rules = parse_rules(args.rules or [])
        knobs = set_knobs(args.set)
        states = positions(rules, args.positions, args.seed, args.players)
        references = load_references(args.load, made_for) if args.load else None
    except (ArenaError, ValueError) as e:
        print(f"bench_agree: {e}", file=sys.stderr)
        return 2
    if references is None:
        references = [choices(states, salt, args.think_ms, args.reference)[0]
                      for salt in REFERENCE_SALTS]
    if args.save:
        with open(args.save, "w", encoding="utf-8") as f:
            json.dump(made_for | {"reference": args.reference, "choices": references}, f)
    reference = settled(references)
    trials = [trial_report(*choices(states, 1000 * k, args.think_ms), reference)
              for k in range(args.trials)]
    print(json.dumps({"players": args.players, "positions": len(states), "knobs": knobs,
                      "think_ms": args.think_ms, "references_agree": len(reference),
                      "trials": trials,
                      "agree_mean": round(statistics.mean(t["agree"] for t in trials), 2)
                      if trials else None},
                     indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
