"""Exact solver for two-player endgames: talon empty, two seats holding cards.

Everything is then known, so a bout is a small perfect-information game; so it
is while the talon holds only the face-up trump (and no trump exchange can
happen), whose drawing the solver plays out too. The talon may also hold a few
cards in a known order (a sampled deal's, for expert's search once the talon is
short: ``exact_leaves``): after each bout the attacker draws up to the hand size,
then the defender, the face-up trump last. The position mirrors the engine's
rules compactly (checked against plain engine minimax in tests/test_ai_endgame.py).
Values are for seat "me": 2 win, 1 draw, 0 loss.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations
from typing import Generic, TypeAlias, TypeVar

from game.engine.cards import BEATERS, RANK_CARDS, cards_of_ranks, iter_mask, ranks_in
from game.engine.rules import Rules
from game.engine.state import State
from game.engine.view import View

from .cardlib import outcome_for

WIN, DRAW, LOSS = 2, 1, 0

# (me_att, A, D, unc, tab, natk, lim, taking, shown, rlim, tal): see Solver
Pos: TypeAlias = tuple[bool, int, int, int, int, int, int, bool, int, int | None, int]
Node: TypeAlias = Pos | int  # a position, or the value of a finished game


MAX_TABLE = 400_000  # solved positions a kept solver holds before it starts anew


class NodeLimit(Exception):
    """The solver gave up: the position is too big for its node budget."""


class Solver:
    """Boolean AND-OR search ("can me reach at least t?") with a transposition table.

    A position is (me_att, A, D, unc, tab, natk, lim, taking, shown, rlim, tal): the
    attacker's and defender's hands, the uncovered attack cards, every table card,
    the number of attack cards, the bout's limit, whether the defender takes, the
    trumps shown this bout, the rule limit (None: no limit) and the talon
    (``pack_talon``'s: 0 when empty)."""

    VARIANTS: tuple[str, ...] = ("podkidnoy", "perevodnoy")  # Prostoy: endgame_prostoy.py

    def __init__(self, rules: Rules, trump: int, max_nodes: int = 2_000_000,
                 hand_size: int = 6):
        self.trump = trump
        self.trumps = 0x1FFF << (13 * trump)
        self.beaters = BEATERS[trump]
        self._cheap: dict[int, list[int]] = {}  # cheap_first's answers
        self.hand_size = hand_size
        self.transfers = rules.transfers
        self.show = rules.transfer_by_showing_trump
        self.attack_limit = rules.attack_limit
        self.max_nodes = max_nodes
        self.nodes = 0
        self.table: dict[tuple[Pos, int], bool] = {}
        self.path: set[Pos] = set()
        self.repeats = 0  # positions met again on the current line of play

    # --- the rules, compactly --------------------------------------------------------

    def moves(self, p: Pos) -> tuple[bool, list[Node]]:
        """(mover_is_attacker, [child positions or terminal values])."""
        me_att, A, D, unc, tab, natk, lim, taking, shown, rlim, tal = p
        if not tab:
            return True, [self.after(me_att, A & ~m, D, m, m, k, lim, False, shown, rlim, tal)
                          for m, k in self.leads(A, lim)]
        if unc and not taking:
            return False, self.defences(p)
        out: list[Node] = []
        for c in self.cheap_first(A & cards_of_ranks(ranks_in(tab))):
            m = 1 << c
            out.append(self.after(me_att, A & ~m, D, unc | m, tab | m, natk + 1, lim,
                                  taking, shown, rlim, tal))
        out.append(self.end_bout(me_att, A, D, tab, taking, tal))
        return True, out

    def leads(self, A: int, lim: int) -> Iterator[tuple[int, int]]:
        if not self.transfers:
            # without transfers, leading one card and throwing in its twins after the
            # defender's answer is never worse for the attacker than leading them together
            for c in self.cheap_first(A):
                yield 1 << c, 1
            return
        by_rank: dict[int, list[int]] = {}
        for c in self.cheap_first(A):
            by_rank.setdefault(c % 13, []).append(c)
        for cards in by_rank.values():
            for k in range(1, min(len(cards), lim) + 1):
                for combo in combinations(cards, k):
                    yield sum(1 << c for c in combo), k

    def defences(self, p: Pos) -> list[Node]:
        me_att, A, D, unc, tab, natk, lim, taking, shown, rlim, tal = p
        beaters, out = self.beaters, list[Node]()
        for a in iter_mask(unc):
            for b in self.cheap_first(D & beaters[a]):
                m = 1 << b
                out.append(self.after(me_att, A, D & ~m, unc & ~(1 << a), tab | m, natk, lim,
                                      False, shown, rlim, tal))
        out.append(self.after(me_att, A, D, unc, tab, natk, lim, True, shown, rlim, tal))
        if self.transfers and unc == tab and ranks_in(tab).bit_count() == 1:
            out.extend(self.transfers_from(p))
        return out

    def transfers_from(self, p: Pos) -> list[Node]:
        me_att, A, D, unc, tab, natk, lim, taking, shown, rlim, tal = p
        same = list(iter_mask(D & cards_of_ranks(ranks_in(tab))))
        held = A.bit_count()
        out: list[Node] = []
        for k in range(1, len(same) + 1):
            if held < natk + k or rlim is not None and natk + k > rlim:
                break
            for combo in combinations(same, k):
                m = sum(1 << c for c in combo)
                out.append(self.after(not me_att, D & ~m, A, unc | m, tab | m, natk + k,
                                      _cap(rlim, held), False, shown, rlim, tal))
        if self.show and held >= natk and (rlim is None or natk <= rlim):
            for c in same:
                if c // 13 == self.trump and not shown >> c & 1:
                    out.append(self.after(not me_att, D, A, unc, tab, natk, _cap(rlim, held),
                                          False, shown | 1 << c, rlim, tal))
        return out

    def after(self, me_att: bool, A: int, D: int, unc: int, tab: int, natk: int, lim: int,
              taking: bool, shown: int, rlim: int | None, tal: int) -> Node:
        """The position after a move, ending the bout when the engine would."""
        # a take, or the table all covered: over unless the attacker may throw in (under
        # the limit, holding a rank on the table; the table beaten, the defender holding
        # cards). The table's ranks are looked up only then: the hot path of the solver.
        over = (taking or not unc) and (
            not (taking or D) or natk >= lim
            or not A & RANK_CARDS[(tab | tab >> 13 | tab >> 26 | tab >> 39) & 0x1FFF])
        if over:
            return self.end_bout(me_att, A, D, tab, taking, tal)
        return (me_att, A, D, unc, tab, natk, lim, taking, shown, rlim, tal)

    def end_bout(self, me_att: bool, A: int, D: int, tab: int, taken: bool,
                 tal: int = 0) -> Node:
        """The bout's end (``tab``: what a take picks up): the attacker draws up to
        the hand size, then the defender, from the packed talon ``tal``."""
        if taken:
            D |= tab
        size = self.hand_size
        while tal and A.bit_count() < size:
            A, tal = A | 1 << (tal & 63) - 1, tal >> 6
        while tal and D.bit_count() < size:
            D, tal = D | 1 << (tal & 63) - 1, tal >> 6
        if not taken:
            me_att, A, D = not me_att, D, A
        if not tal and (not A or not D):
            if not A and not D:
                return DRAW
            loser_is_me = (me_att if A else not me_att)
            return LOSS if loser_is_me else WIN
        return self.bout_start(me_att, A, D, tal)

    def bout_start(self, me_att: bool, A: int, D: int, tal: int) -> Pos:
        """The position at a new bout's start, A to lead against D."""
        lim = _cap(self.attack_limit, D.bit_count())
        return (me_att, A, D, 0, 0, 0, lim, False, 0, self.attack_limit, tal)

    def cheap_first(self, m: int) -> list[int]:
        """The cards of ``m``, plain ones before trumps: cheap moves are tried first
        (remembered by mask: the same hands come back again and again)."""
        cards = self._cheap.get(m)
        if cards is None:
            if len(self._cheap) > MAX_TABLE:
                self._cheap.clear()
            trumps = self.trumps
            cards = self._cheap[m] = [*iter_mask(m & ~trumps), *iter_mask(m & trumps)]
        return cards

    # --- search -----------------------------------------------------------------------

    def at_least(self, p: Node, t: int) -> bool:
        """Can me force a value of at least ``t`` from position ``p``?"""
        if isinstance(p, int):
            return p >= t
        return self._at_least(p, t)

    def _at_least(self, p: Pos, t: int) -> bool:
        key = (p, t)
        table = self.table
        hit = table.get(key)
        if hit is not None:
            return hit
        # a win is at least a draw: one threshold's answer may settle the other
        if table.get((p, DRAW if t == WIN else WIN)) is (t == DRAW):
            return t == DRAW
        if p in self.path:
            # the game can cycle (takes and transfers); an endless game counts as a
            # draw, and results that relied on this are not stored (they depend on the path)
            self.repeats += 1
            return t <= DRAW
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise NodeLimit
        attacker_moves, children = self.moves(p)
        mine = attacker_moves == p[0]  # me chooses (any child will do), else all must
        inner: list[Pos] = []
        for c in children:  # a finished game settles it at once, or is passed over
            if isinstance(c, int):
                if (c >= t) is mine:
                    table[key] = mine
                    return mine
            else:
                inner.append(c)
        inner.sort(key=_cards_held)
        repeats = self.repeats
        res = not mine
        self.path.add(p)
        try:
            for c in inner:
                if self._at_least(c, t) is mine:
                    res = mine
                    break
        finally:
            self.path.discard(p)
        if self.repeats == repeats:
            table[key] = res
        return res

    def value(self, p: Node) -> int:
        if isinstance(p, int):
            return p
        if self.at_least(p, WIN):
            return WIN
        return DRAW if self.at_least(p, DRAW) else LOSS


def _cap(rlim: int | None, held: int) -> int:
    return held if rlim is None else min(rlim, held)


def _cards_held(c: Pos) -> int:
    """Positions with fewer cards first (after the finished games: cheap cut-offs)."""
    return c[1].bit_count() + c[2].bit_count()


def pack_talon(talon: list[int]) -> int:
    """An engine talon (bottom first) as the solver's ``tal``: top card first, six
    bits a card (the card plus one, so that no card is 0)."""
    tal = 0
    for c in talon:  # the bottom card ends in the highest bits
        tal = tal << 6 | c + 1
    return tal


def position(s: State, me: int) -> Node:
    """The solver position of an engine state with two seats holding cards (and a
    talon in a known order, no trump exchange to come), or an int value if the
    game is over."""
    if s.result is not None:
        return int(outcome_for(s.result, me) * 2)
    rlim = s.rule_limit()
    unc = 0
    for a, c in zip(s.attacks, s.covers, strict=True):
        if c < 0:
            unc |= 1 << a
    return (s.attacker == me, s.hands[s.attacker], s.hands[s.defender], unc, s.table_mask,
            len(s.attacks), s.limit, s.taking, s.shown, rlim, pack_talon(s.talon))


S = TypeVar("S", bound=Solver)


class KeptSolver(Generic[S]):
    """One solver a game: its table of solved positions (valid for any position with
    these rules, trump and hand size) carries over from one decision to the next; a
    new one (``make``) when those change or the table outgrows MAX_TABLE."""

    def __init__(self, make: Callable[[View], S]) -> None:
        self._make = make
        self._solver: S | None = None
        self._key: tuple[Rules, int, int] | None = None

    def get(self, v: View) -> S:
        key = (v.rules, v.trump, v.hand_size)
        s = self._solver
        if s is None or self._key != key or len(s.table) > MAX_TABLE:
            s = self._solver = self._make(v)
            self._key = key
        return s
