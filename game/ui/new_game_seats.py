"""The seats of the New game screen: for each, a name, human or computer, the level and,
for the levels that search, the thinking time. The name is a text line; the rest are
fields like the rules' (new_game_form.Field), keyed ``seat{i}.{what}``."""

from __future__ import annotations

from game.config import LEVELS, SEARCH_LEVELS
from game.i18n import N_, _

from .house_rules import level_name
from .new_game_form import HUMAN, Field, Form

THINK_MS = (None, 50, 100, 150, 250, 500, 1000, 2000, 5000)
KINDS = {"human": N_("human"), "computer": N_("computer")}
# (what, heading, share of the row's width)
COLUMNS = (("name", N_("Name"), 0.31), ("kind", N_("Player"), 0.22),
           ("level", N_("Level"), 0.21), ("think", N_("Thinking time"), 0.26))


def show_think(ms: int | None) -> str:
    return _("usual") if ms is None else _("{ms} ms").format(ms=ms)


def _human(form: Form, seat: int) -> bool:
    return form.seats[seat].kind == HUMAN


def _level_reason(form: Form, seat: int) -> str | None:
    return _("You play this seat yourself") if _human(form, seat) else None


def _think_reason(form: Form, seat: int) -> str | None:
    if _human(form, seat):
        return _("You play this seat yourself")
    if form.seats[seat].level not in SEARCH_LEVELS:
        return _("Only hard and expert think ahead; they take a thinking time")
    return None


def _set_level(form: Form, seat: int, level: str) -> None:
    form.seats[seat].level = level


def _set_think(form: Form, seat: int, ms: int | None) -> None:
    form.seats[seat].think_ms = ms


def seat_fields(seat: int) -> list[Field]:
    """The drop-downs of one seat, in the order of COLUMNS after the name."""
    kind, level, think = (f"seat{seat}.{what}" for what, _title, _share in COLUMNS[1:])
    return [
        Field(kind, N_("Player"), "", lambda form: tuple(KINDS),
              lambda kind: _(KINDS[kind]), lambda form: form.seats[seat].kind,
              lambda form, kind: form.set_kind(seat, kind)),
        Field(level, N_("Level"), "", lambda form: LEVELS, level_name,
              lambda form: form.seats[seat].level,
              lambda form, level: _set_level(form, seat, level),
              lambda form: _level_reason(form, seat)),
        Field(think, N_("Thinking time"), "", lambda form: THINK_MS, show_think,
              lambda form: form.seats[seat].think_ms,
              lambda form, ms: _set_think(form, seat, ms),
              lambda form: _think_reason(form, seat)),
    ]
