"""Saving at the table, the in-game menu (Esc) and Continue, headless."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.engine import parse_card
from game.engine.actions import Attack
from game.session import save as sv
from game.session.autosave import Autosaver
from game.ui.main_menu import MainMenu
from game.ui.pause_menu import PauseMenu
from game.ui.start import StartScene
from game.ui.table import TableScene
from tests.ui_helpers import DT, deal, key, make_runner, settings_for, settle, table_of

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def user_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("DURAK_USER_DIR", str(tmp_path))
    return tmp_path


def saving_runner(players: int = 3):
    runner = make_runner(settings_for(players))
    runner.ctx.autosave = Autosaver()
    table = table_of(runner)
    runner.scenes.replace(TableScene(runner.ctx, table.settings))  # built with the saver
    return runner


def play_some(runner, moves: int) -> None:
    """Let the human make ``moves`` moves (the first legal one each time)."""
    for _ in range(moves):
        settle(runner)
        table = table_of(runner)
        if table.match.finished:
            return
        table.submit(table.legal()[0])
    settle(runner)


def press(runner, scene, name: str) -> None:
    buttons = scene.widgets if isinstance(scene, StartScene) else scene.buttons
    event = pygame.event.Event(pygame_gui_pressed(), ui_element=buttons[name])
    runner.frame(DT, [event])


def pygame_gui_pressed():
    import pygame_gui

    return pygame_gui.UI_BUTTON_PRESSED


def saved_actions() -> int:
    data = json.loads(sv.save_path().read_text())
    return len(data["games"][-1]["actions"])


def test_every_action_at_the_table_is_saved(user_dir):
    runner = saving_runner()
    play_some(runner, 3)
    table = table_of(runner)
    runner.ctx.autosave.flush()
    assert saved_actions() == len(table.match.actions) > 0
    runner.scenes.close()
    runner.ctx.autosave.close()


def test_esc_opens_the_menu_and_esc_again_resumes(user_dir):
    runner = saving_runner()
    play_some(runner, 1)
    runner.frame(DT, [key(pygame.K_ESCAPE)])
    assert isinstance(runner.scenes.top, PauseMenu)
    now = table_of(runner).now
    for _ in range(10):
        runner.frame(DT, [])
    assert table_of(runner).now == now  # the table waits while the menu is open
    runner.frame(DT, [key(pygame.K_ESCAPE)])
    assert isinstance(runner.scenes.top, TableScene)
    runner.scenes.close()


def test_save_and_quit_then_continue_restores_the_table(user_dir):
    runner = saving_runner(4)
    play_some(runner, 4)
    before = table_of(runner)
    actions, hand = list(before.match.actions), sorted(before.mirror.hands[0])
    runner.frame(DT, [key(pygame.K_ESCAPE)])
    press(runner, runner.scenes.top, "quit")
    menu = runner.scenes.top
    assert isinstance(menu, MainMenu) and "continue" in menu.buttons
    assert "4 players" in menu.caption[0]
    press(runner, menu, "continue")
    after = runner.scenes.top
    assert isinstance(after, TableScene)
    assert after.match.actions == actions
    assert sorted(after.mirror.hands[0]) == hand
    assert after.mirror.attacks == before.mirror.attacks
    runner.scenes.close()


def test_concede_counts_a_loss_and_deals_again(user_dir):
    runner = saving_runner(2)
    play_some(runner, 2)
    runner.frame(DT, [key(pygame.K_ESCAPE)])
    press(runner, runner.scenes.top, "concede")
    table = runner.scenes.top
    assert isinstance(table, TableScene)
    assert table.match.series.fools == [1, 0] and table.match.game == 2
    runner.ctx.autosave.flush()
    back, message = sv.continue_saved(table.settings.ui, runner.ctx.thinker, 0)
    assert message is None and back[0].series.fools == [1, 0]
    runner.scenes.close()


def test_the_new_game_screen_leaves_a_saved_game_to_the_menu(user_dir):
    """Continue and a broken save's message belong to the main menu: opening New game
    neither reads nor moves the save (Play replaces it)."""
    sv.save_path().parent.mkdir(parents=True)
    sv.save_path().write_text('{"format": "durak-save", "version": 99}')
    runner = make_runner(settings_for(2))
    runner.ctx.autosave = Autosaver()
    start = StartScene(runner.ctx)
    runner.scenes.replace(start)
    runner.frame(DT, [])
    assert "continue" not in start.widgets and runner.ctx.messages == []
    assert sv.save_path().read_text() == '{"format": "durak-save", "version": 99}'
    runner.scenes.close()


def run_game(user: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               DURAK_USER_DIR=str(user))
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_continue_opens_the_saved_game_in_a_new_process(user_dir):
    first = run_game(user_dir, "--play", "--seed", "5", "--frames", "250")
    assert first.returncode == 0, first.stderr
    saved = saved_actions()
    assert saved > 0  # the computers moved and every move was saved
    again = run_game(user_dir, "--continue", "--frames", "30", "--log-actions")
    assert again.returncode == 0 and again.stderr == "", again.stderr
    assert saved_actions() == saved + len(again.stdout.splitlines())


def test_continue_without_a_save_says_so_and_opens_the_start_screen(user_dir):
    result = run_game(user_dir, "--continue", "--frames", "5")
    assert result.returncode == 0
    assert result.stderr.strip() == "durak: There is no saved game to continue."


def test_sigterm_saves_every_action_made(user_dir):
    import signal
    import time

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               DURAK_USER_DIR=str(user_dir))
    proc = subprocess.Popen([sys.executable, "-m", "game", "--play", "--seed", "5",
                             "--log-actions"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    assert proc.stdout.readline()  # the first computer's move
    time.sleep(0.5)
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert saved_actions() == 1 + len(out.splitlines())


def test_the_menu_changes_the_settings_that_can_change_mid_game(user_dir):
    import pygame_gui

    runner = saving_runner(2)
    runner.ctx.delay_ms = None
    table = table_of(runner)
    runner.frame(DT, [key(pygame.K_ESCAPE)])
    menu = runner.scenes.top
    for name, value in (("animation_speed", "0.5"), ("computer_delay_ms", "1200"),
                        ("highlight_playable", "False")):
        runner.frame(DT, [pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                             ui_element=menu.fields[name],
                                             selected_option_id=value)])
    assert runner.ctx.settings.ui.animation_speed == 0.5
    assert runner.ctx.anim_speed == 0.5 * runner.ctx.anim_scale
    assert table.match.delay_ms == 1200
    assert table.settings.ui.highlight_playable is False
    runner.scenes.close()


def test_a_save_that_cannot_be_written_is_said_on_the_table(user_dir, monkeypatch):
    from game.session import autosave

    def full(path, text):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(autosave, "atomic_write", full)
    runner = saving_runner(2)
    table = table_of(runner)
    said: list[str] = []
    real = table.say
    table.say = lambda text, seconds=2.5: (said.append(text), real(text, seconds))
    play_some(runner, 1)
    runner.ctx.autosave.flush()
    runner.frame(DT, [])
    assert said.count("The game could not be saved: No space left on device") == 1
    runner.scenes.close()


def test_concede_is_off_in_the_menu_once_the_human_is_out(user_dir):
    runner = saving_runner(3)
    table = deal(runner, ["6H", "7H 8C 9C 10C JC QC", "AS KS QS JS 6C 7C"], "", "S", 0)
    table.submit(Attack(0, (parse_card("6H"),)))
    for _ in range(200):
        runner.frame(DT, [])
        if 0 in table.match.state.out:
            break
    assert 0 in table.match.state.out and not table.match.finished
    runner.frame(DT, [key(pygame.K_ESCAPE)])
    menu = runner.scenes.top
    assert isinstance(menu, PauseMenu) and not menu.buttons["concede"].is_enabled
    press(runner, menu, "concede")  # a press that comes anyway changes nothing
    assert table.match.series.fools[0] == 0 and not table.match.conceded
    runner.scenes.close()
