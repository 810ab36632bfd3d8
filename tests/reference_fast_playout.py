"""FROZEN: the search's playout policy (game/ai/fast_playout.py) as it stood
before issue 18 made it faster with tables, kept unchanged so that
tests/test_ai_fast_playout_same.py can check that the fast one is the same policy:
the same move in every position and the same random numbers drawn. Do not edit it
to follow the policy; a change of policy on purpose changes that test instead.
"""

from __future__ import annotations

import random

from game.ai.fast import (
    ATTACK,
    DEFEND,
    DRAW,
    EXCHANGE,
    PASS,
    RUNNING,
    SHOW,
    SUIT,
    TAKE,
    TRANSFER,
    Fast,
    apply,
    next_actor,
    one_rank,
    target_ok,
    throwable,
)
from game.ai.normal import (
    END_SPLIT_SET,
    END_UNBEATABLE,
    KEEP_SET,
    OPEN_RISK,
    SHED_LOW_SET,
    TAKE_TALON,
    THROW_TRUMPS_TALON,
)
from game.ai.playout import MAX_PLAYOUT_MOVES


def cards_of_ranks(ranks: int) -> int:  # as game.engine.cards computed it then
    return ranks | ranks << 13 | ranks << 26 | ranks << 39


def beaters_mask(attack: int, trump: int) -> int:  # as game.engine.cards computed it then
    s = attack // 13
    higher = SUIT << (13 * s) & ~((2 << attack) - 1)
    if s != trump:
        higher |= SUIT << (13 * trump)
    return higher


EXPLORE = 0.1  # share of leads made with a random card, so playouts of one deal differ
LOW_SET_RANKS = 0x1FF  # ranks 2..10: sets of these are shed together while the talon lasts


def fast_playout(f: Fast, seat: int, rng: random.Random) -> float:
    """Play ``f`` to the end in place; 1 if ``seat`` is not the fool, 1/2 for a draw."""
    for _ in range(MAX_PLAYOUT_MOVES):
        if f.result != RUNNING:
            return 0.5 if f.result == DRAW else float(f.result != seat)
        if f.out >> seat & 1 and f.conf.n > 2:
            # out of the game while others still hold cards (with two players the
            # game is played on: the other may draw; changed with the playout)
            return 1.0
        actor = next_actor(f)
        apply(f, actor, fast_move(f, actor, rng))
    return 0.5


def fast_move(f: Fast, seat: int, rng: random.Random) -> int:
    """The playout policy's move for ``seat`` (always one of ``fast.legal``)."""
    hand, trump = f.hands[seat], f.trump
    if f.exchanger == seat and f.conf.exchange and f.talon:
        return EXCHANGE
    if f.leader < 0:
        if rng.random() < EXPLORE:
            return _nth_card(hand, rng.randrange(hand.bit_count())) << 3
        return lead(f, hand, trump) << 3
    if seat == f.defender and f.unc and not f.taking:
        return defend(f, hand, trump)
    return throw_in(f, seat, trump)


def lead(f: Fast, hand: int, trump: int) -> int:
    """The cards to lead (a mask): the cheapest plain card, or a low plain set
    together while the talon lasts; in the endgame, cards the defender cannot beat."""
    if not f.talon:
        return _endgame_lead(f, hand, trump)
    plain = hand & ~(SUIT << (13 * trump))
    if not plain:
        return _cheapest(hand, trump)
    best = _cheapest(plain, trump)
    best_score = float((best.bit_length() - 1) % 13)
    multi = _multi_ranks(plain) & LOW_SET_RANKS
    while multi:
        low = multi & -multi
        multi ^= low
        same = plain & cards_of_ranks(low)
        k = min(same.bit_count(), f.limit)
        score = low.bit_length() - 1 - SHED_LOW_SET * (k - 1)
        if score < best_score:
            best, best_score = _lowest_bits(same, k), score
    return best


