"""A series of games at the table: engine state, whose turn, computer players paced.

No pygame here: the table scene feeds it the human's actions and the clock, and
plays the events it returns as animations. Each game has its own seed, derived from
the match seed and the game number, and an action log: rules + seed + leader +
actions replay the game exactly (``replay``).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from game import stats
from game.engine import (
    Rules,
    Series,
    State,
    apply_in_place,
    cheat_actions,
    check,
    legal_actions,
    new_game,
    next_actor,
    pass_only_lets_a_cheat_stand,
    view,
)
from game.engine.actions import Action, Take
from game.refusals import not_offered, word
from game.ui.thinker import Request  # a plain dataclass: the question put to a computer

if TYPE_CHECKING:
    from game.config import Settings
    from game.engine.events import Event
    from game.ui.thinker import Thinker

CATCH_MS = 1800  # a cheat the human may catch stays this long before computers play on


def game_seed(match_seed: int, game: int) -> int:
    """The seed of game number ``game`` (1, 2, ...) of the match seeded ``match_seed``."""
    return random.Random(match_seed * 1_000_003 + game).getrandbits(63)


@dataclass
class GameRecord:
    """What replays one game: its rules, seats, seed, first attacker and actions."""

    rules: Rules
    players: int
    seed: int
    leader: int | None  # who the series chose to lead; None: the first-game rule
    actions: list[tuple[int, Action]] = field(default_factory=list)
    conceded: int | None = None  # the seat that gave the game up (a loss), if one did
    took_back: bool = False  # the human took a move back (practice): not in the statistics


def replay(record: GameRecord, moves: int | None = None) -> tuple[State, list[Event]]:
    """The game of ``record`` played again from its deal: (final state, all events);
    ``moves``: only its first so many actions."""
    state, events = new_game(record.rules, record.players, random.Random(record.seed),
                             attacker=record.leader)
    for _seat, action in record.actions[:moves]:
        events.extend(apply_in_place(state, action))
    return state, events


class Match:
    """The engine side of the table: one series, one game at a time."""

    def __init__(self, settings: Settings, seed: int, thinker: Thinker, delay_ms: int | None = None,
                 stats_path: Path | None = None, series: Series | None = None) -> None:
        """``series``: a series restored from a save (None: a new one, as the settings say)."""
        self.settings = settings
        self.stats_path = stats_path  # None: the statistics file of the user folder
        self.seed = seed
        self.thinker = thinker
        self.delay_ms = settings.ui.computer_delay_ms if delay_ms is None else delay_ms
        self.on_action: list[Callable[[int, Action], None]] = []
        self.state: State | None = None  # None until the first deal
        self.record: GameRecord | None = None  # None for a given deal (tests)
        self.game = 0
        self.version = 0
        self._pending: Request | None = None
        self._answer: tuple[Action, float] | None = None
        self._asked_at = 0.0
        self._recorded = False
        self.counting = True  # False while a save is replayed: its games were counted
        self.notices: list[str] = []  # from the thinker and the statistics, for the screen
        self.answers: dict[int, Action] = {}  # to questions others asked (the coach's hints)
        self._others: set[int] = set()  # the tokens of those questions, still unanswered
        self.new_series(series)

    # --- the series and its seats --------------------------------------------------

    def new_series(self, series: Series | None = None) -> None:
        """Start a series afresh (or take ``series``, restored): every player of the
        settings back at the table."""
        s = self.settings
        self.series = series if series is not None else Series(
            s.rules, len(s.players), s.series.system, s.series.target)
        self.history: list[GameRecord] = []  # the earlier games of the series
        self.record = None
        self.series_start = self.game  # games the match played before this series
        self.gained: tuple[int, ...] = (0,) * len(s.players)  # by the last game, series seats
        self._seat_players()

    def _seat_players(self) -> None:
        """Players, count and human seat of the next game: the series' remaining seats
        (``advanced`` sends eliminated players away from the table)."""
        everyone = self.settings.players
        self.seats = self.series.seats  # the series seat of each seat of this game
        self.players = tuple(everyone[s] for s in self.seats)
        self.n = len(self.players)
        self.human = next((i for i, p in enumerate(self.players) if p.human), None)

    @property
    def human_in_series(self) -> int | None:
        """The human's seat in the series (the settings' seat), None without one."""
        return next((i for i, p in enumerate(self.settings.players) if p.human), None)

    @property
    def human_out(self) -> bool:
        """The human has been eliminated: the series is over for them."""
        return self.human_in_series is not None and \
            self.human_in_series in self.series.standings.eliminated

    @property
    def series_over(self) -> bool:
        """No next game: the series has ended, or ended for the human. Decision: a
        series does not go on among computers once the human is out; the end screen
        shows the table as it stands."""
        return self.series.finished or self.human_out

    # --- games -------------------------------------------------------------------

    def start_game(self, dealt: tuple[State, list[Event]] | None = None) -> list[Event]:
        """Deal a new game of the series (or take ``dealt``, a (state, events) pair
        such as ``from_deal`` gives); returns its opening events. After the last game
        of a series, a new series starts."""
        if self.series_over:
            self.new_series()
        self._seat_players()
        self.game += 1
        if self.record is not None:
            self.history.append(self.record)
        if dealt is not None:
            self.record = None
            self.state, events = dealt
        else:
            self.record = GameRecord(self.settings.rules, self.n, game_seed(self.seed, self.game),
                                     self.series.next_attacker())
            self.state, events = self.series.start(random.Random(self.record.seed))
        self._recorded = False
        self._changed()
        return events

    @property
    def actions(self) -> list[tuple[int, Action]]:
        """The action log of the current game: (seat, action), in order."""
        return self.record.actions if self.record is not None else []

    @property
    def finished(self) -> bool:
        return self.state is not None and self.state.finished

    @property
    def conceded(self) -> bool:
        return self.record is not None and self.record.conceded is not None

    @property
    def can_concede(self) -> bool:
        """Whether the human may give this game up: while it goes on and they hold
        cards (once out, they are no longer in it to lose), or their team plays on."""
        return (self.human is not None and not self.finished and not self.conceded
                and self.state is not None
                and (self.state.team_of is not None or bool(self.state.hands[self.human])))

    def concede(self) -> None:
        """The human gives this game up: it counts as their loss in the series and in
        the statistics."""
        if not self.can_concede:
            return
        assert self.human is not None and self.state is not None
        before = self.series.standings.scores
        self.series.concede(self.human, self.state)
        self._gained_since(before)
        if self.record is not None:
            self.record.conceded = self.human
        if self.counting:
            self._count(stats.Outcome.FOOL)
        self._changed()

    @property
    def _live(self) -> State:
        """The game being played (there is one once the first deal is made)."""
        assert self.state is not None, "no game dealt yet"
        return self.state

    def _record(self) -> None:
        """Score a finished game, once, and count it in the player's statistics."""
        if not self.finished or self._recorded:
            return
        self._recorded = True
        before = self.series.standings.scores
        self.series.record(self._live)
        self._gained_since(before)
        if self.counting and self.human is not None:
            self._count(stats.outcome_for(self._live.result, self.human))

    def _gained_since(self, before: tuple[int, ...]) -> None:
        self.gained = tuple(a - b for a, b in zip(self.series.standings.scores, before,
                                                  strict=True))

    def _count(self, outcome: stats.Outcome | None) -> None:
        """Count the game just ended in the statistics, and the series if the human won it;
        a practice game (a move taken back) is not counted."""
        if self.practised:
            return
        at_table = dataclasses.replace(self.settings, players=self.players)
        self._say(stats.record_outcome(at_table, outcome, self.human, self.stats_path))
        human = self.human_in_series
        if self.series.finished and human is not None and human in self.series.winners \
                and not any(r.took_back for r in self.history if r is not None):
            self._say(stats.record_series(self.settings, human, self.stats_path))

    @property
    def practised(self) -> bool:
        """The human took a move of this game back."""
        return self.record is not None and self.record.took_back

    def _say(self, message: str | None) -> None:
        if message:
            self.notices.append(message)

    # --- the human ---------------------------------------------------------------

    def legal(self, seat: int | None = None) -> list[Action]:
        seat = self.human if seat is None else seat
        if seat is None or self.state is None:
            return []
        return legal_actions(self.state, seat)

    def cheats(self, seat: int | None = None) -> list[Action]:
        """The cheats ``seat`` (the human) could make now: none unless cheating is on."""
        seat = self.human if seat is None else seat
        if seat is None or self.state is None:
            return []
        return cheat_actions(self.state, seat)

    def offered(self, seat: int) -> list[Action]:
        """What a seat may do: its legal actions, then in cheating mode its cheats."""
        return self.legal(seat) + self.cheats(seat)

    def pass_lets_go(self, seat: int | None = None) -> bool:
        """``seat``'s (the human's) pass would only let a pending cheat stand."""
        seat = self.human if seat is None else seat
        return (seat is not None and self.state is not None and self.state.cheat is not None
                and pass_only_lets_a_cheat_stand(self.state, seat))

    def reason(self, action: Action) -> str:
        """Why ``action`` is not accepted, in the player's words: the engine's rule,
        or why the screen does not offer a move the rules allow."""
        why = check(self._live, action)
        return not_offered(action) if why is None else word(why, you=self.human)

    def waits_for(self, seat: int) -> bool:
        """The game cannot go on until ``seat`` acts."""
        return self.state is not None and next_actor(self.state) == seat

    def outcome_settled(self, seat: int) -> bool:
        """``seat`` can only take and nobody else holds a card or can draw one: the
        game ends the same whatever is done (the take is a formality)."""
        s = self.state
        if s is None or s.finished or s.talon or self.legal(seat) != [Take(seat)]:
            return False
        return not any(s.hands[p] for p in range(self.n) if p != seat)

    def submit(self, action: Action) -> list[Event] | None:
        """Apply the human's action if it is legal, or a cheat the human could make in
        cheating mode; None if refused."""
        if action.seat != self.human or action not in self.offered(action.seat):
            return None
        return self._apply(action)

    def last_decision(self) -> int | None:
        """Where the human's last action lies in the action log, if it may be taken back."""
        if self.record is None or self.human is None or self.finished or self.conceded:
            return None
        mine = [i for i, (seat, _a) in enumerate(self.record.actions) if seat == self.human]
        return mine[-1] if mine else None

    def take_back(self) -> list[Event] | None:
        """Undo back to the human's previous decision (practice): the game is dealt
        again and replayed up to it; returns its events, None if nothing to undo."""
        last = self.last_decision()
        if last is None or self.record is None:
            return None
        del self.record.actions[last:]
        self.record.took_back = True
        self.state, events = replay(self.record)
        self._changed()
        return events

    def opening(self) -> State | None:
        """The current game as it was dealt (None for a given deal)."""
        return replay(self.record, 0)[0] if self.record is not None else None

    # --- computers ---------------------------------------------------------------

    @property
    def thinking_seat(self) -> int | None:
        return self._pending.seat if self._pending is not None else None

    def update(self, now_ms: float, idle_since: float | None) -> list[Event]:
        """Ask and pace computer players. ``idle_since``: when the screen finished
        its last animation (None while animations play). Returns new events."""
        self.notices += self.thinker.take_notices()
        if self.state is None or self.finished or self.conceded:
            return []
        for token, action in self.thinker.poll():
            if self._pending is not None and token == self._pending.token:
                self._answer = (action, now_ms)
            elif token in self._others:
                self._others.discard(token)
                self.answers[token] = action
        actor = next_actor(self.state)
        if actor is None or actor == self.human:
            self._pending = self._answer = None
            return []
        if self._pending is None:
            self._ask(actor, now_ms)
            return []
        if self._answer is None or idle_since is None:
            return []
        if now_ms < max(self._asked_at, idle_since) + self._delay():
            return []
        action = self._answer[0]
        if action not in self.offered(action.seat):
            self._pending = self._answer = None  # stale: ask again about the new state
            return []
        return self._apply(action)

    def ask(self, req: Request) -> None:
        """Put someone else's question (the coach's hint) to the thinker; its answer
        comes into ``answers`` under ``req.token``, unless ``forget`` is called first."""
        self._others.add(req.token)
        self.thinker.ask(req)

    def forget(self, token: int) -> None:
        """The question ``token`` is no longer wanted: its answer is dropped."""
        self._others.discard(token)
        self.answers.pop(token, None)

    def _delay(self) -> float:
        """The pause before a computer's move: longer while the human may catch a cheat,
        so a person has time to look at the table."""
        pending = self._live.cheat
        if pending is not None and self.human is not None and pending.watchers >> self.human & 1:
            return max(self.delay_ms, CATCH_MS)
        return self.delay_ms

    def _ask(self, seat: int, now_ms: float) -> None:
        spec = self.players[seat]
        legal = tuple(self.offered(seat))
        self._pending = Request(
            token=self.thinker.new_token(), game=self.game, seat=seat, level=spec.level,
            think_ms=spec.think_ms, seed=self.seed * 1009 + self.game * 31 + seat,
            view=view(self._live, seat), legal=legal, name=spec.shown,
        )
        self._answer = None
        self._asked_at = now_ms
        self.thinker.ask(self._pending)

    # --- applying ----------------------------------------------------------------

    def replay_action(self, action: Action) -> list[Event]:
        """Apply a logged action again (a restored save): the caller checked it is legal."""
        return self._apply(action)

    def _apply(self, action: Action) -> list[Event]:
        events = apply_in_place(self._live, action)
        if self.record is not None:
            self.record.actions.append((action.seat, action))
        for hook in self.on_action:
            hook(action.seat, action)
        self._changed()
        self._record()
        return events

    def _changed(self) -> None:
        self.version += 1
        self._pending = None
        self._answer = None
