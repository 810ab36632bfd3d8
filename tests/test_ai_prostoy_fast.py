"""Expert's Prostoy playouts without the engine (game/ai/prostoy_fast.py) end as
the engine's playouts with the same policy and seed do."""

from __future__ import annotations

import random

import pytest

from game.ai import playout as engine_playout
from game.ai import prostoy_fast, prostoy_playout
from game.engine import Attack, Rules, from_deal, new_game, view
from game.engine.legal import next_actor
from game.engine.play import apply_listed

from .ai_helpers import HEARTS, cards

CASES = [({"variant": "prostoy", "deck": deck}, players)
         for deck in (24, 36, 52) for players in (2, 3, 4)]
CASES += [({"variant": "prostoy", "second_trump": True}, 2),
          ({"variant": "prostoy", "trump_exchange": False}, 2),
          ({"variant": "prostoy", "hand_size": 6}, 3)]


def positions(rules: Rules, players: int, rng: random.Random, games: int):
    """Every position of ``games`` games played by the policy (including mid-bout)."""
    for _ in range(games):
        s, _ = new_game(rules, players, rng)
        while s.result is None:
            yield s
            seat = next_actor(s)
            assert seat is not None
            apply_listed(s, prostoy_playout.action(s, seat, rng))
        yield s


@pytest.mark.parametrize(("explore", "max_moves"), [(0.0, 3000), (0.3, 3000), (0.0, 12)])
@pytest.mark.parametrize(("mapping", "players"), CASES)
def test_same_outcome_as_engine_playout(monkeypatch, mapping, players, explore, max_moves):
    monkeypatch.setattr(prostoy_playout, "EXPLORE", explore)
    monkeypatch.setattr(prostoy_fast, "EXPLORE", explore)
    # the move limit (the playout a draw) is reached in the third case
    monkeypatch.setattr(engine_playout, "MAX_PLAYOUT_MOVES", max_moves)
    rules = Rules.from_mapping(mapping)
    rng = random.Random(str(mapping) + str(players))
    compared = 0
    for s in positions(rules, players, rng, 8):
        if not prostoy_fast.covers(s):
            continue
        for seat in range(players):
            k = rng.getrandbits(32)
            before = (s.hands[:], s.talon[:], s.exchanger, s.out_mask)
            fast = prostoy_fast.playout(s, seat, random.Random(k))
            assert (s.hands, s.talon, s.exchanger, s.out_mask) == before  # left unchanged
            slow = engine_playout.playout(s.copy(), seat, random.Random(k), apply_listed,
                                          prostoy_playout.action)
            assert fast == slow
            compared += 1
    assert compared > 100


def test_leaves_what_it_does_not_model_to_the_engine():
    s, _ = new_game(Rules.from_mapping({"variant": "prostoy", "second_trump": True}), 2,
                    random.Random(1))
    assert s.second >= 0 and not prostoy_fast.covers(s)
    for mapping in ({"variant": "prostoy", "cheating": True}, {"variant": "podkidnoy"}):
        s, _ = new_game(Rules.from_mapping(mapping), 2, random.Random(1))
        assert not prostoy_fast.covers(s)


# (two-player Prostoy expert searches as hard does: prostoy_search.py)
@pytest.mark.parametrize(("mapping", "players", "compact"), [({"variant": "prostoy"}, 3, True),
                                                             ({"variant": "podkidnoy"}, 2, False)])
def test_expert_plays_prostoy_out_without_the_engine(monkeypatch, mapping, players, compact):
    from game.ai.expert import ExpertAgent
    from game.ai.prostoy_lead import leads_by_rule
    from game.engine.legal import legal_actions

    calls = []
    real = prostoy_fast.playout
    monkeypatch.setattr(prostoy_fast, "playout",
                        lambda s, seat, rng: calls.append(seat) or real(s, seat, rng))
    s, _ = new_game(Rules.from_mapping(mapping), players, random.Random(3))
    seat = next_actor(s)
    while len(legal_actions(s, seat)) < 2 or leads_by_rule(view(s, seat)):
        apply_listed(s, legal_actions(s, seat)[0])  # to a move expert searches
        seat = next_actor(s)
    agent = ExpertAgent(seat, 1, 50, iterations=5)
    action = agent.choose(view(s, seat), legal_actions(s, seat))
    assert action in legal_actions(s, seat)
    assert bool(calls) == compact and set(calls) <= {seat}


def test_cards_going_round_for_ever_end_the_playout(monkeypatch):
    """Four players taking in turn can pass cards round without end (a deal one of
    expert's searches sampled): the playout stops at the engine playout's move
    limit, scored 1/2, as the engine's does (it used to hang)."""
    monkeypatch.setattr(prostoy_playout, "EXPLORE", 0.0)  # no random lead breaks the round
    monkeypatch.setattr(prostoy_fast, "EXPLORE", 0.0)
    rules = Rules.from_mapping({"variant": "prostoy"})
    hands = [cards("6S 10S JS AS 7D KC"), cards("8S 9S 10H"), cards("KS 9D JD"), cards("7S AC")]
    s, _ = from_deal(rules, hands, [], HEARTS, attacker=1)
    apply_listed(s, Attack(1, tuple(cards("10H"))))
    assert prostoy_fast.playout(s, 1, random.Random(1)) == 0.5
    assert engine_playout.playout(s.copy(), 1, random.Random(1), apply_listed,
                                  prostoy_playout.action) == 0.5
