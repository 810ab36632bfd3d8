"""What differs between the games: one frozen policy per variant, chosen from Rules.

A policy answers the questions on which the variants disagree: what a lead may be,
whether the other attackers may throw in (and pass), what a take picks up, the
bout's limit and who draws after it. Who attacks next is the same in every variant
(the defender after a beaten-off bout, the player after the defender otherwise);
the trump changes in one place, ``bout._reveal_second``. ``legal.py``, ``checks.py``,
``play.py`` and ``bout.py`` ask the state's policy and never the variant.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING

from .actions import Attack, single_attack
from .cards import RANK_CARDS, Card, Mask, iter_mask
from .refusal import Code, Refusal, refusal

if TYPE_CHECKING:
    from .rules import Rules

_LEAD_OF_MIXED_RANKS = Refusal(Code.LEAD_OF_MIXED_RANKS)
_LEAD_SIZE = Refusal(Code.LEAD_SIZE)
_LEAD_NEEDS_PAIR = Refusal(Code.LEAD_NEEDS_PAIR)
_LEAD_NEEDS_TWO_PAIRS = Refusal(Code.LEAD_NEEDS_TWO_PAIRS)


def _draw_order(n: int, leader: int, defender: int) -> tuple[int, ...]:
    order = [(leader + i) % n for i in range(n)]
    return tuple(p for p in order if p != defender) + (defender,)


DrawOrders = tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]
"""Who draws after a bout, by the number of players, the leader and the defender."""
_DRAW_ORDERS: DrawOrders = tuple(tuple(tuple(_draw_order(n, lead, d) for d in range(n))
                                       for lead in range(n)) for n in range(7))
_PAIR_ORDERS: DrawOrders = tuple(tuple(tuple((lead, d) for d in range(n)) for lead in range(n))
                                 for n in range(7))


# A frozen dataclass: its flags are slots, which the interpreter reads faster than
# class attributes through an instance (they are read on every move).
@dataclass(frozen=True, slots=True, eq=False)
class Policy:
    """Podkidnoy and Perevodnoy: leads of one rank, throw-ins, a take picks up all."""

    name: str = "throw_in"
    throw_in: bool = True        # other attackers may add cards and say "done"
    partial_take: bool = False   # a take leaves the covered pairs to the discard
    transfers: bool = False      # Perevodnoy: the defender may pass the attack on
    # who draws after a bout: the leader first, then clockwise, the defender last
    draw_orders: DrawOrders = field(default=_DRAW_ORDERS, repr=False)

    def limit(self, rule_limit: int | None, defender_hand: int) -> int:
        """The most attack cards of a bout against a defender holding ``defender_hand``."""
        return defender_hand if rule_limit is None else min(rule_limit, defender_hand)

    def limits(self, rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """``limit`` under ``rules`` as tables by the defender's hand size: for the
        bouts after the first, then for the first (``State.bout_limit_for``)."""
        return _limit_tables(self, rules.attack_limit, rules.first_bout_limit)

    def defence_watchers(self, attackers: Mask, attacker: int) -> Mask:
        """Cheating mode: who may catch a cover that does not beat, given the seats
        allowed to throw in this bout and the principal attacker."""
        return attackers

    def check_lead(self, cards: tuple[Card, ...], limit: int) -> Refusal | None:
        if len({c % 13 for c in cards}) != 1:
            return _LEAD_OF_MIXED_RANKS
        if len(cards) > limit:
            return refusal(Code.BOUT_LIMIT, limit=limit)
        return None

    def leads(self, seat: int, hand: Mask, limit: int, out: list) -> None:
        """Add every legal lead of ``hand`` to ``out``: by rank, ascending, each
        rank's single cards first (see ``_rank_leads``)."""
        if limit < 4:  # some leads of several cards are over the limit
            _leads_within(seat, hand, limit, out)
            return
        get = _GROUP_LEADS[seat].get
        for m in _RANK_GROUPS if hand & _LOW_RANKS else _HIGH_GROUPS:
            part = hand & m
            if part:
                out += get(part) or _group_leads(seat, part)


@dataclass(frozen=True, slots=True, eq=False)
class PerevodnoyPolicy(Policy):
    """Perevodnoy: Podkidnoy's leads and throw-ins, and the defender may transfer."""

    name: str = "perevodnoy"
    transfers: bool = True


@dataclass(frozen=True, slots=True, eq=False)
class ProstoyPolicy(Policy):
    """Prostoy Durak: the attacker alone plays 1, 3 or 5 cards in patterns at once;
    the defender covers some and picks up the rest."""

    name: str = "prostoy"
    throw_in: bool = False
    partial_take: bool = True
    # only the two who played draw: the attacker, then the defender
    draw_orders: DrawOrders = field(default=_PAIR_ORDERS, repr=False)
    SIZES = (1, 3, 5)

    def limit(self, rule_limit: int | None, defender_hand: int) -> int:
        return min(max(self.SIZES), defender_hand)

    def defence_watchers(self, attackers: Mask, attacker: int) -> Mask:
        return 1 << attacker  # nobody else plays in the bout

    def check_lead(self, cards: tuple[Card, ...], limit: int) -> Refusal | None:
        if len(cards) not in self.SIZES:
            return _LEAD_SIZE
        if len(cards) > limit:
            return refusal(Code.DEFENDER_HOLDS_FEWER, held=limit)
        return pattern_refusal(cards)

    def leads(self, seat: int, hand: Mask, limit: int, out: list) -> None:
        out.extend(_prostoy_leads(seat, hand, limit))


