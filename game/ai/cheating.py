"""Cheating mode for computer players: nerve and attention, never perfect.

Each level has a ``Temper``: how readily it cheats when a cheat is worth it, and how
often it notices a cheat it may catch. ``Cheater`` wraps any agent: it sees the
cheats and catches offered besides the honest moves, decides about them from its
seat's view alone with its own seeded generator (a roll, never a peek at hidden
cards), and leaves every honest decision to the agent it wraps, which never sees a
cheat or a catch: it is shown the position as an honest game (``honest.honest_view``).
With the rules' ``cheating`` off it is the wrapped agent.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.engine.actions import Action, Attack, Catch, Defend, Pass
from game.engine.cards import beats, iter_mask
from game.engine.view import View

from . import Agent
from .cardlib import uncovered, value
from .honest import honest_view


@dataclass(frozen=True)
class Temper:
    nerve: float      # chance to make a cheat that is worth it
    attention: float  # chance to notice a cheat it may catch


TEMPERS = {
    "random": Temper(nerve=0.5, attention=0.5),
    "easy": Temper(nerve=0.15, attention=0.2),
    "normal": Temper(nerve=0.3, attention=0.55),
    "hard": Temper(nerve=0.35, attention=0.8),
    "expert": Temper(nerve=0.4, attention=0.95),
}
# A level without a temper of its own (an arena yardstick): never cheats, notices half.
PLAIN = Temper(nerve=0.0, attention=0.5)


def temper_of(level: str) -> Temper:
    return TEMPERS.get(level, PLAIN)

BIG_TABLE = 4      # a take of this many cards or more is worth a false cover
WEAK_DEFENDER = 2  # a defender holding this few cards is worth a false throw-in


def is_cheat(v: View, a: Action) -> bool:
    """Whether ``a``, offered to ``v.seat``, breaks a card rule: a throw-in of a rank
    not on the table, or a cover that does not beat (decided from the view)."""
    if isinstance(a, Attack):
        ranks = 0
        for c in v.attacks + tuple(c for c in v.covers if c >= 0):
            ranks |= 1 << (c % 13)
        return v.started and any(not ranks >> (c % 13) & 1 for c in a.cards)
    if isinstance(a, Defend):
        return not beats(a.card, a.attack, v.trump)
    return False


class Cheater:
    """``agent`` with a level's temper for cheating mode."""

    def __init__(self, agent: Agent, seat: int, seed: int, temper: Temper) -> None:
        self.agent = agent
        self.level = agent.level
        self.seat = seat
        self.temper = temper
        self.rng = random.Random(seed ^ 0x5EED_C4EA7)
        self.tried = 0  # cheats made (the arena counts them)

    def choose(self, v: View, legal: list[Action]) -> Action:
        if not v.rules.cheating:
            return self.agent.choose(v, legal)
        catch = next((a for a in legal if isinstance(a, Catch)), None)
        accept = v.seat == v.defender and catch is not None
        if catch is not None and self.rng.random() < self.temper.attention:
            return catch
        honest: list[Action] = [a for a in legal if not isinstance(a, Catch) and not is_cheat(v, a)
                  and not (accept and isinstance(a, Pass))]
        cheat = self._worth_it(v, [a for a in legal if is_cheat(v, a)])
        if cheat is not None and self.rng.random() < self.temper.nerve:
            self.tried += 1
            return cheat
        if not honest:  # only a pass that lets the cheat stand was left
            return next(a for a in legal if isinstance(a, Pass))
        return self.agent.choose(honest_view(v), honest)

    def _worth_it(self, v: View, cheats: list[Action]) -> Action | None:
        """The cheat worth making now, if any: a false cover that saves a big take, or
        a false throw-in of a cheap card at a weak or taking defender. Never again in
        a bout where this seat was caught."""
        if not cheats or any(r.seat == v.seat and r.caught and r.bout == v.bout
                             for r in v.cheats):
            return None
        if v.seat == v.defender:
            return _false_cover(v, [a for a in cheats if isinstance(a, Defend)])
        weak = v.taking or v.hand_counts[v.defender] <= WEAK_DEFENDER
        throws = [a for a in cheats if isinstance(a, Attack) and a.cards[0] // 13 != v.trump]
        if not weak or not throws:
            return None
        return min(throws, key=lambda a: value(a.cards[0], v.trump))


def _false_cover(v: View, covers: list[Defend]) -> Defend | None:
    """A plain card laid on the one attack card the hand cannot beat, when the table
    it would otherwise pick up is big (the cheapest such card)."""
    table = len(v.attacks) + sum(1 for c in v.covers if c >= 0)
    if table < BIG_TABLE:
        return None
    hopeless = [a for a in uncovered(v.attacks, v.covers)
                if not any(beats(c, a, v.trump) for c in iter_mask(v.hand))]
    if len(hopeless) != 1:
        return None  # one false cover would not save the take
    options = [d for d in covers if d.attack == hopeless[0] and d.card // 13 != v.trump]
    if not options:
        return None
    return min(options, key=lambda d: value(d.card, v.trump))
