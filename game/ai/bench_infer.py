"""How well expert's sampled deals guess the opponents' hidden hands in Prostoy and
Podkidnoy: ``python -m game.ai.bench_infer``.

Plays ``--games`` games of expert against ``--opponent`` (hard by default; in each
other seat with ``--players`` 3 or more; fixed deals a decision for the searches,
so the same games on every run and on any machine), keeping every view expert saw
and the true hands at that moment. Then, at each of expert's decisions with cards
left in the talon, it samples ``--samples`` deals the way expert does and reports
the share of the opponents' true hidden cards the deals put in the right hand (per
card, by class) and the mean log loss of each unseen card's share of deals placing
it where it is, a hand or the talon (lower is better), for deals sampled uniformly
and with expert's weights (``prostoy_infer.py``; ``podkidnoy``:
``podkidnoy_infer.py``, with the share of the opponent's checked moves that fitted
its rule and the reliability it gave at the game's end; ``expert``: expert's whole
prior there, its notes of takes and passes too; ``avoid``: its notes of takes and
passes, the cards avoided outright). Uniform sampling scores about the hidden
hand's share of the unseen cards.
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

Record = tuple[View, tuple[int, ...]]  # expert's view, every seat's whole hand then
CLASSES = ("all", "trump", "high", "low")


class _Recorder:
    """Expert as it plays, keeping each view and the true hands."""

    def __init__(self, agent: Agent, state: State, seat: int) -> None:
        self.agent, self.state, self.seat = agent, state, seat
        self.level = agent.level
        self.records: list[Record] = []

    def choose(self, v: View, legal: list[Action]) -> Action:
        self.records.append((v, tuple(self.state.hands)))
        return self.agent.choose(v, legal)


def record_games(games: int, seed: int, rules_pairs: list[str], hard_deals: int,
                 expert_deals: int, opponent: str = "hard",
                 players: int = 2) -> list[list[Record]]:
    """Expert's views and the hands, one list a game; expert sits in seat g modulo
    ``players`` in game g, ``opponent`` in every other seat."""
    rules, rng = parse_rules(rules_pairs), random.Random(seed)
    out = []
    for g in range(games):
        s, _ = new_game(rules, players, rng)
        me = g % players
        expert = make_agent("expert", me, seed + g, 100, expert_deals)
        rec = _Recorder(expert, s, me)
        seats: list[Agent] = [rec] * players
        for k, p in enumerate(p for p in range(players) if p != me):
            seats[p] = make_agent(opponent, p, seed + g + 1000 * (k + 1), 100, hard_deals)
        play_game(s, seats)
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


def avoid() -> Avoider:
    """Expert's notes of takes and passes, the cards avoided outright (as its
    search drew deals with three or more players until 2026-12-04)."""
    agent = ExpertAgent(0, 0, 100)

    def prior(v: View) -> Prior:
        agent.observe(v)
        return agent._avoid(v), None

    return prior


MODES: dict[str, Callable[[], Avoider]] = {"uniform": uniform, "weights": weights,
                                           "podkidnoy": podkidnoy, "expert": expert,
                                           "avoid": avoid}


def card_class(c: int, trump: int) -> str:
    if c // 13 == trump:
        return "trump"
    return "high" if c % 13 >= 10 else "low" if c % 13 <= 6 else "mid"


def score(games: list[list[Record]], mode: str, samples: int, seed: int) -> dict:
    """The share of the opponents' true hidden cards (of each class) put in the
    right hand by the deals ``mode`` samples, and the log loss of every unseen
    card's place, over every decision with a talon."""
    rng = random.Random(seed)
    hits = dict.fromkeys(CLASSES, 0.0)
    cards = dict.fromkeys(CLASSES, 0)
    decisions, loss, unseen = 0, 0.0, 0
    for records in games:
        avoider = MODES[mode]()
        for v, hands in records:
            avoid, table = avoider(v)
            opps = [p for p in range(v.n) if p != v.seat]
            hidden = [hands[p] & ~v.known[p] if p != v.seat else 0 for p in range(v.n)]
            if v.talon_count <= 1 or not any(hidden) or v.result is not None:
                continue
            decisions += 1
            found = [[0] * 52 for _ in range(v.n)]  # times each card was in each sampled hand
            for _ in range(samples):
                guess = determinize(v, rng, avoid, table).hands
                for p in opps:
                    for c in iter_mask(guess[p] & v.unseen):
                        found[p][c] += 1
            for c in iter_mask(v.unseen):
                holder = next((p for p in opps if hidden[p] >> c & 1), None)
                k = (found[holder][c] if holder is not None
                     else samples - sum(found[p][c] for p in opps))  # in the talon
                loss += -math.log(min(max(k, 0.5), samples - 0.5) / samples)
                unseen += 1
                if holder is not None:
                    for key in ("all", card_class(c, v.trump)):
                        if key in hits:
                            hits[key] += k / samples
                            cards[key] += 1
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
    p.add_argument("--players", type=int, default=2,
                   help="expert and the opponent in every other seat")
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
                             args.opponent, args.players)
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
        print(json.dumps({"opponent": args.opponent, "players": args.players, **report}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
