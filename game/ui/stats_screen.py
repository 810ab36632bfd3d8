"""The statistics screen: a row per variant and opponent level, all games, and the chart."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton, UIImage, UIScrollingContainer

from game import stats as st
from game.i18n import N_, _

from .art_scenery import PLAIN_FELT, shaded_table
from .cover import Cover
from .names import variant_title
from .scene import Scene
from .stats_chart import chart
from .text import TextColor

if TYPE_CHECKING:
    from .context import Context

LEVEL_NAMES = {"random": N_("Random"), "easy": N_("Easy"), "normal": N_("Normal"),
               "hard": N_("Hard"), "expert": N_("Expert")}
# (heading, share of the width); the first two are names, left-aligned
COLUMNS = ((N_("Variant"), 1.85), (N_("Opponents"), 1.35), (N_("Games"), 1.0),
           (N_("Fools"), 1.0), (N_("Fool rate"), 1.0), (N_("Draws"), 1.0),
           (N_("Series won"), 1.1), (N_("Best run"), 1.15), (N_("Current run"), 1.15))
SCROLLBAR = 20
MIN_FONT = 12
GOLD = (255, 230, 150)
INK = (235, 235, 225)


def cells(tally: st.Tally) -> list[str]:
    """The numbers of a row as shown: games, fools, fool rate, draws, series, runs."""
    rate = tally.fool_rate
    shown = "-" if rate is None else f"{round(rate * 100)}%"
    return [str(tally.games), str(tally.fools), shown, str(tally.draws),
            str(tally.series_won), str(tally.best_run), str(tally.current_run)]


def row_texts(stats: st.Stats) -> list[list[str]]:
    """Every row of the table as the player reads it, weakest level first."""
    return [[variant_title(v), _(LEVEL_NAMES.get(lv, lv)), *cells(t)]
            for (v, lv), t in stats.ordered()]


def column_rects(width: int, height: int) -> list[pygame.Rect]:
    """The cells of one row at y = 0, sharing ``width`` out as COLUMNS says."""
    total = sum(share for _name, share in COLUMNS)
    rects, x = [], 0
    for _name, share in COLUMNS:
        cw = round(width * share / total)
        rects.append(pygame.Rect(x, 0, cw, height))
        x += cw
    return rects


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """``text`` in lines no wider than ``width`` (a single long word stays whole)."""
    lines: list[str] = []
    for word in text.split():
        if lines and font.size(f"{lines[-1]} {word}")[0] <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


class StatsScene(Scene):
    """Covers the screen below it (and hides that screen's widgets) until Back or Esc."""

    def __init__(self, ctx: Context, path: Path | None = None) -> None:
        self.ctx = ctx
        self.stats, message = st.load(path or st.default_path())
        self.messages = [message] if message else []
        self.mine: list[UIElement] = []
        self.below = Cover(ctx.gui)  # the widgets of the screens below, hidden
        self.widgets: dict[str, UIElement] = {}
        self._images: dict[str, pygame.Surface] | None = None
        self.resize(ctx.size)

    # --- building ----------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self._kill_mine()
        self.below.hide_below(self.mine)
        self._layout(size)
        self._build()
        self._images = None

    def _layout(self, size: tuple[int, int]) -> None:
        w, h = size
        compact = h < 560  # a short window: smaller title, rows and button
        self.width = min(w - 40, 1100)
        x0 = (w - self.width) // 2
        self.row_h = 22 if compact else 24 if h < 700 else 26
        self.font = 18 if w < 700 else 20 if w < 1000 else 24
        self.head_font = self._heading_font()
        self.title = (44, 6) if compact else (60, 14)  # size, top
        self.message_lines = [line for msg in self.messages
                              for line in wrap(msg, self.ctx.text.font(20), w - 40)][:4]
        top = (52 if compact else 74) + 22 * len(self.message_lines)
        button = pygame.Rect(0, 0, 160, 32 if compact else 40)
        button.midbottom = (w // 2, h - (8 if compact else 14))
        header_h = self.row_h * (2 if self._headings_wrap() else 1)
        rows = max(1, len(self.stats.rows))
        min_chart = max(140, int(h * 0.4)) if compact else max(170, min(216, int(h * 0.36)))
        room = button.top - 14 - min_chart - 16 - top - header_h - self.row_h - 8
        self.scrolls = rows * self.row_h > room
        # the scroll bar's room is kept off every row, so the heading and rows line up
        self.table_width = self.width - (SCROLLBAR if self.scrolls else 0)
        self.header_rect = pygame.Rect(x0, top, self.width, header_h)
        self.body_rect = pygame.Rect(x0, self.header_rect.bottom + 4, self.width,
                                     max(self.row_h, min(rows * self.row_h, room)))
        self.total_rect = pygame.Rect(x0, self.body_rect.bottom + 4, self.width, self.row_h)
        chart_top = self.total_rect.bottom + 16
        chart_h = max(90, min(360, button.top - 10 - chart_top))  # tiny windows: no crash
        self.chart_rect = pygame.Rect(x0, chart_top, self.width, chart_h)
        self.button_rect = button
        self.panel = pygame.Rect(x0 - 12, top - 6, self.width + 24,
                                 self.total_rect.bottom + 6 - (top - 6))

    def _heading_font(self) -> int:
        """The largest size up to the rows' at which every word of every heading fits."""
        narrowest = column_rects(self.width - SCROLLBAR, 20)
        size = self.font
        while size > 14 and any(
                self.ctx.text.font(size, True).size(word)[0] > rect.w - 6
                for (name, _share), rect in zip(COLUMNS, narrowest, strict=True)
                for word in _(name).split()):
            size -= 1
        return size

    def _headings_wrap(self) -> bool:
        font = self.ctx.text.font(self.head_font, True)
        narrowest = column_rects(self.width - SCROLLBAR, self.row_h)
        return any(font.size(_(name))[0] > rect.w - 6
                   for (name, _share), rect in zip(COLUMNS, narrowest, strict=True))

    def _build(self) -> None:
        gui = self.ctx.gui
        back = UIButton(self.button_rect, _("Back"), gui, object_id="#back")
        box = UIScrollingContainer(self.body_rect, gui, allow_scroll_x=False)
        texts = row_texts(self.stats)
        body = self._body_image(texts)
        box.set_scrollable_area_dimensions(body.get_size())
        image = UIImage(body.get_rect(), body, gui, container=box)
        self.mine = [back, box, image]
        self.widgets = {"back": back, "rows": box}
        self.rows_shown = len(texts)

    def _columns(self, height: int | None = None) -> list[pygame.Rect]:
        return column_rects(self.table_width, height or self.row_h)

    def _row(self, surf: pygame.Surface, y: int, texts: list[str], colour: TextColor,
             bold: bool = False, height: int | None = None) -> None:
        """One row of cells; with ``height`` (the headings) a long cell goes on two lines."""
        for i, (cell, rect) in enumerate(zip(texts, self._columns(height), strict=True)):
            rect = rect.move(0, y)
            size = self.head_font if height else self._fitting(cell, bold, rect.w - 12)
            font = self.ctx.text.font(size, bold)
            lines = wrap(cell, font, rect.w - 6) if height else [cell]
            top = rect.centery - len(lines) * font.get_linesize() // 2
            for j, line in enumerate(lines):
                img = self.ctx.text.render(line, size, colour, bold)
                at = img.get_rect(top=top + j * font.get_linesize())
                if i < 2:
                    at.left = rect.left + 8
                else:
                    at.centerx = rect.centerx
                surf.blit(img, at)

    def _fitting(self, cell: str, bold: bool, room: int) -> int:
        """The rows' font size, or a smaller one (down to MIN_FONT) at which ``cell``
        fits in ``room`` pixels: a long game title, say "Переводной северный"."""
        size = self.font
        while size > MIN_FONT and self.ctx.text.font(size, bold).size(cell)[0] > room:
            size -= 1
        return size

    def _body_image(self, texts: list[list[str]]) -> pygame.Surface:
        width = self.table_width
        surf = pygame.Surface((width, max(1, len(texts)) * self.row_h), pygame.SRCALPHA)
        if not texts:
            self.ctx.text.blit(surf, _("No games yet: the games you play are counted here"),
                               self.font, (width // 2, self.row_h // 2), INK, anchor="center")
        for i, row in enumerate(texts):
            if i % 2 == 0:
                pygame.draw.rect(surf, (255, 255, 255, 18), (0, i * self.row_h, width,
                                                             self.row_h))
            self._row(surf, i * self.row_h, row, INK)
        return surf

    def _kill_mine(self) -> None:
        for el in self.mine:
            el.kill()
        self.mine, self.widgets = [], {}

    def close(self) -> None:
        self._kill_mine()
        self.below.lift()

    # --- input -------------------------------------------------------------------

    def handle_event(self, e: pygame.event.Event) -> None:
        pressed = e.type == pygame_gui.UI_BUTTON_PRESSED and e.ui_element is self.widgets.get(
            "back")
        if pressed or (e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE):
            self.back()

    def back(self) -> None:
        if self.manager.top is self:
            self.manager.pop()

    # --- drawing -----------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self._images is None or self._images["background"].get_size() != self.size:
            self._images = self._render()

    def _render(self) -> dict[str, pygame.Surface]:
        background = shaded_table(self.size, self.panel, 120, 14)
        headings = [_(name) for name, _share in COLUMNS]
        header = pygame.Surface(self.header_rect.size, pygame.SRCALPHA)
        self._row(header, 0, headings, GOLD, bold=True, height=self.header_rect.h)
        total = pygame.Surface(self.total_rect.size, pygame.SRCALPHA)
        pygame.draw.line(total, GOLD, (0, 0), (self.width, 0))
        self._row(total, 0, [_("All games"), "", *cells(self.stats.overall)], GOLD, bold=True)
        overall = self.stats.overall
        graph = chart(self.chart_rect.size, overall.recent, self.ctx.text, overall.fool_rate)
        return {"background": background, "header": header, "total": total, "chart": graph}

    def draw(self, surface: pygame.Surface) -> None:
        images = self._images
        if images is None or images["background"].get_size() != surface.get_size():
            surface.fill(PLAIN_FELT)
            return
        surface.blit(images["background"], (0, 0))
        w = surface.get_width()
        text = self.ctx.text
        size, top = self.title
        title = text.blit(surface, _("Statistics"), size, (w // 2, top), GOLD, anchor="midtop",
                          bold=True)
        for i, line in enumerate(self.message_lines):
            text.blit(surface, line, 20, (w // 2, title.bottom + 2 + 22 * i), (255, 170, 150),
                      anchor="midtop")
        surface.blit(images["header"], self.header_rect)
        surface.blit(images["total"], self.total_rect)
        surface.blit(images["chart"], self.chart_rect)
