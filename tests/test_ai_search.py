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
