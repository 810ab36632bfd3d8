"""Saving the match after every action without costing a frame.

The frame only copies what the save needs (a copy of the action list: actions
are immutable); a writer thread turns the latest copy into JSON and writes it
atomically. Only the newest copy is ever written: a faster run of actions skips
the ones in between. ``flush`` waits for the write (quitting, closing the window,
SIGTERM); a kill loses at most what was not yet written, the last action.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from game.i18n import _
from game.paths import atomic_write

from .save import game_to_dict, match_to_dict, save_path

if TYPE_CHECKING:
    from game.config import PlayerSpec, Settings

    from .match import GameRecord, Match

SEPARATORS = (",", ":")


@dataclass
class _SeriesInfo:
    system: str
    target: int | None


@dataclass
class Snapshot:
    """What ``match_to_dict`` reads of a match, frozen at one moment."""

    settings: Settings
    players: tuple[PlayerSpec, ...]
    seed: int
    series: _SeriesInfo
    history: list[GameRecord] = field(default_factory=list)
    record: GameRecord | None = None
    owner: int = 0  # id of the match: the converted finished games are kept per match
    series_start: int = 0  # games the match played before this series


def snapshot(match: Match) -> Snapshot:
    record = match.record
    if record is not None:
        record = replace(record, actions=list(record.actions))
    series = _SeriesInfo(getattr(match.series, "system", "fools"),
                         getattr(match.series, "target", None))
    return Snapshot(match.settings, match.players, match.seed, series, list(match.history),
                    record, id(match), match.series_start)


class Autosaver:
    """Writes the newest snapshot of a match to ``path`` on a thread of its own."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or save_path()
        self.error: str | None = None  # the last write's failure, for the screen
        self._cond = threading.Condition()
        self._pending: Snapshot | None = None
        self._writing = False
        self._closed = False
        self._thread: threading.Thread | None = None
        self._done: list[str] = []  # the finished games' JSON, in order
        self._done_of: int | None = None  # id of the series they belong to

    def save(self, match: Match) -> None:
        """Queue the match as it is now; returns at once."""
        snap = snapshot(match)
        with self._cond:
            if self._closed:
                return
            self._pending = snap
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until everything queued is written; False if it took too long."""
        with self._cond:
            return self._cond.wait_for(lambda: self._pending is None and not self._writing,
                                       timeout)

    def discard(self) -> None:
        """The series is over: nothing to continue, the save goes."""
        with self._cond:
            self._pending = None
        self.flush()
        self.path.unlink(missing_ok=True)

    def close(self) -> None:
        """Write what is queued and stop the thread."""
        self.flush()
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(timeout=5.0)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending is not None or self._closed)
                if self._pending is None:
                    return
                snap, self._pending = self._pending, None
                self._writing = True
            try:
                self._write(snap)
            finally:
                with self._cond:
                    self._writing = False
                    self._cond.notify_all()

    def _write(self, snap: Snapshot) -> None:
        try:
            atomic_write(self.path, self._text(snap))
            self.error = None
        except OSError as e:
            self.error = _("The game could not be saved: {why}").format(
                why=e.strerror or type(e).__name__)

    def _text(self, snap: Snapshot) -> str:
        """The save's JSON; the finished games' JSON is made once and kept, so a save
        late in a long series costs the current game, not the whole series."""
        if self._done_of != snap.owner or len(self._done) > len(snap.history):
            self._done, self._done_of = [], snap.owner
        self._done += [json.dumps(game_to_dict(r), separators=SEPARATORS)
                       for r in snap.history[len(self._done):]]
        data = match_to_dict(snap, [])
        current = [json.dumps(g, separators=SEPARATORS) for g in data.pop("games")]
        head = json.dumps(data, separators=SEPARATORS)
        return head[:-1] + ',"games":[' + ",".join(self._done + current) + "]}"
