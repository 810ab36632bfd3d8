"""A fast playout policy for search: a cheap club player working on a full State."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.engine.actions import Action, Attack, Defend, Pass, Take, Transfer
from game.engine.cards import beaters_mask, cards_of_ranks
from game.engine.legal import check, next_actor, throwable
from game.engine.play import apply_in_place
from game.engine.state import State

from .cardlib import cheapest, out_is_safe, outcome_for

MAX_PLAYOUT_MOVES = 3000
# applies an action in place; the flag: quietly (apply_in_place, apply_listed)
Step = Callable[[State, Action, bool], object]


def playout(s: State, seat: int, rng: random.Random,
            step: Step = apply_in_place,
            act: Callable[[State, int, random.Random], Action] | None = None) -> float:
    """Play ``s`` to the end in place; the outcome for ``seat`` (see outcome_for).
    ``step`` applies an action, quietly (no events: nobody reads them here):
    ``apply_listed`` skips the legality check (every ``fast_action`` is legal,
    tested over the rule matrix). ``act(s, seat, rng)`` chooses the moves,
    ``fast_action`` by default."""
    act = act or fast_action
    safe_out = s.team_of is None and out_is_safe(s.n)
    for _ in range(MAX_PLAYOUT_MOVES):
        if s.result is not None:
            return outcome_for(s.result, seat)
        if safe_out and s.out_mask >> seat & 1:
            return 1.0  # out of the game while others still hold cards
        actor = next_actor(s)
        assert actor is not None  # someone can act while the game goes on
        step(s, act(s, actor, rng), True)
    return 0.5


def fast_action(s: State, seat: int, rng: random.Random) -> Action:
    hand, trump = s.hands[seat], s.trump
    if not s.started:
        if rng.random() < 0.15:
            held = [c for c in range(52) if hand >> c & 1]
            return Attack(seat, (rng.choice(held),))
        if s.policy.partial_take and s.limit >= 3:
            pair = _low_pair_lead(hand, trump)
            if pair is not None:
                return Attack(seat, pair)
        return Attack(seat, (cheapest(hand, trump),))
    if seat == s.defender and s.uncovered and not s.taking:
        return _fast_defend(s, seat, hand, trump, rng)
    cards = throwable(s, seat)
    if not cards:
        return Pass(seat)
    plain = cards & ~(0x1FFF << (13 * trump))
    if plain:
        return Attack(seat, (cheapest(plain, trump),))
    if not s.talon and s.taking:
        return Attack(seat, (cheapest(cards, trump),))
    return Pass(seat)


def _low_pair_lead(hand: int, trump: int) -> tuple[int, ...] | None:
    """Prostoy: the lowest plain pair and the cheapest other card, in card order
    (as legal_actions lists it), or None without a plain pair."""
    plain = hand & ~(0x1FFF << (13 * trump))
    for rank in range(13):
        same = plain & cards_of_ranks(1 << rank)
        if same.bit_count() >= 2:
            first = same & -same
            second = (same ^ first) & -(same ^ first)
            pair = first | second
            rest = hand & ~pair
            if not rest:
                return None
            third = cheapest(rest, trump)
            return tuple(sorted((first.bit_length() - 1, second.bit_length() - 1, third)))
    return None


def _fast_defend(s: State, seat: int, hand: int, trump: int, rng: random.Random) -> Action:
    if s.rules.transfers and s.uncovered == len(s.attacks) and rng.random() < 0.7:
        rank = s.attacks[0] % 13
        same = hand & cards_of_ranks(1 << rank) & ~(0x1FFF << (13 * trump))
        if same:
            t = Transfer(seat, (cheapest(same, trump),))
            if check(s, t) is None:
                return t
    partial = s.policy.partial_take  # Prostoy: beat what can be beaten, take the rest
    for a, c in zip(s.attacks, s.covers, strict=True):
        if c < 0:
            options = hand & beaters_mask(a, trump)
            if not options and partial:
                continue
            if not options:
                return Take(seat)
            b = cheapest(options, trump)
            if s.talon and b // 13 == trump and b % 13 >= 10 and rng.random() < 0.5:
                return Take(seat)
            return Defend(seat, a, b)
    return Take(seat)
