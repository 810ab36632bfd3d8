"""A series of games: who leads the next game and how often each seat was the fool."""

from __future__ import annotations

import random

import pytest

from game.engine import (
    Attack,
    Defend,
    Rules,
    Series,
    Take,
    apply_in_place,
    from_deal,
    parse_card,
)
from game.engine.scoring import ScoringError
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


def _cards(text):
    return [parse_card(c) for c in text.split()]


def test_advanced_eliminated_seat_leaves_the_table_for_the_next_games():
    series = Series(Rules(), 3, system="advanced")
    # seat 1 leads 6H, seat 2 covers with 7H: both out; seat 0 keeps four spades of trumps,
    # 28 + 26 + 24 + 22 = 100: eliminated
    state, _ = from_deal(Rules(), [_cards("AS KS QS JS"), _cards("6H"), _cards("7H")], [],
                         trump=0, attacker=1)
    apply_in_place(state, Attack(1, (parse_card("6H"),)))
    apply_in_place(state, Defend(2, parse_card("6H"), parse_card("7H")))
    series.record(state)
    assert series.standings.eliminated == (0,) and not series.finished
    assert series.seats == (1, 2)  # the next game's seats 0 and 1 are the series' 1 and 2
    assert series.next_attacker() == 0  # from under the fool: seat 1, the first left of 0
    nxt, _ = series.start(random.Random(1))
    assert nxt.n == 2 and nxt.attacker == 0
    # the next game: its seat 0 (the series' 1) leads 6H, its seat 1 (the series' 2) takes
    # and is left with AS KS QS JS 10S 6H: 28 + 26 + 24 + 22 + 20 + 6 = 126
    state, _ = from_deal(Rules(), [_cards("6H"), _cards("AS KS QS JS 10S")], [], trump=0,
                         attacker=0)
    apply_in_place(state, Attack(0, (parse_card("6H"),)))
    apply_in_place(state, Take(1))
    series.record(state)
    assert series.standings.scores == (100, 0, 126)
    assert series.finished and series.winners == (1,)
    assert series.standings.eliminated == (0, 2)
    with pytest.raises(ValueError, match="over"):
        series.start(random.Random(2))


def test_a_series_with_a_target_ends_and_names_its_winners():
    for system in ("penalty_points", "basic", "basic_plus", "medium", "advanced"):
        series, rng = Series(Rules(), 3, system=system), random.Random(8)
        while not series.finished:
            assert series.games < 200
            state, _ = series.start(rng)
            assert state.n == 3 - len(series.standings.eliminated)
            series.record(finish(state, rng))
        assert series.winners and len(series.records) == series.games


def test_the_default_series_never_ends_and_counts_fools():
    series, rng = Series(Rules(), 2), random.Random(4)
    for _ in range(5):
        series.record(finish(series.start(rng)[0], rng))
    assert not series.finished and sum(series.standings.scores) == sum(series.fools)


def test_team_series_are_only_matchsticks():
    with pytest.raises(ValueError, match="team"):
        Series(Rules(teams=((0, 2), (1, 3))), 4, system="medium")
    with pytest.raises(ScoringError):
        Series(Rules(), 4, system="penalty_points", target=9)


def test_team_standings_count_every_member_of_the_losing_team():
    series, rng = Series(Rules(teams=((0, 2), (1, 3))), 4), random.Random(6)
    for _ in range(4):
        series.record(finish(series.start(rng)[0], rng))
    assert sum(series.fools) > 0 and not series.finished
    assert series.standings.scores == tuple(series.fools)
