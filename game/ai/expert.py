"""The expert level: hard's search, an exact solver once two seats are left with
the talon empty (or holding only the face-up trump): the throw-in games' or
Prostoy's, and simple inference of what opponents lack from how they played."""

from __future__ import annotations

import random
from functools import partial

from game.engine.actions import Action
from game.engine.cards import SUIT_MASKS, beaters_mask, cards_of_ranks, count, ranks_in
from game.engine.play import apply, apply_listed
from game.engine.rules import Rules
from game.engine.state import State, lowest_trump_card
from game.engine.view import View

from . import (
    budget,
    cheapest_playout,
    fast,
    fast_playout,
    podkidnoy_infer,
    prostoy_fast,
    prostoy_infer,
    prostoy_search,
    solved_playout,
    swindle,
    talon_exact,
)
from .cardlib import progress, uncovered
from .endgame import DRAW, LOSS, WIN, KeptSolver, NodeLimit, Solver, position
from .endgame_prostoy import ProstoySolver, prostoy_position
from .fast import Fast
from .first_lead import FirstLead
from .habits import CheapestFirst
from .heuristics import normal_choice
from .ismcts import Playout, Policy, TreeSearch
from .lookahead import placed_state
from .multi_search import ManyTreeSearch, many_players
from .normal import THROW_TRUMPS_TALON
from .prostoy_infer import Note, weights_of
from .prostoy_lead import leads_by_rule
from .prostoy_playout import action as prostoy_action
from .search import SWITCH_Z, DrivenSearch, Gain, SearchAgent

# Cards in the two hands at most for the solver to be asked (beyond its node limit the
# search decides). With four players the last two seats often start their endgame with
# 15-24 cards (one took a lot); the solver settles about half of those up to 20 within
# its node limit. 20 rather than 14: against three hard the fool in 158 of 1,000 paired
# deals where 14 was in 180 (README); with two players such endgames are rare.
SOLVER_MAX_CARDS = 20
SOLVER_MAX_NODES = 25_000  # about 0.2 s; beyond it the search decides
# A talon of two solved deal by deal: beyond this budget the search decides. About 2 s
# at most; such decisions are one in twenty, many solved well within it, and the p95
# stayed at the search's cap.
# 300,000 rather than 30,000: where only it narrowed the moves (0.17 a game) 0.789 to
# 0.740 against hard (190 positions, +0.049, standard error 0.019; README)
TALON_EXACT_NODES = 300_000
FORGET_AFTER_DRAWN = 3  # talon cards drawn since an observation before it is dropped
# How far (two-player throw-in games) a take says the taker lacked the same suit's
# beaters of the cards it took, and a pass that the attacker lacked the table's ranks:
# a searching player takes holding beaters now and then. Notes believed in part and
# fading as cards are drawn, not cards avoided outright: the log loss of the deals'
# guess of the other hand (bench_infer --modes uniform,expert, the same 60 games a
# level) against hard 0.585 avoided (worse than uniform, 0.561-0.564), 0.557 so;
# against easy 0.531 avoided, 0.527 so (uniform 0.554-0.556). README: the games.
# With four players too (takes only): the log loss of each unseen card's place, a hand
# or the talon, against three hard (bench_infer --players 4 --games 300 --seed 7
# --samples 160 --rules variant=podkidnoy --modes uniform,expert,avoid) 1.3713
# avoided, 1.3421 so, uniform 1.3438.
TAKE_BELIEF = 0.2
PASS_BELIEF = 0.8
LEAF_TALON = 6  # talon cards at most at a decision whose playouts' endgames are solved
LEAF_CARDS = 8  # cards in both hands at most in an endgame solved in a playout


def solver_class(rules: Rules) -> type[Solver] | None:
    """The exact solver of the rules' variant, None if none models it."""
    for cls in (Solver, ProstoySolver):
        if rules.variant in cls.VARIANTS:
            return cls
    return None


def _new_solver(v: View, max_nodes: int) -> Solver:
    cls = solver_class(v.rules)
    assert cls is not None, "only asked where endgame_applies"
    return cls(v.rules, v.trump, max_nodes, v.hand_size)


