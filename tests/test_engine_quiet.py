"""``quiet`` applies (no events made, for loops that read none) change the state
exactly as the told ones: the same fields after every move of random games in
every set-up, cheats and catches included; and a quiet game loop plays the same
games as one that reads the events."""

from __future__ import annotations

import random

import pytest

from game.engine import Rules, State, apply_in_place, cheat_actions, new_game
from game.engine.legal import legal_actions, next_actor
from game.engine.play import apply_listed
from game.session.loop import play_game

SETUPS = [
    ({}, 2), ({}, 3), ({"throw_in": "neighbours", "deck": 52}, 5),
    ({"variant": "perevodnoy", "transfer_by_showing_trump": True}, 3),
    ({"variant": "prostoy"}, 3), ({"second_trump": True}, 2),
    ({"teams": [[0, 2], [1, 3]]}, 4), ({"cheating": True}, 3),
]


def _fields(s: State) -> dict:
    return {name: getattr(s, name) for name in State.__slots__}


@pytest.mark.parametrize(("rules", "players"), SETUPS)
def test_a_quiet_move_changes_the_state_as_a_told_one(rules, players):
    rng = random.Random(5)
    kinds = set()
    for _ in range(6):
        told, _ = new_game(Rules.from_mapping(rules), players, rng)
        while told.result is None:
            seat = next_actor(told)
            assert seat is not None
            cheats = cheat_actions(told, seat)
            if cheats and rng.random() < 0.3:
                action, step = rng.choice(cheats), apply_in_place  # a cheat
            else:
                action, step = rng.choice(legal_actions(told, seat)), apply_listed
            quiet = told.copy()
            events = step(told, action)
            assert step(quiet, action, quiet=True) == []
            assert _fields(quiet) == _fields(told)
            kinds.update(type(e).__name__ for e in events)
    assert {"Played", "Covered", "BoutStarted", "Drew", "GameOver"} <= kinds


class _Uniform:
    def __init__(self, rng: random.Random, seen: list) -> None:
        self.rng, self.seen = rng, seen

    def choose(self, v, legal):
        action = self.rng.choice(legal)
        self.seen.append(action)
        return action


@pytest.mark.parametrize(("rules", "players"), SETUPS)
def test_a_quiet_game_loop_plays_the_same_games(rules, players):
    def games(on_step) -> list:
        rng, seen = random.Random(9), []
        for _ in range(5):
            state, _ = new_game(Rules.from_mapping(rules), players, rng)
            play_game(state, [_Uniform(rng, seen)] * players, see=None, on_step=on_step)
            seen.append(state.result)
        return seen

    told: list = []
    loud = games(lambda state, seat, action, events: told.extend(events))
    assert told
    assert games(None) == loud
