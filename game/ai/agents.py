"""The simple agents: random, easy and normal."""

from __future__ import annotations

import random

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


class EasyAgent(RandomAgent):
    level = "easy"

    def choose(self, v: View, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return easy_choice(v, legal, self.rng)


class NormalAgent(RandomAgent):
    level = "normal"

    def choose(self, v: View, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return normal_choice(v, legal, self.rng)
