"""What a seat can do: small frozen action types. Cards are ints (see cards.py)."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Seat, card_str


def same_cards(a: tuple[Card, ...], b: tuple[Card, ...]) -> bool:
    """The same cards, in any order."""
    return a == b or len(a) == len(b) > 1 and sorted(a) == sorted(b)


def cards_key(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """``cards`` in one order, for hashing: equal for every order of the same cards."""
    return cards if len(cards) < 2 else tuple(sorted(cards))


# Attack and Transfer compare their cards in any order: the cards keep the order the
# player gave (the table shows them so) but "7S 7H" and "7H 7S" are one action, so
# `check` and `legal_actions` (which lists each set of cards once) agree.
@dataclass(frozen=True, slots=True, eq=False)
class Attack:
    """Lead a bout, throw in, or give extra cards to a defender who takes."""

    seat: Seat
    cards: tuple[Card, ...]

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Attack:
            return NotImplemented
        return self.seat == other.seat and same_cards(self.cards, other.cards)

    def __hash__(self) -> int:
        return hash((Attack, self.seat, cards_key(self.cards)))

    def __str__(self) -> str:
        return f"{self.seat} attack " + " ".join(card_str(c) for c in self.cards)


@dataclass(frozen=True, slots=True)
class Defend:
    """Cover the attack card ``attack`` on the table with ``card`` from hand."""

    seat: Seat
    attack: Card
    card: Card

    def __str__(self) -> str:
        return f"{self.seat} defend {card_str(self.attack)} {card_str(self.card)}"


@dataclass(frozen=True, slots=True)
class Take:
    seat: Seat

    def __str__(self) -> str:
        return f"{self.seat} take"


@dataclass(frozen=True, slots=True)
class Pass:
    """Bito: nothing more to throw in until the table changes."""

    seat: Seat

    def __str__(self) -> str:
        return f"{self.seat} pass"


@dataclass(frozen=True, slots=True, eq=False)
class Transfer:
    """Perevodnoy: add cards of the table's rank and pass the attack on (its cards
    compare in any order, as Attack's)."""

    seat: Seat
    cards: tuple[Card, ...]

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Transfer:
            return NotImplemented
        return self.seat == other.seat and same_cards(self.cards, other.cards)

    def __hash__(self) -> int:
        return hash((Transfer, self.seat, cards_key(self.cards)))

    def __str__(self) -> str:
        return f"{self.seat} transfer " + " ".join(card_str(c) for c in self.cards)


@dataclass(frozen=True, slots=True)
class Show:
    """Perevodnoy: transfer by showing a trump of the table's rank, keeping it."""

    seat: Seat
    card: Card

    def __str__(self) -> str:
        return f"{self.seat} show {card_str(self.card)}"


@dataclass(frozen=True, slots=True)
class Exchange:
    """Swap the lowest trump of the deck for the face-up trump under the talon."""

    seat: Seat

    def __str__(self) -> str:
        return f"{self.seat} exchange"


@dataclass(frozen=True, slots=True)
class Catch:
    """Cheating mode: call out the pending cheat; its cards go back to the cheater."""

    seat: Seat

    def __str__(self) -> str:
        return f"{self.seat} catch"


Action = Attack | Defend | Take | Pass | Transfer | Show | Exchange | Catch


# Interned actions: legal_actions hands out the same objects again and again, which
# keeps fast playouts from building thousands of identical small objects.
# legal.py reads the tables directly; they hold only what the functions below made.
SINGLE_ATTACKS: list[list[Attack | None]] = [[None] * 52 for _ in range(6)]
DEFENCE_ROWS: list[list[list[Defend | None] | None]] = [[None] * 52 for _ in range(6)]
"""By seat and attack card (once ``defence_row`` made it), by card: the cover of
that attack card by it, once ``defence_in`` made it."""
TAKES = tuple(Take(s) for s in range(6))
PASSES = tuple(Pass(s) for s in range(6))
EXCHANGES = tuple(Exchange(s) for s in range(6))
CATCHES = tuple(Catch(s) for s in range(6))


def single_attack(seat: Seat, c: Card) -> Attack:
    a = SINGLE_ATTACKS[seat][c]
    if a is None:
        a = SINGLE_ATTACKS[seat][c] = Attack(seat, (c,))
    return a


def defence(seat: Seat, attack: Card, c: Card) -> Defend:
    row = defence_row(seat, attack)
    return row[c] or defence_in(row, seat, attack, c)


def defence_row(seat: Seat, attack: Card) -> list[Defend | None]:
    row = DEFENCE_ROWS[seat][attack]
    if row is None:
        row = DEFENCE_ROWS[seat][attack] = [None] * 52
    return row


def defence_in(row: list[Defend | None], seat: Seat, attack: Card, c: Card) -> Defend:
    """``defence(seat, attack, c)`` made and kept in ``row`` (its ``defence_row``)."""
    d = row[c] = Defend(seat, attack, c)
    return d
