"""The chart of the statistics screen: your fool rate over your last games, drawn with pygame."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.i18n import _, ngettext
from game.stats import Outcome

from .text import TextCache

COLOURS = {
    Outcome.FOOL: (235, 95, 80),
    Outcome.NOT_FOOL: (110, 210, 120),
    Outcome.DRAW: (170, 180, 200),
}
LINE = (255, 230, 150)
AVERAGE = (230, 200, 120)
GRID = (255, 255, 255, 40)
INK = (235, 235, 225)
FAINT = (190, 200, 190)
PANEL = (12, 30, 22, 230)


def running_rates(recent: Sequence[Outcome]) -> list[float]:
    """After each game, the share of the games so far (of these) in which you were the fool."""
    rates, fools = [], 0
    for i, outcome in enumerate(recent, 1):
        fools += outcome is Outcome.FOOL
        rates.append(fools / i)
    return rates


def x_ticks(n: int) -> list[int]:
    """Game numbers to label on the x axis: the first, every tenth, the last."""
    ticks = [1] + list(range(10, n, 10)) + [n]
    return sorted(set(t for t in ticks if 1 <= t <= n))


def chart(size: tuple[int, int], recent: Sequence[Outcome], text: TextCache,
          overall_rate: float | None) -> pygame.Surface:
    """The chart as an image of ``size``; ``text`` is the scene's TextCache."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    box = surf.get_rect()
    pygame.draw.rect(surf, PANEL, box, border_radius=12)
    pygame.draw.rect(surf, (230, 200, 120), box, 1, border_radius=12)
    n = len(recent)
    small = 18 if box.w < 700 else 20
    if n:
        title = ngettext("Your fool rate over your last %d game",
                         "Your fool rate over your last %d games", n) % n
    else:
        title = _("Your fool rate over your last games")
    heading = text.blit(surf, title, small + 4, (14, 10), LINE, bold=True)
    legend = _legend(box.w - 28, text, small, overall_rate) if n else None
    top = 40
    if legend is not None:
        beside = legend.get_width() + heading.right + 24 <= box.w - 14
        at = (box.w - 14 - legend.get_width(), 10 if beside else heading.bottom + 4)
        surf.blit(legend, at)
        top = 40 if beside else at[1] + legend.get_height() + 10
    plot = pygame.Rect(56, top, box.w - 56 - 20, max(20, box.h - top - 44))
    _axes(surf, plot, n, text, small)
    if not n:
        text.blit(surf, _("Play a game and it is counted here"), small + 2, plot.center,
                  FAINT, anchor="center")
        return surf
    if overall_rate is not None:
        _dashes(surf, plot.left, plot.right, _y(plot, overall_rate))
    _series(surf, plot, recent)
    return surf


def _x(plot: pygame.Rect, i: int, n: int) -> int:
    """Where game ``i`` (1..n) sits: spread over the plot, one game in the middle."""
    if n == 1:
        return plot.centerx
    return plot.left + 8 + round((i - 1) * (plot.w - 16) / (n - 1))


def _y(plot: pygame.Rect, rate: float) -> int:
    return plot.bottom - round(rate * plot.h)


def _axes(surf: pygame.Surface, plot: pygame.Rect, n: int, text: TextCache, small: int) -> None:
    grid = pygame.Surface(plot.size, pygame.SRCALPHA)
    for pct in (0, 25, 50, 75, 100) if plot.h >= 90 else (0, 50, 100) if plot.h >= 50 else (0, 100):
        y = _y(plot, pct / 100)
        pygame.draw.line(grid, GRID, (0, y - plot.top), (plot.w, y - plot.top))
        text.blit(surf, f"{pct}%", small, (plot.left - 8, y), FAINT, anchor="midright")
    surf.blit(grid, plot.topleft)
    pygame.draw.line(surf, FAINT, plot.bottomleft, plot.bottomright)
    pygame.draw.line(surf, FAINT, plot.topleft, plot.bottomleft)
    for i in x_ticks(n):
        x = _x(plot, i, n)
        pygame.draw.line(surf, FAINT, (x, plot.bottom), (x, plot.bottom + 4))
        text.blit(surf, str(i), small, (x, plot.bottom + 6), FAINT, anchor="midtop")
    text.blit(surf, _("games, oldest to latest"), small, (plot.centerx, plot.bottom + 24),
              FAINT, anchor="midtop")


def _legend(width: int, text: TextCache, small: int, overall_rate: float | None) -> pygame.Surface:
    """One line, right-aligned in ``width``: the dots' meanings, then the dashed line's;
    trimmed to the part actually used."""
    line = pygame.Surface((width, small + 4), pygame.SRCALPHA)
    x = width
    entries = [(_("draw"), Outcome.DRAW), (_("not the fool"), Outcome.NOT_FOOL),
               (_("fool"), Outcome.FOOL)]
    for label, outcome in entries:
        rect = text.blit(line, label, small, (x, 2), INK, anchor="topright")
        pygame.draw.circle(line, COLOURS[outcome], (rect.left - 9, rect.centery), 5)
        x = rect.left - 26
    if overall_rate is not None:
        label = _("all games: {rate}%").format(rate=round(overall_rate * 100))
        rect = text.blit(line, label, small, (x, 2), AVERAGE, anchor="topright")
        _dashes(line, rect.left - 30, rect.left - 6, rect.centery)
        x = rect.left - 32
    left = max(0, x)
    return line.subsurface((left, 0, width - left, line.get_height())).copy()


def _dashes(surf: pygame.Surface, left: int, right: int, y: int) -> None:
    """A dashed line: the fool rate over all games ever played."""
    for x in range(left, right, 12):
        pygame.draw.line(surf, AVERAGE, (x, y), (min(x + 6, right), y), 2)


def _series(surf: pygame.Surface, plot: pygame.Rect, recent: Sequence[Outcome]) -> None:
    n = len(recent)
    points = [(_x(plot, i, n), _y(plot, r)) for i, r in enumerate(running_rates(recent), 1)]
    if len(points) > 1:
        pygame.draw.lines(surf, LINE, False, points, 3)
    radius = 5 if n <= 30 else 4
    for (x, y), outcome in zip(points, recent, strict=True):
        pygame.draw.circle(surf, (12, 30, 22), (x, y), radius + 1)
        pygame.draw.circle(surf, COLOURS[outcome], (x, y), radius)
