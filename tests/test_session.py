"""The match without a screen: seed per game, action log, replay."""

from __future__ import annotations

import dataclasses

from game.config import PlayerSpec, load_settings
from game.engine import view
from game.session.match import Match, game_seed, replay
from game.ui.thinker import InlineThinker


def computers(n: int):
    base, _ = load_settings()
    players = tuple(PlayerSpec(f"P{i}", "computer", "random") for i in range(n))
    return dataclasses.replace(base, players=players)


def play_out(match: Match) -> None:
    now = 0.0
    while not match.finished:
        now += 10
        match.update(now, idle_since=0.0)


def test_a_game_replays_from_rules_seed_and_actions():
    match = Match(computers(4), seed=21, thinker=InlineThinker(), delay_ms=0)
    for _ in range(2):  # the second game has a leader chosen by the series
        match.start_game()
        play_out(match)
        record = match.record
        assert record.seed == game_seed(21, match.game)
        assert len(record.actions) > 10
        assert all(seat == action.seat for seat, action in record.actions)
        state, _ = replay(record)
        assert state.result == match.state.result
        assert [view(state, s) for s in range(4)] == [view(match.state, s) for s in range(4)]


def test_each_game_of_a_match_has_its_own_seed():
    assert game_seed(5, 1) != game_seed(5, 2) != game_seed(6, 2)
    assert game_seed(5, 1) == game_seed(5, 1)
