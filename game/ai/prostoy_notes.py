"""What a Prostoy defender showed it lacks, from the attacker's side.

In Prostoy a take ends the bout at once, so the attacker never sees a view with
the defender taking (where the throw-in games note what a taker lacks): it sees
its lead, then the next bout. The cards of its lead that the defender picked up
(now known to be in its hand) were left uncovered: a defender playing as normal
does covers every card it has a beater for, so it likely lacked the cheap
beaters of each, the higher cards of the card's own suit.
"""

from __future__ import annotations

from game.engine.cards import beaters_mask
from game.engine.variant import policy_of
from game.engine.view import View

SUIT = 0x1FFF


def leading(v: View) -> bool:
    """Is ``v`` a two-player Prostoy lead by this seat (worth keeping to compare
    with the next view)?"""
    return (v.n == 2 and v.seat == v.attacker and not v.started
            and policy_of(v.rules).partial_take)


def lacked_after_lead(prev: View, v: View) -> tuple[int, int, int] | None:
    """(defender, cards it likely lacked, the talon count as it last drew) from
    my lead ``prev`` and my next view ``v`` one bout later, or None if it covered
    everything or the views do not follow one another."""
    if v.bout != prev.bout + 1 or v.discard_count < prev.discard_count:
        return None
    d = prev.defender
    led = prev.hand & ~v.hand  # draws only add cards to my hand
    taken = led & v.known[d] & ~prev.known[d]
    covered = led.bit_count() - taken.bit_count()
    drawn = v.hand_counts[d] - prev.hand_counts[d] + covered - taken.bit_count()
    trump, lacked = prev.trump, 0
    while taken:
        low = taken & -taken
        taken ^= low
        a = low.bit_length() - 1
        lacked |= beaters_mask(a, trump) & SUIT << (13 * (a // 13))
    return (d, lacked, v.talon_count + max(drawn, 0)) if lacked else None
