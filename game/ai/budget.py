"""Expert's time management: how long one search goes on.

The search keeps the club player's move (candidate 0) unless the best other
candidate's gain over it is clear (search.Gain.clear). Each deal gives every
candidate a playout on the same sampled cards, so the gains are paired and their
standard errors shrink as deals come in. The choice is *settled* once more deals
are unlikely to change it: every other candidate is ``K`` standard errors short
of the bonus it needs (the club player's move stays), or the best one is ``K``
standard errors past it and ahead of the rest by as much (it is played).

A settled choice stops the search early, once ``MIN_SHARE`` of the budget and
``MIN_DEALS`` deals are spent; an unsettled one goes on past the budget, up to
``CAP`` times it. (In the spirit of MCTS time management: stop when the leader
cannot be overtaken, think longer when the top two are close.)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .search import DEFAULT_BONUS, Gain

K = 2.0  # standard errors that make a choice settled
MIN_SHARE = 0.1  # of the budget, spent before any early stop
MIN_DEALS = 24  # deals before any early stop (and before extending)
CAP = 1.9  # times the budget, never more


@dataclass(frozen=True)
class Plan:
    """The parameters of the time management (module defaults)."""

    k: float = K
    min_share: float = MIN_SHARE
    min_deals: int = MIN_DEALS
    cap: float = CAP


def mean_se(g: Gain) -> tuple[float, float]:
    """The mean gain and its standard error (infinite under two deals). The error
    is at least 1/n: two moves that differ on one deal in thirty have shown no
    difference in 24 deals half the time, and a zero error would call that settled."""
    if g.n < 2:
        return (g.total / g.n if g.n else 0.0), math.inf
    mean, se = g.mean_se()
    return mean, max(se, 1 / g.n)


def settled(active: list[int], gain: list[Gain], k: float) -> bool:
    """Whether the choice among ``active`` (0 the club player's move) would
    survive more deals: see the module's docstring."""
    stats = sorted(((*mean_se(gain[i]), i) for i in active if i), key=lambda t: (-t[0], t[2]))
    if not stats:
        return True
    if all(m + k * se < DEFAULT_BONUS for m, se, _ in stats):
        return True  # none will reach the bonus: the club player's move stays
    best, best_se, _ = stats[0]
    floor = best - k * best_se
    if floor < DEFAULT_BONUS:
        return False
    return all(m + k * se < floor for m, se, _ in stats[1:])


def enough(plan: Plan, done: float, deals: int, active: list[int], gain: list[Gain]) -> bool:
    """Whether the search stops after ``deals`` deals, ``done`` the share of the
    budget used."""
    if done >= plan.cap:
        return True
    if deals < plan.min_deals or done < plan.min_share:
        return False
    return settled(active, gain, plan.k)
