"""``greedy``: a yardstick for the arena, not a level players choose.

A dozen lines of common-sense heuristics, as published Durak bots play: the lowest
card first, no trumps while the talon holds more than four cards, always throw in,
take when the cards cannot be covered cheaply.
"""

from __future__ import annotations

from game.engine.actions import Action, Attack, Defend
from game.engine.view import View

from .agents import RandomAgent
from .cardlib import Kinds, cover_plan, uncovered, value

SAVE_TRUMPS_ABOVE = 4  # talon cards: with more than this, no trump is played by choice


def greedy_choice(v: View, legal: list[Action]) -> Action:
    k = Kinds(legal)
    early = v.talon_count > SAVE_TRUMPS_ABOVE
    if not v.started:
        return _lowest(v, [a for a in k.attacks if len(a.cards) == 1], early) or legal[0]
    if v.seat == v.defender:
        return _defend(v, k, early) or legal[0]
    throws = _lowest(v, k.attacks, early)
    return throws or k.passes or legal[0]


def _lowest(v: View, attacks: list[Attack], early: bool) -> Attack | None:
    """The attack with the lowest card, plain cards only while ``early``; a lead is
    never refused (with only trumps in hand, the lowest trump)."""
    trump = v.trump
    pool = [a for a in attacks if a.cards[0] // 13 != trump] if early else attacks
    if not pool and not v.started:
        pool = attacks
    return min(pool, key=lambda a: value(a.cards[0], trump), default=None)


def _defend(v: View, k: Kinds, early: bool) -> Action | None:
    """Cover with the cheapest cards, or take when that needs a trump early on."""
    plan = cover_plan(uncovered(v.attacks, v.covers), v.hand, v.trump)
    if plan is None or early and any(b // 13 == v.trump for _, b in plan):
        return k.take
    a, b = plan[0]
    return Defend(v.seat, a, b)


class GreedyAgent(RandomAgent):
    level = "greedy"

    def choose(self, v: View, legal: list[Action]) -> Action:
        return greedy_choice(v, legal)
