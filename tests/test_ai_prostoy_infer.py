"""What expert infers in two-player Prostoy from how the other played
(game/ai/prostoy_infer.py), and deals sampled with its weights."""

from __future__ import annotations

import random

from game.ai import prostoy_infer
from game.ai.expert import ExpertAgent
from game.ai.prostoy_infer import Inference
from game.ai.sampling import determinize
from game.engine import Attack, Defend, Rules, Take, apply_in_place, from_deal, view
from game.engine.cards import mask_of
from game.engine.legal import legal_actions

from .ai_helpers import HEARTS, cards

PROSTOY = Rules.from_mapping({"variant": "prostoy"})
TALON = "6D 6S 10H 9H 8H JH QC KC 9C 10C"


def deal(mine: str, theirs: str, attacker: int):
    s, _ = from_deal(PROSTOY, [cards(mine), cards(theirs)], cards(TALON), HEARTS, attacker)
    return s


def weighted(inference: Inference, v, seat: int = 1) -> int:
    """The cards with a weight below 1 for ``seat``."""
    table = inference.weights(v)[seat] or {}
    return mask_of(c for c, w in table.items() if w < 1.0)


def test_a_lead_says_the_leader_lacked_cheaper_cards():
    s = deal("7S 7C 9D QH AC", "8S 10S 8D 6C JS", attacker=1)
    inference = Inference()
    apply_in_place(s, Attack(1, tuple(cards("8S"))))  # not its cheapest card, 6C
    v = view(s, 0)
    inference.observe(v)
    low = mask_of(c for c in range(52) if c % 13 < 8 - 2 and c // 13 != HEARTS)  # the 6s, 7s
    assert weighted(inference, v) == low & v.unseen
    assert weighted(inference, v) >> cards("6C")[0] & 1  # hard may lead otherwise: weighted


def test_a_trump_led_says_nothing():
    s = deal("7S 7C 9D QH AC", "8S 10S 8D 7H JS", attacker=1)
    apply_in_place(s, Attack(1, tuple(cards("7H"))))
    inference = Inference()
    inference.observe(view(s, 0))
    assert inference.weights(view(s, 0)) == [None, None]


def test_a_take_says_the_defender_lacked_beaters_of_what_it_picked_up():
    s = deal("7S 7C 9D QH AC", "8S 10S 8D 6C JS", attacker=0)
    inference = Inference()
    inference.observe(view(s, 0))
    apply_in_place(s, Attack(0, tuple(cards("7S 7C 9D"))))
    apply_in_place(s, Defend(1, *cards("7S 8S")))
    apply_in_place(s, Take(1))  # 7C and 9D picked up
    v = view(s, 0)
    inference.observe(v)
    clubs_above_7 = mask_of(cards("8C 9C 10C JC QC KC AC"))
    diamonds_above_9 = mask_of(cards("10D JD QD KD AD"))
    table = inference.weights(v)[1]
    assert table is not None
    above = (clubs_above_7 | diamonds_above_9) & v.unseen
    assert weighted(inference, v) & above == above
    trumps = [c for c in table if c // 13 == HEARTS]
    assert trumps and all(table[c] > table[cards("AD")[0]] for c in trumps)  # believed less


def test_a_cover_says_the_defender_lacked_cheaper_beaters():
    s = deal("7S 8C 9D QH AC", "JS 10S KD 6C JD", attacker=0)
    inference = Inference()
    inference.observe(view(s, 0))
    apply_in_place(s, Attack(0, tuple(cards("7S"))))
    apply_in_place(s, Defend(1, *cards("7S JS")))  # not 10S, the cheaper beater it held
    v = view(s, 0)
    inference.observe(v)
    assert weighted(inference, v) == mask_of(cards("8S 9S 10S")) & v.unseen


def test_no_note_once_the_talon_is_gone_or_without_prostoy():
    s = deal("7S 7C 9D QH AC", "8S 10S 8D 6C JS", attacker=1)
    s.talon = []
    apply_in_place(s, Attack(1, tuple(cards("8S"))))
    inference = Inference()
    inference.observe(view(s, 0))
    assert inference.weights(view(s, 0)) == [None, None]


def test_a_note_weighs_less_as_the_opponent_draws():
    fresh = prostoy_infer._weight(0.3, 0, 10, 0.5)
    later = prostoy_infer._weight(0.3, 2, 8, 0.5)
    assert fresh < later < 1.0
    assert prostoy_infer._weight(0.3, 0, 10, 0.0) == 1.0


def test_sampled_hands_follow_the_weights():
    s = deal("7S 7C 9D QH AC", "8S 10S 8D 6C JS", attacker=0)
    v = view(s, 0)
    rare = cards("KC")[0]
    weights = [None, {rare: 0.01}]
    rng = random.Random(3)
    plain = sum(determinize(v, rng).hands[1] >> rare & 1 for _ in range(300))
    shy = sum(determinize(v, rng, None, weights).hands[1] >> rare & 1 for _ in range(300))
    assert plain > 35 and shy < 8  # 5 of 25 unseen cards: about 60 of 300 by chance
    assert all(determinize(v, rng, None, weights).hands[1].bit_count() == 5 for _ in range(20))


def test_expert_samples_prostoy_deals_with_its_weights(monkeypatch):
    seen = []
    real = prostoy_infer.Inference.weights

    def spy(self, v):
        out = real(self, v)
        seen.append(out)
        return out

    monkeypatch.setattr(prostoy_infer.Inference, "weights", spy)
    s = deal("7S 7C 9D QH AC", "8S 10S 8D 6C JS", attacker=1)
    apply_in_place(s, Attack(1, tuple(cards("8S"))))
    expert = ExpertAgent(0, 1, think_ms=5, iterations=2)
    expert.choose(view(s, 0), legal_actions(s, 0))
    assert seen and seen[-1][1]  # the lead's note reached the search
