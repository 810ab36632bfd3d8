"""A yardstick only, never used by the game: a minimal bitmask prototype of random
2-player Podkidnoy with 36 cards, for ``python -m game.engine_bench --prototype``.

Issue 18 measures the engine against "a minimal bitmask prototype of the same game";
this is ours, written in as few Python operations as we could: ints as card sets,
one function, no classes, no events, no rule options. The game: the attacker leads
any one card; while a card lies uncovered the defender covers it (a higher card of
its suit, or a trump on a plain card) or takes; then the attacker throws in a card
of a rank on the table (up to the bout's limit, the defender's hand at its start but
at most 6) or passes; the bout ends when nothing more can be thrown in (the
defender then picks up the table after a take); the attacker draws up to 6 first,
then the defender; the game ends after a bout that leaves the talon empty and a
hand empty. It leaves out what the engine's random games can also do: leads of
several cards and the exchange of the lowest trump.

A card here is ``suit * 9 + rank`` (rank 0 is the six), not the engine's numbering:
``engine_card`` converts.
"""

from __future__ import annotations

import random

SUIT_MASKS = tuple(0x1FF << 9 * s for s in range(4))
# The cards of the same rank as card c, and the cards that beat c with trump suit t.
SAME_RANK = tuple(sum(1 << (s * 9 + c % 9) for s in range(4)) for c in range(36))
BEATERS = tuple(
    tuple(SUIT_MASKS[c // 9] & ~((2 << c) - 1) | (SUIT_MASKS[t] if c // 9 != t else 0)
          for c in range(36))
    for t in range(4)
)
# The cards of a 9-bit suit mask, one table a suit: a mask's cards are four lookups.
_BITS = [tuple(b for b in range(9) if v >> b & 1) for v in range(512)]
S0, S1, S2, S3 = (tuple(tuple(b + 9 * s for b in bits) for bits in _BITS) for s in range(4))
TAKE = PASS = (-1,)


def engine_card(c: int) -> int:
    """This module's card as the engine numbers it (``game.engine.cards``)."""
    return c // 9 * 13 + c % 9 + 4


def play(rng: random.Random, log: list | None = None) -> int:
    """One random game; the moves made. With ``log``: the deal
    ``(hands, talon top first, trump, first attacker)``, then each move as
    ``(seat, what, card)`` (what: lead, cover, take, throw, pass), then the
    final ``(hands, discard)``."""
    deck = list(range(36))
    rng.shuffle(deck)
    hand = [0, 0]
    for i in range(12):
        hand[i & 1] |= 1 << deck[i]
    talon = deck[:11:-1]  # pop() draws deck[12] first; talon[0] is the face-up trump
    trump = talon[0] // 9
    beaters = BEATERS[trump]
    t0, t1 = hand[0] & SUIT_MASKS[trump], hand[1] & SUIT_MASKS[trump]
    a = 1 if t1 and (not t0 or t1 & -t1 < t0 & -t0) else 0  # the lowest trump leads
    ha, hd = hand[a], hand[1 - a]
    if log is not None:
        log.append((tuple(hand), talon[::-1], trump, a))
    choice, moves, discard = rng.choice, 0, 0
    while True:
        limit = min(6, hd.bit_count())
        c = choice(S0[ha & 511] + S1[ha >> 9 & 511] + S2[ha >> 18 & 511] + S3[ha >> 27])
        ha ^= 1 << c
        table, ranks, played, taking, moves = 1 << c, SAME_RANK[c], 1, False, moves + 1
        if log is not None:
            log.append((a, "lead", c))
        while True:
            if not taking:
                m = hd & beaters[c]
                b = choice(S0[m & 511] + S1[m >> 9 & 511] + S2[m >> 18 & 511] + S3[m >> 27]
                           + TAKE)
                moves += 1
                if log is not None:
                    log.append((1 - a, "take" if b < 0 else "cover", b))
                if b < 0:
                    taking = True
                else:
                    hd ^= 1 << b
                    table |= 1 << b
                    ranks |= SAME_RANK[b]
                    if not hd:
                        break
            m = ha & ranks
            if not m or played >= limit:
                break
            c = choice(S0[m & 511] + S1[m >> 9 & 511] + S2[m >> 18 & 511] + S3[m >> 27] + PASS)
            moves += 1
            if log is not None:
                log.append((a, "pass" if c < 0 else "throw", c))
            if c < 0:
                break
            ha ^= 1 << c
            table |= 1 << c
            ranks |= SAME_RANK[c]
            played += 1
        if taking:
            hd |= table
        else:
            discard |= table
        if talon:
            for _ in range(6 - ha.bit_count()):
                if talon:
                    ha |= 1 << talon.pop()
            for _ in range(6 - hd.bit_count()):
                if talon:
                    hd |= 1 << talon.pop()
        if not talon and (not ha or not hd):
            break
        if not taking:
            ha, hd, a = hd, ha, 1 - a
    if log is not None:
        log.append(((ha, hd) if a == 0 else (hd, ha), discard))
    return moves
