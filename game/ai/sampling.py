"""Guessing the hidden cards: full deals consistent with what a seat can see."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.engine.cards import count, iter_mask
from game.engine.state import State
from game.engine.view import View, state_from_view


def determinize(v: View, rng: random.Random, avoid: Sequence[int] | None = None) -> State:
    """A full state agreeing with ``v``: known cards stay with their holders, hand
    counts match, the face-up trump stays at the talon bottom. ``avoid[p]`` are
    cards seat ``p`` probably lacks; they go elsewhere when the counts allow."""
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
        bad = avoid[p] if avoid is not None else 0
        chosen = [c for c in pool if not bad >> c & 1][:need]
        if len(chosen) < need:
            chosen += [c for c in pool if bad >> c & 1][: need - len(chosen)]
        taken = set(chosen)
        pool = [c for c in pool if c not in taken]
        for c in chosen:
            hands[p] |= 1 << c
    talon: list[int] = []
    if v.trump_card is not None:
        talon = pool[: v.talon_count - 1] + [v.trump_card]
    return state_from_view(v, hands, talon)
