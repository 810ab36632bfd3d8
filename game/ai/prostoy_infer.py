"""What a two-player Prostoy opponent's play says about its hidden hand, as weights
for the deals expert samples (``sampling.determinize``'s ``weights``).

A player leading as normal does leads its cheapest card (every pattern normal
weighs holds it), so the cards below its lowest led card were not in its hand; a
defender covering as normal does covers with the cheapest beater and picks up
only what it cannot beat. Hard searches and often plays otherwise (against expert,
a lead without its cheapest card about one time in three, a take with a beater in
hand more often than not), so each note is believed with a reliability of its kind,
measured with ``game.ai.bench_infer``.

A card the opponent lacked when it played is now, if still unseen, in the talon or
among the cards it drew since: its chance of being in the opponent's hand grows as
it draws. A note's weight for a card is the odds of that chance (mixed with the
uniform one by the reliability) over the uniform odds; the least weight wins.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.cards import DECK_LOWEST_RANK, beaters_mask, count, iter_mask, rank_of
from game.engine.variant import policy_of
from game.engine.view import View

from .cardlib import progress, value

# the reliability of each kind of note (game.ai.bench_infer)
# cards cheaper than the lowest card led, by its rank from the deck's lowest: hard
# leads its cheapest card when it is low, less often the higher it is, and a trump
# led while the talon has cards says nothing (its plain cards kept for later)
# (its cheapest card in 3 of 4 leads of an eight, 1 of 4 of an ace, bench_infer's games)
LEAD = (0.9, 0.65, 0.5, 0.35, 0.35, 0.25, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2)
COVER = 0.4   # beaters cheaper than the cover of a card
TAKE = 0.3    # same-suit beaters of a card picked up
TAKE_TRUMP = 0.25  # trump beaters of a card picked up
MIN_WEIGHT = 1e-3


@dataclass(frozen=True, slots=True)
class Note:
    seat: int
    cards: int        # the cards it likely lacked
    talon: int        # talon count when it played (before the bout's draws)
    reliability: float


def applies(v: View) -> bool:
    return v.n == 2 and policy_of(v.rules).partial_take and not v.rules.cheating


class Inference:
    """Notes from the views of one seat in one game (fed every view in turn)."""

    def __init__(self) -> None:
        self.notes: list[Note] = []
        self._prev: View | None = None

    def observe(self, v: View) -> None:
        prev, self._prev = self._prev, v
        if prev is not None and progress(v) < progress(prev):
            self.notes.clear()  # a new game
            prev = None
        if not applies(v) or v.talon_count == 0:
            return
        opp = 1 - v.seat
        if v.defender == v.seat and v.started and (prev is None or prev.bout != v.bout):
            self._lead(v, opp)
        if prev is not None and prev.seat == prev.attacker and not prev.started \
                and v.bout == prev.bout + 1:
            self._defence(prev, v, opp)

    def _lead(self, v: View, opp: int) -> None:
        low = min(v.attacks, key=lambda c: (value(c, v.trump), c))
        key = (value(low, v.trump), low)
        below = sum(1 << c for c in range(52) if (value(c, v.trump), c) < key)
        if low // 13 != v.trump:
            rank = rank_of(low) - DECK_LOWEST_RANK[v.rules.deck]
            self._add(opp, below, v.talon_count, LEAD[rank])

    def _defence(self, prev: View, v: View, opp: int) -> None:
        """My lead ``prev`` and my next view ``v``: the cards it picked up, and the
        covers of the rest."""
        led = prev.hand & ~v.hand
        taken = led & v.known[opp] & ~prev.known[opp]
        covered = led & ~taken & v.discard
        covers = v.discard & ~prev.discard & ~led
        trump, talon = prev.trump, prev.talon_count
        suit_lacked = trump_lacked = cheaper = 0
        for a in iter_mask(taken):
            beat = beaters_mask(a, trump)
            suit = 0x1FFF << (13 * (a // 13))
            suit_lacked |= beat & suit
            trump_lacked |= beat & ~suit
        for a in iter_mask(covered):
            mine = [b for b in iter_mask(covers) if beaters_mask(a, trump) >> b & 1]
            if len(mine) == 1:  # its cover known: no cheaper beater in hand
                b = mine[0]
                cheaper |= sum(1 << c for c in iter_mask(beaters_mask(a, trump))
                               if value(c, trump) < value(b, trump))
        self._add(opp, suit_lacked, talon, TAKE)
        self._add(opp, trump_lacked, talon, TAKE_TRUMP)
        self._add(opp, cheaper, talon, COVER)

    def _add(self, seat: int, cards: int, talon: int, reliability: float) -> None:
        if cards and reliability > 0:
            self.notes.append(Note(seat, cards, talon, reliability))

    def weights(self, v: View) -> list[dict[int, float] | None]:
        """For each seat, the weight of each unseen card it might hold (missing:
        1), None where there are no notes."""
        return weights_of(self.notes, v)


def weights_of(notes: list[Note], v: View) -> list[dict[int, float] | None]:
    """For each seat, the weight of each unseen card it might hold by ``notes``
    (missing: 1; the least weight of the notes naming a card), None where no note
    weighs anything."""
    out: list[dict[int, float] | None] = [None] * v.n
    unseen = v.unseen
    hidden_talon = v.talon_count - (v.trump_card is not None)
    for note in notes:
        p = note.seat
        need = v.hand_counts[p] - count(v.known[p])
        cards = note.cards & unseen
        if need <= 0 or not cards:
            continue
        w = _weight(need / count(unseen), (note.talon - v.talon_count) // 2,
                    hidden_talon, note.reliability)
        if w >= 1.0:
            continue
        table = out[p]
        if table is None:
            table = out[p] = {}
        for c in iter_mask(cards):
            table[c] = min(table.get(c, 1.0), w)
    return out


def _weight(q: float, drawn: int, talon: int, reliability: float) -> float:
    """The odds of a lacked card being in the hand now (it drew ``drawn`` since,
    ``talon`` hidden cards left) over the uniform odds ``q``."""
    if q >= 1.0:
        return 1.0
    gone = drawn / (drawn + talon) if drawn + talon else 1.0
    p = reliability * gone + (1 - reliability) * q
    if p >= q:
        return 1.0
    return max(MIN_WEIGHT, (p / (1 - p)) / (q / (1 - q)))

