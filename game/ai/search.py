"""The hard level: determinized Monte Carlo (PIMC) with fast playouts, anytime."""

from __future__ import annotations

import random
import time

from game.engine.actions import Action, Show
from game.engine.play import apply_in_place
from game.engine.view import View

from .cardlib import value
from .heuristics import normal_choice
from .playout import playout
from .sampling import determinize

MAX_CANDIDATES = 6
DEFAULT_BONUS = 0.04  # the club player's choice wins unless another scores clearly better


class SearchAgent:
    """Samples deals consistent with the view and plays each candidate out on each.

    ``think_ms`` bounds the wall time per decision; ``iterations`` (deals) instead
    makes the search deterministic for a fixed seed (used by tests)."""

    level = "hard"

    def __init__(self, seat: int, seed: int, think_ms: int, iterations: int | None = None):
        self.seat = seat
        self.rng = random.Random(seed)
        self.think_ms = think_ms
        self.iterations = iterations

    def choose(self, v: View, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return self.search(v, legal, avoid=None)

    def search(self, v: View, legal: list[Action], avoid) -> Action:
        rng = self.rng
        default = normal_choice(v, legal, rng)
        cands = candidates(v, legal, default)
        if len(cands) == 1:
            return cands[0]
        deadline = time.perf_counter() + self.think_ms / 1000
        totals = [0.0] * len(cands)
        deals = 0
        while True:
            base = determinize(v, rng, avoid)
            for i, action in enumerate(cands):
                s = base.copy()
                apply_in_place(s, action)
                totals[i] += playout(s, self.seat, rng)
            deals += 1
            if self.iterations is not None:
                if deals >= self.iterations:
                    break
            elif time.perf_counter() >= deadline:
                break
        totals[0] += DEFAULT_BONUS * deals
        best = max(range(len(cands)), key=lambda i: (totals[i], -i))
        return cands[best]


def candidates(v: View, legal: list[Action], default: Action) -> list[Action]:
    """The actions worth searching, the heuristic choice first. Leads of several
    cards are kept only for low plain ranks; at most MAX_CANDIDATES."""
    out = [default]
    rest = [a for a in legal if a != default]
    if len(rest) + 1 <= MAX_CANDIDATES:
        return out + rest
    trump = v.trump

    def rank_key(a: Action):
        cards = a.cards if hasattr(a, "cards") else (a.card,) if hasattr(a, "card") else ()
        if not cards or type(a) is Show:
            return (0, 0, 0)  # take, pass, show: always worth a look
        return (1, max(value(c, trump) for c in cards), len(cards))

    rest.sort(key=rank_key)
    return out + rest[: MAX_CANDIDATES - 1]
