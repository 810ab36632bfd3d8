"""A series at the table: scored under each system to its end, statistics counted
once per game, and in advanced an eliminated player leaving the table."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game import stats
from game.config import PlayerSpec, SeriesSettings, load_settings
from game.engine import Rules, from_deal, parse_card
from game.engine.actions import Attack
from game.engine.scoring import SYSTEMS
from game.paths import user_dir
from game.session.match import Match
from game.ui.thinker import InlineThinker
from tests.ui_helpers import ScriptedThinker


def table(kinds: str, system: str = "fools", target: int | None = None, thinker=None):
    """A match whose seats are ``kinds`` ("h" human, "c" random computer)."""
    base, _ = load_settings()
    names = ["Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor"]
    players = tuple(PlayerSpec("You", "human") if k == "h" else
                    PlayerSpec(names[i], "computer", "random") for i, k in enumerate(kinds))
    settings = dataclasses.replace(base, players=players,
                                   series=SeriesSettings(system, target))
    return Match(settings, seed=5, thinker=thinker or InlineThinker(), delay_ms=0)


def play_game(match: Match, rng: random.Random, dealt=None) -> None:
    """Deal and play one game; the human plays at random."""
    match.start_game(dealt)
    now = 0.0
    while not match.finished:
        now += 10
        if match.human is not None and match.waits_for(match.human):
            match.submit(rng.choice(match.legal()))
        else:
            match.update(now, idle_since=0.0)


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_series_under_each_system_is_played_to_its_end(system):
    match, rng = table("ccc", system, 2 if system == "fools" else None), random.Random(1)
    while not match.series_over:
        assert match.series.games < 300
        play_game(match, rng)
        gained = match.gained
        assert sum(abs(g) for g in gained) or match.state.result.draw or system == "basic"
    series = match.series
    assert series.finished and series.winners
    assert len(series.standings.scores) == 3
    play_game(match, rng)  # Play again: a new series, everyone back at the table
    assert match.series is not series and match.series.games == 1 and match.n == 3


def test_the_last_game_gives_each_seat_its_points():
    match, rng = table("cccc", "penalty_points"), random.Random(3)
    for _ in range(3):
        before = match.series.standings.scores
        play_game(match, rng)
        result = match.state.result
        after = match.series.standings.scores
        assert match.gained == tuple(a - b for a, b in zip(after, before, strict=True))
        if result.loser is not None:
            assert match.gained[result.loser] == 2
            assert sorted(match.gained).count(2) == 1


def _statistics():
    found, message = stats.load(user_dir() / stats.FILE_NAME)
    assert message is None
    return found.overall


def test_statistics_count_each_game_once_and_a_series_won():
    match, rng = table("hcc", "fools", 1), random.Random(7)
    won = 0
    for game in range(1, 7):
        play_game(match, rng)
        for now in range(5):  # the finished game is looked at again: no second count
            match.update(1e6 + now, idle_since=0.0)
        won += match.series.finished and 0 in match.series.winners
        overall = _statistics()
        assert overall.games == game
        assert overall.series_won == won
    assert 0 < won < 6


def test_a_table_without_a_human_keeps_no_statistics():
    match, rng = table("cc", "fools", 1), random.Random(2)
    play_game(match, rng)
    assert not (user_dir() / stats.FILE_NAME).exists()


def _cards(text):
    return [parse_card(c) for c in text.split()]


def hundred_for_seat_2():
    """Seat 0 leads 6H, seat 1 covers with 7H: both out; seat 2 keeps AS KS QS JS of
    spades, trumps: 28 + 26 + 24 + 22 = 100 in advanced."""
    return from_deal(Rules(), [_cards("6H"), _cards("7H"), _cards("AS KS QS JS")], [],
                     trump=0, attacker=0)


def test_advanced_an_eliminated_player_leaves_the_table():
    # the human sits at seat 1 of the series: after seat 0 goes, they are seat 0
    match = table("chc", "advanced", thinker=ScriptedThinker())
    rotated = from_deal(Rules(), [_cards("AS KS QS JS"), _cards("6H"), _cards("7H")], [],
                        trump=0, attacker=1)
    match.start_game(rotated)
    match.submit(Attack(1, (parse_card("6H"),)))
    now = 0.0
    while not match.finished:
        now += 10
        match.update(now, idle_since=0.0)
    assert match.state.result.loser == 0 and match.series.standings.scores[0] == 100
    assert match.gained == (100, 0, 0) and not match.series_over
    match.start_game()
    assert match.n == match.state.n == 2
    assert [p.name for p in match.players] == ["You", "Vera"]
    assert match.human == 0 and match.legal()  # the human's seat in the new deal


def test_advanced_when_the_human_is_out_the_series_is_over_for_them():
    match = table("cch", "advanced", thinker=ScriptedThinker())
    match.start_game(hundred_for_seat_2())
    now = 0.0
    while not match.finished:
        now += 10
        match.update(now, idle_since=0.0)
    assert match.human_out and match.series_over and not match.series.finished
    match.start_game()  # Play again: a new series with everyone
    assert match.n == 3 and match.series.games == 0 and match.human == 2


def test_advanced_a_conceded_game_scores_the_cards_the_human_holds():
    """Conceding in an advanced series once stopped the game: the record had no fool's
    hand to count (found by a long monkey run). It counts the cards the human holds."""
    match = table("hcc", "advanced", thinker=ScriptedThinker())
    match.start_game(from_deal(Rules(), [_cards("AS KS QS JS"), _cards("6H"), _cards("7H")],
                               [], trump=0, attacker=1))
    assert match.can_concede
    match.concede()
    assert match.series.standings.scores == (100, 0, 0)  # 28 + 26 + 24 + 22, spades trumps
    assert match.series.records[-1].fool_hand == tuple(sorted(_cards("AS KS QS JS")))


def test_a_human_out_of_the_game_cannot_concede_it():
    match = table("hcc", "advanced", thinker=ScriptedThinker())
    match.start_game(from_deal(Rules(), [_cards("6H"), _cards("7H"), _cards("AS KS QS JS")],
                               [], trump=0, attacker=0))
    match.submit(Attack(0, (parse_card("6H"),)))
    now = 0.0
    while not match.state.out:
        now += 10
        match.update(now, idle_since=0.0)
    assert 0 in match.state.out and not match.can_concede
    match.concede()  # refused: nothing changes
    assert match.series.games == 0 and not match.conceded


def test_in_a_team_game_a_human_out_may_still_concede_for_the_team():
    match = table("hccc", "fools", thinker=ScriptedThinker())
    teams = dataclasses.replace(match.settings.rules, teams=((0, 2), (1, 3)))
    match.settings = dataclasses.replace(match.settings, rules=teams)
    match.new_series()
    match.start_game(from_deal(teams, [_cards("6H"), _cards("7H 8C 9C"), _cards("10C JC QC"),
                                       _cards("AS KS QS")], [], trump=0, attacker=0))
    match.submit(Attack(0, (parse_card("6H"),)))
    now = 0.0
    while 0 not in match.state.out:
        now += 10
        match.update(now, idle_since=0.0)
    assert not match.finished and match.can_concede
    match.concede()
    assert match.series.fools == [1, 0, 1, 0]  # the team lost


# --- what the statistics count: Severnyi apart, concessions, saved games -------------


def _play_until(match: Match, rng: random.Random, moves: int) -> None:
    """``moves`` moves of the current game (or fewer if it ends first)."""
    now = 0.0
    for _ in range(moves):
        if match.finished:
            return
        now += 10
        if match.waits_for(match.human):
            match.submit(rng.choice(match.legal()))
        else:
            match.update(now, idle_since=0.0)


def test_a_severnyi_game_has_its_own_row():
    match, rng = table("hc", "fools", 5), random.Random(4)
    severnyi = dataclasses.replace(match.settings.rules, second_trump=True)
    match.settings = dataclasses.replace(match.settings, rules=severnyi)
    match.new_series()
    play_game(match, rng)
    found, _ = stats.load(user_dir() / stats.FILE_NAME)
    assert list(found.rows) == [("podkidnoy_severnyi", "random")]


def test_a_conceded_game_counts_as_one_loss_also_after_a_save(tmp_path):
    from game.session import save as sv

    match, rng = table("hcc", "fools", 5), random.Random(8)
    play_game(match, rng)
    before = _statistics()
    match.start_game()
    _play_until(match, rng, 6)
    match.concede()
    match.concede()  # the menu pressed twice
    for now in range(5):
        match.update(1e6 + now, idle_since=0.0)
    after = _statistics()
    assert (after.games, after.fools) == (before.games + 1, before.fools + 1)
    sv.save_match(match, tmp_path / "s.json")
    match, _ = sv.load_save(tmp_path / "s.json", match.settings.ui, InlineThinker(), 0)[0]
    assert _statistics() == after  # replaying the series counts nothing again


def test_a_game_left_by_save_and_quit_counts_once_when_it_ends_after_continue(tmp_path):
    from game.session import save as sv

    match, rng = table("hcc", "fools", 5), random.Random(9)
    play_game(match, rng)  # an earlier game of the series, counted once
    match.start_game()
    _play_until(match, rng, 5)
    assert not match.finished and _statistics().games == 1
    sv.save_match(match, tmp_path / "s.json")
    back, _ = sv.load_save(tmp_path / "s.json", match.settings.ui, InlineThinker(), 0)[0]
    assert _statistics().games == 1  # nothing counted by saving or continuing
    _play_until(back, rng, 10_000)
    assert back.finished and _statistics().games == 2