class ExpertAgent(SearchAgent):
    level = "expert"
    paired = True
    halve_at = 0.4
    switch_z = SWITCH_Z
    step = staticmethod(apply_listed)
    act = staticmethod(prostoy_action)  # Prostoy played as normal plays it
    # stop early once the choice is settled, think on (up to a cap) while it is not;
    # None: the plain budget
    plan: budget.Plan | None = budget.Plan()
    read_habits = True  # play out an opponent seen to play its cheapest cards as such
    # two-player throw-in games: the tree search (ismcts.py) instead of the flat one;
    # off: over 1,000 paired deals against hard it scored 0.632 to the flat search's 0.629
    tree = False
    # three or more players: the tree search instead of hard's (multi_search.py); against
    # three hard the fool in 44 of 280 games where hard's search was in 62 (README)
    tree_many = True
    # two-player throw-in games with a short talon: playouts' small endgames solved
    # (solved_playout.py); off: on 400 paired deals against hard it scored 0.656 to
    # the flat search's 0.658
    solve_leaves = False
    # lost or drawn two-player endgames: first the moves a strict cheapest-first player
    # loses to, where there are any (swindle.py), against an opponent never seen to
    # play above its cheapest card this game. In the endgames expert reached lost it
    # scored 0.646 to the search alone's 0.569 against easy (256 positions), 0.075 to
    # 0.083 against hard (87, the gate keeping the cost to about 0.2 points a game); in
    # whole games 0.933 against easy over 2,000 fresh games and 0.933 against greedy
    # over 1,000 (README, issue 18's notebook)
    swindles = True

    # two-player throw-in games with two talon cards left: only the moves best summed
    # over the deals the face-down card makes, where the solver gets through them
    # (talon_exact.py). Where it narrowed the moves within 30,000 nodes (a game in 16)
    # it scored 0.778 to the search alone's 0.712 against hard (143 positions, +0.066,
    # standard error 0.022), about +0.004 a game; against easy level (+0.003, 0.015, 79
    # positions). README
    talon_exact = True
    talon_exact_nodes = TALON_EXACT_NODES  # the solver's budget for it

    def __init__(self, seat: int, seed: int, think_ms: int, iterations: int | None = None):
        super().__init__(seat, seed, think_ms, iterations)
        self._notes: list[Note] = []  # my notes of takes and passes, each with its belief
        self._habit = CheapestFirst()  # the other seat's cheapest-first play, checked
        self._cheap_seat = -1  # the seat the playouts play as a cheapest-first player
        self._last = (-1, -1)
        self._take_seen = (-1, -1)  # (defender, bout) of the last take noted
        self._defending: View | None = None  # my last view as the defender (2 players)
        self._attacking: View | None = None  # my last view as the attacker (2 players)
        self._inference = prostoy_infer.Inference()  # two-player Prostoy's weighted notes
        self._rule_notes = podkidnoy_infer.Inference()  # two-player throw-in games' weighted notes
        self._first = FirstLead()  # what the deal's first attack says (first_lead.py)
        self._solvers = KeptSolver(partial(_new_solver, max_nodes=SOLVER_MAX_NODES))
        self._hard = prostoy_search.HardSearch(seat, seed + 1, think_ms, iterations)
        self._multi = DrivenSearch(seat, seed + 2, think_ms, iterations)
        self._tree = TreeSearch()
        self._tree_many = ManyTreeSearch()
        self._leaves: Solver | None = None  # the solver of this decision's playouts' endgames

    def choose(self, v: View, legal: list[Action]) -> Action:
        self.observe(v)
        if len(legal) == 1:
            return legal[0]
        two_prostoy = prostoy_search.applies(v)  # hard's search, leads too (prostoy_search.py)
        if endgame_applies(v):
            try:
                value, best = solved_actions(v, legal, self.seat, self._solvers.get(v))
            except NodeLimit:  # too big to solve: the search decides among all
                value, best = None, legal
            if value == WIN or len(best) == 1:
                return best[0]
            # drawn or lost against perfect play: among the actions that keep the
            # exact value, those a cheapest-first player is likeliest to lose to where
            # ``swindles`` is on (swindle.py), and among them the search's choice
            legal = self._swindle(v, best) if value is not None else best
            if len(legal) == 1:
                return legal[0]
        elif leads_by_rule(v) and not two_prostoy:
            return normal_choice(v, legal, self.rng)  # the playouts misjudge such leads
        if two_prostoy:
            return self._hard.decide(v, legal, self, weights=self._inference.weights(v))
        if many_players(v):  # 3+ players: hard's search or the tree (multi_search.py)
            return self._many(v, legal)
        start = self.clock()
        legal = self._talon_exact(v, legal)
        if len(legal) == 1:
            return legal[0]
        spent_ms = int((self.clock() - start) * 1000)
        avoid, weights = self.sampling_prior(v)
        self._leaves = self._leaf_solver(v)
        if self.tree and v.n == 2:
            chosen = self._tree.decide(v, legal, self, avoid, weights, *self._tree_policy())
            if chosen is not None:
                return chosen
        budget = self.think_ms
        self.think_ms = max(budget - spent_ms, budget // 4)
        try:  # the solving's time comes out of the search's
            return self.search(v, legal, avoid=avoid, weights=weights)
        finally:
            self.think_ms = budget

    def _talon_exact(self, v: View, legal: list[Action]) -> list[Action]:
        """With two talon cards left, the moves of ``legal`` best summed over the deals
        the face-down card makes, where the solver gets through them within
        ``talon_exact_nodes`` (talon_exact.py); else ``legal``."""
        opp = talon_exact_applies(v) if self.talon_exact else None
        if opp is None:
            return legal
        solver = self._solvers.get(v)
        limit, solver.max_nodes, solver.nodes = solver.max_nodes, self.talon_exact_nodes, 0
        try:
            return talon_exact.best_actions(v, legal, opp, solver)
        except NodeLimit:
            return legal
        finally:
            solver.max_nodes = limit

    def _swindle(self, v: View, best: list[Action]) -> list[Action]:
        """The actions of ``best`` (a lost or drawn endgame's) a likely opponent is
        likeliest to misplay against, where ``swindles`` is on, in two-player games
        (the only ones it was measured in) of the throw-in games' solver, against an
        opponent never seen to play above its cheapest card this game (swindle.py's
        model): one seen to do so is not trapped on a guess it will not."""
        if not self.swindles or v.n != 2 or not self._habit.unbroken():
            return best
        solver = self._solvers.get(v)
        if type(solver) is not Solver:
            return best
        return swindle.likeliest(endgame_root(v, self.seat), self.seat, best, solver)

    def _many(self, v: View, legal: list[Action]) -> Action:
        """Three or more players: on deals drawn with my notes of what opponents
        lack, the tree where switched on and modelled, else hard's search."""
        avoid, weights = self.sampling_prior(v)
        if self.tree_many:
            chosen = self._tree_many.decide(v, legal, self, avoid, weights, *self._tree_policy())
            if chosen is not None:
                return chosen
        return self._multi.decide(v, legal, self, avoid, weights)

    def _leaf_solver(self, v: View) -> Solver | None:
        """The solver of the playouts' endgames where they are solved: two players,
        the talon short, the other seat not read as a cheapest-first player (whose
        endgames are played out as such), rules the solver models."""
        if (not self.solve_leaves or v.n != 2 or v.talon_count > LEAF_TALON
                or self._cheap_seat >= 0 or solver_class(v.rules) is not Solver
                or v.rules.cheating or v.second):
            return None
        return self._solvers.get(v)

    def _tree_policy(self) -> tuple[Playout, Policy]:
        """The tree search's playouts and the move it expands first: normal's, an
        opponent seen to play its cheapest cards played as such."""
        cheap = self._cheap_seat
        if cheap < 0:
            return fast_playout.fast_playout, fast_playout.fast_move
        return partial(cheapest_playout.playout, cheap_seat=cheap), cheapest_playout.policy(cheap)

    def sampling_prior(self, v: View) -> tuple[list[int], list[dict[int, float] | None] | None]:
        """What my search draws deals with at ``v`` (observed): no card avoided
        outright and the deals' weights in the two-player throw-in games
        podkidnoy_infer reads (``_weights``), and with three or more players (my
        notes of takes believed in part, ``weights_of``); elsewhere the cards each
        seat is noted to lack, avoided."""
        if podkidnoy_infer.applies(v):
            return [0] * v.n, self._weights(v)
        if many_players(v):
            weights = weights_of(self._notes, v)
            return [0] * v.n, None if all(w is None for w in weights) else weights
        return self._avoid(v), None

    def _weights(self, v: View) -> list[dict[int, float] | None] | None:
        """podkidnoy_infer's weights where its notes are believed, with my notes of
        takes and passes beside them, believed in part (TAKE_BELIEF, PASS_BELIEF)
        and fading as the seat draws, and what the deal's first attack says
        (first_lead.py); None where nothing is weighed."""
        weights = self._rule_notes.weights(v, self._notes + self._first.notes())
        opp = 1 - v.seat
        weights[opp] = self._first.tilt(v, weights[opp])
        return None if all(w is None for w in weights) else weights

    def _play_out(self, base: State, deal: Fast | None, action: Action, move: int | None,
                  rng: random.Random) -> float:
        """Prostoy's playouts without the engine once ``action`` is played (unless
        ``compact`` is off: bench_search's --engine-playouts); an opponent seen to
        play its cheapest cards is played out as such a player; where this decision
        solves its playouts' endgames (``_leaves``), they stop at a small one."""
        if self._cheap_seat >= 0 and deal is not None and move is not None:
            f = deal.copy()
            fast.apply(f, action.seat, move)
            return cheapest_playout.playout(f, self.seat, rng, self._cheap_seat)
        if self._leaves is not None and deal is not None and move is not None:
            f = deal.copy()
            fast.apply(f, action.seat, move)
            return solved_playout.playout(f, self.seat, rng, self._leaves, LEAF_CARDS)
        if not (self.compact and prostoy_fast.covers(base)):
            return super()._play_out(base, deal, action, move, rng)
        s = base.copy()
        self.step(s, action, True)
        return prostoy_fast.playout(s, self.seat, rng)

    def _enough(self, done: float, deals: int, active: list[int], gain: list[Gain]) -> bool:
        if self.plan is None:
            return super()._enough(done, deals, active, gain)
        return budget.enough(self.plan, done, deals, active, gain)

    def observe(self, v: View) -> None:
        """A defender who takes rather than cover likely lacks cheap beaters of the
        uncovered cards' suits; an attacker who let a bout be beaten off likely
        lacks its ranks. Notes are dropped after a new deal."""
        stamp = progress(v)
        if stamp < self._last:
            self._notes.clear()
            self._habit = CheapestFirst()  # a new game
            self._defending = self._attacking = None
            self._take_seen = (-1, -1)
            self._first.clear()
        self._last = stamp
        self._first.observe(v)
        self._habit.observe(v)
        self._cheap_seat = 1 - v.seat if self.read_habits and self._habit.trusted() else -1
        self._inference.observe(v)
        self._rule_notes.observe(v)
        if prostoy_infer.applies(v):
            return  # Prostoy's notes are prostoy_infer's
        self._note_pass(v)
        self._note_unseen_take(v)
        self._defending = v if v.n == 2 and v.seat == v.defender and v.started else None
        self._attacking = v if v.n == 2 and v.seat == v.attacker else None
        self._note_take(v)

    def _note_take(self, v: View) -> None:
        """The defender took: it likely lacked the same suit's beaters of the cards
        it left uncovered. Read once a take, at my first view of it: cards thrown in
        after it (mine, asked again) were never for it to beat."""
        d = v.defender
        if not v.taking or d == v.seat or self._take_seen == (d, v.bout):
            return
        self._take_seen = (d, v.bout)
        self._add_take(d, uncovered(v.attacks, v.covers), v.talon_count, v.trump)

    def _note_unseen_take(self, v: View) -> None:
        """Two players: the other took in the bout I attacked in at my last view,
        and it ended before this one (I had nothing to throw in, so I was not asked):
        read as a take seen. Most takes end so: two in three in normal's games."""
        prev = self._attacking
        if prev is None or not podkidnoy_infer.applies(v):
            return
        took = podkidnoy_infer.took_unseen(prev, v)
        if took:
            self._add_take(1 - v.seat, took, prev.talon_count, v.trump)

    def _add_take(self, taker: int, open_cards: list[int], talon: int, trump: int) -> None:
        lacked = 0
        for a in open_cards:
            lacked |= beaters_mask(a, trump) & SUIT_MASKS[a // 13]
        if lacked:
            self._notes.append(Note(taker, lacked, talon, TAKE_BELIEF))

    def _note_pass(self, v: View) -> None:
        """Two players: if the bout I last defended was beaten off just as I left
        it (my cover the last card, throw-ins still allowed), the attacker passed:
        it likely lacks the table's ranks (normal throws in every plain card, and
        trumps too once the talon is short)."""
        prev = self._defending
        if prev is None or prev.taking or len(prev.attacks) >= prev.limit:
            return
        table, gone = prev.table_mask, v.discard & ~prev.discard
        if gone & table != table or count(gone) != 2 * len(prev.attacks) or v.attacker != v.seat:
            return  # taken, more thrown in, or passed on: not a pass on this table
        lacked = cards_of_ranks(ranks_in(gone))
        if prev.talon_count > THROW_TRUMPS_TALON:
            lacked &= ~SUIT_MASKS[v.trump]
        self._notes.append(Note(1 - v.seat, lacked, prev.talon_count, PASS_BELIEF))

    def _avoid(self, v: View) -> list[int]:
        avoid = [0] * v.n
        for n in self._notes:
            if n.talon - v.talon_count < FORGET_AFTER_DRAWN:
                avoid[n.seat] |= n.cards & ~v.known[n.seat]
        return avoid


def endgame_applies(v: View) -> bool:
    """Talon empty or only the face-up trump left (no exchange possible, no face-down
    second trump under it), the throw-in variants the solver models, exactly
    two seats with cards (me one of them, not partners), every card placed, and
    small enough for the solver."""
    if v.talon_count > 1:
        return False
    opp = _solvable_opponent(v)
    if opp is None:
        return False
    if v.talon_count and _exchange_possible(v, opp):
        return False
    return sum(v.hand_counts) <= SOLVER_MAX_CARDS


def talon_exact_applies(v: View) -> int | None:
    """The opponent where a talon of two is solved deal by deal (talon_exact.py):
    as ``endgame_applies``, with one unseen card on the face-up trump; else None."""
    opp = _solvable_opponent(v)
    if opp is None or solver_class(v.rules) is not Solver or not talon_exact.applies(v):
        return None
    if _exchange_possible(v, opp):
        return None
    return opp if sum(v.hand_counts) + v.talon_count <= SOLVER_MAX_CARDS else None


def _solvable_opponent(v: View) -> int | None:
    """The other seat where the throw-in solver models the game (no face-down second
    trump to come, no cheating), exactly two seats not partners hold cards, me one of
    them, and every card I have not seen is the other's or under the face-up trump
    (none out of play); else None."""
    if v.result is not None or v.second or solver_class(v.rules) is None or v.rules.cheating:
        return None  # a trump still to change, or rules the solver does not model
    holders = _involved(v)
    if len(holders) != 2 or v.seat not in holders:
        return None
    opp = _opponent(holders, v.seat)
    teams = v.rules.teams
    if teams is not None and any(v.seat in t and opp in t for t in teams):
        return None
    face_down = v.talon_count - (v.trump_card is not None)
    if count(v.unseen | v.known[opp]) != v.hand_counts[opp] + face_down:
        return None  # cards out of play: not perfect information
    return opp


def _exchange_possible(v: View, opp: int) -> bool:
    """Could either seat still swap the lowest trump for the face-up one? (The
    solver does not play exchanges.)"""
    if not v.rules.trump_exchange:
        return False
    low = 1 << lowest_trump_card(v.rules.deck, v.trump)
    return v.may_exchange and bool(v.hand & low) or bool((v.unseen | v.known[opp]) & low)


def _involved(v: View) -> list[int]:
    """Seats holding cards, plus the bout's attacker and defender (an attacker who
    just played its last card is out but its cards are still on the table)."""
    seats = {p for p in range(v.n) if v.hand_counts[p]}
    if v.started:
        seats |= {v.attacker, v.defender}
    return sorted(seats)


def _opponent(holders: list[int], me: int) -> int:
    """The other of the two seats in the endgame."""
    return holders[0] if holders[1] == me else holders[1]


def solve_action(v: View, legal: list[Action], me: int,
                 max_nodes: int = SOLVER_MAX_NODES) -> Action:
    """The action with the best exact value (first such in ``legal``)."""
    solver = _new_solver(v, max_nodes)
    return solved_actions(v, legal, me, solver)[1][0]


def endgame_root(v: View, me: int) -> State:
    """The endgame of ``v`` (``endgame_applies``) with every card placed: my hand,
    the other's (every card I have not seen), the face-up trump as the talon."""
    return placed_state(v, me, _opponent(_involved(v), me))


def solved_actions(v: View, legal: list[Action], me: int,
                   solver: Solver) -> tuple[int, list[Action]]:
    """The best exact value against perfect play and the actions of ``legal`` that
    reach it, in order: only the first when it wins, every one for a draw or a
    loss. Raises NodeLimit beyond the solver's node limit."""
    root = endgame_root(v, me)
    solver.nodes = 0
    place = prostoy_position if isinstance(solver, ProstoySolver) else position
    children = [place(apply(root, a)[0], me) for a in legal]
    for a, child in zip(legal, children, strict=True):
        if solver.at_least(child, WIN):
            return WIN, [a]
    drawing = [a for a, child in zip(legal, children, strict=True)
               if solver.at_least(child, DRAW)]
    return (DRAW, drawing) if drawing else (LOSS, list(legal))


def expert_of(agent: object) -> ExpertAgent:
    """The expert inside ``make_agent``'s wrappers (the cheating mode's, no repeats)."""
    inner = agent
    while not isinstance(inner, ExpertAgent):
        inner = inner.agent  # type: ignore[attr-defined]
    return inner
