"""Which actions the rules allow: the legal list of a seat, and who acts next.

What is legal is defined once, by ``checks.check``; ``legal_actions`` lists exactly
the actions it accepts (tests/test_legality.py holds them to it). ``turn`` gives the
game loop both answers at once, from the same pieces.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from .actions import (
    CATCHES,
    DEFENCE_ROWS,
    EXCHANGES,
    PASSES,
    SINGLE_ATTACKS,
    TAKES,
    Action,
    Show,
    Transfer,
    defence_in,
    defence_row,
    single_attack,
)
from .cards import BEATERS, RANK_CARDS, Mask, Seat, deck_mask, iter_mask
from .checks import IllegalAction, check, target_refusal, transfer_refusal
from .state import State

__all__ = ["IllegalAction", "check", "throwable", "can_throw", "bout_over",
           "legal_actions", "next_actor", "turn"]

_ANY_CARD = deck_mask(52)  # in cheating mode any card may be thrown in


def throwable(s: State, seat: Seat) -> Mask:
    """The cards ``seat`` could throw in now, ignoring passes (0 if none)."""
    if (s.leader < 0 or len(s.attacks) >= s.limit or not s.policy.throw_in
            or not s.attacker_mask() >> seat & 1):
        return 0
    return s.hands[seat] & RANK_CARDS[s.ranks]


def can_throw(s: State, seat: Seat) -> bool:
    """``seat`` has not passed and could add a card: one of the table's ranks, or
    in cheating mode any card (rule 3 of the contract: it must then say it is done)."""
    if s.passed >> seat & 1:
        return False
    if s.rules.cheating:
        return throwable(s, seat) != 0 or bool(s.hands[seat]) and _room(s, seat)
    return throwable(s, seat) != 0


def _room(s: State, seat: Seat) -> bool:
    return (s.started and len(s.attacks) < s.limit and s.policy.throw_in
            and bool(s.attacker_mask() >> seat & 1))


def bout_over(s: State) -> bool:
    """The bout under way ends: the defender has taken or beaten every card, and no
    attacker who has not passed holds a card it may throw in now (a defender who
    has beaten every card and holds none takes no more)."""
    taking = s.taking
    if s.leader < 0 or s.uncovered and not taking:
        return False  # (no card yet, or one to cover)
    if (not taking and not s.hands[s.defender]) or len(s.attacks) >= s.limit \
            or not s.policy.throw_in:
        return True
    ranks = _ANY_CARD if s.rules.cheating else RANK_CARDS[s.ranks]
    hands, a = s.hands, s.attacker
    if not s.passed >> a & 1 and hands[a] & ranks:  # the principal attacker (see next_actor)
        return False
    if s.n > 2:  # the others
        m = s.attacker_mask() & ~s.passed
        while m:
            low = m & -m
            if hands[low.bit_length() - 1] & ranks:
                return False
            m ^= low
    return True


def legal_actions(s: State, seat: Seat, _table_only: bool = False) -> list[Action]:
    """Every action ``seat`` may take now: exactly those ``check`` accepts.

    The one exception: throw-ins are listed one card at a time; several at once is
    also legal but gives the same result as one after another. ``Pass`` is listed
    for every attacker of a bout under way, also one with nothing to throw in or
    who has passed already (harmless, rule 3 of the contract). In cheating mode the
    cheats are not listed (``cheat.cheat_actions``); while one is pending, its cheater
    has nothing and the seats that may catch it have ``Catch`` and ``Pass`` too.
    ``_table_only``: the moves of the table as it lies, as if nothing were pending.
    """
    if s.result is not None or s.out_mask >> seat & 1:
        return []
    if s.cheat is not None and not _table_only:
        return _while_cheat_pending(s, seat)
    out: list[Action] = [EXCHANGES[seat]] if s.exchanger == seat and _exchange_open(s) else []
    if s.leader < 0:
        if seat == s.attacker:
            s.policy.leads(seat, s.hands[seat], s.limit, out)
    elif seat == s.defender:
        if not s.taking and s.uncovered:
            _defender_moves(s, seat, out)
    elif s.policy.throw_in and (seat == s.attacker or s.attacker_mask() >> seat & 1):
        _throw_ins(s, seat, out)  # (the principal attacker is always one of the attackers)
    return out


def turn(s: State) -> tuple[Seat, list[Action]] | None:
    """``next_actor(s)`` and its ``legal_actions``, the game loop's question every
    move, with the bout's phase read once; None once the game is over
    (tests/test_legality.py holds it to the two)."""
    if s.result is not None or s.cheat is not None:
        seat = next_actor(s)
        return None if seat is None else (seat, legal_actions(s, seat))
    if s.leader < 0:  # the phases as next_actor reads them
        seat = s.attacker
    elif s.uncovered and not s.taking:
        seat = s.defender
    else:
        thrower = next_actor(s)  # an attacker who may throw in
        if thrower is None:
            return None
        seat = thrower
    out: list[Action] = [EXCHANGES[seat]] if s.exchanger == seat and _exchange_open(s) else []
    if s.leader < 0:
        s.policy.leads(seat, s.hands[seat], s.limit, out)
    elif seat == s.defender:
        _defender_moves(s, seat, out)
    else:
        _throw_ins(s, seat, out)
    return seat, out


def _exchange_open(s: State) -> bool:
    """The holder of the lowest trump may exchange it (``s.exchanger``) now."""
    return s.rules.trump_exchange and len(s.talon) > (s.second >= 0)  # s.face_up() >= 0


def _throw_ins(s: State, seat: Seat, out: list[Action]) -> None:
    """An attacker's throw-ins, one card at a time, and its pass."""
    if not s.passed >> seat & 1 and len(s.attacks) < s.limit:
        cards = s.hands[seat] & RANK_CARDS[s.ranks]
        singles = SINGLE_ATTACKS[seat]
        while cards:
            low = cards & -cards
            c = low.bit_length() - 1
            out.append(singles[c] or single_attack(seat, c))
            cards ^= low
    out.append(PASSES[seat])  # harmless with nothing to throw in, or passed already


