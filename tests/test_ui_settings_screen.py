"""The Settings screen and the remembered window, headless: each setting changes the
context, applies to the running game at once and reads back from a new
load_settings(); a failure to write is shown; the window's size and full screen
are remembered."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game import i18n
from game.config import CARD_SIZES, load_settings
from game.paths import user_settings_path
from game.ui import choices, preferences
from game.ui.drop_downs import is_open
from game.ui.layout import CARD_SCALES, card_width_for
from game.ui.main_menu import MainMenu
from game.ui.pause_menu import PauseMenu
from game.ui.settings_screen import SettingsScene
from game.ui.sound import Sounds
from game.ui.table import TableScene
from tests.ui_helpers import DT, click, frames, key, make_runner, settings_for, table_of


@pytest.fixture(autouse=True)
def english_again():
    yield
    i18n.set_language("en")


def settings_runner(size=(1280, 720)):
    runner = make_runner(settings_for(2), size=size, sounds=Sounds(enabled=True, volume=0.7))
    runner.scenes.replace(MainMenu(runner.ctx))
    runner.scenes.top.choose("settings")
    frames(runner, 1)
    return runner, runner.scenes.top


def pick(runner, screen: SettingsScene, key_: str, value) -> None:
    """Choose ``value`` in the drop-down of ``key_``, as pygame_gui reports it."""
    field = screen.fields[key_]
    option = next(o for o in field.options_list if o[1] == repr(value))
    runner.frame(DT, [pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=option[0],
                                         selected_option_id=option[1], ui_element=field)])


def on_file(runner):
    """The ui settings of the player's file, once the writer has written them."""
    runner.ctx.remembered.wait()
    settings, messages = load_settings()
    assert messages == []
    return settings.ui


@pytest.mark.parametrize(("name", "value"), [
    ("animation_speed", 0.5), ("computer_delay_ms", 1200), ("highlight_playable", False),
    ("card_size", "large"), ("card_size", "small"), ("language", "ru"), ("language", "en"),
    ("fullscreen", True), ("sound", False)])
def test_each_choice_applies_at_once_and_is_remembered(name, value):
    runner, screen = settings_runner()
    try:
        assert getattr(on_file(runner), name) != value or name == "language"
        pick(runner, screen, name, value)
        frames(runner, 2)
        ctx = runner.ctx
        assert getattr(ctx.settings.ui, name) == value
        assert getattr(on_file(runner), name) == value
        applied = {
            "animation_speed": lambda: ctx.anim_speed == 0.5 * ctx.anim_scale,
            "computer_delay_ms": lambda: TableScene(ctx, ctx.settings).match.delay_ms in (
                0, 1200),  # the tests' context fixes the pause at 0; a game's own is 1200
            "highlight_playable": lambda: True,
            "card_size": lambda: TableScene(ctx, ctx.settings).art.big.size[0] == card_width_for(
                *ctx.size, CARD_SCALES[value]),
            "language": lambda: i18n.language() == value,
            "fullscreen": lambda: pygame.display.is_fullscreen() and ctx.size == (
                pygame.display.get_surface().get_size()),
            "sound": lambda: ctx.sounds.muted,
        }
        assert applied[name]()
        assert runner.scenes.top is screen or isinstance(runner.scenes.top, SettingsScene)
    finally:
        runner.scenes.close()
        pygame.display.set_mode((1280, 720), pygame.RESIZABLE)


def test_choosing_russian_rewords_the_screen_at_once_and_english_back():
    runner, screen = settings_runner()
    try:
        pick(runner, screen, "language", "ru")
        frames(runner, 1)
        screen = runner.scenes.top
        assert screen.back_button.text == "Назад"
        assert ("русский", "'ru'") in screen.fields["language"].options_list
        assert screen.fields["sound"].selected_option[0] == "вкл"
        pick(runner, screen, "language", "en")
        frames(runner, 1)
        assert screen.back_button.text == "Back"
        runner.frame(DT, [key(pygame.K_ESCAPE)])
        frames(runner, 1)
        menu = runner.scenes.top
        assert isinstance(menu, MainMenu) and menu.buttons["settings"].text == "Settings"
        assert menu.buttons["settings"].visible
    finally:
        runner.scenes.close()


def test_leaving_full_screen_gives_back_the_window_of_its_size():
    runner, screen = settings_runner(size=(1000, 700))
    try:
        preferences.change(runner.ctx, width=1000, height=700)
        pick(runner, screen, "fullscreen", True)
        frames(runner, 1)
        pick(runner, runner.scenes.top, "fullscreen", False)
        frames(runner, 1)
        assert not pygame.display.is_fullscreen()
        assert runner.ctx.size == (1000, 700) == pygame.display.get_surface().get_size()
        assert (on_file(runner).width, on_file(runner).height) == (1000, 700)
    finally:
        runner.scenes.close()


