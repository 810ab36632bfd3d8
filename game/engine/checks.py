"""Whether the rules allow an action: None, or a coded refusal naming the rule.

``check`` is the one definition of what is legal; ``legal.legal_actions`` lists
exactly the actions it accepts (tests/test_legality.py holds them to it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .actions import Action, Attack, Catch, Defend, Exchange, Pass, Show, Take, Transfer
from .cards import Card, Seat, beats, count
from .refusal import Code, Refusal, refusal
from .state import State


class IllegalAction(ValueError):
    """An action the rules do not allow; ``refusal`` says which rule, str() in English."""

    def __init__(self, why: Refusal) -> None:
        super().__init__(why)
        self.refusal: Refusal | None = why  # None: refused outside the rules (session.loop)

    def __str__(self) -> str:
        from game.refusals import english  # the words live outside the engine

        return english(self.refusal) if self.refusal is not None else super().__str__()


# The refusals without arguments, made once: check() runs in every search playout.
_GAME_OVER = Refusal(Code.GAME_OVER)
_CARD_TWICE = Refusal(Code.CARD_TWICE)
_ATTACK_WITHOUT_CARDS = Refusal(Code.ATTACK_WITHOUT_CARDS)
_NO_THROW_IN = Refusal(Code.NO_THROW_IN)
_NO_PASS = Refusal(Code.NO_PASS)
_ALREADY_TAKING = Refusal(Code.ALREADY_TAKING)
_NOTHING_TO_TAKE = Refusal(Code.NOTHING_TO_TAKE)
_TRANSFER_NOT_IN_VARIANT = Refusal(Code.TRANSFER_NOT_IN_VARIANT)
_NOTHING_TO_TRANSFER = Refusal(Code.NOTHING_TO_TRANSFER)
_TRANSFER_AFTER_COVER = Refusal(Code.TRANSFER_AFTER_COVER)
_TRANSFER_OF_MIXED_RANKS = Refusal(Code.TRANSFER_OF_MIXED_RANKS)
_NOBODY_TO_TRANSFER_TO = Refusal(Code.NOBODY_TO_TRANSFER_TO)
_TRANSFER_WITHOUT_CARDS = Refusal(Code.TRANSFER_WITHOUT_CARDS)
_SHOW_NOT_IN_RULES = Refusal(Code.SHOW_NOT_IN_RULES)
_EXCHANGE_NOT_IN_RULES = Refusal(Code.EXCHANGE_NOT_IN_RULES)
_TRUMP_NOT_UNDER_TALON = Refusal(Code.TRUMP_NOT_UNDER_TALON)
_CHEATING_OFF = Refusal(Code.CHEATING_OFF)
_NO_CHEAT = Refusal(Code.NO_CHEAT)


def check(s: State, action: Action) -> Refusal | None:
    """None if ``action`` is legal now, else the rule that refuses it."""
    if s.finished:
        return _GAME_OVER
    seat = action.seat
    if not 0 <= seat < s.n:
        return refusal(Code.NO_SUCH_SEAT, seat=seat)
    if not s.is_in(seat):
        return refusal(Code.SEAT_OUT, seat=seat)
    if s.cheat is not None and s.cheat.seat == seat:
        return refusal(Code.CHEATER_WAITS, seat=seat)
    return _CHECKS[type(action)](s, action)


def _missing(s: State, seat: Seat, cards: tuple[Card, ...]) -> Refusal | None:
    if len(set(cards)) != len(cards):
        return _CARD_TWICE
    for c in cards:
        if not s.hands[seat] >> c & 1:
            return refusal(Code.NOT_HELD, seat=seat, card=c)
    return None


def _check_attack(s: State, a: Attack) -> Refusal | None:
    seat, cards = a.seat, a.cards
    if not cards:
        return _ATTACK_WITHOUT_CARDS
    if seat == s.defender:
        return refusal(Code.IS_DEFENDER, seat=seat)
    if not s.started:
        if seat != s.attacker:
            return refusal(Code.ONLY_ATTACKER_LEADS, attacker=s.attacker)
        reason = _missing(s, seat, cards)
        if reason:
            return reason
        return s.policy.check_lead(cards, s.limit)
    if not s.policy.throw_in:
        return _NO_THROW_IN
    if s.partners(seat, s.defender):
        return refusal(Code.ATTACKS_PARTNER, seat=seat)
    if not s.attacker_mask() >> seat & 1:
        return refusal(Code.NOT_A_NEIGHBOUR, seat=seat)
    if s.passed >> seat & 1:
        return refusal(Code.HAS_PASSED, seat=seat)
    reason = _missing(s, seat, cards)
    if reason:
        return reason
    if len(s.attacks) + len(cards) > s.limit:
        return refusal(Code.BOUT_LIMIT, limit=s.limit)
    ranks = s.table_ranks()  # a card rule: tested last (see refusal.CARD_RULES)
    for c in cards:
        if not ranks >> (c % 13) & 1:
            return refusal(Code.RANK_NOT_ON_TABLE, rank=c % 13 + 2)
    return None


def _defender_may_act(s: State, seat: int) -> Refusal | None:
    if seat != s.defender:
        return refusal(Code.NOT_DEFENDER, seat=seat)
    if s.taking:
        return _ALREADY_TAKING
    return None


def _check_defend(s: State, a: Defend) -> Refusal | None:
    reason = _defender_may_act(s, a.seat)
    if reason:
        return reason
    if a.attack not in s.attacks:
        return refusal(Code.NOT_ON_TABLE, card=a.attack)
    if s.covers[s.attacks.index(a.attack)] >= 0:
        return refusal(Code.ALREADY_COVERED, card=a.attack)
    reason = _missing(s, a.seat, (a.card,))
    if reason:
        return reason
    if not beats(a.card, a.attack, s.trump):  # a card rule: tested last
        return refusal(Code.DOES_NOT_BEAT, card=a.card, attack=a.attack)
    return None


def _check_take(s: State, a: Take) -> Refusal | None:
    reason = _defender_may_act(s, a.seat)
    if reason:
        return reason
    if not s.uncovered:
        return _NOTHING_TO_TAKE
    return None


def _check_pass(s: State, a: Pass) -> Refusal | None:
    if s.cheat is not None and s.cheat.watchers >> a.seat & 1:
        return None  # lets the pending cheat stand
    if not s.policy.throw_in:
        return _NO_PASS
    if a.seat == s.defender:
        return refusal(Code.IS_DEFENDER, seat=a.seat)
    if not s.started:
        return refusal(Code.BOUT_NOT_BEGUN, attacker=s.attacker)
    if not s.attacker_mask() >> a.seat & 1:
        return refusal(Code.NOT_AN_ATTACKER, seat=a.seat)
    return None


def transfer_refusal(s: State, seat: int) -> Refusal | None:
    """Why ``seat`` may not pass the attack on now, whatever its cards (None: it may)."""
    if not s.policy.transfers:
        return _TRANSFER_NOT_IN_VARIANT
    reason = _defender_may_act(s, seat)
    if reason:
        return reason
    if not s.attacks:
        return _NOTHING_TO_TRANSFER
    if len(s.attacks) != s.uncovered:
        return _TRANSFER_AFTER_COVER
    if len({c % 13 for c in s.attacks}) != 1:
        return _TRANSFER_OF_MIXED_RANKS
    return None


def target_refusal(s: State, table_after: int) -> Refusal | None:
    """Why the attack may not pass on with ``table_after`` cards on the table."""
    target = s.following(s.attacker, s.defender)
    if target < 0 or target == s.defender:
        return _NOBODY_TO_TRANSFER_TO
    held = count(s.hands[target])
    if held < table_after:
        return refusal(Code.TARGET_HOLDS_TOO_FEW, target=target, held=held, table=table_after)
    limit = s.rule_limit()
    if limit is not None and table_after > limit:
        return refusal(Code.TRANSFER_OVER_LIMIT, limit=limit)
    return None


def _check_transfer(s: State, a: Transfer) -> Refusal | None:
    reason = transfer_refusal(s, a.seat)
    if reason:
        return reason
    if not a.cards:
        return _TRANSFER_WITHOUT_CARDS
    reason = _missing(s, a.seat, a.cards)
    if reason:
        return reason
    rank = s.attacks[0] % 13
    for c in a.cards:
        if c % 13 != rank:
            return refusal(Code.TRANSFER_OF_OTHER_RANK, rank=rank + 2)
    return target_refusal(s, len(s.attacks) + len(a.cards))


def _check_show(s: State, a: Show) -> Refusal | None:
    reason = transfer_refusal(s, a.seat)
    if reason:
        return reason
    if not s.rules.transfer_by_showing_trump:
        return _SHOW_NOT_IN_RULES
    reason = _missing(s, a.seat, (a.card,))
    if reason:
        return reason
    if a.card // 13 != s.trump or a.card % 13 != s.attacks[0] % 13:
        return refusal(Code.SHOW_NOT_TRUMP_OF_RANK, card=a.card)
    if s.shown >> a.card & 1:
        return refusal(Code.SHOWN_ALREADY, card=a.card)
    return target_refusal(s, len(s.attacks))


def _check_exchange(s: State, a: Exchange) -> Refusal | None:
    if not s.rules.trump_exchange:
        return _EXCHANGE_NOT_IN_RULES
    if s.face_up() < 0:
        return _TRUMP_NOT_UNDER_TALON
    if not s.hands[a.seat] >> s.low_trump & 1:
        return refusal(Code.NO_LOWEST_TRUMP, seat=a.seat, card=s.low_trump)
    if s.exchanger != a.seat:
        return refusal(Code.LOWEST_TRUMP_PICKED_UP, seat=a.seat, card=s.low_trump)
    return None


def _check_catch(s: State, a: Catch) -> Refusal | None:
    if not s.rules.cheating:
        return _CHEATING_OFF
    if s.cheat is None:
        return _NO_CHEAT
    if not s.cheat.watchers >> a.seat & 1:
        return refusal(Code.MAY_NOT_CATCH, seat=a.seat)
    return None


_CHECKS: dict[type, Callable[[State, Any], Refusal | None]] = {
    Attack: _check_attack, Defend: _check_defend, Take: _check_take, Pass: _check_pass,
    Transfer: _check_transfer, Show: _check_show, Exchange: _check_exchange,
    Catch: _check_catch,
}
