"""What a view says others hold must be true: a shown trump given away in an exchange
is no longer known to be in that hand."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Rules, apply_in_place, from_deal, state_from_view, view
from game.engine.actions import Attack, Defend, Exchange, Show, Take
from game.engine.cards import iter_mask, parse_card, parse_suit

from .engine_helpers import random_game


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def test_a_shown_trump_given_in_exchange_is_no_longer_known_in_that_hand():
    rules = Rules.from_mapping({"variant": "perevodnoy", "deck": 24,
                                "transfer_by_showing_trump": True})
    hands = [cards("9D 10D JD QH KH AH"), cards("9S 10C JC QC KC AC")]
    state, _ = from_deal(rules, hands, cards("9H 10H JH AS"), parse_suit("S"), attacker=0)
    for action in (Attack(0, (parse_card("9D"),)), Show(1, parse_card("9S")), Exchange(1)):
        apply_in_place(state, action)
    known = view(state, 0).known[1]
    assert not known >> parse_card("9S") & 1
    assert known >> parse_card("AS") & 1
    for c in iter_mask(known):
        assert state.hands[1] >> c & 1


def test_a_picked_up_card_is_known_while_held_and_no_longer_once_played():
    hands = [cards("6S 7S 10C"), cards("8H 9H JD")]
    state, _ = from_deal(Rules(), hands, [], parse_suit("H"), attacker=0)
    six = parse_card("6S")
    for action in (Attack(0, (six,)), Take(1)):
        apply_in_place(state, action)
    assert view(state, 0).known[1] == 1 << six  # everyone saw it picked up
    seven = parse_card("7S")  # beaten off with a trump: the defender leads next
    for action in (Attack(0, (seven,)), Defend(1, seven, parse_card("8H")), Attack(1, (six,))):
        apply_in_place(state, action)
    assert view(state, 0).known[1] == 0  # it went back on the table


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 4), st.integers(0, 2**32))
def test_in_games_with_shows_and_exchanges_every_known_card_is_in_that_hand(players, seed):
    rules = Rules.from_mapping({"variant": "perevodnoy", "deck": 24, "hand_size": 4,
                                "transfer_by_showing_trump": True})

    def check(state, _action):
        for seat in range(state.n):
            for other, known in enumerate(view(state, seat).known):
                assert known & ~state.hands[other] == 0, (seat, other)

    random_game(rules, players, seed, on_step=check)


def test_a_deal_guessed_from_a_view_gives_the_other_holder_of_the_lowest_trump_its_exchange():
    rules = Rules.from_mapping({"deck": 24})
    hands = [cards("9D 10D JD QH KH AH"), cards("9S 10C JC QC KC AC")]
    state, _ = from_deal(rules, hands, cards("9H 10H JH AS"), parse_suit("S"), attacker=0)
    v = view(state, 0)
    assert not v.may_exchange
    guessed = state_from_view(v, state.hands, list(reversed(state.talon)))
    assert guessed.exchanger == state.exchanger == 1


def test_a_lowest_trump_everyone_saw_picked_up_gives_no_exchange_in_a_guessed_deal():
    rules = Rules.from_mapping({"deck": 24})
    hands = [cards("9S 10D JD QH KH AH"), cards("9D 10C JC QC KC AC")]
    state, _ = from_deal(rules, hands, cards("9H 10H JH AS"), parse_suit("S"), attacker=0)
    for action in (Attack(0, (parse_card("9S"),)), Take(1)):  # nobody can throw in
        apply_in_place(state, action)
    v = view(state, 0)
    assert state.hands[1] >> parse_card("9S") & 1 and state.exchanger == -1
    guessed = state_from_view(v, state.hands, list(reversed(state.talon)))
    assert guessed.exchanger == -1
