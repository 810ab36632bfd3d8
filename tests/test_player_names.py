"""The game's own player names (You, Anna, Boris...) in the player's language; a name
typed in as written; the settings keep the English form whatever is shown."""

from __future__ import annotations

import dataclasses

from game import i18n
from game.config import COMPUTER_NAMES, HUMAN_NAME, PlayerSpec, load_settings, shown_name
from game.ui.table import TableScene
from tests.test_ui_new_game import new_game, rename
from tests.ui_helpers import frames, make_runner, settings_for


def test_the_shipped_seats_use_the_games_own_names():
    players = load_settings()[0].players
    assert [p.name for p in players] == [HUMAN_NAME, COMPUTER_NAMES[0]] == ["You", "Anna"]


def test_in_english_every_name_is_shown_as_written():
    assert [shown_name(n) for n in ("You", "Anna", "Ivan")] == ["You", "Anna", "Ivan"]


def test_in_russian_the_games_own_names_are_translated_and_others_kept(russian):
    assert [shown_name(n) for n in (HUMAN_NAME, *COMPUTER_NAMES)] == \
        ["Вы", "Анна", "Борис", "Вера", "Глеб", "Даша", "Егор"]
    assert [shown_name(n) for n in ("Ivan", "анна", "Anna ")] == ["Ivan", "анна", "Anna "]
    assert PlayerSpec("Boris").shown == "Борис" and PlayerSpec("Boris").name == "Boris"


def test_the_start_screen_shows_them_translated_and_keeps_them_as_kept(russian):
    runner, start = new_game(settings_for(3))
    assert [start.widgets[f"seat{i}.name"].get_text() for i in range(3)] == \
        ["Вы", "Анна", "Борис"]
    rename(runner, start, 1, "Анна")  # the text as shown: still the game's own name
    rename(runner, start, 2, "Ivan")
    chosen = start.chosen_settings()
    assert [p.name for p in chosen.players] == ["You", "Anna", "Ivan"]
    runner.scenes.close()


def test_the_table_names_them_in_the_language_now(russian):
    settings = settings_for(3)
    settings = dataclasses.replace(settings, players=settings.players[:2] + (
        PlayerSpec("Ivan", "computer", "random"),))
    runner = make_runner(settings)
    table = runner.scenes.top
    assert isinstance(table, TableScene)
    frames(runner, 2)
    assert table.view.names == table.narrator.names == ["Вы", "Анна", "Ivan"]
    i18n.set_language("en")
    frames(runner, 2)  # the scenes see the switch and lay out again
    assert table.view.names == table.narrator.names == ["You", "Anna", "Ivan"]
    i18n.set_language("ru")
    frames(runner, 2)
    assert table.view.names == ["Вы", "Анна", "Ivan"]
    runner.scenes.close()
