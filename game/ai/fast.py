"""A compact copy of a game for search playouts: the same rules as the engine, with
no events, no action objects and no legality messages.

Covers the throw-in games without teams and without a face-down second trump
still in the talon (Podkidnoy and Perevodnoy, 2 to 6 players, every house option
of theirs); ``from_state`` answers None for any other state, and the search then
plays out on the engine itself. tests/test_ai_fast.py checks it against the
engine move by move: the same legal moves, the same position after each.

A move is a small int, its kind in the low three bits: an attack or a transfer
carries the mask of its cards above them, a cover the attack card and the cover,
a show its card. The seat making it is passed alongside.
"""

from __future__ import annotations

from functools import lru_cache

from game.engine.cards import beaters_mask, cards_of_ranks, ranks_in
from game.engine.rules import Rules
from game.engine.state import State

ATTACK, DEFEND, TAKE, PASS, EXCHANGE, TRANSFER, SHOW = range(7)
RUNNING, DRAW = -2, -1  # ``result`` while the game goes on, and for a draw (else the fool)
SUIT = 0x1FFF


class Conf:
    """What the rules fix for a whole game, shared by every copy."""

    __slots__ = ("n", "hand_size", "attack_limit", "first_limit", "neighbours", "transfers",
                 "show", "exchange", "low", "seats", "draw_order")

    def __init__(self, r: Rules, n: int, hand_size: int, low: int) -> None:
        self.n, self.hand_size = n, hand_size
        self.attack_limit, self.first_limit = r.attack_limit, r.first_bout_limit
        self.neighbours = r.throw_in == "neighbours"
        self.transfers, self.show = r.transfers, r.transfers and r.transfer_by_showing_trump
        self.exchange, self.low = r.trump_exchange, low
        self.seats = (1 << n) - 1
        # by leader and defender: the leader first, then clockwise, the defender last
        self.draw_order = [[tuple(p for p in ((lead + i) % n for i in range(n)) if p != d) + (d,)
                            for d in range(n)] for lead in range(n)]


class Fast:
    """One position. Card sets are masks: ``att`` the attack cards, ``unc`` those
    still uncovered, ``cov`` the covers; ``talon`` bottom (face-up trump) first."""

    __slots__ = ("conf", "hands", "talon", "trump", "att", "unc", "cov", "natt", "ranks",
                 "attacker", "defender", "leader", "passed", "taking", "limit", "shown",
                 "out", "bout", "exchanger", "result", "discard")

    conf: Conf
    hands: list[int]
    talon: list[int]
    trump: int
    att: int
    unc: int
    cov: int
    natt: int
    ranks: int
    attacker: int
    defender: int
    leader: int
    passed: int
    taking: bool
    limit: int
    shown: int
    out: int
    bout: int
    exchanger: int
    result: int
    discard: int

    def copy(self) -> Fast:
        f = Fast.__new__(Fast)
        for name in _SCALARS:
            setattr(f, name, getattr(self, name))
        f.hands = self.hands[:]
        f.talon = self.talon[:]
        return f

    # --- seats ---------------------------------------------------------------

    def next_in(self, seat: int) -> int:
        n, out = self.conf.n, self.out
        for step in range(1, n + 1):
            p = (seat + step) % n
            if not out >> p & 1:
                return p
        return seat

    def prev_in(self, seat: int) -> int:
        n, out = self.conf.n, self.out
        for step in range(1, n + 1):
            p = (seat - step) % n
            if not out >> p & 1:
                return p
        return seat

    def attackers(self) -> int:
        """Seats that may attack the defender (ignoring cards and passes), a bit each."""
        d = self.defender
        if self.conf.neighbours:
            m = 1 << self.next_in(d) | 1 << self.prev_in(d) | 1 << self.attacker
        else:
            m = self.conf.seats
        return m & ~self.out & ~(1 << d)

    def rule_limit(self) -> int | None:
        c = self.conf
        return c.first_limit if self.bout == 0 and c.first_limit is not None else c.attack_limit

    def limit_for(self, defender: int) -> int:
        held, rule = self.hands[defender].bit_count(), self.rule_limit()
        return held if rule is None else min(rule, held)


_SCALARS = tuple(name for name in Fast.__slots__ if name not in ("hands", "talon"))


@lru_cache(maxsize=64)
def _conf(rules: Rules, n: int, hand_size: int, low: int) -> Conf:
    return Conf(rules, n, hand_size, low)