def _while_cheat_pending(s: State, seat: Seat) -> list[Action]:
    """The cheater waits; a watcher may catch the cheat or pass to let it stand,
    besides the moves of the table as it lies (``_table_only``)."""
    pending = s.cheat
    assert pending is not None
    if pending.seat == seat:
        return []
    out = legal_actions(s, seat, _table_only=True)
    if pending.watchers >> seat & 1:
        out.append(CATCHES[seat])
        if PASSES[seat] not in out:
            out.append(PASSES[seat])
    return out


def _defender_moves(s: State, seat: int, out: list[Action]) -> None:
    """The defender's moves while a card is uncovered: the covers of each uncovered
    card in the table's order, ascending; the take; the transfers."""
    hand, beaters, covers = s.hands[seat], BEATERS[s.trump], s.covers
    rows = DEFENCE_ROWS[seat]
    pending: Sequence[int] = s.attacks  # the usual cases need no walk of the table:
    if s.uncovered != len(pending):  # every card uncovered, or only one
        pending = ((pending[covers.index(-1)],) if s.uncovered == 1
                   else [a for a, c in zip(pending, covers, strict=True) if c < 0])
    for a in pending:
        m = hand & beaters[a]
        if m:
            row = rows[a] or defence_row(seat, a)
            while m:
                low = m & -m
                c = low.bit_length() - 1
                out.append(row[c] or defence_in(row, seat, a, c))
                m ^= low
    out.append(TAKES[seat])
    if s.policy.transfers:
        _transfers(s, seat, out)


def _transfers(s: State, seat: int, out: list[Action]) -> None:
    if transfer_refusal(s, seat):
        return
    rank = s.attacks[0] % 13
    same = [c for c in iter_mask(s.hands[seat]) if c % 13 == rank]
    for k in range(1, len(same) + 1):
        if target_refusal(s, len(s.attacks) + k):
            break
        out.extend(Transfer(seat, combo) for combo in combinations(same, k))
    if s.rules.transfer_by_showing_trump:
        for c in same:
            if c // 13 == s.trump and not s.shown >> c & 1 and not target_refusal(
                s, len(s.attacks)
            ):
                out.append(Show(seat, c))


def next_actor(s: State) -> Seat | None:
    """Whom a scheduler of computer players asks next: the principal attacker to
    lead, the defender while a card is uncovered, else the first attacker in
    priority order who could still throw in. None once the game is over."""
    if s.result is not None:
        return None
    if s.cheat is not None:  # its watchers decide first, in the order below
        w = s.cheat.watchers
        for seat in (s.attacker, *((s.defender + step) % s.n for step in range(s.n))):
            if w >> seat & 1:
                return seat
    if s.leader < 0:
        return s.attacker
    if s.uncovered and not s.taking:
        return s.defender
    if not s.rules.cheating:  # can_throw(s, s.attacker), without the calls
        if len(s.attacks) >= s.limit or not s.policy.throw_in:
            return None
        # The principal attacker is always in attacker_mask() while in, and a seat
        # that is out holds no cards: only its pass and its cards count.
        a = s.attacker
        if not s.passed >> a & 1 and s.hands[a] & RANK_CARDS[s.ranks]:
            return a
    elif can_throw(s, s.attacker):
        return s.attacker
    n = s.n
    for step in range(1, n):
        seat = (s.defender + step) % n
        if seat != s.attacker and can_throw(s, seat):
            return seat
    return None
