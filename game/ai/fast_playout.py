"""Search playouts on the compact position of fast.py: normal's club player
(game/ai/normal.py), its main ideas made cheap, without events or action objects.

The policy sees the whole sampled deal, but plays as normal does from its view:
the cards it counts as "theirs" are those it has not seen (every card less its
hand, the table, the discard and the face-up trump), and only in the endgame,
where normal knows the other hand too, does it look at the defender's cards.

It runs at every move of every playout, so what depends only on the trump suit is
worked out once (``_Prices``): each card's beaters split into the cheap part (its
own suit) and the trumps, each ascending in worth, so pricing covers stops at the
first card dearer than the best so far, and most covers are found without pricing
(no beater: take; one beater: it). tests/test_ai_fast_playout_same.py checks that
it is the same policy as before these tables, move for move.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from game.engine.cards import BEATERS, RANK_CARDS, SUIT_MASKS

from .cardlib import out_is_safe
from .fast import (
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
from .fast_tables import BIT
from .normal import (
    END_SPLIT_SET,
    END_UNBEATABLE,
    KEEP_SET,
    OPEN_RISK,
    SHED_LOW_SET,
    TAKE_TALON,
    THROW_TRUMPS_TALON,
)
from .playout import MAX_PLAYOUT_MOVES

EXPLORE = 0.1  # share of leads made with a random card, so playouts of one deal differ
LOW_SET_RANKS = 0x1FF  # ranks 2..10: sets of these are shed together while the talon lasts
ALL_CARDS = (1 << 52) - 1
NO_SEAT = 7  # no table has it (six seats at most): a playout for it is played to the result
# by card: the four cards of its rank
RANK_OF = tuple(RANK_CARDS[1 << c % 13] for c in range(52))
# by attack card and cover: the move
COVER = tuple(tuple(DEFEND | a << 3 | b << 9 for b in range(52)) for a in range(52))
# by how many cards of a rank are seen: normal's price of the throw-ins the rest may open
OPEN_PRICE = tuple(OPEN_RISK * (4 - seen) for seen in range(5))
assert OPEN_RISK >= 0 and KEEP_SET >= 0, "pricing stops at the first card worth more than the best"


class _Prices:
    """What the policy needs of each card for one trump suit."""

    __slots__ = ("trumps", "plain", "is_trump", "worth", "beat", "beat_plain", "beat_trump")

    def __init__(self, trump: int) -> None:
        self.trumps = SUIT_MASKS[trump]
        self.plain = ALL_CARDS & ~self.trumps
        self.is_trump = tuple(c // 13 == trump for c in range(52))
        # its rank, 13 more for a trump (cardlib.value's order)
        self.worth = tuple(c % 13 + 13 * (c // 13 == trump) for c in range(52))
        self.beat = BEATERS[trump]
        # the beaters of the card's own suit (none for a trump), then the trumps
        self.beat_plain = tuple(b & self.plain for b in self.beat)
        self.beat_trump = tuple(b & self.trumps for b in self.beat)


PRICES = tuple(_Prices(t) for t in range(4))


def fast_playout(f: Fast, seat: int, rng: random.Random,
                 policy: Callable[[Fast, int, random.Random], int] | None = None) -> float:
    """Play ``f`` in place, every seat moving by ``policy`` (``fast_move`` unless
    given), until the end or, where ``out_is_safe``, ``seat`` is out; ``seat``'s
    outcome. For ``NO_SEAT`` it plays to the result, every seat's outcome then read
    from ``f``."""
    move = policy or fast_move
    safe_out = out_is_safe(f.conf.n)
    for _ in range(MAX_PLAYOUT_MOVES):
        if f.result != RUNNING or f.out >> seat & 1 and safe_out:
            return outcome(f, seat)
        actor = next_actor(f)
        apply(f, actor, move(f, actor, rng))
    return 0.5


def outcome(f: Fast, seat: int) -> float:
    """``seat``'s outcome on ``f``: 1 if it is not the fool (out of the game while
    others still hold cards included, where ``out_is_safe``), 0 if it is, 1/2 for a
    draw or undecided."""
    if f.result != RUNNING:
        return 0.5 if f.result == DRAW else float(f.result != seat)
    return 1.0 if f.out >> seat & 1 else 0.5


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
        return _endgame_lead(f, hand, PRICES[trump])
    plain = hand & PRICES[trump].plain
    if not plain:
        return hand & -hand  # all trumps: the lowest
    s0, s1, s2, s3 = plain & SUIT, plain >> 13 & SUIT, plain >> 26 & SUIT, plain >> 39
    ranks = s0 | s1 | s2 | s3
    low = ranks & -ranks
    best = plain & RANK_CARDS[low]  # the lowest plain rank; of it, the first suit's card
    best &= -best
    multi = ((s0 | s1) & (s2 | s3) | s0 & s1 | s2 & s3) & LOW_SET_RANKS  # (as _multi_ranks)
    if not multi:
        return best
    best_score = float(low.bit_length() - 1)
    while multi:
        low = multi & -multi
        multi ^= low
        same = plain & RANK_CARDS[low]
        k = min(same.bit_count(), f.limit)
        score = low.bit_length() - 1 - SHED_LOW_SET * (k - 1)
        if score < best_score:
            best, best_score = _lowest_bits(same, k), score
    return best


def _endgame_lead(f: Fast, hand: int, p: _Prices) -> int:
    """Talon empty: go out with one set if possible, else the single card scoring
    best by normal's endgame rule (unbeatable first, keep sets to throw in)."""
    ranks = _rank_mask(hand)
    if ranks & (ranks - 1) == 0 and hand.bit_count() <= f.limit:
        return hand
    theirs = f.hands[f.defender]
    in_sets = RANK_CARDS[_multi_ranks(hand)]
    worth, beat = p.worth, p.beat
    best, best_score, m = 0, 1e9, hand
    while m:
        low = m & -m
        m ^= low
        c = low.bit_length() - 1
        score: float = worth[c]
        if not theirs & beat[c]:
            score -= END_UNBEATABLE
        if in_sets & low:
            score -= END_SPLIT_SET
        if score < best_score:
            best, best_score = low, score
    return best


