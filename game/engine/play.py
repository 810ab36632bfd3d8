"""Starting a game and applying actions: every change of state happens here."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from . import cheat as ch
from . import events as ev
from .actions import Action, Attack, Catch, Defend, Exchange, Pass, Show, Take, Transfer
from .bout import end_bout, game_over, go_out, open_bout
from .cards import BIT, Card, Mask, Seat, mask_of
from .events import Event, Told
from .events import new as _new
from .legal import IllegalAction, bout_over, check
from .refusal import CARD_RULES
from .rules import Rules, RulesError
from .state import State, blank_state, deal, lowest_trump_card, lowest_trump_holder
from .variant import policy_of

if TYPE_CHECKING:
    from .view import View


def new_game(
    rules: Rules, players: int, rng: random.Random, attacker: Seat | None = None
) -> tuple[State, list[Event]]:
    """Shuffle with ``rng``, deal, and open the first bout."""
    rules.check_players(players)
    hands, talon, trump = deal(rules, players, rng)
    second = rules.second_trump and len(talon) >= 2
    s, events = from_deal(rules, hands, talon, trump, attacker, second)
    s.hand_size = len(hands[0])  # deal() gives each an equal share of at most hand_size
    return s, events


def from_deal(
    rules: Rules,
    hands: Sequence[Sequence[Card]],
    talon: Sequence[Card],
    trump: int,
    attacker: Seat | None = None,
    second: bool | None = None,
) -> tuple[State, list[Event]]:
    """A game from a given deal: ``talon`` top first, its last card face up, or with
    ``second`` (default: ``rules.second_trump``) its last card face down under the
    face-up trump.

    Raises RulesError for a deal in which nobody could move (the first attacker or
    defender holding no cards while the talon has some)."""
    n = len(hands)
    rules.check_players(n)
    s = blank_state(rules, n)
    s.hands = [mask_of(h) for h in hands]
    s.talon = list(reversed(talon))
    if (rules.second_trump if second is None else second) and s.talon:
        s.second = s.talon[0]
    s.trump = trump
    s.low_trump = lowest_trump_card(rules.deck, trump)
    for seat in range(n):
        if s.hands[seat] >> s.low_trump & 1:
            s.exchanger = seat
    events: list = [ev.Dealt(tuple(tuple(h) for h in hands), s.face_up_card(), trump,
                             s.second >= 0, len(s.talon))]
    if not s.talon:
        for seat in range(n):
            if not s.hands[seat]:
                go_out(s, seat, events)
    if attacker is None:
        attacker = _first_attacker(s)
    if game_over(s, events):
        return s, events
    s.attacker = s.stand_in(attacker)
    s.defender = _first_defender(s, s.attacker)
    for seat in (s.attacker, s.defender):
        if not s.hands[seat]:  # only possible with a talon: an empty hand is out otherwise
            raise RulesError(f"deal: seat {seat} holds no cards while the talon has cards, "
                             "so nobody could move")
    open_bout(s, events)
    return s, events


def _first_attacker(s: State) -> int:
    """The first attacker by the rule; under ``lowest_trump`` whom it found is
    recorded for everyone to see (``State.trump_lead``; NOBODY: seat 0 leads)."""
    if s.rules.first_attacker == "lowest_trump":
        s.trump_lead = lowest_trump_holder(s)
        if s.trump_lead >= 0:
            return s.trump_lead
    return 0


def _first_defender(s: State, attacker: int) -> int:
    seat = s.next_in(attacker)
    while s.partners(seat, attacker) and seat != attacker:
        seat = s.next_in(seat)
    return seat


def apply(state: State, action: Action) -> tuple[State, list[Event]]:
    """Apply ``action`` to a copy of ``state``; return the new state and the events.

    Raises IllegalAction (naming the rule) if the rules do not allow it; in
    cheating mode an action refused only by a card rule is played as a cheat.
    """
    s = state.copy()
    return s, apply_in_place(s, action)


def apply_in_place(s: State, action: Action, quiet: bool = False) -> list[Event]:
    """Like ``apply`` but changes ``s`` itself (for fast playouts). ``quiet``: no
    events are made and an empty list comes back, for a loop that reads none."""
    reason = check(s, action)
    if reason is not None:
        if s.rules.cheating and reason.code in CARD_RULES:
            return _cheat(s, action, reason.code, quiet)  # type: ignore[arg-type]
        raise IllegalAction(reason)
    return apply_listed(s, action, quiet)


def apply_listed(s: State, action: Action, quiet: bool = False) -> list[Event]:
    """``apply_in_place`` without the legality check: only for an action taken from
    ``legal_actions`` of this very state (search playouts, the arena)."""
    # Every step below is handed the list to tell its events in, or None when nobody
    # will read them: an event costs more than most steps (~1.4k instructions).
    events: Told = None if quiet else []
    if s.cheat is not None and action.__class__ is not Catch:
        _stand(s, events)  # any other seat's move ends the window
    _DO[type(action)](s, action, events)
    if (s.taking or not s.uncovered) and s.result is None and s.cheat is None and bout_over(s):
        end_bout(s, events)
    return [] if events is None else events


def _cheat(s: State, action: Attack | Defend, rule: str, quiet: bool) -> list[Event]:
    """Play ``action``, which breaks the card rule ``rule``, as a pending cheat; it
    stands at once if nobody still in may catch it."""
    events: Told = None if quiet else []
    if s.cheat is not None:
        _stand(s, events)
    pending = ch.pending_for(s, action, rule)
    _DO[type(action)](s, action, events)
    if events is not None:
        events.append(ev.Cheated(pending.seat, pending.cards, rule, pending.attack))
    s.cheat = pending
    if not pending.watchers:
        _stand(s, events)
        if bout_over(s):
            end_bout(s, events)
    return [] if events is None else events


def _stand(s: State, events: Told) -> None:
    p = s.cheat
    assert p is not None
    s.cheat = None
    s.cheats += (ch.record(p, s.bout, -1),)
    if events is not None:
        events.append(ev.CheatStood(p.seat, p.cards, p.rule, p.attack))


def _do_catch(s: State, a: Catch, events: Told) -> None:
    p = s.cheat
    assert p is not None
    ch.restore(s, p)
    s.cheat = None
    s.cheats += (ch.record(p, s.bout, a.seat),)
    if events is not None:
        events.append(ev.Caught(a.seat, p.seat, p.cards, p.rule, p.attack))


def _remove(s: State, seat: int, m: Mask, events: Told) -> None:
    """``seat`` plays the cards of ``m`` from its hand (``known`` keeps them: a card
    that leaves a hand comes back to it only in front of everyone)."""
    hand = s.hands[seat] = s.hands[seat] & ~m
    if s.exchanger == seat and m >> s.low_trump & 1:
        s.exchanger = -1
    if not hand:
        s.clock += 1
        s.emptied_at[seat] = s.clock
        if not s.talon:
            go_out(s, seat, events)


def _do_attack(s: State, a: Attack, events: Told) -> None:
    seat, cards = a.seat, a.cards
    if s.leader < 0:
        s.leader = seat
    if len(cards) == 1:  # _add_attacks for one card
        c = cards[0]
        b = BIT[c]
        _remove(s, seat, b, events)
        s.table_mask |= b
        s.attacks.append(c)
        s.covers.append(-1)
        s.ranks |= BIT[c % 13]
        s.uncovered += 1
    else:
        played = mask_of(cards)
        _remove(s, seat, played, events)
        _add_attacks(s, cards, played)
    s.passed = 0  # the table changed
    if events is not None:
        e = _new(ev.Played)
        e.seat, e.cards = seat, cards
        events.append(e)


def _add_attacks(s: State, cards: tuple[int, ...], played: Mask) -> None:
    s.table_mask |= played
    ranks = s.ranks
    for c in cards:
        ranks |= BIT[c % 13]
    s.ranks = ranks
    s.attacks += cards
    s.covers += (-1,) * len(cards)
    s.uncovered += len(cards)


def _do_defend(s: State, a: Defend, events: Told) -> None:
    seat, card = a.seat, a.card
    b = BIT[card]
    _remove(s, seat, b, events)
    s.table_mask |= b
    s.covers[s.attacks.index(a.attack)] = card
    s.ranks |= BIT[card % 13]
    s.uncovered -= 1
    s.passed = 0  # the table changed
    if events is not None:
        e = _new(ev.Covered)
        e.seat, e.attack, e.card = seat, a.attack, card
        events.append(e)


def _do_take(s: State, a: Take, events: Told) -> None:
    s.taking = True
    s.passed = 0  # the table changed
    if events is not None:
        e = _new(ev.TakeDeclared)
        e.seat = a.seat
        events.append(e)


def pass_only_lets_a_cheat_stand(s: State | View, seat: int) -> bool:
    """Does a pass by ``seat`` only let a pending cheat stand (cheating mode), saying no
    "done": the defender's, or anyone's in a variant without throwing in? (A state or
    a view: the coach words a move from the player's view.)"""
    return seat == s.defender or not policy_of(s.rules).throw_in


def _do_pass(s: State, a: Pass, events: Told) -> None:
    if pass_only_lets_a_cheat_stand(s, a.seat):
        return  # nothing to be done with
    s.passed |= 1 << a.seat
    if events is not None:
        e = _new(ev.Passed)
        e.seat = a.seat
        events.append(e)


def _pass_defence(s: State, seat: int, cards: tuple[int, ...], shown: int | None,
                  events: Told) -> None:
    target = s.following(s.attacker, s.defender)
    if cards:
        played = mask_of(cards)
        _remove(s, seat, played, events)
        _add_attacks(s, cards, played)
    if shown is not None:
        s.shown |= 1 << shown
        s.known[seat] |= 1 << shown
    s.attacker, s.defender = seat, target
    s.limit = s.bout_limit_for(target)
    s.passed = 0  # the table changed
    if events is not None:
        events.append(ev.Transferred(seat, cards, shown, target))


def _do_transfer(s: State, a: Transfer, events: Told) -> None:
    _pass_defence(s, a.seat, a.cards, None, events)


def _do_show(s: State, a: Show, events: Told) -> None:
    _pass_defence(s, a.seat, (), a.card, events)


def _do_exchange(s: State, a: Exchange, events: Told) -> None:
    i = s.face_up()
    got = s.talon[i]
    s.hands[a.seat] = s.hands[a.seat] & ~(1 << s.low_trump) | 1 << got
    s.known[a.seat] |= 1 << got
    s.talon[i] = s.low_trump
    s.exchanger = -1
    if events is not None:
        events.append(ev.Exchanged(a.seat, s.low_trump, got))


_DO: dict[type, Callable[[State, Any, Told], None]] = {
    Attack: _do_attack, Defend: _do_defend, Take: _do_take, Pass: _do_pass,
    Transfer: _do_transfer, Show: _do_show, Exchange: _do_exchange, Catch: _do_catch,
}


def result_of(s: State) -> dict[str, Any] | None:
    """The result as the scenario format writes it."""
    r = s.result
    if r is None:
        return None
    if r.loser is not None:
        return {"loser": r.loser}
    if r.losing_team is not None:
        return {"losing_team": list(r.losing_team)}
    return {"draw": True}
