"""How much one decision gave away, by the expert's own judgement (the coach's review).

From the deciding seat's view only: the move the expert would have made, and how
much better it is than the move chosen, as a share of games won (a win 1, a draw
1/2). Exact when the expert's endgame solver can tell, else estimated by playing
both moves out on the same sampled deals (common random numbers, so the two
estimates share their luck and their difference is steady).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.engine.actions import Action
from game.engine.play import apply_in_place, apply_listed
from game.engine.view import View

from .endgame import DRAW, WIN, NodeLimit, Solver, position
from .expert import SOLVER_MAX_NODES, ExpertAgent, endgame_applies, endgame_root
from .playout import playout
from .sampling import determinize

THINK_MS = 120  # the expert's budget for its own choice, per decision reviewed
DEALS = 120  # sampled deals on which the chosen and the preferred move are played out


@dataclass(frozen=True, slots=True)
class Assessment:
    """The expert's move and what the chosen move cost against it (0 to 1)."""

    best: Action
    loss: float
    exact: bool = False  # the endgame solver's value, not an estimate


def assess(v: View, legal: list[Action], chosen: Action, seed: int,
           think_ms: int = THINK_MS, deals: int = DEALS,
           iterations: int | None = None) -> Assessment:
    """Judge ``chosen`` among ``legal`` in ``v``. ``iterations``: the expert searches a
    fixed number of deals (deterministic, for tests) instead of ``think_ms``."""
    if chosen not in legal:
        raise ValueError(f"{chosen} is not among the legal actions")
    if len(legal) < 2:
        return Assessment(chosen, 0.0)
    expert = ExpertAgent(v.seat, seed, think_ms, iterations)
    # the flat searches with plain playouts, not the trees nor solved endgames: their
    # choice is judged as the loss below is, by playing moves out on sampled deals
    # (another judgement's choice can differ, and would then read as no loss)
    expert.tree = expert.tree_many = expert.solve_leaves = False
    best = expert.choose(v, list(legal))
    if best == chosen:
        return Assessment(best, 0.0)
    exact = exact_values(v, [chosen, best]) if endgame_applies(v) else None
    if exact is not None:
        return Assessment(best, max(0.0, exact[1] - exact[0]), exact=True)
    mine, theirs = sampled_values(v, [chosen, best], random.Random(seed), deals)
    return Assessment(best, max(0.0, theirs - mine))


def exact_values(v: View, actions: list[Action]) -> list[float] | None:
    """Each action's value against perfect play (1, 1/2, 0), or None beyond the
    solver's node limit."""
    me = v.seat
    root = endgame_root(v, me)
    solver = Solver(v.rules, v.trump, SOLVER_MAX_NODES, v.hand_size)
    out = []
    try:
        for a in actions:
            child = root.copy()
            apply_in_place(child, a)
            p = position(child, me)
            value = WIN if solver.at_least(p, WIN) else DRAW if solver.at_least(p, DRAW) else 0
            out.append(value / 2)
    except NodeLimit:
        return None
    return out


def sampled_values(v: View, actions: list[Action], rng: random.Random,
                   deals: int) -> list[float]:
    """Each action's share of games won, over ``deals`` deals that fit ``v``."""
    totals = [0.0] * len(actions)
    for _ in range(deals):
        base = determinize(v, rng)
        seed = rng.getrandbits(32)
        for i, a in enumerate(actions):
            s = base.copy()
            apply_in_place(s, a)
            totals[i] += playout(s, v.seat, random.Random(seed), apply_listed)
    return [t / deals for t in totals]
