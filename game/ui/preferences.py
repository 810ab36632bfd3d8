"""The player's ``ui:`` settings changed while the game runs: applied at once to the
running game (language, sound, full screen) and remembered in the settings file.

Every screen that changes one (Settings, the in-game menu, the window itself when
it is resized or F11 is pressed) calls ``change``. A choice from a list is written
at once; a slider being dragged or a window being resized is written when it has
settled for a moment (or when the game closes), not at every step of it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from game.config import UiSettings
from game.i18n import choose_language, set_language
from game.user_settings import remember_ui

from .window import switch_fullscreen

SETTLE_S = 0.5  # seconds without a further change before a drag or a resize is written

Writer = Callable[[UiSettings], "str | None"]


class Remembered:
    """Writes the ``ui:`` settings to the player's file; ``error`` holds the last
    failure, in one line, until a write works again."""

    def __init__(self, write: Writer = remember_ui) -> None:
        self.write = write
        self.pending: UiSettings | None = None
        self.wait = 0.0
        self.error: str | None = None
        self.writes = 0

    def remember(self, ui: UiSettings, settle: bool = False) -> None:
        self.pending = ui
        self.wait = SETTLE_S
        if not settle:
            self.flush()

    def tick(self, dt: float) -> None:
        """Advance the clock by ``dt`` seconds; write what has settled."""
        if self.pending is not None:
            self.wait -= dt
            if self.wait <= 0:
                self.flush()

    def flush(self) -> None:
        """Write what is pending now (the game is closing, or the change is final)."""
        if self.pending is None:
            return
        ui, self.pending = self.pending, None
        self.error = self.write(ui)
        self.writes += 1


def change(ctx, settle: bool = False, **values) -> None:
    """Set ``values`` (ui keys) in ``ctx.settings``, apply them to the running game and
    remember them; a failure to write or to apply is in ``ctx.remembered.error``."""
    old = ctx.settings.ui
    ui = dataclasses.replace(old, **values)
    ctx.settings = dataclasses.replace(ctx.settings, ui=ui)
    problem = apply(ctx, old, ui)
    ctx.remembered.remember(ctx.settings.ui, settle)
    if problem is not None:
        ctx.remembered.error = problem


def apply(ctx, old: UiSettings, new: UiSettings) -> str | None:
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
