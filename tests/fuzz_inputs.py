"""Seeded mutants of valid inputs, and the promise every input must keep.

The promise (issue 11): bad input gives one clear, short line and is never a traceback
or a hang. ``settings_failures``, ``scenario_failures`` and ``rules_failures`` run
mutants through the settings loader, ``game.scenario.main`` and ``game.arena.main``
in-process and return one description per mutant that broke the promise. They
import ``game`` when called, so a script can also count the failures of another
checkout (put it first on ``sys.path``).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import signal
from collections.abc import Callable, Iterator
from pathlib import Path

MAX_MESSAGE = 500  # characters: a message that quotes a whole huge value is longer
HANG_S = 5.0

# "billion laughs": nine levels of nine aliases, 9**9 items from 300 bytes, as one value
# (PyYAML shares what an alias names: it is a message quoting the value that expands it)
ALIAS_BOMB = "[&a [x, x, x, x, x, x, x, x, x], " + ", ".join(
    f"&{b} [{', '.join(['*' + a] * 9)}]" for a, b in zip("abcdefgh", "bcdefghi", strict=True)
) + "]"
DEEP = "[" * 3000 + "]" * 3000

# YAML fragments put where a value was
VALUES = [
    "9" * 5000, "-" + "9" * 40, DEEP, ALIAS_BOMB, "*nowhere", "&a [1, 2]", "{1: a, b: c}",
    "[[[1]]]",
    "2001-02-30", "2001-01-01", "!!binary aGk=", "!!set {a, b}", "!!python/name:os.system",
    ".nan", ".inf", "0x" + "f" * 30, "1:2:3:4:5", "~", "''", '"\\x85"', '"\\u2028x"',
    '"a\\nb"', "true", "yes", "[]", "{}", "3.5", "-1", "0", "1e400", "'" + "x" * 3000 + "'",
    "[5]", "[[1]]", "{0: 5}", "{losing_team: 5}", "5", "{a: 1, a: 2}", "[x, {y: [z]}]",
]
# what digits may look like in a seat
DIGITS = ["²", "①", "١", "０", "99", "-1", "0" * 5000, "1" * 30]
WHOLE = [
    f"rules: {{deck: {ALIAS_BOMB}}}".encode(), DEEP.encode(), b"1: a\nfoo: b\n",
    "name: Jos\xe9\n".encode("latin-1"),
    "players:\n  - {name: José}\n".encode("utf-16"), b"", b"\x00" * 10, b"---\n---\n",
    b"\xef\xbb\xbfrules: {}\n", b"x: " + b"9" * 5000 + b"\n", b"- - - - - - - - -\n" * 100,
]


class Hang(Exception):
    """An input took longer than HANG_S seconds."""


@contextlib.contextmanager
def time_limit(seconds: float = HANG_S) -> Iterator[None]:
    """Raise Hang in the main thread after ``seconds`` (a guard against hangs, not a
    measurement: the limit is far above what any input needs)."""
    def on_alarm(signum, frame):
        raise Hang(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def mutate(seed: bytes, rng: random.Random) -> bytes:
    """One to three random edits of ``seed``, or one of the classic bad files."""
    if rng.random() < 0.06:
        return rng.choice(WHOLE)
    data = seed
    for _ in range(rng.randint(1, 3)):
        data = rng.choice(_EDITS)(data, rng)
    return data


def _flip(data: bytes, rng: random.Random) -> bytes:
    if not data:
        return data
    i = rng.randrange(len(data))
    return data[:i] + bytes([rng.randrange(256)]) + data[i + 1:]


def _truncate(data: bytes, rng: random.Random) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


def _cut(data: bytes, rng: random.Random) -> bytes:
    i = rng.randrange(len(data) + 1)
    return data[:i] + data[i + rng.randint(1, 40):]


def _lines(data: bytes, rng: random.Random) -> bytes:
    lines = data.split(b"\n")
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    if rng.random() < 0.5:
        lines.insert(j, lines[i])  # a duplicated key or item
    else:
        lines[i], lines[j] = lines[j], lines[i]
    return b"\n".join(lines)


def _value(data: bytes, rng: random.Random) -> bytes:
    """Swap the value of a ``key: value``, ``- item`` or ``KEY=VALUE`` line for a classic
    bad one."""
    lines = data.split(b"\n")
    spots = [(i, line.index(mark) + len(mark)) for i, line in enumerate(lines)
             for mark in (b": ", b"- ", b"=") if mark in line]
    if not spots:
        return data
    i, cut = rng.choice(spots)
    lines[i] = lines[i][:cut] + rng.choice(VALUES).encode()
    return b"\n".join(lines)


def _digit(data: bytes, rng: random.Random) -> bytes:
    spots = [i for i, b in enumerate(data) if 48 <= b <= 57]
    if not spots:
        return data
    i = rng.choice(spots)
    return data[:i] + rng.choice(DIGITS).encode() + data[i + 1:]


def _encoding(data: bytes, rng: random.Random) -> bytes:
    text = data.decode("utf-8", errors="replace").replace("You", "José")
    return text.encode(rng.choice(["latin-1", "utf-16", "utf-16-be", "cp1251"]), errors="replace")


_EDITS: list[Callable[[bytes, random.Random], bytes]] = [
    _flip, _flip, _truncate, _cut, _lines, _value, _value, _value, _digit, _encoding]


def _one_line(message: str) -> str | None:
    """Why ``message`` breaks the promise of one clear line, or None."""
    if not message.strip() or "\n" in message.strip("\n"):
        return f"not one line: {message[:200]!r}"
    if len(message) > MAX_MESSAGE:
        return f"{len(message)} characters: {message[:100]!r}..."
    return None


def _guarded(check: Callable[..., str | None], *args: object) -> str | None:
    try:
        with time_limit():
            return check(*args)
    except Hang as e:
        return f"hang: {e}"
    except BaseException as e:  # noqa: BLE001 - a traceback is exactly what is counted
        return f"traceback: {type(e).__name__}: {str(e)[:120]}"


def mutants(seeds: list[bytes], count: int, seed: int) -> Iterator[tuple[int, bytes]]:
    """``count`` numbered mutants of the seeds, the same ones for the same ``seed``."""
    rng = random.Random(seed)
    for i in range(count):
        yield i, mutate(rng.choice(seeds), rng)


def settings_failures(seeds: list[bytes], count: int, seed: int, folder: Path) -> list[str]:
    """Each mutant as the player's own settings.yaml: load_settings() must give
    settings and a short line per fault."""
    failures = []
    old = os.environ.get("DURAK_USER_DIR")
    try:
        for i, data in mutants(seeds, count, seed):
            home = folder / f"m{i}"
            home.mkdir()
            os.environ["DURAK_USER_DIR"] = str(home)
            (home / "settings.yaml").write_bytes(data)
            if (why := _guarded(_check_settings, home)) is not None:
                failures.append(f"settings mutant {i}: {why}")
    finally:
        if old is None:
            os.environ.pop("DURAK_USER_DIR", None)
        else:
            os.environ["DURAK_USER_DIR"] = old
    return failures


def _check_settings(home: Path) -> str | None:
    from game.config import Settings, load_settings

    settings, messages = load_settings()
    if not isinstance(settings, Settings) or len(messages) > 12:
        return f"{len(messages)} messages"
    return next(filter(None, map(_one_line, messages)), None)


def scenario_failures(seeds: list[bytes], count: int, seed: int, folder: Path) -> list[str]:
    """Each mutant through ``game.scenario.main``: exit 0 or 1 with a JSON report, or
    exit 2 with one short line on stderr and ``{"error": line}`` on stdout."""
    failures = []
    for i, data in mutants(seeds, count, seed):
        path = folder / f"m{i}.yaml"
        path.write_bytes(data)
        if (why := _guarded(_check_scenario, path)) is not None:
            failures.append(f"scenario mutant {i}: {why}")
    return failures


def _check_scenario(path: Path) -> str | None:
    from game.scenario import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(path)])
    if code == 2:
        line = err.getvalue()
        if json.loads(out.getvalue()) != {"error": line.strip("\n")}:
            return "stdout is not {error: the stderr line}"
        return _one_line(line)
    if code in (0, 1):
        return None if "moves" in json.loads(out.getvalue()) else "no report"
    return f"exit {code}"


RULE_SEEDS = [
    "variant=perevodnoy", "deck=24", "deck=52", "hand_size=6", "attack_limit=null",
    "first_bout_limit=5", "throw_in=neighbours", "teams=[[0, 2], [1, 3]]",
    "trump_exchange=false", "transfer_by_showing_trump=true", "first_attacker=left_of_dealer",
    "next_game_leader=fool_is_taught",
]


def rules_failures(count: int, seed: int) -> list[str]:
    """Each mutant as ``--rules KEY=VALUE`` of ``game.arena.main`` (one quick game when the
    rules are valid): exit 0 or 1, or exit 2 with one short line on stderr."""
    rng = random.Random(seed)
    failures = []
    for i in range(count):
        pair = mutate(rng.choice(RULE_SEEDS).encode(), rng).decode("utf-8", errors="replace")
        if (why := _guarded(_check_rules, pair)) is not None:
            failures.append(f"--rules mutant {i} {pair[:60]!r}: {why}")
    return failures


def _check_rules(pair: str) -> str | None:
    from game.arena import main

    agents = "random,random,random,random" if pair.startswith("teams") else "random,random"
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--agents", agents, "--games", "1", f"--rules={pair}"])
    if code == 2:
        return _one_line(err.getvalue())
    return None if code in (0, 1) else f"exit {code}"
