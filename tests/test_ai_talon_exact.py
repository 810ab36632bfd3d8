"""A talon of two (one face-down card on the face-up trump), solved deal by deal."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from game.ai import bench_solver, bench_talon, talon_exact
from game.ai.endgame import DRAW, LOSS, WIN, NodeLimit, Solver, position
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


def test_value_if_gives_the_value_where_it_reaches_what_is_needed():
    rules = Rules.from_mapping(CASES[1])
    rng = random.Random("value if")
    seen = set()
    for _ in range(30):
        s = short_talon_endgame(rules, rng, 2, 2)
        me = next_actor(s)
        p = position(s, me)
        exact = Solver(rules, s.trump, hand_size=s.hand_size).value(p)
        seen.add(exact)
        for need in (LOSS - 1, LOSS, DRAW, WIN):
            solver = Solver(rules, s.trump, hand_size=s.hand_size)
            got = talon_exact.value_if(solver, p, need)
            assert got == (exact if exact >= need else None)
    assert {WIN, LOSS} <= seen


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
    monkeypatch.setattr(ExpertAgent, "talon_exact_nodes", 0)
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


def test_the_bench_of_a_node_budget_finds_only_positions_the_base_budget_leaves(monkeypatch):
    monkeypatch.setattr(bench_talon, "talon_exact_applies", lambda v: 1 - v.seat)
    monkeypatch.setattr(bench_talon, "turn", lambda s: (0, ["a", "b"]))
    monkeypatch.setattr(bench_talon, "view", lambda s, me: SimpleNamespace(seat=me))
    budgets: list[int] = []

    def best(v, legal, opp, solver):
        budgets.append(solver.max_nodes)
        if solver.max_nodes < 1000:
            raise NodeLimit
        return legal[:1]

    monkeypatch.setattr(bench_talon.talon_exact, "best_actions", best)
    monkeypatch.setattr(bench_talon, "_new_solver",
                        lambda v, n: SimpleNamespace(max_nodes=n))
    assert bench_talon.narrowed(0, 5000, 100, None)  # narrowed at 5,000, not at 100
    assert budgets == [100, 5000]  # the cheap budget first
    budgets.clear()
    assert not bench_talon.narrowed(0, 5000, 2000, None)  # 2,000 narrows it already
    assert budgets == [2000]  # so 5,000 is never solved
    assert not bench_talon.narrowed(0, 500, None, None)  # 500 does not


def test_the_talon_two_solver_bench_runs_and_reports(capsys):
    bench_solver.main(["--talon-two", "--positions", "1", "--max-nodes", "20000"])
    assert "1 positions" in capsys.readouterr().out
