"""Scoring a series of games under one of six systems (seeds 000, 003, 004).

Pure: a game is a ``GameRecord`` (who went out in which bout, the fool, the
fool's last hand and the trump); ``standings`` folds the games of a series under
a system and a target and says who has won. ``ScoringError`` names what is wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .cards import iter_mask, rank_of, suit_of
from .state import State

Seat = int
Points = dict[Seat, int]

SYSTEMS = ("fools", "penalty_points", "basic", "basic_plus", "medium", "advanced")
PENALTY_TARGETS = (4, 5, 6)
ADVANCED_TARGET = 100


class ScoringError(ValueError):
    """A series that cannot be scored; the message names the game and the key."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game.

    ``places``: the seats grouped by the bout they went out in, first out first;
    in a game with a fool the last group is the fool alone. ``fool`` is None for
    a draw. ``fool_hand`` (cards) and ``trump`` (a suit) matter to ``advanced``.
    """

    places: tuple[tuple[Seat, ...], ...]
    fool: Seat | None
    fool_hand: tuple[int, ...] = ()
    trump: int | None = None

    @property
    def seats(self) -> int:
        return sum(len(group) for group in self.places)


@dataclass(frozen=True, slots=True)
class Standings:
    scores: tuple[int, ...]
    finished: bool
    winners: tuple[Seat, ...]
    eliminated: tuple[Seat, ...]

    def to_json(self) -> dict:
        return {"scores": list(self.scores), "finished": self.finished,
                "winners": list(self.winners), "eliminated": list(self.eliminated)}


# --- what one game is worth, one entry point per system ---------------------------

def fools_points(game: GameRecord) -> Points:
    """Matchsticks (seed 000): the fool gets one."""
    return {} if game.fool is None else {game.fool: 1}


def penalty_points(game: GameRecord) -> Points:
    """Seed 003: the first group out 0, the fool 2, everyone else 1."""
    points: Points = {}
    for group in game.places[1:]:
        for seat in group:
            points[seat] = 2 if seat == game.fool else 1
    return points


def basic_points(game: GameRecord) -> Points:
    """Seed 004: the first out gets 1; a tie for first scores nobody."""
    first = game.places[0]
    return {first[0]: 1} if len(first) == 1 else {}


def basic_plus_points(game: GameRecord) -> Points:
    """As ``basic``, and the fool loses 1 (nobody on a draw)."""
    points = basic_points(game)
    if game.fool is not None:
        points[game.fool] = points.get(game.fool, 0) - 1
    return points


def medium_points(game: GameRecord) -> Points:
    """Place p gets players - p; a group sharing places gets its last place's points."""
    players, place, points = game.seats, 0, {}
    for group in game.places:
        place += len(group)
        for seat in group:
            points[seat] = players - place
    return points


def advanced_points(game: GameRecord) -> Points:
    """The fool adds the value of the cards left: 2-10, J 11 .. A 14, trumps double."""
    if game.fool is None:
        return {}
    return {game.fool: hand_value(game.fool_hand, game.trump)}


def hand_value(cards: Sequence[int], trump: int | None) -> int:
    return sum(rank_of(c) * (2 if suit_of(c) == trump else 1) for c in cards)


POINTS: dict[str, Callable[[GameRecord], Points]] = {
    "fools": fools_points, "penalty_points": penalty_points, "basic": basic_points,
    "basic_plus": basic_plus_points, "medium": medium_points, "advanced": advanced_points,
}


# --- targets -----------------------------------------------------------------------

def default_target(system: str, players: int) -> int | None:
    return {"fools": None, "penalty_points": 4, "basic": 3, "basic_plus": 3,
            "medium": 3 * (players - 1), "advanced": ADVANCED_TARGET}[system]


def check_target(system: str, target: int | None, players: int) -> int | None:
    """The target in force: ``target``, or the system's default when None."""
    if system not in POINTS:
        raise ScoringError(f"system: unknown system '{system}' (known: {', '.join(SYSTEMS)})")
    if target is None:
        return default_target(system, players)
    if system == "penalty_points" and target not in PENALTY_TARGETS:
        raise ScoringError(f"target: {target} is not allowed for penalty_points (4, 5 or 6)")
    # Seed 004 plays advanced to 100 and the contract lists only that value.
    if system == "advanced" and target != ADVANCED_TARGET:
        raise ScoringError(f"target: {target} is not allowed for advanced (only 100)")
    if target < 1:
        raise ScoringError(f"target: {target} is not allowed (a whole number from 1)")
    return target


# --- checking one game ---------------------------------------------------------------

