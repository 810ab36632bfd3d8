"""Rule-of-thumb players that look only at a seat's view: easy and normal."""

from __future__ import annotations

import random

from game.engine.actions import Action, Defend
from game.engine.variant import policy_of
from game.engine.view import View

from . import normal, prostoy
from .cardlib import Kinds, cover_plan, uncovered, value
from .lookahead import look_ahead

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
    """A solid club player (see the README's description of the ladder): its rules
    of thumb, and a look-ahead once every card is placed."""
    return look_ahead(v, legal, normal_rule_of_thumb(v, legal, rng))


def normal_rule_of_thumb(v: View, legal: list[Action], rng: random.Random) -> Action:
    """normal's move by its rules of thumb alone (which the search's playouts mirror)."""
    k = Kinds(legal)
    if k.exchange is not None:
        return k.exchange
    partial = policy_of(v.rules).partial_take
    if not v.started:
        return prostoy.lead(v, k.attacks) if partial else normal.lead(v, k.attacks, rng)
    if v.seat == v.defender:
        return prostoy.defend(v, k.take) if partial else normal.defend(v, k)
    return normal.throw_in(v, k) or legal[0]
