"""A series of games: who leads the next game and how often each seat was the fool."""

from __future__ import annotations

import random

from game.engine import Rules, Series
from game.session.loop import play_game

from .engine_helpers import RandomChoice


def finish(state, rng):
    assert play_game(state, [RandomChoice(rng)] * state.n, max_moves=4000).finished
    return state


def play_series(rules, players, games, seed=3):
    series, rng = Series(rules, players), random.Random(seed)
    leads = []
    for _ in range(games):
        state, _ = series.start(rng)
        leads.append((series.next_attacker(), state.attacker))
        series.record(finish(state, rng))
        yield series, state, leads


def test_from_under_the_fool_the_fools_left_hand_neighbour_leads():
    previous, counted = None, None
    for series, final, leads in play_series(Rules(), 4, 12):
        wanted, actual = leads[-1]
        if previous is not None and previous.result.loser is not None:
            assert wanted == actual == (previous.result.loser + 1) % 4
        previous, counted = final, series
    assert sum(counted.fools) + counted.draws == counted.games == 12


def test_when_the_fool_is_taught_the_fool_defends_first():
    rules = Rules(next_game_leader="fool_is_taught")
    checked = 0
    for seed in range(10):
        series = Series(rules, 3)
        state = finish(series.start(random.Random(seed))[0], random.Random(seed + 100))
        series.record(state)
        if state.result.loser is None:
            continue
        nxt, _ = series.start(random.Random(seed + 200))
        assert nxt.attacker == (state.result.loser - 1) % 3
        assert nxt.defender == state.result.loser
        checked += 1
    assert checked


def test_a_team_loss_counts_for_every_member():
    rules = Rules(teams=((0, 2), (1, 3)))
    for series, final, _ in play_series(rules, 4, 6):
        if final.result.losing_team:
            assert all(series.fools[p] >= 1 for p in final.result.losing_team)
