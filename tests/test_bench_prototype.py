"""The benchmark's yardstick (game/bench_prototype.py) plays legal, complete games:
each of its games is played again move by move on the engine, which must offer
every move it makes, to the seat it names, and end the game where it ends."""

from __future__ import annotations

import random

import pytest

from game import bench_prototype as proto
from game.engine import Attack, Defend, Pass, Rules, Take, from_deal, legal_actions, next_actor
from game.engine.play import apply_in_place
from game.engine_bench import run


def _cards(m: int) -> list[int]:
    """The prototype's card set as the engine's cards."""
    return [proto.engine_card(c) for c in range(36) if m >> c & 1]


def _mask(m: int) -> int:
    """The prototype's card set as an engine mask."""
    return sum(1 << c for c in _cards(m))


def _action(state, seat: int, what: str, c: int):
    if what in ("lead", "throw"):
        return Attack(seat, (proto.engine_card(c),))
    if what == "cover":
        pairs = zip(state.attacks, state.covers, strict=True)
        (uncovered,) = [a for a, cover in pairs if cover < 0]
        return Defend(seat, uncovered, proto.engine_card(c))
    return Take(seat) if what == "take" else Pass(seat)


@pytest.mark.parametrize("seed", range(40))
def test_every_move_of_a_prototype_game_is_legal_on_the_engine(seed):
    log: list = []
    moves = proto.play(random.Random(seed), log)
    (hands, talon, trump, attacker), *steps, (final_hands, discard) = log
    assert len(steps) == moves
    state, _ = from_deal(Rules(), [_cards(h) for h in hands],
                         [proto.engine_card(c) for c in talon], trump)
    assert state.attacker == attacker  # both let the lowest trump lead
    for seat, what, c in steps:
        assert state.result is None
        assert next_actor(state) == seat
        action = _action(state, seat, what, c)
        assert action in legal_actions(state, seat), (seat, what, c)
        apply_in_place(state, action)
    assert state.result is not None  # the engine ends the game where the prototype does
    assert [state.hands[p] for p in range(2)] == [_mask(h) for h in final_hands]
    assert state.discard == _mask(discard)


@pytest.mark.parametrize("seed", range(40))
def test_every_card_ends_in_one_place(seed):
    log: list = []
    proto.play(random.Random(seed), log)
    (hands, talon, _, _), *_, ((h0, h1), discard) = log
    assert len(talon) == 24 and bin(hands[0]).count("1") == bin(hands[1]).count("1") == 6
    assert h0 & h1 == h0 & discard == h1 & discard == 0
    assert h0 | h1 | discard == (1 << 36) - 1
    assert not h0 or not h1  # somebody is out


def test_the_benchmark_reports_the_prototype_with_the_same_fields():
    report = run(players=2, seconds=0, seed=3, prototype=True, games_wanted=5)
    engine = run(players=2, seconds=0, seed=3, games_wanted=1)
    assert report["games"] == 5 and report["prototype"] is True
    assert set(report) == set(engine) and report["moves_per_game"] > 1