def pairs_in(cards: Iterable[Card]) -> int:
    """How many disjoint pairs of one rank the cards hold (four of a kind: two)."""
    counts: dict[int, int] = {}
    for c in cards:
        counts[c % 13] = counts.get(c % 13, 0) + 1
    return sum(k // 2 for k in counts.values())


def pattern_refusal(cards: tuple[Card, ...]) -> Refusal | None:
    """A Prostoy attack of 3 needs a pair, of 5 two disjoint pairs."""
    need = (len(cards) - 1) // 2
    if pairs_in(cards) >= need:
        return None
    return _LEAD_NEEDS_PAIR if need == 1 else _LEAD_NEEDS_TWO_PAIRS


@lru_cache(maxsize=4096)
def _prostoy_leads(seat: int, hand: Mask, limit: int) -> tuple[Attack, ...]:
    cards = list(iter_mask(hand))
    out: list[Attack] = [single_attack(seat, c) for c in cards]
    for k in ProstoyPolicy.SIZES[1:]:
        if k > limit or k > len(cards):
            break
        out.extend(Attack(seat, combo) for combo in combinations(cards, k)
                   if pairs_in(combo) >= (k - 1) // 2)
    return tuple(out)


@lru_cache(maxsize=64)
def _limit_tables(policy: Policy, attack_limit: int | None, first_bout_limit: int | None
                  ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    first = attack_limit if first_bout_limit is None else first_bout_limit
    return (tuple(policy.limit(attack_limit, k) for k in range(53)),
            tuple(policy.limit(first, k) for k in range(53)))


_LEAD_CACHE: dict[int, tuple[Attack, ...]] = {}


def _rank_leads(seat: int, same: int) -> tuple[Attack, ...]:
    """Every lead from ``same`` (cards of one rank): each non-empty subset, the
    single cards first, then the pairs, and so on."""
    key = same << 3 | seat
    leads = _LEAD_CACHE.get(key)
    if leads is None:
        cards = list(iter_mask(same))
        leads = tuple(single_attack(seat, c) for c in cards) + tuple(
            Attack(seat, combo)
            for k in range(2, len(cards) + 1)
            for combo in combinations(cards, k)
        )
        _LEAD_CACHE[key] = leads
    return leads


# _WITHIN[k][limit]: how many leads of at most ``limit`` cards ``k`` cards of one rank
# give (the first so many of ``_rank_leads``, which lists them by size).
_WITHIN = tuple(tuple(sum(comb(k, j) for j in range(1, min(k, limit) + 1)) for limit in range(5))
                for k in range(5))


def _leads_within(seat: int, hand: Mask, limit: int, out: list) -> None:
    """The leads of ``hand`` of at most ``limit`` cards (under 4), rank by rank."""
    ranks = (hand | hand >> 13 | hand >> 26 | hand >> 39) & 0x1FFF
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        same = hand & RANK_CARDS[low]
        out += _rank_leads(seat, same)[:_WITHIN[same.bit_count()][limit]]


# A hand's leads without a limit, read two ranks at a time: by seat, the leads of
# each group's cards in a hand, made once (at most 2^8 card sets a group, so the
# tables fill within a few hundred games, where a cache by whole hands would grow
# with every game; groups of three ranks take fewer look-ups but thousands of
# games to fill).
_RANK_GROUPS = (RANK_CARDS[1], RANK_CARDS[0b110], RANK_CARDS[0b11 << 3], RANK_CARDS[0b11 << 5],
                RANK_CARDS[0b11 << 7], RANK_CARDS[0b11 << 9], RANK_CARDS[0b11 << 11])
_LOW_RANKS = RANK_CARDS[0b111]  # the groups of ranks 2-4, in none but a 52-card deck
_HIGH_GROUPS = _RANK_GROUPS[2:]
_GROUP_LEADS: list[dict[Mask, tuple[Attack, ...]]] = [{} for _ in range(6)]


def _group_leads(seat: int, part: Mask) -> tuple[Attack, ...]:
    leads: tuple[Attack, ...] = ()
    ranks = (part | part >> 13 | part >> 26 | part >> 39) & 0x1FFF
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        leads += _rank_leads(seat, part & RANK_CARDS[low])
    _GROUP_LEADS[seat][part] = leads
    return leads


THROW_IN = Policy()
PEREVODNOY = PerevodnoyPolicy()
PROSTOY = ProstoyPolicy()
_POLICIES = {"prostoy": PROSTOY, "perevodnoy": PEREVODNOY}


def policy_of(rules: Rules) -> Policy:
    return _POLICIES.get(rules.variant, THROW_IN)