def test_the_volume_slider_applies_at_once_and_is_written_when_it_rests():
    runner, screen = settings_runner()
    try:
        slider = screen.fields["sound_volume"]
        for value in (60, 45, 30):  # a drag: several steps in a row
            runner.frame(DT, [pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
                                                 value=value, ui_element=slider)])
        assert runner.ctx.sounds.volume == pytest.approx(0.3)
        assert screen.amount.text == "30%"
        assert not user_settings_path().exists()  # not yet: it may still move
        frames(runner, 40)
        assert on_file(runner).sound_volume == pytest.approx(0.3)
        assert runner.ctx.remembered.writes == 1
    finally:
        runner.scenes.close()


def test_the_volume_is_greyed_out_while_the_sound_is_off_and_kept():
    runner, screen = settings_runner()
    try:
        slider = screen.fields["sound_volume"]
        assert slider.is_enabled and screen.amount.is_enabled
        pick(runner, screen, "sound", False)
        assert not slider.is_enabled and not screen.amount.is_enabled
        assert slider.get_current_value() == 70 and screen.amount.text == "70%"
        screen.resize((1024, 600))  # built again with the sound off: still greyed out
        assert not screen.fields["sound_volume"].is_enabled
        pick(runner, screen, "sound", True)
        assert screen.fields["sound_volume"].is_enabled and screen.amount.is_enabled
    finally:
        runner.scenes.close()


def test_a_settings_file_that_cannot_be_written_is_said_in_one_line(monkeypatch):
    from game import user_settings

    def refuse(path, text):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(user_settings, "atomic_write", refuse)
    runner, screen = settings_runner()
    try:
        drawn: list[str] = []
        real = runner.ctx.text.blit
        runner.ctx.text.blit = lambda surface, text, *a, **k: (drawn.append(text),
                                                                real(surface, text, *a, **k))[1]
        pick(runner, screen, "card_size", "small")
        runner.ctx.remembered.wait()
        frames(runner, 1)
        assert runner.ctx.settings.ui.card_size == "small"  # it still applies
        said = " ".join(drawn)
        assert "Your settings could not be saved to" in said and "Permission denied" in said
    finally:
        runner.scenes.close()


def test_a_resized_window_is_remembered_once_it_settles():
    runner = make_runner(settings_for(2), size=(1280, 720))
    try:
        for size in ((1100, 700), (1000, 650), (990, 640)):  # a drag of the window's edge
            pygame.display.set_mode(size, pygame.RESIZABLE)
            runner.frame(DT, [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0],
                                                 h=size[1])])
        assert runner.ctx.size == (990, 640)
        assert runner.ctx.remembered.writes == 0 and runner.ctx.remembered.pending is not None
        frames(runner, 40)
        assert runner.ctx.remembered.pending is None  # handed to the writer
        ui = on_file(runner)
        assert (ui.width, ui.height) == (990, 640)
        assert runner.ctx.remembered.writes == 1
    finally:
        runner.scenes.close()
        pygame.display.set_mode((1280, 720), pygame.RESIZABLE)


def test_a_tiny_window_is_remembered_at_the_smallest_size_allowed():
    runner = make_runner(settings_for(2), size=(1280, 720))
    try:
        pygame.display.set_mode((500, 300), pygame.RESIZABLE)
        runner.frame(DT, [pygame.event.Event(pygame.WINDOWSIZECHANGED, x=500, y=300)])
        ui = on_file(runner)  # waits, as the game does when it closes
        assert (ui.width, ui.height) == (640, 360)
    finally:
        runner.scenes.close()
        pygame.display.set_mode((1280, 720), pygame.RESIZABLE)


def test_f11_switches_full_screen_and_remembers_it():
    runner = make_runner(settings_for(2), size=(1280, 720))
    try:
        runner.frame(DT, [key(pygame.K_F11)])
        frames(runner, 1)
        assert pygame.display.is_fullscreen() and on_file(runner).fullscreen
        assert runner.ctx.size == pygame.display.get_surface().get_size()
        runner.frame(DT, [key(pygame.K_F11)])
        frames(runner, 1)
        assert not pygame.display.is_fullscreen() and not on_file(runner).fullscreen
        assert runner.ctx.size == (1280, 720)
    finally:
        runner.scenes.close()


def test_the_in_game_menus_settings_are_remembered_too():
    runner = make_runner(settings_for(2))
    try:
        runner.frame(DT, [key(pygame.K_ESCAPE)])
        menu = runner.scenes.top
        assert isinstance(menu, PauseMenu)
        runner.frame(DT, [pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                             ui_element=menu.fields["highlight_playable"],
                                             selected_option_id="False")])
        assert table_of(runner).settings.ui.highlight_playable is False
        assert on_file(runner).highlight_playable is False
    finally:
        runner.scenes.close()


