"""A two-player playout is played to its result: a seat that goes out first may
still draw (the defender covers the last attack with its own last card), so going
out is not scored a win. With three or more players going out is safe, and the
playout may stop there."""

from __future__ import annotations

import random

import pytest

from game.ai import fast, playout, prostoy_fast, solved_playout
from game.ai.endgame import Solver
from game.ai.fast_playout import fast_playout
from game.engine import Rules, from_deal
from game.engine.state import State

from .ai_helpers import HEARTS, RULES, cards, table


def last_cards(rules: Rules = RULES) -> State:
    """Talon empty; seat 0 leads its only card, the 6S; seat 1 covers it with its
    only card, the 7S: nobody holds cards, a draw."""
    s, _ = from_deal(rules, [cards("6S"), cards("7S")], [], HEARTS, 0)
    return s


@pytest.mark.parametrize("seat", [0, 1])
def test_the_fast_playout_of_a_seat_going_out_first_scores_the_draw(seat):
    f = fast.from_state(last_cards())
    assert f is not None
    assert fast_playout(f, seat, random.Random(1)) == 0.5


def test_the_engine_playout_scores_the_draw():
    assert playout.playout(last_cards(), 0, random.Random(1)) == 0.5


def test_the_solved_playout_scores_the_draw():
    f = fast.from_state(last_cards())
    assert f is not None
    solver = Solver(RULES, HEARTS, 1000, 6)
    assert solved_playout.playout(f, 0, random.Random(1), solver, 8) == 0.5


def test_prostoys_playout_scores_the_draw():
    s = last_cards(Rules(variant="prostoy"))
    assert prostoy_fast.covers(s)
    assert prostoy_fast.playout(s, 0, random.Random(1)) == 0.5


@pytest.mark.parametrize("seat", [0, 1])
def test_a_won_ending_still_scores_a_win(seat):
    """Seat 0 leads the 6S, its only card; seat 1 holds the 7S and the 8S: it
    covers and is left holding a card, the fool."""
    s = table("6S", "7S 8S", 0)
    f = fast.from_state(s)
    assert f is not None
    assert fast_playout(f, seat, random.Random(1)) == (1.0 if seat == 0 else 0.0)
