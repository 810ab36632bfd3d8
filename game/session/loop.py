"""The one game loop: next actor, its legal actions, its agent's choice, apply.

The arena, the benchmarks, the smoke test and the tests all play through
``play_game``; only the search's own playouts (game.ai.playout) keep a loop of
their own, because they run on full states without agents.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.engine.actions import Action
from game.engine.cheat import cheat_actions
from game.engine.events import Event
from game.engine.legal import IllegalAction, check, turn
from game.engine.play import apply_in_place, apply_listed
from game.engine.state import State
from game.engine.view import view
from game.refusals import english


class Chooser(Protocol):
    """Anything that picks one of the legal actions from what its seat sees."""

    def choose(self, v: Any, legal: list[Action]) -> Action: ...


class IllegalChoice(IllegalAction):
    """An agent answered with an action that is not among the legal ones it was offered."""

    def __init__(self, seat: int, action: object, reason: str) -> None:
        ValueError.__init__(self, reason)
        self.refusal = None
        self.seat = seat
        self.action = action
        self.reason = reason

    def __str__(self) -> str:
        return f"seat {self.seat} chose {self.action}, which is not legal here: {self.reason}"


class Stalled(RuntimeError):
    """The game is not over but no seat is due to act (an engine fault)."""


@dataclass(slots=True)
class Played:
    """A game played as far as it went: the state (changed in place), the moves
    made, and with a clock each seat's decision times (in the clock's unit)."""

    state: State
    moves: int = 0
    times: list[list[float]] = field(default_factory=list)

    @property
    def finished(self) -> bool:
        return self.state.result is not None


Step = Callable[[State, int, Action, list[Event]], None]


def play_game(
    state: State,
    agents: Sequence[Chooser],
    *,
    max_moves: int | None = None,
    until: Callable[[State], bool] | None = None,
    on_step: Step | None = None,
    clock: Callable[[], float] | None = None,
    see: Callable[[State, int], Any] | None = view,
) -> Played:
    """Play ``state`` in place with ``agents[seat]`` for each seat.

    It stops when the game is over, after ``max_moves`` moves, or before a move
    when ``until(state)`` is true; ``Played.finished`` tells which. Each move the
    seat ``next_actor`` names is shown ``see(state, seat)`` (its view; None for
    agents that choose without looking) and its legal actions, followed in cheating
    mode by the cheats it could make (``cheat_actions``); a choice not among
    them raises IllegalChoice with the state unchanged. ``on_step(state, seat,
    action, events)`` follows every move; without it no events are made (the
    engine's ``quiet``). With ``clock`` (e.g. ``time.perf_counter``) each decision
    is timed into ``Played.times``, in the clock's unit.
    """
    times: list[list[float]] = [[] for _ in agents] if clock is not None else []
    moves = 0
    cheating = state.rules.cheating
    quiet = on_step is None  # nobody reads the events: the engine makes none
    while state.result is None and moves != max_moves:
        if until is not None and until(state):
            break
        due = turn(state)  # next_actor and its legal_actions
        if due is None:
            raise Stalled(f"the game is not over after {moves} moves but nobody is to act")
        seat, legal = due
        if cheating:  # the cheats come after the honest moves
            honest = len(legal)
            legal += cheat_actions(state, seat)
        shown = see(state, seat) if see is not None else None
        if clock is None:
            action = agents[seat].choose(shown, legal)
        else:
            start = clock()
            action = agents[seat].choose(shown, legal)
            times[seat].append(clock() - start)
        # Agents answer with an element of ``legal``: scanning by identity finds it
        # without calling the actions' Python-level __eq__ on the elements before it.
        for offered in legal:
            if offered is action:
                break
        else:
            if action not in legal:
                raise _refusal(state, seat, action)
        if not cheating or honest == len(legal) or action in legal[:honest]:
            events = apply_listed(state, action, quiet)
        else:  # a cheat
            events = apply_in_place(state, action, quiet)
        moves += 1
        if on_step is not None:
            on_step(state, seat, action, events)
    return Played(state, moves, times)


def _refusal(state: State, seat: int, action: object) -> IllegalChoice:
    if isinstance(action, Action):
        refusal = check(state, action)
        reason = (english(refusal) if refusal is not None
                  else "it is not among the actions it was offered")
    else:
        reason = f"a {type(action).__name__} is not an action"
    return IllegalChoice(seat, action, reason)
