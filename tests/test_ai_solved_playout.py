"""Playouts whose small endgames are solved (game/ai/solved_playout.py), and
expert's switch for them."""

from __future__ import annotations

import random
from itertools import islice

import pytest

from game.ai import expert as expert_module
from game.ai import fast, solved_playout
from game.ai.endgame import Solver, position
from game.ai.expert import LEAF_TALON, ExpertAgent
from game.ai.fast_playout import fast_move, fast_playout, outcome
from game.engine import Rules, apply, legal_actions, new_game, next_actor, view
from game.engine.actions import Attack
from game.engine.play import apply_in_place

from .ai_helpers import cards, table

MAPPINGS = [
    {"attack_limit": None, "trump_exchange": False},
    {"attack_limit": 2, "deck": 24},
    {"variant": "perevodnoy"},
    {"variant": "perevodnoy", "transfer_by_showing_trump": True, "attack_limit": None},
]


def small_endgames(rules: Rules, seed: int | str, most: int):
    """Engine states of random two-player games at bout starts with the talon empty
    and at most ``most`` cards in hand."""
    rng = random.Random(seed)
    while True:
        s, _ = new_game(rules, 2, rng)
        while s.result is None:
            if not s.talon and not s.attacks and sum(h.bit_count() for h in s.hands) <= most:
                yield s
                break
            seat = next_actor(s)
            s = apply(s, rng.choice(legal_actions(s, seat)))[0]


@pytest.mark.parametrize("mapping", MAPPINGS)
def test_a_small_endgame_gets_the_solvers_value_of_the_engine_position(mapping):
    rules = Rules.from_mapping(mapping)
    for i, s in enumerate(islice(small_endgames(rules, str(mapping), 8), 40)):
        me = i % 2
        solver = Solver(rules, s.trump)
        f = fast.from_state(s)
        assert f is not None
        exact = Solver(rules, s.trump).value(position(s, me)) / 2
        assert solved_playout.solved(f, me, solver, 8) == exact
        assert solved_playout.solved(f, me, solver, 0) is None  # too many cards


def test_a_playout_stops_at_a_small_endgame_with_its_exact_value():
    rules = Rules.from_mapping(MAPPINGS[0])
    for i, s in enumerate(islice(small_endgames(rules, 5, 10), 30)):
        f = fast.from_state(s)
        assert f is not None
        solver = Solver(rules, s.trump)
        exact = solver.value(position(s, 0)) / 2
        assert solved_playout.playout(f.copy(), 0, random.Random(i), solver, 52) == exact


def test_without_a_small_enough_endgame_it_is_the_plain_playout():
    rng = random.Random(9)
    rules = Rules.from_mapping(MAPPINGS[2])
    for i in range(40):
        s, _ = new_game(rules, 2, rng)
        for _ in range(rng.randrange(30)):
            if s.result is not None:
                break
            s = apply(s, rng.choice(legal_actions(s, next_actor(s))))[0]
        f = fast.from_state(s)
        assert f is not None
        solver = Solver(rules, s.trump)
        plain = fast_playout(f.copy(), 0, random.Random(i))
        assert solved_playout.playout(f.copy(), 0, random.Random(i), solver, 0) == plain


def test_a_playout_from_further_back_plays_on_to_the_first_small_bout_start():
    rules = Rules.from_mapping(MAPPINGS[0])
    rng = random.Random(11)
    checked = 0
    for i in range(60):
        s, _ = new_game(rules, 2, rng)
        while s.result is None and len(s.talon) > 4:
            s = apply(s, rng.choice(legal_actions(s, next_actor(s))))[0]
        f = fast.from_state(s)
        if f is None or f.result != fast.RUNNING:
            continue
        solver = Solver(rules, s.trump)
        # the reference: normal's moves from the same seed until an empty table with
        # the talon empty and at most six cards in hand, then the exact value
        g, moves = f.copy(), random.Random(i)
        while g.result == fast.RUNNING and (g.talon or g.att or g.hands[0].bit_count()
                                             + g.hands[1].bit_count() > 6):
            actor = fast.next_actor(g)
            fast.apply(g, actor, fast_move(g, actor, moves))
        if g.result == fast.RUNNING:
            expected = solver.value(solver.bout_start(g.attacker == 0, g.hands[g.attacker],
                                                      g.hands[g.defender], 0)) / 2
            checked += 1
        else:
            expected = outcome(g, 0)
        assert solved_playout.playout(f.copy(), 0, random.Random(i), solver, 6) == expected
    assert checked > 20


def search_spied(monkeypatch, s, seat: int, on: bool, cheap: bool = False) -> int:
    """How many of expert's playouts for ``seat``'s decision in ``s`` were solved ones."""
    calls = []
    real = solved_playout.playout

    def spy(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(expert_module.solved_playout, "playout", spy)
    monkeypatch.setattr(ExpertAgent, "solve_leaves", on)
    monkeypatch.setattr(ExpertAgent, "read_habits", cheap)
    agent = ExpertAgent(seat, 3, think_ms=50, iterations=30)
    agent.plan = None
    if cheap:
        agent._habit.trusted = lambda: True
    agent.choose(view(s, seat), legal_actions(s, seat))
    return len(calls)


def defence(talon: int):
    s = table("9S 10C KD AS QC JD", "7S 10S 7H 9C JC 8D", talon=talon)
    apply_in_place(s, Attack(0, tuple(cards("9S"))))
    return s


def test_expert_solves_its_playouts_endgames_only_where_switched_on_and_the_talon_short(
        monkeypatch):
    assert search_spied(monkeypatch, defence(LEAF_TALON), 1, on=True) > 0
    assert search_spied(monkeypatch, defence(LEAF_TALON), 1, on=False) == 0
    assert search_spied(monkeypatch, defence(LEAF_TALON + 1), 1, on=True) == 0


def test_an_opponent_played_out_as_cheapest_first_keeps_its_own_playouts(monkeypatch):
    assert search_spied(monkeypatch, defence(LEAF_TALON), 1, on=True, cheap=True) == 0
