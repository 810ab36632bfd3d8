"""Which actions the rules allow: a reason for every refusal, and the legal list."""

from __future__ import annotations

from itertools import combinations

from .actions import (
    EXCHANGES,
    PASSES,
    TAKES,
    Action,
    Attack,
    Defend,
    Exchange,
    Pass,
    Show,
    Take,
    Transfer,
    defence,
    single_attack,
)
from .cards import (
    RANK_NAMES,
    beaters_mask,
    beats,
    card_str,
    cards_of_ranks,
    count,
    iter_mask,
    ranks_in,
)
from .state import State


class IllegalAction(ValueError):
    """An action the rules do not allow; the message names the rule."""


def throwable(s: State, seat: int) -> int:
    """The cards ``seat`` could throw in now, ignoring passes (0 if none)."""
    if not s.started or len(s.attacks) >= s.limit or not s.attacker_mask() >> seat & 1:
        return 0
    return s.hands[seat] & cards_of_ranks(s.table_ranks())


def can_throw(s: State, seat: int) -> bool:
    return not s.passed >> seat & 1 and throwable(s, seat) != 0


def anyone_can_throw(s: State) -> bool:
    if not s.started or len(s.attacks) >= s.limit:
        return False
    ranks = cards_of_ranks(s.table_ranks())
    m = s.attacker_mask() & ~s.passed
    while m:
        low = m & -m
        if s.hands[low.bit_length() - 1] & ranks:
            return True
        m ^= low
    return False


def check(s: State, action: Action) -> str | None:
    """None if ``action`` is legal now, else the reason it is not."""
    if s.finished:
        return "the game is over"
    seat = action.seat
    if not 0 <= seat < s.n:
        return f"there is no seat {seat}"
    if not s.is_in(seat):
        return f"seat {seat} is out of the game"
    return _CHECKS[type(action)](s, action)


def _missing(s: State, seat: int, cards) -> str | None:
    if len(set(cards)) != len(cards):
        return "the same card is named twice"
    for c in cards:
        if not s.hands[seat] >> c & 1:
            return f"seat {seat} does not hold {card_str(c)}"
    return None


def _check_attack(s: State, a: Attack) -> str | None:
    seat, cards = a.seat, a.cards
    if not cards:
        return "an attack needs at least one card"
    if seat == s.defender:
        return f"seat {seat} is the defender"
    if not s.started:
        if seat != s.attacker:
            return f"only the principal attacker (seat {s.attacker}) may lead the bout"
        reason = _missing(s, seat, cards)
        if reason:
            return reason
        if len({c % 13 for c in cards}) != 1:
            return "a lead of several cards must be of one rank"
        if len(cards) > s.limit:
            return f"the attack limit of this bout is {s.limit} cards"
        return None
    if s.partners(seat, s.defender):
        return f"seat {seat} may not attack its partner"
    if not s.attacker_mask() >> seat & 1:
        return f"seat {seat} may not throw in: not a neighbour of the defender"
    if s.passed >> seat & 1:
        return f"seat {seat} has passed and may not throw in until the table changes"
    reason = _missing(s, seat, cards)
    if reason:
        return reason
    ranks = s.table_ranks()
    for c in cards:
        if not ranks >> (c % 13) & 1:
            return f"a {RANK_NAMES[c % 13 + 2]} is not on the table"
    if len(s.attacks) + len(cards) > s.limit:
        return f"the attack limit of this bout is {s.limit} cards"
    return None


def _defender_may_act(s: State, seat: int) -> str | None:
    if seat != s.defender:
        return f"seat {seat} is not the defender"
    if s.taking:
        return "the defender has already decided to take"
    return None


def _check_defend(s: State, a: Defend) -> str | None:
    reason = _defender_may_act(s, a.seat)
    if reason:
        return reason
    if a.attack not in s.attacks:
        return f"{card_str(a.attack)} is not an attack card on the table"
    if s.covers[s.attacks.index(a.attack)] >= 0:
        return f"{card_str(a.attack)} is already covered"
    reason = _missing(s, a.seat, (a.card,))
    if reason:
        return reason
    if not beats(a.card, a.attack, s.trump):
        return f"{card_str(a.card)} does not beat {card_str(a.attack)}"
    return None


def _check_take(s: State, a: Take) -> str | None:
    reason = _defender_may_act(s, a.seat)
    if reason:
        return reason
    if not s.uncovered:
        return "there is no uncovered attack card to take"
    return None


def _check_pass(s: State, a: Pass) -> str | None:
    if a.seat == s.defender:
        return f"seat {a.seat} is the defender"
    if not s.started:
        return f"the bout has not begun: seat {s.attacker} must lead"
    if not s.attacker_mask() >> a.seat & 1:
        return f"seat {a.seat} is not an attacker in this bout"
    return None


def _transfer_common(s: State, seat: int) -> str | None:
    if not s.rules.transfers:
        return "transfer is only allowed in perevodnoy"
    reason = _defender_may_act(s, seat)
    if reason:
        return reason
    if not s.attacks:
        return "there is nothing on the table to transfer"
    if len(s.attacks) != s.uncovered:
        return "no transfer once an attack card has been covered"
    if len({c % 13 for c in s.attacks}) != 1:
        return "no transfer: the cards on the table are not all of one rank"
    return None


