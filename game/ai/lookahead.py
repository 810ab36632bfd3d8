"""normal's look-ahead once every card is placed: the talon empty (or holding only
the face-up trump) and two seats left with cards. The club player then knows the
other hand, and with few cards left (MAX_CARDS) plays each of its moves out to
the end in its head, both sides by its own rules of thumb (the search's playout
policy, fast_playout.py); it leaves its rule-of-thumb move only for one that
comes out better.
"""

from __future__ import annotations

import random

from game.engine.actions import Action
from game.engine.cards import count
from game.engine.play import apply_in_place
from game.engine.state import State
from game.engine.view import View, state_from_view

from .fast import from_state
from .fast_playout import fast_playout

PLAYOUTS = 2  # per move; the playout policy leads a random card now and then
MAX_CARDS = 6  # in the two hands together; more, and hard's search lost its edge over normal


def placed_opponent(v: View) -> int | None:
    """The one other seat holding cards when every card is placed (the talon empty or
    only its face-up trump left, no face-down second trump, no teams), else None."""
    if v.result is not None or v.second or v.rules.teams is not None:
        return None
    if v.talon_count > (v.trump_card is not None):
        return None
    holders = [p for p in range(v.n) if v.hand_counts[p] and p != v.seat]
    if len(holders) != 1:
        return None
    opp = holders[0]
    if count(v.unseen | v.known[opp]) != v.hand_counts[opp]:
        return None  # cards out of play: the other hand is not known
    return opp


def placed_state(v: View, me: int, opp: int) -> State:
    """The state of ``v`` with every card placed (two seats with cards, ``me`` and
    ``opp``): my hand, the other's (every card I have not seen), the face-up trump
    as the talon while it lies there."""
    hands = [0] * v.n
    hands[me], hands[opp] = v.hand, v.unseen | v.known[opp]
    talon = [v.trump_card] if v.trump_card is not None else []
    return state_from_view(v, hands, talon)


def look_ahead(v: View, legal: list[Action], default: Action) -> Action:
    """``default``, or the move of ``legal`` whose playouts score best for this seat
    when every card is placed and at most MAX_CARDS are in the two hands (see the
    module's note); ``default`` on a tie."""
    opp = placed_opponent(v)
    if opp is None or len(legal) < 2 or count(v.hand) + v.hand_counts[opp] > MAX_CARDS:
        return default
    root = placed_state(v, v.seat, opp)
    if from_state(root) is None:
        return default  # rules the playouts do not model
    best, best_score = default, -1.0
    for a in [default] + [a for a in legal if a != default]:
        s = root.copy()
        apply_in_place(s, a)
        score = 0.0
        for k in range(PLAYOUTS):
            f = from_state(s)
            assert f is not None
            score += fast_playout(f, v.seat, random.Random(k))
        if score > best_score:
            best, best_score = a, score
    return best