def defend(f: Fast, hand: int, trump: int) -> int:
    """Show or transfer where normal would; else cover the hardest card with the
    cheapest cover by normal's cost, or take (any card uncoverable, or a trump
    needed while the talon is long)."""
    p = PRICES[trump]
    if f.conf.transfers:
        move = _pass_on(f, hand, p)
        if move >= 0:
            return move
    unc = f.unc
    if unc & (unc - 1):  # several cards to cover
        plan = _cover_plan(f, hand, p)
        if not plan or len(f.talon) > TAKE_TALON and any(p.is_trump[b] for _, b in plan):
            return TAKE
        a, b = plan[0]
        return COVER[a][b]
    a = unc.bit_length() - 1  # one card to cover: the usual case
    options = hand & p.beat[a]
    if not options:
        return TAKE
    long_talon = len(f.talon) > TAKE_TALON
    if options & (options - 1):
        if long_talon and not options & p.plain:
            return TAKE  # every cover a trump
        b = _best_cover(hand, a, p, _seen(f, hand), hand)
    else:
        b = options.bit_length() - 1
    if long_talon and p.is_trump[b]:
        return TAKE
    return COVER[a][b]


def _pass_on(f: Fast, hand: int, p: _Prices) -> int:
    """Perevodnoy: a show of a trump of the table's rank, else a transfer with its
    lowest plain card, where the next defender could take them (and the transfer
    would not leave this hand empty in the endgame); -1 for neither."""
    rank = one_rank(f)
    same = hand & RANK_CARDS[rank] if rank else 0
    if not same:
        return -1
    shows = same & p.trumps & ~f.shown if f.conf.show else 0
    if shows and target_ok(f, f.natt):
        return SHOW | ((shows & -shows).bit_length() - 1) << 3
    plain = same & p.plain
    if plain and target_ok(f, f.natt + 1) and (f.talon or hand.bit_count() > 1):
        return TRANSFER | (plain & -plain) << 3
    return -1


def _seen(f: Fast, hand: int) -> int:
    """The cards the defender has seen: its hand, the discard, the table and the
    face-up trump."""
    seen = hand | f.discard | f.att | f.cov
    return seen | BIT[f.talon[0]] if f.talon else seen


def _cover_plan(f: Fast, hand: int, p: _Prices) -> list[tuple[int, int]]:
    """normal.cover_plan on the compact position for several uncovered cards:
    (attack, cover) for each, the hardest first; empty if some cannot be covered."""
    unc, beat = f.unc, p.beat
    attacks = []
    while unc:
        low = unc & -unc
        unc ^= low
        a = low.bit_length() - 1
        attacks.append(((hand & beat[a]).bit_count(), a))
    attacks.sort()
    seen = _seen(f, hand)
    plan, left = [], hand
    for _, a in attacks:
        b = _best_cover(left, a, p, seen, hand)
        if b < 0:
            return []
        plan.append((a, b))
        left &= ~BIT[b]
    return plan


def _best_cover(left: int, a: int, p: _Prices, seen: int, hand: int) -> int:
    """The card of ``left`` covering ``a`` cheapest by normal's cost (its worth,
    the throw-ins its rank opens, breaking a set of ``hand``; the lowest card on
    a tie), or -1 if there is none. The costs only add to a card's worth, so each
    part, ascending in worth, is priced up to the first card worth more than
    the best cost so far."""
    best, best_cost = -1, 1e9
    worth = p.worth
    for m in (left & p.beat_plain[a], left & p.beat_trump[a]):
        while m:
            low = m & -m
            m ^= low
            b = low.bit_length() - 1
            w = worth[b]
            if w > best_cost:
                break
            rank = RANK_OF[b]
            cost = w + OPEN_PRICE[(seen & rank).bit_count()]
            if hand & rank != low:  # another card of its rank in the hand
                cost += KEEP_SET
            if cost < best_cost or cost == best_cost and b < best:
                best, best_cost = b, cost
    return best


def throw_in(f: Fast, seat: int, trump: int) -> int:
    """The cheapest plain card that may go in, trumps too once the talon is short;
    else pass."""
    cards = throwable(f, seat) if not f.passed >> seat & 1 else 0
    if not cards:
        return PASS
    if len(f.talon) > THROW_TRUMPS_TALON:
        cards &= PRICES[trump].plain
        if not cards:
            return PASS
        return _cheapest_plain(cards) << 3 | ATTACK
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
    plain = m & PRICES[trump].plain
    return _cheapest_plain(plain) if plain else m & -m


def _cheapest_plain(plain: int) -> int:
    """The bit of the lowest card of a non-empty mask of plain cards: the lowest
    rank, then the first suit."""
    r = (plain | plain >> 13 | plain >> 26 | plain >> 39) & SUIT
    lowest = plain & RANK_CARDS[r & -r]
    return lowest & -lowest


def _nth_card(m: int, k: int) -> int:
    """The bit of the ``k``-th card of ``m``, lowest first."""
    for _ in range(k):
        m &= m - 1
    return m & -m
