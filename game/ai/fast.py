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
a game is worked out once per ``Conf`` (the moves covering each card, seats in
turn, the limits), the seats that may attack are kept in ``Fast.atk`` instead of
being derived at every question, and moves are decoded and listed from the
tables of fast_tables.py.
"""

from __future__ import annotations

from functools import lru_cache

from game.engine.cards import beaters_mask, cards_of_ranks, ranks_in
from game.engine.rules import Rules
from game.engine.state import State

from .fast_tables import (
    ATTACK,
    BIT,
    DEFEND,
    EXCHANGE,
    PASS,
    SHOW,
    SUIT,
    TAKE,
    TRANSFER,
    tables,
)

__all__ = ["ATTACK", "DEFEND", "TAKE", "PASS", "EXCHANGE", "TRANSFER", "SHOW", "RUNNING", "DRAW",
           "SUIT", "Conf", "Fast", "from_state", "legal", "apply", "next_actor", "throwable",
           "anyone_can_throw", "one_rank", "target_ok"]

RUNNING, DRAW = -2, -1  # ``result`` while the game goes on, and for a draw (else the fool)
NO_CAP = 64  # a rule limit of None: more than any table can hold


class Conf:
    """What the rules fix for a whole game, shared by every copy."""

    __slots__ = ("n", "hand_size", "attack_limit", "first_limit", "neighbours", "transfers",
                 "show", "exchange", "low", "low_bit", "seats", "draw_order", "trump", "beat",
                 "covers", "after", "others", "atk0", "cap", "cap0", "decode", "singles",
                 "rank_cards", "subsets")

    def __init__(self, r: Rules, n: int, hand_size: int, low: int, trump: int) -> None:
        self.n, self.hand_size = n, hand_size
        self.attack_limit, self.first_limit = r.attack_limit, r.first_bout_limit
        self.neighbours = r.throw_in == "neighbours"
        self.transfers, self.show = r.transfers, r.transfers and r.transfer_by_showing_trump
        self.exchange, self.low, self.low_bit = r.trump_exchange, low, 1 << low
        self.seats = (1 << n) - 1
        # by leader and defender: the leader first, then clockwise, the defender last
        self.draw_order = [[tuple(p for p in ((lead + i) % n for i in range(n)) if p != d) + (d,)
                            for d in range(n)] for lead in range(n)]
        self.trump = trump
        # by an attack card's bit: the cards beating it, and the move of each of them
        self.beat = {1 << a: beaters_mask(a, trump) for a in range(52)}
        self.covers = {1 << a: {1 << b: DEFEND | a << 3 | b << 9
                                for b in range(52) if beaters_mask(a, trump) >> b & 1}
                       for a in range(52)}
        self.after = tuple(tuple((s + i) % n for i in range(1, n)) for s in range(n))
        self.others = tuple(self.seats & ~(1 << s) for s in range(n))
        # by attacker and defender: the seats that may attack while nobody is out
        self.atk0 = tuple(tuple(self._attackers(a, d) for d in range(n)) for a in range(n))
        # the rule's limit on attack cards, in later bouts and in the first one
        self.cap = NO_CAP if r.attack_limit is None else r.attack_limit
        self.cap0 = self.cap if r.first_bout_limit is None else r.first_bout_limit
        t = tables(r.deck)
        self.decode, self.singles, self.rank_cards, self.subsets = (
            t.decode, t.singles, t.rank_cards, t.subsets)

    def _attackers(self, attacker: int, defender: int) -> int:
        if not self.neighbours:
            return self.others[defender]
        n = self.n
        m = 1 << (defender + 1) % n | 1 << (defender - 1) % n | 1 << attacker
        return m & ~(1 << defender)


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
        """Each field by name: a loop of setattr costs ten times as much, and the search
        copies a position for every playout (tests/test_ai_fast.py checks them all)."""
        f = Fast.__new__(Fast)
        f.conf, f.trump, f.att, f.unc, f.cov = self.conf, self.trump, self.att, self.unc, self.cov
        f.natt, f.ranks, f.attacker = self.natt, self.ranks, self.attacker
        f.defender, f.leader, f.passed = self.defender, self.leader, self.passed
        f.taking, f.limit = self.taking, self.limit
        f.shown, f.out, f.bout, f.exchanger = self.shown, self.out, self.bout, self.exchanger
        f.result, f.discard, f.atk = self.result, self.discard, self.atk
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
    return f.hands[seat] & f.conf.rank_cards[f.ranks]


def anyone_can_throw(f: Fast) -> bool:
    if f.leader < 0 or f.natt >= f.limit:
        return False
    cards, hands = f.conf.rank_cards[f.ranks], f.hands
    m = f.atk & ~f.passed
    while m:
        low = m & -m
        if hands[low.bit_length() - 1] & cards:
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
    m = f.atk & ~f.passed
    hands, cards, a = f.hands, f.conf.rank_cards[f.ranks], f.attacker
    if m >> a & 1 and hands[a] & cards:
        return a
    for seat in f.conf.after[f.defender]:
        if m >> seat & 1 and hands[seat] & cards:
            return seat
    return -1


def legal(f: Fast, seat: int) -> list[int]:
    """Every move ``seat`` may make, as legal_actions lists them (any order)."""
    if f.result != RUNNING or f.out >> seat & 1:
        return []
    hand = f.hands[seat]
    if f.leader < 0:
        out = _leads(f, hand) if seat == f.attacker else []
    elif seat == f.defender:
        out = _defences(f, hand) if f.unc and not f.taking else []
    elif not f.atk >> seat & 1:
        out = []
    elif f.passed >> seat & 1 or f.natt >= f.limit:
        out = [PASS]
    else:
        m = hand & f.conf.rank_cards[f.ranks]
        if m:  # each card alone, joined from the tables as _leads does
            t0, t1, t2, t3 = f.conf.singles
            out = [*t0[m & SUIT], *t1[m >> 13 & SUIT], *t2[m >> 26 & SUIT], *t3[m >> 39], PASS]
        else:
            out = [PASS]
    if f.exchanger == seat and f.talon and f.conf.exchange:
        out.append(EXCHANGE)
    return out


def _leads(f: Fast, hand: int) -> list[int]:
    """Every card alone, and every set of two or more of one rank within the limit."""
    s0, s1, s2, s3 = hand & SUIT, hand >> 13 & SUIT, hand >> 26 & SUIT, hand >> 39
    conf = f.conf
    t0, t1, t2, t3 = conf.singles
    out = [*t0[s0], *t1[s1], *t2[s2], *t3[s3]]
    multi = (s0 | s1) & (s2 | s3) | s0 & s1 | s2 & s3  # ranks held twice or more
    while multi:
        low = multi & -multi
        multi ^= low
        leads = conf.subsets[hand & conf.rank_cards[low]]
        limit = f.limit
        out.extend(leads if limit >= 4 else
                   [m for m in leads if (m >> 3).bit_count() <= limit])
    return out


def _defences(f: Fast, hand: int) -> list[int]:
    """Every cover of every uncovered card, the take, and the transfers."""
    out = []
    m, conf = f.unc, f.conf
    beat, covers = conf.beat, conf.covers
    while m:
        low = m & -m
        m ^= low
        b = hand & beat[low]
        if b:
            moves = covers[low]
            while b:
                lb = b & -b
                out.append(moves[lb])
                b ^= lb
    out.append(TAKE)
    if conf.transfers:
        _transfers(f, hand, out)
    return out


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
    """Make ``move`` (one of ``legal(f, seat)``, in a game still running) for
    ``seat``, in place."""
    kind, cards, aux, ranks = f.conf.decode[move]
    if kind == ATTACK:
        if f.leader < 0:
            f.leader = seat
        hands = f.hands
        hand = hands[seat] = hands[seat] ^ cards  # they are in the hand: the move is legal
        if not hand or f.exchanger == seat:
            _removed(f, seat, cards)
        f.att |= cards
        f.unc |= cards
        f.natt += aux
        f.ranks |= ranks
        f.passed = 0
        if not f.taking:
            return  # a card lies uncovered: the bout goes on
    elif kind == DEFEND:
        hands = f.hands
        hand = hands[seat] = hands[seat] ^ cards
        if not hand or f.exchanger == seat:
            _removed(f, seat, cards)
        f.cov |= cards
        f.unc ^= aux
        f.ranks |= ranks
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
        _pass_on(f, seat, kind, cards, aux)
        return  # the new defender has every card to cover
    # everything is covered or taken: the bout ends once nobody may add a card
    if f.taking:
        if not anyone_can_throw(f):
            _end_bout(f, True)
    elif not f.hands[f.defender] or f.natt >= f.limit or not anyone_can_throw(f):
        _end_bout(f, False)


def _pass_on(f: Fast, seat: int, kind: int, cards: int, count: int) -> None:
    """A transfer or a show: ``seat`` becomes the attacker of the next player."""
    target = f.next_in(f.defender)
    if kind == TRANSFER:
        _remove(f, seat, cards)
        f.att |= cards
        f.unc |= cards
        f.natt += count
    else:
        f.shown |= cards
    f.attacker, f.defender = seat, target
    f.limit = f.limit_for(target)
    f.passed = 0
    f.atk = f.attackers()


def _remove(f: Fast, seat: int, cards: int) -> None:
    f.hands[seat] ^= cards  # they are in the hand: the move is legal
    _removed(f, seat, cards)


def _removed(f: Fast, seat: int, cards: int) -> None:
    """``cards`` have left the hand of ``seat``: the exchange right goes with the
    lowest trump, and an empty hand with no talon is out of the game."""
    if f.exchanger == seat and cards & f.conf.low_bit:
        f.exchanger = -1
    if not f.hands[seat] and not f.talon:
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
    if not f.out:  # nobody out yet: the next seat is the next player
        a2 = conf.after[d][0] if taken else d
        d2 = conf.after[a2][0]
        f.attacker, f.defender, f.atk = a2, d2, conf.atk0[a2][d2]
    else:
        a2 = f.next_in(d) if taken or f.out >> d & 1 else d
        d2 = f.next_in(a2)
        f.attacker, f.defender = a2, d2
        f.atk = f.attackers()
    f.bout += 1
    f.passed, f.taking, f.shown = 0, False, 0
    held, cap = hands[d2].bit_count(), conf.cap
    f.limit = held if held < cap else cap


def _draw_all(f: Fast) -> None:
    """Everyone short draws from the talon, the leader first, the defender last."""
    talon, hands, conf, out = f.talon, f.hands, f.conf, f.out
    size, bit = conf.hand_size, BIT
    leader = f.leader if f.leader >= 0 else f.attacker
    for seat in conf.draw_order[leader][f.defender]:
        need = size - hands[seat].bit_count()
        if need <= 0 or out >> seat & 1:
            continue
        drawn = 0
        for c in talon[-need:]:
            drawn |= bit[c]
        del talon[-need:]
        hands[seat] |= drawn
        if drawn & conf.low_bit:
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
