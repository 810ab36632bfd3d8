"""The window: opened in a window or full screen, switched either way while running."""

from __future__ import annotations

import pygame

from game.i18n import _


def open_window(size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
    """A resizable window of ``size``, or the whole screen at the desktop's own size
    (no change of display mode)."""
    if fullscreen:
        return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    return pygame.display.set_mode(size, pygame.RESIZABLE)


def switch_fullscreen(on: bool, windowed: tuple[int, int]) -> str | None:
    """Full screen, or back to a window of ``windowed``; None, or why it could not be
    (the window stays as it was)."""
    try:
        open_window(windowed, on)
    except pygame.error as e:
        return _("The screen mode could not be changed: {why}").format(why=e)
    return None
