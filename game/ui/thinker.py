"""Computer players off the frame: a worker process answers, the frame never waits."""

from __future__ import annotations

import logging
import multiprocessing
import queue
import random
import threading
from dataclasses import dataclass

log = logging.getLogger("durak.ai")


@dataclass(frozen=True, slots=True)
class Request:
    """One question to a computer player; ``token`` says which state it was about."""

    token: int
    game: int
    seat: int
    level: str
    think_ms: int | None
    seed: int
    view: object
    legal: tuple


class RandomAgent:
    """A uniform choice over the legal list, seeded: the fallback player."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view, legal):
        return self.rng.choice(list(legal))


def make_agent(level: str, seat: int, seed: int, think_ms: int | None = None):
    """The AI engineer's agent for ``level``, or a seeded random one if it cannot load."""
    try:
        from game.ai import make_agent as ai_make_agent

        return ai_make_agent(level, seat, seed, think_ms=think_ms)
    except Exception:  # noqa: BLE001 - any failure of the AI falls back to random play
        log.exception("computer player '%s' for seat %d could not start; "
                      "it plays random legal moves instead", level, seat)
        return RandomAgent(seed * 7 + seat)


def answer(agents: dict, req: Request):
    """Ask (and remember) the agent for ``req``'s game and seat; fall back to random."""
    key = (req.game, req.seat)
    agent = agents.get(key)
    if agent is None:
        for old in [k for k in agents if k[0] != req.game]:
            del agents[old]
        agent = agents[key] = make_agent(req.level, req.seat, req.seed, req.think_ms)
    try:
        action = agent.choose(req.view, list(req.legal))
    except Exception:  # noqa: BLE001 - a crashing agent must not stop the game
        log.exception("computer player '%s' at seat %d failed; it plays a random "
                      "legal move this turn", req.level, req.seat)
        action = None
    else:
        if action not in req.legal:
            log.error("computer player '%s' at seat %d chose %r, which is not legal; "
                      "it plays a random legal move this turn", req.level, req.seat, action)
    if action not in req.legal:
        action = random.Random(req.seed + req.token).choice(req.legal)
    return req.token, action


class Tokens:
    """Numbers for requests, unique for the life of one thinker."""

    def __init__(self) -> None:
        self._next = 0

    def new_token(self) -> int:
        self._next += 1
        return self._next


class InlineThinker(Tokens):
    """Answers in the calling process (tests, smoke test, instant random players)."""

    def __init__(self) -> None:
        super().__init__()
        self._agents: dict = {}
        self._answers: list = []

    def ask(self, req: Request) -> None:
        self._answers.append(answer(self._agents, req))

    def poll(self) -> list:
        out, self._answers = self._answers, []
        return out

    @property
    def ready(self) -> bool:
        return True

    def close(self) -> None:
        self._answers = []


# A worker process keeps its agents here between requests (one dict per process).
_WORKER_AGENTS: dict = {}


def _work(req: Request):
    return answer(_WORKER_AGENTS, req)


class PoolThinker(Tokens):
    """Answers in one spawned worker process, started in the background on first use."""

    def __init__(self) -> None:
        super().__init__()
        self._pool = None
        self._failed = False
        self._closed = False
        self._starting: threading.Thread | None = None
        self._waiting: list[Request] = []
        self._answers: queue.SimpleQueue = queue.SimpleQueue()
        self._inline = InlineThinker()

    def start(self) -> None:
        """Start the worker in a background thread (call after the first frame)."""
        if self._starting is None:
            self._starting = threading.Thread(target=self._start_pool, daemon=True)
            self._starting.start()

    def _start_pool(self) -> None:
        try:
            ctx = multiprocessing.get_context("spawn")
            pool = ctx.Pool(1)
            pool.apply(_warm_up)
            if self._closed:
                pool.terminate()
            else:
                self._pool = pool
        except Exception:  # noqa: BLE001 - no worker: think in process instead
            log.warning("no thinking process could start; computer players think "
                        "in the game's process", exc_info=True)
            self._failed = True

    @property
    def ready(self) -> bool:
        return self._pool is not None or self._failed

    def ask(self, req: Request) -> None:
        self._waiting.append(req)
        self._flush()

    def _flush(self) -> None:
        if self._failed:
            for req in self._waiting:
                self._inline.ask(req)
            self._waiting = []
        elif self._pool is not None:
            for req in self._waiting:
                self._pool.apply_async(_work, (req,), callback=self._answers.put,
                                       error_callback=lambda e, r=req: self._fallback(r, e))
            self._waiting = []
        else:
            self.start()

    def _fallback(self, req: Request, error: BaseException) -> None:
        log.error("the thinking process failed (%s); seat %d plays a random legal move",
                  error, req.seat)
        self._answers.put((req.token, random.Random(req.seed).choice(req.legal)))

    def poll(self) -> list:
        if self._waiting:
            self._flush()
        out = self._inline.poll()
        while True:
            try:
                out.append(self._answers.get_nowait())
            except queue.Empty:
                return out

    def close(self) -> None:
        self._closed = True
        if self._pool is not None:
            self._pool.terminate()
            self._pool = None


def _warm_up() -> bool:
    """Import the AI in the worker before the first question."""
    try:
        import game.ai  # noqa: F401
    except Exception:  # noqa: BLE001
        return False
    return True
