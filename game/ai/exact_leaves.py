"""A search's leaves valued exactly once the talon is short.

With a talon of a few cards a sampled two-player deal (its talon's order sampled
too) is a game of perfect information, small enough to solve now and then: its
exact value then replaces the playout, carrying the endgame solver's strength a
bout or two earlier. Most sampled deals are met again (a hidden card or two to
place), and their values are read from the solver's table, kept through the game
(``KeptSolver``). A decision's solving stops at a node budget: beyond it, playouts
as before. Expert uses it in two-player Prostoy (``prostoy_search``).

The throw-in games' solver draws such a talon too, but a Podkidnoy deal is far
bigger to solve than a Prostoy one (throw-ins, six-card hands): with the talon at 2
(14 cards) no decision of 19 had its ten sampled deals solved within 20,000 nodes
(a deal took 7,400 nodes at the median of those solved), and at 3 none solved at all
(normal-vs-normal games, issue 18's rules). Used at a talon of 2 in expert's
two-player Podkidnoy search (as far as 20,000 nodes a decision go, at 2ce69b9) it
scored 0.623 against hard where expert scored 0.678 on the same 200 deals: not kept.
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine.actions import Action
from game.engine.state import State
from game.engine.view import View

from .endgame import KeptSolver, Node, NodeLimit, Solver
from .playout import Step

Place = Callable[[State, int], Node]  # an engine state as the solver's position for a seat


class ExactLeaves:
    """Exact values of sampled deals with 2..``talon`` talon cards and at most
    ``cards`` cards in hands and talon, within ``nodes`` solver nodes a decision."""

    solved = overflows = 0  # leaves solved exactly, and given up at the node limit

    def __init__(self, make: Callable[[View], Solver], place: Place, *,
                 talon: int, cards: int, nodes: int) -> None:
        self.solvers = KeptSolver(make)
        self.place = place
        self.talon, self.cards, self.nodes = talon, cards, nodes
        self.exact: Solver | None = None  # the solver of the current decision's leaves
        self.nodes_left = 0  # of the decision's ``nodes``

    def prepare(self, v: View) -> None:
        """Before a decision's search: solve its leaves if the talon is short."""
        self.exact = self.solvers.get(v) if 2 <= v.talon_count <= self.talon else None
        self.nodes_left = self.nodes

    def value(self, base: State, action: Action, seat: int,
              step: Step) -> float | None:
        """The exact outcome for ``seat`` of ``action`` on the sampled deal ``base``
        (``step`` makes it on a copy), or None where the solver does not answer: the
        deal too big, or the decision's node budget spent (None from then on)."""
        solver = self.exact
        if solver is None or not self.fits(base):
            return None
        s = base.copy()
        step(s, action, True)
        solver.nodes, solver.max_nodes = 0, self.nodes_left
        try:
            value = solver.value(self.place(s, seat))
        except NodeLimit:  # too big for what is left: playouts from here on
            self.overflows += 1
            self.exact = None
            return None
        self.solved += 1
        self.nodes_left -= solver.nodes
        return value / 2

    def fits(self, s: State) -> bool:
        """Is ``s`` (a sampled two-player deal) small enough to solve?"""
        return (len(s.talon) <= self.talon
                and sum(h.bit_count() for h in s.hands) + len(s.talon) <= self.cards)
