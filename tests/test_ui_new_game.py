"""The New game screen: every field reaches the settings, what does not apply is
disabled with its reason on hover, presets, Play checks and remembers, Back and Esc."""

from __future__ import annotations

import dataclasses

import pygame
import pygame_gui
import pytest

from game.config import PlayerSpec, SeriesSettings, load_settings
from game.engine.rules import RULE_KEYS
from game.ui.drop_downs import is_open
from game.ui.house_rules import RULES, TABLE
from game.ui.presets import PRESETS
from game.ui.scene import Scene
from game.ui.start import StartScene, checked
from game.ui.table import TableScene
from tests.test_ui_start import choose
from tests.ui_helpers import DT, click, frames, key, make_runner, settings_for


def new_game(settings, size=(1280, 720), below: Scene | None = None):
    runner = make_runner(settings, size=size)
    if below is not None:
        runner.scenes.replace(below)
        runner.scenes.push(StartScene(runner.ctx))
    else:
        runner.scenes.replace(StartScene(runner.ctx))
    start = runner.scenes.top
    frames(runner, 2)
    return runner, start


def searching(players: int = 4, **rules):
    """Settings where every field applies: computers that search, perevodnoy."""
    s = settings_for(players, variant="perevodnoy", **rules)
    seats = (s.players[0],) + tuple(dataclasses.replace(p, level="hard")
                                    for p in s.players[1:])
    return dataclasses.replace(s, players=seats)


def other_option(start, key: str) -> str:
    menu = start.widgets[key]
    return next(i for _t, i in menu.options_list if i != menu.selected_option[1])


def rename(runner, start, seat: int, name: str) -> None:
    entry = start.widgets[f"seat{seat}.name"]
    entry.set_text(name)
    runner.frame(DT, [pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, text=name,
                                         ui_element=entry)])


def test_the_table_has_every_rule_key():
    assert set(RULES) == set(RULE_KEYS)
    assert all(f.label and f.explain for f in (*RULES.values(), *TABLE.values()))


def test_every_field_changes_the_chosen_settings():
    runner, start = new_game(searching(4))
    tried = set()
    first = start.form.copy()
    for name in list(start.fields):
        if not start.widgets[name].is_enabled:
            continue
        before = start.chosen_settings()
        choose(runner, start, name, other_option(start, name))
        assert start.chosen_settings() != before, name
        tried.add(name)
        start.form = first.copy()  # each change from the same start
        start.resize(start.size)
    seat_keys = {f"seat{i}.{what}" for i in range(1, 4) for what in ("kind", "level", "think")}
    assert set(RULE_KEYS) | {"count", "system", "target"} | seat_keys <= tried
    before = start.chosen_settings()
    rename(runner, start, 2, "Zhenya")
    assert start.chosen_settings().players[2].name == "Zhenya" != before.players[2].name
    runner.scenes.close()


def test_a_drop_down_opened_and_chosen_with_the_mouse():
    runner, start = new_game(settings_for(2))
    click(runner, start.widgets["hand_size"].rect.center)
    option = next(el for el in runner.ctx.gui.get_sprite_group().sprites()
                  if getattr(el, "text", None) == "4 cards" and el.visible)
    click(runner, option.rect.center)
    for _ in range(2):  # the option tells its list, the list the drop-down, it the screen
        runner.frame(DT)
    assert start.chosen_settings().rules.hand_size == 4
    runner.scenes.close()


def test_a_second_human_seat_makes_the_first_a_computer():
    runner, start = new_game(settings_for(3))
    choose(runner, start, "seat2.kind", "human")
    kinds = [p.kind for p in start.chosen_settings().players]
    assert kinds == ["computer", "computer", "human"]
    assert not start.widgets["seat2.level"].is_enabled and start.widgets["seat0.level"].is_enabled
    runner.scenes.close()


def test_you_moves_with_the_human_seat_and_a_computer_is_never_called_you():
    runner, start = new_game(settings_for(3))  # You, Anna, Boris
    choose(runner, start, "seat2.kind", "human")
    assert [p.name for p in start.chosen_settings().players] == ["Boris", "Anna", "You"]
    assert [start.widgets[f"seat{i}.name"].get_text() for i in range(3)] == [
        "Boris", "Anna", "You"]
    choose(runner, start, "seat2.kind", "computer")  # no human: the computers play
    names = [p.name for p in start.chosen_settings().players]
    assert "You" not in names and len(set(names)) == 3
    assert start.widgets["seat2.name"].get_text() == names[2]
    runner.scenes.close()


