"""How expert searches two-player Prostoy where the exact solver does not decide:
as hard does, on deals weighted by prostoy_infer.

Expert's own search (playouts in which both sides play as normal does, the club
player's move kept unless another is clearly better, an early stop once the choice
is settled, leads by normal's rule while the talon has cards) scored about 0.49
against hard, and did not gain from four times the time (0.450 on 60 games where it
scored 0.467 and 0.508 before); hard, searching every move to its budget with its
simpler playouts (``playout.fast_action``), gains from time: at half its budget
it scored 0.425 against expert (0.575 for expert, the same 60 games).
Time spent on hard's kind of search pays, on expert's did not. So in two-player
Prostoy expert searches with hard's settings at its own budget, leads included,
and keeps what hard lacks: the endgame solver and the weighted deals (0.606 over
360 games against hard, seeds 201-206, where it had scored 0.490: README).

With a talon of two or three cards a sampled deal is a game of perfect information
small enough to solve: there its exact value replaces the playout (``_play_out``,
``exact_leaves``), carrying the endgame solver's strength a bout or two earlier.
"""

from __future__ import annotations

import random

from game.engine.actions import Action
from game.engine.state import State
from game.engine.view import View

from . import prostoy_infer
from .endgame_prostoy import ProstoySolver, prostoy_position
from .exact_leaves import ExactLeaves
from .fast import Fast
from .search import DrivenSearch

EXACT_TALON = 3  # a sampled deal with at most this many talon cards is solved exactly
EXACT_CARDS = 16  # ... when the hands and talon hold at most this many cards
EXACT_NODES = 20_000  # a decision's solving; beyond it playouts for the rest of it


def applies(v: View) -> bool:
    """Two-player Prostoy (prostoy_infer's games)."""
    return prostoy_infer.applies(v)


class HardSearch(DrivenSearch):
    """Hard's search, driven by an expert with the weights it passes, solving
    short-talon deals exactly (``_play_out``)."""

    def __init__(self, seat: int, seed: int, think_ms: int, iterations: int | None = None):
        super().__init__(seat, seed, think_ms, iterations)
        self.exact = ExactLeaves(_new_solver, prostoy_position, talon=EXACT_TALON,
                                 cards=EXACT_CARDS, nodes=EXACT_NODES)

    def prepare(self, v: View) -> None:
        self.exact.prepare(v)

    def _play_out(self, base: State, deal: Fast | None, action: Action, move: int | None,
                  rng: random.Random) -> float:
        """With a short talon the sampled deal's exact value rather than a playout,
        where the solver can (``exact_leaves``). A trump exchange still to come is
        left out (the solver does not play it; it changes only which trump the last
        draw gives)."""
        value = self.exact.value(base, action, self.seat, self.step)
        if value is not None:
            return value
        return super()._play_out(base, deal, action, move, rng)


def _new_solver(v: View) -> ProstoySolver:
    return ProstoySolver(v.rules, v.trump, EXACT_NODES, v.hand_size)
