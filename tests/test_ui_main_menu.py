"""The main menu, headless: every entry by mouse and keyboard, Continue with a saved
game, a broken save set aside with its message, and the ways back to the menu."""

from __future__ import annotations

import pygame
import pytest

from game.app import _first_scene, parse_args
from game.session import save as sv
from game.session.match import Match
from game.ui.end import EndScene
from game.ui.main_menu import MainMenu
from game.ui.names import describe_saved
from game.ui.rules_screen import RulesScene
from game.ui.settings_screen import SettingsScene
from game.ui.start import StartScene
from game.ui.stats_screen import StatsScene
from game.ui.table import TableScene
from game.ui.thinker import InlineThinker
from tests.test_ui_save import play_some, saving_runner
from tests.ui_helpers import DT, click, deal, frames, key, make_runner, settings_for, table_of


def menu_runner(players: int = 2):
    runner = make_runner(settings_for(players))
    menu = MainMenu(runner.ctx)
    runner.scenes.replace(menu)
    frames(runner, 2)
    return runner, menu


def visible(menu: MainMenu) -> list[str]:
    return [name for name, button in menu.buttons.items() if button.visible]


def test_the_app_opens_on_the_main_menu_unless_told_to_play():
    runner, _menu = menu_runner()
    try:
        ctx, settings = runner.ctx, runner.ctx.settings
        assert isinstance(_first_scene(ctx, settings, parse_args([])), MainMenu)
        assert isinstance(_first_scene(ctx, settings, parse_args(["--play"])), TableScene)
    finally:
        runner.scenes.close()


def test_without_a_saved_game_there_is_no_continue():
    runner, menu = menu_runner()
    try:
        assert menu.names == ["new", "settings", "rules", "stats", "quit"] and menu.caption is None
        assert visible(menu) == menu.names
        assert menu.buttons["new"].is_selected  # the keyboard starts on the first entry
    finally:
        runner.scenes.close()


def test_continue_shows_the_saved_game_and_a_click_resumes_it():
    runner = saving_runner(3)
    play_some(runner, 3)
    actions = list(table_of(runner).match.actions)
    runner.ctx.autosave.flush()
    menu = MainMenu(runner.ctx)
    runner.scenes.replace(menu)
    frames(runner, 2)
    try:
        assert menu.names[0] == "continue"
        assert menu.buttons["continue"].text == "Continue"
        assert menu.caption is not None and menu.caption[0] in (
            "Podkidnoy, 3 players, your turn", "Podkidnoy, 3 players, Anna's turn",
            "Podkidnoy, 3 players, Boris's turn")
        assert menu.buttons["continue"].rect.bottom <= menu.caption[1]
        assert menu.caption[1] + 20 <= menu.buttons["new"].rect.top
        click(runner, menu.buttons["continue"].rect.center)
        table = runner.scenes.top
        assert isinstance(table, TableScene) and table.match.actions == actions
    finally:
        runner.scenes.close()
        runner.ctx.autosave.close()


def test_continue_after_a_change_of_settings_plays_with_the_new_ones():
    runner = saving_runner(2)
    play_some(runner, 2)
    runner.ctx.autosave.flush()
    menu = MainMenu(runner.ctx)
    runner.scenes.replace(menu)
    try:
        from game.ui import preferences

        preferences.change(runner.ctx, highlight_playable=False, card_size="large")
        menu.choose("continue")
        table = runner.scenes.top
        assert isinstance(table, TableScene)
        assert table.settings.ui.card_size == "large"
        assert table.settings.ui.highlight_playable is False
    finally:
        runner.scenes.close()
        runner.ctx.autosave.close()


def test_a_broken_saved_game_is_set_aside_with_its_message_on_the_menu():
    sv.save_path().parent.mkdir(parents=True)
    sv.save_path().write_text('{"format": "durak-save", "version": 99}')
    runner, menu = menu_runner()
    try:
        assert "continue" not in menu.names
        shown = " ".join(menu.message_lines)
        assert "saved by another version of the game" in shown and "current.json.broken-1" in shown
        assert (sv.save_path().parent / "current.json.broken-1").exists()
        assert not sv.save_path().exists()
    finally:
        runner.scenes.close()


def test_new_game_opens_the_new_game_screen_over_the_hidden_menu():
    runner, menu = menu_runner()
    try:
        click(runner, menu.buttons["new"].rect.center)
        assert isinstance(runner.scenes.top, StartScene)
        assert visible(menu) == []
        runner.scenes.pop()
        frames(runner, 1)
        assert runner.scenes.top is menu and visible(menu) == menu.names
    finally:
        runner.scenes.close()


def test_settings_rules_and_statistics_by_mouse_and_back_by_esc():
    runner, menu = menu_runner()
    try:
        for name, kind in (("settings", SettingsScene), ("rules", RulesScene),
                           ("stats", StatsScene)):
            click(runner, menu.buttons[name].rect.center)
            assert isinstance(runner.scenes.top, kind)
            assert visible(menu) == []
            runner.frame(DT, [key(pygame.K_ESCAPE)])
            frames(runner, 1)
            assert runner.scenes.top is menu and visible(menu) == menu.names
    finally:
        runner.scenes.close()


def test_the_keyboard_moves_through_the_entries_and_enter_opens_one():
    runner, menu = menu_runner()
    try:
        runner.frame(DT, [key(pygame.K_DOWN)])
        assert menu.buttons["settings"].is_selected and not menu.buttons["new"].is_selected
        runner.frame(DT, [key(pygame.K_UP), key(pygame.K_UP)])  # round to the last
        assert menu.buttons["quit"].is_selected
        runner.frame(DT, [key(pygame.K_DOWN), key(pygame.K_DOWN), key(pygame.K_RETURN)])
        assert isinstance(runner.scenes.top, SettingsScene)
    finally:
        runner.scenes.close()


