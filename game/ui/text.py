"""Pre-rendered text: each (string, size, colour) is rendered once."""

from __future__ import annotations

import pygame


class TextCache:
    """Fonts and rendered strings, kept between frames."""

    def __init__(self) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._images: dict[tuple, pygame.Surface] = {}

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        f = self._fonts.get(key)
        if f is None:
            f = self._fonts[key] = pygame.font.Font(None, size)
            f.set_bold(bold)
        return f

    def render(self, text: str, size: int, color=(240, 240, 230), bold: bool = False):
        key = (text, size, tuple(color), bold)
        img = self._images.get(key)
        if img is None:
            if len(self._images) > 2000:
                self._images.clear()
            img = self._images[key] = self.font(size, bold).render(text, True, color)
        return img

    def blit(self, surface, text, size, pos, color=(240, 240, 230), anchor="topleft",
             bold=False) -> pygame.Rect:
        img = self.render(text, size, color, bold)
        rect = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
        surface.blit(img, rect)
        return rect
