"""The arena's ``greedy`` yardstick: legal moves, and its few rules in hand-made positions."""

from __future__ import annotations

import random

import pytest

from game.ai import ARENA_AGENTS, LEVELS, make_agent
from game.ai.greedy import greedy_choice
from game.engine import (
    Attack,
    Defend,
    Pass,
    Rules,
    Take,
    apply_in_place,
    legal_actions,
    new_game,
    next_actor,
    parse_card,
    view,
)
from game.session.loop import play_game

from .ai_helpers import table


def choice(s, seat=None):
    seat = next_actor(s) if seat is None else seat
    return greedy_choice(view(s, seat), legal_actions(s, seat))


def test_greedy_is_an_arena_agent_not_a_level():
    assert "greedy" in ARENA_AGENTS and "greedy" not in LEVELS
    from game import config
    assert "greedy" not in config.LEVELS


def test_leads_its_lowest_plain_card_and_no_trump_early():
    s = table("7H 9S 8C KD AS QC", "7S 8S 9C 10C JC QS", talon=20)
    assert choice(s) == Attack(0, (parse_card("8C"),))


def test_late_leads_lowest_card_and_only_trumps_lead_the_lowest_trump():
    s = table("7H 9S 8H", "7S 8S 9C", talon=3)
    assert choice(s) == Attack(0, (parse_card("9S"),))
    s = table("QH 7H AH", "7S 8S 9C", talon=20)
    assert choice(s) == Attack(0, (parse_card("7H"),))


def test_covers_cheaply_with_plain_cards():
    s = table("9S 8C KD AS QC JD", "10S QS 7H 9C JC 8D", talon=20)
    apply_in_place(s, Attack(0, (parse_card("9S"),)))
    assert choice(s) == Defend(1, parse_card("9S"), parse_card("10S"))


def test_takes_rather_than_cover_with_a_trump_early_but_not_late():
    early = table("9S 8C KD AS QC JD", "7S 8S 7H 9C JC 8D", talon=20)
    apply_in_place(early, Attack(0, (parse_card("9S"),)))
    assert choice(early) == Take(1)
    late = table("9S 8C KD AS QC JD", "7S 8S 7H 9C JC 8D", talon=4)
    apply_in_place(late, Attack(0, (parse_card("9S"),)))
    assert choice(late) == Defend(1, parse_card("9S"), parse_card("7H"))


def test_always_throws_in_lowest_first_but_no_trump_early():
    for talon, last in ((20, Pass(0)), (2, Attack(0, (parse_card("8H"),)))):
        s = table("8C 8S 8H 10D KS AS", "10C QS 7H 9C JC 8D", talon=talon)
        apply_in_place(s, Attack(0, (parse_card("8C"),)))
        apply_in_place(s, Defend(1, parse_card("8C"), parse_card("10C")))
        assert choice(s, 0) == Attack(0, (parse_card("8S"),))  # 8S before 10D, not 8H
        apply_in_place(s, Attack(0, (parse_card("8S"),)))
        apply_in_place(s, Defend(1, parse_card("8S"), parse_card("QS")))
        assert choice(s, 0) == Attack(0, (parse_card("10D"),))
        apply_in_place(s, Attack(0, (parse_card("10D"),)))
        apply_in_place(s, Defend(1, parse_card("10D"), parse_card("7H")))
        assert choice(s, 0) == last  # only the trump 8H is left to throw in


@pytest.mark.parametrize("mapping", [{}, {"variant": "perevodnoy"}, {"variant": "prostoy"},
                                     {"attack_limit": None, "trump_exchange": False}])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_finishes_games_with_legal_moves_only(mapping, players):
    rules = Rules.from_mapping(mapping)
    rng = random.Random(players)
    for game in range(3):
        s, _ = new_game(rules, players, rng)
        agents = [make_agent("greedy", seat, game) for seat in range(players)]
        assert play_game(s, agents, max_moves=3000).finished  # an illegal choice raises
