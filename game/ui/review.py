"""After a game: the three moves of the player's the expert liked least.

The judging runs in a worker process (``make_executor``), one job per decision, so
the screen shows its progress and never waits. Each row gives the move made and
the move the expert preferred; a click on it shows the table as it was then
(read-only), with both moves marked.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.i18n import _, ngettext
from game.session.explain import describe
from game.session.match import replay
from game.session.review import Finding, Review

from .coach import HINT_COLOR, move_rects, sentence_band
from .layout import Layout, placements
from .mirror import Mirror
from .overlay import Overlay, transfer_zone
from .placing import bout_card_rects, sentence_place
from .scene import Scene
from .sprites import SpriteSet

if TYPE_CHECKING:
    from .context import Context
    from .table import TableScene

BUDGET: dict[str, Any] = {}  # the judging's budget (assess's defaults); tests make it small
CHOSEN_COLOR = (255, 130, 110)
ROW_TEXT, ROWS_TOP = 21, 126  # the rows' text size, and their top below the panel's
SCROLL_STEP = 40  # pixels the list moves for a wheel notch or an arrow key
PANEL_BG, PANEL_EDGE, TITLE = (12, 30, 22), (230, 200, 120), (255, 230, 150)


def make_executor() -> Executor:
    """One worker process for the judging (the game's process keeps the frame); a
    thread if no process can be started."""
    try:
        return ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    except Exception:  # noqa: BLE001 - no processes here: a thread still keeps the frame going
        return ThreadPoolExecutor(max_workers=1)


def loss_words(finding: Finding) -> str:
    """What the move cost: exactly, or as an estimate."""
    a = finding.assessment
    if a.exact and a.loss >= 1.0:
        return _("with best play on both sides, a won game became a lost one")
    if a.exact:
        return _("with best play on both sides, a win became a draw, or a draw a loss")
    # the chance of winning, in points: "58% fewer" read as a share of the games won
    pct = max(1, round(a.loss * 100))
    return ngettext("about {pct} game in 100 fewer won", "about {pct} games in 100 fewer won",
                    pct).format(pct=pct)


@dataclass(frozen=True, slots=True)
class Row:
    """One finding in the list: where a click picks it and its lines of text."""

    rect: pygame.Rect
    finding: Finding
    lines: list[tuple[str, tuple[int, int], tuple[int, int, int], bool]]


class ReviewScene(Scene):
    """A panel over the end screen: progress, then the rows; or one position."""

    def __init__(self, ctx: Context, table: TableScene) -> None:
        self.ctx = ctx
        self.table = table
        match = table.match
        self.executor: Executor | None = None
        self.review: Review | None = None
        opening = match.opening()
        if opening is not None and match.human is not None:
            args = (opening, list(match.actions), match.human)
            seed = match.seed * 31 + match.game
            self.executor = make_executor()
            try:
                self.review = Review(*args, self.executor, seed, **BUDGET)
            except Exception:  # noqa: BLE001 - no worker process could start: a thread
                self.executor.shutdown(wait=False, cancel_futures=True)
                self.executor = ThreadPoolExecutor(max_workers=1)
                self.review = Review(*args, self.executor, seed, **BUDGET)
        self.findings: list[Finding] | None = None
        self.looking: tuple[Finding, Mirror, SpriteSet, Layout] | None = None
        self.caption_rect: pygame.Rect | None = None  # where the position's words were drawn
        self.rows: list[Row] = []
        self.scroll = 0  # how far the list is scrolled up, in pixels
        self.back: pygame_gui.elements.UIButton | None = None
        self.resize(ctx.size)

    # --- scene ----------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        self.panel = pygame.Rect(0, 0, min(760, w - 40), min(560, h - 40))
        self.panel.center = (w // 2, h // 2)
        rect = pygame.Rect(0, 0, 160, 40)
        rect.midbottom = (self.panel.centerx, self.panel.bottom - 14)
        top = self.panel.top + ROWS_TOP - 8
        self.room = pygame.Rect(self.panel.left + 8, top, self.panel.width - 16,
                                max(40, rect.top - 8 - top))  # where the rows show
        if self.back is None:
            self.back = pygame_gui.elements.UIButton(rect, _("Back"), self.ctx.gui,
                                                     object_id="#review_back")
        else:
            self.back.set_relative_position(rect.topleft)
            self.back.set_text(_("Back"))
        if self.looking is not None:
            self.look(self.looking[0])
        self.rows = self._rows()
        self.scroll = 0

    def close(self) -> None:
        if self.back is not None:
            self.back.kill()
            self.back = None
        if self.review is not None:
            self.review.cancel()
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = None

    def update(self, dt: float) -> None:
        r = self.review
        if self.findings is None and r is not None and r.finished and not r.failed:
            self.findings = r.findings()
            self.rows = self._rows()
            self.scroll = 0

    def handle_event(self, e: pygame.event.Event) -> None:
        pressed = e.type == pygame_gui.UI_BUTTON_PRESSED and e.ui_element is self.back
        if pressed or e.type == pygame.KEYDOWN and e.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.leave()
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            self.click(e.pos)
        elif e.type == pygame.MOUSEWHEEL and self.looking is None:
            self.scroll_by(-e.y * SCROLL_STEP)
        elif e.type == pygame.KEYDOWN and self.looking is None:
            steps = {pygame.K_UP: -SCROLL_STEP, pygame.K_DOWN: SCROLL_STEP,
                     pygame.K_PAGEUP: -self.room.h, pygame.K_PAGEDOWN: self.room.h}
            if e.key in steps:
                self.scroll_by(steps[e.key])

    @property
    def max_scroll(self) -> int:
        """How far the list can scroll: the rows' foot to the foot of their room."""
        return max(0, self.rows[-1].rect.bottom + 6 - self.room.bottom) if self.rows else 0

    def scroll_by(self, pixels: int) -> None:
        self.scroll = min(self.max_scroll, max(0, self.scroll + pixels))

    def leave(self) -> None:
        """Back from a position to the list, from the list to the end screen."""
        if self.looking is not None:
            self.looking = None
            if self.back is not None:
                self.back.show()
        else:
            self.manager.pop()

    def click(self, pos: tuple[int, int]) -> None:
        if self.looking is not None:
            self.leave()
            return
        if not self.room.collidepoint(pos):
            return
        row = next((row for row in self.rows
                    if row.rect.move(0, -self.scroll).collidepoint(pos)), None)
        if row is not None:
            self.look(row.finding)

    # --- one position ---------------------------------------------------------------------

    def look(self, finding: Finding) -> None:
        """The table as it was at ``finding``'s decision, as the player saw it."""
        t = self.table
        record = t.match.record
        assert record is not None, "a review is made only of a game dealt from a seed"
        mirror = Mirror(t.match.n, t.settings.rules.deck)
        for e in replay(record, finding.decision.index)[1]:
            mirror.apply(e)
        mirror.trump_arriving = mirror.shown = None
        mirror.leaving = []
        layout = t.layout
        sprites = SpriteSet()
        zone = transfer_zone(layout, mirror.attacks, finding.decision.legal) is not None
        sprites.retarget(placements(layout, mirror, True, {}, zone), 0.0, snap=True)
        self.looking = (finding, mirror, sprites, layout)
        if self.back is not None:
            self.back.hide()

    def _draw_position(self, surface: pygame.Surface) -> None:
        assert self.looking is not None
        finding, mirror, sprites, layout = self.looking
        t, d = self.table, finding.decision
        zone = transfer_zone(layout, mirror.attacks, d.legal)
        t.view.draw(surface, layout, t.art, mirror, sprites, Overlay(transfer_rect=zone),
                    mirror.roles())
        marked = []
        for action, color in ((d.chosen, CHOSEN_COLOR), (finding.assessment.best, HINT_COLOR)):
            for rect in move_rects(action, sprites, layout, zone, labels=t.view.labels):
                pygame.draw.rect(surface, color, rect.inflate(12, 12), 4, border_radius=11)
            marked += move_rects(action, sprites, layout, zone, table_target=False)
        bout = bout_card_rects(layout, sprites, mirror)
        lines = [(_("Move {n}: {move}").format(n=d.index + 1, move=describe(d.view, d.chosen)),
                  CHOSEN_COLOR),
                 (_("The expert: {move}").format(move=describe(d.view, finding.assessment.best)),
                  HINT_COLOR)]
        self.caption_rect = self._caption(surface, layout, lines, bout, bout + marked)

    def _caption(self, surface: pygame.Surface, layout: Layout,
                 lines: list[tuple[str, tuple[int, int, int]]], bout: list[pygame.Rect],
                 keep: list[pygame.Rect]) -> pygame.Rect:
        """The two moves in words, where they hide least of the bout and the marked
        cards (as the coach's hint is placed); the caption's rect."""
        text = self.ctx.text
        size = max(16, layout.ch // 6)
        band = sentence_band(layout)
        rows = [(row, color) for line, color in lines
                for row in text.wrap(line, size, band.w - 28, bold=True)]
        images = [text.render(row, size, color, bold=True) for row, color in rows]
        panel = pygame.Surface((max(i.get_width() for i in images) + 28,
                                sum(i.get_height() for i in images) + 14), pygame.SRCALPHA)
        pygame.draw.rect(panel, (8, 24, 44, 225), panel.get_rect(), border_radius=10)
        y = 7
        for img in images:
            panel.blit(img, img.get_rect(midtop=(panel.get_width() // 2, y)))
            y += img.get_height()
        box = sentence_place(panel.get_size(), layout.table, band, bout, keep,
                             self.table.view.labels, surface.get_rect())
        surface.blit(panel, box)
        return box

    # --- the list ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self.looking is not None:
            self._draw_position(surface)
            return
        shade = pygame.Surface(self.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        pygame.draw.rect(surface, PANEL_BG, self.panel, border_radius=16)
        pygame.draw.rect(surface, PANEL_EDGE, self.panel, 2, border_radius=16)
        text, p = self.ctx.text, self.panel
        title = _("Your moves the expert liked least")
        size = 34  # smaller where the panel is narrow (a small window, a long translation)
        while size > 20 and text.font(size, True).size(title)[0] > p.width - 32:
            size -= 2
        text.blit(surface, title, size, (p.centerx, p.top + 18), TITLE, anchor="midtop",
                  bold=True)
        y = p.top + 62
        for line in self._status():
            for piece in text.wrap(line, 22, p.width - 48):
                y = text.blit(surface, piece, 22, (p.centerx, y), anchor="midtop").bottom + 2
        r = self.review
        if r is not None and self.findings is None and not r.failed and r.total:
            bar = pygame.Rect(p.left + 100, y + 12, p.width - 200, 12)
            pygame.draw.rect(surface, (60, 80, 70), bar, border_radius=6)
            done = bar.copy()
            done.width = bar.width * r.done // r.total
            pygame.draw.rect(surface, HINT_COLOR, done, border_radius=6)
        self._draw_rows(surface)

    def _draw_rows(self, surface: pygame.Surface) -> None:
        """The rows inside their room, scrolled; a bar at its right where they overflow."""
        text, shift = self.ctx.text, -self.scroll
        clip = surface.get_clip()
        surface.set_clip(self.room)
        for row in self.rows:
            pygame.draw.rect(surface, (90, 110, 100), row.rect.move(0, shift), 1, border_radius=8)
            for line, (x, y), color, bold in row.lines:
                text.blit(surface, line, ROW_TEXT, (x, y + shift), color, bold=bold)
        surface.set_clip(clip)
        most = self.max_scroll
        if most:
            room = self.room
            track = pygame.Rect(room.right - 6, room.top, 5, room.h)
            thumb_h = max(16, room.h * room.h // (room.h + most))
            thumb = pygame.Rect(track.left, room.top + (room.h - thumb_h) * self.scroll // most,
                                5, thumb_h)
            pygame.draw.rect(surface, (60, 80, 70), track, border_radius=2)
            pygame.draw.rect(surface, TITLE, thumb, border_radius=2)

    def _status(self) -> list[str]:
        r = self.review
        if r is None:
            return [_("This game cannot be reviewed: it was not dealt from a seed.")]
        if r.failed:
            return [_("The review failed; the game itself is not affected.")]
        if self.findings is None:
            return [_("Looking at your moves: {done} of {total}").format(done=r.done,
                                                                          total=r.total)]
        if not self.findings:
            return [_("The expert would not have played any of your moves clearly "
                      "differently.")]
        return [_("Click a move to see the table as it was; click again to come back.")]

    def _rows(self) -> list[Row]:
        """Where each finding's lines go in the panel, and where a click picks it."""
        text, p = self.ctx.text, self.panel
        width, y = p.width - 60, p.top + ROWS_TOP
        rows = []
        for finding in self.findings or []:
            d = finding.decision
            parts = [(_("Move {n}: {move}").format(n=d.index + 1,
                                                   move=describe(d.view, d.chosen)),
                      CHOSEN_COLOR, True),
                     (_("The expert: {move}").format(
                         move=describe(d.view, finding.assessment.best)), HINT_COLOR, False),
                     (loss_words(finding), (220, 220, 210), False)]
            top, lines = y, []
            for line, color, bold in parts:
                for row in text.wrap(line, ROW_TEXT, width, bold=bold):
                    lines.append((row, (p.left + 30, y), color, bold))
                    y += text.font(ROW_TEXT, bold).get_linesize() + 1
            rect = pygame.Rect(p.left + 16, top - 6, p.width - 32, y - top + 12)
            rows.append(Row(rect, finding, lines))
            y += 18
        return rows
