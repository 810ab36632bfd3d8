"""The New game screen's choices, one table: every rule key of Rules with its label, a
one-line explanation, the values offered and why it may not apply; then the table's
own choices (players, scoring). A rule key added to Rules is one entry in RULES."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.config import LEVELS, SeriesSettings
from game.engine.rules import MOST_PLAYERS
from game.engine.scoring import SYSTEMS, default_target
from game.i18n import N_, _, ngettext

from .new_game_form import TEAMS, Field, Form, not_in_variant, target_values

VARIANT_NAMES = {"podkidnoy": N_("podkidnoy (throw-in)"), "perevodnoy": N_("perevodnoy (transfer)"),
                 "prostoy": N_("prostoy (simple, five cards)")}
LEVEL_NAMES = {"random": N_("random"), "easy": N_("easy"), "normal": N_("normal"),
               "hard": N_("hard"), "expert": N_("expert")}
SYSTEM_NAMES = {"fools": N_("matchsticks (fools)"), "penalty_points": N_("penalty points"),
                "basic": N_("basic (first out)"), "basic_plus": N_("basic plus"),
                "medium": N_("medium (by place)"), "advanced": N_("advanced (card points)")}
WORDS = {  # the values of the rule keys that are words
    "all": N_("every opponent"), "neighbours": N_("neighbours only"),
    "lowest_trump": N_("the lowest trump"), "left_of_dealer": N_("left of the dealer"),
    "from_under_the_fool": N_("from under the fool"), "fool_is_taught": N_("the fool is taught"),
}


def cards(n: int) -> str:
    return ngettext("%d card", "%d cards", n) % n


def word(value: str) -> str:
    return _(WORDS.get(value) or VARIANT_NAMES.get(value) or value)


def allowed(on: bool) -> str:
    return _("allowed") if on else _("not allowed")


def limit(unlimited: str) -> Callable[[int | None], str]:
    def show(value: int | None) -> str:
        return _(unlimited) if value is None else cards(value)
    return show


def only_perevodnoy(form: Form) -> str | None:
    if form.rules.variant != "perevodnoy":
        return _("Only in perevodnoy (transfer) Durak")
    return None


def teams_need_seats(form: Form) -> str | None:
    return None if form.count in TEAMS else _("Teams need 4 or 6 players")


def rule(key: str, label: str, explain: str, values: Sequence[Any], show: Callable[[Any], str],
         needs: Callable[[Form], str | None] | None = None) -> Field:
    """A rule key's field: disabled where the variant fixes the key, or ``needs`` says why."""
    def reason(form: Form) -> str | None:
        return not_in_variant(key, form) or (needs(form) if needs else None)

    return Field(key, label, explain, lambda form: values, show,
                 lambda form: form.rule(key), lambda form, v: form.set_rule(key, v), reason)


LIMITS = (None, *range(1, 13))
# Every key of Rules (a test holds the table to RULE_KEYS). "teams" is a yes or no here.
RULES: dict[str, Field] = {f.key: f for f in (
    rule("variant", N_("Game variant"), N_("Throw-in, transfer, or simple Durak"),
         tuple(VARIANT_NAMES), word),
    rule("deck", N_("Deck"), N_("Nine to ace, six to ace, or two to ace"),
         (24, 36, 52), cards),
    rule("hand_size", N_("Hand size"), N_("Cards dealt, and drawn back up to after a bout"),
         tuple(range(1, 11)), cards),
    rule("attack_limit", N_("Attack limit"), N_("The most attack cards in one bout"),
         LIMITS, limit(N_("the defender's hand"))),
    rule("first_bout_limit", N_("First bout limit"),
         N_("A different limit for the first bout of a game"),
         LIMITS, limit(N_("as in other bouts"))),
    rule("throw_in", N_("Throwing in"), N_("Who may add cards to an attack"),
         ("all", "neighbours"), word),
    rule("teams", N_("Teams"), N_("Two teams on alternate seats, 4 or 6 players"),
         (False, True), lambda on: _("two teams") if on else _("no teams"), teams_need_seats),
    rule("trump_exchange", N_("Trump exchange"),
         N_("The lowest trump may be swapped for the face-up trump"), (True, False), allowed),
    rule("transfer_by_showing_trump", N_("Transfer by showing"),
         N_("Showing a trump of the rank transfers; it stays in hand"),
         (False, True), allowed, only_perevodnoy),
    rule("first_attacker", N_("First game's lead"), N_("Who attacks first in the first game"),
         ("lowest_trump", "left_of_dealer"), word),
    rule("next_game_leader", N_("Next game's lead"),
         N_("Who attacks first in the game after a fool"),
         ("from_under_the_fool", "fool_is_taught"), word),
    rule("second_trump", N_("Trumps"), N_("Severnyi: the last card drawn names new trumps"),
         (False, True), lambda on: _("second trump (Severnyi)") if on else _("one trump")),
    rule("cheating", N_("Cheating"),
         N_("A wrong card may be played; others may catch it"),
         (False, True), lambda on: _("cheating allowed") if on else _("honest play")),
)}


def _teams_scoring(form: Form) -> str | None:
    return _("Team games are scored only as matchsticks") if form.teams_chosen() else None


def _set_count(form: Form, count: int) -> None:
    form.count = count


def _set_target(form: Form, target: int | None) -> None:
    form.series = SeriesSettings(form.series_chosen().system, target)


def _target(form: Form) -> int | None:
    series = form.series_chosen()
    return series.target or default_target(series.system, form.count)


def _show_target(target: int | None) -> str:
    return _("none (endless)") if target is None else str(target)


TABLE: dict[str, Field] = {f.key: f for f in (
    Field("count", N_("Players"), N_("Seats at the table, yours included"),
          lambda form: range(2, MOST_PLAYERS.get(form.rules.variant, 6) + 1), str,
          lambda form: form.count, _set_count),
    Field("system", N_("Scoring"), N_("How a series of games is scored"),
          lambda form: ["fools"] if form.teams_chosen() else list(SYSTEMS),
          lambda s: _(SYSTEM_NAMES[s]), lambda form: form.series_chosen().system,
          lambda form, s: setattr(form, "series", SeriesSettings(s)), _teams_scoring),
    Field("target", N_("Target"), N_("The score that ends the series"),
          lambda form: target_values(form.series_chosen().system, form.count,
                                     form.series_chosen().target),
          _show_target, _target, _set_target, _teams_scoring),
)}

# The rows of the screen's two panels, in order; house rules are every other rule key.
GAME_ROWS = ("variant", "second_trump", "count", "teams", "deck", "system", "target")
HOUSE_ROWS = tuple(k for k in RULES if k not in GAME_ROWS)


def field(key: str) -> Field:
    return RULES.get(key) or TABLE[key]


def level_name(level: Any) -> str:
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else str(level)


__all__ = ["GAME_ROWS", "HOUSE_ROWS", "LEVELS", "RULES", "TABLE", "field", "level_name"]
