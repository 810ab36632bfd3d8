"""The in-game menu (Esc at the table): resume, the rules, save and quit to the menu,
concede, and the settings that can change mid-game (applied at once and remembered).

While it is open the table does not update (only the top scene does), so the
computers wait too. The game is saved after every action anyway; "Save and quit"
waits for that save to be written before the main menu opens.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UILabel

from game.i18n import N_, _

from . import choices, preferences
from .drop_downs import close_open_list
from .scene import Scene

# name -> label, top to bottom
ENTRIES = (
    ("resume", N_("Resume")),
    ("rules", N_("Rules")),
    ("quit", N_("Save and quit to menu")),
    ("concede", N_("Concede this game (counts as a loss)")),
)

if TYPE_CHECKING:
    from .context import Context
    from .table import TableScene
BUTTON_W, BUTTON_H, GAP = 340, 44, 12
LIVE_SETTINGS = ("animation_speed", "computer_delay_ms", "highlight_playable",
                 "practice")  # mid-game
ROW_H = 38


class PauseMenu(Scene):
    """A panel over the table with one button per entry."""

    def __init__(self, ctx: Context, table: TableScene) -> None:
        self.ctx = ctx
        self.table = table
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.fields: dict[str, UIDropDownMenu] = {}
        self.labels: list[UILabel] = []
        self.resize(ctx.size)

    def resize(self, size: tuple[int, int]) -> None:
        self.close()
        w, h = size
        height = 90 + len(ENTRIES) * (BUTTON_H + GAP) + 20 + len(LIVE_SETTINGS) * ROW_H + 10
        self.panel = pygame.Rect(0, 0, min(BUTTON_W + 60, w - 20), min(height, h - 20))
        self.panel.center = (w // 2, h // 2)
        y = self.panel.top + 90
        for name, label in ENTRIES:
            rect = pygame.Rect(0, y, min(BUTTON_W, self.panel.width - 20), BUTTON_H)
            rect.centerx = self.panel.centerx
            self.buttons[name] = pygame_gui.elements.UIButton(
                rect, _(label), self.ctx.gui, object_id=f"#pause_{name}")
            if name == "concede" and not self.table.match.can_concede:
                self.buttons[name].disable()  # out of the game, or it is over
            y += BUTTON_H + GAP
        y += 10
        ui = self.ctx.settings.ui
        half = (self.panel.width - 40) // 2
        for key in LIVE_SETTINGS:
            current = getattr(ui, key)
            options = choices.options(key, current)
            chosen = next(o for o in options if o[1] == repr(current))
            self.labels.append(UILabel(pygame.Rect(self.panel.left + 20, y, half, ROW_H - 6),
                                       _(choices.SETTING_NAMES[key]), self.ctx.gui))
            self.fields[key] = UIDropDownMenu(
                choices.menu_options(options), chosen,
                pygame.Rect(self.panel.left + 20 + half, y, half, ROW_H - 6), self.ctx.gui)
            y += ROW_H
        self._shade = pygame.Surface(size, pygame.SRCALPHA)
        self._shade.fill((0, 0, 0, 120))

    def close(self) -> None:
        for el in [*self.buttons.values(), *self.fields.values(), *self.labels]:
            el.kill()
        self.buttons, self.fields, self.labels = {}, {}, []

    def cover(self, covered: bool) -> None:
        """Hidden under the rules; the table's own buttons are hidden by the table."""
        for el in [*self.buttons.values(), *self.fields.values(), *self.labels]:
            el.hide() if covered else el.show()

    def handle_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            name = next((n for n, b in self.buttons.items() if b is e.ui_element), None)
            if name is not None:
                self.choose(name)
        elif e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            key = next((k for k, f in self.fields.items() if f is e.ui_element), None)
            if key is not None:
                self.change(key, e.selected_option_id)
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE and \
                not close_open_list(self.fields.values()):  # an open list closes first
            self.choose("resume")

    def choose(self, name: str) -> None:
        if name == "resume":
            self.manager.pop()
        elif name == "rules":  # over this menu: Back returns here, the table still waits
            from .rules_screen import RulesScene

            self.manager.push(RulesScene(self.ctx))
        elif name == "quit":
            self.table.autosave()
            self.table.leave()  # the table's close waits for the save to be written
        elif name == "concede":
            self.manager.pop()
            self.table.concede()

    def change(self, key: str, text: str) -> None:
        """Apply one setting to the context, the table and its match; remember it."""
        value = choices.value_of(key, text, getattr(self.ctx.settings.ui, key))
        preferences.change(self.ctx, **{key: value})
        ui = dataclasses.replace(self.table.settings.ui, **{key: value})
        self.table.settings = dataclasses.replace(self.table.settings, ui=ui)
        if key == "computer_delay_ms" and self.ctx.delay_ms is None:
            self.table.match.delay_ms = value

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._shade, (0, 0))
        pygame.draw.rect(surface, (12, 30, 22), self.panel, border_radius=16)
        pygame.draw.rect(surface, (230, 200, 120), self.panel, 2, border_radius=16)
        self.ctx.text.blit(surface, _("Paused"), 40, (self.panel.centerx, self.panel.top + 24),
                           (255, 230, 150), anchor="midtop", bold=True)