def from_state(s: State) -> Fast | None:
    """The position of ``s``, or None for rules this module does not cover."""
    if (not s.policy.throw_in or s.team_of is not None or s.second >= 0
            or s.rules.cheating):  # cheats and catches are not modelled here
        return None
    f = Fast.__new__(Fast)
    f.conf = _conf(s.rules, s.n, s.hand_size, s.low_trump)
    f.hands, f.talon, f.trump = s.hands[:], s.talon[:], s.trump
    f.att = f.unc = f.cov = 0
    for a, c in zip(s.attacks, s.covers, strict=True):
        f.att |= 1 << a
        if c >= 0:
            f.cov |= 1 << c
        else:
            f.unc |= 1 << a
    f.natt, f.ranks = len(s.attacks), s.ranks
    f.attacker, f.defender, f.leader = s.attacker, s.defender, s.leader
    f.passed, f.taking, f.limit, f.shown = s.passed, s.taking, s.limit, s.shown
    f.out, f.bout, f.exchanger, f.discard = s.out_mask, s.bout, s.exchanger, s.discard
    r = s.result
    f.result = RUNNING if r is None else DRAW if r.loser is None else r.loser
    return f


# --- what may be done ---------------------------------------------------------

def throwable(f: Fast, seat: int) -> int:
    """The cards ``seat`` could throw in now, ignoring passes."""
    if f.leader < 0 or f.natt >= f.limit or not f.attackers() >> seat & 1:
        return 0
    r = f.ranks
    return f.hands[seat] & (r | r << 13 | r << 26 | r << 39)


def anyone_can_throw(f: Fast) -> bool:
    if f.leader < 0 or f.natt >= f.limit:
        return False
    r, hands = f.ranks, f.hands
    ranks = r | r << 13 | r << 26 | r << 39
    m = f.attackers() & ~f.passed
    while m:
        low = m & -m
        if hands[low.bit_length() - 1] & ranks:
            return True
        m ^= low
    return False


def next_actor(f: Fast) -> int:
    """Who acts next, as the engine's next_actor; -1 once the game is over."""
    if f.result != RUNNING:
        return -1
    if f.leader < 0:
        return f.attacker
    if f.unc and not f.taking:
        return f.defender
    if f.natt >= f.limit:
        return -1
    r = f.ranks
    m = f.attackers() & ~f.passed
    hands, ranks = f.hands, r | r << 13 | r << 26 | r << 39
    if m >> f.attacker & 1 and hands[f.attacker] & ranks:
        return f.attacker
    n, d = f.conf.n, f.defender
    for i in range(1, n):
        seat = (d + i) % n
        if m >> seat & 1 and hands[seat] & ranks:
            return seat
    return -1


def legal(f: Fast, seat: int) -> list[int]:
    """Every move ``seat`` may make, as legal_actions lists them (any order)."""
    if f.result != RUNNING or f.out >> seat & 1:
        return []
    conf, hand = f.conf, f.hands[seat]
    out = []
    if f.exchanger == seat and conf.exchange and f.talon:
        out.append(EXCHANGE)
    if f.leader < 0:
        if seat == f.attacker:
            _leads(hand, f.limit, out)
        return out
    if seat == f.defender:
        if not f.taking and f.unc:
            _covers(f, hand, out)
            out.append(TAKE)
            if conf.transfers:
                _transfers(f, hand, out)
        return out
    if not f.attackers() >> seat & 1:
        return out
    if not f.passed >> seat & 1:
        m = throwable(f, seat)
        while m:
            low = m & -m
            out.append(low << 3)
            m ^= low
    out.append(PASS)
    return out


def _leads(hand: int, limit: int, out: list[int]) -> None:
    m = hand
    while m:  # every card alone
        low = m & -m
        out.append(low << 3)
        m ^= low
    s0, s1, s2, s3 = hand & SUIT, hand >> 13 & SUIT, hand >> 26 & SUIT, hand >> 39 & SUIT
    multi = (s0 | s1) & (s2 | s3) | s0 & s1 | s2 & s3  # ranks held twice or more
    while multi:
        low = multi & -multi
        multi ^= low
        same = hand & (low | low << 13 | low << 26 | low << 39)
        leads = _SUBSETS.get(same)
        if leads is None:
            leads = _SUBSETS[same] = _subsets(same)
        out.extend(leads if limit >= 4 else [m for m in leads if (m >> 3).bit_count() <= limit])


_SUBSETS: dict[int, list[int]] = {}  # cards of one rank: every lead of two or more of them


def _subsets(same: int) -> list[int]:
    out, sub = [], same
    while sub:
        if sub & (sub - 1):
            out.append(sub << 3)
        sub = (sub - 1) & same
    return out


def _covers(f: Fast, hand: int, out: list[int]) -> None:
    m, trump = f.unc, f.trump
    while m:
        low = m & -m
        a = low.bit_length() - 1
        b = hand & beaters_mask(a, trump)
        while b:
            lb = b & -b
            out.append(DEFEND | a << 3 | (lb.bit_length() - 1) << 9)
            b ^= lb
        m ^= low


def one_rank(f: Fast) -> int:
    """The rank mask of the table when a transfer may be made, else 0."""
    if f.natt != f.unc.bit_count() or f.taking or not f.att:
        return 0
    ranks = ranks_in(f.att)
    return ranks if ranks & (ranks - 1) == 0 else 0


