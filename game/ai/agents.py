"""The simple agents: random, easy and normal."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.engine.actions import Action
from game.engine.view import View

from .heuristics import easy_choice, normal_choice


class RandomAgent:
    level = "random"

    def __init__(self, seat: int, seed: int):
        self.seat = seat
        self.rng = random.Random(seed)

    def choose(self, v: View, legal: list[Action]) -> Action:
        return self.rng.choice(legal)


class _RuleOfThumbAgent(RandomAgent):
    """Plays its level's ``pick(view, legal, rng)`` unless the move is forced."""

    pick: Callable[[View, list[Action], random.Random], Action]

    def choose(self, v: View, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return self.pick(v, legal, self.rng)


class EasyAgent(_RuleOfThumbAgent):
    level = "easy"
    pick = staticmethod(easy_choice)


class NormalAgent(_RuleOfThumbAgent):
    level = "normal"
    pick = staticmethod(normal_choice)
