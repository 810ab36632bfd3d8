"""The card art, or plain stand-ins while (or if) game.ui.art is missing."""

from __future__ import annotations

import pygame

from game.engine.cards import card_str, suit_of

SUIT_LETTERS = "SHDC"
RED = (200, 24, 36)
BLACK = (28, 28, 34)


def _art_module():
    try:
        from game.ui import art
    except Exception:  # noqa: BLE001 - the art is optional until it lands
        return None
    return art


class PlainCards:
    """Rectangles with text: the stand-in for CardArt."""

    def __init__(self, card_width: int) -> None:
        self.resize(card_width)

    def resize(self, w: int) -> None:
        self.size = (w, int(w * 1.4))
        self._faces: dict[int, pygame.Surface] = {}
        self._back = None

    def face(self, card: int) -> pygame.Surface:
        surf = self._faces.get(card)
        if surf is None:
            surf = pygame.Surface(self.size, pygame.SRCALPHA)
            pygame.draw.rect(surf, (250, 250, 245), surf.get_rect(), border_radius=6)
            pygame.draw.rect(surf, (60, 60, 60), surf.get_rect(), 1, border_radius=6)
            font = pygame.font.Font(None, max(12, self.size[0] // 3))
            color = suit_color(suit_of(card))
            surf.blit(font.render(card_str(card), True, color), (4, 4))
            self._faces[card] = surf
        return surf

    def back(self) -> pygame.Surface:
        if self._back is None:
            surf = pygame.Surface(self.size, pygame.SRCALPHA)
            pygame.draw.rect(surf, (40, 70, 150), surf.get_rect(), border_radius=6)
            pygame.draw.rect(surf, (230, 230, 230), surf.get_rect(), 2, border_radius=6)
            self._back = surf
        return self._back


def card_art(card_width: int):
    """CardArt(card_width) from game.ui.art, or PlainCards."""
    art = _art_module()
    if art is not None and hasattr(art, "CardArt"):
        try:
            return art.CardArt(card_width)
        except Exception:  # noqa: BLE001
            pass
    return PlainCards(card_width)


def suit_color(suit: int):
    art = _art_module()
    if art is not None and hasattr(art, "suit_color"):
        return art.suit_color(suit)
    return RED if suit in (1, 2) else BLACK


def draw_suit(surface: pygame.Surface, suit: int, rect: pygame.Rect, color) -> None:
    art = _art_module()
    if art is not None and hasattr(art, "draw_suit"):
        art.draw_suit(surface, suit, rect, color)
        return
    font = pygame.font.Font(None, max(10, rect.h))
    img = font.render(SUIT_LETTERS[suit], True, color)
    surface.blit(img, img.get_rect(center=rect.center))


def table_background(size: tuple[int, int]) -> pygame.Surface:
    art = _art_module()
    if art is not None and hasattr(art, "table_background"):
        try:
            return art.table_background(size)
        except Exception:  # noqa: BLE001
            pass
    surf = pygame.Surface(size)
    surf.fill((22, 92, 56))
    return surf


def app_icon(size: int) -> pygame.Surface | None:
    art = _art_module()
    if art is not None and hasattr(art, "app_icon"):
        try:
            return art.app_icon(size)
        except Exception:  # noqa: BLE001
            return None
    return None
