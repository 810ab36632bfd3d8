"""Prostoy's own choices for the rule-of-thumb players: which pattern to lead, and
which attack cards to beat before picking up the rest (the partial beat).

In Prostoy every attack card leaves the attacker's hand for good (beaten, to the
discard, or picked up by the defender), so a lead sheds as many cheap cards as the
patterns allow; a defender gains a card for each one picked up and loses one for
each cover, and loses the next attack if any card stays uncovered.
"""

from __future__ import annotations

from game.engine.actions import Action, Attack, Defend, Take
from game.engine.cards import beaters_mask
from game.engine.view import View

from .cardlib import cheapest, cover_plan, uncovered, value

SHED_BONUS = 6         # a plain card up to about the eight is worth shedding in a lead
ENDGAME_BONUS = 20    # with the talon gone, every card shed is a step towards going out
HIGH_TRUMP = 11       # rank index of the king: trumps from here up are kept early on


def lead(v: View, attacks: list[Attack], careless: bool = False) -> Attack:
    """The lead that sheds the most at the least cost; ``careless`` (easy): the
    cheapest pattern, ignoring what the defender may hold."""
    trump = v.trump
    bonus = SHED_BONUS if v.talon_count else ENDGAME_BONUS

    def cost(a: Attack) -> float:
        total = sum(value(c, trump) - bonus for c in a.cards)
        if not careless and not v.talon_count:
            d_cards = v.known[v.defender] | v.unseen
            # a card the defender cannot beat goes into their hand: good late on
            total -= 6 * sum(1 for c in a.cards if not d_cards & beaters_mask(c, trump))
        return total

    return min(attacks, key=lambda a: (cost(a), a.cards))


def defend(v: View, take: Take | None, careful: bool = True) -> Action:
    """Cover every card if that is cheap enough, else the cards with a cheap cover,
    then take the rest. ``careful`` (normal) keeps high trumps while the talon is
    big; a beginner covers whatever it can."""
    trump, todo = v.trump, uncovered(v.attacks, v.covers)
    plan = cover_plan(todo, v.hand, trump)
    keep_trumps = careful and v.talon_count > 2 and not (v.second and v.talon_count <= v.n)
    if plan is not None and not (keep_trumps and _spends_high_trump(plan, trump)):
        return Defend(v.seat, plan[0][0], plan[0][1])
    left = v.hand
    for a in sorted(todo, key=lambda a: (v.hand & beaters_mask(a, trump)).bit_count()):
        options = left & beaters_mask(a, trump)
        if keep_trumps and a // 13 != trump:
            options &= ~_high_trumps(trump)
        if options:
            return Defend(v.seat, a, cheapest(options, trump))
    assert take is not None, "a defender with nothing to cover may always take"
    return take


def _high_trumps(trump: int) -> int:
    return sum(1 << (trump * 13 + r) for r in range(HIGH_TRUMP, 13))


def _spends_high_trump(plan: list[tuple[int, int]], trump: int) -> bool:
    return any(b // 13 == trump and b % 13 >= HIGH_TRUMP and a // 13 != trump
               for a, b in plan)
