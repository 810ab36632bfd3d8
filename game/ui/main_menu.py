"""The main menu, the game's first screen: Continue (when a game is saved, with what
it is under it), New game, Settings, Statistics and Quit, by mouse or keyboard (Up and
Down choose, Enter opens, Esc quits at once). A saved game that cannot be continued
is set aside and the reason shown here."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.i18n import N_, _

from . import menu_art
from .art_scenery import draw_background
from .names import describe_saved
from .scene import Scene

if TYPE_CHECKING:
    from game.session.save import Restored

    from .context import Context

# name -> label, top to bottom (Continue only when there is a saved game)
ENTRIES = (("continue", N_("Continue")), ("new", N_("New game")), ("settings", N_("Settings")),
           ("rules", N_("Rules")), ("stats", N_("Statistics")), ("quit", N_("Quit")))
ROOM_FOR = 6  # entries the layout keeps room for
MESSAGE_SIZE, MESSAGE_LINE, MOST_MESSAGE_LINES = 20, 22, 4
CAPTION_SIZE, CAPTION_H = 22, 26  # the line under Continue: "Podkidnoy, 2 players, your turn"
GOLD, INK, WARNING = (255, 230, 150), (235, 235, 225), (255, 170, 150)
# the shared theme's felt colours (theme.py), larger, bolder and with a brighter border
THEME = {"@menu_button": {
    "font": {"name": "noto_sans", "size": "22", "bold": "1"},
    "colours": {"normal_border": "#d8b868"},
    "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "10", "border_width": "2"},
}}


class MainMenu(Scene):
    """The menu over the felt, the game's name large and a few cards beside it."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.notes: list[str] = []  # this menu's own messages (a saved game set aside)
        self.saved = self._saved_game()
        self.saved_ui = ctx.settings.ui
        self.buttons: dict[str, UIButton] = {}
        self.focus = 0
        self.pointer: tuple[int, int] | None = None  # where the mouse was last seen
        self.covered = False  # a screen opened from here is on top: the buttons are hidden
        self._background: pygame.Surface | None = None
        ctx.gui.get_theme().load_theme(THEME)
        self.resize(ctx.size)

    def _saved_game(self) -> Restored | None:
        """The saved game restored, or None; one that cannot be is set aside, with a note."""
        from game.session.save import continue_saved, save_path

        if not save_path().exists():
            return None
        restored, message = continue_saved(self.ctx.settings.ui, self.ctx.thinker,
                                           self.ctx.delay_ms)
        if message is not None:
            self.notes.append(message)
        return restored

    @property
    def names(self) -> list[str]:
        """The entries shown, top to bottom."""
        return [name for name, _label in ENTRIES if name != "continue" or self.saved]

    # --- building ------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self._kill()
        w, h = size
        self.compact = h < 500  # a short window: a smaller title, no subtitle
        self.title_size = 44 if self.compact else min(120, h // 6)
        self.title_top = 6 if self.compact else h // 22
        below_title = self.title_top + self.title_size + (0 if self.compact else
                                                          self.title_size // 3 + 8)
        self.message_lines = [line for msg in [*self.ctx.messages[-3:], *self.notes]
                              for line in self.ctx.text.wrap(msg, MESSAGE_SIZE, w - 40)]
        self.message_lines = self.message_lines[:MOST_MESSAGE_LINES]
        self.message_top = below_title + 4
        top = self.message_top + MESSAGE_LINE * len(self.message_lines) + 10
        bh, gap = (34, 6) if self.compact else (48 if h >= 640 else 40, 12)
        bw = min(360, w - 40)
        room = h - top - 16 - ROOM_FOR * (bh + gap) - CAPTION_H
        y = top + max(0, room + (ROOM_FOR - len(self.names)) * (bh + gap)) // 3
        self.caption: tuple[str, int] | None = None
        for name in self.names:
            self.buttons[name] = self._button(name, pygame.Rect((w - bw) // 2, y, bw, bh))
            y += bh + gap
            if name == "continue" and self.saved is not None:  # what it is, under its button
                what = self.ctx.text.elide(describe_saved(self.saved[0]), CAPTION_SIZE, w - 40)
                self.caption = (what, y - gap // 2)
                y += CAPTION_H
        self.panel = self._panel(w)
        self.focus = min(self.focus, len(self.names) - 1)
        self._show_focus()
        if self.covered:
            for button in self.buttons.values():
                button.hide()
        self._background = None

    def _panel(self, w: int) -> pygame.Rect:
        """The dark panel behind the buttons, wide enough for the Continue caption."""
        panel = self.buttons[self.names[0]].rect.unionall(
            [b.rect for b in self.buttons.values()]).inflate(40, 28)
        if self.caption is not None:
            wide = self.ctx.text.font(CAPTION_SIZE).size(self.caption[0])[0] + 32
            if wide > panel.width:
                panel.inflate_ip(min(wide, w - 8) - panel.width, 0)
        return panel

    def _button(self, name: str, rect: pygame.Rect) -> UIButton:
        return UIButton(rect, _(dict(ENTRIES)[name]), self.ctx.gui,
                        object_id=ObjectID(f"#menu_{name}", "@menu_button"))

    def _kill(self) -> None:
        for button in self.buttons.values():
            button.kill()
        self.buttons = {}

    def close(self) -> None:
        self._kill()

    # --- input -----------------------------------------------------------------------

    def handle_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            name = next((n for n, b in self.buttons.items() if b is e.ui_element), None)
            if name is not None:
                self.choose(name)
        elif e.type == pygame.MOUSEMOTION:
            self._pointed(e.pos)
        elif e.type == pygame.KEYDOWN:
            self._key(e.key)

    def _pointed(self, pos: tuple[int, int]) -> None:
        """The keyboard's entry follows the mouse once it moves: not where the pointer
        happens to rest as the window opens (Enter would not open what it says)."""
        first, self.pointer = self.pointer is None, pos
        name = next((n for n, b in self.buttons.items() if b.rect.collidepoint(pos)), None)
        if name is not None and not first:
            self.focus = self.names.index(name)
            self._show_focus()

    def _key(self, key: int) -> None:
        if key in (pygame.K_UP, pygame.K_DOWN):
            self.focus = (self.focus + (1 if key == pygame.K_DOWN else -1)) % len(self.names)
            self._show_focus()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.choose(self.names[self.focus])
        elif key == pygame.K_ESCAPE:
            self.choose("quit")

    def _show_focus(self) -> None:
        """The keyboard's entry is lit (pygame_gui's selected look)."""
        for i, name in enumerate(self.names):
            button = self.buttons.get(name)
            if button is not None and button.is_selected != (i == self.focus):
                button.select() if i == self.focus else button.unselect()

    def choose(self, name: str) -> None:
        if name == "continue":
            self.resume()
        elif name == "new":
            from .start import StartScene

            self.open(StartScene(self.ctx))
        elif name == "settings":
            from .settings_screen import SettingsScene

            self.open(SettingsScene(self.ctx))
        elif name == "rules":
            from .rules_screen import RulesScene

            self.open(RulesScene(self.ctx))
        elif name == "stats":
            from .stats_screen import StatsScene

            self.open(StatsScene(self.ctx))
        elif name == "quit":
            self.manager.quit = True

    def open(self, scene: Scene) -> None:
        """Show ``scene`` over the menu; the menu's buttons come back when it closes."""
        self.manager.push(scene)

    def cover(self, covered: bool) -> None:
        self.covered = covered
        for button in self.buttons.values():
            button.hide() if covered else button.show()

    def resume(self) -> None:
        """The saved game at the table, with the settings as they are now."""
        from .table import TableScene

        if self.saved is not None and self.saved_ui != self.ctx.settings.ui:
            self.saved, self.saved_ui = self._saved_game(), self.ctx.settings.ui
        if self.saved is None:
            self.resize(self.size)  # it could not be restored again: say why
            return
        self.manager.replace(TableScene(self.ctx, self.saved[0].settings, self.saved))

    # --- drawing ---------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self._background is None or self._background.get_size() != self.size:
            self._background = menu_art.menu_background(self.size, self.panel)

    def draw(self, surface: pygame.Surface) -> None:
        draw_background(surface, self._background)
        w = surface.get_width()
        text = self.ctx.text
        at = (w // 2, self.title_top)
        text.blit(surface, _("Durak"), self.title_size, (at[0] + 3, at[1] + 4), (20, 30, 20),
                  anchor="midtop", bold=True)
        title = text.blit(surface, _("Durak"), self.title_size, at, GOLD, anchor="midtop",
                          bold=True)
        if not self.compact:
            text.blit(surface, _("the card game of the fool"), self.title_size // 3,
                      (w // 2, title.bottom + 2), INK, anchor="midtop")
        if self.caption is not None and not self.covered:
            what, y = self.caption
            text.blit(surface, what, CAPTION_SIZE, (w // 2, y), GOLD, anchor="midtop")
        for i, line in enumerate(self.message_lines):
            text.blit(surface, line, MESSAGE_SIZE, (w // 2, self.message_top + MESSAGE_LINE * i),
                      WARNING, anchor="midtop")
