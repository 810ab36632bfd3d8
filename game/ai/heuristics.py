"""Rule-of-thumb players that look only at a seat's view: easy and normal."""

from __future__ import annotations

import random

from game.engine.actions import Action, Attack, Defend
from game.engine.cards import beaters_mask, count, iter_mask
from game.engine.variant import policy_of
from game.engine.view import View

from . import prostoy
from .cardlib import Kinds, cover_plan, uncovered, value

EASY_MISTAKE = 0.15


def easy_choice(v: View, legal: list[Action], rng: random.Random) -> Action:
    """A beginner: weakest card first, cheapest cover, never takes by choice, errs now and then."""
    if rng.random() < EASY_MISTAKE:
        return rng.choice(legal)
    k = Kinds(legal)
    if k.exchange is not None and rng.random() < 0.5:
        return k.exchange
    partial = policy_of(v.rules).partial_take
    if not v.started and partial:
        return prostoy.lead(v, k.attacks, careless=True)
    if not v.started:
        singles = [a for a in k.attacks if len(a.cards) == 1]
        return min(singles, key=lambda a: (value(a.cards[0], v.trump), a.cards[0]))
    if v.seat == v.defender and partial:
        return prostoy.defend(v, k.take, careful=False)
    if v.seat == v.defender:
        plain = [t for t in k.transfers if len(t.cards) == 1 and t.cards[0] // 13 != v.trump]
        if plain and rng.random() < 0.5:
            return plain[0]
        plan = cover_plan(uncovered(v.attacks, v.covers), v.hand, v.trump)
        if plan is None or not k.defends:
            return k.take or legal[0]
        return Defend(v.seat, plan[0][0], plan[0][1])
    plain_attacks = [a for a in k.attacks if a.cards[0] // 13 != v.trump]
    if plain_attacks:
        return min(plain_attacks, key=lambda a: a.cards[0] % 13)
    return k.passes or legal[0]


def normal_choice(v: View, legal: list[Action], rng: random.Random) -> Action:
    """A solid club player (see the README's description of the ladder)."""
    k = Kinds(legal)
    if k.exchange is not None:
        return k.exchange
    partial = policy_of(v.rules).partial_take
    if not v.started:
        return prostoy.lead(v, k.attacks) if partial else _lead(v, k.attacks, rng)
    if v.seat == v.defender:
        return prostoy.defend(v, k.take) if partial else _defend(v, k)
    return _throw_in(v, k) or legal[0]


def _opponent_cards(v: View, seat: int) -> int:
    """Cards ``seat`` may hold: its known cards plus all unseen ones."""
    return v.known[seat] | v.unseen


def _lead(v: View, attacks: list[Attack], rng: random.Random) -> Action:
    trump, talon = v.trump, v.talon_count
    d_cards = _opponent_cards(v, v.defender)
    pairs = _rank_counts(v.hand)

    def score(a: Attack) -> float:
        cards = a.cards
        s: float = max(value(c, trump) for c in cards)
        trumps = sum(1 for c in cards if c // 13 == trump)
        if talon:
            s += 12 * trumps
            if trumps == 0 and max(c % 13 for c in cards) <= 8:
                s -= 2.5 * (len(cards) - 1)  # shed low pairs together
            elif len(cards) > 1:
                s += 4 * (len(cards) - 1)
        else:
            # endgame: force the defender to take, keep doubles for throwing in
            unbeatable = sum(1 for c in cards if not d_cards & beaters_mask(c, trump))
            s -= 14 * unbeatable
            if len(cards) == count(v.hand):
                s -= 50  # goes out
            if pairs[cards[0] % 13] > len(cards):
                s += 3
        return s + rng.random() * 0.5

    return min(attacks, key=score)


def _rank_counts(hand: int) -> list[int]:
    counts = [0] * 13
    for c in iter_mask(hand):
        counts[c % 13] += 1
    return counts


def _defend(v: View, k: Kinds) -> Action:
    trump = v.trump
    if k.shows:
        return k.shows[0]
    plain = [t for t in k.transfers if all(c // 13 != trump for c in t.cards)]
    if plain and (v.talon_count or len(plain[0].cards) < count(v.hand)):
        return min(plain, key=lambda t: (len(t.cards), t.cards))
    todo = uncovered(v.attacks, v.covers)
    plan = cover_plan(todo, v.hand, trump)
    if plan is None:
        return k.take or k.defends[0]
    if k.take is not None and _too_costly(v, plan):
        return k.take
    a, b = plan[0]
    return Defend(v.seat, a, b)


def _too_costly(v: View, plan: list[tuple[int, int]]) -> bool:
    """Early on, taking a few low cards beats spending high trumps on them (not when a
    second trump may soon make them plain cards)."""
    if v.talon_count <= 2 or v.second and v.talon_count <= 2 * v.n:
        return False
    trump = v.trump
    trumps = [b for _, b in plan if b // 13 == trump]
    if not trumps:
        return False
    table = len(v.attacks) + sum(1 for c in v.covers if c >= 0)
    high = sum(1 for b in trumps if b % 13 >= 9)  # J and above
    low_attacks = all(a // 13 != trump and a % 13 <= 7 for a, _ in plan)
    if table > 4:
        return False
    return high >= 1 and low_attacks or len(trumps) >= 2 and v.talon_count > 8


def _throw_in(v: View, k: Kinds) -> Action | None:
    if not k.attacks:
        return k.passes
    trump, talon = v.trump, v.talon_count
    d_hand = v.hand_counts[v.defender]
    mine = count(v.hand)

    def ok(c: int) -> bool:
        # every plain card: each one beaten off is one fewer to lose with
        # (measured: throwing plain cards of every rank beats holding the high ones)
        if c // 13 != trump or mine == 1 and not talon:
            return True
        return not talon and (v.taking or d_hand <= 2)

    good = [a for a in k.attacks if ok(a.cards[0])]
    if good:
        return min(good, key=lambda a: value(a.cards[0], trump))
    return k.passes or k.attacks[0]
