"""Expert's two-player Podkidnoy search values a sampled deal with a short talon
exactly (exact_leaves: the throw-in solver on each deal instead of a playout)."""

from __future__ import annotations

import random

from game.ai.exact_leaves import exchange_to_come
from game.ai.expert import ExpertAgent
from game.engine import Rules, apply, legal_actions, next_actor, view
from game.engine.state import lowest_trump_card

from .test_ai_endgame import minimax, short_talon_endgame

SMALL = {"variant": "podkidnoy", "deck": 24, "hand_size": 3, "attack_limit": None,
         "trump_exchange": False}


def test_a_short_talon_deal_is_valued_by_the_solver_not_a_playout():
    rules = Rules.from_mapping(SMALL)
    rng = random.Random("podkidnoy exact leaves")
    for i in range(12):
        s = short_talon_endgame(rules, rng, 2, 2)
        me = next_actor(s)
        expert = ExpertAgent(me, 1, 100)
        expert._exact.prepare(view(s, me))
        expert._exact.nodes_left = 10**6
        legal = legal_actions(s, me)
        for a in legal:
            exact = minimax(apply(s, a)[0], me, frozenset()) / 2
            assert expert._play_out(s, None, a, None, random.Random(i)) == exact
        assert expert._exact.solved == len(legal)


def test_no_deal_is_solved_while_a_trump_exchange_may_come():
    rules = Rules.from_mapping({**SMALL, "trump_exchange": True})
    rng = random.Random("podkidnoy exchange")
    s = short_talon_endgame(rules, rng, 2, 2)
    me = next_actor(s)
    low = lowest_trump_card(rules.deck, s.trump)
    assert not exchange_to_come(s)
    s.discard &= ~(1 << low)  # now the lowest trump is the other seat's, with the right
    s.discard_count -= 1
    s.hands[1 - me] |= 1 << low
    s.exchanger = 1 - me
    assert exchange_to_come(s)
    expert = ExpertAgent(me, 1, 100)
    expert._exact.prepare(view(s, me))
    for a in legal_actions(s, me):
        expert._play_out(s, None, a, None, random.Random(0))
    assert expert._exact.solved == 0


def test_expert_solves_the_sampled_deals_once_the_talon_is_short():
    rules = Rules.from_mapping({"attack_limit": None, "trump_exchange": False})
    rng = random.Random("podkidnoy exact decide")
    while True:
        s = short_talon_endgame(rules, rng, 4, 2)
        me = next_actor(s)
        legal = legal_actions(s, me)
        if len(legal) > 2:
            break
    expert = ExpertAgent(me, 1, 100, iterations=20)
    expert.choose(view(s, me), legal)
    assert expert._exact.solved > 0
