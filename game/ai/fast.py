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

It is the search's hot loop, so it is written for speed: what the rules fix for
a game is worked out once per ``Conf`` (beaters of each card, seats in turn, the
limits), the seats that may attack are kept up to date in ``Fast.atk`` instead of
being derived at every question, and lists of moves are put together from cached
tuples (``_SINGLES``, ``_SUBSETS``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from game.engine.cards import beaters_mask, cards_of_ranks, ranks_in
from game.engine.rules import Rules
from game.engine.state import State

ATTACK, DEFEND, TAKE, PASS, EXCHANGE, TRANSFER, SHOW = range(7)
RUNNING, DRAW = -2, -1  # ``result`` while the game goes on, and for a draw (else the fool)
SUIT = 0x1FFF
NO_CAP = 64  # a rule limit of None: more than any table can hold


class Conf:
    """What the rules fix for a whole game, shared by every copy."""

    __slots__ = ("n", "hand_size", "attack_limit", "first_limit", "neighbours", "transfers",
                 "show", "exchange", "low", "seats", "draw_order", "trump", "beat", "after",
                 "others", "cap", "cap0")

    def __init__(self, r: Rules, n: int, hand_size: int, low: int, trump: int) -> None:
        self.n, self.hand_size = n, hand_size
        self.attack_limit, self.first_limit = r.attack_limit, r.first_bout_limit
        self.neighbours = r.throw_in == "neighbours"
        self.transfers, self.show = r.transfers, r.transfers and r.transfer_by_showing_trump
        self.exchange, self.low = r.trump_exchange, low
        self.seats = (1 << n) - 1
        # by leader and defender: the leader first, then clockwise, the defender last
        self.draw_order = [[tuple(p for p in ((lead + i) % n for i in range(n)) if p != d) + (d,)
                            for d in range(n)] for lead in range(n)]
        self.trump = trump
        self.beat = tuple(beaters_mask(c, trump) for c in range(52))  # by attack card
        self.after = tuple(tuple((s + i) % n for i in range(1, n)) for s in range(n))
        self.others = tuple(self.seats & ~(1 << s) for s in range(n))
        # the rule's limit on attack cards, in later bouts and in the first one
        self.cap = NO_CAP if r.attack_limit is None else r.attack_limit
        self.cap0 = self.cap if r.first_bout_limit is None else r.first_bout_limit


class Fast:
    """One position. Card sets are masks: ``att`` the attack cards, ``unc`` those
    still uncovered, ``cov`` the covers; ``talon`` bottom (face-up trump) first.
    ``atk``: the seats that may attack the defender (``attackers()``), a bit each."""

    __slots__ = ("conf", "hands", "talon", "trump", "att", "unc", "cov", "natt", "ranks",
                 "attacker", "defender", "leader", "passed", "taking", "limit", "shown",
                 "out", "bout", "exchanger", "result", "discard", "atk")

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
    atk: int

    def copy(self) -> Fast:
        f = Fast.__new__(Fast)
        for name in _SCALARS:
            setattr(f, name, getattr(self, name))
        f.hands = self.hands[:]
        f.talon = self.talon[:]
        return f

    # --- seats ---------------------------------------------------------------

    def next_in(self, seat: int) -> int:
        out = self.out
        for p in self.conf.after[seat]:
            if not out >> p & 1:
                return p
        return seat

    def prev_in(self, seat: int) -> int:
        out = self.out
        for p in reversed(self.conf.after[seat]):
            if not out >> p & 1:
                return p
        return seat

    def attackers(self) -> int:
        """Seats that may attack the defender (ignoring cards and passes), a bit each."""
        d = self.defender
        if self.conf.neighbours:
            m = 1 << self.next_in(d) | 1 << self.prev_in(d) | 1 << self.attacker
            return m & ~self.out & ~(1 << d)
        return self.conf.others[d] & ~self.out

    def rule_limit(self) -> int:
        """The rule's limit on attack cards in this bout (NO_CAP for none)."""
        return self.conf.cap0 if self.bout == 0 else self.conf.cap

    def limit_for(self, defender: int) -> int:
        return min(self.rule_limit(), self.hands[defender].bit_count())


_SCALARS = tuple(name for name in Fast.__slots__ if name not in ("hands", "talon"))


@lru_cache(maxsize=64)
def _conf(rules: Rules, n: int, hand_size: int, low: int, trump: int) -> Conf:
    return Conf(rules, n, hand_size, low, trump)


def from_state(s: State) -> Fast | None:
    """The position of ``s``, or None for rules this module does not cover."""
    if (not s.policy.throw_in or s.team_of is not None or s.second >= 0
            or s.rules.cheating):  # cheats and catches are not modelled here
        return None
    f = Fast.__new__(Fast)
    f.conf = _conf(s.rules, s.n, s.hand_size, s.low_trump, s.trump)
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
    f.atk = f.attackers()
    return f


# --- what may be done ---------------------------------------------------------

def throwable(f: Fast, seat: int) -> int:
    """The cards ``seat`` could throw in now, ignoring passes."""
    if f.leader < 0 or f.natt >= f.limit or not f.atk >> seat & 1:
        return 0
    r = f.ranks
    return f.hands[seat] & (r | r << 13 | r << 26 | r << 39)


def anyone_can_throw(f: Fast) -> bool:
    if f.leader < 0 or f.natt >= f.limit:
        return False
    r, hands = f.ranks, f.hands
    ranks = r | r << 13 | r << 26 | r << 39
    m = f.atk & ~f.passed
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
    m = f.atk & ~f.passed
    hands, ranks, a = f.hands, r | r << 13 | r << 26 | r << 39, f.attacker
    if m >> a & 1 and hands[a] & ranks:
        return a
    for seat in f.conf.after[f.defender]:
        if m >> seat & 1 and hands[seat] & ranks:
            return seat
    return -1


def legal(f: Fast, seat: int) -> list[int]:
    """Every move ``seat`` may make, as legal_actions lists them (any order)."""
    if f.result != RUNNING or f.out >> seat & 1:
        return []
    hand = f.hands[seat]
    if f.leader < 0:
        out = _leads(hand, f.limit) if seat == f.attacker else []
    elif seat == f.defender:
        out = []
        if not f.taking and f.unc:
            _covers(f, hand, out)
            out.append(TAKE)
            if f.conf.transfers:
                _transfers(f, hand, out)
    elif not f.atk >> seat & 1:
        out = []
    elif f.passed >> seat & 1 or f.natt >= f.limit:
        out = [PASS]
    else:
        r = f.ranks
        out = _singles(hand & (r | r << 13 | r << 26 | r << 39))
        out.append(PASS)
    if f.exchanger == seat and f.talon and f.conf.exchange:
        out.append(EXCHANGE)
    return out


class _Cache(dict[int, tuple[int, ...]]):
    """A dict that fills itself: ``build(key)`` on the first look-up of ``key``."""

    def __init__(self, build: Callable[[int], tuple[int, ...]]) -> None:
        super().__init__()
        self.build = build

    def __missing__(self, key: int) -> tuple[int, ...]:
        value = self[key] = self.build(key)
        return value


def _suit_singles(key: int) -> tuple[int, ...]:
    """The move of each card alone, for the 13-bit suit pattern ``key & SUIT`` of
    the suit ``key >> 13``."""
    shift, out, m = 13 * (key >> 13), [], key & SUIT
    while m:
        low = m & -m
        out.append(low << shift << 3)
        m ^= low
    return tuple(out)


def _rank_subsets(same: int) -> tuple[int, ...]:
    """Cards of one rank: every lead of two or more of them."""
    out, sub = [], same
    while sub:
        if sub & (sub - 1):
            out.append(sub << 3)
        sub = (sub - 1) & same
    return tuple(out)


_SINGLES = _Cache(_suit_singles)  # by suit << 13 | that suit's cards
_SUBSETS = _Cache(_rank_subsets)  # by the cards of one rank


def _singles(m: int) -> list[int]:
    """The move of each card of ``m`` alone."""
    t = _SINGLES
    return [*t[m & SUIT], *t[m >> 13 & SUIT | 0x2000], *t[m >> 26 & SUIT | 0x4000],
            *t[m >> 39 | 0x6000]]


def _leads(hand: int, limit: int) -> list[int]:
    out = _singles(hand)
    s0, s1, s2, s3 = hand & SUIT, hand >> 13 & SUIT, hand >> 26 & SUIT, hand >> 39
    multi = (s0 | s1) & (s2 | s3) | s0 & s1 | s2 & s3  # ranks held twice or more
    while multi:
        low = multi & -multi
        multi ^= low
        leads = _SUBSETS[hand & (low | low << 13 | low << 26 | low << 39)]
        out.extend(leads if limit >= 4 else [m for m in leads if (m >> 3).bit_count() <= limit])
    return out


def _covers(f: Fast, hand: int, out: list[int]) -> None:
    m, beat = f.unc, f.conf.beat
    while m:
        low = m & -m
        m ^= low
        a = low.bit_length() - 1
        b, base = hand & beat[a], DEFEND | a << 3
        while b:
            lb = b & -b
            out.append(base | (lb.bit_length() - 1) << 9)
            b ^= lb


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
    return table_after <= f.rule_limit()


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
        cards = move >> 3
        if f.leader < 0:
            f.leader = seat
        _remove(f, seat, cards)
        f.att |= cards
        f.unc |= cards
        f.natt += cards.bit_count()
        f.ranks |= (cards | cards >> 13 | cards >> 26 | cards >> 39) & SUIT
        f.passed = 0
        if not f.taking:
            return  # a card lies uncovered: the bout goes on
    elif kind == DEFEND:
        b = move >> 9
        _remove(f, seat, 1 << b)
        f.cov |= 1 << b
        f.unc &= ~(1 << (move >> 3 & 63))
        f.ranks |= 1 << b % 13
        f.passed = 0
        if f.unc:
            return
    elif kind == TAKE:
        f.taking, f.passed = True, 0
    elif kind == PASS:
        f.passed |= 1 << seat
        if f.unc and not f.taking:
            return
    elif kind == EXCHANGE:
        low, got = f.conf.low, f.talon[0]
        f.hands[seat] = f.hands[seat] & ~(1 << low) | 1 << got
        f.talon[0], f.exchanger = low, -1
        if f.leader < 0 or f.unc and not f.taking:
            return
    else:
        _pass_on(f, seat, move)
        return  # the new defender has every card to cover
    # everything is covered or taken: the bout ends once nobody may add a card
    if f.result != RUNNING:
        return
    if f.taking:
        if not anyone_can_throw(f):
            _end_bout(f, True)
    elif not f.hands[f.defender] or f.natt >= f.limit or not anyone_can_throw(f):
        _end_bout(f, False)


def _pass_on(f: Fast, seat: int, move: int) -> None:
    """A transfer or a show: ``seat`` becomes the attacker of the next player."""
    target = f.next_in(f.defender)
    if move & 7 == TRANSFER:
        cards = move >> 3
        _remove(f, seat, cards)
        f.att |= cards
        f.unc |= cards
        f.natt += cards.bit_count()
    else:
        f.shown |= 1 << (move >> 3)
    f.attacker, f.defender = seat, target
    f.limit = f.limit_for(target)
    f.passed = 0
    f.atk = f.attackers()


def _remove(f: Fast, seat: int, m: int) -> None:
    hand = f.hands[seat] = f.hands[seat] & ~m
    if f.exchanger == seat and m >> f.conf.low & 1:
        f.exchanger = -1
    if not hand and not f.talon:
        f.out |= 1 << seat
        f.atk = f.attackers()


def _end_bout(f: Fast, taken: bool) -> None:
    d, hands, conf = f.defender, f.hands, f.conf
    if taken:
        hands[d] |= f.att | f.cov
    else:
        f.discard |= f.att | f.cov
    if f.talon:
        _draw_all(f)
    f.att = f.unc = f.cov = f.natt = f.ranks = 0
    f.leader = -1
    if not f.talon and _out_and_over(f):
        return
    out = f.out
    if not out:  # nobody out yet: the next seat is the next player
        a2 = conf.after[d][0] if taken else d
        d2 = conf.after[a2][0]
    else:
        a2 = f.next_in(d) if taken or out >> d & 1 else d
        d2 = f.next_in(a2)
    f.attacker, f.defender = a2, d2
    f.bout += 1
    f.passed, f.taking, f.shown = 0, False, 0
    f.limit = min(conf.cap, hands[d2].bit_count())
    f.atk = f.attackers()


def _draw_all(f: Fast) -> None:
    """Everyone short draws from the talon, the leader first, the defender last."""
    talon, hands, conf, out = f.talon, f.hands, f.conf, f.out
    size, low = conf.hand_size, conf.low
    leader = f.leader if f.leader >= 0 else f.attacker
    for seat in conf.draw_order[leader][f.defender]:
        need = size - hands[seat].bit_count()
        if need <= 0 or out >> seat & 1:
            continue
        drawn = 0
        for c in talon[-need:]:
            drawn |= 1 << c
        del talon[-need:]
        hands[seat] |= drawn
        if drawn >> low & 1:
            f.exchanger = seat
        if not talon:
            return


def _out_and_over(f: Fast) -> bool:
    """The talon is empty: whoever holds no cards is out. True if the game is over."""
    hands, out = f.hands, f.out
    holders = []
    for seat in range(f.conf.n):
        if hands[seat]:
            holders.append(seat)
        else:
            out |= 1 << seat
    f.out = out
    if len(holders) > 1:
        return False
    f.result = holders[0] if holders else DRAW
    return True
