"""The compact playout position (game/ai/fast.py) against the engine, move by move:
the same legal moves in every position, the same position after each of them.

``FAST_POSITIONS=100000 pytest tests/test_ai_fast.py`` checks more positions by hand.
"""

from __future__ import annotations

import os
import random

import pytest

from game.ai import fast
from game.ai.fast_playout import fast_move, fast_playout
from game.engine import Rules, apply, legal_actions, new_game, next_actor
from game.engine.actions import Attack, Defend, Exchange, Pass, Show, Take, Transfer
from game.engine.cards import mask_of
from game.engine.play import apply_in_place

POSITIONS = int(os.environ.get("FAST_POSITIONS", "3000"))


def random_rules(rng: random.Random) -> tuple[Rules, int]:
    variant = rng.choice(["podkidnoy", "perevodnoy", "perevodnoy"])
    deck = rng.choice([24, 36, 52])
    mapping = {
        "variant": variant, "deck": deck,
        "hand_size": rng.choice([6, 6, 4, 3, 8]),
        "attack_limit": rng.choice([6, None, None, 3, 2]),
        "first_bout_limit": rng.choice([None, None, 5]),
        "throw_in": rng.choice(["all", "neighbours"]),
        "trump_exchange": rng.random() < 0.5,
        "transfer_by_showing_trump": variant == "perevodnoy" and rng.random() < 0.5,
        "second_trump": rng.random() < 0.2,
        "first_attacker": rng.choice(["lowest_trump", "left_of_dealer"]),
    }
    players = rng.choice([2, 2, 2, 3, 4, 5, 6]) if deck != 24 else rng.choice([2, 3, 4])
    return Rules.from_mapping(mapping), players


def encode(action) -> int:
    t = type(action)
    if t is Attack:
        return fast.ATTACK | mask_of(action.cards) << 3
    if t is Transfer:
        return fast.TRANSFER | mask_of(action.cards) << 3
    if t is Defend:
        return fast.DEFEND | action.attack << 3 | action.card << 9
    if t is Show:
        return fast.SHOW | action.card << 3
    return {Take: fast.TAKE, Pass: fast.PASS, Exchange: fast.EXCHANGE}[t]


def engine_picture(s) -> tuple:
    unc = mask_of(a for a, c in zip(s.attacks, s.covers, strict=True) if c < 0)
    r = s.result
    result = fast.RUNNING if r is None else fast.DRAW if r.loser is None else r.loser
    return (tuple(s.hands), tuple(s.talon), s.trump, mask_of(s.attacks), unc,
            mask_of(c for c in s.covers if c >= 0), len(s.attacks), s.ranks, s.attacker,
            s.defender, s.leader, s.passed, s.taking, s.limit, s.shown, s.out_mask, s.bout,
            s.exchanger, result, s.discard, next_actor(s))


def fast_picture(f) -> tuple:
    actor = fast.next_actor(f)
    return (tuple(f.hands), tuple(f.talon), f.trump, f.att, f.unc, f.cov, f.natt, f.ranks,
            f.attacker, f.defender, f.leader, f.passed, f.taking, f.limit, f.shown, f.out,
            f.bout, f.exchanger, f.result, f.discard, None if actor < 0 else actor)


def compare(s) -> int:
    """Check every seat's moves in ``s`` and the position after each; the moves checked."""
    f = fast.from_state(s)
    assert f is not None
    assert fast_picture(f) == engine_picture(s)
    checked = 0
    for seat in range(s.n):
        actions = legal_actions(s, seat)
        moves = fast.legal(f, seat)
        assert sorted(moves) == sorted(encode(a) for a in actions), (seat, actions)
        for action in actions:
            after, _ = apply(s, action)
            g = f.copy()
            fast.apply(g, seat, encode(action))
            assert fast_picture(g) == engine_picture(after), (seat, str(action))
            checked += 1
    return checked


def test_compact_position_agrees_with_the_engine_move_by_move():
    rng = random.Random(18)
    positions = moves = 0
    while positions < POSITIONS:
        rules, players = random_rules(rng)
        s, _ = new_game(rules, players, rng)
        for _ in range(2000):
            if s.result is not None:
                break
            if fast.from_state(s) is not None:
                moves += compare(s)
                positions += 1
            choices = [a for seat in range(s.n) for a in legal_actions(s, seat)]
            apply_in_place(s, rng.choice(choices))  # any seat: a wider walk than turn order
        if s.result is not None and fast.from_state(s) is not None:
            compare(s)
    print(f"{positions} positions, {moves} moves agree")
    assert moves > positions  # most positions offer several moves


@pytest.mark.parametrize("mapping", [{"variant": "prostoy"}, {"teams": [[0, 2], [1, 3]]},
                                     {"second_trump": True}, {"cheating": True}])
def test_rules_it_does_not_model_are_left_to_the_engine(mapping):
    s, _ = new_game(Rules.from_mapping(mapping), 4 if "teams" in mapping else 2,
                    random.Random(1))
    assert fast.from_state(s) is None


@pytest.mark.parametrize("variant", ["podkidnoy", "perevodnoy"])
@pytest.mark.parametrize("players", [2, 3, 5])
def test_playout_policy_makes_legal_moves_to_the_end(variant, players):
    rng = random.Random(variant + str(players))
    rules = Rules.from_mapping({"variant": variant, "transfer_by_showing_trump": True})
    for _ in range(20):
        s, _ = new_game(rules, players, rng)
        f = fast.from_state(s)
        assert f is not None
        while f.result == fast.RUNNING:
            seat = fast.next_actor(f)
            move = fast_move(f, seat, rng)
            assert move in fast.legal(f, seat)
            fast.apply(f, seat, move)
        outcome = fast_playout(fast.from_state(s), 0, rng)
        assert outcome in (0.0, 0.5, 1.0)


def test_cheapest_card_bit_is_cardlib_cheapest():
    from game.ai.cardlib import cheapest
    from game.ai.fast_playout import _cheapest

    rng = random.Random(5)
    for _ in range(2000):
        m = rng.getrandbits(52) & rng.getrandbits(52) or 1
        trump = rng.randrange(4)
        assert _cheapest(m, trump) == 1 << cheapest(m, trump)
