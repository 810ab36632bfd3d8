"""Every variant x deck x throw-in x teams x 2..6 players plays 20 random games to the end;
so do Prostoy x deck x 2..4 players, the second trump with each variant, and
every variant x deck x players with random cheats and catches."""

from __future__ import annotations

import itertools

import pytest

from game.engine import Rules

from .engine_helpers import holders, random_game


def matrix():
    for variant, deck, throw_in, players in itertools.product(
        ["podkidnoy", "perevodnoy"], [24, 36, 52], ["all", "neighbours"], range(2, 7)
    ):
        team_options = [None]
        if players in (4, 6):
            team_options.append([list(range(0, players, 2)), list(range(1, players, 2))])
        for teams in team_options:
            yield variant, deck, throw_in, players, teams


def variants_matrix():
    for variant, deck, second, players in itertools.product(
        ["podkidnoy", "perevodnoy", "prostoy"], [24, 36, 52], [False, True], range(2, 7)
    ):
        if (variant == "prostoy" or second) and not (variant == "prostoy" and players > 4):
            yield variant, deck, second, players


@pytest.mark.parametrize("variant,deck,second,players", list(variants_matrix()))
def test_prostoy_and_second_trump_games_finish(variant, deck, second, players):
    rules = Rules.from_mapping({"variant": variant, "deck": deck, "second_trump": second})
    for seed in range(20):
        state, actions = random_game(rules, players, seed, any_seat=seed % 2 == 0)
        assert state.finished and actions
        assert len(holders(state)) <= 1
        assert state.second < 0  # a face-down card is always drawn before the end


@pytest.mark.parametrize("variant,deck,throw_in,players,teams", list(matrix()))
def test_twenty_random_games_finish(variant, deck, throw_in, players, teams):
    rules = Rules.from_mapping({"variant": variant, "deck": deck, "throw_in": throw_in,
                                "teams": teams})
    for seed in range(20):
        state, actions = random_game(rules, players, seed, any_seat=seed % 2 == 0)
        assert state.finished and actions
        assert len(holders(state)) <= (players // 2 if teams else 1)


def cheating_matrix():
    for variant, deck, players in itertools.product(
        ["podkidnoy", "perevodnoy", "prostoy"], [24, 36, 52], range(2, 7)
    ):
        if not (variant == "prostoy" and players > 4):
            yield variant, deck, players


@pytest.mark.parametrize("variant,deck,players", list(cheating_matrix()))
def test_ten_random_games_with_cheats_and_catches_finish(variant, deck, players):
    rules = Rules.from_mapping({"variant": variant, "deck": deck, "cheating": True,
                                "throw_in": "neighbours" if players > 4 else "all"})
    for seed in range(10):
        state, actions = random_game(rules, players, seed, any_seat=seed % 2 == 0)
        assert state.finished and actions
        assert len(holders(state)) <= 1
