"""The start screen's choices reach the table; the table survives window resizes."""

from __future__ import annotations

import pygame
import pygame_gui

from game.ui.start import StartScene
from game.ui.table import TableScene
from tests.ui_helpers import DT, make_runner, settings_for


def choose(runner, scene, key: str, value: str) -> None:
    # as pygame_gui posts it: the option's text (translated) and its id (the value)
    event = pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=value.upper(),
                               selected_option_id=value, ui_element=scene.widgets[key])
    runner.frame(DT, [event])


def test_start_screen_choices_make_the_table():
    runner = make_runner(settings_for(2))
    start = StartScene(runner.ctx)
    runner.scenes.replace(start)
    runner.frame(DT, [])
    choose(runner, start, "count", "4")
    choose(runner, start, "teams", "true")
    choose(runner, start, "variant", "perevodnoy")
    choose(runner, start, "deck", "52")
    choose(runner, start, "seat3.level", "easy")
    chosen = start.chosen_settings()
    assert len(chosen.players) == 4 and chosen.players[0].human
    assert chosen.rules.teams == ((0, 2), (1, 3)) and chosen.rules.variant == "perevodnoy"
    assert chosen.rules.deck == 52 and chosen.players[3].level == "easy"
    click = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start.widgets["play"].rect.center,
                                button=1),
             pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start.widgets["play"].rect.center,
                                button=1)]
    runner.frame(DT, click)
    runner.frame(DT)
    table = runner.scenes.top
    assert isinstance(table, TableScene) and table.match.n == 4
    assert table.settings.rules.deck == 52
    runner.scenes.close()


def test_resize_keeps_every_card_in_the_window():
    runner = make_runner(settings_for(6))
    table = runner.scenes.top
    for _ in range(120):
        runner.frame(DT, [])
    for size in ((800, 600), (640, 360), (1920, 1080)):
        pygame.display.set_mode(size, pygame.RESIZABLE)
        runner.resize(size)
        runner.frame(DT, [])
        for s in table.sprites.sprites.values():
            if not s.moving:
                rect = table.layout.card_rect(s.x, s.y, s.big)
                assert pygame.Rect((0, 0), size).contains(rect), (size, rect)
    runner.scenes.close()


def test_choosing_prostoy_gives_five_cards_no_teams_and_at_most_four_players():
    runner = make_runner(settings_for(6))
    start = StartScene(runner.ctx)
    runner.scenes.replace(start)
    runner.frame(DT, [])
    choose(runner, start, "teams", "true")
    choose(runner, start, "variant", "prostoy")
    assert not start.widgets["teams"].is_enabled
    assert [o[1] for o in start.widgets["count"].options_list] == ["2", "3", "4"]
    choose(runner, start, "second_trump", "true")
    chosen = start.chosen_settings()
    rules = chosen.rules
    assert rules.variant == "prostoy" and rules.hand_size == 5 and rules.teams is None
    assert rules.first_attacker == "left_of_dealer" and rules.second_trump
    assert len(chosen.players) == 4
    choose(runner, start, "variant", "podkidnoy")
    assert start.chosen_settings().rules.hand_size == 6
    runner.scenes.close()
