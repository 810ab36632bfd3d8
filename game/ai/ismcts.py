"""Information-set Monte Carlo tree search for expert's throw-in games, on the
compact position of fast.py (two players: ``ExpertAgent.tree``; three or more:
``tree_many``, multi_search.py's knobs).

Flat determinized search (search.py) plays every candidate out with a fixed
policy on each sampled deal: the other seat never chooses its reply, and each
deal is judged as if its cards could be seen. Here a tree is grown over many
sampled deals instead. Each iteration samples a deal as expert's search does,
walks down from the root choosing by UCB1 among the moves legal *in this deal*,
adds one node, plays out to the end, and credits each node's mover with its own
outcome (1 not the fool, 0 the fool, 1/2 a draw). A child's exploration term
counts the iterations in which it was legal (its availability) instead of its
parent's visits, so a reply open only in some deals is neither chosen nor
counted in the others.

Every move of the game is public; what a seat knows besides is its own hand (the
cards it drew). So a node's children are keyed by the move, the seat making it
and the hand of the tree's observer: my later moves are not fused across deals
in which I drew differently (``by_hand``, see TreeSearch). With several
observers every other seat chooses its moves in a tree of its own, keyed by its
hand, rather than in mine as if it did not know its cards; progressive widening
then lets a thinly visited node of it play the playout policy's move instead of
untried ones.

The root's children are the search's candidates (the club player's move first);
the choice is the most visited, the club player's move kept unless another
also scores ``margin`` better on average.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from game.engine.actions import Action
from game.engine.view import View

from .fast import RUNNING, Fast, apply, from_state, legal, next_actor
from .fast_playout import NO_SEAT, fast_move, fast_playout, outcome
from .heuristics import normal_choice
from .playout import MAX_PLAYOUT_MOVES
from .sampling import determinize
from .search import DEFAULT_BONUS, SearchAgent, candidates, compact_move

UCB_C = 0.7  # exploration constant of UCB1 (outcomes lie in [0, 1])
MARGIN = DEFAULT_BONUS  # mean gain another root move needs over the club player's
MIN_SHARE = 0.25  # of the budget, spent before the search may stop early

Playout = Callable[[Fast, int, random.Random], float]  # the outcome for the seat
Policy = Callable[[Fast, int, random.Random], int]  # a seat's move


class Node:
    """A move made by ``seat`` and what followed it: ``n`` visits, ``w`` the
    outcomes for ``seat`` summed, ``avail`` the iterations in which it was legal."""

    __slots__ = ("kids", "n", "w", "avail", "seat")

    def __init__(self, seat: int) -> None:
        self.kids: dict[int, Node] = {}
        self.n, self.w, self.avail, self.seat = 0, 0.0, 0, seat


class Tree:
    """One decision's tree for ``seat``, whose moves at the root are ``moves``.

    ``observers`` 1: one tree, keyed by what ``seat`` sees, in which every other
    seat's replies are chosen too (single observer). 2 (or more): every other
    seat chooses in a tree of its own, keyed by the hand it holds, so it is not
    played as if it did not know its cards (multiple observers); its choices
    follow from fewer iterations. A node is credited with its mover's outcome:
    with two seats the other's is mine less, with more each seat's is read from
    the playout played to the result."""

    def __init__(self, seat: int, hand: int, moves: list[int], c: float = UCB_C,
                 observers: int = 1, widen: float = 0.0, by_hand: bool = True,
                 players: int = 2, deep: bool = False) -> None:
        self.seat, self.hand, self.moves, self.c = seat, hand, moves, c
        # the part of an observer's hand its nodes are keyed by: all of it, or
        # none (by_hand off: my later moves fused across the cards I drew)
        self.hand_mask = -1 if by_hand else 0
        # a node with k moves tried tries another once it has had widen * k visits
        # (progressive widening; 0: every move tried first, as plain UCB1)
        self.widen = widen
        # a node added in another seat's own tree (new there, as a hand just dealt
        # makes it) plays the policy's move and the walk goes on: only a node added
        # in mine ends it, so my later moves are in the tree too
        self.deep = deep
        self.root = Node(-1)
        # by seat, the root of its own tree (mine: root), None where it chooses in mine
        self.trees = [self.root if p == seat else Node(-1) if observers > 1 else None
                      for p in range(players)]
        self.iterations = 0
        self.depth = 0  # the deepest path from the root so far (forced moves included)

    def iterate(self, f: Fast, rng: random.Random, playout: Playout, policy: Policy) -> int:
        """One iteration on the sampled deal ``f`` (changed in place); the moves
        made in the tree."""
        me = self.seat
        at = self.trees[:]  # by seat, where its own tree has got to
        path: list[Node] = []
        expanded, moves, steps = False, self.moves, 0
        while (f.result == RUNNING and not f.out >> me & 1 and not expanded
               and steps < MAX_PLAYOUT_MOVES):
            actor = me if at[me] is self.root else next_actor(f)
            if at[me] is not self.root:
                moves = legal(f, actor)
            if not moves:
                break
            chooser = actor if at[actor] is not None else me  # whose tree it chooses in
            node = at[chooser]
            assert node is not None
            move, child, added = self._select(node, f, actor, chooser, moves, rng, policy)
            expanded = added and (chooser == me or not self.deep)
            at[chooser] = child
            path.append(child)
            for p, other in enumerate(at):  # the move made in the other trees too
                if other is not None and p != chooser:
                    at[p] = _follow(other, f, actor, p, move, path, self.hand_mask)
            apply(f, actor, move)
            steps += 1
        won = self._outcomes(f, rng, playout)
        for root in self.trees:
            if root is not None:
                root.n += 1  # (only widening reads a root's visits)
        for n in path:
            n.n += 1
            n.w += won[n.seat]
        self.iterations += 1
        self.depth = max(self.depth, steps)
        return steps

    def _outcomes(self, f: Fast, rng: random.Random, playout: Playout) -> list[float]:
        """The deal ``f`` played out: each seat's outcome. Two seats: the other's is
        mine less (the playout plays on once I am out: the other may draw)."""
        n = len(self.trees)
        if n == 2:
            r = playout(f, self.seat, rng)
            return [r, 1.0 - r] if self.seat == 0 else [1.0 - r, r]
        playout(f, NO_SEAT, rng)
        return [outcome(f, p) for p in range(n)]

    def _select(self, node: Node, f: Fast, actor: int, observer: int, moves: list[int],
                rng: random.Random, policy: Policy) -> tuple[int, Node, bool]:
        """The move ``actor`` makes at ``node`` (of ``observer``'s tree), its child,
        and whether it was added (an expansion; a forced move is walked through)."""
        kids, c = node.kids, self.c
        seen = (f.hands[observer] & self.hand_mask) << 64 | actor  # what it holds
        untried: list[int] = []
        best, best_score, move = None, -1.0, -1
        for m in moves:
            child = kids.get(m << 3 | seen)
            if child is None:
                untried.append(m)
                continue
            child.avail += 1
            score = child.w / child.n + c * math.sqrt(math.log(child.avail) / child.n)
            if score > best_score:
                best, best_score, move = child, score, m
        if not untried or best is not None and node.n < self.widen * (len(moves) - len(untried)):
            assert best is not None
            return move, best, False
        move = policy(f, actor, rng)  # the playout policy's move first
        if move not in untried:
            move = untried[rng.randrange(len(untried))]
        best = kids[move << 3 | seen] = Node(actor)
        best.avail += 1
        return move, best, len(moves) > 1

    def stats(self) -> list[tuple[int, float]]:
        """Visits and mean outcome of each root move, in ``moves``' order."""
        out = []
        for m in self.moves:
            child = self.root.kids.get(m << 3 | (self.hand & self.hand_mask) << 64 | self.seat)
            out.append((child.n, child.w / child.n) if child and child.n else (0, 0.0))
        return out

    def choice(self, margin: float = MARGIN) -> int:
        """The index of the move chosen: the most visited (ties to the earlier),
        unless it is not the club player's move (index 0) and does not score
        ``margin`` better than it."""
        stats = self.stats()
        best = max(range(len(stats)), key=lambda i: (stats[i][0], -i))
        if best and stats[0][0] and stats[best][1] < stats[0][1] + margin:
            return 0
        return best

    def settled(self, left: float) -> bool:
        """Whether ``left`` more iterations could not change the most visited move."""
        visits = sorted((n for n, _ in self.stats()), reverse=True)
        return len(visits) < 2 or visits[0] - visits[1] > left


def _follow(node: Node, f: Fast, actor: int, observer: int, move: int,
            path: list[Node], hand_mask: int) -> Node:
    """The child of ``node`` (in ``observer``'s tree) for a move chosen in
    another tree, added if new; on ``path`` to be credited too."""
    key = move << 3 | (f.hands[observer] & hand_mask) << 64 | actor
    child = node.kids.get(key)
    if child is None:
        child = node.kids[key] = Node(actor)
    child.avail += 1
    path.append(child)
    return child


class TreeSearch:
    """The tree search run for an agent (expert): its rng, clock, budget and
    figures. The class attributes are the knobs (the lead's measurements set them)."""

    c = UCB_C
    margin = MARGIN
    min_share = MIN_SHARE
    # The refinements together scored 0.632 against hard over 1,000 deals on which the
    # flat search scored 0.629, and the single tree (observers 1, widen 0, by_hand
    # off) 0.629 on 500 of them where the flat search scored 0.604 (README, issue 18).
    observers = 2  # 1: every other seat's replies chosen in my tree (see Tree)
    widen = 2.0  # progressive widening (see Tree); 0: every move tried before any twice
    by_hand = True  # a node's children keyed by the observer's hand too (see Tree)
    # only an expansion in my own tree ends a walk (see Tree); off: on 200 paired deals
    # against hard (with ExpertAgent.tree on) 0.618 to the flat search's 0.670
    deep = False

    def __init__(self) -> None:
        self.last: Tree | None = None  # the last decision's tree (for measurements)

    def decide(self, v: View, legal_actions: list[Action], owner: SearchAgent,
               avoid: list[int] | None, weights: list[dict[int, float] | None] | None,
               playout: Playout = fast_playout, policy: Policy = fast_move) -> Action | None:
        """The tree's choice among ``legal_actions``, or None where the compact
        position does not model the game (the caller then searches as before).
        ``playout`` plays a deal out, ``policy`` is the move a node tries first.
        Any number of players: which games it plays is the caller's switch."""
        if any(compact_move(a) is None for a in legal_actions):
            return None
        rng = owner.rng
        first = from_state(determinize(v, rng, avoid, weights))
        if first is None:
            return None
        default = normal_choice(v, legal_actions, rng)
        cands = candidates(v, legal_actions, default)
        if len(cands) == 1:
            return cands[0]
        moves = [compact_move(a) for a in cands]
        tree = self.last = Tree(v.seat, v.hand, [m for m in moves if m is not None],
                                self.c, self.observers, self.widen, self.by_hand, v.n,
                                self.deep)
        start, cpu = owner.clock(), time.process_time()
        deal: Fast | None = first
        while True:
            if deal is None:
                deal = from_state(determinize(v, rng, avoid, weights))
                assert deal is not None, "the compact position covered the first deal"
            tree.iterate(deal, rng, playout, policy)
            deal = None
            if self._enough(tree, owner, start):
                break
        owner.playouts += tree.iterations
        owner.searches += 1
        owner.playout_s += time.process_time() - cpu
        return cands[tree.choice(self.margin)]

    def _enough(self, tree: Tree, owner: SearchAgent, start: float) -> bool:
        """At the owner's iterations (deals), else at its budget, or earlier once
        the most visited move cannot be caught in the time left."""
        done = tree.iterations
        if owner.iterations is not None:
            return done >= owner.iterations
        share = (owner.clock() - start) * 1000 / owner.think_ms
        if share >= 1.0:
            return True
        if share < self.min_share:
            return False
        return tree.settled(done * (1.0 - share) / share)
