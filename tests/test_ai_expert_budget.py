"""Expert's budget once the talon is short (ExpertAgent.late_think): the search there
runs late_think times as long, elsewhere as before."""

from __future__ import annotations

import pytest

from game.ai.bench_agree import positions
from game.ai.expert import LATE_TALON, ExpertAgent, endgame_applies
from game.engine.legal import legal_actions, next_actor
from game.engine.view import view

from .ai_helpers import RULES


def playouts(s, late_think: float) -> int:
    seat = next_actor(s)
    agent = ExpertAgent(seat, 5, think_ms=5, iterations=60)
    agent.late_think = late_think
    agent.choose(view(s, seat), legal_actions(s, seat))
    return agent.playouts


@pytest.fixture
def plain_budget(monkeypatch):
    monkeypatch.setattr(ExpertAgent, "plan", None)  # no early stop: the budget is spent


def searched(late: bool) -> list:
    """Two-player positions that reach the flat search, the talon short or long."""
    out = []
    for s in positions(RULES, 200, 11):
        v = view(s, next_actor(s))
        short = v.talon_count <= LATE_TALON
        if short == late and not endgame_applies(v):
            out.append(s)
    return out[:4]


def test_a_decision_with_a_short_talon_searches_late_think_times_as_long(plain_budget):
    cases = searched(late=True)
    assert cases
    for s in cases:
        once, twice = playouts(s, 1.0), playouts(s, 2.0)
        assert once > 0 and 1.9 * once <= twice <= 2.1 * once


def test_a_decision_with_a_long_talon_keeps_its_budget(plain_budget):
    cases = searched(late=False)
    assert cases
    for s in cases:
        assert playouts(s, 2.0) == playouts(s, 1.0) > 0
