"""After a game: the player's decisions the expert liked least.

The game is replayed from its deal and action log; at each of the player's real
decisions (more than one legal move) the expert judges the move made against its
own from the player's view at that moment (``game.ai.assess``). The judging runs
in an executor (a worker process at the table), one job per decision, so the
screen shows progress and never waits. No pygame here.
"""

from __future__ import annotations

from concurrent.futures import Executor, Future
from dataclasses import dataclass

from game.ai.assess import DEALS, THINK_MS, Assessment, assess
from game.engine import apply_in_place, legal_actions, view
from game.engine.actions import Action
from game.engine.state import State
from game.engine.view import View

SHOWN = 3  # the moves the review lists
MIN_LOSS = 0.03  # below this share of games the two moves are as good as equal


@dataclass(frozen=True, slots=True)
class Decision:
    """One of the player's decisions: where it lies in the action log, what the
    player saw, what they could do and what they did."""

    index: int
    view: View
    legal: tuple[Action, ...]
    chosen: Action


@dataclass(frozen=True, slots=True)
class Finding:
    decision: Decision
    assessment: Assessment


def decisions(opening: State, actions: list[tuple[int, Action]], seat: int) -> list[Decision]:
    """``seat``'s decisions of the game dealt as ``opening`` and played as ``actions``:
    the moves by the rules (a cheat, in cheating mode, is not judged: the expert
    weighs only what the rules allow)."""
    s = opening.copy()
    out = []
    for i, (who, action) in enumerate(actions):
        if who == seat:
            legal = legal_actions(s, seat)
            if len(legal) > 1 and action in legal:
                out.append(Decision(i, view(s, seat), tuple(legal), action))
        apply_in_place(s, action)
    return out


def worst(findings: list[Finding], shown: int = SHOWN) -> list[Finding]:
    """The ``shown`` costliest decisions that cost something, costliest first (an
    earlier decision first among equals)."""
    costly = [f for f in findings if f.assessment.loss >= MIN_LOSS]
    costly.sort(key=lambda f: (-f.assessment.loss, f.decision.index))
    return costly[:shown]


class Review:
    """The judging of one game's decisions in ``executor``, one job each."""

    def __init__(self, opening: State, actions: list[tuple[int, Action]], seat: int,
                 executor: Executor, seed: int, think_ms: int = THINK_MS,
                 deals: int = DEALS, iterations: int | None = None) -> None:
        self.decisions = decisions(opening, actions, seat)
        self._jobs: list[Future[Assessment]] = [
            executor.submit(assess, d.view, list(d.legal), d.chosen, seed + d.index,
                            think_ms, deals, iterations)
            for d in self.decisions]

    @property
    def total(self) -> int:
        return len(self._jobs)

    @property
    def done(self) -> int:
        return sum(1 for job in self._jobs if job.done())

    @property
    def finished(self) -> bool:
        return self.done == self.total

    @property
    def failed(self) -> bool:
        """A judging job raised (or the worker died): the review cannot be trusted."""
        return any(job.done() and (job.cancelled() or job.exception() is not None)
                   for job in self._jobs)

    def findings(self) -> list[Finding]:
        """The worst moves, once every job has answered."""
        return worst([Finding(d, job.result())
                      for d, job in zip(self.decisions, self._jobs, strict=True)])

    def cancel(self) -> None:
        for job in self._jobs:
            job.cancel()
