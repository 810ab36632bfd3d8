"""The start screen offers the scoring system and its target."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.config import SeriesSettings
from game.ui.start import StartScene
from tests.test_ui_start import choose
from tests.ui_helpers import DT, make_runner, settings_for


def start_screen(settings, size=(1280, 720)):
    runner = make_runner(settings, size=size)
    start = StartScene(runner.ctx)
    runner.scenes.replace(start)
    runner.frame(DT, [])
    return runner, start


def test_the_scoring_system_and_target_chosen_reach_the_table():
    runner, start = start_screen(settings_for(3))
    assert start.widgets["system"].selected_option[1] == "fools"
    assert start.widgets["target"].selected_option[1] == "null"
    choose(runner, start, "system", "penalty_points")
    assert [v for _, v in start.widgets["target"].options_list] == ["4", "5", "6"]
    choose(runner, start, "target", "5")
    assert start.chosen_settings().series == SeriesSettings("penalty_points", 5)
    choose(runner, start, "system", "medium")  # its own targets, the default first
    assert start.widgets["target"].selected_option[1] == "6"
    assert start.chosen_settings().series == SeriesSettings("medium", None)
    runner.scenes.close()


def test_a_team_game_is_offered_only_endless_matchsticks():
    s = dataclasses.replace(settings_for(4), series=SeriesSettings("basic", 5))
    runner, start = start_screen(s)
    assert start.widgets["target"].selected_option[1] == "5"
    choose(runner, start, "teams", "true")
    assert [v for _, v in start.widgets["system"].options_list] == ["fools"]
    assert [v for _, v in start.widgets["target"].options_list][0] == "null"
    chosen = start.chosen_settings()
    assert chosen.rules.teams and chosen.series == SeriesSettings()
    chosen.check()
    runner.scenes.close()


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_the_form_with_six_players_fits_the_window(size):
    """The buttons and panels lie in the window, apart; in a panel every row is as
    wide as the panel less its scroll bar, and no two widgets overlap."""
    runner, start = start_screen(settings_for(6), size)
    window = pygame.Rect((0, 0), size)
    rects = [el.rect for el in start.elements] + [p.scroll.rect for p in start.panels]
    for i, rect in enumerate(rects):
        assert window.contains(rect), rect
        assert not any(rect.colliderect(other) for other in rects[i + 1:]), rect
    for panel in start.panels:
        inner = panel.scroll.get_container().elements
        left = panel.scroll.rect.left
        for i, el in enumerate(inner):
            assert left <= el.rect.left and el.rect.right <= left + panel.width, el.rect
            assert not any(el.rect.colliderect(o.rect) for o in inner[i + 1:]), el.rect
    runner.scenes.close()