def check_game(game: GameRecord, in_series: Sequence[Seat], players: int,
               advanced: bool) -> None:
    """Raise ScoringError unless ``game`` seats exactly ``in_series`` and its fool fits."""
    seen: set[Seat] = set()
    for group in game.places:
        if not group:
            raise ScoringError("places: a group is empty")
        for seat in group:
            if not 0 <= seat < players:
                raise ScoringError(f"places: {seat} is not a seat (0..{players - 1})")
            if seat in seen:
                raise ScoringError(f"places: seat {seat} appears twice")
            if seat not in in_series:
                raise ScoringError(f"places: seat {seat} was eliminated and plays no more")
            seen.add(seat)
    missing = [s for s in in_series if s not in seen]
    if missing:
        raise ScoringError(f"places: seat {missing[0]} is missing")
    _check_fool(game, players)
    if advanced and game.fool is not None:
        if not game.fool_hand:
            raise ScoringError("fool_hand: advanced needs the cards left in the fool's hand")
        if game.trump is None:
            raise ScoringError("trump: advanced needs the trump suit in force at the end")


def _check_fool(game: GameRecord, players: int) -> None:
    fool = game.fool
    if len(set(game.fool_hand)) != len(game.fool_hand):
        raise ScoringError("fool_hand: a card appears twice")
    if any(not 0 <= c < 52 for c in game.fool_hand):
        raise ScoringError("fool_hand: a card that is not a card")
    if game.trump is not None and not 0 <= game.trump < 4:
        raise ScoringError("trump: not a suit (one of S H D C)")
    if fool is None:
        if game.fool_hand:
            raise ScoringError("fool_hand: a draw has no fool and so no fool's hand")
        return
    if not 0 <= fool < players:
        raise ScoringError(f"fool: {fool} is not a seat (0..{players - 1})")
    if game.places[-1] != (fool,):
        where = "not alone in" if fool in game.places[-1] else "not in"
        raise ScoringError(f"fool: seat {fool} is {where} the last group of places")


# --- the series ----------------------------------------------------------------------

def standings(system: str, players: int, games: Sequence[GameRecord],
              target: int | None = None) -> Standings:
    """Fold ``games`` (in the order played) under ``system``; ScoringError if invalid.

    A game listed after the series has ended is an error, as is a seat that was
    eliminated (``advanced``) appearing in a later game.
    """
    if not 2 <= players <= 6:
        raise ScoringError(f"players: {players} is not allowed (2 to 6)")
    goal = check_target(system, target, players)
    points_of = POINTS[system]
    scores = [0] * players
    eliminated: list[Seat] = []
    finished = False
    for i, game in enumerate(games):
        if finished:
            raise ScoringError(f"games[{i}]: the series already ended after games[{i - 1}]")
        in_series = [s for s in range(players) if s not in eliminated]
        try:
            check_game(game, in_series, players, system == "advanced")
        except ScoringError as e:
            raise ScoringError(f"games[{i}].{e}") from None
        for seat, points in points_of(game).items():
            scores[seat] += points
        if system == "advanced":
            eliminated += [s for s in in_series if scores[s] >= goal]  # type: ignore[operator]
        finished = _ended(system, scores, goal, eliminated)
    winners = _winners(system, scores, goal, eliminated) if finished else ()
    return Standings(tuple(scores), finished, winners, tuple(eliminated))


def _ended(system: str, scores: list[int], goal: int | None, eliminated: list[Seat]) -> bool:
    if system == "advanced":
        return len(scores) - len(eliminated) <= 1
    return goal is not None and max(scores) >= goal


def _winners(system: str, scores: list[int], goal: int | None,
             eliminated: list[Seat]) -> tuple[Seat, ...]:
    seats = range(len(scores))
    if system == "advanced":
        return tuple(s for s in seats if s not in eliminated)
    if system in ("basic", "basic_plus"):
        return tuple(s for s in seats if scores[s] >= goal)  # type: ignore[operator]
    best = max(scores) if system == "medium" else min(scores)
    return tuple(s for s in seats if scores[s] == best)


# --- from the engine -------------------------------------------------------------------

def record_from_state(state: State) -> GameRecord:
    """The record of a finished game without teams (ValueError otherwise)."""
    result = state.result
    if result is None:
        raise ValueError("the game is not over")
    if state.team_of is not None:
        raise ValueError("scoring systems score individual games, not teams")
    if len(state.out_bouts) != len(state.out):
        raise ValueError("this state does not know in which bout each seat went out")
    groups: list[list[Seat]] = []
    last_bout = None
    for seat, bout in zip(state.out, state.out_bouts, strict=True):
        if bout != last_bout:
            groups.append([])
            last_bout = bout
        groups[-1].append(seat)
    fool = result.loser
    hand: tuple[int, ...] = ()
    if fool is not None:
        groups.append([fool])
        hand = tuple(iter_mask(state.hands[fool]))
    return GameRecord(tuple(tuple(g) for g in groups), fool, hand, state.trump)

