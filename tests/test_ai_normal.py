"""The normal level's rules of thumb in the throw-in games, in hand-made positions."""

from __future__ import annotations

import random

from game.ai.heuristics import normal_choice
from game.engine import (
    Attack,
    Defend,
    Pass,
    Take,
    apply_in_place,
    legal_actions,
    next_actor,
    parse_card,
    view,
)
from game.engine.cards import mask_of

from .ai_helpers import cards, table


def choice(s, seat=None, **seen):
    seat = next_actor(s) if seat is None else seat
    v = view(s, seat)._replace(**seen)
    return normal_choice(v, legal_actions(s, seat), random.Random(1))


def test_takes_rather_than_spend_a_trump_while_the_talon_is_long():
    for talon, answer in ((20, Take(1)), (7, Defend(1, parse_card("9S"), parse_card("7H")))):
        s = table("9S 8C KD AS QC JD", "7S 8S 7H 9C JC 8D", talon=talon)
        apply_in_place(s, Attack(0, (parse_card("9S"),)))
        assert choice(s) == answer, talon


def test_covers_with_a_card_whose_rank_cannot_be_thrown_in():
    # the jacks are all gone: covering with the jack opens no throw-in, the ten three
    jacks = "JH JD JC"
    s = table("9S 8C KD AS QC 7D", "10S JS 7H 9C 8S 8D", talon=18, away=jacks)
    apply_in_place(s, Attack(0, (parse_card("9S"),)))
    seen = view(s, 1).discard | mask_of(cards(jacks))
    assert choice(s, discard=seen) == Defend(1, parse_card("9S"), parse_card("JS"))
    assert choice(s) == Defend(1, parse_card("9S"), parse_card("10S"))  # nothing seen


def test_endgame_leads_one_card_of_a_pair_to_throw_in_the_other():
    s = table("7S 7D KH", "8S AD QH 9C", talon=0)
    lead = choice(s)
    assert type(lead) is Attack and lead.cards in ((parse_card("7S"),), (parse_card("7D"),))


def test_throws_in_trumps_only_when_the_talon_is_short():
    for talon, last in ((5, Pass(0)), (2, Attack(0, (parse_card("8H"),)))):
        s = table("8C 8S 8H 10D KS AS", "10C QS 7H 9C JC 8D", talon=talon)
        apply_in_place(s, Attack(0, (parse_card("8C"),)))
        apply_in_place(s, Defend(1, parse_card("8C"), parse_card("10C")))
        assert choice(s, 0) == Attack(0, (parse_card("8S"),))
        apply_in_place(s, Attack(0, (parse_card("8S"),)))
        apply_in_place(s, Defend(1, parse_card("8S"), parse_card("QS")))
        assert choice(s, 0) == Attack(0, (parse_card("10D"),))
        apply_in_place(s, Attack(0, (parse_card("10D"),)))
        apply_in_place(s, Defend(1, parse_card("10D"), parse_card("7H")))
        assert choice(s, 0) == last, talon
