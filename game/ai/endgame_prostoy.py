"""Exact two-player endgames of Prostoy Durak, on the throw-in solver's search.

Prostoy's bout is simpler than Podkidnoy's: the attacker alone plays one pattern of
1, 3 or 5 cards (the engine's policy lists them: one definition of a lead), nobody
throws in or passes, and the defender covers some cards and takes the rest, the
covered pairs going to the discard. So a position needs only the two hands, the
uncovered attack cards, the table and the talon; the other fields of the throw-in
solver's position stay at fixed values (``ProstoySolver.make``).

Every attack moves cards out of the attacker's hand for good, and the roles swap
only when a bout is beaten off (which discards cards), so a line of play never
meets a position again: the search needs no cycle handling here (the base class
keeps it, harmlessly).

The talon may hold several cards, in order (a sampled deal's, for expert's search
once the talon is short: ``prostoy_search``), as long as no trump exchange can
happen: the position's ``tal`` packs them (``endgame.pack_talon``), and the base
class's ``end_bout`` draws them.
"""

from __future__ import annotations

from game.engine.actions import Attack
from game.engine.cards import iter_mask
from game.engine.state import State
from game.engine.variant import PROSTOY

from .endgame import Node, Pos, Solver, pack_talon


class ProstoySolver(Solver):
    """The position is (me_att, A, D, unc, tab, 0, 0, False, 0, None, tal): see Solver."""

    VARIANTS = ("prostoy",)

    @staticmethod
    def make(me_att: bool, A: int, D: int, unc: int, tab: int, tal: int) -> Pos:
        return (me_att, A, D, unc, tab, 0, 0, False, 0, None, tal)

    def moves(self, p: Pos) -> tuple[bool, list[Node]]:
        me_att, A, D, unc, tab, _n, _l, _t, _s, _r, tal = p
        if not tab:
            return True, [self.make(me_att, A & ~m, D, m, m, tal) for m in self.lead_masks(A, D)]
        out: list[Node] = []
        for a in iter_mask(unc):
            rest = unc & ~(1 << a)
            for b in self.cheap_first(D & self.beaters[a]):
                m = 1 << b
                if rest:
                    out.append(self.make(me_att, A, D & ~m, rest, tab | m, tal))
                else:
                    out.append(self.end_bout(me_att, A, D & ~m, tab | m, False, tal))
        # a take: the uncovered cards go to the defender, the covered pairs away
        out.append(self.end_bout(me_att, A, D, unc, True, tal))
        return False, out

    def lead_masks(self, A: int, D: int) -> list[int]:
        """The masks of every lead the engine allows against a defender holding D."""
        attacks: list[Attack] = []
        PROSTOY.leads(0, A, PROSTOY.limit(None, D.bit_count()), attacks)
        return [sum(1 << c for c in a.cards) for a in attacks]

    def bout_start(self, me_att: bool, A: int, D: int, tal: int) -> Pos:
        return self.make(me_att, A, D, 0, 0, tal)


def prostoy_position(s: State, me: int) -> Node:
    """The ProstoySolver position of an engine state (see endgame.position)."""
    from .cardlib import outcome_for

    if s.result is not None:
        return int(outcome_for(s.result, me) * 2)
    unc = 0
    for a, c in zip(s.attacks, s.covers, strict=True):
        if c < 0:
            unc |= 1 << a
    return ProstoySolver.make(s.attacker == me, s.hands[s.attacker], s.hands[s.defender],
                              unc, s.table_mask, pack_talon(s.talon))
