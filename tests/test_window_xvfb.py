"""A real window under Xvfb: drag a card with xdotool, see the action in the log; kill
and stop the computer players' worker and see the game go on and close."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

TOOLS = ("Xvfb", "xdotool", "import")
pytestmark = pytest.mark.skipif(any(shutil.which(t) is None for t in TOOLS),
                                reason="needs Xvfb, xdotool and ImageMagick's import")

SETTINGS = """\
rules: {first_attacker: left_of_dealer, trump_exchange: false}
players:
  - {name: You, type: human}
  - {name: Anna, type: computer, level: random}
ui: {width: 1280, height: 720, animation_speed: 4.0, computer_delay_ms: 100}
"""


def free_displays():
    for n in range(140, 150):  # the display numbers set aside for these tests
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            yield n


def wait_for(predicate, timeout: float, what: str):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def first_card_centre() -> tuple[int, int]:
    """Where the leftmost card of the 6-card hand is drawn at 1280x720."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.ui.art import CardArt as card_art
    from game.ui.layout import Layout, card_width_for

    cw = card_width_for(1280, 720)
    big = card_art(cw).size
    small = card_art(max(24, int(cw * 0.55))).size
    x, y = Layout((1280, 720), 2, 0, big, small).hand_positions(6)[0]
    return int(x), int(y)


@pytest.fixture
def xserver(tmp_path):
    """Our own Xvfb; if another test run takes the same number first, ours exits and
    the next free number is tried (a socket alone may be the other run's)."""
    for n in free_displays():
        # -noreset: by default Xvfb resets when its last client leaves (a game killed
        # or closed), and a game started during the reset finds no screen
        proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1280x720x24",
                                 "-nolisten", "tcp", "-noreset"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for(lambda p=proc, n=n: p.poll() is not None or Path(f"/tmp/.X11-unix/X{n}").exists(),
                 10, "Xvfb")
        time.sleep(0.3)
        if proc.poll() is None:
            break
    else:
        pytest.skip("no free X display number")
    try:
        yield f":{n}"
    finally:
        proc.terminate()
        proc.wait(5)


def test_drag_a_card_in_a_real_window(xserver, tmp_path):
    settings = tmp_path / "settings.yaml"
    settings.write_text(SETTINGS, encoding="utf-8")
    env = dict(os.environ, DISPLAY=xserver, SDL_AUDIODRIVER="dummy", DURAK_USER_DIR=str(tmp_path))
    env.pop("SDL_VIDEODRIVER", None)
    game = subprocess.Popen(
        [sys.executable, "-m", "game", "--log-actions", "--play", "--settings", str(settings),
         "--seed", "7"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        cwd=Path(__file__).resolve().parent.parent)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(game.stdout), daemon=True)
    reader.start()
    xdo = dict(env)
    try:
        def placed():
            """The geometry of a window of the game once it has a position; the window
            is searched for again each time (SDL may replace the first one it opens)."""
            found = subprocess.run(["xdotool", "search", "--pid", str(game.pid)], env=xdo,
                                   capture_output=True, text=True).stdout.split()
            for window in found:
                out = subprocess.run(["xdotool", "getwindowgeometry", window], env=xdo,
                                     capture_output=True, text=True).stdout
                if "Position:" in out:
                    return out
            return None

        geometry = wait_for(placed, 30, "the game window and its position")
        ox, oy = (int(v) for v in geometry.split("Position:")[1].split()[0].split(","))
        time.sleep(2.5)  # the deal animation
        x, y = first_card_centre()
        x, y = x + ox, y + oy

        def attacked():
            for line in lines:
                entry = json.loads(line)
                if entry["seat"] == 0 and entry["action"].startswith("0 attack "):
                    return entry
            return None

        for _ in range(5):  # on a busy machine the deal may still be on its way: again
            subprocess.run(["xdotool", "mousemove", str(x), str(y), "mousedown", "1"],
                           env=xdo, check=True)
            for step in range(1, 11):
                subprocess.run(["xdotool", "mousemove", str(x + 30 * step),
                                str(y - 28 * step)], env=xdo, check=True)
                time.sleep(0.03)
            subprocess.run(["xdotool", "mouseup", "1"], env=xdo, check=True)
            time.sleep(1.0)
            if lines:
                break
        entry = wait_for(attacked, 10, "the human's attack in the log")
        assert entry["action"].startswith("0 attack ")
        time.sleep(0.5)
        shot = tmp_path / "window.png"
        subprocess.run(["import", "-window", "root", str(shot)], env=xdo, check=True)
        assert shot.stat().st_size > 10_000
        target = os.environ.get("DURAK_SCREENSHOT_DIR")
        if target:
            Path(target).mkdir(parents=True, exist_ok=True)
            shutil.copy(shot, Path(target) / "window_xvfb.png")
    finally:
        game.terminate()
        try:
            game.wait(5)
        except subprocess.TimeoutExpired:
            game.kill()


DEMO_SETTINGS = """\
players:
  - {name: Anna, type: computer, level: random}
  - {name: Boris, type: computer, level: random}
  - {name: Vera, type: computer, level: random}
ui: {width: 1280, height: 720, animation_speed: 4.0, computer_delay_ms: 50}
"""