def target_ok(f: Fast, table_after: int) -> bool:
    target = f.next_in(f.defender)
    if target == f.defender or f.hands[target].bit_count() < table_after:
        return False
    limit = f.rule_limit()
    return limit is None or table_after <= limit


def _transfers(f: Fast, hand: int, out: list[int]) -> None:
    rank = one_rank(f)
    if not rank:
        return
    same = hand & cards_of_ranks(rank)
    sub = same
    while sub:
        if target_ok(f, f.natt + sub.bit_count()):
            out.append(TRANSFER | sub << 3)
        sub = (sub - 1) & same
    if f.conf.show and target_ok(f, f.natt):
        m = same & SUIT << (13 * f.trump) & ~f.shown
        while m:
            low = m & -m
            out.append(SHOW | (low.bit_length() - 1) << 3)
            m ^= low


# --- doing it -----------------------------------------------------------------

def apply(f: Fast, seat: int, move: int) -> None:
    """Make ``move`` (one of ``legal(f, seat)``) for ``seat``, in place."""
    kind = move & 7
    if kind == ATTACK:
        if f.leader < 0:
            f.leader = seat
        _remove(f, seat, move >> 3)
        _add_attacks(f, move >> 3)
    elif kind == DEFEND:
        a, b = move >> 3 & 63, move >> 9
        _remove(f, seat, 1 << b)
        f.cov |= 1 << b
        f.unc &= ~(1 << a)
        f.ranks |= 1 << b % 13
        f.passed = 0
    elif kind == TAKE:
        f.taking, f.passed = True, 0
    elif kind == PASS:
        f.passed |= 1 << seat
    elif kind == EXCHANGE:
        low, got = f.conf.low, f.talon[0]
        f.hands[seat] = f.hands[seat] & ~(1 << low) | 1 << got
        f.talon[0], f.exchanger = low, -1
    else:
        _pass_on(f, seat, move)
    if (f.taking or not f.unc) and f.leader >= 0 and f.result == RUNNING:
        _maybe_end_bout(f)  # a bout can end only once all is covered or taken


def _pass_on(f: Fast, seat: int, move: int) -> None:
    """A transfer or a show: ``seat`` becomes the attacker of the next player."""
    target = f.next_in(f.defender)
    if move & 7 == TRANSFER:
        _remove(f, seat, move >> 3)
        _add_attacks(f, move >> 3)
    else:
        f.shown |= 1 << (move >> 3)
    f.attacker, f.defender = seat, target
    f.limit = f.limit_for(target)
    f.passed = 0


def _remove(f: Fast, seat: int, m: int) -> None:
    f.hands[seat] &= ~m
    if f.exchanger == seat and m >> f.conf.low & 1:
        f.exchanger = -1
    if not f.hands[seat] and not f.talon:
        f.out |= 1 << seat


def _add_attacks(f: Fast, m: int) -> None:
    f.att |= m
    f.unc |= m
    f.natt += m.bit_count()
    f.ranks |= ranks_in(m)
    f.passed = 0


def _maybe_end_bout(f: Fast) -> None:
    if f.taking:
        if not anyone_can_throw(f):
            _end_bout(f, True)
    elif not f.unc and (not f.hands[f.defender] or f.natt >= f.limit
                        or not anyone_can_throw(f)):
        _end_bout(f, False)


def _end_bout(f: Fast, taken: bool) -> None:
    d = f.defender
    if taken:
        f.hands[d] |= f.att | f.cov
    else:
        f.discard |= f.att | f.cov
    _draw_all(f)
    f.att = f.unc = f.cov = f.natt = f.ranks = 0
    f.leader = -1
    if _game_over(f):
        return
    if taken:
        a2 = f.next_in(d)
    else:
        a2 = d if not f.out >> d & 1 else f.next_in(d)
    f.attacker, f.defender = a2, f.next_in(a2)
    f.bout += 1
    f.passed, f.taking, f.shown = 0, False, 0
    f.limit = f.limit_for(f.defender)


def _draw_all(f: Fast) -> None:
    talon, hands, conf = f.talon, f.hands, f.conf
    if talon:
        leader = f.leader if f.leader >= 0 else f.attacker
        for seat in conf.draw_order[leader][f.defender]:
            need = conf.hand_size - hands[seat].bit_count()
            if f.out >> seat & 1 or need <= 0 or not talon:
                continue
            for _ in range(min(need, len(talon))):
                c = talon.pop()
                hands[seat] |= 1 << c
                if c == conf.low:
                    f.exchanger = seat
    if not talon:
        for seat in range(conf.n):
            if not hands[seat]:
                f.out |= 1 << seat


def _game_over(f: Fast) -> bool:
    if f.talon:
        return False
    holders = [p for p in range(f.conf.n) if f.hands[p]]
    if len(holders) > 1:
        return False
    f.result = holders[0] if holders else DRAW
    return True
