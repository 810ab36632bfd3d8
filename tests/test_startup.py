"""Start-up: silent when all is well, one clear line and a non-zero exit with no screen."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame

from game.ui import display

ROOT = Path(__file__).resolve().parent.parent
SCREEN_VARS = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER",
               "XDG_RUNTIME_DIR", "PYGAME_HIDE_SUPPORT_PROMPT")


def launch(tmp_path, *args: str, **env_vars: str) -> subprocess.CompletedProcess:
    """``python -m game ARGS`` with no screen variables but ``env_vars``, no user files."""
    env = {k: v for k, v in os.environ.items() if k not in SCREEN_VARS}
    env.update(PYTHONPATH=str(ROOT), DURAK_USER_DIR=str(tmp_path), **env_vars)
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_a_launch_prints_nothing_on_stderr_without_sound_or_runtime_dir(tmp_path):
    out = launch(tmp_path, "--frames", "3", SDL_VIDEODRIVER="dummy")
    assert out.returncode == 0
    assert out.stderr == ""


def test_sound_on_with_no_sound_device_prints_nothing_and_plays_on(tmp_path):
    settings = tmp_path / "sound.yaml"
    settings.write_text("ui: {sound: true, sound_volume: 1.0}\n")
    out = launch(tmp_path, "--demo", "--frames", "90", "--settings", str(settings),
                 SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="alsa")
    assert out.returncode == 0
    assert out.stderr == ""


def test_no_screen_is_one_clear_line_and_a_non_zero_exit(tmp_path):
    if not sys.platform.startswith("linux"):
        return  # elsewhere there is always a screen to find
    out = launch(tmp_path, "--frames", "3")
    assert out.returncode == 1
    assert out.stderr.count("\n") == 1 and "no screen" in out.stderr
    assert "SDL_VIDEODRIVER=dummy" in out.stderr


def test_the_benchmark_and_the_smoke_test_need_no_screen(tmp_path):
    stats = launch(tmp_path, "--demo", "--frames", "5", "--stats")
    assert stats.returncode == 0 and stats.stdout.startswith("{") and stats.stderr == ""
    smoke = launch(tmp_path, "--smoke-test")
    assert smoke.returncode == 0 and smoke.stderr == ""


def test_before_start_only_linux_without_x11_wayland_or_a_chosen_driver_has_no_screen():
    assert display.no_screen_before_start({}, "linux") is not None
    assert display.no_screen_before_start({"DISPLAY": ":0"}, "linux") is None
    assert display.no_screen_before_start({"WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert display.no_screen_before_start({"SDL_VIDEODRIVER": "dummy"}, "linux") is None
    assert display.no_screen_before_start({}, "win32") is None
    assert display.no_screen_before_start({}, "darwin") is None


def test_after_start_a_fallback_to_a_screenless_driver_is_refused(monkeypatch):
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    assert "'offscreen'" in display.no_screen_after_start({})
    assert display.no_screen_after_start({"SDL_VIDEODRIVER": "offscreen"}) is None
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    assert display.no_screen_after_start({}) is None


def test_settings_messages_speak_the_systems_language(tmp_path):
    settings = tmp_path / "odd.yaml"
    settings.write_text("ui: {shiny: true}\n")
    out = launch(tmp_path, "--frames", "3", "--settings", str(settings),
                 SDL_VIDEODRIVER="dummy", LANGUAGE="", LC_ALL="", LC_MESSAGES="",
                 LANG="ru_RU.UTF-8")
    assert out.returncode == 2  # a --settings file is taken whole or not at all
    assert "ui: неизвестный ключ 'shiny'" in out.stderr