def _check_target(s: State, table_after: int) -> str | None:
    target = s.following(s.attacker, s.defender)
    if target < 0 or target == s.defender:
        return "no transfer: nobody is left to take over the defence"
    held = count(s.hands[target])
    if held < table_after:
        return (f"no transfer: seat {target} holds {held} cards, fewer than the "
                f"{table_after} on the table")
    limit = s.rule_limit()
    if limit is not None and table_after > limit:
        return f"no transfer: the attack limit is {limit} cards"
    return None


def _check_transfer(s: State, a: Transfer) -> str | None:
    reason = _transfer_common(s, a.seat)
    if reason:
        return reason
    if not a.cards:
        return "a transfer needs at least one card"
    reason = _missing(s, a.seat, a.cards)
    if reason:
        return reason
    rank = s.attacks[0] % 13
    for c in a.cards:
        if c % 13 != rank:
            return f"a transfer must be made with {RANK_NAMES[rank + 2]}s"
    return _check_target(s, len(s.attacks) + len(a.cards))


def _check_show(s: State, a: Show) -> str | None:
    reason = _transfer_common(s, a.seat)
    if reason:
        return reason
    if not s.rules.transfer_by_showing_trump:
        return "transfer by showing a trump is not allowed by these rules"
    reason = _missing(s, a.seat, (a.card,))
    if reason:
        return reason
    if a.card // 13 != s.trump or a.card % 13 != s.attacks[0] % 13:
        return f"{card_str(a.card)} is not a trump of the table's rank"
    if s.shown >> a.card & 1:
        return f"{card_str(a.card)} has already been shown in this bout"
    return _check_target(s, len(s.attacks))


def _check_exchange(s: State, a: Exchange) -> str | None:
    if not s.rules.trump_exchange:
        return "the trump exchange is not allowed by these rules"
    if not s.talon:
        return "the face-up trump is no longer under the talon"
    if not s.hands[a.seat] >> s.low_trump & 1:
        return f"seat {a.seat} does not hold {card_str(s.low_trump)}, the lowest trump"
    if s.exchanger != a.seat:
        return f"seat {a.seat} picked up {card_str(s.low_trump)}; only a dealt or drawn one counts"
    return None


_CHECKS = {
    Attack: _check_attack, Defend: _check_defend, Take: _check_take, Pass: _check_pass,
    Transfer: _check_transfer, Show: _check_show, Exchange: _check_exchange,
}


def legal_actions(s: State, seat: int) -> list[Action]:
    """Every action ``seat`` may take now.

    Throw-ins are listed one card at a time: several at once is also legal but
    gives the same result as one after another.
    """
    if s.result is not None or s.out_mask >> seat & 1:
        return []
    out: list[Action] = []
    if s.exchanger == seat and s.talon and s.rules.trump_exchange:
        out.append(EXCHANGES[seat])
    if s.leader < 0:
        if seat == s.attacker:
            _leads(s, seat, out)
        return out
    if seat == s.defender:
        if not s.taking and s.uncovered:
            _defences(s, seat, out)
            out.append(TAKES[seat])
            if s.rules.transfers:
                _transfers(s, seat, out)
        return out
    if not s.attacker_mask() >> seat & 1:
        return out
    if not s.passed >> seat & 1:
        cards = throwable(s, seat)
        while cards:
            low = cards & -cards
            out.append(single_attack(seat, low.bit_length() - 1))
            cards ^= low
    out.append(PASSES[seat])  # harmless with nothing to throw in, or passed already
    return out


def _leads(s: State, seat: int, out: list[Action]) -> None:
    hand, limit = s.hands[seat], s.limit
    ranks = ranks_in(hand)
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        leads = _rank_leads(seat, hand & cards_of_ranks(low))
        if len(leads) == 1 or limit >= 4:
            out.extend(leads)
        else:
            out.extend(a for a in leads if len(a.cards) <= limit)


_LEAD_CACHE: dict[int, tuple[Attack, ...]] = {}


def _rank_leads(seat: int, same: int) -> tuple[Attack, ...]:
    """Every lead from ``same`` (cards of one rank): each non-empty subset."""
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


def _defences(s: State, seat: int, out: list[Action]) -> None:
    hand, trump = s.hands[seat], s.trump
    for a, cover in zip(s.attacks, s.covers, strict=True):
        if cover < 0:
            m = hand & beaters_mask(a, trump)
            while m:
                low = m & -m
                out.append(defence(seat, a, low.bit_length() - 1))
                m ^= low


def _transfers(s: State, seat: int, out: list[Action]) -> None:
    if _transfer_common(s, seat):
        return
    rank = s.attacks[0] % 13
    same = [c for c in iter_mask(s.hands[seat]) if c % 13 == rank]
    for k in range(1, len(same) + 1):
        if _check_target(s, len(s.attacks) + k):
            break
        out.extend(Transfer(seat, combo) for combo in combinations(same, k))
    if s.rules.transfer_by_showing_trump:
        for c in same:
            if c // 13 == s.trump and not s.shown >> c & 1 and not _check_target(
                s, len(s.attacks)
            ):
                out.append(Show(seat, c))


def next_actor(s: State) -> int | None:
    """Whom a scheduler of computer players asks next: the principal attacker to
    lead, the defender while a card is uncovered, else the first attacker in
    priority order who could still throw in. None once the game is over."""
    if s.finished:
        return None
    if not s.started:
        return s.attacker
    if s.uncovered and not s.taking:
        return s.defender
    if can_throw(s, s.attacker):
        return s.attacker
    n = s.n
    for step in range(1, n):
        seat = (s.defender + step) % n
        if seat != s.attacker and can_throw(s, seat):
            return seat
    return None
