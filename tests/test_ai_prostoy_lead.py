"""Expert's Prostoy leads while the talon has cards: hard's search with two players,
normal's rule with more."""

from __future__ import annotations

import random

from game.ai import prostoy_infer
from game.ai.expert import ExpertAgent
from game.ai.heuristics import normal_choice
from game.ai.prostoy_lead import leads_by_rule
from game.ai.prostoy_search import HardSearch
from game.engine import Attack, Rules, apply_in_place, from_deal, legal_actions, view

from .ai_helpers import HEARTS, cards, table

PROSTOY = Rules.from_mapping({"variant": "prostoy"})
MINE, THEIRS = "9D 9S QD QS AC", "7S 10S 8D 6C JH"


def prostoy_deal(talon: str):
    s, _ = from_deal(PROSTOY, [cards(MINE), cards(THEIRS)], cards(talon), HEARTS, 0)
    return s


def test_three_player_expert_leads_as_normal_while_the_talon_has_cards():
    hands = [cards(MINE), cards(THEIRS), cards("6S 7C 8C JD KH")]
    s, _ = from_deal(PROSTOY, hands, cards("6D 7D 10H 9H 8H JS QC KC 9C 10C"), HEARTS, 0)
    v, legal = view(s, 0), legal_actions(s, 0)
    rule = normal_choice(v, legal, random.Random(0))
    for seed in range(3):
        assert ExpertAgent(0, seed, think_ms=5, iterations=100).choose(v, legal) == rule


def test_two_player_expert_searches_its_leads_as_hard_does():
    # normal's rule leads 9S; hard's search prefers another lead here on some seeds
    s = prostoy_deal("6D 7D 10H 9H 8H JS QC KC 9C 10C KS 7H 6H")
    v, legal = view(s, 0), legal_actions(s, 0)
    rule = normal_choice(v, legal, random.Random(0))
    assert rule == Attack(0, tuple(cards("9S")))
    chosen = []
    for seed in range(3):
        expert = ExpertAgent(0, seed, think_ms=5, iterations=100)
        inference = prostoy_infer.Inference()
        inference.observe(v)
        hard = HardSearch(0, seed + 1, think_ms=5, iterations=100)
        searched = hard.decide(v, legal, expert, weights=inference.weights(v))
        chosen.append(expert.choose(v, legal))
        assert chosen[-1] == searched
    assert any(c != rule for c in chosen)


def test_only_prostoy_leads_with_a_talon_go_by_the_rule():
    s = prostoy_deal("6D 7D 10H 9H 8H JS QC KC 9C 10C KS 7H 6H")
    assert leads_by_rule(view(s, 0))
    assert not leads_by_rule(view(s, 1))  # the defender's turn is not a lead
    apply_in_place(s, Attack(0, tuple(cards("9S"))))
    assert not leads_by_rule(view(s, 1))
    assert not leads_by_rule(view(prostoy_deal(""), 0))  # talon gone: solver or search
    assert not leads_by_rule(view(table("9S 8C KD", "7S 10S 7H", talon=20), 0))  # Podkidnoy


def test_two_player_expert_counts_the_work_of_its_prostoy_search():
    s = prostoy_deal("6D 7D 10H 9H 8H JS QC KC 9C 10C KS 7H 6H")
    v, legal = view(s, 0), legal_actions(s, 0)
    expert = ExpertAgent(0, 0, think_ms=5, iterations=10)
    expert.choose(v, legal)
    assert expert.searches == 1 and expert.playouts >= 10  # game.ai.bench_search's figures
