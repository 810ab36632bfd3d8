"""The rule options of a game as a frozen value, and their validation."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import Any

from .preview import preview
from .variant import policy_of


def N_(message: str) -> str:
    """Marks an English message template for the catalogue; the engine speaks only
    English, and game.config words the template in the player's language."""
    return message


class RulesError(ValueError):
    """A rules mapping with an unknown key or a value outside the allowed ones;
    ``key`` names the rule key at fault when there is one. ``template`` and
    ``params`` make the message (``str(e)``, in English) and let a caller word it
    in another language."""

    def __init__(self, template: str, key: str | None = None, /, **params: Any) -> None:
        self.key = key
        self.template = template
        self.params = params
        super().__init__(self.worded())

    def worded(self, translate: Callable[[str], str] | None = None) -> str:
        """The message: the template, through ``translate`` if given, filled in."""
        text = translate(self.template) if translate else self.template
        return text.format(**self.params) if self.params else text


@dataclass(frozen=True, slots=True)
class Rules:
    variant: str = "podkidnoy"
    deck: int = 36
    hand_size: int = 6
    attack_limit: int | None = 6
    first_bout_limit: int | None = None
    throw_in: str = "all"
    teams: tuple[tuple[int, ...], ...] | None = None
    trump_exchange: bool = True
    transfer_by_showing_trump: bool = False
    first_attacker: str = "lowest_trump"
    next_game_leader: str = "from_under_the_fool"
    second_trump: bool = False
    cheating: bool = False  # a card rule may be broken on purpose, and caught (cheat.py)

    @property
    def transfers(self) -> bool:
        """The defender may pass the attack on (the variant's policy says)."""
        return policy_of(self).transfers

    def with_variant(self, variant: str) -> Rules:
        """These rules for another variant: a key still at the old variant's default
        takes the new variant's default (five cards in Prostoy, six in the others), and
        the keys that do not apply to it take their defaults."""
        old, new = variant_defaults(self.variant), variant_defaults(variant)
        changed: dict[str, Any] = {"variant": variant}
        for key in set(old) | set(new):
            if getattr(self, key) == old.get(key, _DEFAULTS[key]):
                changed[key] = new.get(key, _DEFAULTS[key])
        changed.update(_FIXED.get(variant, {}))  # keys that do not apply keep their defaults
        return replace(self, **changed)

    @classmethod
    def from_mapping(cls, data: Any) -> Rules:
        """Build Rules from a plain mapping, raising RulesError naming the bad key."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise RulesError(N_("rules: must be a mapping of rule keys to values"))
        values = {}
        for key, value in data.items():
            check = _CHECKS.get(key)
            if check is None:
                known = ", ".join(_CHECKS)
                raise RulesError(N_("rules: unknown key {name} (known keys: {known})"),
                                 None, name=_show(key), known=known)
            values[key] = check(key, value)
        variant = values.get("variant", _DEFAULTS["variant"])
        for key, fixed in _FIXED.get(variant, {}).items():
            if key in values and values[key] != fixed:
                raise RulesError(N_("rules.{key}: {value} does not apply to {variant} "
                                    "(it keeps {fixed})"), key, key=key, value=_show(data[key]),
                                 variant=variant, fixed=_show(fixed))
        return cls(**(variant_defaults(variant) | values))

    def to_mapping(self) -> dict[str, Any]:
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        if self.teams is not None:
            out["teams"] = [list(t) for t in self.teams]
        return out

    def check_players(self, players: int) -> None:
        """Raise RulesError if these rules cannot seat ``players`` players."""
        most = MOST_PLAYERS.get(self.variant, 6)
        if not 2 <= players <= 6:
            raise RulesError(N_("players: {players} is not allowed (2 to 6)"), None,
                             players=players)
        if players > most:
            raise RulesError(N_("players: {players} is not allowed in {variant} (2 to {most})"),
                             "variant", players=players, variant=self.variant, most=most)
        if self.teams is not None:
            check_teams(self.teams, players)


def _choice(*allowed: Any) -> Callable[[str, Any], Any]:
    def check(key: str, value: Any) -> Any:
        if not any(value == a and type(value) is type(a) for a in allowed):
            shown = ", ".join(_show(a).strip("'") for a in allowed)
            raise RulesError(N_("rules.{key}: {value} is not allowed (allowed: {allowed})"),
                             None, key=key, value=_show(value), allowed=shown)
        return value

    return check


def _int_range(low: int, high: int, nullable: bool) -> Callable[[str, Any], Any]:
    def check(key: str, value: Any) -> Any:
        if value is None and nullable:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            template = (N_("rules.{key}: {value} is not allowed (allowed: {low}..{high} or null)")
                        if nullable else
                        N_("rules.{key}: {value} is not allowed (allowed: {low}..{high})"))
            raise RulesError(template, None, key=key, value=_show(value), low=low, high=high)
        return value

    return check


def _teams(key: str, value: Any) -> tuple[tuple[int, ...], ...] | None:
    if value is None:
        return None
    ok = isinstance(value, list | tuple) and all(
        isinstance(t, list | tuple) and t and all(type(s) is int for s in t) for t in value
    )
    if not ok:
        raise RulesError(N_(
            "rules.{key}: {value} is not allowed (allowed: null or two lists of "
            "seats on alternate seats, e.g. [[0, 2], [1, 3]])"), None, key=key, value=_show(value))
    return tuple(tuple(t) for t in value)


def check_teams(teams: tuple[tuple[int, ...], ...], players: int) -> None:
    """Exactly two teams covering every seat, partners on alternate seats."""
    seats = sorted(s for t in teams for s in t)
    alternate = len(teams) == 2 and all(
        sorted(t) == list(range(min(t), players, 2)) for t in teams
    )
    if seats != list(range(players)) or not alternate or players % 2:
        raise RulesError(N_(
            "rules.teams: {value} is not allowed with {players} players (allowed: two teams "
            "on alternate seats covering every seat, e.g. [[0, 2], [1, 3]])"),
            None, value=_show([list(t) for t in teams]), players=players)


def _show(value: Any) -> str:
    """A value as YAML writes it, shortened: the message must stay one short line."""
    return preview(value)


VARIANTS = ("podkidnoy", "perevodnoy", "prostoy")

_CHECKS = {
    "variant": _choice(*VARIANTS),
    "deck": _choice(24, 36, 52),
    "hand_size": _int_range(1, 10, nullable=False),
    "attack_limit": _int_range(1, 12, nullable=True),
    "first_bout_limit": _int_range(1, 12, nullable=True),
    "throw_in": _choice("all", "neighbours"),
    "teams": _teams,
    "trump_exchange": _choice(True, False),
    "transfer_by_showing_trump": _choice(True, False),
    "first_attacker": _choice("lowest_trump", "left_of_dealer"),
    "next_game_leader": _choice("from_under_the_fool", "fool_is_taught"),
    "second_trump": _choice(True, False),
    "cheating": _choice(True, False),
}

_DEFAULTS: dict[str, Any] = {f.name: f.default for f in fields(Rules)}

# Each variant's own defaults, where they differ from the dataclass's.
_VARIANT_DEFAULTS: dict[str, dict[str, Any]] = {
    "prostoy": {"hand_size": 5, "first_attacker": "left_of_dealer"},
}

# Keys that do not apply to a variant: they must keep these values.
_FIXED: dict[str, dict[str, Any]] = {
    "prostoy": {key: _DEFAULTS[key] for key in (
        "attack_limit", "first_bout_limit", "throw_in", "teams", "transfer_by_showing_trump")},
}

MOST_PLAYERS = {"prostoy": 4}


def variant_defaults(variant: str) -> dict[str, Any]:
    return dict(_VARIANT_DEFAULTS.get(variant, {}))


def fixed_keys(variant: str) -> tuple[str, ...]:
    """The rule keys that do not apply to ``variant`` (the screen greys them out)."""
    return tuple(_FIXED.get(variant, {}))

RULE_KEYS = tuple(_CHECKS)
