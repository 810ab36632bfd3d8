"""Opening pygame for a window: only the modules the game uses, and a clear stop
when there is no screen to show the window on."""

from __future__ import annotations

import sys
from collections.abc import Mapping

import pygame

from game.i18n import _

# SDL's drivers that draw into memory: no window appears.
SCREENLESS = ("offscreen", "dummy")


def start_pygame() -> None:
    """Initialise the display and fonts only. ``pygame.init()`` would also open the
    sound device, which prints ALSA and XDG_RUNTIME_DIR errors on machines without
    one, and the game makes no sound yet."""
    pygame.display.init()
    pygame.font.init()


def start_for_window(environ: Mapping[str, str]) -> str | None:
    """Start pygame to open a window; the reason none will be seen, or None."""
    problem = no_screen_before_start(environ)
    if problem is None:
        start_pygame()
        problem = no_screen_after_start(environ)
    return problem


def no_screen_before_start(environ: Mapping[str, str], platform: str = sys.platform) -> str | None:
    """Why no window can be shown, known before SDL starts: on Linux with neither
    X11 nor Wayland and no video driver asked for. None when a screen may exist."""
    if environ.get("SDL_VIDEODRIVER") or not platform.startswith("linux"):
        return None
    if environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"):
        return None
    return _("durak: there is no screen to show the game on (neither DISPLAY nor "
             "WAYLAND_DISPLAY is set). Start it from a desktop session, or set "
             "SDL_VIDEODRIVER=dummy to run it without a window.")


def no_screen_after_start(environ: Mapping[str, str]) -> str | None:
    """Why no window will be seen, once the display is initialised: SDL fell back to
    a driver that draws into memory although nobody asked for one."""
    driver = pygame.display.get_driver()
    if driver not in SCREENLESS or environ.get("SDL_VIDEODRIVER"):
        return None
    return _("durak: no screen was found (SDL chose its '{driver}' driver, which shows "
             "nothing). Start it from a desktop session, or set SDL_VIDEODRIVER=dummy to "
             "run it without a window.").format(driver=driver)
