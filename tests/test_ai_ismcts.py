"""Expert's tree search (ismcts.py): legal, reproducible, finds a winning move,
counts a reply only in the deals where it is legal, and leaves the games the
compact position does not model to the flat search."""

from __future__ import annotations

import random

import pytest

from game.ai import fast
from game.ai.bench_agree import positions
from game.ai.expert import ExpertAgent
from game.ai.fast import from_state
from game.ai.fast_playout import fast_move, fast_playout
from game.ai.heuristics import normal_choice
from game.ai.ismcts import Tree, TreeSearch
from game.ai.sampling import determinize
from game.ai.search import compact_move
from game.engine import Rules, from_deal, new_game
from game.engine.actions import Attack
from game.engine.cards import deck_cards, mask_of, parse_card
from game.engine.legal import legal_actions, next_actor
from game.engine.state import State
from game.engine.view import view

from .ai_helpers import HEARTS, RULES, cards, table


@pytest.fixture
def tree_on(monkeypatch):
    monkeypatch.setattr(ExpertAgent, "tree", True)


@pytest.mark.parametrize("rules", [RULES, Rules(variant="perevodnoy"),
                                   Rules(trump_exchange=True, attack_limit=None)])
def test_only_legal_actions_come_back(tree_on, rules):
    for i, s in enumerate(positions(rules, 12, 5)):
        seat = next_actor(s)
        legal = legal_actions(s, seat)
        agent = ExpertAgent(seat, i, think_ms=5, iterations=40)
        assert agent.choose(view(s, seat), legal) in legal


def test_the_same_seed_makes_the_same_tree(tree_on):
    s = positions(RULES, 1, 8)[0]
    seat = next_actor(s)
    v, legal = view(s, seat), legal_actions(s, seat)
    runs = []
    for _ in range(2):
        agent = ExpertAgent(seat, 3, think_ms=5, iterations=200)
        chosen = agent.choose(v, legal)
        tree = agent._tree.last
        assert tree is not None and tree.iterations == 200
        runs.append((chosen, tree.stats(), tree.depth, agent.playouts))
    assert runs[0] == runs[1]
    assert runs[0][3] == 200  # the playouts are counted in the agent's figures


def test_a_reply_is_counted_only_in_the_deals_where_it_is_legal():
    """I lead the 7S: where the other holds the 9S it may cover, where it does
    not, the cover is neither chosen nor made available."""
    can_cover = from_state(table("7S 8C", "9S 10D", 0))
    cannot = from_state(table("7S 8C", "JD 10D", 0))
    assert can_cover is not None and cannot is not None
    lead = compact_move(Attack(0, (parse_card("7S"),)))
    assert lead is not None
    tree = Tree(0, can_cover.hands[0], [lead])
    rng = random.Random(1)
    for _ in range(20):
        tree.iterate(can_cover.copy(), rng, fast_playout, fast_move)
    replies = tree.root.kids[next(iter(tree.root.kids))].kids
    cover = compact_move_of(can_cover, "9S")
    covered = [n for k, n in replies.items() if k >> 3 & (1 << 61) - 1 == cover]
    assert len(covered) == 1 and covered[0].n > 0
    before = covered[0].n, covered[0].avail
    take = [n for k, n in replies.items() if k >> 3 & (1 << 61) - 1 == fast.TAKE]
    take_before = take[0].avail if take else 0
    for _ in range(20):
        tree.iterate(cannot.copy(), rng, fast_playout, fast_move)
    assert (covered[0].n, covered[0].avail) == before
    take = [n for k, n in replies.items() if k >> 3 & (1 << 61) - 1 == fast.TAKE]
    assert take[0].avail >= take_before + 20  # the take was the only reply, every time


def compact_move_of(f: fast.Fast, cover: str) -> int:
    """The move covering the (only) attack card on ``f`` after the 7S lead with ``cover``."""
    g = f.copy()
    fast.apply(g, 0, compact_move(Attack(0, (parse_card("7S"),))) or 0)
    moves = [m for m in fast.legal(g, 1) if m >> 9 == parse_card(cover)]
    assert len(moves) == 1
    return moves[0]


