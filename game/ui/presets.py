"""Presets of the New game screen: a set of rules, and for some a table, in one choice.

Where the values come from:

- "pagat's rules": John McLeod's Podkidnoy Durak on pagat.com (our seed 000): 36 cards,
  six each, at most six attack cards (no lower first bout: that is listed among the
  variations), every opponent throws in (neighbours only is "usual to agree" for 5 or
  6, also a variation), the lowest trump may be exchanged for the face-up one, the
  holder of the lowest trump leads the first game and the next goes from under the
  fool. The game "is best for four people playing in teams, two against two", and
  the losses are counted with matchsticks.
- "quick 2-player": the same rules with the 24-card pack (nine to ace) that Norbert
  Steinkellner reports on the same page "works well as a 2-player game", two players.
- "online default": the online game's rules (seed 003): 36 cards, six each, an attack
  of at most six cards, any opponent may take up the attack, no trump exchange (it has
  none), played alone, scored in penalty points to 4. It leaves the number of players
  as it is (it offers 2 to 6).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.config import SeriesSettings
from game.engine.rules import MOST_PLAYERS, Rules
from game.i18n import N_, _

from .new_game_form import Form

CUSTOM = "custom"  # the drop-down's value when the form matches no preset

PAGAT_RULES: dict[str, Any] = {
    "variant": "podkidnoy", "deck": 36, "hand_size": 6, "attack_limit": 6,
    "first_bout_limit": None, "throw_in": "all", "trump_exchange": True,
    "transfer_by_showing_trump": False, "first_attacker": "lowest_trump",
    "next_game_leader": "from_under_the_fool", "second_trump": False,
}


@dataclass(frozen=True)
class Preset:
    name: str  # marked with N_
    rules: dict[str, Any]  # every key it sets; a key it lacks takes the Rules default
    teams: bool
    series: SeriesSettings = field(default_factory=SeriesSettings)
    count: int | None = None  # None: keep the number of players

    def apply(self, form: Form) -> None:
        form.rules = Rules.from_mapping(self.rules)
        count = self.count or form.count
        form.count = min(count, MOST_PLAYERS.get(form.rules.variant, 6))
        form.teams = self.teams
        form.series = self.series


PRESETS: dict[str, Preset] = {
    "pagat": Preset(N_("pagat's rules"), PAGAT_RULES, teams=True, count=4),
    "quick": Preset(N_("quick 2-player"), PAGAT_RULES | {"deck": 24}, teams=False, count=2),
    "online": Preset(N_("online default"), PAGAT_RULES | {"trump_exchange": False},
                     teams=False, series=SeriesSettings("penalty_points", 4)),
}


def matching(form: Form) -> str:
    """The preset the form is set to, or CUSTOM."""
    chosen = form.settings()
    for key, preset in PRESETS.items():
        trial = form.copy()
        preset.apply(trial)
        if trial.settings() == chosen:
            return key
    return CUSTOM


def preset_options() -> list[tuple[str, str]]:
    return [(_("custom"), CUSTOM)] + [(_(p.name), key) for key, p in PRESETS.items()]
