"""Swindles: an endgame lost against perfect play, played for the other's mistakes.

Where the exact solver says a two-player endgame is lost (or only drawn), every move
that keeps that value is as good as another against a perfect opponent; against a
real one they are not. Many players lead, throw in and cover with their cheapest
card (habits.py), and every player errs now and then. Such a player is the model
here: an expectimax over the solver's positions in which my moves are maxed, the
other's cheapest-first move weighs 1 - ERR and each of its moves ERR / moves (valued
by the solver: what the error is worth if it plays perfectly after it), and a
position the solver says I win is worth 1. The moves of the highest expectation are
kept and the search chooses among them; beyond NODES positions, or the solver's node
limit, the search chooses among all.

Against a perfect opponent it costs nothing (every move it chooses among keeps the
exact value); its gain is where the other misplays. ERR is 0, the model never
erring: where no move does better than another against the strict cheapest-first
player they all tie, and the search chooses as it would without the swindle. On the
256 endgames expert reached lost against easy in 1,600 games, each played out ten
times from there against the same easy seeds (bench_swindle's method; README, issue
18's notebook), expert scored 0.646 with it and 0.569 without (+0.077 a position,
standard error 0.013); at ERR 0.1, 0.627. Its cost at such a decision, the solver's
table cold: median 3-4 ms, p95 under 31 ms, never stopped by a limit (ERR 0.1:
median 124 ms, stopped in about half). Whole games, and why expert has it off:
README, issue 18's notebook.
"""

from __future__ import annotations

from game.engine.actions import Action
from game.engine.cards import cards_of_ranks, iter_mask, ranks_in
from game.engine.play import apply
from game.engine.state import State

from .cardlib import cheapest, cover_plan
from .endgame import WIN, Node, NodeLimit, Pos, Solver, position

ERR = 0.0  # how often the modelled player makes a random move instead of its own (above)
NODES = 5_000  # expectimax positions at most a decision, else no swindle


def model_move(sv: Solver, p: Pos) -> Node:
    """The position after the cheapest-first player's move at ``p`` (its turn): its
    cheapest card led or thrown in (the bout ends when it has none to throw), the
    cheapest cover of the card with the fewest beaters (a take when some card cannot
    be covered)."""
    me_att, A, D, unc, tab, natk, lim, taking, shown, rlim, tal = p
    trump = sv.trump
    if not tab:
        m = 1 << cheapest(A, trump)
        return sv.after(me_att, A & ~m, D, m, m, 1, lim, False, shown, rlim, tal)
    if unc and not taking:
        plan = cover_plan(list(iter_mask(unc)), D, trump)
        if plan is None:
            return sv.after(me_att, A, D, unc, tab, natk, lim, True, shown, rlim, tal)
        a, b = plan[0]
        m = 1 << b
        return sv.after(me_att, A, D & ~m, unc & ~(1 << a), tab | m, natk, lim, False,
                        shown, rlim, tal)
    throw = A & cards_of_ranks(ranks_in(tab)) if natk < lim else 0
    if not throw:
        return sv.end_bout(me_att, A, D, tab, taking, tal)
    m = 1 << cheapest(throw, trump)
    return sv.after(me_att, A & ~m, D, unc | m, tab | m, natk + 1, lim, taking, shown,
                    rlim, tal)


class Swindle:
    """The expectimax of one decision (positions' values kept for it)."""

    def __init__(self, solver: Solver, err: float = ERR, max_nodes: int = NODES) -> None:
        self.sv, self.err, self.max_nodes = solver, err, max_nodes
        self.memo: dict[Pos, float] = {}
        self.path: set[Pos] = set()
        self.nodes = 0

    def expect(self, p: Node) -> float:
        """My expected outcome (0..1) at ``p`` against the erring cheapest-first player.
        Raises NodeLimit beyond ``max_nodes`` positions or the solver's limit."""
        if isinstance(p, int):
            return p / 2
        hit = self.memo.get(p)
        if hit is not None:
            return hit
        if self.sv.at_least(p, WIN):
            self.memo[p] = 1.0
            return 1.0
        if p in self.path:
            return 0.5  # a cycle: an endless game is a draw, as the solver counts it
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise NodeLimit
        attacker_moves, children = self.sv.moves(p)
        self.path.add(p)
        try:
            if attacker_moves == p[0]:  # my move
                val = max(self.expect(c) for c in children)
            elif len(children) == 1 or not self.err:
                val = self.expect(children[0] if len(children) == 1 else model_move(self.sv, p))
            else:
                errs = sum(self.sv.value(c) for c in children) / (2 * len(children))
                val = (1 - self.err) * self.expect(model_move(self.sv, p)) + self.err * errs
        finally:
            self.path.discard(p)
        self.memo[p] = val
        return val


def likeliest(root: State, me: int, actions: list[Action], solver: Solver) -> list[Action]:
    """The actions of ``actions`` (at ``root``, my turn, all of one exact value) that
    give the erring cheapest-first player the most chances to go wrong, in order;
    all of them when the expectimax is too big."""
    swindle = Swindle(solver, ERR)
    solver.nodes = 0
    try:
        values = [swindle.expect(position(apply(root, a)[0], me)) for a in actions]
    except NodeLimit:
        return actions
    top = max(values)
    return [a for a, x in zip(actions, values, strict=True) if x >= top - 1e-9]
