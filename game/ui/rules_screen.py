"""The Rules screen: the rules in our own words on a scrolling page, the list of
sections beside it to jump to, Back (or Esc) to return.

It covers the screen below it and hides that screen's widgets; opened from the
in-game menu, the table stays paused underneath (only the top scene updates).
Keys: Up/Down scroll a little, Page Up/Page Down a page, Home/End to either end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton, UIImage, UIScrollingContainer, UISelectionList

from game.i18n import _
from game.rules_text import SECTIONS

from .art_scenery import draw_background
from .cover import Cover
from .rules_page import section_image
from .scene import Scene

if TYPE_CHECKING:
    from .context import Context

GOLD = (255, 230, 150)
SCROLLBAR = 20
MIN_PAGE = 400  # narrower windows show the page without the list of sections
LIST_EVENTS = (pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
               pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION)


class RulesScene(Scene):
    """Every rule of every game the program plays, scrollable, until Back or Esc."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.below = Cover(ctx.gui)  # the widgets of the screens below, hidden
        self.mine: list[UIElement] = []
        self.widgets: dict = {}
        self.tops: list[int] = []  # where each section begins on the page
        self.page_height = 0
        self._target: int | None = None  # where scroll_to asked the view to begin
        self.current = -1  # the section marked in the list: the one being read
        self._background: pygame.Surface | None = None
        self.resize(ctx.size)

    # --- building ----------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the screen out again (a new window size or language), keeping the
        reader at the section they were reading."""
        reading = self.section_at(self.offset)
        self.size = size
        self._kill_mine()
        self.below.hide_below(self.mine)
        self._layout(size)
        self._build()
        self._background = None
        self._target = None
        self.current = -1
        if reading:
            self.scroll_to(self.tops[reading])

    def _layout(self, size: tuple[int, int]) -> None:
        w, h = size
        compact = h < 650
        self.title = (40, 8) if compact else (52, 14)  # size, top
        self.font = 18 if w < 900 else 21
        self.button_rect = pygame.Rect(0, 0, 160, 36 if compact else 40)
        self.button_rect.midbottom = (w // 2, h - (8 if compact else 14))
        top = 52 if compact else 74
        bottom = self.button_rect.top - 10
        list_font = self.ctx.gui.get_theme().get_font(["selection_list", "button"])
        longest = max(list_font.size(_(s.title))[0] for s in SECTIONS)
        list_w = min(max(170, longest + SCROLLBAR + 16), w // 3)
        gap = 14
        if list_w > w - 40 - gap - MIN_PAGE:  # a narrow window: the page alone
            list_w = gap = 0
        page_w = min(w - 40 - list_w - gap, 860)
        x0 = (w - (list_w + gap + page_w)) // 2
        self.list_rect = pygame.Rect(x0, top, list_w, bottom - top)
        self.page_rect = pygame.Rect(self.list_rect.right + gap, top, page_w, bottom - top)

    def _build(self) -> None:
        gui = self.ctx.gui
        back = UIButton(self.button_rect, _("Back"), gui, object_id="#back")
        page = UIScrollingContainer(self.page_rect, gui, allow_scroll_x=False)
        width = self.page_rect.width - SCROLLBAR
        images, y = [], 0
        self.tops = []
        for i, section in enumerate(SECTIONS):
            surf = section_image(self.ctx.text, section, width, self.font, first=i == 0,
                                 last=i == len(SECTIONS) - 1)
            images.append(UIImage(pygame.Rect((0, y), surf.get_size()), surf, gui,
                                  container=page))
            self.tops.append(y)
            y += surf.get_height()
        self.page_height = y
        page.set_scrollable_area_dimensions((width, y))
        self.mine = [back, page, *images]
        self.widgets = {"back": back, "page": page}
        if self.list_rect.width:
            titles: list[str | tuple[str, str]] = [_(s.title) for s in SECTIONS]
            contents = UISelectionList(self.list_rect, titles, gui, allow_double_clicks=False)
            self.mine.append(contents)
            self.widgets["contents"] = contents
        self.images = images

    def _kill_mine(self) -> None:
        for el in self.mine:
            el.kill()
        self.mine, self.widgets, self.images = [], {}, []

    def close(self) -> None:
        self._kill_mine()
        self.below.lift()

    # --- scrolling ---------------------------------------------------------------

    @property
    def view_height(self) -> int:
        return self.page_rect.height

    @property
    def offset(self) -> int:
        """How far down the page the view begins, in pixels."""
        page = self.widgets.get("page")
        return -page.scrollable_container.relative_rect.y if page is not None else 0

    def scroll_to(self, y: int) -> None:
        """Move the view to begin ``y`` pixels down the page (within its ends)."""
        bar = self.widgets["page"].vert_scroll_bar
        if bar is None:
            return  # the whole page fits
        y = max(0, min(y, self.page_height - self.view_height))
        bar.set_scroll_from_start_percentage(y / self.page_height)
        self._target = y

    def _settle_scroll(self) -> None:
        """Put the page exactly where scroll_to asked, once the scroll bar has moved it:
        the bar works in whole pixels of its own track, which can be several pixels of
        a long page, enough to cut off a heading."""
        page = self.widgets.get("page")
        if self._target is None or page is None or page.vert_scroll_bar is None:
            return
        if not page.vert_scroll_bar.check_has_moved_recently():
            inner = page.scrollable_container
            inner.set_relative_position((inner.relative_rect.x, -self._target))
            self._target = None

    def section_at(self, y: int) -> int:
        """The index of the section shown at ``y`` pixels down the page."""
        return max((i for i, top in enumerate(self.tops) if top <= y), default=0)

    def jump(self, title: str) -> None:
        """Scroll to the section titled ``title`` (as shown)."""
        for section, top in zip(SECTIONS, self.tops, strict=True):
            if _(section.title) == title:
                self.scroll_to(top)
                self.current = -1  # mark it again: a click on the marked one unmarks it
                return

    def _mark_current(self) -> None:
        """Select, in the list of sections, the section at the top of the view."""
        contents = self.widgets.get("contents")
        now = self.section_at(self.offset + self.view_height // 4)
        if contents is None or now == self.current:
            return
        self.current = now
        title = _(SECTIONS[now].title)
        for item in contents.item_list:  # its documented item records
            item["selected"] = item["text"] == title
            button = item["button_element"]
            if button is not None:
                (button.select if item["selected"] else button.unselect)()

    # --- input -------------------------------------------------------------------

    def handle_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame_gui.UI_BUTTON_PRESSED and e.ui_element is self.widgets.get("back"):
            self.back()
        elif e.type in LIST_EVENTS and e.ui_element is self.widgets.get("contents"):
            self.jump(e.text)
        elif e.type == pygame.KEYDOWN:
            self.key(e.key)

    def key(self, k: int) -> None:
        line = self.ctx.text.font(self.font).get_linesize()
        steps = {pygame.K_UP: -3 * line, pygame.K_DOWN: 3 * line,
                 pygame.K_PAGEUP: -self.view_height * 9 // 10,
                 pygame.K_PAGEDOWN: self.view_height * 9 // 10,
                 pygame.K_HOME: -self.page_height, pygame.K_END: self.page_height}
        if k == pygame.K_ESCAPE:
            self.back()
        elif k in steps:
            self.scroll_to(self.offset + steps[k])

    def back(self) -> None:
        if self.manager.top is self:
            self.manager.pop()

    # --- drawing -----------------------------------------------------------------

    def update(self, dt: float) -> None:
        self._settle_scroll()
        self._mark_current()
        if self._background is None or self._background.get_size() != self.size:
            from . import art

            self._background = art.table_background(self.size)

    def draw(self, surface: pygame.Surface) -> None:
        draw_background(surface, self._background)
        size, top = self.title
        self.ctx.text.blit(surface, _("Rules"), size, (surface.get_width() // 2, top), GOLD,
                           anchor="midtop", bold=True)
