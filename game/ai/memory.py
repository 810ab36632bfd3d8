"""No endless games: every computer player remembers where it has been.

The rules allow cycles (in perevodnoy with showing, a show and a take of one's own
card give the position back; three players who always take pass cards round for
ever). ``NoRepeats`` wraps any agent: it counts the moves it made in each position
of the game (what its view shows, bar the bout counter), and once a position comes back it
only lets the agent choose among the moves it made there least often. So a move it
has not made there before comes first, and every move of a repeated position gets
its turn: a game cannot stay in a cycle while a way out exists.
"""

from __future__ import annotations

from collections.abc import Hashable

from game.engine.actions import Action
from game.engine.view import View

from . import Agent


def position_key(v: View) -> Hashable:
    """The position as this seat sees it: the view less what cannot change within a
    game (seat, rules) and the bout counter, which only matters for the first bout's
    limit, so two bouts alike in every other way are one position."""
    return (v.hand, v.hand_counts, v.known, v.trump, v.trump_card, v.talon_count, v.attacks,
            v.covers, v.attacker, v.defender, v.leader, v.taking, v.passed, v.limit, v.shown,
            v.discard, v.out, v.hand_size, v.may_exchange, v.result, v.bout == 0, v.second)


class NoRepeats:
    """``agent`` choosing freely in new positions, and among its least-tried moves
    in a position it has acted in before this game."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.level = agent.level
        self._made: dict[Hashable, dict[Action, int]] = {}
        self._progress = (0, 0, 0)

    def choose(self, v: View, legal: list[Action]) -> Action:
        self._forget_other_games(v)
        key = position_key(v)
        made = self._made.get(key)
        if made is None:  # a new position: the agent's own choice
            choice = self.agent.choose(v, legal)
            self._made[key] = {choice: 1}
            return choice
        fewest = min(made.get(a, 0) for a in legal)
        options = [a for a in legal if made.get(a, 0) == fewest]
        choice = self.agent.choose(v, options) if len(options) > 1 else options[0]
        if choice not in options:
            choice = options[0]
        made[choice] = made.get(choice, 0) + 1
        return choice

    def _forget_other_games(self, v: View) -> None:
        """A new game (the talon grows, or the discard or bout count falls) starts
        with no memory."""
        talon, discard, bout = self._progress
        if v.talon_count > talon or v.discard_count < discard or v.bout < bout:
            self._made.clear()
        self._progress = (v.talon_count, v.discard_count, v.bout)
