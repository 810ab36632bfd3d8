"""A whole game played through the UI with synthetic input for the human seat."""

from __future__ import annotations

import random

import pygame

from game.engine.actions import Attack, Defend, Exchange, Pass, Show, Take, Transfer
from game.ui.end import EndScene
from tests.ui_helpers import DT, card_pos, drag, key, make_runner, settings_for, settle

KEYS = {Take: pygame.K_t, Pass: pygame.K_d, Exchange: pygame.K_e, Show: pygame.K_s}


def perform(runner, table, action) -> None:
    """Do ``action`` the way a person would: drag a card, or press a key."""
    if isinstance(action, Attack):
        rect = table.layout.table
        drag(runner, card_pos(table, _name(action.cards[0])), (rect.left + 8, rect.bottom - 8))
    elif isinstance(action, Defend):
        drag(runner, card_pos(table, _name(action.card)), card_pos(table, _name(action.attack)))
    elif isinstance(action, Transfer):
        drag(runner, card_pos(table, _name(action.cards[0])), table.overlay.transfer_rect.center)
    else:
        runner.frame(DT, [key(KEYS[type(action)])])


def _name(card: int) -> str:
    from game.engine import card_str

    return card_str(card)


def play_to_the_end(variant: str, seed: int) -> None:
    runner = make_runner(settings_for(3, variant=variant), seed=seed)
    table = runner.scenes.top
    rng = random.Random(seed)
    for _ in range(400):
        settle(runner)
        if isinstance(runner.scenes.top, EndScene):
            break
        if table.match.finished:
            continue
        options = [a for a in table.legal()
                   if not isinstance(a, Attack | Transfer) or len(a.cards) == 1]
        if not options:
            continue
        action = rng.choice(options)
        before = len(runner.actions)
        perform(runner, table, action)
        # A computer may move during the drag; then the drop is judged on the new state.
        assert action in runner.actions[before:] or table.overlay.message
    for _ in range(200):
        if isinstance(runner.scenes.top, EndScene):
            break
        runner.frame(DT, [])
    assert isinstance(runner.scenes.top, EndScene)
    assert table.match.finished and table.match.series.games == 1
    runner.scenes.close()


def test_whole_game_podkidnoy():
    play_to_the_end("podkidnoy", seed=11)


def test_whole_game_perevodnoy():
    play_to_the_end("perevodnoy", seed=12)
