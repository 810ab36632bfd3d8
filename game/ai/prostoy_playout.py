"""A playout policy for Prostoy on the engine's State: normal's Prostoy play
(game/ai/prostoy.py) made cheap, for expert's search.

The policy sees the whole sampled deal but plays as normal does from its view:
the lead that sheds the most at the least cost (the pattern found directly, not by
listing every lead), covering everything when that is cheap enough, else the cards
with a cheap cover, then taking the rest. Only with the talon gone, where normal
knows the other hand too, does it look at the defender's cards.
"""

from __future__ import annotations

import random

from game.engine.actions import EXCHANGES, TAKES, Action, Attack, Defend
from game.engine.cards import beaters_mask
from game.engine.state import State

from .cardlib import cheapest, cover_plan
from .playout import fast_action
from .prostoy import ENDGAME_BONUS, HIGH_TRUMP, SHED_BONUS

EXPLORE = 0.1  # share of leads made with a random single card, so playouts differ
UNBEATABLE_BONUS = 6  # as prostoy.lead: a card the defender cannot beat, late on
SUIT = 0x1FFF


def action(s: State, seat: int, rng: random.Random) -> Action:
    """The policy's move for ``seat``: Prostoy's own, fast_action's elsewhere."""
    if not s.policy.partial_take or s.cheat is not None:
        return fast_action(s, seat, rng)
    if s.exchanger == seat and s.rules.trump_exchange and s.face_up() >= 0:
        return EXCHANGES[seat]
    if s.leader < 0:
        hand = s.hands[seat]
        if rng.random() < EXPLORE:
            return Attack(seat, (_nth_card(hand, rng.randrange(hand.bit_count())),))
        return Attack(seat, lead_cards(s, hand))
    return defend(s, seat)


def card_costs(s: State, hand: int) -> dict[int, int]:
    """Each card's cost in a lead (prostoy.lead's): its worth less the shedding
    bonus, less the unbeatable bonus once the talon is gone."""
    return costs_of(hand, s.trump, bool(s.talon), s.hands[s.defender])


def costs_of(hand: int, trump: int, talon_left: bool, theirs: int) -> dict[int, int]:
    """card_costs from the facts it needs: the defender holds ``theirs``."""
    bonus = SHED_BONUS if talon_left else ENDGAME_BONUS
    out = {}
    m = hand
    while m:
        low = m & -m
        m ^= low
        c = low.bit_length() - 1
        cost = c % 13 + (13 if c // 13 == trump else 0) - bonus
        if not talon_left and not theirs & beaters_mask(c, trump):
            cost -= UNBEATABLE_BONUS
        out[c] = cost
    return out


def lead_cards(s: State, hand: int) -> tuple[int, ...]:
    """The cheapest pattern of 1, 3 or 5 cards by the additive card cost, the
    cards in ascending order (as the engine lists leads)."""
    return pattern(card_costs(s, hand), s.limit)


def pattern(costs: dict[int, int], limit: int) -> tuple[int, ...]:
    """lead_cards from each card's cost and the bout's limit."""
    order = sorted(costs, key=lambda c: (costs[c], c))
    best: tuple[float, tuple[int, ...]] = (costs[order[0]], (order[0],))
    if limit < 3:
        return best[1]
    pairs = _pairs(order, costs)  # the two cheapest cards of each rank held twice
    for i, (pc, pair) in enumerate(pairs):
        third = _cheapest_other(order, pair)
        if third is not None:
            best = min(best, (pc + costs[third], tuple(sorted(pair + (third,)))))
        if limit < 5:
            continue
        for pc2, pair2 in _second_pairs(order, costs, pairs, i, pair):
            used = pair + pair2
            fifth = _cheapest_other(order, used)
            if fifth is not None:
                total = pc + pc2 + costs[fifth]
                best = min(best, (total, tuple(sorted(used + (fifth,)))))
    return best[1]


Pair = tuple[int, tuple[int, int]]


def _pairs(order: list[int], costs: dict[int, int]) -> list[Pair]:
    """For each rank held twice or more: the cost and cards of its two cheapest
    cards (``order`` lists the hand cheapest first)."""
    by_rank: dict[int, list[int]] = {}
    for c in order:
        by_rank.setdefault(c % 13, []).append(c)
    return [(costs[cs[0]] + costs[cs[1]], (cs[0], cs[1]))
            for cs in by_rank.values() if len(cs) >= 2]


def _second_pairs(order: list[int], costs: dict[int, int], pairs: list[Pair], i: int,
                  pair: tuple[int, int]) -> list[Pair]:
    """Pairs disjoint from ``pair`` (the i-th): later ranks, and the other two of
    four of a kind."""
    out = pairs[i + 1:]
    same = [c for c in order if c % 13 == pair[0] % 13 and c not in pair]
    if len(same) >= 2:
        out = out + [(costs[same[0]] + costs[same[1]], (same[0], same[1]))]
    return out


def _cheapest_other(order: list[int], used: tuple[int, ...]) -> int | None:
    for c in order:
        if c not in used:
            return c
    return None


def defend(s: State, seat: int) -> Action:
    """prostoy.defend on the state: cover all if cheap enough, else the cards
    with a cheap cover (hardest first), then take."""
    todo = [a for a, c in zip(s.attacks, s.covers, strict=True) if c < 0]
    keep = len(s.talon) > 2 and not (s.second >= 0 and len(s.talon) <= s.n)
    step = cover_step(todo, s.hands[seat], s.trump, keep)
    return TAKES[seat] if step is None else Defend(seat, step[0], step[1])


def cover_step(todo: list[int], hand: int, trump: int, keep: bool) -> tuple[int, int] | None:
    """defend's next cover (attack card, cover) of the uncovered ``todo``, None to
    take; ``keep``: high trumps are kept for trumps while the talon is big."""
    plan = cover_plan(todo, hand, trump)
    if plan is not None and not (keep and _spends_high_trump(plan, trump)):
        return plan[0]
    high = _high_trumps(trump)
    for a in sorted(todo, key=lambda a: (hand & beaters_mask(a, trump)).bit_count()):
        options = hand & beaters_mask(a, trump)
        if keep and a // 13 != trump:
            options &= ~high
        if options:
            return a, cheapest(options, trump)
    return None


def _high_trumps(trump: int) -> int:
    return (SUIT & ~((1 << HIGH_TRUMP) - 1)) << (13 * trump)


def _spends_high_trump(plan: list[tuple[int, int]], trump: int) -> bool:
    return any(b // 13 == trump and b % 13 >= HIGH_TRUMP and a // 13 != trump
               for a, b in plan)


def _nth_card(m: int, k: int) -> int:
    for _ in range(k):
        m &= m - 1
    return (m & -m).bit_length() - 1

