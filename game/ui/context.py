"""What every scene gets from the app: settings, GUI manager, text cache, options."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .preferences import Remembered
from .sound import Sounds

if TYPE_CHECKING:
    import pygame_gui

    from game.config import Settings
    from game.engine.actions import Action
    from game.session.autosave import Autosaver

    from .text import TextCache
    from .thinker import Thinker


@dataclass
class Context:
    settings: Settings
    gui: pygame_gui.UIManager
    text: TextCache
    size: tuple[int, int]
    seed: int
    thinker: Thinker  # shared by the tables of a run
    anim_scale: float = 1.0  # multiplies ui.animation_speed (the smoke test runs fast)
    delay_ms: int | None = None  # overrides ui.computer_delay_ms
    demo: bool = False
    on_action: list[Callable[[int, Action], None]] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    auto_next_game_s: float | None = None  # demo: deal again after the end screen
    sounds: Sounds = field(default_factory=lambda: Sounds(enabled=False))  # the app's own
    autosave: Autosaver | None = None  # saves the human's games
    remembered: Remembered = field(default_factory=Remembered)  # ui settings to the file

    @property
    def anim_speed(self) -> float:
        return self.settings.ui.animation_speed * self.anim_scale
