"""The scoreboard between games and at the end of a series, headless."""

from __future__ import annotations

import dataclasses
import random

import pygame
import pytest

from game.config import SeriesSettings
from game.engine.actions import Attack
from game.engine.cards import parse_card
from game.ui.end import EndScene
from game.ui.scoreboard import draw_matchsticks, gain_label, leading, rows_of
from tests.test_session_series import _statistics, hundred_for_seat_2, play_game, table
from tests.ui_helpers import DT, ScriptedThinker, click, make_runner, settings_for


def test_what_the_last_game_gave_is_said_with_its_sign_and_the_fool():
    assert gain_label(2, True, False) == "+2 fool"
    assert gain_label(1, False, False) == "+1"
    assert gain_label(0, False, False) == "0"
    assert gain_label(-1, True, False) == "-1 fool"
    assert gain_label(104, True, True) == "+104 fool, out"


def test_the_rows_show_each_players_gain_from_the_last_game():
    match, rng = table("hccc", "penalty_points"), random.Random(6)
    for _ in range(2):
        play_game(match, rng)
    rows = rows_of(match)
    assert [r.score for r in rows] == list(match.series.standings.scores)
    loser = match.state.result.loser
    for seat, row in enumerate(rows):
        points = match.gained[seat]
        if seat == loser:
            assert row.gain == f"+{points} fool" and points == 2
        else:
            assert row.gain == (f"+{points}" if points else "0")


def test_who_leads_depends_on_the_system():
    assert leading("fools", (2, 1, 1), (), ()) == (1, 2)
    assert leading("penalty_points", (3, 5, 4), (), ()) == (0,)
    assert leading("medium", (3, 5, 4), (), ()) == (1,)
    assert leading("advanced", (120, 30, 40), (0,), ()) == (1,)
    assert leading("basic", (1, 1), (), ()) == ()  # all level
    assert leading("medium", (3, 5, 4), (), (2,)) == (2,)  # the winners, once known


def _heads(surf: pygame.Surface, y: int) -> int:
    """Matchstick heads crossed by the row of pixels ``y``."""
    count, inside = 0, False
    for x in range(surf.get_width()):
        red = surf.get_at((x, y))[:3] == (176, 44, 32)
        count += red and not inside
        inside = red
    return count


def test_each_fool_is_a_matchstick_and_too_many_end_in_a_count():
    pygame.init()
    from game.ui.text import TextCache

    text = TextCache()
    for count in (1, 4, 7):
        surf = pygame.Surface((300, 30), pygame.SRCALPHA)
        used = draw_matchsticks(surf, pygame.Rect(0, 0, 300, 30), count, text)
        assert _heads(surf, 4) == count and used.width < 300
    surf = pygame.Surface((120, 30), pygame.SRCALPHA)
    area = pygame.Rect(0, 0, 120, 30)
    used = draw_matchsticks(surf, area, 40, text)
    shown = _heads(surf, 4)
    assert 0 < shown < 40 and area.contains(used)


def _runner(system, target, players, size, seed=4):
    s = dataclasses.replace(settings_for(players), series=SeriesSettings(system, target))
    return make_runner(s, size=size, seed=seed)


def play_until(runner, rng, stop):
    """Play through the window, the player at random, Next game until ``stop(match)``."""
    table = runner.scenes.stack[0]
    for _ in range(30000):
        top = runner.scenes.top
        if isinstance(top, EndScene):
            if stop(table.match):
                return top
            click(runner, top.buttons["again"].rect.center)
            continue
        m = table.match
        if m.human is not None and not m.finished and m.waits_for(m.human) \
                and not table.player.busy:
            table.submit(rng.choice(m.legal()))
        runner.frame(DT, [])
    raise AssertionError("the series did not get there")


def assert_nothing_overlaps(end: EndScene) -> None:
    placed = [(what, r.move(end.panel.topleft)) for what, r in end.board.placed]
    buttons = [b.rect for b in end.buttons.values()]
    for i, (what, rect) in enumerate(placed):
        assert end.panel.contains(rect), what
        assert not any(rect.colliderect(b) for b in buttons), what
        assert not any(rect.colliderect(other) for _, other in placed[i + 1:]), what
    assert pygame.Rect((0, 0), end.size).contains(end.panel)


