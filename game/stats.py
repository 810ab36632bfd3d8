"""The player's statistics: games, fools, draws, series won and runs, per variant and level.

No pygame here. The store is kept in ``statistics.json`` in the user folder
(``paths.user_dir()``), written atomically; a broken file is set aside and a
fresh store started, with one line for the player saying so.

Decisions:

* The opponent level of a table is the strongest computer level at it (the order
  of ``config.LEVELS``): a game against an expert and two easy players counts as a
  game against experts. Rows stay few and each answers "how do I do when an X sits
  at the table".
* A run is the games in a row in which you were not the fool. A draw ends a game
  with nobody the fool, so it extends the run; only being the fool breaks it.
* In a team game your team losing makes you a fool.
* Rows are per game as its players name it (``game_key``): Durak Severnyi is a game
  of its own, so ``second_trump`` gives the variant's Severnyi row.
* A conceded game is a game lost.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from pathlib import Path
from typing import Any, NoReturn

from .config import LEVELS, PlayerSpec, Settings
from .engine.events import GameOver
from .engine.rules import Rules
from .i18n import _
from .paths import FileReadError, atomic_write, read_capped, set_aside, user_dir

FILE_NAME = "statistics.json"
FORMAT = "durak-statistics"
VERSION = 1
RECENT = 50  # games kept for the chart, per row and overall
MAX_BYTES = 1_000_000  # a real file is a few kilobytes
MAX_ROWS = 200
MAX_COUNT = 10**9
COUNTS = ("games", "fools", "draws", "series_won", "best_run", "current_run")
_NAME = re.compile(r"[a-z][a-z0-9_-]{0,31}")


class Outcome(StrEnum):
    """What a finished game was for the human."""

    FOOL = "fool"
    NOT_FOOL = "not_fool"
    DRAW = "draw"


Key = tuple[str, str]  # (game_key, opponent level)
SEVERNYI = "_severnyi"


def game_key(rules: Rules) -> str:
    """The name of the game ``rules`` play, as statistics rows and titles know it:
    the variant, and "<variant>_severnyi" with the second trump."""
    return rules.variant + (SEVERNYI if rules.second_trump else "")


@dataclass(frozen=True, slots=True)
class Tally:
    """The counts of one row (or of all games)."""

    games: int = 0
    fools: int = 0
    draws: int = 0
    series_won: int = 0
    best_run: int = 0  # most games in a row without being the fool
    current_run: int = 0
    recent: tuple[Outcome, ...] = ()  # the last RECENT results, oldest first

    @property
    def fool_rate(self) -> float | None:
        """Fools per game, or None before the first game."""
        return self.fools / self.games if self.games else None

    def after(self, outcome: Outcome) -> Tally:
        """This tally with one more game."""
        outcome = Outcome(outcome)
        run = 0 if outcome is Outcome.FOOL else self.current_run + 1
        return replace(
            self,
            games=self.games + 1,
            fools=self.fools + (outcome is Outcome.FOOL),
            draws=self.draws + (outcome is Outcome.DRAW),
            current_run=run,
            best_run=max(self.best_run, run),
            recent=(self.recent + (outcome,))[-RECENT:],
        )


@dataclass(frozen=True, slots=True)
class Stats:
    """Every row, and all games together (kept apart: its recent list and runs cross rows)."""

    rows: Mapping[Key, Tally] = field(default_factory=dict)
    overall: Tally = Tally()

    def ordered(self) -> list[tuple[Key, Tally]]:
        """Rows by variant, then level from weakest to strongest."""
        def order(key: Key) -> tuple[str, int]:
            return key[0], LEVELS.index(key[1]) if key[1] in LEVELS else len(LEVELS)

        return sorted(self.rows.items(), key=lambda kv: order(kv[0]))


def record_game(stats: Stats, variant: str, level: str, outcome: Outcome) -> Stats:
    """``stats`` with one more game of ``variant`` against ``level``."""
    _check_key(variant, level)
    rows = dict(stats.rows)
    rows[(variant, level)] = rows.get((variant, level), Tally()).after(outcome)
    return Stats(rows, stats.overall.after(outcome))


def record_series_won(stats: Stats, variant: str, level: str) -> Stats:
    """``stats`` with one more series won (its games are recorded one by one)."""
    _check_key(variant, level)
    rows = dict(stats.rows)
    row = rows.get((variant, level), Tally())
    rows[(variant, level)] = replace(row, series_won=row.series_won + 1)
    overall = replace(stats.overall, series_won=stats.overall.series_won + 1)
    return Stats(rows, overall)


def _check_key(variant: str, level: str) -> None:
    """Refuse a row the file could not hold (a saved file must load again)."""
    if not (isinstance(variant, str) and _NAME.fullmatch(variant) and level in LEVELS):
        raise ValueError(f"no statistics row for variant {variant!r} and level {level!r}")


# --- a game at the table -------------------------------------------------------------


def table_level(players: Sequence[PlayerSpec], human: int | None = None) -> str | None:
    """The strongest computer level among ``players``, None if there is none."""
    levels = [p.level for i, p in enumerate(players)
              if i != human and not p.human and p.level in LEVELS]
    return max(levels, key=LEVELS.index) if levels else None


Result = GameOver | Mapping | None  # state.result, or what result_of gives


def outcome_for(result: Result, human: int) -> Outcome | None:
    """The human's outcome from the engine's result: a ``GameOver`` (``state.result``)
    or the mapping ``result_of`` gives. None if the game is not over."""
    if result is None:
        return None
    if isinstance(result, Mapping):
        loser, team = result.get("loser"), result.get("losing_team")
    else:
        loser, team = result.loser, result.losing_team
    if loser is not None:
        return Outcome.FOOL if loser == human else Outcome.NOT_FOOL
    if team is not None:
        return Outcome.FOOL if human in team else Outcome.NOT_FOOL
    return Outcome.DRAW


def default_path() -> Path:
    return user_dir() / FILE_NAME


def record_result(settings: Settings, result: Result, human: int | None,
                  path: Path | None = None) -> str | None:
    """Count a finished game in the statistics file: load, record, save.

    Never raises (statistics must not stop a game); returns a one-line message
    for the player when something went wrong, else None. Nothing is counted for
    a table without a human or a game that is not over.
    """
    if human is None:
        return None
    return record_outcome(settings, outcome_for(result, human), human, path)


def record_outcome(settings: Settings, outcome: Outcome | None, human: int | None,
                   path: Path | None = None) -> str | None:
    """Count a game the human ended with ``outcome`` (a conceded game: FOOL), like
    ``record_result``; nothing for None."""
    try:
        level = table_level(settings.players, human) if human is not None else None
        if outcome is None or level is None:
            return None
        key = game_key(settings.rules)
        return _update(path, lambda s: record_game(s, key, level, outcome))
    except Exception as e:  # noqa: BLE001 - a statistics fault must not end the game
        return _("Statistics were not saved: {error}").format(error=_one_line(e))


def record_series(settings: Settings, human: int | None,
                  path: Path | None = None) -> str | None:
    """Count a series the human won, like ``record_result`` (never raises)."""
    try:
        level = table_level(settings.players, human) if human is not None else None
        if level is None:
            return None
        key = game_key(settings.rules)
        return _update(path, lambda s: record_series_won(s, key, level))
    except Exception as e:  # noqa: BLE001 - a statistics fault must not end the game
        return _("Statistics were not saved: {error}").format(error=_one_line(e))


def _update(path: Path | None, change: Callable[[Stats], Stats]) -> str | None:
    path = path or default_path()
    stats, message = load(path)
    if message is not None and path.exists():
        return message  # broken but could not be moved aside: never write over it
    save(path, change(stats))
    return message


def _one_line(e: BaseException) -> str:
    text = str(e).replace("\n", " ").strip() or type(e).__name__
    return text[:200]


# --- the file ------------------------------------------------------------------------


class StatsError(ValueError):
    """A statistics file that cannot be used; the message says why in a few words."""


def load(path: Path) -> tuple[Stats, str | None]:
    """The statistics in ``path`` and None; or, if the file is broken, a fresh store
    and one line for the player (the broken file is set aside). No file: a fresh store."""
    try:
        raw = read_capped(path, MAX_BYTES)
    except FileReadError as e:
        if e.missing:
            return Stats(), None
        problem = e.problem
    else:
        try:
            return parse(raw), None
        except StatsError as e:
            problem = str(e)
    return Stats(), _set_aside(path, problem)


def save(path: Path, stats: Stats) -> None:
    """Write ``stats`` atomically: the file holds the old or the new statistics."""
    atomic_write(path, json.dumps(to_data(stats), indent=1) + "\n")


def _set_aside(path: Path, problem: str) -> str:
    try:
        moved = set_aside(path)
    except OSError as e:
        return _("The statistics file {file} {problem}; it could not be moved aside "
                 "({reason}), so statistics are not saved").format(
            file=path, problem=problem, reason=e.strerror or e)
    return _("The statistics file {file} {problem}; it was moved to {moved} and "
             "fresh statistics were started").format(file=path, problem=problem,
                                                     moved=moved.name)


def parse(raw: bytes) -> Stats:
    """The statistics in the bytes of a file; StatsError says what is wrong."""
    if len(raw) > MAX_BYTES:
        raise StatsError(_("is larger than {limit} bytes").format(limit=MAX_BYTES))
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except UnicodeDecodeError:
        raise StatsError(_("is not text")) from None
    except (ValueError, RecursionError):
        raise StatsError(_("is not valid JSON")) from None
    return from_data(data)


def _no_constant(name: str) -> NoReturn:
    raise ValueError(name)  # NaN and Infinity are not JSON


def to_data(stats: Stats) -> dict[str, Any]:
    """The JSON form of ``stats``."""
    rows = [{"variant": v, "level": lv, **_tally_data(t)} for (v, lv), t in stats.ordered()]
    return {"format": FORMAT, "version": VERSION, "overall": _tally_data(stats.overall),
            "rows": rows}


def _tally_data(t: Tally) -> dict[str, Any]:
    return {**{name: getattr(t, name) for name in COUNTS},
            "recent": [str(o) for o in t.recent]}


def from_data(data: object) -> Stats:
    """Validate the JSON form into Stats; StatsError names the first fault."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StatsError(_("is not a statistics file"))
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise StatsError(_("has version {found}, this game reads version {ours}").format(
            found=str(version)[:20], ours=VERSION))
    rows_data = data.get("rows")
    if not isinstance(rows_data, list) or len(rows_data) > MAX_ROWS:
        raise StatsError(_("rows: not a list of at most {n} rows").format(n=MAX_ROWS))
    rows: dict[Key, Tally] = {}
    for i, row in enumerate(rows_data):
        where = f"rows[{i}]"
        if not isinstance(row, dict):
            raise StatsError(_("{field}: not a mapping").format(field=where))
        key = (_name(row, "variant", where, None), _name(row, "level", where, LEVELS))
        if key in rows:
            raise StatsError(_("{field}: {variant} {level} is listed twice").format(
                field=where, variant=key[0], level=key[1]))
        rows[key] = _tally(row, where)
    return Stats(rows, _tally(data.get("overall"), "overall"))