def test_the_screen_fits_small_windows():
    for size in ((800, 600), (640, 360)):
        runner, screen = settings_runner(size=size)
        try:
            window = pygame.Rect((0, 0), size)
            rects = [el.rect for el in screen.elements]
            assert all(window.contains(r) for r in rects), size
            assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
        finally:
            runner.scenes.close()


def test_the_card_sizes_of_the_settings_are_the_sizes_the_table_draws():
    assert tuple(CARD_SCALES) == CARD_SIZES
    assert [card_width_for(1280, 720, CARD_SCALES[s]) for s in CARD_SIZES] == sorted(
        card_width_for(1280, 720, CARD_SCALES[s]) for s in CARD_SIZES)


def test_a_click_on_back_returns_to_the_menu():
    runner, screen = settings_runner()
    try:
        click(runner, screen.back_button.rect.center)
        assert isinstance(runner.scenes.top, MainMenu)
    finally:
        runner.scenes.close()


def test_the_settings_are_written_off_the_frame_the_newest_only():
    import threading

    from game.config import UiSettings

    started, release = threading.Event(), threading.Event()
    written: list = []

    def slow_write(ui, path):
        started.set()
        release.wait(5)
        written.append(ui)
        return "the disk is slow" if len(written) == 2 else None

    remembered = preferences.Remembered(slow_write)
    remembered.remember(UiSettings(width=700))
    assert started.wait(5)
    for width in (800, 900, 1000):  # while the first is being written
        remembered.remember(UiSettings(width=width))
    assert written == []  # the frame never waited for the writer
    release.set()
    remembered.wait()
    assert [ui.width for ui in written] == [700, 1000]
    assert remembered.writes == 2 and remembered.error == "the disk is slow"


def test_full_screen_refused_says_why_and_shows_the_window_as_it_is(monkeypatch):
    monkeypatch.setattr(preferences, "switch_fullscreen",
                        lambda on, size: "The screen mode could not be changed: no display")
    runner, screen = settings_runner()
    try:
        pick(runner, screen, "fullscreen", True)
        runner.ctx.remembered.wait()
        frames(runner, 1)
        assert runner.ctx.settings.ui.fullscreen is False
        assert runner.scenes.top.fields["fullscreen"].selected_option[1] == "False"
        assert runner.ctx.remembered.notice == "The screen mode could not be changed: no display"
        assert on_file(runner).fullscreen is False
    finally:
        runner.scenes.close()


def test_the_in_game_menu_hides_the_table_buttons_and_the_rules_hide_the_menu():
    """pygame_gui draws every live widget above every scene: covered widgets hide."""
    runner = make_runner(settings_for())
    try:
        frames(runner, 30)
        table = table_of(runner)
        assert table.buttons is not None
        shown = {n for n, b in table.buttons.buttons.items() if b.visible}
        assert shown
        runner.frame(DT, [key(pygame.K_ESCAPE)])
        menu = runner.scenes.top
        assert isinstance(menu, PauseMenu)
        assert not any(b.visible for b in table.buttons.buttons.values())
        menu.choose("rules")
        assert not any(b.visible for b in menu.buttons.values())
        runner.scenes.pop()  # the rules' Back
        assert all(b.visible for b in menu.buttons.values())
        menu.choose("resume")
        frames(runner, 2)
        assert {n for n, b in table.buttons.buttons.items() if b.visible} == shown
    finally:
        runner.scenes.close()


def test_a_value_set_in_the_file_reads_with_its_unit():
    assert choices.label("computer_delay_ms", 600) == "normal"
    assert choices.label("computer_delay_ms", 50) == "50 ms"
    assert choices.label("animation_speed", 1.5) == "1.5x"
    assert ("50 ms", "50") in choices.options("computer_delay_ms", 50)


@pytest.mark.usefixtures("russian")
def test_a_value_set_in_the_file_reads_with_its_unit_in_russian():
    assert choices.label("computer_delay_ms", 50) == "50 мс"
    assert choices.label("animation_speed", 1.5) == "×1.5"


def opened(runner, menu) -> bool:
    """Click ``menu`` open; whether its list shows."""
    click(runner, menu.rect.center)
    frames(runner, 2)
    return is_open(menu)


@pytest.mark.parametrize("where", ["settings", "pause"])
def test_esc_closes_an_open_list_before_it_leaves_the_screen(where):
    if where == "settings":
        runner, screen = settings_runner()
    else:
        runner = make_runner(settings_for(2))
        runner.frame(DT, [key(pygame.K_ESCAPE)])
        screen = runner.scenes.top
        assert isinstance(screen, PauseMenu)
    try:
        menu = next(iter(screen.fields.values()))
        assert opened(runner, menu)
        runner.frame(DT, [key(pygame.K_ESCAPE)])
        frames(runner, 2)
        assert runner.scenes.top is screen  # still here, the list closed
        assert not is_open(menu)
        runner.frame(DT, [key(pygame.K_ESCAPE)])
        frames(runner, 1)
        assert runner.scenes.top is not screen
    finally:
        runner.scenes.close()
