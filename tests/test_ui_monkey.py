"""Thousands of random mouse and keyboard events over every scene: nothing breaks."""

from __future__ import annotations

import random
import sys

import pygame
import pytest

from game.ui.end import EndScene
from game.ui.start import StartScene
from game.ui.table import TableScene
from tests.ui_helpers import DT, make_runner, settings_for

KEYS = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_RETURN, pygame.K_SPACE,
        pygame.K_t, pygame.K_d, pygame.K_r, pygame.K_e, pygame.K_ESCAPE, pygame.K_a,
        pygame.K_b, pygame.K_l, pygame.K_s]


def random_event(rng: random.Random, size) -> pygame.event.Event:
    pos = (rng.randrange(size[0]), rng.randrange(size[1]))
    kind = rng.random()
    if kind < 0.3:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([1, 1, 3]))
    if kind < 0.6:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    if kind < 0.9:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))
    k = rng.choice(KEYS)
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def monkey(runner, rng, events: int, keep_alive) -> set[str]:
    """Feed ``events`` random events (a few per frame); returns the scenes seen."""
    seen = set()
    size = runner.ctx.size
    for _ in range(events // 4):
        batch = [random_event(rng, size) for _ in range(4)]
        runner.frame(DT, batch)
        runner.frame(DT)  # let the GUI's own events through
        seen.add(type(runner.scenes.top).__name__)
        if runner.scenes.quit or not runner.scenes.stack:
            runner.scenes.quit = False
            keep_alive(runner)
    return seen


def test_monkey_start_table_end():
    runner = make_runner(settings_for(3), seed=5)
    rng = random.Random(1234)

    def back_to_start(r):
        r.scenes.replace(StartScene(r.ctx))

    seen = monkey(runner, rng, 3000, back_to_start)
    assert "StartScene" in seen or "TableScene" in seen
    runner.scenes.replace(StartScene(runner.ctx))
    seen |= monkey(runner, rng, 1500, back_to_start)
    assert {"StartScene", "TableScene"} <= seen
    runner.scenes.close()


def test_monkey_on_the_end_screen():
    runner = make_runner(settings_for(3, human=False), seed=8, demo=True)
    runner.ctx.demo = True
    for _ in range(3000):
        runner.frame(DT, [])
        if isinstance(runner.scenes.top, EndScene):
            break
    assert isinstance(runner.scenes.top, EndScene)
    rng = random.Random(99)

    def new_table(r):
        r.scenes.replace(TableScene(r.ctx, settings_for(3, human=False)))

    seen = monkey(runner, rng, 1500, new_table)
    assert "EndScene" in seen
    runner.scenes.close()



CHEATING_KEYS = [pygame.K_c, pygame.K_h, pygame.K_s, pygame.K_d, pygame.K_b, pygame.K_t]


@pytest.mark.parametrize("rules", [
    {"variant": "perevodnoy", "cheating": True, "transfer_by_showing_trump": True},
    {"variant": "prostoy", "hand_size": 5, "cheating": True},
])
def test_monkey_in_cheating_mode_with_the_coach(monkeypatch, rules):
    """Random events where cheats are made, caught, let stand and hinted at (C, H, S):
    a hint against a cheat and a show of no card once stopped the game."""
    monkeypatch.setattr(sys.modules[__name__], "KEYS", KEYS + CHEATING_KEYS * 3)
    players = 2 if rules["variant"] == "prostoy" else 3
    settings = settings_for(players, **rules)
    runner = make_runner(settings, seed=11)
    rng = random.Random(77)

    def new_table(r):
        r.scenes.replace(TableScene(r.ctx, settings))

    assert "TableScene" in monkey(runner, rng, 2400, new_table)
    runner.scenes.close()
