"""The coach in Russian, at 1280x720 and 800x600: the hint at the table, the take-back
button, the review and a position in it; every text translated and inside its room."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.ui import review as review_ui
from game.ui.pause_menu import PauseMenu
from game.ui.thinker import InlineThinker
from tests.test_review import Inline
from tests.test_ui_russian import SIZES, Drawn, check
from tests.ui_helpers import (
    DT,
    ScriptedThinker,
    frames,
    key,
    make_runner,
    play_to_end_screen,
    settings_for,
    settle,
)

pytestmark = pytest.mark.usefixtures("russian")


def practice_settings():
    s = settings_for(2)
    return dataclasses.replace(s, ui=dataclasses.replace(s.ui, practice=True))


@pytest.mark.parametrize("size", SIZES)
def test_the_hint_in_russian(size):
    runner = make_runner(practice_settings(), InlineThinker(), size=size, seed=7)
    try:
        table = runner.scenes.top
        settle(runner)
        table.submit(table.legal()[0])
        for _ in range(300):  # until the player may act again, with a move to take back
            runner.frame(DT, [])
            if table.match.waits_for(table.human) and not table.player.busy:
                break
        drawn = Drawn(runner)
        runner.frame(DT, [key(pygame.K_h)])
        frames(runner, 3)
        assert table.coach.hint is not None
        check(runner, drawn, f"hint {size}", panel_width=table.layout.table.w)
        assert table.buttons["undo"].visible and table.buttons["hint"].visible
    finally:
        runner.scenes.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_review_in_russian(size, monkeypatch):
    monkeypatch.setattr(review_ui, "make_executor", Inline)
    monkeypatch.setattr(review_ui, "BUDGET", {"iterations": 4, "deals": 12})
    runner = make_runner(settings_for(2), ScriptedThinker(), size=size, seed=5)
    try:
        table = runner.scenes.top
        end = play_to_end_screen(runner)
        drawn = Drawn(runner)
        frames(runner, 2)
        check(runner, drawn, f"end with review {size}")  # the third button fits
        end.open_review()
        scene = runner.scenes.top
        drawn = Drawn(runner)
        frames(runner, 3)
        assert scene.findings
        check(runner, drawn, f"review {size}", panel_width=scene.panel.width)
        drawn = Drawn(runner)
        scene.look(scene.findings[0])
        frames(runner, 2)
        check(runner, drawn, f"review position {size}", panel_width=table.layout.table.w)
    finally:
        runner.scenes.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_pause_menus_practice_switch_in_russian(size):
    runner = make_runner(settings_for(2), size=size)
    try:
        settle(runner)
        drawn = Drawn(runner)
        runner.frame(DT, [key(pygame.K_ESCAPE)])
        frames(runner, 3)
        assert isinstance(runner.scenes.top, PauseMenu) and "practice" in runner.scenes.top.fields
        check(runner, drawn, f"pause menu {size}")
    finally:
        runner.scenes.close()
