"""Guessing the hidden cards: full deals consistent with what a seat can see."""

from __future__ import annotations

import heapq
import random
from collections.abc import Sequence

from game.engine.cards import count, iter_mask
from game.engine.state import State
from game.engine.view import View, state_from_view


def determinize(v: View, rng: random.Random, avoid: Sequence[int] | None = None,
                weights: Sequence[dict[int, float] | None] | None = None) -> State:
    """A full state agreeing with ``v``: known cards stay with their holders, hand
    counts match, the face-up trump stays at the talon bottom, Severnyi's face-down card is
    one of the unseen. ``avoid[p]`` are
    cards seat ``p`` probably lacks; they go elsewhere when the counts allow.
    ``weights[p]`` (where not None, instead of ``avoid[p]``): how likely each unseen
    card is in ``p``'s hand against the others (a card not listed: 1); ``p``'s cards
    are drawn in proportion to them."""
    pool = list(iter_mask(v.unseen))
    rng.shuffle(pool)
    hands = list(v.known)
    hands[v.seat] = v.hand
    others = [p for p in range(v.n) if p != v.seat]
    rng.shuffle(others)
    for p in others:
        need = v.hand_counts[p] - count(v.known[p])
        if need <= 0:
            continue
        table = weights[p] if weights is not None else None
        if table is not None:
            chosen = _weighted(pool, need, table, rng)
        else:
            chosen = _avoiding(pool, need, avoid[p] if avoid is not None else 0)
        taken = set(chosen)
        pool = [c for c in pool if c not in taken]
        for c in chosen:
            hands[p] |= 1 << c
    return state_from_view(v, hands, guess_talon(v, pool))


def _avoiding(pool: list[int], need: int, bad: int) -> list[int]:
    """The first ``need`` cards of ``pool`` not in ``bad``, then of ``bad``."""
    chosen = [c for c in pool if not bad >> c & 1][:need]
    if len(chosen) < need:
        chosen += [c for c in pool if bad >> c & 1][: need - len(chosen)]
    return chosen


def _weighted(pool: list[int], need: int, weights: dict[int, float],
              rng: random.Random) -> list[int]:
    """``need`` cards of ``pool`` drawn without replacement in proportion to their
    weights: the largest keys u ** (1 / weight), u uniform (Efraimidis and Spirakis)."""
    keyed = [(rng.random() ** (1.0 / weights.get(c, 1.0)), c) for c in pool]
    return [c for _, c in heapq.nlargest(need, keyed)]


def guess_talon(v: View, pool: list[int]) -> list[int]:
    """The talon, top first, from the unseen cards left in ``pool``: the face-up
    trump at its place, and Severnyi's face-down card dealt among the unseen."""
    hidden = v.talon_count - (v.trump_card is not None)
    cards = pool[:hidden]
    if v.trump_card is None:
        return cards
    if v.second:
        return cards[:-1] + [v.trump_card, cards[-1]]
    return cards + [v.trump_card]
