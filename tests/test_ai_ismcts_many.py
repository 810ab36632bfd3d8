"""Expert's tree search with three or more players (ExpertAgent.tree_many): each
node credited with its own mover's outcome, playouts that yield every seat's,
the switch, legal and reproducible choices, and decisions made on the view alone."""

from __future__ import annotations

import random

import pytest

from game.ai import fast
from game.ai.bench_agree import positions
from game.ai.expert import ExpertAgent
from game.ai.fast import DRAW, RUNNING, from_state
from game.ai.fast_playout import NO_SEAT, fast_move, fast_playout, outcome
from game.ai.ismcts import Node, Tree, TreeSearch
from game.ai.search import DrivenSearch, compact_move
from game.engine import Rules, new_game
from game.engine.legal import legal_actions, next_actor
from game.engine.view import view

from .ai_helpers import RULES
from .test_ai import reshuffle_hidden


@pytest.fixture
def tree_many_on(monkeypatch):
    monkeypatch.setattr(ExpertAgent, "tree_many", True)


def test_a_playout_for_no_seat_yields_every_seats_outcome():
    """Played to the result: the fool's outcome 0, every other seat's 1 (a draw:
    1/2 each); a seat's own playout may stop once it is out, not the fool."""
    rng = random.Random(4)
    for players in (3, 4, 6):
        for _ in range(10):
            s, _ = new_game(Rules(), players, rng)
            f = from_state(s)
            assert f is not None
            mine = f.copy()
            fast_playout(f, NO_SEAT, rng)
            assert f.result != RUNNING
            won = [outcome(f, p) for p in range(players)]
            if f.result == DRAW:
                assert won == [0.5] * players
            else:
                assert won.count(0.0) == 1 and won[f.result] == 0.0 and sum(won) == players - 1
            if fast_playout(mine, 0, rng) == 1.0 and mine.result == RUNNING:
                assert mine.out & 1  # stopped early: seat 0 out while others play on


def _nodes(node: Node) -> list[Node]:
    out = []
    for child in node.kids.values():
        out += [child, *_nodes(child)]
    return out


@pytest.mark.parametrize("observers", [1, 2])
@pytest.mark.parametrize("fool", [0, 1, 2, DRAW])
def test_each_node_is_credited_with_its_movers_outcome(observers, fool):
    """A playout that always ends with ``fool`` the fool: every node of the fool's
    credited 0, every other seat's 1 (a draw: 1/2), in every seat's tree."""
    s = positions(RULES, 1, 3, n=3)[0]
    seat = next_actor(s)
    f = from_state(s)
    assert f is not None and seat is not None
    moves = [m for m in (compact_move(a) for a in legal_actions(s, seat)) if m is not None]

    def fixed(g: fast.Fast, seat: int, rng: random.Random) -> float:
        g.result = fool
        return outcome(g, seat)

    tree = Tree(seat, f.hands[seat], moves, observers=observers, players=3)
    rng = random.Random(1)
    for _ in range(80):
        tree.iterate(f.copy(), rng, fixed, fast_move)
    nodes = [n for root in tree.trees if root is not None for n in _nodes(root)]
    assert len({n.seat for n in nodes}) == 3  # every seat moved in the tree
    for n in nodes:
        assert n.w == n.n * (0.5 if fool == DRAW else float(n.seat != fool))


def test_with_several_observers_every_seat_has_a_tree_of_its_own():
    s = positions(RULES, 1, 3, n=4)[0]
    seat = next_actor(s)
    f = from_state(s)
    assert f is not None and seat is not None
    moves = [m for m in (compact_move(a) for a in legal_actions(s, seat)) if m is not None]
    for observers, own in ((2, 4), (1, 1)):
        tree = Tree(seat, f.hands[seat], moves, observers=observers, players=4)
        assert sum(root is not None for root in tree.trees) == own
        assert tree.trees[seat] is tree.root


def _four_player_spot(seed: int = 8):
    s = positions(RULES, 1, seed, n=4)[0]
    seat = next_actor(s)
    assert seat is not None
    return view(s, seat), legal_actions(s, seat), seat


