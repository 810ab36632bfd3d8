"""The input controller alone: pygame events in, intents out, no scene needed."""

from __future__ import annotations

import pygame

from game.ui import input as intents
from game.ui.input import Focus, InputController
from tests.ui_helpers import key, mouse


class Board:
    """Two cards in a hand at x 100 and 200, the table above y 300."""

    def __init__(self) -> None:
        self.focus = Focus()

    def hand(self) -> list[int]:
        return [4, 9]

    def hand_card_at(self, pos):
        if pos[1] < 300:
            return None
        return 4 if abs(pos[0] - 100) < 40 else 9 if abs(pos[0] - 200) < 40 else None

    def target_at(self, pos):
        return ("table",) if pos[1] < 300 else None

    def card_centre(self, card):
        return (100 if card == 4 else 200), 400


def test_a_click_selects_and_a_drag_drops():
    board, c = Board(), InputController()
    assert c.handle(mouse("down", (100, 400)), board) == []
    assert c.handle(mouse("up", (100, 400)), board) == [intents.Select(4)]
    c.handle(mouse("down", (200, 400)), board)
    c.handle(mouse("move", (205, 350)), board)
    assert c.dragged == 9 and c.drag_centre() == (205, 350)
    assert c.handle(mouse("up", (205, 250)), board) == [intents.Drop(9, ("table",))]
    assert c.dragged is None


def test_a_click_on_the_table_plays_the_selection_or_clears_it():
    board, c = Board(), InputController()
    board.focus.selected = {9}
    assert c.handle(mouse("up", (50, 100)), board) == [intents.Drop(9, ("table",))]
    assert c.handle(mouse("up", (50, 500)), board) == [intents.ClearSelection()]


def test_keys_and_right_click():
    board, c = Board(), InputController()
    assert c.handle(key(pygame.K_RIGHT), board) == [intents.MoveCursor(1)]
    board.focus.cursor = 9
    assert c.handle(key(pygame.K_RETURN), board) == [intents.PlayFirst(9)]
    assert c.handle(key(pygame.K_s), board) == [intents.ShowCard(9)]
    assert c.handle(key(pygame.K_b), board) == [intents.Press("stay_done")]
    assert c.handle(key(pygame.K_l), board) == [intents.Press("log")]
    assert c.handle(key(pygame.K_ESCAPE), board) == [intents.Leave()]
    assert c.handle(mouse("down", (100, 400), button=3), board) == [intents.ShowCard(4)]
