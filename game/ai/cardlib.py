"""Small card helpers shared by the computer players (masks as in engine/cards.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.engine.actions import Action, Attack, Defend, Exchange, Pass, Show, Take, Transfer
from game.engine.cards import beaters_mask, iter_mask
from game.engine.events import GameOver
from game.engine.view import View


def progress(v: View) -> tuple[int, int]:
    """How far the game has gone (bouts, discards): it falls from one view of a
    seat to the next only when a new game has begun."""
    return v.bout, v.discard_count


def value(c: int, trump: int) -> int:
    """How much a card is worth keeping: rank order, every trump above every plain card."""
    return c % 13 + (13 if c // 13 == trump else 0)


def cheapest(mask: int, trump: int) -> int:
    """The least valuable card of a non-empty mask."""
    best, best_v = -1, 99
    for c in iter_mask(mask):
        v = c % 13 + (13 if c // 13 == trump else 0)
        if v < best_v:
            best, best_v = c, v
    return best


def cover_plan(attacks: list[int], hand: int, trump: int,
               cost: Callable[[int], float] | None = None) -> list[tuple[int, int]] | None:
    """A cheap way to cover every card of ``attacks`` from ``hand``: pairs
    (attack, cover), the hardest attack first, each cover the cheapest card (or the
    one of least ``cost``); None if some card cannot be covered."""
    order = sorted(attacks, key=lambda a: (hand & beaters_mask(a, trump)).bit_count())
    plan, left = [], hand
    for a in order:
        options = left & beaters_mask(a, trump)
        if not options:
            return None
        b = cheapest(options, trump) if cost is None else min(iter_mask(options), key=cost)
        plan.append((a, b))
        left &= ~(1 << b)
    return plan


class Kinds:
    """The legal actions sorted by kind."""

    __slots__ = ("attacks", "defends", "take", "passes", "transfers", "shows", "exchange")

    def __init__(self, legal: list[Action]) -> None:
        self.attacks: list[Attack] = []
        self.defends: list[Defend] = []
        self.transfers: list[Transfer] = []
        self.shows: list[Show] = []
        self.take: Take | None = None
        self.passes: Pass | None = None
        self.exchange: Exchange | None = None
        for a in legal:
            if type(a) is Attack:
                self.attacks.append(a)
            elif type(a) is Defend:
                self.defends.append(a)
            elif type(a) is Take:
                self.take = a
            elif type(a) is Pass:
                self.passes = a
            elif type(a) is Transfer:
                self.transfers.append(a)
            elif type(a) is Show:
                self.shows.append(a)
            elif type(a) is Exchange:
                self.exchange = a


def uncovered(attacks: Sequence[int], covers: Sequence[int]) -> list[int]:
    return [a for a, c in zip(attacks, covers, strict=True) if c < 0]


def out_is_safe(n: int) -> bool:
    """Is a seat that has gone out (others still holding cards) sure not to lose?
    With three or more players, yes (a draw, nobody holding cards, counts as safe
    too). With two, no: the defender who covers the last attack with its own last
    card draws, so the game is played to its result."""
    return n > 2


def outcome_for(result: GameOver, seat: int) -> float:
    """1 for a win (not the fool), 1/2 for a draw, 0 for the fool or the losing team."""
    if result.loser is not None:
        return 0.0 if result.loser == seat else 1.0
    if result.losing_team is not None:
        return 0.0 if seat in result.losing_team else 1.0
    return 0.5
