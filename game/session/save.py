"""The game in progress as a versioned JSON file, and the match restored from it.

A save holds the rules, the players, the match seed, every game of the series
so far (its seed, its leader, its actions and a concession if there was one) and
the one in progress. Restoring deals each game again and replays its actions
through the engine: a save that does not replay exactly (a wrong version, bad
JSON, a wrong type, an illegal action, a seed or leader that does not follow from
the series) is refused with one line, never a traceback. No pygame here.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias

from game.config import PlayerSpec, SeriesSettings, Settings, SettingsError, UiSettings, _players
from game.engine import Rules, RulesError, Series, cheat_of, check
from game.engine.actions import (
    Action,
    Attack,
    Catch,
    Defend,
    Exchange,
    Pass,
    Show,
    Take,
    Transfer,
)
from game.engine.cards import CardError, card_str, parse_card
from game.i18n import _
from game.paths import (
    FileReadError,
    atomic_write,
    read_capped,
    remove_stale_temp_files,
    saves_dir,
    set_aside,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from game.engine.events import Event
    from game.ui.thinker import Thinker

    from .match import GameRecord, Match

    Restored: TypeAlias = tuple[Match, list[Event]]  # a match and its current game's events

FORMAT = "durak-save"
VERSION = 1
FILE_CAP = 4 * 1024 * 1024  # bytes: a series of a hundred games is about 1 MB
MAX_GAMES = 1000
MAX_ACTIONS = 5000  # in one game; the computers never cycle, people rarely pass 300


class SaveError(ValueError):
    """A save that cannot be restored; the message is one line."""


def save_path() -> Path:
    return saves_dir() / "current.json"


# --- actions as small dicts -----------------------------------------------------------

def action_to_dict(a: Action) -> dict[str, Any]:
    """{"type": "attack", "seat": 0, "cards": ["6H"]} and the like."""
    out: dict[str, Any] = {"type": type(a).__name__.lower(), "seat": a.seat}
    if isinstance(a, Attack | Transfer):
        out["cards"] = [card_str(c) for c in a.cards]
    elif isinstance(a, Defend):
        out["attack"], out["card"] = card_str(a.attack), card_str(a.card)
    elif isinstance(a, Show):
        out["card"] = card_str(a.card)
    return out


_KEYS = {"attack": ("cards",), "transfer": ("cards",), "defend": ("attack", "card"),
         "show": ("card",), "take": (), "pass": (), "exchange": (), "catch": ()}


def action_from_dict(d: Any, players: int) -> Action:
    """The action ``d`` stands for; SaveError if it is not one."""
    if not isinstance(d, dict) or not isinstance(d.get("type"), str) or d["type"] not in _KEYS:
        raise SaveError(_("an action is not one of {kinds}").format(kinds=", ".join(_KEYS)))
    kind = d["type"]
    if set(d) != {"type", "seat", *_KEYS[kind]}:
        raise SaveError(_("a {kind} action has the wrong keys").format(kind=kind))
    seat = _int(d["seat"], 0, players - 1, "seat")
    if kind in ("attack", "transfer"):
        cards = d["cards"]
        if not isinstance(cards, list) or not 0 <= len(cards) <= 12:
            raise SaveError(_("the cards of an action must be a list"))
        parsed = tuple(_card(c) for c in cards)
        return Attack(seat, parsed) if kind == "attack" else Transfer(seat, parsed)
    if kind == "defend":
        return Defend(seat, _card(d["attack"]), _card(d["card"]))
    if kind == "show":
        return Show(seat, _card(d["card"]))
    bare: dict[str, type[Take | Pass | Exchange | Catch]] = {
        "take": Take, "pass": Pass, "exchange": Exchange, "catch": Catch}
    return bare[kind](seat)


def _card(text: Any) -> int:
    if not isinstance(text, str):
        raise SaveError(_("a card must be text such as 6H"))
    try:
        return parse_card(text)
    except CardError:
        raise SaveError(_("{text} is not a card").format(text=text[:12])) from None


def _int(value: Any, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise SaveError(_("{what} must be a whole number from {low} to {high}").format(
            what=what, low=low, high=high))
    return value


# --- writing ------------------------------------------------------------------------------

class _SeriesKind(Protocol):
    @property
    def system(self) -> str: ...
    @property
    def target(self) -> int | None: ...


class SavedMatch(Protocol):
    """What ``match_to_dict`` reads: a Match, or the autosaver's snapshot of one."""

    @property
    def settings(self) -> Settings: ...
    @property
    def seed(self) -> int: ...
    @property
    def series(self) -> _SeriesKind: ...
    @property
    def series_start(self) -> int: ...
    @property
    def history(self) -> Sequence[GameRecord]: ...
    @property
    def record(self) -> GameRecord | None: ...


