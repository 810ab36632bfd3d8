"""The game's card art, drawn by our own code: faces, back, table felt and app icon.

``CardArt`` renders each face once at a large master size and smoothscales it to
the size in use, cached per size. Works headless; surfaces are converted for
fast blitting only when a display surface exists.
"""

from __future__ import annotations

import pygame

from game.ui.art_face import card_height, card_radius, make_opaque, render_face
from game.ui.art_scenery import app_icon, render_back, table_background
from game.ui.art_suits import draw_suit, suit_color

__all__ = ["CardArt", "app_icon", "draw_suit", "suit_color", "table_background",
           "MASTER_WIDTH"]

MASTER_WIDTH = 400
DECK_SIZE = 52


def _for_screen(surf: pygame.Surface) -> pygame.Surface:
    """convert_alpha when a display surface exists, else the surface unchanged."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surf.convert_alpha()
    return surf


class CardArt:
    """Card faces and back at one card width (height = round(width * 1.4))."""

    def __init__(self, card_width: int):
        self._masters: dict[int, pygame.Surface] = {}
        self._master_width = 0
        self._faces: dict[int, pygame.Surface] = {}
        self._back: pygame.Surface | None = None
        self.size = (0, 0)
        self.resize(card_width)

    def resize(self, card_width: int) -> None:
        """Switch to a new card width; clears the cached faces and back."""
        card_width = int(card_width)
        if card_width < 1:
            raise ValueError(f"card width must be positive, not {card_width}")
        self.size = (card_width, card_height(card_width))
        self._faces.clear()
        self._back = None
        # Masters do not depend on the size unless a card is wider than them.
        master_width = max(MASTER_WIDTH, card_width)
        if master_width != self._master_width:
            self._masters.clear()
            self._master_width = master_width

    def _master(self, key: int) -> pygame.Surface:
        master = self._masters.get(key)
        if master is None:
            if key < 0:
                master = render_back(self._master_width)
            else:
                master = render_face(key, self._master_width)
            self._masters[key] = master
        return master

    def _scaled(self, key: int) -> pygame.Surface:
        master = self._master(key)
        if master.get_size() == self.size:
            return _for_screen(master.copy())
        scaled = pygame.transform.smoothscale(master, self.size)
        make_opaque(scaled, card_radius(self.size[0]))
        return _for_screen(scaled)

    def face(self, card: int) -> pygame.Surface:
        """The face of ``card`` (an int as in game/engine/cards.py). Do not draw on it."""
        if not 0 <= card < DECK_SIZE:
            raise ValueError(f"no card {card}")
        surf = self._faces.get(card)
        if surf is None:
            surf = self._faces[card] = self._scaled(card)
        return surf

    def back(self) -> pygame.Surface:
        """The card back. Do not draw on it."""
        if self._back is None:
            self._back = self._scaled(-1)
        return self._back
