"""The search leaves normal's move only when a candidate scores clearly better:
for hard by the bonus, for expert by the bonus and by the evidence."""

from __future__ import annotations

import random

from game.ai.expert import ExpertAgent
from game.ai.search import DEFAULT_BONUS, Gain, SearchAgent


def gain_of(diffs) -> Gain:
    g = Gain()
    for d in diffs:
        g.add(d)
    return g


def test_a_steady_lead_is_clear_evidence():
    assert gain_of([0.0, 1.0, 0.0, 0.0, 1.0] * 20).clear()  # +0.4, every fifth deal counts


def noisy_lead() -> list[float]:
    """+0.1 on average over 30 deals, the outcomes far apart: one standard error is 0.13."""
    diffs = [1.0] * 9 + [-1.0] * 6 + [0.0] * 15
    random.Random(3).shuffle(diffs)
    return diffs


def test_a_lead_within_the_noise_is_not():
    g = gain_of(noisy_lead())
    assert g.total / g.n > DEFAULT_BONUS and not g.clear()
    assert gain_of(noisy_lead() * 20).clear()  # the same lead over 600 deals is


def test_hard_needs_the_bonus_only_expert_the_evidence_too():
    g = gain_of(noisy_lead())
    assert g.clear(SearchAgent.switch_z) and not g.clear(ExpertAgent.switch_z)


def test_a_lead_below_the_bonus_is_never_enough():
    assert not gain_of([1.0] + [0.0] * 39).clear()  # 0.025 < DEFAULT_BONUS
    assert not gain_of([1.0]).clear()  # one deal proves nothing



def test_the_budget_runs_on_the_agents_clock():
    """A clock that jumps a second a reading ends the search after its first deal:
    one playout per candidate, however fast the machine (the arena's --cpu-clock)."""
    from game.ai import make_agent
    from game.engine import Rules, new_game
    from game.engine.legal import legal_actions
    from game.engine.view import view

    ticks = iter(range(10**6))
    for clock, at_most in ((lambda: float(next(ticks))), 6), (None, 10**9):
        agent = make_agent("hard", 0, seed=1, think_ms=150, clock=clock)
        search = agent.agent.agent  # inside Cheater and NoRepeats
        s, _ = new_game(Rules(), 2, random.Random(4))
        legal = legal_actions(s, s.attacker)
        agent.choose(view(s, s.attacker), legal)
        assert 2 <= search.playouts <= at_most  # 150 ms of wall time: many deals
        if clock is None:
            assert search.playouts > 12
