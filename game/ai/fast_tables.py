"""Look-up tables for the compact position (fast.py): what its hot loop would
otherwise work out again at every move, each table made once, when the first
position that needs it is made (``Tables``), and shared.

In CPython an operation on a card mask (up to 52 bits, two machine digits) makes a
new int object, while a look-up hands back one made before: a move's cards, their
count and their ranks come out of ``decode`` in one look-up instead of a few
shifts and masks, and lists of moves are joined from the tuples of ``singles``.
"""

from __future__ import annotations

from functools import cache

from game.engine.cards import DECK_LOWEST_RANK, RANK_CARDS, cards_of_ranks, ranks_in

ATTACK, DEFEND, TAKE, PASS, EXCHANGE, TRANSFER, SHOW = range(7)
SUIT = 0x1FFF
BIT = tuple(1 << c for c in range(52))  # each card as a set of one

Decoded = tuple[int, int, int, int]


class Tables:
    """The tables of one deck size (the rank patterns a suit may hold)."""

    __slots__ = ("decode", "singles", "rank_cards", "subsets")

    decode: dict[int, Decoded]
    singles: tuple[tuple[tuple[int, ...], ...], ...]
    rank_cards: tuple[int, ...]
    subsets: dict[int, tuple[int, ...]]


@cache
def tables(deck: int) -> Tables:
    t = Tables()
    low = DECK_LOWEST_RANK[deck] - 2
    t.decode = _decode_table()
    # by suit, then by the 13-bit pattern of that suit's cards: the move of each alone
    t.singles = tuple(tuple(_singles(suit, p) if p & ((1 << low) - 1) == 0 else ()
                            for p in range(1 << 13)) for suit in range(4))
    t.rank_cards = RANK_CARDS  # by a 13-bit rank mask: every card of those ranks
    t.subsets = _subsets_table()
    return t


def decode(move: int) -> Decoded:
    """A move as ``(kind, cards, aux, ranks)``: an attack or a transfer gives its
    cards, how many and their ranks; a cover the covering card (a set of one), the
    attack card's bit and the cover's rank; a show its card; the others nothing."""
    kind = move & 7
    if kind in (ATTACK, TRANSFER):
        cards = move >> 3
        return kind, cards, cards.bit_count(), ranks_in(cards)
    if kind == DEFEND:
        a, b = move >> 3 & 63, move >> 9
        return kind, 1 << b, 1 << a, 1 << b % 13
    if kind == SHOW:
        return kind, 1 << (move >> 3), 0, 0
    return kind, 0, 0, 0


@cache
def _decode_table() -> dict[int, Decoded]:
    """Every move there can be, decoded."""
    moves = [TAKE, PASS, EXCHANGE]
    for rank in range(13):
        same = cards_of_ranks(1 << rank)
        sub = same
        while sub:  # every set of cards of one rank
            moves += [ATTACK | sub << 3, TRANSFER | sub << 3]
            sub = (sub - 1) & same
    for a in range(52):
        moves.append(SHOW | a << 3)
        moves += [DEFEND | a << 3 | b << 9 for b in range(52) if b != a]
    return {m: decode(m) for m in moves}


def _singles(suit: int, pattern: int) -> tuple[int, ...]:
    out, m = [], pattern
    while m:
        low = m & -m
        out.append(low << (13 * suit) << 3)
        m ^= low
    return tuple(out)


@cache
def _subsets_table() -> dict[int, tuple[int, ...]]:
    """By a set of cards of one rank: every lead of two or more of them."""
    table = {}
    for rank in range(13):
        same = cards_of_ranks(1 << rank)
        sub = same
        while sub:
            table[sub] = _leads_of_rank(sub)
            sub = (sub - 1) & same
    return table


def _leads_of_rank(same: int) -> tuple[int, ...]:
    out, sub = [], same
    while sub:
        if sub & (sub - 1):
            out.append(sub << 3)
        sub = (sub - 1) & same
    return tuple(out)
