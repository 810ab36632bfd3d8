"""Playouts in which one seat plays as a cheapest-first player.

The search's playouts play every seat as normal does (fast_playout.py). An
opponent seen to lead, throw in and cover with its cheapest card (habits.py) is
played out here as such a player instead: its cheapest card first, no trump by
choice while the talon is long, every card it may throw in, and a take rather
than a cover that needs a trump while the talon is long. The other seats keep
normal's policy.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .fast import ATTACK, PASS, TAKE, Fast, throwable
from .fast_playout import COVER, PRICES, _cheapest, fast_move, fast_playout

SAVE_TRUMPS_TALON = 4  # talon cards: above this no trump is played by choice


def cheapest_move(f: Fast, seat: int) -> int:
    """The cheapest-first player's move for ``seat`` (one of ``fast.legal``)."""
    hand, trump = f.hands[seat], f.trump
    long_talon = len(f.talon) > SAVE_TRUMPS_TALON
    if f.leader < 0:
        return _cheapest(hand, trump) << 3
    if seat == f.defender and f.unc and not f.taking:
        return _defend(f, hand, trump, long_talon)
    cards = throwable(f, seat) if not f.passed >> seat & 1 else 0
    if long_talon:
        cards &= PRICES[trump].plain
    return _cheapest(cards, trump) << 3 | ATTACK if cards else PASS


def _defend(f: Fast, hand: int, trump: int, long_talon: bool) -> int:
    """Cover the card with the fewest beaters first, each with the cheapest; take
    if some card cannot be covered, or needs a trump while the talon is long."""
    p = PRICES[trump]
    order, unc = [], f.unc
    while unc:
        low = unc & -unc
        unc ^= low
        a = low.bit_length() - 1
        order.append(((hand & p.beat[a]).bit_count(), a))
    order.sort()
    left, first = hand, -1
    for _, a in order:
        options = left & p.beat[a]
        if not options:
            return TAKE
        b = _cheapest(options, trump).bit_length() - 1
        if long_talon and p.is_trump[b]:
            return TAKE
        if first < 0:
            first = COVER[a][b]
        left &= ~(1 << b)
    return first


def policy(cheap_seat: int) -> Callable[[Fast, int, random.Random], int]:
    """The playout policy with ``cheap_seat`` played as a cheapest-first player and
    every other seat as normal (fast_move)."""
    def move(f: Fast, actor: int, rng: random.Random) -> int:
        return cheapest_move(f, actor) if actor == cheap_seat else fast_move(f, actor, rng)
    return move


def playout(f: Fast, seat: int, rng: random.Random, cheap_seat: int) -> float:
    """As fast_playout, with ``cheap_seat`` played as a cheapest-first player."""
    return fast_playout(f, seat, rng, policy(cheap_seat))