def start_game(xserver, tmp_path, settings_text: str, *args: str):
    """The game in a real window, its logged actions collected as they come."""
    settings = tmp_path / "settings.yaml"
    settings.write_text(settings_text, encoding="utf-8")
    env = dict(os.environ, DISPLAY=xserver, SDL_AUDIODRIVER="dummy", DURAK_USER_DIR=str(tmp_path))
    env.pop("SDL_VIDEODRIVER", None)
    game = subprocess.Popen(
        [sys.executable, "-m", "game", "--log-actions", "--settings", str(settings), *args],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        cwd=Path(__file__).resolve().parent.parent)
    lines: list[str] = []
    threading.Thread(target=lambda: lines.extend(game.stdout), daemon=True).start()
    try:
        wait_for(lambda: subprocess.run(["xdotool", "search", "--pid", str(game.pid)],
                                        env=env, capture_output=True, text=True).stdout.split(),
                 30, "the game window")
    except AssertionError as e:
        game.kill()
        raise AssertionError(f"{e}; the game said: {game.communicate(timeout=5)[1][-2000:]}") \
            from None
    return game, lines


def worker_pid(game_pid: int) -> int | None:
    """The game's spawned worker process (its child started by multiprocessing)."""
    for task in Path(f"/proc/{game_pid}/task").iterdir():
        for pid in (task / "children").read_text().split():
            try:
                cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
            except OSError:
                continue
            if b"spawn_main" in cmdline:
                return int(pid)
    return None


def test_the_game_goes_on_when_its_worker_is_killed_or_stopped(xserver, tmp_path):
    game, lines = start_game(xserver, tmp_path, DEMO_SETTINGS, "--demo", "--seed", "7")
    stopped: list[int] = []
    try:
        wait_for(lambda: len(lines) >= 3, 30, "the computer players to play")
        first = wait_for(lambda: worker_pid(game.pid), 10, "the worker process")
        os.kill(first, signal.SIGKILL)
        played = len(lines)
        wait_for(lambda: len(lines) >= played + 5, 30, "play to go on after SIGKILL")
        second = wait_for(lambda: worker_pid(game.pid) not in (None, first)
                          and worker_pid(game.pid), 10, "a new worker")
        os.kill(second, signal.SIGSTOP)
        stopped.append(second)
        played = len(lines)
        wait_for(lambda: len(lines) >= played + 5, 30, "play to go on after SIGSTOP")
        third = wait_for(lambda: worker_pid(game.pid) not in (None, second)
                         and worker_pid(game.pid), 10, "another new worker")
        os.kill(third, signal.SIGSTOP)  # closing must not wait for it
        stopped.append(third)
        game.terminate()
        assert game.wait(5) == 0
        assert "Traceback" not in game.stderr.read()
        for pid in stopped:
            assert not Path(f"/proc/{pid}").exists() or \
                "zombie" in Path(f"/proc/{pid}/status").read_text()
    finally:
        for pid in stopped:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        if game.poll() is None:
            game.kill()
            game.wait(5)


def saved_actions(user: Path) -> list[dict]:
    data = json.loads((user / "saves" / "current.json").read_text(encoding="utf-8"))
    return data["games"][-1]["actions"]


def test_continue_after_a_kill_mid_game(xserver, tmp_path):
    """Play a card, SIGKILL the game mid-game, start it with --continue: the save has
    every move but at most the last, and the table comes back where it was."""
    game, lines = start_game(xserver, tmp_path, SETTINGS, "--play", "--seed", "7")
    try:
        time.sleep(2.5)  # the deal animation
        env = dict(os.environ, DISPLAY=xserver)
        window = subprocess.run(["xdotool", "search", "--pid", str(game.pid)], env=env,
                                capture_output=True, text=True).stdout.split()[0]
        geometry = subprocess.run(["xdotool", "getwindowgeometry", window], env=env,
                                  capture_output=True, text=True).stdout
        ox, oy = (int(v) for v in geometry.split("Position:")[1].split()[0].split(","))
        x, y = first_card_centre()
        for _ in range(10):  # on a busy machine the deal may still be on its way: again
            for args in (["mousemove", str(x + ox), str(y + oy), "click", "1"],
                         ["mousemove", str(640 + ox), str(330 + oy), "click", "1"]):
                subprocess.run(["xdotool", *args], env=env, check=True)
                time.sleep(0.2)
            if lines:
                break
            time.sleep(1.0)
        wait_for(lambda: len(lines) >= 2, 20, "the attack and the computer's answer")
        os.kill(game.pid, signal.SIGKILL)
        game.wait(5)
    finally:
        if game.poll() is None:
            game.kill()
            game.wait(5)
    before = saved_actions(tmp_path)
    assert len(lines) - 1 <= len(before) <= len(lines)
    resumed, _ = start_game(xserver, tmp_path, SETTINGS, "--continue")
    try:
        shot = tmp_path / "continue.png"

        def drawn() -> bool:  # a blank screen is a few hundred bytes
            subprocess.run(["import", "-window", "root", str(shot)],
                           env=dict(os.environ, DISPLAY=xserver), check=True)
            return shot.stat().st_size > 10_000

        wait_for(drawn, 30, "the resumed table on the screen")
        target = os.environ.get("DURAK_SCREENSHOT_DIR")
        if target:
            Path(target).mkdir(parents=True, exist_ok=True)
            shutil.copy(shot, Path(target) / "continue_xvfb.png")
        resumed.terminate()
        assert resumed.wait(10) == 0
        assert "Traceback" not in resumed.stderr.read()
    finally:
        if resumed.poll() is None:
            resumed.kill()
            resumed.wait(5)
    assert saved_actions(tmp_path)[:len(before)] == before
