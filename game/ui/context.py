"""What every scene gets from the app: settings, GUI manager, text cache, options."""

from __future__ import annotations

from dataclasses import dataclass, field

from .preferences import Remembered
from .sound import Sounds


@dataclass
class Context:
    settings: object  # game.config.Settings
    gui: object  # pygame_gui.UIManager
    text: object  # TextCache
    size: tuple[int, int]
    seed: int
    thinker: object  # InlineThinker or ProcessThinker, shared by the tables of a run
    anim_scale: float = 1.0  # multiplies ui.animation_speed (the smoke test runs fast)
    delay_ms: int | None = None  # overrides ui.computer_delay_ms
    demo: bool = False
    on_action: list = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    auto_next_game_s: float | None = None  # demo: deal again after the end screen
    sounds: Sounds = field(default_factory=lambda: Sounds(enabled=False))  # the app's own
    autosave: object | None = None  # game.session.autosave.Autosaver: saves the human's games
    remembered: Remembered = field(default_factory=Remembered)  # ui settings to the file

    @property
    def anim_speed(self) -> float:
        return self.settings.ui.animation_speed * self.anim_scale
