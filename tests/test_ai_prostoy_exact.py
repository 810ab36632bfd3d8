"""Expert's two-player Prostoy search values a sampled deal with a short talon
exactly (prostoy_search: the solver on each deal instead of a playout)."""

from __future__ import annotations

import random

from game.ai.prostoy_search import HardSearch
from game.engine import Rules, apply, legal_actions, next_actor, view

from .test_ai_endgame import minimax, short_talon_endgame


def test_a_short_talon_deal_is_valued_by_the_solver_not_a_playout():
    rules = Rules.from_mapping({"variant": "prostoy", "deck": 24, "hand_size": 3})
    rng = random.Random("prostoy exact leaves")
    for i in range(12):
        s = short_talon_endgame(rules, rng, 2, 2)
        me = next_actor(s)
        search = HardSearch(me, 1, 100)
        search.exact.prepare(view(s, me))
        search.exact.nodes_left = 10**6
        legal = legal_actions(s, me)
        for a in legal:
            exact = minimax(apply(s, a)[0], me, frozenset()) / 2
            assert search._play_out(s, None, a, None, random.Random(i)) == exact
        assert search.exact.solved == len(legal)


def test_expert_solves_the_sampled_deals_once_the_talon_is_short():
    rules = Rules.from_mapping({"variant": "prostoy"})
    rng = random.Random("prostoy exact decide")
    while True:
        s = short_talon_endgame(rules, rng, 4, 2)
        me = next_actor(s)
        legal = legal_actions(s, me)
        if len(legal) > 2:
            break
    v = view(s, me)
    search = HardSearch(me, 1, 100, iterations=20)
    owner = HardSearch(me, 2, 100, iterations=20)
    search.decide(v, legal, owner, weights=[None, None])
    assert search.exact.solved > 0 and search.exact.overflows == 0