def _endgame_lead(f: Fast, hand: int, trump: int) -> int:
    """Talon empty: go out with one set if possible, else the single card scoring
    best by normal's endgame rule (unbeatable first, keep sets to throw in)."""
    ranks = _rank_mask(hand)
    if ranks & (ranks - 1) == 0 and hand.bit_count() <= f.limit:
        return hand
    theirs = f.hands[f.defender]
    multi = _multi_ranks(hand)
    best, best_score, m = 0, 1e9, hand
    while m:
        low = m & -m
        m ^= low
        c = low.bit_length() - 1
        score: float = c % 13 + 13 * (c // 13 == trump)
        if not theirs & beaters_mask(c, trump):
            score -= END_UNBEATABLE
        if multi >> (c % 13) & 1:
            score -= END_SPLIT_SET
        if score < best_score:
            best, best_score = low, score
    return best


def defend(f: Fast, hand: int, trump: int) -> int:
    """Show or transfer where normal would; else cover the hardest card with the
    cheapest cover by normal's cost, or take (any card uncoverable, or a trump
    needed while the talon is long)."""
    conf, trumps = f.conf, SUIT << (13 * trump)
    if conf.transfers:
        rank = one_rank(f)
        same = hand & cards_of_ranks(rank) if rank else 0
        if same:
            shows = same & trumps & ~f.shown if conf.show else 0
            if shows and target_ok(f, f.natt):
                return SHOW | ((shows & -shows).bit_length() - 1) << 3
            plain = same & ~trumps
            if plain and target_ok(f, f.natt + 1) and (f.talon or hand.bit_count() > 1):
                return TRANSFER | (plain & -plain) << 3
    plan = _cover_plan(f, hand, trump)
    if not plan:
        return TAKE
    if len(f.talon) > TAKE_TALON and any(b // 13 == trump for _, b in plan):
        return TAKE
    a, b = plan[0]
    return DEFEND | a << 3 | b << 9


def _cover_plan(f: Fast, hand: int, trump: int) -> list[tuple[int, int]]:
    """normal.cover_plan on the compact position: (attack, cover) for every
    uncovered card, the hardest first; empty if some card cannot be covered."""
    unc = f.unc
    seen = hand | f.discard | f.att | f.cov | (1 << f.talon[0] if f.talon else 0)
    multi = _multi_ranks(hand)
    if not unc & (unc - 1):  # one card to cover: the usual case
        a = unc.bit_length() - 1
        b = _best_cover(hand & beaters_mask(a, trump), trump, seen, multi)
        return [(a, b)] if b >= 0 else []
    attacks = []
    while unc:
        low = unc & -unc
        unc ^= low
        a = low.bit_length() - 1
        attacks.append(((hand & beaters_mask(a, trump)).bit_count(), a))
    attacks.sort()
    plan, left = [], hand
    for _, a in attacks:
        b = _best_cover(left & beaters_mask(a, trump), trump, seen, multi)
        if b < 0:
            return []
        plan.append((a, b))
        left &= ~(1 << b)
    return plan


def _best_cover(options: int, trump: int, seen: int, multi: int) -> int:
    """The cover of ``options`` cheapest by normal's cost (its worth, the throw-ins
    its rank opens, the set it breaks), or -1 if there is none."""
    best, best_cost = -1, 1e9
    while options:
        low = options & -options
        options ^= low
        b = low.bit_length() - 1
        r = b % 13
        rm = 1 << r
        opens = 4 - (seen & (rm | rm << 13 | rm << 26 | rm << 39)).bit_count()  # 4 suits a rank
        cost = r + 13 * (b // 13 == trump) + OPEN_RISK * opens + KEEP_SET * (multi >> r & 1)
        if cost < best_cost:
            best, best_cost = b, cost
    return best


def throw_in(f: Fast, seat: int, trump: int) -> int:
    """The cheapest plain card that may go in, trumps too once the talon is short;
    else pass."""
    cards = throwable(f, seat) if not f.passed >> seat & 1 else 0
    if not cards:
        return PASS
    if len(f.talon) > THROW_TRUMPS_TALON:
        cards &= ~(SUIT << (13 * trump))
        if not cards:
            return PASS
    return _cheapest(cards, trump) << 3 | ATTACK


def _rank_mask(m: int) -> int:
    return (m | m >> 13 | m >> 26 | m >> 39) & SUIT


def _multi_ranks(m: int) -> int:
    """The ranks held twice or more in ``m``, as a rank mask."""
    s0, s1, s2, s3 = m & SUIT, m >> 13 & SUIT, m >> 26 & SUIT, m >> 39 & SUIT
    return (s0 | s1) & (s2 | s3) | s0 & s1 | s2 & s3


def _lowest_bits(m: int, k: int) -> int:
    """The ``k`` lowest cards of ``m``."""
    out = 0
    for _ in range(k):
        low = m & -m
        out |= low
        m ^= low
    return out


def _cheapest(m: int, trump: int) -> int:
    """The bit of the least valuable card of a non-empty mask (as cardlib.cheapest)."""
    plain = m & ~(SUIT << (13 * trump))
    if not plain:
        return m & -m
    r = (plain | plain >> 13 | plain >> 26 | plain >> 39) & SUIT
    r &= -r
    lowest = plain & (r | r << 13 | r << 26 | r << 39)
    return lowest & -lowest


def _nth_card(m: int, k: int) -> int:
    """The bit of the ``k``-th card of ``m``, lowest first."""
    for _ in range(k):
        m &= m - 1
    return m & -m
