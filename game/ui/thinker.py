"""Asking computer players: the question, the answer, the in-process thinker.

``game.ui.worker.ProcessThinker`` asks the same questions in a worker process.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from game.i18n import N_, _

if TYPE_CHECKING:
    from game.engine.actions import Action
    from game.engine.view import View
    from game.session.loop import Chooser

log = logging.getLogger("durak.ai")

# What can go wrong with an agent (keys: a worker process sends them, the game's
# process translates them).
LOAD, CRASH, ILLEGAL = "load", "crash", "illegal"
PROBLEMS = {
    LOAD: N_("{name}'s computer player could not start; it plays random moves."),
    CRASH: N_("{name}'s computer player failed; it played a random move."),
    ILLEGAL: N_("{name}'s computer player chose a move that is not allowed; "
                "it played a random move."),
}


@dataclass(frozen=True, slots=True)
class Request:
    """One question to a computer player; ``token`` says which state it was about."""

    token: int
    game: int
    seat: int
    level: str
    think_ms: int | None
    seed: int
    view: View
    legal: tuple[Action, ...]
    name: str = ""  # the player's name, for notices about its computer player
    fresh: bool = False  # a one-off question (the coach's hint): an agent of its own, not kept

    @property
    def who(self) -> str:
        """The name to show in a notice about this player."""
        return self.name or _("Player {number}").format(number=self.seat + 1)


class Thinker(Protocol):
    """What a match asks its computer players through (InlineThinker, ProcessThinker)."""

    def new_token(self) -> int: ...
    def ask(self, req: Request) -> None: ...
    def poll(self) -> list[tuple[int, Action]]: ...
    def take_notices(self) -> list[str]: ...


def problem_notices(req: Request, problems: Iterable[str]) -> list[str]:
    """The notices for the player about ``problems`` (keys of PROBLEMS) with ``req``."""
    return [_(PROBLEMS[p]).format(name=req.who) for p in problems]


class RandomAgent:
    """A uniform choice over the legal list, seeded: the fallback player."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: list[Action]) -> Action:
        return self.rng.choice(list(legal))


def make_agent(level: str, seat: int, seed: int, think_ms: int | None = None,
               problems: list[str] | None = None) -> Chooser:
    """The AI engineer's agent for ``level``, or a seeded random one if it cannot load
    (and LOAD is added to ``problems``)."""
    try:
        from game.ai import make_agent as ai_make_agent

        return ai_make_agent(level, seat, seed, think_ms=think_ms)
    except Exception:  # noqa: BLE001 - any failure of the AI falls back to random play
        log.exception("computer player '%s' for seat %d could not start; "
                      "it plays random legal moves instead", level, seat)
        if problems is not None:
            problems.append(LOAD)
        return RandomAgent(seed * 7 + seat)


def answer(agents: dict[tuple[int, int], Chooser], req: Request,
           problems: list[str] | None = None) -> tuple[int, Action]:
    """Ask (and remember, unless ``req.fresh``) the agent for ``req``'s game and seat;
    fall back to random.
    What went wrong is logged and added to ``problems``."""
    problems = [] if problems is None else problems
    key = (req.game, req.seat)
    agent = agents.get(key)
    if req.fresh:  # no memory of earlier questions (NoRepeats would steer a repeat away)
        agent = make_agent(req.level, req.seat, req.seed, req.think_ms, problems)
    elif agent is None:
        for old in [k for k in agents if k[0] != req.game]:
            del agents[old]
        agent = agents[key] = make_agent(req.level, req.seat, req.seed, req.think_ms,
                                         problems)
    try:
        action = agent.choose(req.view, list(req.legal))
    except Exception:  # noqa: BLE001 - a crashing agent must not stop the game
        log.exception("computer player '%s' at seat %d failed; it plays a random "
                      "legal move this turn", req.level, req.seat)
        problems.append(CRASH)
        action = None
    else:
        if action not in req.legal:
            problems.append(ILLEGAL)
            log.error("computer player '%s' at seat %d chose %r, which is not legal; "
                      "it plays a random legal move this turn", req.level, req.seat, action)
    if action not in req.legal:
        action = random.Random(req.seed + req.token).choice(req.legal)
    return req.token, action


class Tokens:
    """What every thinker has: numbers for requests, unique for its life, and notices
    for the player (short translated sentences) about computer players that failed."""

    def __init__(self) -> None:
        self._next = 0
        self._notices: list[str] = []

    def new_token(self) -> int:
        self._next += 1
        return self._next

    def notify(self, text: str) -> None:
        self._notices.append(text)

    def take_notices(self) -> list[str]:
        """The notices since the last call, oldest first."""
        out, self._notices = self._notices, []
        return out


class InlineThinker(Tokens):
    """Answers in the calling process (tests, smoke test, instant random players)."""

    def __init__(self) -> None:
        super().__init__()
        self._agents: dict[tuple[int, int], Chooser] = {}
        self._answers: list[tuple[int, Action]] = []

    def ask(self, req: Request) -> None:
        problems: list[str] = []
        self._answers.append(answer(self._agents, req, problems))
        for text in problem_notices(req, problems):
            self.notify(text)

    def poll(self) -> list[tuple[int, Action]]:
        out, self._answers = self._answers, []
        return out

    @property
    def ready(self) -> bool:
        return True

    def close(self) -> None:
        self._answers = []
