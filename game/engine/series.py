"""A series of games: who leads each game and how often each seat was the fool."""

from __future__ import annotations

import random

from .play import new_game
from .rules import Rules
from .state import State


class Series:
    """Deals game after game; pure apart from the ``rng`` it is given."""

    def __init__(self, rules: Rules, players: int) -> None:
        rules.check_players(players)
        self.rules = rules
        self.players = players
        self.fools = [0] * players
        self.games = 0
        self.draws = 0
        self._leader: int | None = None

    def next_attacker(self) -> int | None:
        """Who leads the next game; None means the first-game rule decides."""
        return self._leader

    def start(self, rng: random.Random) -> tuple[State, list]:
        return new_game(self.rules, self.players, rng, attacker=self._leader)

    def record(self, final: State) -> None:
        """Count a finished game and settle who leads the next one."""
        result = final.result
        if result is None:
            raise ValueError("the game is not over")
        self.games += 1
        if result.draw:
            self.draws += 1
            return  # the same dealer deals again: the lead stays as it was
        losers: tuple[int, ...]
        if result.loser is not None:
            losers, fool = (result.loser,), result.loser
        else:
            assert result.losing_team is not None  # not a draw
            losers = result.losing_team
            fool = next((p for p in losers if final.hands[p]), losers[0])
        for seat in losers:
            self.fools[seat] += 1
        step = 1 if self.rules.next_game_leader == "from_under_the_fool" else -1
        self._leader = (fool + step) % self.players
