"""A search's leaves valued exactly once the talon is short.

With a talon of a few cards a sampled two-player deal (its talon's order sampled
too) is a game of perfect information, small enough to solve now and then: its
exact value then replaces the playout, carrying the endgame solver's strength a
bout or two earlier. Most sampled deals are met again (a hidden card or two to
place), and their values are read from the solver's table, kept through the game
(``KeptSolver``). A decision's solving stops at a node budget: beyond it, playouts
as before. Expert uses it in two-player Prostoy (``prostoy_search``) and Podkidnoy
(``throw_in_leaves``).

In Podkidnoy a deal is far bigger to solve than in Prostoy (throw-ins, six-card
hands): with the talon at 2 (14 cards) no decision of 19 had its ten sampled deals
solved within 20,000 nodes (a deal took 7,400 nodes at the median of those solved),
and at 3 none solved at all (normal-vs-normal games, issue 18's rules). So the
throw-in games solve at a talon of 2 only, and as far as the budget goes.
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine.actions import Action
from game.engine.state import State, lowest_trump_card
from game.engine.view import View

from .endgame import KeptSolver, Node, NodeLimit, Solver, position

THROW_IN_VARIANTS = ("podkidnoy",)  # measured there (Perevodnoy's transfers: bigger still)
THROW_IN_TALON = 2
THROW_IN_CARDS = 14
THROW_IN_NODES = 20_000

Place = Callable[[State, int], Node]  # an engine state as the solver's position for a seat


class ExactLeaves:
    """Exact values of sampled deals with 2..``talon`` talon cards and at most
    ``cards`` cards in hands and talon, within ``nodes`` solver nodes a decision."""

    solved = overflows = 0  # leaves solved exactly, and given up at the node limit

    def __init__(self, make: Callable[[View], Solver], place: Place = position, *,
                 talon: int, cards: int, nodes: int, no_exchange: bool = False) -> None:
        self.solvers = KeptSolver(make)
        self.place = place
        self.talon, self.cards, self.nodes = talon, cards, nodes
        # leave out deals where a trump exchange may still come (the solver plays none)
        self.no_exchange = no_exchange
        self.exact: Solver | None = None  # the solver of the current decision's leaves
        self.nodes_left = 0  # of the decision's ``nodes``

    def prepare(self, v: View, applies: bool = True) -> None:
        """Before a decision's search: solve its leaves if ``applies`` and the talon is short."""
        short = applies and 2 <= v.talon_count <= self.talon
        self.exact = self.solvers.get(v) if short else None
        self.nodes_left = self.nodes

    def value(self, base: State, action: Action, seat: int,
              step: Callable[[State, Action], object]) -> float | None:
        """The exact outcome for ``seat`` of ``action`` on the sampled deal ``base``
        (``step`` makes it on a copy), or None where the solver does not answer: the
        deal too big, or the decision's node budget spent (None from then on)."""
        solver = self.exact
        if solver is None or not self.fits(base):
            return None
        s = base.copy()
        step(s, action)
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
        """Is ``s`` (a sampled two-player deal) small enough to solve, and without
        an exchange to come where that matters?"""
        if len(s.talon) > self.talon:
            return False
        if sum(h.bit_count() for h in s.hands) + len(s.talon) > self.cards:
            return False
        return not (self.no_exchange and exchange_to_come(s))


def exchange_to_come(s: State) -> bool:
    """May someone still swap the lowest trump for the face-up one: a seat holds it
    with the right to, or it is still to be drawn from under the talon's top?"""
    if not s.rules.trump_exchange or not s.talon:
        return False
    low = lowest_trump_card(s.rules.deck, s.trump)
    return s.exchanger >= 0 or low in s.talon[1:]


def throw_in_applies(v: View) -> bool:
    """Two-player games the throw-in solver models (no cheating, no second trump)."""
    return (v.n == 2 and v.rules.variant in THROW_IN_VARIANTS and not v.rules.cheating
            and not v.second)


def throw_in_leaves() -> ExactLeaves:
    """Expert's exact leaves in two-player Podkidnoy (``throw_in_applies``)."""
    return ExactLeaves(_new_throw_in_solver, talon=THROW_IN_TALON, cards=THROW_IN_CARDS,
                       nodes=THROW_IN_NODES, no_exchange=True)


def _new_throw_in_solver(v: View) -> Solver:
    return Solver(v.rules, v.trump, THROW_IN_NODES, v.hand_size)
