"""The move log's panel: what it draws follows the lines told, wrapped once a line."""

from __future__ import annotations

import pygame

from game.session.narrate import Line
from game.ui.move_log import MoveLog
from tests.ui_helpers import make_runner, settings_for


def drawn(log: MoveLog, runner, table) -> bytes:
    runner.screen.fill((0, 0, 0))
    log.draw(runner.screen, table.layout, runner.ctx.text)
    return pygame.image.tobytes(runner.screen.subsurface(table.layout.panel), "RGB")


def test_the_panel_shows_each_new_line_and_a_cleared_log():
    runner = make_runner(settings_for(2))
    table = runner.scenes.top
    log = MoveLog()
    log.toggle()
    log.add(Line("Anna leads the 6 of spades", False, 1))
    first = drawn(log, runner, table)
    assert drawn(log, runner, table) == first  # the same lines, the same panel
    log.add(Line("You beat the 6 of spades with the 9 of spades", False, 1))
    second = drawn(log, runner, table)
    assert second != first
    log.add(Line("", False, 1))  # told to nobody: not a line
    assert drawn(log, runner, table) == second
    log.clear()
    empty = drawn(log, runner, table)
    assert empty not in (first, second) and not log.lines
    log.add(Line("Anna leads the 6 of spades", False, 1))
    assert drawn(log, runner, table) == first  # the same line drawn again after the clear
    runner.scenes.close()
