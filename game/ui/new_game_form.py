"""What the New game screen holds while the player chooses: the rules, the seats, the
teams and the scoring, and the fields that change them. No pygame here: the screen
draws a row for each Field, and a test can fill the form without a window."""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.config import (
    COMPUTER_NAMES,
    HUMAN_NAME,
    SEARCH_LEVELS,
    PlayerSpec,
    SeriesSettings,
    Settings,
)
from game.engine.rules import MOST_PLAYERS, fixed_keys
from game.engine.scoring import PENALTY_TARGETS, default_target
from game.i18n import _

from .names import variant_title

TEAMS = {4: ((0, 2), (1, 3)), 6: ((0, 2, 4), (1, 3, 5))}
MAX_SEATS = 6
HUMAN, COMPUTER = "human", "computer"  # PlayerSpec.kind


@dataclass
class Seat:
    name: str
    kind: str = "computer"  # "human" or "computer"
    level: str = "normal"
    think_ms: int | None = None  # kept while the level does not think; used when it does


class Form:
    """The choices so far. ``rules.teams`` is not used: teams are a yes or no here and
    become seats only for 4 or 6 players (``settings``)."""

    def __init__(self, settings: Settings) -> None:
        self.base = settings
        self.rules = settings.rules
        self.teams = settings.rules.teams is not None
        self.count = len(settings.players)
        self.series = settings.series
        self.seats = [Seat(p.name, p.kind, p.level, p.think_ms) for p in settings.players]
        taken = {p.name for p in settings.players}
        spare = [n for n in COMPUTER_NAMES if n not in taken]
        while len(self.seats) < MAX_SEATS:
            self.seats.append(Seat(spare.pop(0) if spare else f"{len(self.seats) + 1}"))

    def copy(self) -> Form:
        return copy.deepcopy(self)

    # --- the rule keys ------------------------------------------------------------

    def rule(self, key: str) -> Any:
        """A rule key's value as it will be played (teams: whether there are any)."""
        if key == "teams":
            return self.teams_chosen()
        return getattr(self.rules, key)

    def set_rule(self, key: str, value: Any) -> None:
        if key == "variant":
            self.rules = self.rules.with_variant(value)
            self.count = min(self.count, MOST_PLAYERS.get(value, MAX_SEATS))
        elif key == "teams":
            self.teams = bool(value)
        else:
            self.rules = dataclasses.replace(self.rules, **{key: value})

    def teams_chosen(self) -> bool:
        possible = self.count in TEAMS and "teams" not in fixed_keys(self.rules.variant)
        return self.teams and possible

    def series_chosen(self) -> SeriesSettings:
        """The scoring as it will be played: a team game only as endless matchsticks, a
        target the table cannot have falls back to the system's default."""
        if self.teams_chosen():
            return SeriesSettings()
        if self.series.target not in target_values(self.series.system, self.count,
                                                   self.series.target):
            return SeriesSettings(self.series.system)
        return self.series

    # --- the seats ------------------------------------------------------------------

    def set_kind(self, seat: int, kind: str) -> None:
        """One seat only may be human: choosing it for a seat makes the old one a computer.
        The game's own names follow: "You" goes with the human, and a computer is never
        left called "You" (Russian would say "Вы берёт"); a name typed in stays."""
        chosen = self.seats[seat]
        if kind == HUMAN:
            for other in self.seats:
                if other.kind == HUMAN and other is not chosen:
                    other.kind = COMPUTER
                    if other.name == HUMAN_NAME and chosen.name in COMPUTER_NAMES:
                        other.name, chosen.name = chosen.name, HUMAN_NAME
        chosen.kind = kind
        for s in self.seats:
            if s.kind == COMPUTER and s.name == HUMAN_NAME:
                s.name = self._spare_name()

    def _spare_name(self) -> str:
        """A computer name of the game's own that no seat has (else the seat count)."""
        taken = {s.name for s in self.seats}
        return next((n for n in COMPUTER_NAMES if n not in taken), str(len(self.seats)))

    def settings(self) -> Settings:
        """The settings the form stands for (not yet checked)."""
        teams = TEAMS[self.count] if self.teams_chosen() else None
        rules = dataclasses.replace(self.rules, teams=teams)
        players = tuple(_spec(s) for s in self.seats[:self.count])
        return dataclasses.replace(self.base, rules=rules, players=players,
                                   series=self.series_chosen())


def _spec(seat: Seat) -> PlayerSpec:
    if seat.kind == HUMAN:
        return PlayerSpec(seat.name, HUMAN)
    think = seat.think_ms if seat.level in SEARCH_LEVELS else None
    return PlayerSpec(seat.name, COMPUTER, seat.level, think)


def target_values(system: str, players: int, current: int | None) -> list[int | None]:
    """The targets offered for ``system``, the default first (None: no target), and
    ``current`` if the settings chose another."""
    base = default_target(system, players)
    by_system: dict[str, list[int | None]] = {
        "fools": [None, 3, 5, 10], "penalty_points": list(PENALTY_TARGETS), "advanced": [base],
    }
    offered = by_system.get(system, [base, 2 * base, 3 * base] if base else [])
    if current is not None and current not in offered and system not in ("penalty_points",
                                                                         "advanced"):
        offered.append(current)
    return offered


def option_id(value: Any) -> str:
    """A value as a drop-down option's id (never shown): ``all``, ``6``, ``true``, ``null``."""
    return value if isinstance(value, str) else json.dumps(value)


_MISSING = object()


def no_reason(form: Form) -> str | None:
    return None


@dataclass(frozen=True)
class Field:
    """One choice on the screen: a label, a one-line explanation, the values it offers
    and how each is shown, how it reads and changes the form, and why it does not
    apply (None when it does; the screen then disables it with that reason)."""

    key: str
    label: str  # marked with N_, translated when shown
    explain: str
    values: Callable[[Form], Sequence[Any]]
    show: Callable[[Any], str]
    get: Callable[[Form], Any]
    put: Callable[[Form, Any], None]
    reason: Callable[[Form], str | None] = no_reason

    def options(self, form: Form) -> list[tuple[str, str]]:
        """(text, id) pairs, with the current value among them."""
        values = list(self.values(form))
        if self.get(form) not in values:
            values.append(self.get(form))
        return [(self.show(v), option_id(v)) for v in values]

    def current(self, form: Form) -> str:
        return option_id(self.get(form))

    def choose(self, form: Form, chosen_id: str) -> None:
        """Put the offered value whose id is ``chosen_id``; an id not offered is ignored."""
        values = [*self.values(form), self.get(form)]
        value = next((v for v in values if option_id(v) == chosen_id), _MISSING)
        if value is not _MISSING:
            self.put(form, value)


def not_in_variant(key: str, form: Form) -> str | None:
    """The reason a rule key does not apply to the chosen variant, or None."""
    if key in fixed_keys(form.rules.variant):
        return _("Not in {variant}: it keeps its usual value").format(
            variant=variant_title(form.rules.variant))
    return None
