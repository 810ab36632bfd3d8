"""A scrolling panel of the New game screen, filled row by row: headings, a field with
its label and one-line explanation, the seats. Disabled rows get their reason as a
tool tip (tips.DisabledTips)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import UIDropDownMenu, UILabel, UIScrollingContainer, UITextEntryLine

from game.config import shown_name
from game.i18n import _

from .choices import menu_options
from .drop_downs import is_open
from .new_game_form import Field, Form
from .new_game_seats import COLUMNS, seat_fields
from .theme import LIST_ITEM_HEIGHT
from .tips import DisabledTips

E = TypeVar("E", bound=UIElement)

ROW, GAP, EXPLAIN, HEADING = 32, 8, 20, 34
SCROLLBAR = 22
OPEN_ROOM = 5 * LIST_ITEM_HEIGHT + 10  # below the last row: room for its drop-down to open
UP = "#opens_up"  # a drop-down whose list opens above it
THEME = {  # the looks of this screen's own labels; pygame_gui's defaults otherwise
    UP: {"misc": {"expand_direction": "up"}},
    "#row_label": {"misc": {"text_horiz_alignment": "left"}},
    "#explain": {"misc": {"text_horiz_alignment": "left"},
                 "colours": {"normal_text": "#C9D6C2"},
                 "font": {"name": "noto_sans", "size": "12", "style": "italic"}},
    "#heading": {"misc": {"text_horiz_alignment": "left"},
                 "colours": {"normal_text": "#FFE696"},
                 "font": {"name": "noto_sans", "size": "17", "style": "bold"}},
}


def load_theme(gui: pygame_gui.UIManager) -> None:
    gui.get_theme().load_theme(THEME)


@dataclass
class Row:
    """A drop-down and the label that goes grey with it (None for a seat's)."""

    field: Field
    menu: UIDropDownMenu
    label: UILabel | None
    explain_tip: bool = False  # the label's tool tip explains it, while it applies
    up: bool = False  # its list opens above it (the panel does not scroll, below is no room)


class FormPanel:
    """Rows placed top to bottom in a UIScrollingContainer at ``rect``; the widgets go
    into ``widgets`` by key, the fields of the drop-downs into ``fields``."""

    def __init__(self, gui: pygame_gui.UIManager, rect: pygame.Rect,
                 widgets: dict[str, UIElement], fields: dict[str, Field],
                 tips: DisabledTips) -> None:
        self.gui, self.widgets, self.fields, self.tips = gui, widgets, fields, tips
        self.scroll = UIScrollingContainer(rect, gui, allow_scroll_x=False)
        self.width = rect.width - SCROLLBAR
        self.y = 4
        self.rows: list[Row] = []
        self.names: list[UITextEntryLine] = []  # by seat

    def _add(self, element: E, key: str | None = None) -> E:
        if key is not None:
            self.widgets[key] = element
        return element

    def heading(self, text: str) -> None:
        self.y += 6
        UILabel(pygame.Rect(0, self.y, self.width, HEADING - 6), text, self.gui,
                container=self.scroll, object_id="#heading")
        self.y += HEADING

    def field(self, field: Field, form: Form, explain: bool = True) -> None:
        """A labelled drop-down; its explanation below it, or as the label's tool tip."""
        label_w = int(self.width * 0.42)
        label = UILabel(pygame.Rect(0, self.y, label_w - GAP, ROW - 2), _(field.label),
                        self.gui, container=self.scroll, object_id="#row_label")
        rect = pygame.Rect(label_w, self.y, self.width - label_w, ROW - 2)
        self.rows.append(Row(field, self._menu(field, form, rect), label, not explain))
        self.y += ROW
        if explain:
            UILabel(pygame.Rect(0, self.y - 2, self.width, EXPLAIN), _(field.explain),
                    self.gui, container=self.scroll, object_id="#explain")
            self.y += EXPLAIN
        self.y += 2

    def _menu(self, field: Field, form: Form, rect: pygame.Rect | pygame.FRect,
              up: bool = False) -> UIDropDownMenu:
        options = field.options(form)
        current = next(o for o in options if o[1] == field.current(form))
        menu = self._add(UIDropDownMenu(menu_options(options), current, rect, self.gui,
                                        container=self.scroll, object_id=UP if up else None),
                         field.key)
        self.fields[field.key] = field
        return menu

    def refresh(self, form: Form) -> None:
        """Bring every drop-down to the form: new options or value (made again, which
        is slow, so only where they changed), enabled or not, and the reasons; the
        seats' names where the form changed them (the human's "You" moves with it)."""
        for seat, entry in enumerate(self.names):
            if entry.get_text() != shown_name(form.seats[seat].name):
                entry.set_text(shown_name(form.seats[seat].name))
        for row in self.rows:
            options = row.field.options(form)
            if (options != row.menu.options_list
                    or row.field.current(form) != row.menu.selected_option[1]):
                rect = row.menu.relative_rect
                row.menu.kill()
                row.menu = self._menu(row.field, form, rect, row.up)
            reason = row.field.reason(form)
            if row.label is not None and row.explain_tip:  # one tool tip at a time
                row.label.set_tooltip(_(row.field.explain) if reason is None else None)
            for el in (row.menu, row.label):
                if el is None:
                    continue
                if reason is None:
                    el.enable()
                else:
                    el.disable()
                    self.tips.add(el, reason, self.scroll.rect)

    def seats(self, form: Form) -> None:
        x = 0
        widths = [int(self.width * share) for _key, _title, share in COLUMNS]
        for (_key, title, _share), w in zip(COLUMNS, widths, strict=True):
            UILabel(pygame.Rect(x, self.y, w - GAP, ROW - 8), _(title), self.gui,
                    container=self.scroll, object_id="#row_label")
            x += w
        self.y += ROW - 6
        for seat in range(form.count):
            x = 0
            entry = self._add(UITextEntryLine(pygame.Rect(0, self.y, widths[0] - GAP, ROW - 2),
                                              self.gui, container=self.scroll,
                                              initial_text=shown_name(form.seats[seat].name)),
                              f"seat{seat}.name")
            entry.set_text_length_limit(40)
            self.names.append(entry)
            x = widths[0]
            for field, w in zip(seat_fields(seat), widths[1:], strict=True):
                rect = pygame.Rect(x, self.y, w - GAP, ROW - 2)
                self.rows.append(Row(field, self._menu(field, form, rect), None))
                x += w
            self.y += ROW + 2

    def reveal_open_list(self) -> None:
        """Scroll until an open drop-down's list shows whole: the panel clips it."""
        bar = self.scroll.vert_scroll_bar
        if bar is None:
            return
        for row in self.rows:
            options = getattr(row.menu.current_state, "options_selection_list", None)
            if is_open(row.menu) and options is not None:
                hidden = options.rect.bottom - self.scroll.rect.bottom
                if hidden > 0:
                    bar.set_scroll_from_start_percentage(
                        bar.start_percentage + hidden / self.scroll.scrolling_height)
                return

    def finish(self, form: Form, scroll_at: float = 0.0) -> None:
        """Fix the scrolling height; ``scroll_at``: where it was (0 top, 1 bottom).
        A panel whose rows fit shows no scroll bar: a list with no room below its row
        opens above it; a panel that scrolls anyway keeps room below its last row."""
        seen = self.scroll.rect.height
        if self.y <= seen:
            self._open_up_near_the_foot(form, seen)
            height = seen
        else:
            height = self.y + OPEN_ROOM
        self.scroll.set_scrollable_area_dimensions((self.width, height))
        bar = self.scroll.vert_scroll_bar
        if bar is not None and scroll_at:
            bar.set_scroll_from_start_percentage(scroll_at)

    def _open_up_near_the_foot(self, form: Form, seen: int) -> None:
        """Lists with no room below open above; so do the others on their line (a
        seat's), that one line's arrows all point the same way."""
        def need(row: Row) -> int:
            return len(row.menu.options_list) * LIST_ITEM_HEIGHT + 8  # and its border

        def fits_above(row: Row) -> bool:
            return row.menu.relative_rect.top >= need(row)

        lines = {row.menu.relative_rect.top for row in self.rows
                 if row.menu.relative_rect.bottom + need(row) > seen and fits_above(row)}
        for row in self.rows:
            rect = row.menu.relative_rect
            if rect.top in lines and fits_above(row):
                row.menu.kill()
                row.up = True
                row.menu = self._menu(row.field, form, rect, up=True)

    def scroll_at(self) -> float:
        bar = self.scroll.vert_scroll_bar
        return bar.start_percentage if bar is not None else 0.0