def test_a_typed_name_stays_with_its_seat_when_the_human_moves():
    runner, start = new_game(settings_for(3))
    rename(runner, start, 1, "Masha")
    choose(runner, start, "seat1.kind", "human")
    names = [p.name for p in start.chosen_settings().players]
    assert names[1] == "Masha" and names[0] not in {"You", "Masha"}
    assert start.widgets["seat1.name"].get_text() == "Masha"
    runner.scenes.close()


def hover(runner, monkeypatch, element) -> None:
    pos = element.rect.center
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: pos)
    frames(runner, 90)  # longer than any tool tip waits


@pytest.mark.parametrize(("settings", "change", "key", "reason"), [
    (settings_for(4), ("variant", "prostoy"), "throw_in", "Not in Prostoy"),
    (settings_for(4), ("variant", "prostoy"), "attack_limit", "Not in Prostoy"),
    (settings_for(4), None, "transfer_by_showing_trump", "Only in perevodnoy"),
    (settings_for(3), None, "teams", "Teams need 4 or 6 players"),
    (settings_for(4), ("teams", "true"), "system", "only as matchsticks"),
    (settings_for(3), None, "seat1.think", "Only hard and expert"),
    (settings_for(3), None, "seat0.level", "You play this seat yourself"),
])
def test_a_disabled_option_shows_its_reason_on_hover(monkeypatch, settings, change, key,
                                                      reason):
    runner, start = new_game(settings, size=(800, 600))
    if change is not None:
        choose(runner, start, *change)
    menu = start.widgets[key]
    assert not menu.is_enabled
    panel = next(p for p in start.panels if menu in p.scroll.get_container().elements)
    while not panel.scroll.rect.contains(menu.rect):  # scrolled into view, as a player would
        panel.scroll.vert_scroll_bar.set_scroll_from_start_percentage(
            panel.scroll.vert_scroll_bar.start_percentage + 0.05)
        frames(runner, 1)
    hover(runner, monkeypatch, menu)
    assert start.tips.text is not None and reason in start.tips.text
    tips = [el for el in runner.ctx.gui.get_sprite_group().sprites()
            if type(el).__name__ == "UITooltip"]
    assert len(tips) == 1
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (1, 1))
    frames(runner, 2)
    assert start.tips.text is None
    runner.scenes.close()


@pytest.mark.parametrize("name", list(PRESETS))
def test_each_preset_gives_valid_settings(name):
    runner, start = new_game(settings_for(6))
    choose(runner, start, "preset", name)
    settings, refusal = checked(start.chosen_settings())
    assert refusal is None and settings == start.chosen_settings()
    assert start.widgets["preset"].selected_option[1] == name
    expected = {"pagat": (4, 36, True, "fools"), "quick": (2, 24, False, "fools"),
                "online": (6, 36, False, "penalty_points")}[name]
    s = start.chosen_settings()
    assert (len(s.players), s.rules.deck, s.rules.teams is not None, s.series.system) == expected
    choose(runner, start, "hand_size", "5")  # any change after it: no longer that preset
    assert start.widgets["preset"].selected_option[1] == "custom"
    runner.scenes.close()


def test_play_remembers_the_choices_for_the_next_launch():
    runner, start = new_game(settings_for(2))
    choose(runner, start, "count", "3")
    choose(runner, start, "throw_in", "neighbours")
    choose(runner, start, "seat2.level", "expert")
    choose(runner, start, "seat2.think", "500")
    choose(runner, start, "system", "penalty_points")
    rename(runner, start, 1, "  Zhenya ")
    click(runner, start.widgets["play"].rect.center)
    table = runner.scenes.top
    assert isinstance(table, TableScene)
    loaded, messages = load_settings()
    assert messages == [] and loaded == table.settings == runner.ctx.settings
    assert loaded.players[1] == PlayerSpec("Zhenya", "computer", "random")
    assert loaded.players[2] == PlayerSpec("Boris", "computer", "expert", 500)
    assert loaded.rules.throw_in == "neighbours"
    assert loaded.series == SeriesSettings("penalty_points")
    again = StartScene(runner.ctx)  # the next New game starts from them
    assert again.chosen_settings() == loaded
    again.close()
    runner.scenes.close()


