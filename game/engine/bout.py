"""The end of a bout: the table taken or discarded, the draw, who is out, the end
of the game, and the next bout opened. Called by ``play`` once ``legal.bout_over``."""

from __future__ import annotations

from . import events as ev
from .cards import BIT, mask_of
from .events import Told
from .events import new as _new
from .state import State


def go_out(s: State, seat: int, events: Told) -> None:
    if s.out_mask >> seat & 1:
        return
    s.out_mask |= 1 << seat
    s.out.append(seat)
    s.out_bouts += (s.bout,)
    if events is not None:
        events.append(ev.Out(seat))


def end_bout(s: State, events: Told) -> None:
    """The table taken or discarded, the draw, and the next bout opened (or the game
    over): once ``legal.bout_over``."""
    taken = s.taking
    table_mask, a, d = s.table_mask, s.attacker, s.defender
    if taken and s.policy.partial_take and s.uncovered < len(s.attacks):
        _take_uncovered(s, events)
    elif taken:
        s.hands[d] |= table_mask
        s.known[d] |= table_mask
        if events is not None:
            took = _new(ev.Took)
            took.seat, took.cards = d, _on_table(s)
            events.append(took)
    else:
        s.discard |= table_mask
        s.discard_count += table_mask.bit_count()
        if events is not None:
            gone = _new(ev.Discarded)
            gone.cards = _on_table(s)
            events.append(gone)
    _draw_all(s, events)
    if not s.talon and game_over(s, events):
        return
    n = s.n
    if not s.out_mask and s.team_of is None:  # everyone in: the next seats in turn
        a2 = (d + 1) % n if taken else d
        d2 = (a2 + 1) % n
    elif taken:
        if s.team_of is None:
            a2 = s.next_in(d)
            d2 = s.next_in(a2)
        else:
            a2, d2 = s.team_next(a), s.team_next(d)
    else:
        a2 = s.stand_in(d)
        d2 = s.next_in(a2) if s.team_of is None else s.team_next(a)
    s.attacker, s.defender = a2, d2
    s.bout += 1
    open_bout(s, events)


def _on_table(s: State) -> tuple[int, ...]:
    """The cards on the table: the attack cards, then the covers in the same order."""
    return (*s.attacks, *[c for c in s.covers if c >= 0])


def _take_uncovered(s: State, events: Told) -> None:
    """Prostoy: the covered pairs go to the discard, the defender picks up the rest."""
    pairs = [(a, c) for a, c in zip(s.attacks, s.covers, strict=True) if c >= 0]
    rest = tuple(a for a, c in zip(s.attacks, s.covers, strict=True) if c < 0)
    beaten = tuple(a for a, _ in pairs) + tuple(c for _, c in pairs)
    s.hands[s.defender] |= mask_of(rest)
    s.known[s.defender] |= mask_of(rest)
    s.discard |= mask_of(beaten)
    s.discard_count += len(beaten)
    if events is not None:
        events.append(ev.TookSome(s.defender, rest, beaten))


def open_bout(s: State, events: Told) -> None:
    s.attacks, s.covers = [], []
    s.ranks = s.uncovered = s.passed = s.shown = s.table_mask = 0
    s.leader = -1
    s.taking = False
    s.limit = limit = s.bout_limit_for(s.defender)
    if events is not None:
        e = _new(ev.BoutStarted)
        e.attacker, e.defender, e.limit = s.attacker, s.defender, limit
        events.append(e)


def _draw_all(s: State, events: Told) -> None:
    """Everyone in draws up to the hand size in the policy's order, while the talon lasts."""
    talon, hands = s.talon, s.hands
    if talon:
        leader = s.leader if s.leader >= 0 else s.attacker
        size, out_mask = s.hand_size, s.out_mask
        for seat in s.policy.draw_orders[s.n][leader][s.defender]:
            need = size - hands[seat].bit_count()
            if need <= 0 or out_mask >> seat & 1:
                continue
            # the face-up trump (talon[0] or [1]) can be among the cards drawn only if:
            face_up = s.face_up_card() if need >= len(talon) - 1 else None
            drawn = talon[-need:]  # from the top (the end), all if fewer are left
            del talon[-need:]
            m = 0
            for c in drawn:
                m |= BIT[c]
            hands[seat] |= m
            if m >> s.low_trump & 1:
                s.exchanger = seat
            if face_up is not None and m >> face_up & 1:  # everyone saw it under the talon
                s.known[seat] |= 1 << face_up
            if events is not None:
                e = _new(ev.Drew)
                e.seat, e.cards = seat, tuple(reversed(drawn))  # top first
                events.append(e)
            if not talon:
                if s.second >= 0:
                    _reveal_second(s, seat, events)
                break
    if not talon and 0 in hands:  # someone's hand is empty: out, if not yet
        empty = [p for p in range(s.n) if not hands[p] and not s.out_mask >> p & 1]
        for seat in sorted(empty, key=lambda p: s.emptied_at[p]):
            go_out(s, seat, events)


def _reveal_second(s: State, seat: int, events: Told) -> None:
    """Severnyi: the face-down card is drawn and shown; its suit is trumps from now on.
    The one place where the trump suit changes."""
    c, old = s.second, s.trump
    s.second = -1
    s.known[seat] |= 1 << c
    s.trump = c // 13
    if events is not None:
        events.append(ev.TrumpChanged(seat, c, old, s.trump))


def game_over(s: State, events: Told) -> bool:
    if s.talon or s.n - s.hands.count(0) > 1 and s.team_of is None:
        return False  # (two seats or more hold cards)
    holders = [p for p in range(s.n) if s.hands[p]]
    if s.team_of is None:
        if len(holders) > 1:
            return False
        s.result = ev.GameOver(holders[0] if holders else None, None)
    else:
        teams = {s.team_of[p] for p in holders}
        if len(teams) > 1:
            return False
        assert s.rules.teams is not None  # team_of is set only in team play
        losing = tuple(sorted(s.rules.teams[teams.pop()])) if teams else None
        s.result = ev.GameOver(None, losing)
    if events is not None:
        events.append(s.result)
    s.attacks, s.covers, s.uncovered, s.leader, s.ranks, s.table_mask = [], [], 0, -1, 0, 0
    return True
