"""Pre-rendered text: each (string, size, colour) is rendered once."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

import pygame

if TYPE_CHECKING:
    from pygame.typing import Point

# A colour as the cache keys it: an RGB(A) tuple or a pygame.Color (both give tuple()).
TextColor: TypeAlias = "tuple[int, ...] | pygame.Color"
BOX_PAD = (28, 14)  # how much wider and taller than its lines a ``TextCache.box`` is


class TextCache:
    """Fonts and rendered strings, kept between frames."""

    def __init__(self) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._images: dict[tuple[str, int, tuple[int, ...], bool], pygame.Surface] = {}

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        f = self._fonts.get(key)
        if f is None:
            f = self._fonts[key] = pygame.font.Font(None, size)
            f.set_bold(bold)
        return f

    def render(self, text: str, size: int, color: TextColor = (240, 240, 230),
               bold: bool = False) -> pygame.Surface:
        key = (text, size, tuple(color), bold)
        img = self._images.get(key)
        if img is None:
            if len(self._images) > 2000:
                self._images.clear()
            img = self._images[key] = self.font(size, bold).render(text, True, color)
        return img

    def elide(self, text: str, size: int, width: int, bold: bool = False) -> str:
        """``text`` cut to ``width`` pixels, an ellipsis ending a cut."""
        font = self.font(size, bold)
        if font.size(text)[0] <= width:
            return text
        room = max(1, width - font.size("…")[0])
        return text[:_fitting(font, text, room)].rstrip() + "…"

    def box(self, surface: pygame.Surface, text: str, size: int, color: TextColor, width: int,
            ground: tuple[int, int, int, int], radius: int,
            border: TextColor | None = None, **anchor: Point) -> pygame.Rect:
        """Bold ``text`` in lines no wider than ``width``, each centred, on a translucent
        ``ground`` BOX_PAD wider and taller, placed by ``anchor`` (``midtop=``,
        ``midbottom=``), outlined in ``border`` if given; the ground's rect."""
        panel = self.panel(text, size, color, width, ground, radius, border)
        rect = panel.get_rect(**anchor)
        surface.blit(panel, rect)
        return rect

    def panel(self, text: str, size: int, color: TextColor, width: int,
              ground: tuple[int, int, int, int], radius: int,
              border: TextColor | None = None) -> pygame.Surface:
        """What ``box`` draws, not yet placed: for a caller that places it by its size."""
        images = [self.render(line, size, color, bold=True)
                  for line in self.wrap(text, size, width, bold=True)]
        pad_x, pad_y = BOX_PAD
        panel = pygame.Surface((max(img.get_width() for img in images) + pad_x,
                                sum(img.get_height() for img in images) + pad_y),
                               pygame.SRCALPHA)
        pygame.draw.rect(panel, ground, panel.get_rect(), border_radius=radius)
        if border is not None:
            pygame.draw.rect(panel, border, panel.get_rect(), 2, border_radius=radius)
        y = pad_y // 2
        for img in images:
            panel.blit(img, img.get_rect(midtop=(panel.get_width() // 2, y)))
            y += img.get_height()
        return panel

    def balanced(self, text: str, size: int, width: int, bold: bool = False) -> int:
        """The narrowest width up to ``width`` that wraps ``text`` in no more lines than
        ``width`` does: lines of even length, not a long one and a lone last word."""
        lines = len(self.wrap(text, size, width, bold))
        lo, hi = width // max(1, lines) - 1, width
        while hi - lo > 4:
            mid = (lo + hi) // 2
            if len(self.wrap(text, size, mid, bold)) <= lines:
                hi = mid
            else:
                lo = mid
        return hi

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """``text`` in lines no wider than ``width`` pixels, broken between words; a
        word wider than a line (a long file path) is broken where it must be."""
        font = self.font(size, bold)
        lines: list[str] = []
        line = ""
        for word in text.split():
            joined = f"{line} {word}" if line else word
            if font.size(joined)[0] <= width:
                line = joined
                continue
            if line:
                lines.append(line)
            line = word
            while font.size(line)[0] > width and len(line) > 1:
                cut = _fitting(font, line, width)
                lines.append(line[:cut])
                line = line[cut:]
        if line:
            lines.append(line)
        return lines

    def blit(self, surface: pygame.Surface, text: str, size: int, pos: Point,
             color: TextColor = (240, 240, 230), anchor: str = "topleft",
             bold: bool = False, inside: bool = False) -> pygame.Rect:
        """Drawn at ``pos`` by ``anchor``; ``inside``: moved as little as needed to lie
        whole on the surface, 4 pixels in (a label centred under a pile near the edge)."""
        img = self.render(text, size, color, bold)
        rect = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
        if inside:
            rect.clamp_ip(surface.get_rect().inflate(-8, -8))
        surface.blit(img, rect)
        return rect


def _fitting(font: pygame.font.Font, text: str, width: int) -> int:
    """How many leading characters of ``text`` fit in ``width`` (at least one)."""
    low, high = 1, len(text)
    while low < high:
        mid = (low + high + 1) // 2
        if font.size(text[:mid])[0] <= width:
            low = mid
        else:
            high = mid - 1
    return low
