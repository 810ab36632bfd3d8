"""The move log: the last bouts in words, a panel opened and closed from the table (L)."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.session.narrate import Line

from .layout import Layout
from .text import TextCache

PANEL_BG = (8, 22, 16, 225)
BORDER = (230, 200, 120)
INK = (235, 235, 225)
FAINT = (170, 185, 170)
KEEP = 400  # lines remembered


class MoveLog:
    """Lines told so far (newest last) and whether the panel is open."""

    def __init__(self) -> None:
        self.lines: list[Line] = []
        self.open = False
        self._told = 0  # lines added or cleared so far: the wrapped rows' key
        self._wrapped: tuple[tuple[int, int, int], list[tuple[pygame.Surface, bool]]] | None \
            = None

    def add(self, line: Line) -> None:
        if not line.text:
            return  # an event told to nobody (another player's cheat, still hidden)
        self.lines.append(line)
        del self.lines[:-KEEP]
        self._told += 1

    def clear(self) -> None:
        self.lines.clear()
        self._told += 1

    def toggle(self) -> None:
        self.open = not self.open

    def draw(self, surface: pygame.Surface, layout: Layout, text: TextCache) -> None:
        if not self.open:
            return
        rect = layout.panel
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, PANEL_BG, panel.get_rect(), border_radius=10)
        pygame.draw.rect(panel, BORDER, panel.get_rect(), 2, border_radius=10)
        size = max(15, layout.ch // 7)
        title = text.render(_("Moves (L to close)"), size + 2, BORDER, bold=True)
        panel.blit(title, (10, 6))
        rows = self._rows_cached(text, size, rect.w - 20)
        room = (rect.h - title.get_height() - 16) // (size + 2)
        y = rect.h - 8 - min(room, len(rows)) * (size + 2)
        for img, new_bout in rows[-room:] if room > 0 else []:
            if new_bout:
                pygame.draw.line(panel, FAINT, (10, y), (rect.w - 10, y))
            panel.blit(img, (10, y + 1))
            y += size + 2
        surface.blit(panel, rect)

    def _rows_cached(self, text: TextCache, size: int,
                     width: int) -> list[tuple[pygame.Surface, bool]]:
        """``_rows``, wrapped again only when a line came or the panel changed size
        (wrapping every line measured every word each frame)."""
        key = (self._told, size, width)
        if self._wrapped is None or self._wrapped[0] != key:
            self._wrapped = (key, self._rows(text, size, width))
        return self._wrapped[1]

    def _rows(self, text: TextCache, size: int, width: int) -> list[tuple[pygame.Surface, bool]]:
        """Each line wrapped to ``width``, flagged where a new bout starts."""
        font = text.font(size)
        rows: list[tuple[pygame.Surface, bool]] = []
        bout = None
        for line in self.lines[-80:]:
            for i, part in enumerate(wrap(line.text, font, width)):
                color = INK if line.announce else FAINT
                rows.append((text.render(part, size, color), i == 0 and line.bout != bout))
            bout = line.bout
        return rows


def wrap(sentence: str, font: pygame.font.Font, width: int) -> list[str]:
    """``sentence`` broken into pieces no wider than ``width`` (words kept whole)."""
    out: list[str] = []
    current = ""
    for word in sentence.split():
        trial = f"{current} {word}" if current else word
        if current and font.size(trial)[0] > width:
            out.append(current)
            current = "  " + word
        else:
            current = trial
    return out + [current] if current else out
