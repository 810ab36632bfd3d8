"""The player's ``ui:`` settings changed while the game runs: applied at once to the
running game (language, sound, full screen) and remembered in the settings file.

Every screen that changes one (Settings, the in-game menu, the window itself when
it is resized or F11 is pressed) calls ``change``. A choice from a list is written
at once; a slider being dragged or a window being resized is written when it has
settled for a moment (or when the game closes), not at every step of it; the
writing itself is done off the frame.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.config import UiSettings
from game.i18n import choose_language, set_language
from game.paths import user_settings_path
from game.user_settings import remember_ui

from .window import switch_fullscreen

if TYPE_CHECKING:
    from .context import Context

SETTLE_S = 0.5  # seconds without a further change before a drag or a resize is written

Writer = Callable[[UiSettings, Path], "str | None"]


class Remembered:
    """Writes the ``ui:`` settings to the player's file on a thread of its own (reading
    and checking the commented file takes tens of milliseconds: not on the frame).
    Only the newest settings are written; ``error`` holds the last failure, in one
    line, until a write works again."""

    def __init__(self, write: Writer = remember_ui) -> None:
        self.write = write
        self.pending: UiSettings | None = None  # changed, not yet handed to the writer
        self.wait_s = 0.0
        self.error: str | None = None  # why the last write failed
        self.problem: str | None = None  # why the last change could not be applied
        self.writes = 0
        self._cond = threading.Condition()
        self._queued: tuple[UiSettings, Path] | None = None
        self._busy = False
        self._thread: threading.Thread | None = None

    @property
    def notice(self) -> str | None:
        """What to tell the player about the settings, or None."""
        return self.problem or self.error

    def remember(self, ui: UiSettings, settle: bool = False) -> None:
        self.pending = ui
        self.wait_s = SETTLE_S
        if not settle:
            self.flush()

    def tick(self, dt: float) -> None:
        """Advance the clock by ``dt`` seconds; write what has settled."""
        if self.pending is not None:
            self.wait_s -= dt
            if self.wait_s <= 0:
                self.flush()

    def flush(self) -> None:
        """Hand what is pending to the writer now; returns at once."""
        if self.pending is None:
            return
        with self._cond:
            # the file is named here, where it is asked for, not later on the writer
            self._queued, self.pending = (self.pending, user_settings_path()), None
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="remember-settings",
                                                daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def wait(self) -> None:
        """Flush and wait until the file is written (the game is closing; tests)."""
        self.flush()
        with self._cond:
            while self._queued is not None or self._busy:
                self._cond.wait()

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._queued is None:
                    self._cond.wait()
                (ui, path), self._queued, self._busy = self._queued, None, True
            try:
                error = self.write(ui, path)
            except Exception as e:  # noqa: BLE001 - a settings file never stops the game
                error = str(e)
            with self._cond:
                self.error, self._busy = error, False
                self.writes += 1
                self._cond.notify_all()


def change(ctx: Context, settle: bool = False, **values: Any) -> None:
    """Set ``values`` (ui keys) in ``ctx.settings``, apply them to the running game and
    remember them. Why one could not be applied is in ``ctx.remembered.problem`` (until
    the next change), why they could not be written in ``ctx.remembered.error``.
    (``values`` are typed Any: which UiSettings field each sets is known only by name.)"""
    old = ctx.settings.ui
    ui = dataclasses.replace(old, **values)
    ctx.settings = dataclasses.replace(ctx.settings, ui=ui)
    problem = apply(ctx, old, ui)
    ctx.remembered.problem = problem
    ctx.remembered.remember(ctx.settings.ui, settle)


def apply(ctx: Context, old: UiSettings, new: UiSettings) -> str | None:
    """Make the running game follow ``new``; why a change could not be made, or None
    (full screen refused: the setting goes back to what the screen is)."""
    if new.language != old.language:
        set_language(choose_language(new.language))  # the scenes rebuild in its words
    sounds = ctx.sounds
    if new.sound != old.sound and sounds.muted == new.sound:  # (M may have muted it)
        sounds.toggle_mute()
    if new.sound_volume != old.sound_volume:
        sounds.set_volume(new.sound_volume)
    if new.fullscreen != old.fullscreen:
        problem = switch_fullscreen(new.fullscreen, (new.width, new.height))
        if problem is not None:
            ctx.settings = dataclasses.replace(
                ctx.settings, ui=dataclasses.replace(new, fullscreen=old.fullscreen))
            return problem
    return None
