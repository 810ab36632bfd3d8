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

from .endgame import DRAW, LOSS, WIN, Node, Solver, position


def hidden_cards(v: View, opp: int) -> list[int]:
    """The cards that may lie face down on the face-up trump: those this seat has
    not seen and has not seen the other seat take."""
    return list(iter_mask(v.unseen & ~v.known[opp]))


def applies(v: View) -> bool:
    """The talon holds one unseen card on the face-up trump."""
    return v.talon_count == 2 and v.trump_card is not None and not v.second


def best_actions(v: View, legal: list[Action], opp: int, solver: Solver) -> list[Action]:
    """The actions of ``legal`` with the best exact value summed over the possible
    face-down cards (raises NodeLimit past the solver's budget).

    Branch and bound: every move is solved on the first deal, then the moves in the
    order of that value, each dropped once the deals left cannot bring it level with
    the best sum so far (its exact values are asked only as far as that needs)."""
    me, face_up = v.seat, v.trump_card
    assert face_up is not None, "applies() holds"
    everything = v.unseen | v.known[opp]
    roots = []
    for hidden in hidden_cards(v, opp):
        hands = [0] * v.n
        hands[me], hands[opp] = v.hand, everything & ~(1 << hidden)
        roots.append(state_from_view(v, hands, [hidden, face_up]))

    def node(i: int, deal: int) -> Node:
        return position(apply(roots[deal], legal[i])[0], me)

    first = [solver.value(node(i, 0)) for i in range(len(legal))]
    best, totals = -1, dict[int, int]()
    for i in sorted(range(len(legal)), key=lambda i: -first[i]):
        total = first[i]
        for deal in range(1, len(roots)):
            need = best - total - WIN * (len(roots) - 1 - deal)  # to stay level with best
            got = value_if(solver, node(i, deal), need)
            if got is None:
                break
            total += got
        else:
            totals[i] = total
            best = max(best, total)
    return [a for i, a in enumerate(legal) if totals.get(i) == best]


def value_if(solver: Solver, p: Node, need: int) -> int | None:
    """``p``'s exact value, or None where it is below ``need``."""
    if need <= LOSS:
        return solver.value(p)
    if solver.at_least(p, WIN):
        return WIN
    if need == WIN or not solver.at_least(p, DRAW):
        return None
    return DRAW
