"""Reading a predictable opponent: does it play its cheapest card?

Many players lead, throw in and cover with the cheapest card they may play
(cardlib.value's order); the search can then play such an opponent out as it
plays (cheapest_playout.py) rather than as normal does. A player that searches
plays above its cheapest card now and then, so the habit is checked within the
game wherever a move can be checked, and trusted only while it has held:

- the cards known in its hand (picked up from the table) when it moved: holding
  a known cheaper card it could have played breaks the habit; holding only
  dearer ones fits it;
- in the endgame every card is placed: each move is checked;
- a card it plays later that a note said it lacked, with no card drawn since
  (so it held it then), breaks the habit too (the note is dropped).

Two players only, in the throw-in games (Prostoy has its own notes).
"""

from __future__ import annotations

from typing import NamedTuple

from game.engine.cards import beaters_mask, cards_of_ranks, mask_of, ranks_in
from game.engine.variant import policy_of
from game.engine.view import View

from .cardlib import value

TRUST_AFTER = 2  # moves that fit the habit where it could be checked, before it is trusted


class Note(NamedTuple):
    lacked: int  # cards it held none of, had it played its cheapest
    talon: int  # the talon count when noted (no card drawn while it is unchanged)


def cheaper(options: int, played: int, trump: int) -> int:
    """The cards of ``options`` worth less than ``played``."""
    worth = value(played, trump)
    out, m = 0, options
    while m:
        low = m & -m
        m ^= low
        if value(low.bit_length() - 1, trump) < worth:
            out |= low
    return out


class CheapestFirst:
    """How well the other seat's cheapest-first habit has held this game, and
    what its moves said it lacked (to catch it playing such a card later)."""

    def __init__(self) -> None:
        self.notes: list[Note] = []
        self.fits = 0  # checked moves that fit the habit
        self.breaks = 0  # checked moves (or later plays) that broke it
        self._prev: View | None = None

    def trusted(self) -> bool:
        """The habit has held every time it could be checked, and was checked
        often enough."""
        return self.unbroken() and self.fits >= TRUST_AFTER

    def unbroken(self) -> bool:
        """The habit has never been seen broken this game (checked or not)."""
        return self.breaks == 0

    def observe(self, v: View) -> None:
        """Take in my next view: the other seat's moves since my last one."""
        prev, self._prev = self._prev, v
        if v.n != 2 or policy_of(v.rules).partial_take or not v.started:
            return
        opp = 1 - v.seat
        same_bout = prev is not None and prev.bout == v.bout and prev.discard == v.discard
        if v.defender == v.seat:
            if not same_bout and len(v.attacks) == 1 and v.covers[0] < 0:
                self._move(v, v.attacks[0], v.unseen | v.known[opp] | 1 << v.attacks[0])
            elif same_bout and prev is not None and len(v.attacks) == len(prev.attacks) + 1:
                c = v.attacks[-1]
                table = mask_of(v.attacks[:-1]) | mask_of(b for b in v.covers if b >= 0)
                self._move(v, c, cards_of_ranks(ranks_in(table)))
        elif same_bout and prev is not None and v.defender == opp:
            new = [i for i, b in enumerate(v.covers)
                   if b >= 0 and (i >= len(prev.covers) or prev.covers[i] < 0)]
            if len(new) == 1:
                a, b = v.attacks[new[0]], v.covers[new[0]]
                self._move(v, b, beaters_mask(a, v.trump))

    def _move(self, v: View, played: int, options: int) -> None:
        """The other seat played ``played`` where it might have played any card of
        ``options`` it held: check the habit, and note the cheaper cards it says
        were not in its hand."""
        opp = 1 - v.seat
        self._check_later(v, played)
        held = v.known[opp] | (v.unseen if not v.talon_count else 0)  # every card placed
        known = held & options & ~(1 << played)
        lower = cheaper(options, played, v.trump)
        if known & lower:
            self.breaks += 1
            return
        if known:
            self.fits += 1
        lacked = lower & v.unseen
        if lacked:
            self.notes.append(Note(lacked, v.talon_count))

    def _check_later(self, v: View, played: int) -> None:
        """A card played that a note made since the last draw said it lacked: it
        held the card then, and the note was wrong."""
        bit = 1 << played
        current = [n for n in self.notes if n.talon == v.talon_count]  # no draw since
        self.notes = [n for n in current if not n.lacked & bit]
        if len(self.notes) < len(current):
            self.breaks += 1
