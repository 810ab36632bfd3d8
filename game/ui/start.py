"""The New game screen: a preset, the game (variant, trumps, players, teams, deck,
scoring), the seats (name, human or computer, level, thinking time) and the house
rules, then Play. What does not apply is disabled, with the reason on hover. Play
checks the choices as a settings file would be checked, remembers them in the
player's settings.yaml and deals."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel

from game.config import Settings, SettingsError, parse_settings, shown_name
from game.config import _where as written_as
from game.i18n import _
from game.user_settings import remember, settings_data

from .art_scenery import draw_background, shaded_table
from .choices import menu_options
from .drop_downs import close_open_list
from .form_panel import ROW, FormPanel, load_theme
from .house_rules import GAME_ROWS, HOUSE_ROWS, LEVEL_NAMES, VARIANT_NAMES, field
from .new_game_form import Field, Form
from .presets import PRESETS, matching, preset_options
from .scene import Scene
from .tips import DisabledTips

if TYPE_CHECKING:
    from .context import Context

__all__ = ["LEVEL_NAMES", "MESSAGE_SIZE", "VARIANT_NAMES", "StartScene", "checked"]

TITLE_SIZE, MESSAGE_TOP, MESSAGE_SIZE, MESSAGE_LINE = 46, 58, 18, 20
REFUSAL_SIZE = 20
TWO_PANELS_FROM = 1100  # window width: the house rules beside the rest, not below
GOLD, RED = (255, 230, 150), (255, 170, 150)


def checked(settings: Settings) -> tuple[Settings | None, str | None]:
    """The settings as a settings file holding them would give, or a one-line reason."""
    try:
        return parse_settings(settings_data(settings)), None
    except SettingsError as e:
        return None, worded(e)


def worded(e: SettingsError) -> str:
    """A refusal in the screen's words: a seat by its number, not as ``players[1].name``."""
    message, key = str(e), e.key
    prefix = written_as(key) + ": "
    if len(key) >= 2 and key[0] == "players" and message.startswith(prefix):
        return _("Seat {number}: {error}").format(number=int(key[1]) + 1,
                                                  error=message[len(prefix):])
    return message


