"""The card sounds: played through pygame's mixer when there is one, silence otherwise.

The mixer is opened only when sound is on and the first sound is asked for. Without a
sound device (CI, some machines) it fails once, quietly, and the game stays silent for
the rest of the run: nothing is retried, nothing is printed, nothing waits.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from game.paths import asset_path

if TYPE_CHECKING:
    from pygame.mixer import Sound

# Every sound the game cues; each is assets/sounds/<name>.wav (build_scripts/make_sounds.py).
SOUND_NAMES = ("place", "cover", "deal", "sweep", "take", "shuffle", "turn", "end", "lost")

Cue = Callable[[str], None]


def no_sound(name: str) -> None:
    """The cue of a table that makes no sound (tests, benchmarks)."""


class Sounds:
    """The run's sounds: ``play`` never raises and never blocks; ``set_volume`` and
    ``toggle_mute`` apply at once, to sounds already playing too."""

    def __init__(self, enabled: bool = True, volume: float = 1.0,
                 folder: Path | None = None) -> None:
        self.muted = not enabled
        self.volume = min(1.0, max(0.0, volume))
        self.folder = folder if folder is not None else asset_path("sounds")
        self.failed = False  # the mixer could not be opened: silent for good
        self._sounds: dict[str, Sound | None] = {}  # None: that sound is unusable
        self._mixer: ModuleType | None = None  # the pygame.mixer module once opened

    def play(self, name: str) -> None:
        if self.muted or self.volume <= 0 or not self._open():
            return
        sound = self._sound(name)
        if sound is not None:
            try:
                sound.play()
            except Exception:  # noqa: BLE001 - a sound must never stop the game
                self._sounds[name] = None

    def set_volume(self, volume: float) -> None:
        self.volume = min(1.0, max(0.0, volume))
        for sound in self._sounds.values():
            if sound is not None:
                sound.set_volume(self.volume)

    def toggle_mute(self) -> bool:
        """Mute or unmute; True when now muted. Muting stops what is playing."""
        self.muted = not self.muted
        if self.muted and self._mixer is not None:
            with contextlib.suppress(Exception):
                self._mixer.stop()
        return self.muted

    def close(self) -> None:
        if self._mixer is not None:
            with contextlib.suppress(Exception):
                self._mixer.quit()
        self._mixer = None
        self._sounds.clear()

    # --- the mixer, opened once ------------------------------------------------------

    def _open(self) -> bool:
        if self._mixer is not None:
            return True
        if self.failed:
            return False
        try:
            import pygame

            with quiet_stderr():
                pygame.mixer.init(frequency=22_050, size=-16, channels=2, buffer=512)
        except Exception:  # noqa: BLE001 - no device, no driver, no mixer module: silence
            self.failed = True
            return False
        self._mixer = pygame.mixer
        return True

    def _sound(self, name: str) -> Sound | None:
        if self._mixer is None:  # asked only once the mixer is open
            return None
        if name not in self._sounds:
            try:
                sound = self._mixer.Sound(str(self.folder / f"{name}.wav"))
                sound.set_volume(self.volume)
            except Exception:  # noqa: BLE001 - missing or unreadable: that sound is silent
                sound = None
            self._sounds[name] = sound
        return self._sounds[name]


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Send file descriptor 2 to the null device for a moment: ALSA and SDL write their
    complaints about a missing sound device there directly, past Python's sys.stderr."""
    if sys.stderr is not None:
        with contextlib.suppress(Exception):
            sys.stderr.flush()  # what Python has written so far still goes out
    try:
        saved = os.dup(2)
    except OSError:  # no descriptor 2 at all (a windowed build): nothing to hide
        yield
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 2)
        os.close(null)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class TurnBell:
    """When to ring "your turn": the first time in a bout that the game waits for the
    player, once the table has come to rest (not at every move of a long defence)."""

    def __init__(self) -> None:
        self.rung_in: object = None  # the bout it last rang in
        self.pending = False

    def update(self, waits: bool, still: bool, bout: object) -> bool:
        """True when the bell should ring now."""
        if not waits:
            self.pending = False
        elif bout != self.rung_in:
            self.pending = True
        if self.pending and still:
            self.pending = False
            self.rung_in = bout
            return True
        return False


def check_files(folder: Path | None = None) -> None:
    """Raise RuntimeError naming the first sound file that is missing or not a WAV
    (the smoke test: a build must bundle them all). Needs no sound device."""
    import wave

    folder = folder if folder is not None else asset_path("sounds")
    for name in SOUND_NAMES:
        path = folder / f"{name}.wav"
        try:
            with wave.open(str(path), "rb") as w:
                if w.getnframes() == 0:
                    raise wave.Error("no samples")
        except (OSError, EOFError, wave.Error) as e:
            raise RuntimeError(f"sound {path}: {e}") from None
