"""The main menu's cards beside the panel: full size where there is room, smaller where
there is less, left out where small cards would not read; never on the panel."""

from __future__ import annotations

import pygame
import pytest

from game.ui import menu_art
from game.ui.art import table_background


@pytest.fixture(autouse=True)
def _display():
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))


def _widths(art) -> int:
    return max(menu_art._hand(art).get_width(), menu_art._talon(art).get_width())


def test_the_cards_keep_their_size_where_there_is_room():
    art = menu_art._fitting_art(70, 400)
    assert art is not None and art.size[0] == 70


@pytest.mark.parametrize("room", [130, 136, 150, 175])
def test_narrower_cards_where_the_room_is_less(room):
    art = menu_art._fitting_art(70, room)
    assert art is not None and menu_art.SMALLEST_CARD <= art.size[0] < 70
    assert _widths(art) <= room


def test_no_cards_where_even_the_smallest_would_not_fit():
    assert menu_art._fitting_art(70, 60) is None


@pytest.mark.parametrize("left", [40, 152, 264])
def test_the_felt_beside_the_panel_is_all_that_the_cards_change(left):
    """Drawn or left out, no card pixel lands within the margin of the panel."""
    size = (800 if left < 200 else 1024, 600)
    panel = pygame.Rect(left, 189, size[0] - 2 * left, 354)
    drawn = menu_art.menu_background(size, panel)
    felt = table_background(size)
    near = panel.inflate(2 * menu_art.MARGIN - 2, 0)
    strip_l = pygame.Rect(near.left, 0, menu_art.MARGIN - 1, size[1])
    strip_r = pygame.Rect(panel.right, 0, menu_art.MARGIN - 1, size[1])
    for strip in (strip_l, strip_r):
        assert (pygame.image.tobytes(drawn.subsurface(strip), "RGB")
                == pygame.image.tobytes(felt.subsurface(strip), "RGB"))
