"""Computer players in a worker process the thinker owns and watches.

The frame never waits for a computer player, and no question is ever lost: a
worker that dies, or misses a question's deadline (a stopped or stuck process),
is killed and replaced, and the questions it held are asked again. After
repeated failures the computer players think in the game's process instead, at
their own level. ``close()`` ends the worker within about a second and a half,
whatever state it is in.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import signal
import time
from collections.abc import Callable
from multiprocessing.connection import Connection, wait
from typing import TYPE_CHECKING

from game.i18n import N_, _

from .thinker import InlineThinker, Request, Tokens, answer, problem_notices

if TYPE_CHECKING:
    from multiprocessing.context import SpawnContext

    from game.engine.actions import Action
    from game.session.loop import Chooser

log = logging.getLogger("durak.ai")

SLACK_S = 3.0  # a question's deadline: four times its think budget plus this
START_S = 20.0  # a new worker must say it is ready within this (imports included)
MAX_FAILURES = 3  # this many failed workers within FAILURE_WINDOW_S: think in process
FAILURE_WINDOW_S = 60.0
STOP_STEP_S = 0.4  # close(): wait this long after asking, after SIGTERM, after SIGKILL
READY = "ready"

DIED, STUCK = "died", "stuck"
NOTICES = {
    (DIED, False): N_("{name}'s computer player stopped; it was restarted."),
    (STUCK, False): N_("{name}'s computer player stopped answering; it was restarted."),
    (DIED, True): N_("{name}'s computer player stopped; computer players now think "
                     "in the game's process."),
    (STUCK, True): N_("{name}'s computer player stopped answering; computer players "
                      "now think in the game's process."),
}
IDLE_NOTICES = {
    False: N_("The computer players' process stopped; it was restarted."),
    True: N_("The computer players' process keeps failing; computer players now "
             "think in the game's process."),
}


def think_budget_s(req: Request, slack_s: float) -> float:
    """How long ``req`` may take once the worker starts on it."""
    try:
        from game.ai import DEFAULT_THINK_MS
    except Exception:  # noqa: BLE001 - without the AI every level plays at once
        DEFAULT_THINK_MS = {}
    think_ms = req.think_ms if req.think_ms is not None else DEFAULT_THINK_MS.get(req.level, 0)
    return think_ms * 4 / 1000 + slack_s


def serve(requests: Connection, answers: Connection) -> None:
    """The worker process: import the AI, say ready, answer until the game goes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the game's; it closes us
    # Import the AI before the first question, not during it; if it cannot load,
    # make_agent reports it and plays random moves.
    with contextlib.suppress(Exception):
        import game.ai  # noqa: F401
    agents: dict[tuple[int, int], Chooser] = {}
    parent = multiprocessing.parent_process()
    watched: list = [requests] if parent is None else [requests, parent.sentinel]
    try:
        answers.send(READY)
        while requests in wait(watched):
            problems: list[str] = []
            token, action = answer(agents, requests.recv(), problems)
            answers.send((token, action, tuple(problems)))
    except (EOFError, OSError):
        pass  # the game closed the pipes, or it is gone


class Worker:
    """One worker process, its two pipes, and the questions it has not answered."""

    def __init__(self, context: SpawnContext, now: float) -> None:
        requests_in, self.requests = context.Pipe(duplex=False)
        self.answers, answers_out = context.Pipe(duplex=False)
        self.process = context.Process(target=serve, args=(requests_in, answers_out),
                                       name="durak-ai", daemon=True)
        try:
            self.process.start()
        except BaseException:
            self.requests.close()
            self.answers.close()
            raise
        finally:
            requests_in.close()  # the worker's ends: only it holds them now, so
            answers_out.close()  # its death is an end of file here
        self.started = now
        self.ready_at: float | None = None
        self.busy_since = now  # when it began on the oldest unanswered question
        self.in_flight: list[Request] = []
        self.sent_at: dict[int, float] = {}
        self.notices: list[str] = []  # about agents that failed in the worker
        self.dead = False

    def send(self, req: Request, now: float) -> None:
        self.in_flight.append(req)  # first: if the send fails, it is asked again
        self.sent_at[req.token] = now
        self.requests.send(req)

    def receive(self, now: float) -> list[tuple[int, Action]]:
        """The answers waiting in the pipe; ``dead`` once the pipe is closed."""
        out: list[tuple[int, Action]] = []
        try:
            while self.answers.poll():
                message = self.answers.recv()
                self.busy_since = now
                if message == READY:
                    self.ready_at = now
                    continue
                token, action, problems = message
                req = next((r for r in self.in_flight if r.token == token), None)
                if req is not None:
                    del self.sent_at[token]
                    self.in_flight.remove(req)
                    self.notices += problem_notices(req, problems)
                    out.append((token, action))
        except (EOFError, OSError):
            self.dead = True
        return out

    def overdue(self, now: float, slack_s: float, start_s: float) -> bool:
        """Not ready in time, or the oldest question has outlived its deadline."""
        if self.ready_at is None:
            return now - self.started > start_s
        if not self.in_flight:
            return False
        oldest = self.in_flight[0]
        since = max(self.sent_at[oldest.token], self.busy_since)
        return now - since > think_budget_s(oldest, slack_s)

    def stop(self, polite: bool) -> None:
        """End the process, whatever its state (a stopped one too), and reap it."""
        for conn in (self.requests, self.answers):
            conn.close()
        p = self.process
        if polite:
            p.join(STOP_STEP_S)  # the closed pipe tells it to go
            if p.is_alive():
                p.terminate()
                p.join(STOP_STEP_S)
        if p.is_alive():
            p.kill()  # a stopped process ignores SIGTERM until continued, not SIGKILL
            p.join(STOP_STEP_S)
        if p.is_alive():
            log.error("the thinking process %s did not end", p.pid)