def _name(row: dict[str, Any], name: str, where: str, allowed: tuple[str, ...] | None) -> str:
    value = row.get(name)
    if not isinstance(value, str) or not _NAME.fullmatch(value) or (
            allowed is not None and value not in allowed):
        raise StatsError(_("{field}: not a known name").format(field=f"{where}.{name}"))
    return value


def _tally(obj: object, where: str) -> Tally:
    if not isinstance(obj, dict):
        raise StatsError(_("{field}: not a mapping").format(field=where))
    counts = {}
    for name in COUNTS:
        value = obj.get(name)
        if type(value) is not int or not 0 <= value <= MAX_COUNT:
            raise StatsError(_("{field}: not a whole number from 0 to {limit}").format(
                field=f"{where}.{name}", limit=MAX_COUNT))
        counts[name] = value
    recent = obj.get("recent")
    values = {str(o) for o in Outcome}
    if not isinstance(recent, list) or len(recent) > RECENT or any(
            not isinstance(o, str) or o not in values for o in recent):
        raise StatsError(_("{field}: not a list of at most {n} results").format(
            field=f"{where}.recent", n=RECENT))
    tally = Tally(**counts, recent=tuple(Outcome(o) for o in recent))
    if not _consistent(tally):
        raise StatsError(_("{field}: the counts do not agree with each other").format(
            field=where))
    return tally


def _consistent(t: Tally) -> bool:
    """What every tally made by ``Tally.after`` satisfies."""
    trailing = 0  # the games at the end of ``recent`` without being the fool
    for outcome in reversed(t.recent):
        if outcome is Outcome.FOOL:
            break
        trailing += 1
    return (t.fools + t.draws <= t.games and t.current_run <= t.best_run <= t.games - t.fools
            and len(t.recent) <= t.games and t.recent.count(Outcome.FOOL) <= t.fools
            and t.recent.count(Outcome.DRAW) <= t.draws
            and trailing == min(t.current_run, len(t.recent)))
