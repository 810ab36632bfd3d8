"""The normal level in the throw-in games (Podkidnoy, Perevodnoy): a club player
who counts cards from its view. Prostoy has its own rules in prostoy.py.

Each rule below was kept because it measured better in the arena against greedy
(2 players, 36 cards, attack limited by the defender's hand, mirrored deals):
take rather than spend a trump while the talon is long; cover with the card that
opens the fewest throw-ins and keeps sets for attacking; in a two-player endgame,
where the other hand is known, value cards by what they beat there; lead one card
of a set and throw in the rest.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from game.engine.actions import Action, Attack, Defend
from game.engine.cards import SUIT_MASKS, beaters_mask, cards_of_ranks, count, iter_mask
from game.engine.view import View

from . import cardlib
from .cardlib import Kinds, uncovered, value

TAKE_TALON = 7          # talon cards: above this a defender takes rather than cover with a trump
THROW_TRUMPS_TALON = 2  # talon cards: from this down trumps are thrown in too
OPEN_RISK = 2.5         # cost of a cover per card of its rank the attackers may hold
KEEP_SET = 2.0          # cost of a cover that breaks a set (two or more of a rank)
SHED_LOW_SET = 5.0      # bonus per extra card for leading a low plain set together
END_UNBEATABLE = 14.0   # endgame: bonus per lead card the defender cannot beat
END_SPLIT_SET = 6.0     # endgame: bonus for leading part of a set (the rest to throw in)
ALL_FIELDS = (1 << 52) - 1


def lead(v: View, attacks: list[Attack], rng: random.Random) -> Action:
    trump, talon = v.trump, v.talon_count
    d_cards = v.known[v.defender] | v.unseen
    sets = _rank_counts(v.hand)

    def score(a: Attack) -> float:
        cards = a.cards
        s: float = max(value(c, trump) for c in cards)
        trumps = sum(1 for c in cards if c // 13 == trump)
        if talon:
            s += 12 * trumps
            if trumps == 0 and max(c % 13 for c in cards) <= 8:
                s -= SHED_LOW_SET * (len(cards) - 1)  # shed low sets together
            elif len(cards) > 1:
                s += 4 * (len(cards) - 1)
        elif len(cards) == count(v.hand):
            s -= 50  # goes out
        else:
            s -= END_UNBEATABLE * sum(1 for c in cards if not d_cards & beaters_mask(c, trump))
            if sets[cards[0] % 13] > len(cards):
                s -= END_SPLIT_SET
        return s + rng.random() * 0.5

    return min(attacks, key=score)


def defend(v: View, k: Kinds) -> Action:
    trump = v.trump
    if k.shows:
        return k.shows[0]
    plain = [t for t in k.transfers if all(c // 13 != trump for c in t.cards)]
    if plain and (v.talon_count or len(plain[0].cards) < count(v.hand)):
        return min(plain, key=lambda t: (len(t.cards), t.cards))
    plan = cover_plan(v, uncovered(v.attacks, v.covers))
    if plan is None:
        return k.take or k.defends[0]
    if k.take is not None and _too_costly(v, plan):
        return k.take
    a, b = plan[0]
    return Defend(v.seat, a, b)


def cover_plan(v: View, attacks: list[int]) -> list[tuple[int, int]] | None:
    """Covers for every card of ``attacks``, the hardest first, each the cheapest by
    ``_cover_cost``; None if some card cannot be covered."""
    return cardlib.cover_plan(attacks, v.hand, v.trump, _cover_cost(v))


def _cover_cost(v: View) -> Callable[[int], float]:
    """What a cover costs: its worth, the throw-ins its rank opens (cards of that
    rank the attackers may hold), and the set it breaks."""
    theirs = v.unseen
    for p in range(v.n):
        if p != v.seat:
            theirs |= v.known[p]
    sets = _rank_counts(v.hand)
    worth = _worth(v)

    def cost(b: int) -> float:
        r = b % 13
        opens = count(theirs & cards_of_ranks(1 << r))
        return worth(b) + OPEN_RISK * opens + KEEP_SET * (sets[r] >= 2)

    return cost


def _worth(v: View) -> Callable[[int], float]:
    """How much a card is worth keeping: cardlib.value, except in a two-player
    endgame, where the other hand is known: how many of its cards this one beats
    less how many beat it (rank order breaks ties)."""
    trump = v.trump
    if v.talon_count or v.n != 2:
        return lambda c: value(c, trump)
    theirs = v.unseen | v.known[1 - v.seat]

    def worth(c: int) -> float:
        suit = SUIT_MASKS[c // 13]
        beaten = suit & ((1 << c) - 1)
        if c // 13 == trump:
            beaten |= ALL_FIELDS & ~suit
        above = count(theirs & beaters_mask(c, trump))
        return count(theirs & beaten) - above + value(c, trump) / 100

    return worth


def _too_costly(v: View, plan: list[tuple[int, int]]) -> bool:
    """While the talon is long, taking beats spending a trump (not when a second
    trump may soon make them plain cards)."""
    if v.talon_count <= TAKE_TALON or v.second and v.talon_count <= 2 * v.n:
        return False
    return any(b // 13 == v.trump for _, b in plan)


def throw_in(v: View, k: Kinds) -> Action | None:
    """Every plain card that may go in (each one beaten off is one fewer to lose
    with), trumps too once the talon is short, the cheapest first."""
    if not k.attacks:
        return k.passes
    trump, talon = v.trump, v.talon_count
    last = count(v.hand) == 1 and not talon

    def ok(c: int) -> bool:
        return c // 13 != trump or last or talon <= THROW_TRUMPS_TALON

    good = [a for a in k.attacks if ok(a.cards[0])]
    if good:
        return min(good, key=lambda a: value(a.cards[0], trump))
    return k.passes or k.attacks[0]


def _rank_counts(hand: int) -> list[int]:
    counts = [0] * 13
    for c in iter_mask(hand):
        counts[c % 13] += 1
    return counts