def game_to_dict(record: GameRecord) -> dict[str, Any]:
    out = {"seed": record.seed, "leader": record.leader,
           "actions": [action_to_dict(a) for _seat, a in record.actions],
           "conceded": getattr(record, "conceded", None)}
    if getattr(record, "took_back", False):
        out["took_back"] = True  # practice: the game stays out of the statistics
    return out


def match_to_dict(match: SavedMatch,
                  finished: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The save of ``match``; ``finished``: the earlier games already converted."""
    games = finished if finished is not None else [game_to_dict(r) for r in match.history]
    current = [game_to_dict(match.record)] if match.record is not None else []
    series = match.series
    return {
        "format": FORMAT, "version": VERSION,
        "rules": match.settings.rules.to_mapping(),
        "players": [{"name": p.name, "type": p.kind, "level": p.level, "think_ms": p.think_ms}
                    for p in match.settings.players],
        "seed": match.seed,
        "series": {"system": series.system, "target": series.target,
                   "first_game": match.series_start},
        "games": games + current,
    }


def save_match(match: SavedMatch, path: Path | None = None) -> None:
    """Write the save of ``match`` atomically (the old one stays whole until then)."""
    atomic_write(path or save_path(), json.dumps(match_to_dict(match), separators=(",", ":")))


# --- reading ------------------------------------------------------------------------------

@dataclass
class Saved:
    """A save read and checked: what Match needs to be restored."""

    settings: Settings
    seed: int
    system: str
    target: int | None
    first_game: int  # games the match played before this series (their seeds come first)
    # seed, leader, actions, conceded, took_back
    games: list[tuple[int, int | None, list[Action], int | None, bool]]


def read_save(path: Path, ui: UiSettings) -> Saved:
    """The save at ``path``, checked for form (not yet replayed); SaveError says why not."""
    try:
        data = json.loads(read_capped(path, FILE_CAP).decode("utf-8"))
    except FileReadError as e:
        raise SaveError(str(e)) from None
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise SaveError(_("not a valid JSON file")) from None
    return parse_save(data, ui)


def parse_save(data: Any, ui: UiSettings) -> Saved:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(_("not a saved game"))
    version = data.get("version")
    if isinstance(version, bool) or version != VERSION:
        raise SaveError(_("saved by another version of the game"))
    if set(data) != {"format", "version", "rules", "players", "seed", "series", "games"}:
        raise SaveError(_("the save has missing or unknown keys"))
    try:
        rules = Rules.from_mapping(data["rules"])
        players: tuple[PlayerSpec, ...] = _players(_without_nulls(data["players"]))
        settings = Settings(rules, players, ui)
        settings.check()
    except (RulesError, SettingsError) as e:
        raise SaveError(str(e)) from None
    seed = _int(data["seed"], -2**63, 2**63, "seed")
    series = data["series"]
    if not isinstance(series, dict) or set(series) != {"system", "target", "first_game"} \
            or not isinstance(series["system"], str):
        raise SaveError(_("the series of the save is not readable"))
    target = None if series["target"] is None else _int(series["target"], 1, 10**6, "target")
    first_game = _int(series["first_game"], 0, 10**9, "first_game")
    settings = dataclasses.replace(settings, series=SeriesSettings(series["system"], target))
    games = data["games"]
    if not isinstance(games, list) or not 1 <= len(games) <= MAX_GAMES:
        raise SaveError(_("the games of the save must be a list of 1 to {n}").format(n=MAX_GAMES))
    n = len(players)
    return Saved(settings, seed, series["system"], target, first_game,
                 [_game(g, n) for g in games])


def _without_nulls(players: Any) -> Any:
    if not isinstance(players, list):
        return players
    return [{k: v for k, v in p.items() if v is not None} if isinstance(p, dict) else p
            for p in players]


def _game(g: Any, n: int) -> tuple[int, int | None, list[Action], int | None, bool]:
    keys = {"seed", "leader", "actions", "conceded"}
    if not isinstance(g, dict) or set(g) not in (keys, keys | {"took_back"}) \
            or g.get("took_back", True) is not True:
        raise SaveError(_("a game of the save has missing or unknown keys"))
    actions = g["actions"]
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise SaveError(_("the actions of a game must be a list of at most {n}").format(
            n=MAX_ACTIONS))
    leader = None if g["leader"] is None else _int(g["leader"], 0, n - 1, "leader")
    conceded = None if g["conceded"] is None else _int(g["conceded"], 0, n - 1, "conceded")
    return (_int(g["seed"], 0, 2**63, "seed"), leader,
            [action_from_dict(a, n) for a in actions], conceded, "took_back" in g)


def restore(saved: Saved, thinker: Thinker, delay_ms: int | None = None) -> Restored:
    """The Match of ``saved``, replayed to where it was, and the current game's events.

    A game that ended starts the next one of the series; SaveError if anything does
    not replay or the series is over."""
    from game.session.match import Match

    try:
        series = Series(saved.settings.rules, len(saved.settings.players), saved.system,
                        saved.target)
        match = Match(saved.settings, saved.seed, thinker, delay_ms, series=series)
    except ValueError as e:
        raise SaveError(str(e)) from None
    match.game = match.series_start = saved.first_game
    match.counting = False  # the saved games were counted in the statistics when played
    events: list[Event] = []
    for i, (seed, leader, actions, conceded, took_back) in enumerate(saved.games):
        if match.series.finished:
            raise SaveError(_("the save goes on after its series ended"))
        events = match.start_game()
        assert match.record is not None and match.state is not None
        if (match.record.seed, match.record.leader) != (seed, leader):
            raise SaveError(_("game {n} of the save is not the deal of its series").format(n=i + 1))
        match.record.took_back = took_back
        for action in actions:
            if match.finished or (check(match.state, action) is not None
                                  and cheat_of(match.state, action) is None):
                raise SaveError(_("game {n} of the save holds a move that is not legal: "
                                  "{action}").format(n=i + 1, action=action))
            events.extend(match.replay_action(action))
        if conceded is not None:
            if not match.can_concede or conceded != match.human:
                raise SaveError(_("game {n} of the save holds a concession that cannot be")
                                .format(n=i + 1))
            match.concede()
        last = i == len(saved.games) - 1
        if not last and not (match.finished or match.conceded):
            raise SaveError(_("game {n} of the save is not over").format(n=i + 1))
    if match.finished or match.conceded:
        if match.series.finished:
            raise SaveError(_("the series of the save is over"))
        events = match.start_game()
    match.counting = True
    return match, events


def load_save(path: Path, ui: UiSettings, thinker: Thinker, delay_ms: int | None = None
              ) -> tuple[Restored, None] | tuple[None, str]:
    """(match, events of the current game) or (None, message): a broken save is set
    aside (``current.json.broken-N``) and the message says why."""
    try:
        return restore(read_save(path, ui), thinker, delay_ms), None
    except SaveError as e:
        return None, set_aside_message(path, str(e))


def continue_saved(ui: UiSettings, thinker: Thinker, delay_ms: int | None = None
                   ) -> tuple[Restored, None] | tuple[None, str]:
    """The saved game of the user data folder, as ``load_save``; (None, message) when
    there is none."""
    path = save_path()
    remove_stale_temp_files(path)
    if not path.exists():
        return None, _("There is no saved game to continue.")
    return load_save(path, ui, thinker, delay_ms)


def set_aside_message(path: Path, why: str) -> str:
    why = " ".join(why.split())
    why = why if len(why) <= 160 else why[:157] + "..."
    try:
        where = set_aside(path)
    except OSError:
        return _("The saved game {path} cannot be continued ({why}).").format(path=path, why=why)
    return _("The saved game cannot be continued ({why}); it was moved to {where}.").format(
        why=why, where=where.name)
