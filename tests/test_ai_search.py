"""hard's search leaves normal's move only on clear evidence."""

from __future__ import annotations

import random

from game.ai.search import DEFAULT_BONUS, Gain


def gain_of(diffs) -> Gain:
    g = Gain()
    for d in diffs:
        g.add(d)
    return g


def test_a_steady_lead_is_clear_evidence():
    assert gain_of([0.0, 1.0, 0.0, 0.0, 1.0] * 20).clear()  # +0.4, every fifth deal counts


def test_a_lead_within_the_noise_is_not():
    rng = random.Random(3)
    # +0.1 on average over 30 deals, the outcomes far apart: one standard error is 0.13
    diffs = [1.0] * 9 + [-1.0] * 6 + [0.0] * 15
    rng.shuffle(diffs)
    g = gain_of(diffs)
    assert g.total / g.n > DEFAULT_BONUS and not g.clear()
    assert gain_of(diffs * 20).clear()  # the same lead over 600 deals is


def test_a_lead_below_the_bonus_is_never_enough():
    assert not gain_of([1.0] + [0.0] * 39).clear()  # 0.025 < DEFAULT_BONUS
    assert not gain_of([1.0]).clear()  # one deal proves nothing