def test_falls_back_where_the_compact_position_does_not_model_the_game(tree_on):
    """Severnyi with the face-down trump still in the talon, and cheating mode:
    the tree answers None and expert searches as before."""
    searched = []

    def record(self, v, legal, avoid, weights=None):
        searched.append(v)
        return legal[0]

    for rules in (Rules(second_trump=True), Rules(cheating=True)):
        s, _ = new_game(rules, 2, random.Random(2))
        seat = next_actor(s)
        v, legal = view(s, seat), legal_actions(s, seat)
        agent = ExpertAgent(seat, 1, think_ms=5, iterations=5)
        assert TreeSearch().decide(v, legal, agent, None, None) is None
        with pytest.MonkeyPatch.context() as m:
            m.setattr(ExpertAgent, "search", record)
            before = len(searched)
            ExpertAgent(seat, 1, think_ms=5, iterations=5).choose(v, legal)
        assert len(searched) == before + 1


def test_the_switch_off_leaves_the_tree_alone(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the tree searched with the switch off")

    monkeypatch.setattr(TreeSearch, "decide", refuse)
    monkeypatch.setattr(ExpertAgent, "tree", False)
    s = positions(RULES, 1, 8)[0]
    seat = next_actor(s)
    legal = legal_actions(s, seat)
    assert ExpertAgent(seat, 3, think_ms=5, iterations=5).choose(view(s, seat), legal) in legal


def spot(mine: str, theirs: str, hidden: str) -> State:
    """Everything else discarded; the talon ``hidden`` (face down) over the face-up 6H."""
    m, t, h = cards(mine), cards(theirs), cards(hidden)
    s, _ = from_deal(RULES, [m, t], h + cards("6H"), HEARTS, 0)
    used = set(m + t + h + cards("6H"))
    rest = [c for c in deck_cards(36) if c not in used]
    s.discard, s.discard_count = mask_of(rest), len(rest)
    return s


def test_the_budget_runs_on_the_agents_clock(tree_on):
    """A clock that jumps a second a reading ends the search after one iteration,
    however fast the machine (the arena's --cpu-clock)."""
    s = positions(RULES, 1, 8)[0]
    seat = next_actor(s)
    v, legal = view(s, seat), legal_actions(s, seat)
    ticks = iter(range(10**6))
    agent = ExpertAgent(seat, 3, think_ms=150)
    agent.clock = lambda: float(next(ticks))
    agent.choose(v, legal)
    assert agent._tree.last is not None and agent._tree.last.iterations == 1


def test_a_move_winning_in_every_deal_is_found(tree_on):
    """Hearts trumps, the AS face down over the face-up 6H. Leading
    the JC wins whichever of the four unseen cards lies in the talon (the exact
    search of every deal says so; the QC wins in three); the club player's 6D wins
    in half of them. (2,000 iterations: at 1,000 one seed of 12 took the QC once
    playouts scored a two-player draw as a draw.)"""
    s = spot("6D QC JC", "JH 9D 10C", "AS")
    v, legal = view(s, 0), legal_actions(s, 0)
    jc = Attack(0, (parse_card("JC"),))
    assert normal_choice(v, legal, random.Random(0)) != jc
    for seed in range(4):
        assert ExpertAgent(0, seed, think_ms=5, iterations=2000).choose(v, legal) == jc


def grow(tree: Tree, deals: list[fast.Fast | None], iterations: int, seed: int) -> None:
    """``iterations`` iterations of ``tree``, on the ``deals`` in turn."""
    rng = random.Random(seed)
    for i in range(iterations):
        deal = deals[i % len(deals)]
        assert deal is not None
        tree.iterate(deal.copy(), rng, fast_playout, fast_move)


def test_with_two_observers_the_other_chooses_on_the_hand_it_holds():
    """The same lead met by two hands of the other seat: one node of mine (I cannot
    tell the deals apart), two of its own (it can)."""
    deals = [from_state(table("7S 8C", theirs, 0)) for theirs in ("9S 10D", "JD 10D")]
    lead = compact_move(Attack(0, (parse_card("7S"),)))
    assert lead is not None
    for observers, theirs_nodes in ((2, 2), (1, 0)):
        tree = Tree(0, mask_of(cards("7S 8C")), [lead], observers=observers)
        grow(tree, deals, 10, seed=1)
        assert len(tree.root.kids) == 1
        theirs = tree.trees[1]
        assert len(theirs.kids if theirs else {}) == theirs_nodes


def test_widening_tries_another_move_only_after_enough_visits():
    s, _ = new_game(RULES, 2, random.Random(6))
    seat = next_actor(s)
    f = from_state(s)
    assert f is not None and seat is not None
    moves = [m for m in (compact_move(a) for a in legal_actions(s, seat)) if m is not None]
    assert len(moves) >= 6
    for widen, tried in ((2.0, 3), (0.0, 5)):
        tree = Tree(seat, f.hands[seat], moves, widen=widen)
        rng = random.Random(2)
        for _ in range(5):
            tree.iterate(f.copy(), rng, fast_playout, fast_move)
        assert len(tree.root.kids) == tried  # 2.0: a second move at 2 visits, a third at 4


def test_the_search_benchmark_counts_the_trees_iterations():
    """bench_search --tree: one playout an iteration, every search a tree's; --flat:
    each of at least two candidates played out on every deal."""
    from game.ai.bench_search import run as run_search

    for tree in (True, False):
        report = run_search("expert", games=1, players=2, think_ms=5, seed=3, compact=True,
                            rules_pairs=["attack_limit=null", "trump_exchange=false"],
                            iterations=20, tree=tree)
        assert report["tree"] is tree and report["searches"] >= 1
        if tree:
            assert report["playouts"] == 20 * report["searches"]
        else:
            assert report["playouts"] >= 2 * 20 * report["searches"]


def _hands_keyed(node, seat: int, depth: int = 0) -> set[int]:
    """The hands in the keys of ``seat``'s moves below the root's own."""
    out = set()
    for key, child in node.kids.items():
        if child.seat == seat and depth:
            out.add(key >> 64)
        out |= _hands_keyed(child, seat, depth + 1)
    return out


def test_by_hand_keys_my_later_moves_by_the_cards_i_drew():
    """I lead the 6D and draw the one face-down card after the bout: the AS in one
    deal, the 9D in the other. Keyed by hand, my next moves are told apart by it;
    by the moves alone (the measured play), they are one information set."""
    deals = [from_state(spot("6D QC", theirs, hidden)) for theirs, hidden in
             (("JH 9D", "AS"), ("JH AS", "9D"))]
    lead = compact_move(Attack(0, (parse_card("6D"),)))
    assert lead is not None
    for by_hand in (True, False):
        tree = Tree(0, mask_of(cards("6D QC")), [lead], by_hand=by_hand)
        grow(tree, deals, 200, seed=3)
        hands = _hands_keyed(tree.root, 0)
        if by_hand:
            drawn = {h & mask_of(cards("AS 9D")) for h in hands}
            assert mask_of(cards("AS")) in drawn and mask_of(cards("9D")) in drawn
        else:
            assert hands == {0}


class _Walks(Tree):
    """A tree recording each iteration's walk: (whose tree chose, a node added)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.walks: list[list[tuple[bool, bool]]] = []

    def iterate(self, f, rng, playout, policy) -> int:
        self.walks.append([])
        return super().iterate(f, rng, playout, policy)

    def _select(self, node, f, actor, observer, moves, rng, policy):
        move, child, added = super()._select(node, f, actor, observer, moves, rng, policy)
        self.walks[-1].append((observer == self.seat, added))
        return move, child, added


@pytest.mark.parametrize("deep", [False, True])
def test_deep_walks_on_past_a_node_added_in_the_others_tree(deep):
    """Deals with the other hand sampled: its nodes are new at nearly every walk.
    Plain, the walk ends at the first node added in any tree; deep, only at one
    added in mine, and it goes past the other's new nodes."""
    s = positions(RULES, 1, 12)[0]
    seat = next_actor(s)
    assert seat is not None
    v, rng = view(s, seat), random.Random(3)
    moves = [m for m in (compact_move(a) for a in legal_actions(s, seat)) if m is not None]
    tree = _Walks(seat, v.hand, moves, observers=2, widen=2.0, deep=deep)
    for _ in range(150):
        deal = from_state(determinize(v, rng))
        assert deal is not None
        tree.iterate(deal, rng, fast_playout, fast_move)
    past_theirs = 0
    for walk in tree.walks:
        for mine, added in walk[:-1]:  # every choice but the walk's last
            assert not (added and (mine or not deep))
            past_theirs += added and not mine
    assert (past_theirs > 0) == deep