def test_the_mouse_moves_the_keyboards_entry_but_not_where_it_rests_at_the_start():
    runner, menu = menu_runner()
    try:
        move = pygame.event.Event(pygame.MOUSEMOTION, pos=menu.buttons["stats"].rect.center,
                                  rel=(0, 0), buttons=(0, 0, 0))
        runner.frame(DT, [move])  # the window opened under the pointer
        assert menu.buttons["new"].is_selected and not menu.buttons["stats"].is_selected
        move = pygame.event.Event(pygame.MOUSEMOTION, pos=menu.buttons["quit"].rect.center,
                                  rel=(0, 40), buttons=(0, 0, 0))
        runner.frame(DT, [move])
        assert menu.buttons["quit"].is_selected and not menu.buttons["new"].is_selected
        runner.frame(DT, [key(pygame.K_RETURN)])
        assert runner.scenes.quit
    finally:
        runner.scenes.close()


def test_quit_by_click_and_esc_quits_at_once():
    runner, menu = menu_runner()
    try:
        click(runner, menu.buttons["quit"].rect.center)
        assert runner.scenes.quit
        runner.scenes.quit = False
        runner.frame(DT, [key(pygame.K_ESCAPE)])
        assert runner.scenes.quit and runner.scenes.top is menu
    finally:
        runner.scenes.close()


def test_the_end_screens_back_leads_to_the_menu():
    runner = make_runner(settings_for(2))
    try:
        table = deal(runner, ["6S", "7S 8S"], "", "H", attacker=0)
        table.submit(next(a for a in table.legal() if type(a).__name__ == "Attack"))
        for _ in range(300):
            if isinstance(runner.scenes.top, EndScene):
                break
            runner.frame(DT, [])
        end = runner.scenes.top
        assert isinstance(end, EndScene)
        click(runner, end.buttons["back"].rect.center)
        assert isinstance(runner.scenes.top, MainMenu)
    finally:
        runner.scenes.close()


def test_the_menu_fits_small_windows_with_every_entry():
    from game.ui import main_menu

    for size in ((800, 600), (640, 360)):
        runner = make_runner(settings_for(2), size=size)
        try:
            sv.save_match(table_of(runner).match)
            menu = MainMenu(runner.ctx)
            runner.scenes.replace(menu)
            frames(runner, 1)
            assert menu.names == ["continue", "new", "settings", "rules", "stats", "quit"]
            window = pygame.Rect((0, 0), size)
            caption = runner.ctx.text.render(menu.caption[0], main_menu.CAPTION_SIZE).get_rect(
                midtop=(size[0] // 2, menu.caption[1]))
            rects = [b.rect for b in menu.buttons.values()] + [caption]
            assert all(window.contains(r) for r in rects), size
            assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
        finally:
            runner.scenes.close()


def test_monkey_on_the_menu_and_the_settings_screen():
    import random

    from game import i18n
    from tests.test_ui_monkey import monkey

    runner, menu = menu_runner(3)
    rng = random.Random(4321)

    def back_to_the_menu(r):
        r.scenes.replace(MainMenu(r.ctx))

    try:
        seen = monkey(runner, rng, 600, back_to_the_menu)
        runner.scenes.replace(MainMenu(runner.ctx))
        runner.scenes.top.choose("settings")
        seen |= monkey(runner, rng, 600, back_to_the_menu)
        assert {"MainMenu", "SettingsScene"} <= seen
    finally:
        runner.scenes.close()
        runner.ctx.remembered.wait()
        i18n.set_language("en")
        pygame.display.set_mode((1280, 720), pygame.RESIZABLE)


@pytest.mark.parametrize("cheating", [False, True])
def test_the_saved_games_line_says_when_cheating_is_allowed(cheating):
    match = Match(settings_for(2, cheating=cheating), 4, InlineThinker(), delay_ms=0)
    match.start_game()
    line = describe_saved(match)
    assert line.startswith("Podkidnoy, cheating allowed, 2 players, " if cheating
                           else "Podkidnoy, 2 players, ")
    assert line.endswith(("your turn", "Anna's turn"))


def test_in_russian_the_saved_games_line_says_cheating_is_allowed(russian):
    match = Match(settings_for(2, cheating=True), 4, InlineThinker(), delay_ms=0)
    match.start_game()
    assert describe_saved(match).startswith("Подкидной, можно мухлевать, 2 игрока, ")


@pytest.mark.parametrize("size", [(640, 360), (1024, 600)])
def test_the_longest_saved_games_line_lies_on_the_menus_panel(russian, size):
    """Russian, Severnyi with cheating and 4 players: the longest line there is."""
    from game.ui import main_menu

    runner = make_runner(settings_for(4, cheating=True, second_trump=True), size=size)
    try:
        sv.save_match(table_of(runner).match)
        menu = MainMenu(runner.ctx)
        runner.scenes.replace(menu)
        frames(runner, 1)
        assert menu.caption is not None and menu.caption[0].startswith("Подкидной северный")
        caption = runner.ctx.text.render(menu.caption[0], main_menu.CAPTION_SIZE).get_rect(
            midtop=(size[0] // 2, menu.caption[1]))
        assert pygame.Rect((0, 0), size).contains(menu.panel)
        assert menu.panel.contains(caption)
    finally:
        runner.scenes.close()
