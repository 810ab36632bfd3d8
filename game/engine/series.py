"""A series of games: who leads each game, the scores, and when the series is over.

Seats of the series are numbered 0..players-1 for its whole length. In
``advanced`` scoring an eliminated seat leaves the table: the next deal has one
seat fewer, and ``seats`` maps each seat of the engine's game (0..n-1, the
remaining seats in clockwise order) to its seat in the series.
"""

from __future__ import annotations

import random

from .cards import iter_mask
from .play import new_game
from .rules import Rules
from .scoring import GameRecord, Standings, check_target, record_from_state, standings
from .state import State


class Series:
    """Deals game after game; pure apart from the ``rng`` it is given."""

    def __init__(self, rules: Rules, players: int, system: str = "fools",
                 target: int | None = None) -> None:
        rules.check_players(players)
        self.target = check_target(system, target, players)  # ScoringError if not allowed
        if rules.teams is not None and (system != "fools" or target is not None):
            raise ValueError("team games are scored only as endless matchsticks (fools)")
        self.rules = rules
        self.players = players
        self.system = system
        self.fools = [0] * players
        self.games = 0
        self.draws = 0
        self.records: list[GameRecord] = []
        self.standings: Standings = standings(system, players, [], target)
        self.seats: tuple[int, ...] = tuple(range(players))
        self._leader: int | None = None  # a series seat

    @property
    def finished(self) -> bool:
        return self.standings.finished

    @property
    def winners(self) -> tuple[int, ...]:
        return self.standings.winners

    def next_attacker(self) -> int | None:
        """Who leads the next game (a seat of that game); None: the first-game rule."""
        return None if self._leader is None else self.seats.index(self._leader)

    def start(self, rng: random.Random) -> tuple[State, list]:
        if self.finished:
            raise ValueError("the series is over")
        return new_game(self.rules, len(self.seats), rng, attacker=self.next_attacker())

    def record(self, final: State) -> None:
        """Count a finished game, score it and settle who leads the next one."""
        result = final.result
        if result is None:
            raise ValueError("the game is not over")
        self.games += 1
        if self.rules.teams is None:
            self._score(record_from_state(final))
        if result.draw:
            self.draws += 1
            return  # the same dealer deals again: the lead stays as it was
        losers: tuple[int, ...]
        if result.loser is not None:
            losers, fool = (result.loser,), result.loser
        else:
            assert result.losing_team is not None  # not a draw
            losers = result.losing_team
            fool = next((p for p in losers if final.hands[p]), losers[0])
        for seat in losers:
            self.fools[self.seats[seat]] += 1
        if self.rules.teams is not None:  # endless matchsticks: every loser of the team
            self.standings = Standings(tuple(self.fools), False, (), ())
        self._leader = self._after(self.seats[fool])
        self.seats = tuple(s for s in range(self.players) if s not in self.standings.eliminated)

    def concede(self, seat: int, live: State) -> None:
        """``seat`` (of the game in progress, ``live``) gives the game up: it counts as
        that seat being the fool with the cards it holds (its team losing), the others
        going out together before it. Without teams a seat holding no cards cannot
        concede (ValueError): it is out, with nothing left to score it on."""
        if self.rules.teams is None and not live.hands[seat]:
            raise ValueError("a seat with no cards cannot concede")
        self.games += 1
        fool = self.seats[seat]
        if self.rules.teams is not None:
            for member in next(t for t in self.rules.teams if seat in t):
                self.fools[self.seats[member]] += 1
            self.standings = Standings(tuple(self.fools), False, (), ())
        else:
            self.fools[fool] += 1
            others = tuple(s for s in range(len(self.seats)) if s != seat)
            self._score(GameRecord((others, (seat,)), seat, tuple(iter_mask(live.hands[seat])),
                                   live.trump))
        self._leader = self._after(fool)
        self.seats = tuple(s for s in range(self.players) if s not in self.standings.eliminated)

    def _score(self, game: GameRecord) -> None:
        """Add ``game`` (in seats of that game) to the standings, in series seats."""
        to_series = self.seats
        self.records.append(GameRecord(
            tuple(tuple(to_series[s] for s in group) for group in game.places),
            None if game.fool is None else to_series[game.fool], game.fool_hand, game.trump))
        self.standings = standings(self.system, self.players, self.records, self.target)

    def _after(self, fool: int) -> int:
        """The next leader: the fool's left-hand neighbour (right when the fool is
        taught), skipping eliminated seats; an eliminated fool is skipped the same way,
        so with ``fool_is_taught`` the seat that would have attacked the fool leads."""
        step = 1 if self.rules.next_game_leader == "from_under_the_fool" else -1
        gone = self.standings.eliminated
        seat = (fool + step) % self.players
        while seat in gone:
            seat = (seat + step) % self.players
        return seat
