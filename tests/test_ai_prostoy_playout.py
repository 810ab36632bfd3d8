"""Expert's Prostoy playouts (game/ai/prostoy_playout.py) play as normal does."""

from __future__ import annotations

import random

import pytest

from game.ai import prostoy_playout
from game.ai.heuristics import normal_choice
from game.engine import Attack, Rules, apply_in_place, from_deal, new_game, view
from game.engine.legal import check, legal_actions, next_actor

from .ai_helpers import HEARTS, cards

PROSTOY = Rules.from_mapping({"variant": "prostoy"})


def prostoy_rules():
    for deck in (24, 36, 52):
        for players in (2, 3, 4):
            yield {"variant": "prostoy", "deck": deck}, players
    yield {"variant": "prostoy", "second_trump": True}, 2
    yield {"variant": "prostoy", "trump_exchange": False}, 2
    yield {"variant": "prostoy", "cheating": True}, 3
    yield {"variant": "podkidnoy"}, 3  # other variants: playout.fast_action's moves


@pytest.mark.parametrize(("mapping", "players"), list(prostoy_rules()))
def test_policy_plays_only_legal_actions(mapping, players):
    # expert's playouts skip the engine's legality check (apply_listed)
    rules = Rules.from_mapping(mapping)
    rng = random.Random(str(mapping) + str(players))
    for _ in range(6):
        s, _ = new_game(rules, players, rng)
        while s.result is None:
            action = prostoy_playout.action(s, next_actor(s), rng)
            assert check(s, action) is None, str(action)
            apply_in_place(s, action)


@pytest.mark.parametrize("mapping", [{"variant": "prostoy"},
                                     {"variant": "prostoy", "deck": 52},
                                     {"variant": "prostoy", "second_trump": True}])
def test_policy_chooses_as_normal_does(monkeypatch, mapping):
    """Without its random leads the policy makes normal's choice in every position
    of two-player games (where normal, from its view, knows what the policy sees)."""
    monkeypatch.setattr(prostoy_playout, "EXPLORE", 0.0)
    rules = Rules.from_mapping(mapping)
    rng = random.Random(str(mapping))
    compared = leads = 0
    for _ in range(40):
        s, _ = new_game(rules, 2, rng)
        while s.result is None:
            seat = next_actor(s)
            legal = legal_actions(s, seat)
            mine = prostoy_playout.action(s, seat, rng)
            if len(legal) > 1:
                assert mine == normal_choice(view(s, seat), legal, rng), str(mine)
                compared += 1
                leads += type(mine) is Attack and len(mine.cards) > 1
            apply_in_place(s, mine)
    assert compared > 500 and leads > 20


def test_lead_finds_two_pairs_and_four_of_a_kind():
    low = "6S 6C 7D 7C 8S"  # every card cheap enough to shed: all five go
    s, _ = from_deal(PROSTOY, [cards(low), cards("10S JS QS KS AS")],
                     cards("9D 9C 9S 6H"), HEARTS, 0)
    assert prostoy_playout.lead_cards(s, s.hands[0]) == tuple(sorted(cards(low)))
    four = "7S 7C 7D 7H AC"  # talon gone: every card shed is a step towards going out
    s, _ = from_deal(PROSTOY, [cards(four), cards("10S JS QS KS AS")], [], HEARTS, 0)
    assert prostoy_playout.lead_cards(s, s.hands[0]) == tuple(sorted(cards(four)))


def test_bench_policy_plays_each_deal_both_ways(capsys):
    from game.ai import bench_policy

    report = bench_policy.run("prostoy", "prostoy", 3, 1, ["variant=prostoy"])
    assert report["games"] == 6 and 0.0 <= report["score"] <= 1.0
    with pytest.raises(SystemExit):
        bench_policy.main(["--policies", "prostoy,best"])
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].endswith("--policies: two of fast, prostoy, normal, separated by a comma")
