"""Search playouts on the compact position of fast.py: the cheap club player of
playout.py, move for move, without events or action objects."""

from __future__ import annotations

import random

from game.engine.cards import beaters_mask, cards_of_ranks

from .fast import (
    ATTACK,
    DEFEND,
    DRAW,
    PASS,
    RUNNING,
    SUIT,
    TAKE,
    TRANSFER,
    Fast,
    apply,
    next_actor,
    one_rank,
    target_ok,
    throwable,
)
from .playout import MAX_PLAYOUT_MOVES


def fast_playout(f: Fast, seat: int, rng: random.Random) -> float:
    """Play ``f`` to the end in place; 1 if ``seat`` is not the fool, 1/2 for a draw."""
    for _ in range(MAX_PLAYOUT_MOVES):
        if f.result != RUNNING:
            return 0.5 if f.result == DRAW else float(f.result != seat)
        if f.out >> seat & 1:
            return 1.0  # out of the game while others still hold cards
        actor = next_actor(f)
        apply(f, actor, fast_move(f, actor, rng))
    return 0.5


def fast_move(f: Fast, seat: int, rng: random.Random) -> int:
    """The playout policy's move for ``seat`` (always one of ``fast.legal``)."""
    hand, trump = f.hands[seat], f.trump
    if f.leader < 0:
        if rng.random() < 0.15:
            return _nth_card(hand, rng.randrange(hand.bit_count())) << 3
        return _cheapest(hand, trump) << 3
    if seat == f.defender and f.unc and not f.taking:
        return _defend(f, seat, hand, trump, rng)
    cards = throwable(f, seat) if not f.passed >> seat & 1 else 0
    if not cards:
        return PASS
    plain = cards & ~(SUIT << (13 * trump))
    if plain:
        return _cheapest(plain, trump) << 3 | ATTACK
    if not f.talon and f.taking:
        return _cheapest(cards, trump) << 3
    return PASS


def _defend(f: Fast, seat: int, hand: int, trump: int, rng: random.Random) -> int:
    if f.conf.transfers and f.natt == f.unc.bit_count() and rng.random() < 0.7:
        rank = one_rank(f)
        same = hand & cards_of_ranks(rank) & ~(SUIT << (13 * trump)) if rank else 0
        if same and target_ok(f, f.natt + 1):
            return TRANSFER | _cheapest(same, trump) << 3
    m = f.unc
    while m:
        low = m & -m
        a = low.bit_length() - 1
        options = hand & beaters_mask(a, trump)
        if not options:
            return TAKE
        b = _cheapest(options, trump).bit_length() - 1
        if f.talon and b // 13 == trump and b % 13 >= 10 and rng.random() < 0.5:
            return TAKE
        return DEFEND | a << 3 | b << 9
    return TAKE


def _cheapest(m: int, trump: int) -> int:
    """The bit of the least valuable card of a non-empty mask (as cardlib.cheapest)."""
    plain = m & ~(SUIT << (13 * trump))
    if not plain:
        return m & -m
    r = (plain | plain >> 13 | plain >> 26 | plain >> 39) & SUIT
    r &= -r
    lowest = plain & (r | r << 13 | r << 26 | r << 39)
    return lowest & -lowest


def _nth_card(m: int, k: int) -> int:
    """The bit of the ``k``-th card of ``m``, lowest first."""
    for _ in range(k):
        m &= m - 1
    return m & -m
