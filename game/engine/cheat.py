"""Cheating mode: a card rule broken on purpose, the cheat pending, caught or standing.

Only the card rules of ``refusal.CARD_RULES`` may be broken (a throw-in of a rank
not on the table, a cover that does not beat); ``check`` tests them last, so an
action refused by one of them alone is otherwise possible and, with
``Rules.cheating``, the engine accepts it as a cheat (``play.apply_in_place``).
The cheat is then pending: its cards lie on the table for everyone to see, the
cheater waits, and the seats that may catch it (its watchers) decide. A ``Catch``
puts everything back as it was before the cheat; any other accepted move by
another seat lets it stand. ``legal_actions`` stays the honest list;
``cheat_actions`` lists the cheats a seat could make.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, Attack, Defend, defence, single_attack
from .cards import Card, Mask, Seat, beaters_mask, cards_of_ranks, mask_of
from .legal import check
from .refusal import CARD_RULES, Refusal
from .state import State


@dataclass(frozen=True, slots=True)
class Pending:
    """A cheat not yet caught nor standing, and what a catch must put back besides
    the table: public facts only (a view carries it)."""

    seat: Seat
    cards: tuple[Card, ...]
    rule: str                   # the code of the card rule it breaks
    attack: Card                # the card a defence cheat covers, -1 for a throw-in
    watchers: Mask              # the seats that may catch it
    exchange: bool              # it played the lowest trump with the right to exchange it
    out: tuple[Seat, ...]       # who was out before it, and in which bouts
    out_bouts: tuple[int, ...]
    clock: int
    emptied: int


@dataclass(frozen=True, slots=True)
class CheatRecord:
    """A cheat of the game that was caught (``caught_by`` the catcher) or stood
    (``caught_by`` -1)."""

    seat: Seat
    cards: tuple[Card, ...]
    rule: str
    attack: Card
    bout: int
    caught_by: Seat

    @property
    def caught(self) -> bool:
        return self.caught_by >= 0


def cheat_of(s: State, action: Action) -> Refusal | None:
    """The card rule ``action`` breaks if the engine would accept it as a cheat now,
    else None (a legal action, one refused for another reason, or no cheating mode)."""
    if not s.rules.cheating:
        return None
    reason = check(s, action)
    if reason is None or reason.code not in CARD_RULES:
        return None
    return reason


def cheat_actions(s: State, seat: Seat) -> list[Action]:
    """Every cheat ``seat`` could make now: exactly the single-card actions
    ``cheat_of`` accepts (throw-ins of several cards, as in ``legal_actions``, are
    left out)."""
    if (not s.rules.cheating or s.result is not None or not s.started
            or s.out_mask >> seat & 1 or s.cheat is not None and s.cheat.seat == seat):
        return []
    hand = s.hands[seat]
    out: list[Action] = []
    if seat == s.defender:
        if not s.taking:
            for a, cover in zip(s.attacks, s.covers, strict=True):
                if cover < 0:
                    weak = hand & ~beaters_mask(a, s.trump)
                    out.extend(defence(seat, a, c) for c in _cards(weak))
        return out
    if (s.policy.throw_in and s.attacker_mask() >> seat & 1 and not s.passed >> seat & 1
            and len(s.attacks) < s.limit):
        out.extend(single_attack(seat, c) for c in _cards(hand & ~cards_of_ranks(s.table_ranks())))
    return out


def _cards(m: Mask) -> list[Card]:
    return [c for c in range(52) if m >> c & 1]


def pending_for(s: State, action: Attack | Defend, rule: str) -> Pending:
    """The pending cheat ``action`` is about to make (called before it is applied)."""
    seat = action.seat
    if isinstance(action, Attack):
        cards, attack, watchers = action.cards, -1, 1 << s.defender
    else:
        cards, attack = (action.card,), action.attack
        watchers = s.policy.defence_watchers(s.attacker_mask(), s.attacker)
    played = mask_of(cards)
    return Pending(
        seat=seat, cards=cards, rule=rule, attack=attack,
        watchers=watchers & ~s.out_mask & ~(1 << seat),
        exchange=s.exchanger == seat and bool(played >> s.low_trump & 1),
        out=tuple(s.out), out_bouts=s.out_bouts, clock=s.clock, emptied=s.emptied_at[seat],
    )


def restore(s: State, p: Pending) -> None:
    """Undo the pending cheat ``p``, the last change of ``s``: its cards back in the
    cheater's hand, the table, who is out and the exchange right as before; every
    attacker may throw in again (a change of the table)."""
    seat, played = p.seat, mask_of(p.cards)
    s.hands[seat] |= played
    s.known[seat] |= played  # everyone saw them go back
    if p.exchange:
        s.exchanger = seat
    if p.attack < 0:
        del s.attacks[len(s.attacks) - len(p.cards):]
        del s.covers[len(s.covers) - len(p.cards):]
        s.uncovered -= len(p.cards)
    else:
        s.covers[s.attacks.index(p.attack)] = -1
        s.uncovered += 1
    s.table_from_lists()
    s.out = list(p.out)
    s.out_bouts = p.out_bouts
    s.out_mask = 0
    for q in p.out:
        s.out_mask |= 1 << q
    s.clock, s.emptied_at[seat] = p.clock, p.emptied
    s.passed = 0


def record(p: Pending, bout: int, caught_by: Seat) -> CheatRecord:
    return CheatRecord(p.seat, p.cards, p.rule, p.attack, bout, caught_by)
