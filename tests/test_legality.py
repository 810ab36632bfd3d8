"""One definition of legality: ``check`` accepts an action exactly when
``legal_actions`` lists it, for every seat, over random games of every variant."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import (
    Attack,
    Catch,
    Defend,
    Exchange,
    Pass,
    Rules,
    Show,
    Take,
    Transfer,
    apply_in_place,
    cheat_actions,
    cheat_of,
    check,
    from_deal,
    legal_actions,
    next_actor,
)
from game.engine.cards import iter_mask, parse_card
from game.engine.legal import turn

from .engine_helpers import random_game
from .test_engine_properties import rules_and_players


def orders(combo: tuple) -> list[tuple]:
    """``combo`` and, for several cards, the same cards in other orders: a lead or a
    transfer is the same action whatever order its cards are given in."""
    if len(combo) < 2:
        return [combo]
    return [combo, combo[::-1], combo[1:] + combo[:1]]


def candidates(state, seat: int) -> list:
    """Every action of ``seat`` worth asking about: the argument-free ones, and each
    one built from its hand (single attacks, leads of one rank, Prostoy's leads of
    any cards, covers, transfers, shows), leads and transfers of several cards also
    in other orders than the listed one. Throw-ins of several cards at once are
    left out: they are legal but listed one card at a time."""
    hand = list(iter_mask(state.hands[seat]))
    out: list = [Take(seat), Pass(seat), Exchange(seat), Catch(seat)]
    for c in hand:
        out += [Attack(seat, (c,)), Show(seat, c)]
        out += [Defend(seat, a, c) for a in state.attacks]
    for rank in {c % 13 for c in hand}:
        same = [c for c in hand if c % 13 == rank]
        for k in range(1, len(same) + 1):
            for combo in combinations(same, k):
                out += [Transfer(seat, cards) for cards in orders(combo)]
                if not state.started:
                    out += [Attack(seat, cards) for cards in orders(combo)]
    if not state.started and state.rules.variant == "prostoy":
        # leads of mixed ranks, legal patterns or not: every set of 2 to 5 cards of the
        # first seven (the rest of a bigger hand gives the same patterns again)
        for k in range(2, 6):
            out += [Attack(seat, cards) for combo in combinations(hand[:7], k)
                    for cards in orders(combo)]
    return out


def assert_one_legality(state) -> None:
    """``check`` accepts exactly the listed actions, and in cheating mode ``cheat_of``
    accepts exactly the listed cheats (the actions refused by a card rule alone)."""
    for seat in range(state.n):
        listed = legal_actions(state, seat)
        cheats = cheat_actions(state, seat)
        assert len(set(listed)) == len(listed), "an action is listed twice"
        assert len(set(cheats)) == len(cheats), "a cheat is listed twice"
        for action in [*listed, *cheats, *candidates(state, seat)]:
            refusal = check(state, action)
            assert (refusal is None) == (action in listed), (str(action), refusal)
            broken = cheat_of(state, action)
            assert (broken is not None) == (action in cheats), (str(action), refusal)


@settings(max_examples=80, deadline=None)
@given(rules_and_players(), st.integers(0, 2**32), st.booleans())
def test_check_accepts_exactly_the_listed_actions(rp, seed, any_seat):
    rules, players = rp
    random_game(rules, players, seed, any_seat=any_seat,
                on_step=lambda state, _action: assert_one_legality(state))


@settings(max_examples=80, deadline=None)
@given(rules_and_players(), st.integers(0, 2**32), st.booleans())
def test_turn_is_the_next_actor_and_its_legal_actions(rp, seed, any_seat):
    """The game loop asks ``turn``; everyone else ``next_actor`` and ``legal_actions``."""
    rules, players = rp

    def same(state, _action):
        seat = next_actor(state)
        assert turn(state) == (None if seat is None else (seat, legal_actions(state, seat)))

    random_game(rules, players, seed, any_seat=any_seat, on_step=same)


def test_an_attacker_with_nothing_to_throw_may_pass_and_it_is_listed():
    cards = [[parse_card(t) for t in h.split()] for h in ("6S 9C", "7S KD QC", "8D JH")]
    state, _ = from_deal(Rules(), cards, [parse_card("AC")], 1, attacker=0)
    apply_in_place(state, Attack(0, (parse_card("6S"),)))
    assert check(state, Pass(2)) is None
    assert Pass(2) in legal_actions(state, 2)


def test_a_lead_in_any_order_is_the_listed_lead_and_keeps_its_order_on_the_table():
    cards = [[parse_card(t) for t in h.split()] for h in ("7H 7S 9C", "8S KD QC")]
    state, _ = from_deal(Rules(), cards, [parse_card("AC")], 1, attacker=0)
    given = Attack(0, (parse_card("7H"), parse_card("7S")))  # not the listed order
    listed = legal_actions(state, 0)
    assert given in listed and hash(given) in {hash(a) for a in listed}
    assert Attack(0, (parse_card("7S"), parse_card("7S"))) not in listed
    apply_in_place(state, given)
    assert tuple(state.attacks) == given.cards  # the table shows the cards as they were given
