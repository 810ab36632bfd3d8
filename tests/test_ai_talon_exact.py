"""A talon of two (one face-down card on the face-up trump), solved deal by deal."""

from __future__ import annotations

import random

import pytest

from game.ai import bench_talon, expert, talon_exact
from game.ai.endgame import NodeLimit, Solver
from game.ai.expert import ExpertAgent, talon_exact_applies
from game.engine import Rules, apply, legal_actions, next_actor
from game.engine.cards import iter_mask
from game.engine.view import view

from .test_ai_endgame import minimax, short_talon_endgame

CASES = [
    {"variant": "podkidnoy", "deck": 24, "hand_size": 2},
    {"variant": "podkidnoy", "deck": 24, "hand_size": 3, "attack_limit": None},
    {"variant": "perevodnoy", "deck": 24, "hand_size": 2},
]


def positions(mapping: dict, count: int):
    """Positions of a talon of two where ``talon_exact`` applies, with the seat to move
    and its choices."""
    rules = Rules.from_mapping(mapping)
    rng = random.Random(f"talon exact {mapping}")
    found = 0
    while found < count:
        s = short_talon_endgame(rules, rng, 2, 2)
        me = next_actor(s)
        legal = legal_actions(s, me)
        if len(legal) > 1 and talon_exact_applies(view(s, me)) == 1 - me:
            found += 1
            yield s, me, legal


def reference_best(s, me: int) -> list:
    """The legal moves with the best minimax value summed over every card the face-down
    one could be, each deal made by swapping that card with the true face-down card."""
    opp = 1 - me
    real = s.talon[-1]  # the engine's talon is bottom first: the face-up trump at 0
    legal = legal_actions(s, me)
    totals = [0] * len(legal)
    for hidden in [real, *iter_mask(s.hands[opp])]:
        deal = s.copy()
        if hidden != real:
            deal.hands[opp] = deal.hands[opp] & ~(1 << hidden) | 1 << real
            deal.talon[-1] = hidden
        for i, a in enumerate(legal):
            totals[i] += minimax(apply(deal, a)[0], me, frozenset())
    return [a for a, t in zip(legal, totals, strict=True) if t == max(totals)]


@pytest.mark.parametrize("mapping", CASES)
def test_best_actions_are_the_best_summed_over_every_face_down_card(mapping):
    narrowed = 0
    for s, me, legal in positions(mapping, 10):
        solver = Solver(s.rules, s.trump, hand_size=s.hand_size)
        got = talon_exact.best_actions(view(s, me), legal, 1 - me, solver)
        assert got == reference_best(s, me)
        narrowed += len(got) < len(legal)
    assert narrowed  # some positions have moves worse than the best


def searched_among(monkeypatch) -> list[list]:
    """The moves expert's search is given, decision by decision."""
    asked: list[list] = []
    search = ExpertAgent.search

    def spy(self, v, legal, avoid, weights=None):
        asked.append(list(legal))
        return search(self, v, legal, avoid, weights)

    monkeypatch.setattr(ExpertAgent, "search", spy)
    return asked


def test_expert_searches_only_among_the_best_moves(monkeypatch):
    asked = searched_among(monkeypatch)
    for s, me, legal in positions(CASES[1], 10):
        best = reference_best(s, me)
        asked.clear()
        chosen = ExpertAgent(me, 5, 50, iterations=8).choose(view(s, me), legal)
        assert chosen in best
        assert asked == ([best] if len(best) > 1 else [])


def test_past_the_node_budget_the_search_decides_among_all_moves(monkeypatch):
    monkeypatch.setattr(expert, "TALON_EXACT_NODES", 0)
    asked = searched_among(monkeypatch)
    s, me, legal = next(positions(CASES[0], 1))
    ExpertAgent(me, 5, 50, iterations=8).choose(view(s, me), legal)
    assert asked == [legal]


def test_the_face_down_card_too_big_to_solve_raises_node_limit():
    s, me, legal = next(positions(CASES[1], 1))
    solver = Solver(s.rules, s.trump, max_nodes=0, hand_size=s.hand_size)
    with pytest.raises(NodeLimit):
        talon_exact.best_actions(view(s, me), legal, 1 - me, solver)


def test_the_bench_runs_and_reports():
    assert bench_talon.main(["--deals", "1", "--replays", "1", "--iterations", "4"]) == 0
