"""With three or more players and its tree switched off (``tree_many``; where the
compact position does not model the game) expert searches as hard does
(multi_search.py): every candidate played out on every deal up to the whole
budget, no early stop, no halving, in the throw-in games; with two, and in
Prostoy, it keeps its own search. The tree: test_ai_ismcts_many.py."""

from __future__ import annotations

import random

import pytest

from game.ai.agents import NormalAgent
from game.ai.expert import ExpertAgent
from game.ai.search import MAX_CANDIDATES
from game.engine import Rules, new_game
from game.engine.actions import Action
from game.engine.view import View
from game.session.loop import play_game

DEALS = 30


class Counted:
    """Expert, with the playouts of each of its searches recorded against the
    number of candidates it had."""

    def __init__(self, expert: ExpertAgent) -> None:
        self.expert = expert
        self.searches: list[tuple[int, int]] = []  # (playouts, candidates)

    def choose(self, v: View, legal: list[Action]) -> Action:
        before = self.expert.playouts
        chosen = self.expert.choose(v, legal)
        done = self.expert.playouts - before
        if done:  # a search (not a forced move, a rule or the exact solver)
            self.searches.append((done, min(len(legal), MAX_CANDIDATES)))
        return chosen


def _searches(players: int, seed: int, rules: Rules | None = None) -> list[tuple[int, int]]:
    s, _ = new_game(rules or Rules(), players, random.Random(seed))
    expert = Counted(ExpertAgent(0, seed, 50, iterations=DEALS))
    play_game(s, [expert, *(NormalAgent(p, seed + p) for p in range(1, players))])
    assert s.result is not None
    return expert.searches


@pytest.mark.parametrize("players", [3, 4])
def test_with_three_or_more_players_every_search_plays_the_whole_budget(players, monkeypatch):
    monkeypatch.setattr(ExpertAgent, "tree_many", False)
    searches = [x for seed in (1, 2) for x in _searches(players, seed)]
    assert len(searches) >= 10
    assert all(done == DEALS * cands for done, cands in searches)


@pytest.mark.parametrize(("mapping", "players"), [({}, 2), ({"variant": "prostoy"}, 3)])
def test_with_two_players_or_in_prostoy_expert_keeps_its_own_search(mapping, players):
    rules = Rules.from_mapping(mapping)
    searches = [x for seed in (1, 2) for x in _searches(players, seed, rules)]
    assert any(done != DEALS * cands for done, cands in searches)