class ProcessThinker(Tokens):
    """Answers in one spawned worker process, replaced when it fails."""

    def __init__(self, slack_s: float = SLACK_S, start_s: float = START_S,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.slack_s = slack_s
        self.start_s = start_s
        self._clock = clock
        self._context = multiprocessing.get_context("spawn")
        self._worker: Worker | None = None
        self._inline = InlineThinker()
        self._failures: list[float] = []
        self.in_process = False  # after repeated failures: think in the game's process
        self._closed = False

    def start(self) -> None:
        """Start the worker now (the app calls it after the first frame)."""
        if not self._closed:
            self._ensure_worker()

    @property
    def ready(self) -> bool:
        return self.in_process or (self._worker is not None and self._worker.ready_at is not None)

    @property
    def pid(self) -> int | None:
        return self._worker.process.pid if self._worker is not None else None

    def ask(self, req: Request) -> None:
        worker = None if self._closed else self._ensure_worker()
        if worker is None:
            self._inline.ask(req)
            return
        try:
            worker.send(req, self._clock())
        except OSError:
            self._replace(worker, DIED)
        except Exception:  # noqa: BLE001 - a question that cannot be sent is answered here
            log.exception("a question for seat %d could not be sent to the thinking "
                          "process; it is answered in the game's process", req.seat)
            worker.in_flight.remove(req)
            del worker.sent_at[req.token]
            self._inline.ask(req)

    def poll(self) -> list[tuple[int, Action]]:
        worker = self._worker
        out: list[tuple[int, Action]] = []
        if worker is not None:
            now = self._clock()
            out = worker.receive(now)
            for text in worker.notices:
                self.notify(text)
            worker.notices.clear()
            if worker.dead or not worker.process.is_alive():
                self._replace(worker, DIED)
            elif worker.overdue(now, self.slack_s, self.start_s):
                self._replace(worker, STUCK)
        return out + self._inline.poll()

    def close(self) -> None:
        self._closed = True
        worker, self._worker = self._worker, None
        if worker is not None:
            worker.stop(polite=True)
        self._inline.close()

    # --- failures ------------------------------------------------------------------

    def _ensure_worker(self) -> Worker | None:
        while self._worker is None and not self.in_process:
            try:
                self._worker = Worker(self._context, self._clock())
            except Exception:  # noqa: BLE001 - counted; in process after a few
                log.warning("a thinking process could not start", exc_info=True)
                self._count_failure()
                if self.in_process:
                    self.notify(_(IDLE_NOTICES[True]))
        return self._worker

    def _count_failure(self) -> None:
        now = self._clock()
        self._failures = [t for t in self._failures if now - t < FAILURE_WINDOW_S] + [now]
        if len(self._failures) >= MAX_FAILURES:
            self.in_process = True

    def _replace(self, worker: Worker, why: str) -> None:
        """Kill ``worker``, start another (or think here) and ask its questions again."""
        self._worker = None
        lost = worker.in_flight
        worker.stop(polite=False)
        log.warning("the thinking process %s %s with %d question(s) unanswered",
                    worker.process.pid, "died" if why == DIED else "stopped answering",
                    len(lost))
        self._count_failure()
        self._report(why, lost)
        self.start()  # ready for the next question, even if none was lost
        for req in lost:
            self.ask(req)

    def _report(self, why: str, lost: list[Request]) -> None:
        names = list(dict.fromkeys(r.who for r in lost))
        if not names:
            self.notify(_(IDLE_NOTICES[self.in_process]))
        for name in names:
            self.notify(_(NOTICES[why, self.in_process]).format(name=name))
