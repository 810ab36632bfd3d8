"""The frame loop: events to the GUI and the scenes, update, draw, flip."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.config import WINDOW_LIMITS

from . import preferences
from .context import Context
from .scene import SceneManager
from .text import TextCache
from .theme import THEME
from .window import open_window

if TYPE_CHECKING:
    from game.config import Settings

    from .thinker import Thinker

__all__ = ["Runner", "make_context", "open_window"]
RESIZED = (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED)
POINTED = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
# A window at least twice this size in both directions (a 4K screen in full screen) is
# drawn at a whole fraction of its size and scaled up: the menus and forms, laid out in
# pixels, keep their proportions (at 3840x2160 everything is drawn at 1920x1080).
LOGICAL_AT_MOST = (1920, 1080)


def ui_scale(size: tuple[int, int]) -> int:
    """How many window pixels a drawn pixel takes, each way (1 up to twice 1920x1080)."""
    return max(1, min(size[0] // LOGICAL_AT_MOST[0], size[1] // LOGICAL_AT_MOST[1]))


def make_context(settings: Settings, size: tuple[int, int], seed: int,
                 thinker: Thinker, **options: Any) -> Context:
    """A context with a fresh GUI manager (pygame must be initialised)."""
    gui = pygame_gui.UIManager(size, THEME)
    return Context(settings=settings, gui=gui, text=TextCache(), size=size, seed=seed,
                   thinker=thinker, **options)


def _window() -> pygame.Surface:
    """The window's surface: there is one while the runner runs."""
    surface = pygame.display.get_surface()
    assert surface is not None, "no window open"
    return surface


class Runner:
    """Owns the window surface, the GUI manager and the scene stack."""

    def __init__(self, ctx: Context, screen: pygame.Surface) -> None:
        self.ctx = ctx
        self.screen = screen
        self.window_size = screen.get_size()
        self.scale = 1
        self.canvas: pygame.Surface | None = None  # drawn on, then scaled up (scale > 1)
        self._set_scale(self.window_size)
        self.scenes = SceneManager(ctx.size)
        self.frames = 0

    def _set_scale(self, window: tuple[int, int]) -> None:
        """The drawing's size for a window of ``window`` pixels: the context's size,
        the GUI's resolution and its reading of the mouse."""
        self.scale = ui_scale(window)
        size = (window[0] // self.scale, window[1] // self.scale)
        self.canvas = pygame.Surface(size).convert() if self.scale > 1 else None
        self.ctx.size = size
        self.ctx.gui.set_window_resolution(size)
        self.ctx.gui.mouse_pos_scale_factor = [1 / self.scale, 1 / self.scale]

    def frame(self, dt: float, events: Iterable[pygame.event.Event] | None = None) -> None:
        """One frame: ``events`` (default: the pygame queue), update by ``dt`` s, draw, flip."""
        for e in pygame.event.get() if events is None else events:
            self.handle(e)
        surface = pygame.display.get_surface()
        if surface is not None and surface.get_size() != self.window_size:  # full screen switched
            self.resize(surface.get_size())
        self.ctx.remembered.tick(dt)
        self.ctx.gui.update(dt)
        self.scenes.update(dt)
        self.draw()
        pygame.display.flip()
        self.frames += 1

    def draw(self) -> None:
        target = self.screen if self.canvas is None else self.canvas
        self.scenes.draw(target)
        self.ctx.gui.draw_ui(target)
        if self.canvas is not None:
            pygame.transform.scale(self.canvas, self.window_size, self.screen)

    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.QUIT:
            self.scenes.quit = True
            return
        if e.type == pygame.KEYDOWN and e.key == pygame.K_F11:
            preferences.change(self.ctx, fullscreen=not self.ctx.settings.ui.fullscreen)
            return
        if e.type in RESIZED:
            self.resize(_window().get_size())
            if not self.ctx.settings.ui.fullscreen:
                self.remember_window(self.window_size)
            return
        if self.ctx.gui.process_events(e):  # the GUI reads the mouse scaled itself
            return  # a widget used it (a click on a button): the scene must not see it too
        self.scenes.handle_event(self._drawn(e))

    def _drawn(self, e: pygame.event.Event) -> pygame.event.Event:
        """``e`` with its mouse position in the drawing's pixels."""
        if self.scale == 1 or e.type not in POINTED:
            return e
        k = self.scale
        moved = {"pos": (e.pos[0] // k, e.pos[1] // k)}
        if e.type == pygame.MOUSEMOTION:
            moved["rel"] = (e.rel[0] // k, e.rel[1] // k)
        return pygame.event.Event(e.type, {**e.dict, **moved})

    def resize(self, size: tuple[int, int]) -> None:
        size = (max(320, size[0]), max(240, size[1]))
        if size == self.window_size:
            return
        self.screen = _window()
        self.window_size = size
        self._set_scale(size)
        self.scenes.resize(self.ctx.size)

    def remember_window(self, size: tuple[int, int]) -> None:
        """The player resized the window: the next launch opens it at this size."""
        (low_w, high_w), (low_h, high_h) = WINDOW_LIMITS
        width, height = min(high_w, max(low_w, size[0])), min(high_h, max(low_h, size[1]))
        ui = self.ctx.settings.ui
        if (width, height) != (ui.width, ui.height):
            preferences.change(self.ctx, settle=True, width=width, height=height)

    def run(self, fps: int = 60, max_frames: int | None = None,
            on_frame: Callable[[float], None] | None = None) -> None:
        """Play until a scene asks to quit (or ``max_frames``); ``on_frame(ms)`` gets
        the work time of each frame."""
        clock = pygame.time.Clock()
        dt = 0.0
        while not self.scenes.quit and (max_frames is None or self.frames < max_frames):
            start = time.perf_counter()
            self.frame(min(dt, 0.1))
            if on_frame is not None:
                on_frame((time.perf_counter() - start) * 1000)
            dt = clock.tick(fps) / 1000
