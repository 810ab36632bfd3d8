"""A window twice 1920x1080 or more (a 4K screen in full screen) is drawn at a whole
fraction of its size and scaled up; the mouse is read in the drawing's pixels."""

from __future__ import annotations

import pygame

from game.engine import parse_card
from game.engine.actions import Attack
from game.ui.runner import ui_scale
from tests.ui_helpers import (
    OTHER,
    TALON,
    ScriptedThinker,
    card_pos,
    click,
    deal,
    drag,
    make_runner,
    settings_for,
)


def test_the_scale_is_whole_and_one_up_to_twice_full_hd():
    assert [ui_scale(s) for s in ((640, 360), (1920, 1080), (2560, 1440), (3839, 2160))] == [
        1, 1, 1, 1]
    assert ui_scale((3840, 2160)) == 2 and ui_scale((7680, 4320)) == 4
    assert ui_scale((3840, 1080)) == 1  # both ways or not at all


def test_a_4k_window_draws_the_table_at_half_size_and_reads_the_mouse_there():
    r = make_runner(settings_for(2), ScriptedThinker(), size=(3840, 2160))
    assert r.scale == 2 and r.ctx.size == (1920, 1080)
    table = deal(r, ["6S 7S 8H 9C 10D JC", OTHER], TALON, "C", attacker=0)
    assert table.layout.w == 1920
    r.frame(1 / 60, [])
    assert r.canvas is not None
    x, y = table.buttons["log"].rect.center  # in the drawing's pixels
    assert r.screen.get_at((2 * x, 2 * y)) == r.canvas.get_at((x, y))  # scaled up whole

    def window(p):
        return (2 * int(p[0]), 2 * int(p[1]))

    click(r, window((x, y)))  # where the player sees the button on the screen
    assert table.log.open
    click(r, window((x, y)))
    drag(r, window(card_pos(table, "8H")), window(table.layout.table.center))
    assert any(isinstance(a, Attack) and a.cards == (parse_card("8H"),) for a in r.actions)
    r.scenes.close()


def test_back_to_a_smaller_window_draws_at_its_own_size_again():
    r = make_runner(settings_for(2), ScriptedThinker(), size=(3840, 2160))
    pygame.display.set_mode((1280, 720))
    r.resize((1280, 720))
    assert r.scale == 1 and r.canvas is None and r.ctx.size == (1280, 720)
    r.scenes.close()
