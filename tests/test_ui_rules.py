"""The Rules screen, headless: opened from the in-game menu over the paused table,
scrolled to its end, Back and Esc, and everything the engine knows explained on it."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game import i18n
from game.engine.rules import RULE_KEYS, VARIANTS
from game.engine.scoring import SYSTEMS
from game.rules_text import SECTIONS, Example
from game.ui.pause_menu import PauseMenu
from game.ui.rules_page import INDENT, PAD, Piece, Writer, words
from game.ui.rules_screen import SCROLLBAR, RulesScene
from game.ui.scene import Scene
from game.ui.table import TableScene
from tests.ui_helpers import DT, frames, key, make_runner, settings_for, settle, table_of

SIZES = [(1280, 720), (800, 600)]


def press(runner, element) -> None:
    runner.frame(DT, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=element)])


def open_rules(runner) -> RulesScene:
    settle(runner)
    runner.frame(DT, [key(pygame.K_ESCAPE)])
    menu = runner.scenes.top
    assert isinstance(menu, PauseMenu)
    press(runner, menu.buttons["rules"])
    rules = runner.scenes.top
    assert isinstance(rules, RulesScene)
    return rules


def visible(el) -> bool:
    return el.alive() and el.visible


def test_the_in_game_menu_opens_the_rules_over_the_paused_table_and_back_returns():
    runner = make_runner(settings_for(3))
    try:
        rules = open_rules(runner)
        menu = runner.scenes.stack[-2]
        table = table_of(runner)
        now = table.now
        frames(runner, 10)
        assert table.now == now  # the table still waits
        assert not any(visible(b) for b in menu.buttons.values())  # covered, not drawn on top
        assert visible(rules.widgets["back"])
        press(runner, rules.widgets["back"])
        assert runner.scenes.top is menu
        assert all(visible(b) for b in menu.buttons.values())
        assert not rules.mine  # its widgets are gone
        runner.frame(DT, [key(pygame.K_ESCAPE)])
        assert isinstance(runner.scenes.top, TableScene)
    finally:
        runner.scenes.close()


def test_esc_returns_from_the_rules_to_the_menu():
    runner = make_runner(settings_for(2))
    try:
        open_rules(runner)
        runner.frame(DT, [key(pygame.K_ESCAPE)])
        assert isinstance(runner.scenes.top, PauseMenu)
    finally:
        runner.scenes.close()


def shown(rules: RulesScene, index: int) -> bool:
    """Whether section ``index`` has some of its page in the view."""
    top = rules.tops[index]
    bottom = top + rules.images[index].rect.height
    return top < rules.offset + rules.view_height and bottom > rules.offset


@pytest.mark.parametrize("size", SIZES)
def test_the_page_scrolls_to_its_last_section(size):
    runner = make_runner(settings_for(2), size=size)
    try:
        rules = RulesScene(runner.ctx)
        runner.scenes.push(rules)
        frames(runner, 2)
        assert rules.page_height > rules.view_height  # it does need scrolling
        assert rules.offset == 0 and not shown(rules, len(SECTIONS) - 1)
        runner.frame(DT, [key(pygame.K_END)])
        frames(runner, 2)
        assert rules.offset == rules.page_height - rules.view_height
        assert shown(rules, len(SECTIONS) - 1)
        runner.frame(DT, [key(pygame.K_HOME)])
        frames(runner, 2)
        assert rules.offset == 0
        runner.frame(DT, [key(pygame.K_PAGEDOWN)])
        frames(runner, 2)
        assert 0 < rules.offset < rules.view_height
    finally:
        runner.scenes.close()


def test_the_list_of_sections_jumps_to_a_section():
    runner = make_runner(settings_for(2))
    try:
        rules = RulesScene(runner.ctx)
        runner.scenes.push(rules)
        frames(runner, 2)
        index = next(i for i, s in enumerate(SECTIONS) if s.name == "prostoy")
        event = pygame.event.Event(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
                                   text=SECTIONS[index].title,
                                   ui_element=rules.widgets["contents"])
        runner.frame(DT, [event])
        frames(runner, 2)
        assert rules.offset == rules.tops[index]
    finally:
        runner.scenes.close()


def test_every_rule_key_variant_and_scoring_system_is_explained_on_the_screen():
    topics = {*RULE_KEYS, *VARIANTS, *SYSTEMS}
    explained = {name: s for s in SECTIONS for name in s.covers}
    assert topics - set(explained) == set(), "add a section (or covers) to game/rules_text.py"
    runner = make_runner(settings_for(2))
    try:
        rendered: set[str] = set()
        real = runner.ctx.text.render

        def spy(text, *args, **kwargs):
            rendered.add(text.strip())
            return real(text, *args, **kwargs)

        runner.ctx.text.render = spy
        rules = RulesScene(runner.ctx)
        runner.scenes.push(rules)
        assert len(rules.images) == len(SECTIONS)
        for topic in topics:
            assert explained[topic].title in rendered, topic
    finally:
        runner.scenes.close()


def test_sections_are_told_apart_by_their_titles_in_each_language():
    for language in i18n.LANGUAGES:
        i18n.set_language(language)
        titles = [i18n._(s.title) for s in SECTIONS]
        assert len(set(titles)) == len(titles), language
    i18n.set_language("en")


def test_words_hold_cards_and_bold_as_pieces():
    got = words("You cover the *7♥,* then Д♠ ♣")
    assert got[3] == [Piece("7", True, 1), Piece(",", True)]
    assert got[5] == [Piece("Д", False, 0)]
    assert got[6] == [Piece("", False, 3)]
    assert got[0] == [Piece("You", False)]


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES)
def test_every_line_fits_the_page(language, size):
    runner = make_runner(settings_for(2), size=size)
    try:
        i18n.set_language(language)
        rules = RulesScene(runner.ctx)
        inner = rules.page_rect.width - SCROLLBAR - 2 * PAD
        writer = Writer(runner.ctx.text, rules.font)
        for section in SECTIONS:
            for para in section.paragraphs:
                example = isinstance(para, Example)
                text = i18n._(para.text if example else para)
                width = inner - (INDENT if example else 0)
                for line in writer.lines(words(text), width):
                    assert writer.line_width(line) <= width, text
        rules.close()
    finally:
        i18n.set_language("en")
        runner.scenes.close()


def test_a_new_window_size_or_language_keeps_the_section_being_read():
    runner = make_runner(settings_for(2))
    try:
        rules = RulesScene(runner.ctx)
        runner.scenes.push(rules)
        frames(runner, 2)
        rules.jump("Teams")
        frames(runner, 2)
        rules.resize((800, 600))
        frames(runner, 2)
        index = next(i for i, s in enumerate(SECTIONS) if s.name == "teams")
        assert rules.offset == rules.tops[index]
        i18n.set_language("ru")
        frames(runner, 2)  # the scene manager lays every scene out again in Russian
        assert rules.offset == rules.tops[index]
    finally:
        i18n.set_language("en")
        runner.scenes.close()


def test_the_mouse_wheel_over_the_page_scrolls_it():
    runner = make_runner(settings_for(2))
    try:
        rules = RulesScene(runner.ctx)
        runner.scenes.push(rules)
        centre = rules.page_rect.center
        pygame.mouse.set_pos(centre)
        runner.frame(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0),
                                             buttons=(0, 0, 0))])
        wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False,
                                   precise_x=0.0, precise_y=-1.0)
        for _ in range(3):
            runner.frame(DT, [wheel])
        frames(runner, 20)
        assert rules.offset > 0
    finally:
        runner.scenes.close()


def test_a_narrow_window_shows_the_page_without_the_list_of_sections():
    runner = make_runner(settings_for(2), size=(640, 360))
    try:
        rules = RulesScene(runner.ctx)
        runner.scenes.push(rules)
        frames(runner, 2)
        assert "contents" not in rules.widgets
        assert rules.page_rect.width == 600
        runner.frame(DT, [key(pygame.K_END)])
        frames(runner, 2)
        assert shown(rules, len(SECTIONS) - 1)
    finally:
        runner.scenes.close()


def test_the_list_marks_the_section_being_read():
    runner = make_runner(settings_for(2))
    try:
        rules = RulesScene(runner.ctx)
        runner.scenes.push(rules)
        frames(runner, 2)
        contents = rules.widgets["contents"]
        assert contents.get_single_selection() == SECTIONS[0].title
        rules.jump("Teams")
        frames(runner, 3)
        assert contents.get_single_selection() == "Teams"
    finally:
        runner.scenes.close()


def test_a_scene_pushed_over_the_rules_and_popped_leaves_them_working():
    """The screen keeps Scene.cover (its hidden widgets once shadowed it: not callable)."""
    runner = make_runner(settings_for(3))
    try:
        rules = open_rules(runner)
        runner.scenes.push(Scene())
        runner.scenes.pop()
        assert runner.scenes.top is rules and visible(rules.widgets["back"])
    finally:
        runner.scenes.close()
