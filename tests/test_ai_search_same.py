"""Hard and expert choose as they did before issue 18's faster playouts: with a
fixed number of sampled deals and the same seed, every decision of whole games is
the same as the search's loop as it was (a frozen copy below, playing out on the
engine's state with the frozen playout policy of tests/reference_fast_playout.py)
under rules the compact position models and rules it does not."""

from __future__ import annotations

import random

import pytest

from game.ai import fast
from game.ai.agents import NormalAgent
from game.ai.expert import ExpertAgent
from game.ai.heuristics import normal_choice
from game.ai.playout import playout
from game.ai.sampling import determinize
from game.ai.search import Gain, SearchAgent, _better_half, candidates
from game.engine import Rules, new_game
from game.engine.actions import Action
from game.engine.state import State
from game.engine.view import View
from game.session.loop import play_game

from . import reference_fast_playout as reference


class FrozenSearch:
    """SearchAgent.search and _play_out as they were before (less the timing)."""

    def search(self, v: View, legal: list[Action], avoid, weights=None) -> Action:
        me: SearchAgent = self  # type: ignore[assignment]
        rng = me.rng
        default = normal_choice(v, legal, rng)
        cands = candidates(v, legal, default)
        if len(cands) == 1:
            return cands[0]
        totals, counts = [0.0] * len(cands), [0] * len(cands)
        gain = [Gain() for _ in cands]
        active = list(range(len(cands)))
        deals = 0
        while True:
            base = determinize(v, rng, avoid, weights)  # (weights: Prostoy's, came later)
            seed = rng.getrandbits(32) if me.paired else 0
            first = 0.0
            for i in active:
                prng = random.Random(seed) if me.paired else rng
                r = self._old_play_out(base, cands[i], prng)
                totals[i] += r
                counts[i] += 1
                if i == 0:
                    first = r
                else:
                    gain[i].add(r - first)
            deals += 1
            done = deals / me.iterations
            if done >= 1.0:
                break
            if me.halve_at and done >= me.halve_at and len(active) == len(cands) > 2:
                active = _better_half(active, totals, counts)
        means = [totals[i] / counts[i] if counts[i] else -1.0 for i in range(len(cands))]
        best = max(active, key=lambda i: (means[i], -i))
        return cands[best] if best and gain[best].clear(me.switch_z) else cands[0]

    def _old_play_out(self, base: State, action: Action, rng: random.Random) -> float:
        me: SearchAgent = self  # type: ignore[assignment]
        s = base.copy()
        me.step(s, action)
        f = fast.from_state(s)
        if f is None:
            return playout(s, me.seat, rng, me.step, me.act)
        return reference.fast_playout(f, me.seat, rng)


class FrozenHard(FrozenSearch, SearchAgent):
    pass


class FrozenExpert(FrozenSearch, ExpertAgent):
    tree = False


class PlainExpert(ExpertAgent):
    """Expert on its plain budget: the time management (budget.py, tested in
    test_ai_budget.py) came later and stops or extends by design; and its playouts
    all as normal's, as the frozen copy plays them: an opponent seen to play its
    cheapest cards (normal often does) is played out otherwise by design
    (test_ai_habits.py)."""

    plan = None
    read_habits = False
    tree = False  # the flat search is what is pinned here (the tree: test_ai_ismcts.py)


class Twins:
    """Asks both agents at every decision, checks they agree and plays the move."""

    def __init__(self, new: SearchAgent, old: SearchAgent) -> None:
        self.new, self.old, self.decisions = new, old, 0

    def choose(self, v: View, legal: list[Action]) -> Action:
        ours, theirs = self.new.choose(v, legal), self.old.choose(v, legal)
        assert ours == theirs, (self.decisions, v.hand, ours, theirs)
        self.decisions += 1
        return ours


RULES = [
    ({}, 2),
    ({"variant": "perevodnoy", "transfer_by_showing_trump": True, "attack_limit": None}, 3),
    ({"deck": 52, "throw_in": "neighbours", "first_bout_limit": 5}, 4),
    ({"variant": "prostoy"}, 2),  # not on the compact position: the engine's playouts
    ({"second_trump": True}, 2),  # nor this while the face-down trump is in the talon
]


@pytest.mark.parametrize("level", ["hard", "expert"])
@pytest.mark.parametrize(("mapping", "players"), RULES)
def test_the_same_choices_as_before_with_fixed_deals_and_seed(level, mapping, players):
    new_cls, old_cls = (SearchAgent, FrozenHard) if level == "hard" else (PlainExpert, FrozenExpert)
    rules = Rules.from_mapping(mapping)
    decisions = 0
    for game in range(2):
        seed = 100 * players + game
        twins = Twins(new_cls(0, seed, 50, iterations=4), old_cls(0, seed, 50, iterations=4))
        others = [NormalAgent(p, seed + p) for p in range(1, players)]
        s, _ = new_game(rules, players, random.Random(seed))
        play_game(s, [twins, *others])
        assert s.result is not None
        decisions += twins.decisions
    assert decisions >= 10
