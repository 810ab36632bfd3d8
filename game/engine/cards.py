"""Cards as small integers and card sets as bitmasks.

A card is ``suit * 13 + (rank - 2)``: ranks 2..14 (J=11, Q=12, K=13, A=14), suits
0..3 in the order ``S H D C``. A set of cards is an int with bit ``card`` set.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache
from typing import TypeAlias

Card: TypeAlias = int
"""A card: ``suit * 13 + rank - 2`` (0..51)."""
Mask: TypeAlias = int
"""A set of cards, bit ``card`` set for each (also used for sets of seats)."""
Seat: TypeAlias = int
"""A place at the table, 0..5 clockwise; -1 where a field names nobody."""

SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
RANK_NAMES = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
              11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_PARSE = {name: rank for rank, name in RANK_NAMES.items()} | {"T": 10}
_SUIT_PARSE = {s: i for i, s in enumerate(SUITS)} | {s: i for i, s in enumerate(SUIT_SYMBOLS)}

DECK_LOWEST_RANK = {24: 9, 36: 6, 52: 2}
SUIT_MASKS = tuple(0x1FFF << (13 * s) for s in range(4))


class CardError(ValueError):
    """A card string that names no card (or one outside the deck)."""


def card(rank: int, suit: int) -> Card:
    return suit * 13 + rank - 2


def rank_of(c: Card) -> int:
    return c % 13 + 2


def suit_of(c: Card) -> int:
    return c // 13


def card_str(c: Card) -> str:
    return RANK_NAMES[rank_of(c)] + SUITS[suit_of(c)]


def parse_card(text: str) -> Card:
    """Parse ``10H``, ``th``, ``Q♠``; raise CardError if it is no card."""
    t = str(text).strip().upper()
    if len(t) < 2 or t[:-1] not in _RANK_PARSE or t[-1] not in _SUIT_PARSE:
        raise CardError(f"'{text}' is not a card")
    return card(_RANK_PARSE[t[:-1]], _SUIT_PARSE[t[-1]])


def parse_suit(text: str) -> int:
    t = str(text).strip().upper()
    if t not in _SUIT_PARSE:
        raise CardError(f"'{text}' is not a suit (one of S H D C)")
    return _SUIT_PARSE[t]


@cache
def deck_mask(size: int) -> Mask:
    """The cards of a 24-, 36- or 52-card deck as a mask."""
    low = DECK_LOWEST_RANK[size]
    return sum(1 << card(r, s) for s in range(4) for r in range(low, 15))


@cache
def _deck(size: int) -> tuple[Card, ...]:
    return tuple(iter_mask(deck_mask(size)))


def deck_cards(size: int) -> list[Card]:
    """The cards of the deck, lowest first (a new list: it is shuffled in place)."""
    return list(_deck(size))


def mask_of(cards: Iterable[Card]) -> Mask:
    m = 0
    for c in cards:
        m |= BIT[c]
    return m


BIT: tuple[Mask, ...] = tuple(1 << c for c in range(52))
"""``BIT[c] == 1 << c``: a look-up is cheaper than the shift, which makes a new int."""


def iter_mask(m: Mask) -> Iterator[Card]:
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


def count(m: Mask) -> int:
    return m.bit_count()


def ranks_in(m: Mask) -> int:
    """The ranks present in a card set, as a 13-bit mask (bit rank-2)."""
    return (m | m >> 13 | m >> 26 | m >> 39) & 0x1FFF


RANK_CARDS: tuple[Mask, ...] = tuple(r | r << 13 | r << 26 | r << 39 for r in range(1 << 13))
"""By a 13-bit rank mask: every card of those ranks (a look-up for hot loops)."""


def cards_of_ranks(ranks: int) -> Mask:
    """All cards whose rank is in the 13-bit rank mask."""
    return RANK_CARDS[ranks]


def beats(cover: Card, attack: Card, trump: int) -> bool:
    """True if ``cover`` beats ``attack`` with ``trump`` as the trump suit."""
    cs, as_ = cover // 13, attack // 13
    if cs == as_:
        return cover > attack
    return cs == trump


def beaters_mask(attack: Card, trump: int) -> Mask:
    """Every card that beats ``attack``."""
    return BEATERS[trump][attack]


def _beaters(attack: Card, trump: int) -> Mask:
    s = attack // 13
    higher = SUIT_MASKS[s] & ~((2 << attack) - 1)
    if s != trump:
        higher |= SUIT_MASKS[trump]
    return higher


BEATERS = tuple(tuple(_beaters(c, t) for c in range(52)) for t in range(4))
"""``BEATERS[trump][attack]``: ``beaters_mask`` as a table, for the hot loops."""


def sort_key(c: Card, trump: int | None = None) -> tuple[int, int]:
    """Order for showing a hand: by suit, rank within suit, trumps last."""
    s = suit_of(c)
    return (4 if s == trump else s, rank_of(c))
