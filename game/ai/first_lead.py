"""What the first attack of a deal says of the other hand (two players).

Under the rule that the holder of the lowest trump dealt attacks first (the
View's ``trump_lead``, public as at a real table, where the holder shows it), the
first attacker tells the other seat something exact about the dealt hands:

- I was found with the lowest trump: the other was dealt no trump below my
  lowest. Those cards were in the talon, and come into its hand only as it draws
  (a note believed fully, fading with its draws as prostoy_infer's notes do);
- the other was found with it: it was dealt one of the trumps below my lowest (any
  trump if I had none), and holds it until one of them is seen: the deals weigh
  those cards up to their exact chance given that it holds at least one;
- nobody was found with a trump: the other was dealt none (a note, as the first).
"""

from __future__ import annotations

from math import comb

from game.engine.cards import SUIT_MASKS, count, deck_mask, iter_mask, mask_of
from game.engine.state import NOBODY, NOT_BY_RULE
from game.engine.view import View

from .prostoy_infer import Note

MAX_WEIGHT = 1e6  # a card the other surely holds
READ = True  # off (bench_infer's --set first_lead.READ=0): nothing is read


class FirstLead:
    """The reading of one game's first attack, from one seat's views (``observe``
    each view; ``clear`` at a new game)."""

    def __init__(self) -> None:
        self.clear()

    def clear(self) -> None:
        self.read = False
        self.lacked: Note | None = None  # what the other was dealt without
        self.holds = 0  # it was dealt one of these (and keeps it while all are unseen)

    def observe(self, v: View) -> None:
        """Read the first attack at my first view of the game, in its first bout."""
        if self.read:
            return
        self.read = True
        if not READ or v.n != 2 or v.bout != 0 or v.trump_lead == NOT_BY_RULE:
            return
        opp = 1 - v.seat
        trumps = SUIT_MASKS[v.trump] & deck_mask(v.rules.deck)
        mine = dealt_hand(v) & trumps
        below = ((mine & -mine) - 1 if mine else trumps) & trumps  # under my lowest
        if v.trump_card is not None:
            below &= ~(1 << v.trump_card)  # the face-up trump was dealt to nobody
        if v.trump_lead == NOBODY or v.trump_lead == v.seat:
            cards = trumps if v.trump_lead == NOBODY else below
            if cards:
                self.lacked = Note(opp, cards, v.talon_count, 1.0)
        elif below:
            self.holds = below

    def notes(self) -> list[Note]:
        return [self.lacked] if self.lacked is not None else []

    def tilt(self, v: View, weights: dict[int, float] | None) -> dict[int, float] | None:
        """The other seat's deal weights (``sampling.determinize``'s) with the cards
        it was dealt one of weighed up, while every one of them is unseen (once one
        is seen, it may have been the card)."""
        cards = self.holds
        if not cards or cards & ~v.unseen:
            return weights
        opp = 1 - v.seat
        need = v.hand_counts[opp] - count(v.known[opp])
        w = held_one_weight(count(v.unseen), need, count(cards))
        if w == 1.0:
            return weights
        out = dict(weights or {})
        for c in iter_mask(cards):
            out[c] = out.get(c, 1.0) * w
        return out


def dealt_hand(v: View) -> int:
    """My hand as dealt, seen in the first bout: what I hold and what I played."""
    if v.seat == v.attacker:
        return v.hand | mask_of(v.attacks)
    return v.hand | mask_of(c for c in v.covers if c >= 0)


def held_one_weight(unseen: int, need: int, k: int) -> float:
    """The odds of each of ``k`` unseen cards being among ``need`` of ``unseen``
    drawn evenly, given that at least one of the ``k`` is, over the odds without
    that knowledge."""
    if need <= 0 or need >= unseen:
        return 1.0
    q = need / unseen
    p = q / (1 - comb(unseen - k, need) / comb(unseen, need))
    if p >= 1.0:
        return MAX_WEIGHT
    return min(MAX_WEIGHT, (p / (1 - p)) / (q / (1 - q)))
