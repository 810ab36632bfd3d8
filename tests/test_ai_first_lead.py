"""The first attack of a deal, read: who the rule found with the lowest trump is
public (State.trump_lead), and says what the other seat was dealt."""

from __future__ import annotations

import random

import pytest

from game.ai.first_lead import MAX_WEIGHT, FirstLead, held_one_weight
from game.engine import (
    Rules,
    Series,
    apply_in_place,
    from_deal,
    legal_actions,
    new_game,
    next_actor,
    view,
)
from game.engine.cards import SUIT_MASKS, parse_suit
from game.engine.state import NOBODY, NOT_BY_RULE
from game.engine.view import state_from_view
from game.session.loop import play_game

from .ai_helpers import cards
from .engine_helpers import RandomChoice

RULES = Rules(attack_limit=None, trump_exchange=False)


def test_the_rule_names_the_holder_of_the_lowest_trump_for_everyone_to_see():
    state, _ = from_deal(Rules(), [cards("9H AC 7S"), cards("8H 6D KD")], cards("10C JH"),
                         parse_suit("H"))
    assert state.attacker == 1 and state.trump_lead == 1
    assert all(view(state, seat).trump_lead == 1 for seat in (0, 1))
    assert state.copy().trump_lead == 1


def test_nobody_holding_a_trump_and_no_rule_are_told_apart():
    state, _ = from_deal(Rules(), [cards("9C AC"), cards("8D 6D")], cards("10C JH"),
                         parse_suit("H"))
    assert state.attacker == 0 and state.trump_lead == NOBODY
    given, _ = from_deal(Rules(), [cards("9H AC"), cards("8H 6D")], cards("10C JH"),
                         parse_suit("H"), attacker=0)
    assert given.trump_lead == NOT_BY_RULE  # a given first attacker: the rule said nothing
    left, _ = new_game(Rules(first_attacker="left_of_dealer"), 2, random.Random(3))
    assert left.trump_lead == NOT_BY_RULE


def test_a_series_later_games_are_not_led_by_the_rule():
    series, rng = Series(Rules(), 2), random.Random(5)
    first, _ = series.start(rng)
    assert first.trump_lead != NOT_BY_RULE
    assert play_game(first, [RandomChoice(rng)] * 2, max_moves=4000).finished
    series.record(first)
    second, _ = series.start(rng)
    assert second.trump_lead == NOT_BY_RULE


def test_a_sampled_deal_keeps_it():
    state, _ = new_game(RULES, 2, random.Random(2))
    v = view(state, 0)
    assert state_from_view(v, state.hands, []).trump_lead == state.trump_lead


def test_the_weight_of_cards_one_of_which_is_held():
    assert held_one_weight(29, 6, 1) == MAX_WEIGHT  # the one card: surely held
    assert held_one_weight(29, 6, 2) > held_one_weight(29, 6, 5) > 1.0
    assert held_one_weight(29, 0, 3) == 1.0


def _read_game(seed: int):
    """A random two-player game, seat 0's reading at each of its views, with the
    true state then."""
    rng = random.Random(seed)
    state, _ = new_game(RULES, 2, rng)
    dealt = state.hands[1]
    reader = FirstLead()
    agents = RandomChoice(rng)
    while not state.finished:
        seat = next_actor(state)
        if seat == 0:
            v = view(state, 0)
            reader.observe(v)
            yield reader, v, state, dealt
        apply_in_place(state, agents.choose(view(state, seat), legal_actions(state, seat)))


@pytest.mark.parametrize("seed", range(60))
def test_what_is_read_is_true_of_the_other_hand(seed):
    for reader, v, state, dealt in _read_game(seed):
        trumps = SUIT_MASKS[v.trump]
        if reader.lacked is not None:
            assert not reader.lacked.cards & dealt  # it was dealt none of them
            assert reader.lacked.talon == len(state.talon) or v.bout > 0
        if reader.holds:
            assert reader.holds & trumps == reader.holds
            assert reader.holds & dealt  # it was dealt one of them
            tilted = reader.tilt(v, None)
            if reader.holds & ~v.unseen:
                assert tilted is None  # one of them seen: it may have been the card
            else:
                assert reader.holds & state.hands[1]  # it holds one still
                if v.talon_count > 1:  # unseen cards in the talon too: weighed up
                    assert tilted is not None
                    assert all(tilted[c] > 1.0 for c in range(52) if reader.holds >> c & 1)


def test_a_reading_comes_from_the_rule_only():
    rng = random.Random(1)
    for _ in range(20):
        state, _ = new_game(Rules(first_attacker="left_of_dealer"), 2, rng)
        reader = FirstLead()
        reader.observe(view(state, 0))
        assert reader.lacked is None and reader.holds == 0