def test_switched_off_three_or_more_players_search_as_hard_does(monkeypatch):
    """Off (the two-player tree on or not): hard's search decides, the tree never."""
    def refuse(*args, **kwargs):
        raise AssertionError("the tree searched with tree_many off")

    driven = []
    plain = DrivenSearch.decide

    def spy(self, *args, **kwargs):
        driven.append(1)
        return plain(self, *args, **kwargs)

    monkeypatch.setattr(TreeSearch, "decide", refuse)
    monkeypatch.setattr(DrivenSearch, "decide", spy)
    monkeypatch.setattr(ExpertAgent, "tree_many", False)
    monkeypatch.setattr(ExpertAgent, "tree", True)
    v, legal, seat = _four_player_spot()
    assert ExpertAgent(seat, 3, think_ms=5, iterations=5).choose(v, legal) in legal
    assert driven == [1]


def test_switched_on_the_tree_decides(tree_many_on, monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("hard's search ran with tree_many on")

    monkeypatch.setattr(DrivenSearch, "decide", refuse)
    v, legal, seat = _four_player_spot()
    agent = ExpertAgent(seat, 3, think_ms=5, iterations=60)
    assert agent.choose(v, legal) in legal
    tree = agent._tree_many.last
    assert tree is not None and tree.iterations == 60 and len(tree.trees) == 4
    assert agent.playouts == 60 and agent.searches == 1


def test_where_the_compact_position_does_not_model_it_hard_searches(tree_many_on, monkeypatch):
    """Teams of two: the tree answers None and hard's search decides."""
    driven = []
    monkeypatch.setattr(DrivenSearch, "decide", lambda self, v, legal, owner, avoid=None,
                        weights=None: driven.append(1) or legal[0])
    rules = Rules(teams=[[0, 2], [1, 3]])
    s = positions(rules, 1, 4, n=4)[0]
    seat = next_actor(s)
    legal = legal_actions(s, seat)
    assert ExpertAgent(seat, 1, think_ms=5, iterations=5).choose(view(s, seat), legal) in legal
    assert driven == [1]


@pytest.mark.parametrize("rules", [RULES, Rules(variant="perevodnoy"),
                                   Rules(trump_exchange=True, attack_limit=None)])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_only_legal_actions_come_back(tree_many_on, rules, players):
    for i, s in enumerate(positions(rules, 5, 5, n=players)):
        seat = next_actor(s)
        legal = legal_actions(s, seat)
        agent = ExpertAgent(seat, i, think_ms=5, iterations=30)
        assert agent.choose(view(s, seat), legal) in legal


def test_the_same_seed_makes_the_same_tree(tree_many_on):
    v, legal, seat = _four_player_spot(9)
    runs = []
    for _ in range(2):
        agent = ExpertAgent(seat, 3, think_ms=5, iterations=150)
        chosen = agent.choose(v, legal)
        tree = agent._tree_many.last
        assert tree is not None
        runs.append((chosen, tree.stats(), tree.depth))
    assert runs[0] == runs[1]
    assert sum(n for n, _ in runs[0][1]) == 150


@pytest.mark.parametrize("variant", ["podkidnoy", "perevodnoy"])
def test_the_tree_decides_on_what_the_seat_can_see(tree_many_on, variant):
    """The hidden cards shuffled consistently with expert's view: the same choice."""
    rules = Rules.from_mapping({"variant": variant})
    rng, searched = random.Random(variant), 0
    for players in (3, 4):
        for i, s in enumerate(positions(rules, 4, 6, n=players)):
            seat = next_actor(s)
            other = reshuffle_hidden(s, seat, rng)
            assert view(other, seat) == view(s, seat)
            a = ExpertAgent(seat, i, think_ms=5, iterations=40)
            b = ExpertAgent(seat, i, think_ms=5, iterations=40)
            assert (a.choose(view(s, seat), legal_actions(s, seat))
                    == b.choose(view(other, seat), legal_actions(other, seat)))
            searched += a._tree_many.last is not None
    assert searched >= 4  # the tree decided (not a rule, a forced move or one candidate)