class StartScene(Scene):
    """Choose the game, then Play; Back (Esc) returns to the screen below."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.form = Form(ctx.settings)
        self.refusal: str | None = None
        self.elements: list[UIElement] = []
        self.panels: list[FormPanel] = []
        self.widgets: dict = {}
        self.fields: dict[str, Field] = {}
        self.tips = DisabledTips(ctx.gui)
        self._background: pygame.Surface | None = None
        load_theme(ctx.gui)
        self.resize(ctx.size)

    # --- building the form ---------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self._build()

    def _clear(self) -> None:
        for el in self.elements:
            el.kill()
        for panel in self.panels:
            panel.scroll.kill()
        self.tips.clear()
        self.elements, self.panels, self.widgets, self.fields = [], [], {}, {}

    def close(self) -> None:
        self._clear()

    def _build(self) -> None:
        scrolled = [p.scroll_at() for p in self.panels]
        self._clear()
        w, h = self.size
        self.message_lines = [line for msg in self.ctx.messages[-3:]
                              for line in self.ctx.text.wrap(msg, MESSAGE_SIZE, w - 40)]
        y = MESSAGE_TOP + MESSAGE_LINE * len(self.message_lines) + 4
        self._preset_row(y, w)
        top, bottom = y + ROW + 10, h - 100
        # the shaded background of the form
        self.panel = pygame.Rect(10, top - ROW - 18, w - 20, bottom - top + ROW + 26)
        area = pygame.Rect(20, top, w - 40, bottom - top)
        for i, (rect, sections) in enumerate(self._panel_layout(area)):
            panel = FormPanel(self.ctx.gui, rect, self.widgets, self.fields, self.tips)
            for heading, keys in sections:
                panel.heading(heading)
                if keys is None:
                    panel.seats(self.form)
                for key in keys or ():
                    panel.field(field(key), self.form, explain=keys is HOUSE_ROWS)
            panel.finish(self.form, scrolled[i] if i < len(scrolled) else 0.0)
            self.panels.append(panel)
        self._buttons(w, h)
        self._refresh()
        self._background = None

    def _refresh(self) -> None:
        """Every widget to the form's state, without building the screen again."""
        self.tips.clear()
        for panel in self.panels:
            panel.refresh(self.form)
        if self.widgets["preset"].selected_option[1] != matching(self.form):
            for el in self.elements[:2]:
                el.kill()
            self._preset_row(self.widgets["preset"].relative_rect.y, self.size[0])

    def _panel_layout(self, area: pygame.Rect
                      ) -> list[tuple[pygame.Rect, list[tuple[str, tuple[str, ...] | None]]]]:
        """(rect, [(heading, field keys or None for the seats)]) for each panel."""
        game = (_("Game"), GAME_ROWS)
        seats = (_("Players"), None)
        house = (_("House rules"), HOUSE_ROWS)
        if area.width >= TWO_PANELS_FROM - 40:
            half = (area.width - 20) // 2
            return [(pygame.Rect(area.x, area.y, half, area.height), [game, seats]),
                    (pygame.Rect(area.right - half, area.y, half, area.height), [house])]
        width = min(area.width, 760)
        rect = pygame.Rect(area.centerx - width // 2, area.y, width, area.height)
        return [(rect, [game, seats, house])]

    def _preset_row(self, y: int, w: int) -> None:
        width = min(300, w // 2 - 30)
        label = UILabel(pygame.Rect(w // 2 - width - 10, y, width, ROW - 2), _("Preset"),
                        self.ctx.gui, object_id="#preset_label")
        options = preset_options()
        current = next(o for o in options if o[1] == matching(self.form))
        menu = UIDropDownMenu(menu_options(options), current,
                              pygame.Rect(w // 2 + 10, y, width, ROW - 2), self.ctx.gui)
        self.elements[:2] = [label, menu]  # first, to be found again
        self.widgets["preset"] = menu

    def _buttons(self, w: int, h: int) -> None:
        for key, text, x in (("back", _("Back"), w // 2 - 170), ("play", _("Play"),
                                                                   w // 2 + 10)):
            button = UIButton(pygame.Rect(x, h - 58, 160, 44), text, self.ctx.gui,
                              object_id=f"#{key}")
            self.elements.append(button)
            self.widgets[key] = button

    # --- input -------------------------------------------------------------------

    def handle_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._changed(e.ui_element, e.selected_option_id)
        elif e.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self._renamed(e.ui_element, e.text)
        elif e.type == pygame_gui.UI_BUTTON_PRESSED:
            if e.ui_element is self.widgets.get("play"):
                self.play()
            elif e.ui_element is self.widgets.get("back"):
                self.back()
        elif e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_ESCAPE):
            if close_open_list(self.widgets.values()):
                return  # the key closes an open list first
            if e.key == pygame.K_RETURN:
                self.play()
            else:
                self.back()

    def _key_of(self, element: object) -> str | None:
        return next((k for k, el in self.widgets.items() if el is element), None)

    def _changed(self, element: object, value: str) -> None:
        """``value`` is the option's id, never its (translated) text."""
        key = self._key_of(element)
        seats = self.form.count
        if key == "preset" and value in PRESETS:
            PRESETS[value].apply(self.form)
        elif key in self.fields:
            self.fields[key].choose(self.form, value)
        else:
            return
        self.refusal = None
        if self.form.count != seats:
            self._build()  # rows of seats come or go
        else:
            self._refresh()  # what applies, and the choices offered, follow the change

    def _renamed(self, element: object, text: str) -> None:
        key = self._key_of(element)
        if key and key.endswith(".name"):
            seat = self.form.seats[int(key[4:key.index(".")])]
            if text != shown_name(seat.name):  # the game's own name, as shown, stays as kept
                seat.name = text
            self.refusal = None

    def chosen_settings(self) -> Settings:
        """The settings the form stands for, not yet checked."""
        return self.form.settings()

    def play(self) -> None:
        from .table import TableScene

        settings, self.refusal = checked(self.chosen_settings())
        if settings is None:
            return
        self.ctx.settings = settings
        failure = remember(settings)
        table = TableScene(self.ctx, settings)
        if failure is not None:
            table.say(failure, 10.0)
        self.manager.replace(table)

    def back(self) -> None:
        """To the screen below; the first screen of the app has none, and quits."""
        if len(self.manager.stack) > 1:
            self.manager.pop()
        else:
            self.manager.quit = True

    # --- frames --------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.tips.update(dt)
        for panel in self.panels:
            panel.reveal_open_list()
        back = self.widgets.get("back")
        text = _("Back") if len(self.manager.stack) > 1 else _("Quit")
        if back is not None and back.text != text:
            back.set_text(text)
        size = self.ctx.size
        if self._background is None or self._background.get_size() != size:
            self._background = shaded_table(size, self.panel, 110, 18)

    def draw(self, surface: pygame.Surface) -> None:
        draw_background(surface, self._background)
        text = self.ctx.text
        w, h = surface.get_size()
        text.blit(surface, _("New game"), TITLE_SIZE, (w // 2, 10), GOLD, anchor="midtop",
                  bold=True)
        y = MESSAGE_TOP
        for line in self.message_lines:
            text.blit(surface, line, MESSAGE_SIZE, (w // 2, y), RED, anchor="midtop")
            y += MESSAGE_LINE
        if self.refusal:
            line = self._one_line(self.refusal, w - 40)
            text.blit(surface, line, REFUSAL_SIZE, (w // 2, h - 88), RED, anchor="midtop")

    def _one_line(self, message: str, width: int) -> str:
        """``message`` cut to one line of ``width`` pixels (an ellipsis ends a cut)."""
        return self.ctx.text.elide(message, REFUSAL_SIZE, width)
