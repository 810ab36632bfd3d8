"""The in-game menu (Esc at the table): resume, save and quit to the menu, concede.

While it is open the table does not update (only the top scene does), so the
computers wait too. The game is saved after every action anyway; "Save and quit"
waits for that save to be written before the start screen opens.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.i18n import N_, _

from .scene import Scene

# name -> label, top to bottom. A rules screen does not exist yet: when it does, add
# ("rules", N_("Rules")) here and open it in ``choose`` (it pushes over this menu).
ENTRIES = (
    ("resume", N_("Resume")),
    ("quit", N_("Save and quit to menu")),
    ("concede", N_("Concede this game (counts as a loss)")),
)
BUTTON_W, BUTTON_H, GAP = 340, 44, 12


class PauseMenu(Scene):
    """A panel over the table with one button per entry."""

    def __init__(self, ctx, table) -> None:
        self.ctx = ctx
        self.table = table
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.resize(ctx.size)

    def resize(self, size) -> None:
        self.close()
        w, h = size
        height = 90 + len(ENTRIES) * (BUTTON_H + GAP) + 20
        self.panel = pygame.Rect(0, 0, min(BUTTON_W + 60, w - 20), min(height, h - 20))
        self.panel.center = (w // 2, h // 2)
        y = self.panel.top + 90
        for name, label in ENTRIES:
            rect = pygame.Rect(0, y, min(BUTTON_W, self.panel.width - 20), BUTTON_H)
            rect.centerx = self.panel.centerx
            self.buttons[name] = pygame_gui.elements.UIButton(
                rect, _(label), self.ctx.gui, object_id=f"#pause_{name}")
            y += BUTTON_H + GAP
        self._shade = pygame.Surface(size, pygame.SRCALPHA)
        self._shade.fill((0, 0, 0, 120))

    def close(self) -> None:
        for b in self.buttons.values():
            b.kill()
        self.buttons = {}

    def handle_event(self, e) -> None:
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            name = next((n for n, b in self.buttons.items() if b is e.ui_element), None)
            if name is not None:
                self.choose(name)
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.choose("resume")

    def choose(self, name: str) -> None:
        if name == "resume":
            self.manager.pop()
        elif name == "quit":
            self.table.autosave()
            self.table.leave()  # the table's close waits for the save to be written
        elif name == "concede":
            self.manager.pop()
            self.table.concede()

    def draw(self, surface) -> None:
        surface.blit(self._shade, (0, 0))
        pygame.draw.rect(surface, (12, 30, 22), self.panel, border_radius=16)
        pygame.draw.rect(surface, (230, 200, 120), self.panel, 2, border_radius=16)
        self.ctx.text.blit(surface, _("Paused"), 40, (self.panel.centerx, self.panel.top + 24),
                           (255, 230, 150), anchor="midtop", bold=True)
