"""Expert's Prostoy playouts without the engine: the moves of prostoy_playout.action
played bout by bout on a few masks and lists.

The engine's state checks and records far more than a playout needs (events, what
everyone knows, the order of going out); here a bout is the lead, the covers until
the defender takes or has covered everything, the draws, and who attacks next,
with the engine's rules for each (game/engine/play.py). The moves and the random
numbers drawn are those of ``prostoy_playout.action`` on the engine, so both give
the same outcome from the same position and seed (tests/test_ai_prostoy_fast.py).
Severnyi before its face-down card is drawn, teams and cheating are left to the
engine (``covers``).
"""

from __future__ import annotations

import random

from game.engine.state import State

from . import playout as engine_playout
from .cardlib import out_is_safe, outcome_for
from .prostoy_playout import EXPLORE, _nth_card, costs_of, cover_step, pattern

MAX_LEAD = 5  # Prostoy's largest pattern


def covers(s: State) -> bool:
    """Does this module play out ``s`` (Prostoy, no face-down trump, no cheating)?"""
    return (s.policy.partial_take and s.second < 0 and s.team_of is None
            and s.cheat is None and not s.rules.cheating)


def playout(s: State, seat: int, rng: random.Random) -> float:
    """Play ``s`` (which ``covers``) to the end as ``playout.playout`` would with
    ``prostoy_playout.action``, leaving ``s`` unchanged: the outcome for ``seat``."""
    if s.result is not None:
        return outcome_for(s.result, seat)
    g = _Game(s)
    if out_is_safe(g.n) and g.out >> seat & 1:
        return 1.0
    try:
        return _play(g, s, seat, rng)
    except _TooLong:  # cards can go round for ever with three or more players
        return 0.5


def _play(g: _Game, s: State, seat: int, rng: random.Random) -> float:
    todo = [a for a, c in zip(s.attacks, s.covers, strict=True) if c < 0] if s.started else None
    safe_out = out_is_safe(g.n)
    while True:
        if todo is None:
            todo = g.lead(rng)
            if safe_out and g.out >> seat & 1:
                return 1.0
        taken = g.defend(todo)
        fool = g.end_bout(taken)
        if fool is not None:
            return 0.5 if fool == DRAW else float(fool != seat)
        if safe_out and g.out >> seat & 1:
            return 1.0
        todo = None


DRAW = -2  # end_bout's answer for a game without a fool
NO_CARD = 64  # no exchange in these rules: a card number nobody holds


class _TooLong(Exception):
    """The playout reached the engine playout's move limit (which then scores 1/2)."""


class _Game:
    """The few facts of a Prostoy game a playout changes."""

    __slots__ = ("hands", "talon", "trump", "n", "size", "low", "exchanger", "out", "a", "d",
                 "moves")

    def __init__(self, s: State) -> None:
        self.hands, self.talon, self.trump, self.n = s.hands[:], s.talon[:], s.trump, s.n
        self.size, self.out = s.hand_size, s.out_mask
        exchange = s.rules.trump_exchange
        self.low = s.low_trump if exchange else NO_CARD  # the card one may exchange
        self.exchanger = s.exchanger if exchange else -1
        self.a, self.d = s.attacker, s.defender
        self.moves = 0

    def _move(self) -> None:
        """Count a move; the engine's playout makes at most MAX_PLAYOUT_MOVES."""
        self.moves += 1
        if self.moves >= engine_playout.MAX_PLAYOUT_MOVES:
            raise _TooLong

    def _maybe_exchange(self, seat: int) -> None:
        """The policy exchanges the lowest trump as soon as it may."""
        if self.exchanger == seat and self.talon:
            self._move()
            hands, talon = self.hands, self.talon
            hands[seat] = hands[seat] & ~(1 << self.low) | 1 << talon[0]
            talon[0] = self.low
            self.exchanger = -1

    def _remove(self, seat: int, m: int) -> None:
        self.hands[seat] &= ~m
        if m >> self.low & 1 and self.exchanger == seat:
            self.exchanger = -1
        if not self.hands[seat] and not self.talon:
            self.out |= 1 << seat

    def lead(self, rng: random.Random) -> list[int]:
        a, d = self.a, self.d
        self._maybe_exchange(a)
        self._move()
        hand = self.hands[a]
        if rng.random() < EXPLORE:
            cards: tuple[int, ...] = (_nth_card(hand, rng.randrange(hand.bit_count())),)
        else:
            theirs = self.hands[d]
            costs = costs_of(hand, self.trump, bool(self.talon), theirs)
            cards = pattern(costs, min(MAX_LEAD, theirs.bit_count()))
        m = 0
        for c in cards:
            m |= 1 << c
        self._remove(a, m)
        return list(cards)

    def defend(self, todo: list[int]) -> int:
        """The defender covers what the policy covers: the cards it takes (a mask)."""
        d, trump = self.d, self.trump
        while todo:
            self._maybe_exchange(d)
            step = cover_step(todo, self.hands[d], trump, len(self.talon) > 2)
            self._move()
            if step is None:
                break
            todo.remove(step[0])
            self._remove(d, 1 << step[1])
        m = 0
        for c in todo:
            m |= 1 << c
        return m

    def end_bout(self, taken: int) -> int | None:
        """The defender picks up ``taken``; both draw; the fool (``DRAW`` for a
        draw) if the game is over, else None with the next attacker set."""
        hands, talon, a, d = self.hands, self.talon, self.a, self.d
        hands[d] |= taken
        for p in (a, d):
            need = self.size - hands[p].bit_count()
            if self.out >> p & 1 or need <= 0 or not talon:
                continue
            for _ in range(min(need, len(talon))):
                c = talon.pop()
                hands[p] |= 1 << c
                if c == self.low:
                    self.exchanger = p
        if not talon:
            holders = [p for p in range(self.n) if hands[p]]
            for p in range(self.n):
                if not hands[p]:
                    self.out |= 1 << p
            if len(holders) <= 1:
                return holders[0] if holders else DRAW
        if taken:
            a2 = self._next_in(d)
        else:
            a2 = d if not self.out >> d & 1 else self._next_in(d)
        self.a, self.d = a2, self._next_in(a2)
        return None

    def _next_in(self, seat: int) -> int:
        n = self.n
        for step in range(1, n + 1):
            p = (seat + step) % n
            if not self.out >> p & 1:
                return p
        return seat
