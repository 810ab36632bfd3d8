"""Prostoy and Severnyi beyond the scenario files: defaults per variant, the policy,
the deal with a face-down second trump, what a view hides and how a search guesses it."""

from __future__ import annotations

import random

import pytest

from game.engine import (
    Attack,
    Defend,
    Rules,
    RulesError,
    Take,
    apply_in_place,
    legal_actions,
    new_game,
    view,
)
from game.engine import events as ev
from game.engine.cards import parse_card, suit_of
from game.engine.play import from_deal
from game.engine.variant import PEREVODNOY, PROSTOY, THROW_IN, policy_of

from .engine_helpers import random_game


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def test_prostoy_has_its_own_defaults_and_a_key_may_still_be_set():
    rules = Rules.from_mapping({"variant": "prostoy"})
    assert (rules.hand_size, rules.first_attacker) == (5, "left_of_dealer")
    assert Rules.from_mapping({"variant": "prostoy", "hand_size": 6}).hand_size == 6
    assert Rules.from_mapping({"variant": "podkidnoy"}).hand_size == 6


def test_choosing_another_variant_moves_the_keys_left_at_their_defaults():
    prostoy = Rules().with_variant("prostoy")
    assert (prostoy.hand_size, prostoy.first_attacker) == (5, "left_of_dealer")
    assert prostoy.with_variant("perevodnoy") == Rules(variant="perevodnoy")
    assert Rules(hand_size=7).with_variant("prostoy").hand_size == 7


def test_a_prostoy_deal_gives_five_cards():
    state, _ = new_game(Rules.from_mapping({"variant": "prostoy"}), 3, random.Random(1))
    assert [h.bit_count() for h in state.hands] == [5, 5, 5]
    assert state.attacker == 0


@pytest.mark.parametrize("key,value", [("throw_in", "neighbours"), ("attack_limit", 3),
                                       ("teams", [[0, 2], [1, 3]])])
def test_keys_that_do_not_apply_to_prostoy_are_refused_by_name(key, value):
    with pytest.raises(RulesError, match=f"rules.{key}: .* does not apply to prostoy"):
        Rules.from_mapping({"variant": "prostoy", key: value})


def test_prostoy_is_for_two_to_four_players():
    with pytest.raises(RulesError, match="2 to 4"):
        Rules(variant="prostoy").check_players(5)


def test_each_variant_has_its_policy():
    assert policy_of(Rules(variant="prostoy")) is PROSTOY
    assert policy_of(Rules(variant="perevodnoy")) is PEREVODNOY
    assert policy_of(Rules()) is THROW_IN
    assert not PROSTOY.throw_in and PROSTOY.partial_take
    assert PEREVODNOY.transfers and PEREVODNOY.throw_in
    assert not THROW_IN.transfers and not PROSTOY.transfers


def test_prostoy_lists_every_lead_pattern_and_only_those():
    rules = Rules.from_mapping({"variant": "prostoy"})
    state, _ = from_deal(rules, [cards("6S 6H 7S 7H 9C"), cards("8S 8H 8D 8C AS")], [], 0,
                         attacker=0)
    leads = [a for a in legal_actions(state, 0) if isinstance(a, Attack)]
    sizes = sorted(len(a.cards) for a in leads)
    # 5 singles; threes: a pair (two of them) and any of the 3 other cards; five: the hand
    assert sizes.count(1) == 5 and sizes.count(5) == 1
    assert sizes.count(3) == 6
    assert all(len(a.cards) in (1, 3, 5) for a in leads)


def test_a_partial_take_discards_the_covered_pairs_and_says_so():
    rules = Rules.from_mapping({"variant": "prostoy"})
    state, _ = from_deal(rules, [cards("JS JD 9H 7C 8C"), cards("QH 6D 10C KS 7S"),
                                 cards("AS 9C 8S 10S QC")], cards("KC 7H AH 6H 10D"), 2,
                         attacker=0)
    apply_in_place(state, Attack(0, tuple(cards("JS JD 9H"))))
    apply_in_place(state, Defend(1, parse_card("9H"), parse_card("QH")))
    events = apply_in_place(state, Take(1))
    some = [e for e in events if isinstance(e, ev.TookSome)]
    assert some == [ev.TookSome(1, tuple(cards("JS JD")), tuple(cards("9H QH")))]
    assert state.discard_count == 2


def severnyi(players: int = 2, seed: int = 3):
    return new_game(Rules(second_trump=True), players, random.Random(seed))


def test_a_severnyi_deal_puts_a_face_down_card_under_the_face_up_trump():
    state, events = severnyi()
    assert state.second == state.talon[0] and state.face_up() == 1
    assert state.trump == suit_of(state.talon[1])
    dealt = events[0]
    assert dealt.second and dealt.trump_card == state.talon[1]


def test_a_deal_with_fewer_than_two_talon_cards_has_no_second_trump():
    state, _ = new_game(Rules(second_trump=True, hand_size=6), 6, random.Random(1))
    assert state.second < 0 and not state.talon


def test_the_view_hides_the_face_down_card_and_the_search_deals_it_among_the_unseen():
    from game.ai.sampling import determinize

    state, _ = severnyi()
    v = view(state, 0)
    assert v.second and v.unseen >> state.second & 1 and v.trump_card == state.talon[1]
    guesses = set()
    for seed in range(40):
        guess = determinize(v, random.Random(seed))
        assert guess.talon[1] == state.talon[1] and guess.second == guess.talon[0]
        assert v.unseen >> guess.second & 1
        guesses.add(guess.second)
    assert len(guesses) > 5


def test_drawing_the_face_down_card_changes_the_trump_with_an_event():
    for seed in range(30):
        rules = Rules(second_trump=True)
        state, actions = random_game(rules, 2, seed, any_seat=False)
        replay, events = new_game(rules, 2, random.Random(seed))
        second = replay.second
        changes = []
        for a in actions:
            changes += [e for e in apply_in_place(replay, a) if isinstance(e, ev.TrumpChanged)]
        if second >= 0:
            assert len(changes) == 1 and changes[0].card == second
            assert replay.trump == suit_of(second) == changes[0].new