@pytest.mark.parametrize("system,target,players,size", [
    ("fools", 2, 4, (1280, 720)), ("penalty_points", None, 6, (800, 600)),
    ("basic", 2, 3, (1280, 720)), ("basic_plus", 2, 3, (800, 600)),
    ("medium", 4, 3, (1280, 720)), ("advanced", None, 3, (800, 600))])
def test_a_series_played_through_the_window_to_its_end(system, target, players, size):
    runner = _runner(system, target, players, size)
    end = play_until(runner, random.Random(2), lambda m: m.series_over)
    match = end.table.match
    assert (match.series.finished and match.series.winners) or match.human_out
    assert end.buttons["again"].text == "Play again"
    names = [p.name for p in match.settings.players]
    winners = [names[s] for s in match.series.winners]
    title = " ".join(end.board.title)
    assert "the series" in title and (all(w in title for w in winners) or "You" in title)
    assert_nothing_overlaps(end)
    assert _statistics().games == match.series.games  # each game of the series, once
    between = runner.scenes.stack[0]
    click(runner, end.buttons["again"].rect.center)  # a new series
    assert runner.scenes.top is between and match.series.games == 0
    runner.scenes.close()


def test_the_scoreboard_between_games_fits_with_six_long_names():
    s = settings_for(6)
    long = tuple(dataclasses.replace(p, name=f"{p.name} Aleksandrovna-Ivanova"[:20])
                 for p in s.players)
    s = dataclasses.replace(s, players=long, series=SeriesSettings("fools", None))
    runner = make_runner(s, size=(800, 600))
    end = play_until(runner, random.Random(3), lambda m: m.series.games >= 2)
    assert "Leading" in end.board.footer or end.board.footer == "All level"
    assert end.buttons["again"].text == "Next game"
    assert_nothing_overlaps(end)
    runner.scenes.close()


def test_advanced_the_next_deal_at_the_table_has_one_seat_fewer():
    s = dataclasses.replace(settings_for(3), series=SeriesSettings("advanced", None))
    runner = make_runner(s, thinker=ScriptedThinker())
    table = runner.scenes.top
    table.new_game(hundred_for_seat_2())  # you lead 6H, Anna covers, Boris keeps 100
    table.submit(Attack(0, (parse_card("6H"),)))
    for _ in range(600):
        if isinstance(runner.scenes.top, EndScene):
            break
        runner.frame(DT, [])
    end = runner.scenes.top
    assert isinstance(end, EndScene) and not table.match.series_over
    assert any(r.gain == "+100 fool, out" for r in end.board.rows)
    click(runner, end.buttons["again"].rect.center)
    assert table.match.state.n == table.match.n == 2
    assert table.view.names == ["You", "Anna"] and table.narrator.names == ["You", "Anna"]
    assert table.layout.n == 2 and len(table.mirror.hands) == 2
    runner.scenes.close()


def _to_the_end_screen(runner) -> EndScene:
    for _ in range(600):
        if isinstance(runner.scenes.top, EndScene):
            return runner.scenes.top
        runner.frame(DT, [])
    raise AssertionError("no end screen")


def test_advanced_when_you_are_out_the_final_table_is_shown_and_play_again_starts_afresh():
    from game.engine import Rules, from_deal

    s = dataclasses.replace(settings_for(3), series=SeriesSettings("advanced", None))
    runner = make_runner(s, thinker=ScriptedThinker())
    table = runner.scenes.top
    cards = [[parse_card(c) for c in h.split()] for h in ("AS KS QS JS", "6H", "7H")]
    table.new_game(from_deal(Rules(), cards, [], trump=0, attacker=1))
    end = _to_the_end_screen(runner)
    assert end.board.title == ["You are out of the series"]
    assert end.buttons["again"].text == "Play again"
    assert end.board.rows[-1].name == "You" and end.board.rows[-1].out  # out goes last
    assert_nothing_overlaps(end)
    click(runner, end.buttons["again"].rect.center)
    assert table.match.n == 3 and table.match.series.games == 0
    runner.scenes.close()


def test_a_team_game_is_scored_in_matchsticks_for_each_member():
    s = settings_for(4, teams=((0, 2), (1, 3)))
    runner = make_runner(s, size=(800, 600))
    end = play_until(runner, random.Random(1), lambda m: not m.state.result.draw)
    losers = end.table.match.state.result.losing_team
    gains = [r.gain for r in end.board.rows]
    assert [g == "+1 fool" for g in gains] == [s in losers for s in range(4)]
    assert_nothing_overlaps(end)
    runner.scenes.close()
