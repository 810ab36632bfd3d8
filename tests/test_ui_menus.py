"""The start and end screens: settings messages shown whole, text in the player's language."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pygame_gui

from game.ui.start import MESSAGE_SIZE, StartScene
from tests.ui_helpers import DT, make_runner, settings_for

ROOT = Path(__file__).resolve().parent.parent
LONG = ("/home/somebody/.local/share/Durak/settings.yaml: ui.animation_speed: 9.5 is not "
        "allowed (allowed: 0.25..4.0); it was moved to settings.yaml.broken-1 and the "
        "defaults are used, so your own players and rules are not loaded this time either")


def drawn_texts(runner, scene) -> list[tuple[str, int, pygame.Rect]]:
    """Every (text, size, rect) the scene blits in one frame."""
    text = runner.ctx.text
    seen: list = []
    real = text.blit

    def spy(surface, t, size, pos, *args, **kwargs):
        rect = real(surface, t, size, pos, *args, **kwargs)
        seen.append((t, size, rect))
        return rect

    text.blit = spy
    try:
        runner.frame(DT, [])
    finally:
        del text.blit
    return seen


def test_a_long_settings_message_is_shown_whole_wrapped_above_the_form():
    runner = make_runner(settings_for(2))
    runner.ctx.messages.append(LONG)
    start = StartScene(runner.ctx)
    runner.scenes.replace(start)
    runner.frame(DT, [])
    lines = [(t, rect) for t, size, rect in drawn_texts(runner, start) if size == MESSAGE_SIZE]
    assert " ".join(t for t, _ in lines) == LONG
    assert len(lines) >= 2
    window = pygame.Rect((0, 0), runner.ctx.size)
    assert all(window.contains(rect) for _, rect in lines)
    assert start.panel.top >= lines[-1][1].bottom
    runner.scenes.close()


def test_balanced_wrapping_keeps_the_lines_and_evens_them():
    runner = make_runner(settings_for(2))
    text = runner.ctx.text
    sentence = ("Beat the 8 of spades with the king of spades — keep your trumps while the "
                "talon is big")
    given = text.font(24, True).size(sentence)[0] - 5  # the last word does not fit
    full = text.wrap(sentence, 24, given, bold=True)
    width = text.balanced(sentence, 24, given, bold=True)
    even = text.wrap(sentence, 24, width, bold=True)
    assert len(full) == len(even) == 2 and width < given * 0.6
    assert len(full[-1].split()) == 1  # at the full width the last word stood alone
    sizes = [text.font(24, True).size(line)[0] for line in even]
    assert max(sizes) - min(sizes) < sizes[0] / 3
    assert text.balanced("short", 24, given) == given  # one line: the width as given
    runner.scenes.close()


def test_wrap_breaks_a_word_wider_than_the_line():
    runner = make_runner(settings_for(2))
    word = "/a/very/long/path/without/any/spaces/" * 6 + "settings.yaml"
    lines = runner.ctx.text.wrap(f"{word} is broken", 20, 200)
    font = runner.ctx.text.font(20)
    assert "".join(lines).replace(" ", "") == f"{word}isbroken"
    assert lines[-1].endswith("is broken")
    assert all(font.size(line)[0] <= 200 for line in lines) and len(lines) > 3
    runner.scenes.close()


def test_elide_cuts_a_line_to_its_width_with_an_ellipsis_and_keeps_one_that_fits():
    runner = make_runner(settings_for(2))
    text, font = runner.ctx.text, runner.ctx.text.font(20)
    assert text.elide("Anna", 20, 200) == "Anna"
    cut = text.elide("Александра Степанова (партнёр)", 20, 120)
    assert cut.endswith("…") and font.size(cut)[0] <= 120
    assert "Александра Степанова (партнёр)".startswith(cut[:-1])
    runner.scenes.close()


def test_a_broken_user_settings_file_is_reported_whole_on_stderr(tmp_path):
    (tmp_path / "settings.yaml").write_text("- a list, not a mapping\n", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "XDG_RUNTIME_DIR"}
    env.update(PYTHONPATH=str(ROOT), DURAK_USER_DIR=str(tmp_path), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-m", "game", "--frames", "3"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "the file must be a mapping" in out.stderr
    assert "it was moved to settings.yaml.broken-1 and the defaults are used" in out.stderr
    assert (tmp_path / "settings.yaml.broken-1").exists()


def test_the_start_screen_speaks_the_catalogue_and_keeps_values(tmp_path):
    from game import i18n
    from tests.test_i18n import _write_mo

    _write_mo(tmp_path / "xx" / "LC_MESSAGES" / "durak.mo",
              {"Play": "Igrat", "Game variant": "Raznovidnost", "two teams": "dve komandy",
               "expert": "ekspert"})
    runner = make_runner(settings_for(4))
    try:
        i18n.set_language("xx", tmp_path)
        start = StartScene(runner.ctx)
        runner.scenes.replace(start)
        runner.frame(DT, [])
        w = start.widgets
        assert w["play"].text == "Igrat" and w["back"].text == "Quit"
        assert any(getattr(el, "text", None) == "Raznovidnost"
                   for el in runner.ctx.gui.get_sprite_group().sprites())
        assert ("dve komandy", "true") in w["teams"].options_list
        assert ("ekspert", "expert") in w["seat1.level"].options_list
        event = pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text="dve komandy",
                                   selected_option_id="true", ui_element=w["teams"])
        runner.frame(DT, [event])
        assert start.chosen_settings().rules.teams == ((0, 2), (1, 3))
    finally:
        i18n.set_language("en")
        runner.scenes.close()


def test_the_end_screen_names_a_losing_team_and_counts_games():
    from game.ui.end import name_list

    assert name_list(["Anna"]) == "Anna"
    assert name_list(["Anna", "Boris"]) == "Anna and Boris"
    assert name_list(["Anna", "Boris", "Vera"]) == "Anna, Boris and Vera"
