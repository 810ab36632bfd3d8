"""Every variant x deck x throw-in x teams x 2..6 players plays 20 random games to the end."""

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


@pytest.mark.parametrize("variant,deck,throw_in,players,teams", list(matrix()))
def test_twenty_random_games_finish(variant, deck, throw_in, players, teams):
    rules = Rules.from_mapping({"variant": variant, "deck": deck, "throw_in": throw_in,
                                "teams": teams})
    for seed in range(20):
        state, actions = random_game(rules, players, seed, any_seat=seed % 2 == 0)
        assert state.finished and actions
        assert len(holders(state)) <= (players // 2 if teams else 1)