def test_a_settings_file_that_cannot_be_written_is_said_and_the_game_starts(tmp_path,
                                                                           monkeypatch):
    (tmp_path / "a-file").write_text("")
    monkeypatch.setenv("DURAK_USER_DIR", str(tmp_path / "a-file" / "user"))
    runner, start = new_game(settings_for(2))
    start.play()
    table = runner.scenes.top
    assert isinstance(table, TableScene)
    message = table.notices.message
    assert "could not be saved" in message and "\n" not in message
    runner.scenes.close()


@pytest.mark.parametrize("name", ["", "   ", "A name much too long to be shown"])
def test_a_bad_name_is_refused_in_one_line(name):
    runner, start = new_game(settings_for(3), size=(800, 600))
    rename(runner, start, 1, name)
    drawn: list = []
    real = runner.ctx.text.blit

    def spy(surface, text, size, pos, *args, **kwargs):
        rect = real(surface, text, size, pos, *args, **kwargs)
        drawn.append((text, rect))
        return rect

    runner.ctx.text.blit = spy
    click(runner, start.widgets["play"].rect.center)
    assert runner.scenes.top is start and not load_settings()[1]
    assert start.refusal == "Seat 2: must be text of 1 to 20 characters"
    shown = [(t, r) for t, r in drawn if t == start.refusal]
    assert shown and all(runner.screen.get_rect().contains(r) for _t, r in shown)
    rename(runner, start, 1, "Zhenya")  # put right, it plays
    assert start.refusal is None
    click(runner, start.widgets["play"].rect.center)
    assert isinstance(runner.scenes.top, TableScene)
    runner.scenes.close()


def test_back_and_esc_return_to_the_screen_below():
    below = Scene()
    runner, start = new_game(settings_for(2), below=below)
    assert start.widgets["back"].text == "Back"
    click(runner, start.widgets["back"].rect.center)
    assert runner.scenes.top is below and not runner.scenes.quit
    runner.scenes.push(StartScene(runner.ctx))
    frames(runner, 1)
    runner.frame(DT, [key(pygame.K_ESCAPE)])
    assert runner.scenes.top is below and not runner.scenes.quit
    assert not [el for el in runner.ctx.gui.get_sprite_group().sprites() if el.visible
                and getattr(el, "text", None) == "Play"]  # its widgets went with it
    runner.scenes.close()


@pytest.mark.parametrize("pressed", [pygame.K_ESCAPE, pygame.K_RETURN])
def test_esc_or_enter_with_a_list_open_closes_the_list_and_keeps_the_screen(pressed):
    below = Scene()
    runner, start = new_game(settings_for(2), below=below)
    choose(runner, start, "count", "3")
    menu = start.widgets["deck"]
    click(runner, menu.rect.center)
    frames(runner, 2)
    assert is_open(menu)
    runner.frame(DT, [key(pressed)])
    frames(runner, 2)
    assert runner.scenes.top is start and not is_open(menu)
    assert len(start.chosen_settings().players) == 3  # nothing lost
    runner.frame(DT, [key(pressed)])  # with no list open, the key does its own work
    frames(runner, 1)
    assert runner.scenes.top is not start
    runner.scenes.close()


def test_esc_on_the_first_screen_quits():
    runner, start = new_game(settings_for(2))
    assert start.widgets["back"].text == "Quit"
    runner.frame(DT, [key(pygame.K_ESCAPE)])
    assert runner.scenes.quit
    runner.scenes.close()


def test_an_open_drop_down_low_in_a_panel_shows_its_whole_list():
    runner, start = new_game(settings_for(4))
    menu = start.widgets["seat3.level"]
    click(runner, menu.rect.center)
    frames(runner, 3)
    options = menu.current_state.options_selection_list
    panel = next(p for p in start.panels if menu in p.scroll.get_container().elements)
    assert panel.scroll.rect.contains(options.rect), (options.rect, panel.scroll.rect)
    runner.scenes.close()


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_last_rows_drop_downs_open_whole_in_their_panels(players):
    runner, start = new_game(searching(players))
    last_seat = f"seat{players - 1}."
    lasts = [k for k in start.widgets if k.startswith(last_seat) and not k.endswith("name")]
    lasts.append(start.panels[-1].rows[-1].field.key)
    for name in lasts:
        menu = start.widgets[name]
        panel = next(p for p in start.panels if menu in p.scroll.get_container().elements)
        if panel.scroll.vert_scroll_bar_active:
            panel.scroll.vert_scroll_bar.set_scroll_from_start_percentage(1.0)
            frames(runner, 2)
        click(runner, menu.rect.center)
        frames(runner, 3)
        options = menu.current_state.options_selection_list
        assert panel.scroll.rect.contains(options.rect), (name, options.rect, panel.scroll.rect)
        click(runner, menu.rect.center)  # closed again
        frames(runner, 2)
    runner.scenes.close()


