"""The Settings screen: animation, computer pause, playable cards lit, card size,
language, full screen, sound and its volume. Each change applies at once (a new
language rewords every screen straight away) and is remembered in the player's
settings.yaml; a failure to write it is shown in one line. Back or Esc returns."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton, UIDropDownMenu, UIHorizontalSlider, UILabel

from game.i18n import _

from . import choices, preferences
from .art_scenery import draw_background, shaded_table
from .drop_downs import close_open_list
from .scene import Scene

if TYPE_CHECKING:
    from .context import Context

E = TypeVar("E", bound=UIElement)

ROWS = ("animation_speed", "computer_delay_ms", "highlight_playable", "card_size", "language",
        "fullscreen", "sound", "sound_volume", "practice")
SLIDERS = {"sound_volume": 100}  # ui key -> slider steps from 0.0 to 1.0
ONLY_WITH = {"sound_volume": "sound"}  # ui key -> the switch it means anything under
GOLD, WARNING = (255, 230, 150), (255, 170, 150)
MESSAGE_SIZE, MESSAGE_LINE = 20, 21
THEME = {"@settings_label": {"colours": {"normal_text": "#f0ead6"},
                             "misc": {"text_horiz_alignment": "left"}}}


def percent(value: float) -> str:
    return f"{round(value * 100)}%"


class SettingsScene(Scene):
    """A panel of labelled fields over the felt."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.fields: dict[str, UIDropDownMenu | UIHorizontalSlider] = {}
        self.elements: list[UIElement] = []
        self.back_button: UIButton | None = None
        self.amount: UILabel | None = None  # the volume as a percentage, beside its slider
        self._background: pygame.Surface | None = None
        ctx.gui.get_theme().load_theme(THEME)
        self.resize(ctx.size)

    # --- building ------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.close()
        w, h = size
        self.title_size = 60 if h >= 640 else 46 if h >= 500 else 34
        self.title_top = 16 if h >= 500 else 8
        top = self.title_top + self.title_size + (16 if h >= 500 else 8)
        width = min(660, w - 40)
        back_h = 42 if h >= 500 else 34
        row = max(28, min(46, (h - top - back_h - 40) // len(ROWS)))
        x = (w - width) // 2
        label_w = int(width * 0.46)
        field = pygame.Rect(x + label_w + 10, 0, width - label_w - 10, row - 8)
        y = top
        for key in ROWS:
            self._add(UILabel(pygame.Rect(x + 12, y, label_w - 12, row - 8),
                              _(choices.SETTING_NAMES[key]), self.ctx.gui,
                              object_id="@settings_label"))
            self.fields[key] = self._field(key, field.move(0, y))
            y += row
        self.message_top = y + 4
        back = pygame.Rect(0, 0, 180, back_h)
        back.midbottom = (w // 2, min(h - 10, self.message_top + 3 * MESSAGE_LINE + 56))
        self.back_button = self._add(UIButton(back, _("Back"), self.ctx.gui,
                                              object_id="#settings_back"))
        self.message_room = max(1, min(3, (back.top - self.message_top) // MESSAGE_LINE))
        self.panel = pygame.Rect(x - 16, top - 10, width + 32, y - top + 16)
        self._background = None
        self._enable_dependants()

    def _enable_dependants(self) -> None:
        """A field that means nothing with its switch off (the volume with no sound) is
        greyed out, its value kept."""
        for key, switch in ONLY_WITH.items():
            on = bool(getattr(self.ctx.settings.ui, switch))
            elements = [self.fields[key]] + ([self.amount] if key in SLIDERS else [])
            for element in elements:
                if element is None:
                    continue
                if on:
                    element.enable()
                else:
                    element.disable()

    def _add(self, element: E) -> E:
        self.elements.append(element)
        return element

    def _field(self, key: str, rect: pygame.Rect) -> UIDropDownMenu | UIHorizontalSlider:
        current = getattr(self.ctx.settings.ui, key)
        if key in SLIDERS:
            steps = SLIDERS[key]
            amount = pygame.Rect(rect.right - 64, rect.y, 64, rect.h)
            self.amount = self._add(UILabel(amount, percent(current), self.ctx.gui))
            slider = UIHorizontalSlider(rect.inflate(-72, 0).move(-36, 0),
                                        round(current * steps), (0, steps), self.ctx.gui,
                                        click_increment=5)
            return self._add(slider)
        options = choices.options(key, current)
        chosen = next(o for o in options if o[1] == repr(current))
        return self._add(UIDropDownMenu(choices.menu_options(options), chosen, rect,
                                        self.ctx.gui))

    def close(self) -> None:
        for element in self.elements:
            element.kill()
        self.elements, self.fields = [], {}
        self.back_button = self.amount = None

    # --- input -----------------------------------------------------------------------

    def handle_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            key = self._key_of(e.ui_element)
            if key is not None:
                self.choose(key, choices.value_of(key, e.selected_option_id,
                                                  getattr(self.ctx.settings.ui, key)))
        elif e.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            key = self._key_of(e.ui_element)
            if key is not None:
                self.slide(key, e.value / SLIDERS[key])
        elif self._backs(e):
            self.back()

    def _backs(self, e: pygame.event.Event) -> bool:
        """Back pressed, or Esc with no list open (Esc closes an open list first)."""
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            return e.ui_element is self.back_button
        return e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE and \
            not close_open_list(self.fields.values())

    def _key_of(self, element: object) -> str | None:
        return next((k for k, f in self.fields.items() if f is element), None)

    def choose(self, key: str, value: Any) -> None:
        """A choice from a list: applied and written now."""
        preferences.change(self.ctx, **{key: value})
        if getattr(self.ctx.settings.ui, key) != value:  # refused (full screen): show so
            self.resize(self.size)
        self._enable_dependants()

    def slide(self, key: str, value: float) -> None:
        """A slider moved: applied now, written once it rests."""
        preferences.change(self.ctx, settle=True, **{key: value})
        if self.amount is not None:
            self.amount.set_text(percent(value))

    def back(self) -> None:
        if self.manager.top is self:
            self.manager.pop()

    # --- drawing ---------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self._background is None or self._background.get_size() != self.size:
            self._background = shaded_table(self.size, self.panel, 120, 16)

    def draw(self, surface: pygame.Surface) -> None:
        draw_background(surface, self._background)
        w = surface.get_width()
        text = self.ctx.text
        text.blit(surface, _("Settings"), self.title_size, (w // 2, self.title_top), GOLD,
                  anchor="midtop", bold=True)
        error = self.ctx.remembered.notice
        if error:
            lines = text.wrap(error, MESSAGE_SIZE, w - 40)
            for i, line in enumerate(lines[:self.message_room]):
                at = (w // 2, self.message_top + MESSAGE_LINE * i)
                text.blit(surface, line, MESSAGE_SIZE, at, WARNING, anchor="midtop")
