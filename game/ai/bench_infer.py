"""How well expert's sampled deals guess the opponent's hidden hand in two-player
Prostoy and Podkidnoy: ``python -m game.ai.bench_infer``.

Plays ``--games`` two-player games of expert against ``--opponent`` (hard by
default; fixed deals a decision for the searches,
so the same games on every run and on any machine), keeping every view expert saw
and the opponent's true hand at that moment. Then, at each of expert's decisions
with cards left in the talon, it samples ``--samples`` deals the way expert does
and reports the share of the opponent's true hidden cards the deals put in its
hand (per card, by class) and the mean log loss of each unseen card's share of
deals placing it there (lower is better), for deals sampled uniformly and with
expert's weights (``prostoy_infer.py``; ``podkidnoy``: ``podkidnoy_infer.py``, with
the share of the opponent's checked moves that fitted its rule and the reliability
it gave at the game's end; ``expert``: expert's whole prior there, its notes of
takes and passes too). Uniform sampling scores about the hidden hand's share of the
unseen cards.
``--set LEAD=0.7`` tries another reliability (``--set podkidnoy_infer.RULE_FIT=0.8``
one of podkidnoy_infer's, ``--set expert.TAKE_BELIEF=0.5`` one of expert's) on the
same recorded games (set after they are played);
``--recorded PATH`` keeps the games to score them again at another commit.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import pickle
import random
from collections.abc import Callable
from pathlib import Path

from game.ai import Agent, make_agent
from game.arena import parse_rules
from game.engine import new_game
from game.engine.actions import Action
from game.engine.cards import iter_mask
from game.engine.state import State
from game.engine.view import View
from game.paths import atomic_write
from game.session.loop import play_game

from . import expert as expert_module
from . import first_lead, podkidnoy_infer, prostoy_infer
from .expert import ExpertAgent
from .prostoy_infer import Inference
from .sampling import determinize

Record = tuple[View, int]  # expert's view, the opponent's whole hand then
CLASSES = ("all", "trump", "high", "low")


class _Recorder:
    """Expert as it plays, keeping each view and the opponent's true hand."""

    def __init__(self, agent: Agent, state: State, seat: int) -> None:
        self.agent, self.state, self.seat = agent, state, seat
        self.records: list[Record] = []

    def choose(self, v: View, legal: list[Action]) -> Action:
        self.records.append((v, self.state.hands[1 - self.seat]))
        return self.agent.choose(v, legal)


def record_games(games: int, seed: int, rules_pairs: list[str], hard_deals: int,
                 expert_deals: int, opponent: str = "hard") -> list[list[Record]]:
    """Expert's views and the opponent's hands, one list a game; expert sits in
    seat 0 in even games and seat 1 in odd ones."""
    rules, rng = parse_rules(rules_pairs), random.Random(seed)
    out = []
    for g in range(games):
        s, _ = new_game(rules, 2, rng)
        me = g % 2
        expert = make_agent("expert", me, seed + g, 100, expert_deals)
        hard = make_agent(opponent, 1 - me, seed + g + 1000, 100, hard_deals)
        rec = _Recorder(expert, s, me)
        play_game(s, [rec, hard] if me == 0 else [hard, rec])
        out.append(rec.records)
    return out


Prior = tuple[list[int] | None, list[dict[int, float] | None] | None]  # avoid, weights
Avoider = Callable[[View], Prior]


def uniform() -> Avoider:
    return lambda v: (None, None)


def weights() -> Avoider:
    """prostoy_infer's weighted notes."""
    inference = Inference()

    def prior(v: View) -> Prior:
        inference.observe(v)
        return None, inference.weights(v)

    return prior


class _Checks:
    """podkidnoy_infer's checks summed over the games of one run."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.fits = self.breaks = self.games = self.decisions = 0
        self.reliability = 0.0  # summed over the decisions


CHECKS = _Checks()


def podkidnoy() -> Avoider:
    """podkidnoy_infer's notes, believed as far as the opponent fitted its rule."""
    inference = podkidnoy_infer.Inference()
    CHECKS.games += 1

    def prior(v: View) -> Prior:
        before = inference.fits, inference.breaks
        inference.observe(v)
        CHECKS.fits += inference.fits - before[0]
        CHECKS.breaks += inference.breaks - before[1]
        CHECKS.decisions += 1
        CHECKS.reliability += inference.reliability()
        return None, inference.weights(v)

    return prior


def expert() -> Avoider:
    """Expert's whole prior in two-player Podkidnoy: its notes of takes and passes
    with podkidnoy_infer's weights, as its search samples deals."""
    agent = ExpertAgent(0, 0, 100)

    def prior(v: View) -> Prior:
        agent.observe(v)
        return agent.sampling_prior(v)

    return prior


