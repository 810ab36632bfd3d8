"""Two players, the talon down to two cards: one face down on the face-up trump.

Each card this seat has not seen may be the face-down one, and with it placed every
card is known: a handful of deals (one for each such card, equally likely), each a
game of perfect information that the endgame solver can play out, draws included.
Each move's exact values are summed over those deals, and only the moves with the
best sum are left to the search. The other seat knows as little as this one for the
rest of the bout only; after the draw everything is known to both.

Positions are too big to solve every time (a decision took from a few milliseconds to
seconds of the solver, median about a second, in normal-against-normal games), so it
stops at a node budget and the search decides as before.
"""

from __future__ import annotations

from game.engine.actions import Action
from game.engine.cards import iter_mask
from game.engine.play import apply
from game.engine.view import View, state_from_view

from .endgame import Solver, position


def hidden_cards(v: View, opp: int) -> list[int]:
    """The cards that may lie face down on the face-up trump: those this seat has
    not seen and has not seen the other seat take."""
    return list(iter_mask(v.unseen & ~v.known[opp]))


def applies(v: View) -> bool:
    """The talon holds one unseen card on the face-up trump."""
    return v.talon_count == 2 and v.trump_card is not None and not v.second


def best_actions(v: View, legal: list[Action], opp: int, solver: Solver) -> list[Action]:
    """The actions of ``legal`` with the best exact value summed over the possible
    face-down cards (raises NodeLimit past the solver's budget)."""
    me, face_up = v.seat, v.trump_card
    assert face_up is not None, "applies() holds"
    everything = v.unseen | v.known[opp]
    totals = [0] * len(legal)
    for hidden in hidden_cards(v, opp):
        hands = [0] * v.n
        hands[me], hands[opp] = v.hand, everything & ~(1 << hidden)
        root = state_from_view(v, hands, [hidden, face_up])
        for i, a in enumerate(legal):
            totals[i] += solver.value(position(apply(root, a)[0], me))
    top = max(totals)
    return [a for a, t in zip(legal, totals, strict=True) if t == top]
