"""What one seat may know, and how a search rebuilds a full state from a guess."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .cards import Card, Mask, Seat, count, deck_mask, mask_of
from .cheat import CheatRecord, Pending
from .events import GameOver
from .rules import Rules
from .state import NOT_BY_RULE, State, blank_state, lowest_trump_card


class View(NamedTuple):
    """A seat's knowledge, immutable (a named tuple: cheap to build for every
    decision). Card sets are bitmasks (see cards.py).

    ``known[p]`` is what everyone knows seat ``p`` holds: cards picked up from the
    table, the face-up trump taken in an exchange or drawn last, a trump shown, the
    cards of a caught cheat (they went back to the cheater's hand in front of everyone).
    ``discard`` is every card beaten off so far: each was seen on the table.
    ``unseen`` is what this seat cannot place: the other hands less their known
    cards, the talon less its face-up card (Severnyi's face-down card included),
    and cards out of play.
    """

    seat: Seat
    rules: Rules
    n: int
    hand: Mask
    hand_counts: tuple[int, ...]
    known: tuple[Mask, ...]
    trump: int
    trump_card: Card | None
    talon_count: int
    attacks: tuple[Card, ...]
    covers: tuple[Card, ...]
    attacker: Seat
    defender: Seat
    leader: Seat
    taking: bool
    passed: Mask
    limit: int
    shown: Mask
    discard: Mask
    discard_count: int
    out: tuple[Seat, ...]
    bout: int
    hand_size: int
    may_exchange: bool
    result: GameOver | None
    second: bool = False  # Severnyi: the face-down card (unseen) is still in the talon
    trump_lead: Seat = NOT_BY_RULE  # State.trump_lead: who the rule found with the lowest trump
    cheat: Pending | None = None  # cheating mode: the pending cheat, on the table for all
    cheats: tuple[CheatRecord, ...] = ()  # the game's cheats caught or standing

    @property
    def table_mask(self) -> Mask:
        return mask_of(self.attacks) | mask_of(c for c in self.covers if c >= 0)

    @property
    def unseen(self) -> Mask:
        seen = self.hand | self.table_mask | self.discard
        for p in range(self.n):
            seen |= self.known[p]
        if self.trump_card is not None:
            seen |= 1 << self.trump_card
        return deck_mask(self.rules.deck) & ~seen

    @property
    def started(self) -> bool:
        return self.leader >= 0


def view(s: State, seat: Seat) -> View:
    """Exactly what ``seat`` may know of ``s``."""
    # s.known keeps what each seat was seen to pick up; what it still holds is known
    known = [k & h for k, h in zip(s.known, s.hands, strict=True)]
    known[seat] = s.hands[seat]
    return View(
        seat=seat, rules=s.rules, n=s.n, hand=s.hands[seat],
        hand_counts=tuple(map(count, s.hands)), known=tuple(known), trump=s.trump,
        trump_card=s.face_up_card(), talon_count=len(s.talon),
        attacks=tuple(s.attacks), covers=tuple(s.covers), attacker=s.attacker,
        defender=s.defender, leader=s.leader, taking=s.taking, passed=s.passed,
        limit=s.limit, shown=s.shown, discard=s.discard, discard_count=s.discard_count,
        out=tuple(s.out), bout=s.bout, hand_size=s.hand_size,
        may_exchange=s.exchanger == seat, result=s.result, second=s.second >= 0,
        cheat=s.cheat, cheats=s.cheats, trump_lead=s.trump_lead,
    )


def state_from_view(v: View, hands: Sequence[Mask], talon: Sequence[Card]) -> State:
    """A full state agreeing with ``v``, given a guess of every hand (masks) and of
    the talon (top first, ending with the face-up trump when there is one, then
    with Severnyi's face-down card while ``v.second``)."""
    s = blank_state(v.rules, v.n)
    s.hands = list(hands)
    s.talon = list(reversed(talon))
    if v.second:
        s.second = s.talon[0]
    s.trump = v.trump
    s.hand_size = v.hand_size
    s.attacks, s.covers = list(v.attacks), list(v.covers)
    s.table_from_lists()
    s.uncovered = sum(1 for c in v.covers if c < 0)
    s.attacker, s.defender, s.leader = v.attacker, v.defender, v.leader
    s.passed, s.taking, s.limit, s.shown = v.passed, v.taking, v.limit, v.shown
    s.discard, s.discard_count = v.discard, v.discard_count
    s.out = list(v.out)
    for p in v.out:
        s.out_mask |= 1 << p
    s.result, s.bout = v.result, v.bout
    s.known = list(v.known)
    s.low_trump = lowest_trump_card(v.rules.deck, v.trump)
    s.exchanger = v.seat if v.may_exchange else _guessed_exchanger(v, s)
    s.cheat, s.cheats = v.cheat, v.cheats
    s.trump_lead = v.trump_lead
    return s


def _guessed_exchanger(v: View, s: State) -> Seat:
    """Who may exchange the lowest trump in the guessed deal: another seat holding it,
    unless everyone saw it picked up from the table (a pick-up gives no right). A
    card shown to transfer is known too, so such a seat is guessed to have no right."""
    low = s.low_trump
    for p in range(v.n):
        if p != v.seat and s.hands[p] >> low & 1 and not v.known[p] >> low & 1:
            return p
    return -1