MODES: dict[str, Callable[[], Avoider]] = {"uniform": uniform, "weights": weights,
                                           "podkidnoy": podkidnoy, "expert": expert}


def card_class(c: int, trump: int) -> str:
    if c // 13 == trump:
        return "trump"
    return "high" if c % 13 >= 10 else "low" if c % 13 <= 6 else "mid"


def score(games: list[list[Record]], mode: str, samples: int, seed: int) -> dict:
    """The share of the opponent's true hidden cards (of each class) put in its
    hand by the deals ``mode`` samples, over every decision with a talon."""
    rng = random.Random(seed)
    hits = dict.fromkeys(CLASSES, 0.0)
    cards = dict.fromkeys(CLASSES, 0)
    decisions, loss, unseen = 0, 0.0, 0
    for records in games:
        avoider = MODES[mode]()
        for v, theirs in records:
            avoid, table = avoider(v)
            opp = 1 - v.seat
            hidden = theirs & ~v.known[opp]
            if v.talon_count <= 1 or not hidden or v.result is not None:
                continue
            decisions += 1
            found = [0] * 52  # times each card was in the sampled hand
            for _ in range(samples):
                guess = determinize(v, rng, avoid, table).hands[opp]
                for c in iter_mask(guess):
                    found[c] += 1
            for c in iter_mask(v.unseen):
                q = min(max(found[c], 0.5), samples - 0.5) / samples
                loss += -math.log(q if hidden >> c & 1 else 1 - q)
                unseen += 1
            for c in iter_mask(hidden):
                for k in ("all", card_class(c, v.trump)):
                    if k in hits:
                        hits[k] += found[c] / samples
                        cards[k] += 1
    return {"mode": mode, "decisions": decisions,
            **{k: round(hits[k] / cards[k], 4) if cards[k] else None for k in CLASSES},
            "cards": cards["all"], "logloss": round(loss / unseen, 4)}


SETTABLE = {"": prostoy_infer, "prostoy_infer": prostoy_infer,
            "podkidnoy_infer": podkidnoy_infer, "expert": expert_module,
            "first_lead": first_lead}


def _setting(p: argparse.ArgumentParser, pair: str) -> tuple[object, str, float]:
    """``--set [MODULE.]NAME=VALUE``: the module, the name and the value, or an
    error naming what is wrong (exits 2)."""
    target, _, text = pair.partition("=")
    prefix, _, name = target.rpartition(".")
    module = SETTABLE.get(prefix)
    if module is None or not name.isupper() or not hasattr(module, name):
        p.error(f"--set {pair}: no setting {target!r} (names in capitals, in "
                f"{', '.join(m for m in SETTABLE if m)}; prostoy_infer without a prefix)")
    try:
        return module, name, float(text)
    except ValueError:
        p.error(f"--set {pair}: {text!r} is not a number")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.ai.bench_infer", description=__doc__)
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--samples", type=int, default=40, help="deals sampled a decision")
    p.add_argument("--hard-deals", type=int, default=60)
    p.add_argument("--expert-deals", type=int, default=30)
    p.add_argument("--modes", default="uniform,weights")
    p.add_argument("--opponent", default="hard")
    p.add_argument("--rules", action="append", default=None, metavar="KEY=VALUE")
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                   help="a reliability of prostoy_infer's notes, e.g. LEAD=0.8, or of "
                        "podkidnoy_infer's or expert's, e.g. expert.TAKE_BELIEF=0.5")
    p.add_argument("--recorded", metavar="PATH",
                   help="the games read from PATH if it exists, else recorded and kept there "
                        "(the same games scored by two versions of the code)")
    args = p.parse_args(argv)
    settings = [_setting(p, pair) for pair in args.set]  # named before the games are played
    rules = args.rules if args.rules is not None else ["variant=prostoy"]
    if args.recorded and os.path.exists(args.recorded):
        with open(args.recorded, "rb") as f:
            games = pickle.load(f)
    else:
        games = record_games(args.games, args.seed, rules, args.hard_deals, args.expert_deals,
                             args.opponent)
        if args.recorded:  # whole or not at all: a cut file would not load next time
            atomic_write(Path(args.recorded), pickle.dumps(games))
    for module, name, value in settings:  # after the games: the same games scored either way
        setattr(module, name, value)
    for mode in args.modes.split(","):
        CHECKS.reset()
        report = score(games, mode, args.samples, args.seed)
        if mode == "podkidnoy":
            checked = CHECKS.fits + CHECKS.breaks
            report["fitted"] = round(CHECKS.fits / checked, 3) if checked else None
            report["checks_a_game"] = round(checked / max(CHECKS.games, 1), 1)
            report["reliability"] = round(CHECKS.reliability / max(CHECKS.decisions, 1), 3)
        print(json.dumps({"opponent": args.opponent, **report}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