@pytest.mark.parametrize("players", [2, 3])
def test_a_panel_whose_rows_fit_does_not_scroll(players):
    """The room kept below the last row for its list made the players' panel scroll
    a little with two players, its heading scrolled away over empty space; the lists
    near its foot open upward instead."""
    runner, start = new_game(settings_for(players))
    you = start.widgets["seat0.name"]
    seats = next(p for p in start.panels if you in p.scroll.get_container().elements)
    assert not seats.scroll.vert_scroll_bar_active
    last = start.widgets[f"seat{players - 1}.level"]
    click(runner, last.rect.center)
    frames(runner, 3)
    options = last.current_state.options_selection_list
    assert options.rect.bottom < last.rect.centery  # above its row
    assert seats.scroll.rect.contains(options.rect)
    runner.scenes.close()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_seats_lists_all_open_the_same_way(players):
    """One list of a seat's line opening upward (no room below) turns the others of
    that line upward too: its arrows do not point both ways."""
    runner, start = new_game(settings_for(players))
    you = start.widgets["seat0.name"]
    seats = next(p for p in start.panels if you in p.scroll.get_container().elements)
    ways = {}
    for row in seats.rows:
        seat = row.field.key.split(".")[0]
        ways.setdefault(seat, set()).add(row.up)
    assert all(len(way) == 1 for way in ways.values()), ways
    if players <= 3:
        assert ways[f"seat{players - 1}"] == {True}
    runner.scenes.close()


def test_an_open_drop_downs_lines_hold_the_texts_descenders():
    """pygame_gui's default line (20 px) is the font's own height, so the item's
    border cut the tails of "p", "y", "д", "у"."""
    runner, start = new_game(settings_for(2))
    menu = start.widgets["variant"]
    click(runner, menu.rect.center)
    frames(runner, 3)
    options = menu.current_state.options_selection_list
    font = runner.ctx.gui.get_theme().get_font(["selection_list", "button"])
    tall = max(font.size(text)[1] for text in ("py", "Друг", menu.selected_option[0]))
    assert options.list_item_height >= tall + 4
    runner.scenes.close()


def test_teams_show_what_will_be_played_as_the_table_changes():
    runner, start = new_game(settings_for(4))
    choose(runner, start, "teams", "true")
    choose(runner, start, "count", "5")
    assert start.widgets["teams"].selected_option[1] == "false"
    assert start.chosen_settings().rules.teams is None
    choose(runner, start, "count", "6")  # the choice comes back where it applies
    assert start.widgets["teams"].selected_option[1] == "true"
    assert start.chosen_settings().rules.teams == ((0, 2, 4), (1, 3, 5))
    runner.scenes.close()


def test_a_disabled_label_shows_only_its_reason(monkeypatch):
    runner, start = new_game(settings_for(3))
    label = next(el for el in start.panels[0].scroll.get_container().elements
                 if getattr(el, "text", None) == "Teams")
    hover(runner, monkeypatch, label)
    tips = [el for el in runner.ctx.gui.get_sprite_group().sprites()
            if type(el).__name__ == "UITooltip"]
    assert len(tips) == 1 and start.tips.text == "Teams need 4 or 6 players"
    runner.scenes.close()


def test_a_game_row_explains_itself_on_hover(monkeypatch):
    runner, start = new_game(settings_for(3))
    label = next(el for el in start.panels[0].scroll.get_container().elements
                 if getattr(el, "text", None) == "Deck")
    hover(runner, monkeypatch, label)
    assert label.tool_tip is not None and label.tool_tip_text == "Nine to ace, six to ace, " \
        "or two to ace"
    runner.scenes.close()
