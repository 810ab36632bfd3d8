"""The worker process: killed, stopped or unable to start, every question is answered
and closing never hangs. Real processes, real signals (POSIX only)."""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.spawn
import os
import random
import signal
import threading
import time
from pathlib import Path

import pytest

from game.ai import make_agent
from game.engine import legal_actions, new_game, next_actor, view
from game.engine.rules import Rules
from game.ui.thinker import Request
from game.ui.worker import ProcessThinker

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX signals")


def _request(token: int, level: str = "random", think_ms: int | None = None,
             name: str = "Boris") -> Request:
    s, _ = new_game(Rules(), 3, random.Random(4))
    seat = next_actor(s)
    legal = tuple(legal_actions(s, seat))
    return Request(token, 0, seat, level, think_ms, 9, view(s, seat), legal, name=name)


def _wait(thinker, until, timeout: float, what: str) -> list:
    """Poll ``thinker`` like the frame loop does until ``until(answers)``."""
    answers: list = []
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        answers += thinker.poll()
        if until(answers):
            return answers
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def _ready(thinker) -> int:
    thinker.start()
    _wait(thinker, lambda _: thinker.ready, 30, "the worker to start")
    return thinker.pid


def _reaped(pid: int) -> bool:
    """Ended and waited for (a zombie still answers signal 0)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def _close_within(thinker, seconds: float) -> float:
    """close() in a thread, so a hang fails the test instead of stopping the run."""
    start = time.monotonic()
    closing = threading.Thread(target=thinker.close, daemon=True)
    closing.start()
    closing.join(seconds + 3)
    assert not closing.is_alive(), "close() hangs"
    return time.monotonic() - start


def _kill(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)


def test_a_question_survives_its_worker_being_killed_mid_thought():
    t = ProcessThinker()
    pid = _ready(t)
    try:
        req = _request(1, level="hard", think_ms=1000)
        t.ask(req)
        time.sleep(0.3)  # well inside its second of thought
        os.kill(pid, signal.SIGKILL)
        answers = _wait(t, bool, 30, "the question to be answered")
        assert [token for token, _ in answers] == [1]
        assert answers[0][1] in req.legal
        assert t.pid not in (None, pid)
        assert t.take_notices() == ["Boris's computer player stopped; it was restarted."]
    finally:
        _kill(pid)
        _close_within(t, 2)


def test_a_stopped_worker_misses_the_deadline_and_the_question_is_answered():
    t = ProcessThinker(slack_s=1.5)
    pid = _ready(t)
    try:
        os.kill(pid, signal.SIGSTOP)
        req = _request(2)
        t.ask(req)
        answers = _wait(t, bool, 30, "the question to be answered")
        assert [token for token, _ in answers] == [2] and answers[0][1] in req.legal
        assert t.take_notices() == [
            "Boris's computer player stopped answering; it was restarted."]
    finally:
        _kill(pid)
        _close_within(t, 2)


@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGSTOP, None])
def test_close_does_not_wait_for_the_worker_whatever_it_does(signum):
    """Killed, stopped or deep in thought, the worker is ended and reaped by close().
    Busy for 20 seconds, it must not be waited for: close() steps up to a kill within
    about 1.5 s, so the bound is wide enough for a loaded machine (no timing test)."""
    t = ProcessThinker()
    pid = _ready(t)
    try:
        if signum is None:
            t.ask(_request(3, level="hard", think_ms=20_000))
            time.sleep(0.2)
        else:
            os.kill(pid, signum)
        assert _close_within(t, 10) < 15.0
        assert _reaped(pid)
    finally:
        _kill(pid)


def test_a_worker_that_dies_while_idle_is_replaced_and_reported():
    t = ProcessThinker()
    pid = _ready(t)
    try:
        os.kill(pid, signal.SIGKILL)
        _wait(t, lambda _: t.pid not in (None, pid), 10, "a new worker")
        assert t.take_notices() == ["The computer players' process stopped; it was restarted."]
        req = _request(4)
        t.ask(req)
        assert [token for token, _ in _wait(t, bool, 30, "an answer")] == [4]
    finally:
        _kill(pid)
        _close_within(t, 2)


def test_a_worker_that_cannot_start_gives_way_to_thinking_in_process(tmp_path):
    broken = tmp_path / "python"
    broken.write_text("#!/bin/sh\nexit 3\n")
    broken.chmod(0o755)
    executable = multiprocessing.spawn.get_executable()
    multiprocessing.set_executable(str(broken))
    t = ProcessThinker()
    try:
        req = _request(5, level="normal")
        t.ask(req)
        answers = _wait(t, bool, 20, "the question to be answered")
    finally:
        multiprocessing.set_executable(executable)
        _close_within(t, 2)
    assert t.in_process
    expected = make_agent("normal", req.seat, req.seed).choose(req.view, list(req.legal))
    assert answers == [(5, expected)]  # the level is honoured in process too
    notices = t.take_notices()
    assert notices[-1] == ("Boris's computer player stopped; computer players now think in "
                           "the game's process.")


def test_sigterm_closes_the_game_like_its_window_and_a_second_one_ends_it():
    import pygame

    from game.app import _quit_on_sigterm

    previous = signal.getsignal(signal.SIGTERM)
    pygame.init()
    try:
        pygame.event.clear()
        _quit_on_sigterm(pygame)
        os.kill(os.getpid(), signal.SIGTERM)
        assert [e.type for e in pygame.event.get()] == [pygame.QUIT]
        assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL
    finally:
        signal.signal(signal.SIGTERM, previous)


def _gone(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return True
    return "zombie" in status  # ended; only its new parent has not reaped it


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs /proc")
def test_the_worker_ends_when_the_game_is_killed():
    import subprocess
    import sys

    script = ("import time\nfrom game.ui.worker import ProcessThinker\n"
              "t = ProcessThinker()\nt.start()\n"
              "while not t.ready:\n    t.poll()\n    time.sleep(0.01)\n"
              "print(t.pid, flush=True)\ntime.sleep(60)\n")
    game = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True,
                            cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    pid = int(game.stdout.readline())
    try:
        game.kill()
        game.wait(5)
        end = time.monotonic() + 10
        while not _gone(pid) and time.monotonic() < end:
            time.sleep(0.05)
        assert _gone(pid), "the worker outlived the game"
    finally:
        _kill(pid)
        game.stdout.close()


def test_an_agent_that_fails_in_the_worker_is_reported_on_screen():
    t = ProcessThinker()
    try:
        req = _request(6, level="no-such-level")
        t.ask(req)
        answers = _wait(t, bool, 30, "the question to be answered")
        assert answers[0][0] == 6 and answers[0][1] in req.legal
        assert t.take_notices() == [
            "Boris's computer player could not start; it plays random moves."]
    finally:
        _close_within(t, 2)
