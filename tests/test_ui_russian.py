"""Every scene walked in Russian: each text drawn is a translation, and it fits.

A walk over the main menu (with a saved game to continue), the settings screen (each
drop-down opened), the start screen, the table (a few positions, the move log open, a
transfer game, six players), the end screen, the statistics screen and the rules at 1280x720
and 800x600, collecting every string the text cache renders and every pygame_gui
widget's label. A drawn string with Latin letters (other than the letters of keys) is
a string the catalogue lacks (the game's own player names too: Anna is Анна); a label
wider than its widget, or text drawn past the window's edge or the end screen's panel,
overflows.
"""

from __future__ import annotations

import re

import pygame
import pytest

from game import i18n
from game import stats as st
from game.session import save as sv
from game.ui.end import EndScene
from game.ui.main_menu import MainMenu
from game.ui.rules_page import PAD
from game.ui.rules_screen import SCROLLBAR, RulesScene
from game.ui.settings_screen import SettingsScene
from game.ui.start import StartScene
from game.ui.stats_screen import StatsScene
from tests.test_ui_game import perform
from tests.ui_helpers import (
    DT,
    click,
    deal,
    frames,
    key,
    make_runner,
    settings_for,
    settle,
    table_of,
)

SIZES = [(1280, 720), (800, 600)]
KEY_LETTER = re.compile(r"(?<![A-Za-z])[A-Z](?![A-Za-z])")  # "(L)", "M — включить"
GUI_PADDING = 4  # pygame_gui's buttons and labels keep a little space around their text


pytestmark = pytest.mark.usefixtures("russian")


class Drawn:
    """What the text cache renders and blits while it is watched."""

    def __init__(self, runner) -> None:
        self.texts: set[str] = set()
        self.widths: dict[str, int] = {}
        self.rects: list[tuple[str, pygame.Rect]] = []
        cache = runner.ctx.text
        render, blit = cache.render, cache.blit

        def spy_render(text, *args, **kwargs):
            self.texts.add(text)
            image = render(text, *args, **kwargs)
            self.widths[text] = max(self.widths.get(text, 0), image.get_width())
            return image

        def spy_blit(surface, text, *args, **kwargs):
            rect = blit(surface, text, *args, **kwargs)
            self.rects.append((text, rect))
            return rect

        cache.render, cache.blit = spy_render, spy_blit


def gui_labels(runner) -> list:
    """The visible pygame_gui elements that show a text of their own."""
    return [el for el in runner.ctx.gui.get_sprite_group().sprites()
            if el.visible and isinstance(getattr(el, "text", None), str) and el.text]


def english_in(text: str) -> str:
    """What is left of ``text`` in Latin letters, key letters aside."""
    return "".join(re.findall("[A-Za-z]+", KEY_LETTER.sub("", text)))


def check(runner, drawn: Drawn, where: str, panel_width: int | None = None) -> None:
    texts = drawn.texts | {el.text for el in gui_labels(runner)}
    english = sorted(t for t in texts if english_in(t))
    assert english == [], f"{where}: drawn in English"
    screen = runner.screen.get_rect()
    for text, rect in drawn.rects:
        assert screen.contains(rect), f"{where}: {text!r} leaves the window at {rect}"
    for text, width in drawn.widths.items():
        if panel_width is not None:
            assert width <= panel_width - 16, f"{where}: {text!r} is wider than its panel"
    for el in gui_labels(runner):
        width = el.font.size(el.text)[0]
        assert width <= el.rect.width - GUI_PADDING, \
            f"{where}: {el.text!r} is {width} px wide in a {el.rect.width} px {type(el).__name__}"


def watch_table(runner, where: str, log: bool) -> None:
    drawn = Drawn(runner)
    if log:
        runner.frame(DT, [key(pygame.K_l)])
    frames(runner, 3)
    check(runner, drawn, where)
    if log:
        runner.frame(DT, [key(pygame.K_l)])


@pytest.mark.parametrize("size", SIZES)
def test_the_main_menu_and_settings_in_russian(size):
    runner = make_runner(settings_for(4), size=size)
    try:
        settle(runner)
        sv.save_match(table_of(runner).match)
        drawn = Drawn(runner)
        menu = MainMenu(runner.ctx)
        runner.scenes.replace(menu)
        frames(runner, 2)
        assert menu.buttons["continue"].text == "Продолжить"
        assert menu.caption[0].startswith("Подкидной, 4 игрока, ")
        check(runner, drawn, f"main menu {size}")
        drawn = Drawn(runner)
        menu.choose("settings")
        frames(runner, 2)
        check(runner, drawn, f"settings {size}")
        settings = runner.scenes.top
        assert isinstance(settings, SettingsScene)
        for name, field in settings.fields.items():
            if hasattr(field, "options_list"):
                click(runner, field.rect.center)  # open it: every option must fit too
                check(runner, drawn, f"settings {name} open {size}")
                click(runner, field.rect.center)
    finally:
        runner.scenes.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_start_screen_in_russian(size):
    runner = make_runner(settings_for(4), size=size)
    try:
        drawn = Drawn(runner)
        runner.scenes.replace(StartScene(runner.ctx))
        frames(runner, 2)
        check(runner, drawn, f"start {size}")
    finally:
        runner.scenes.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("players", "variant"), [(2, "podkidnoy"), (4, "perevodnoy"),
                                                 (6, "podkidnoy")])
def test_the_table_in_russian(size, players, variant):
    runner = make_runner(settings_for(players, variant=variant), size=size, seed=5)
    try:
        table = runner.scenes.top
        settle(runner)
        watch_table(runner, f"table {players} {variant} {size}", log=False)
        for _step in range(6):  # a few moves later, with the log of them open
            options = sorted(table.legal(), key=repr)
            if table.match.finished or not options:
                break
            perform(runner, table, options[0])
            settle(runner)
        watch_table(runner, f"table after moves {players} {variant} {size}", log=True)
    finally:
        runner.scenes.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_end_screen_in_russian(size):
    runner = make_runner(settings_for(2), size=size)
    try:
        table = deal(runner, ["6S", "7S 8S"], "", "H", attacker=0)
        drawn = Drawn(runner)
        for _ in range(200):
            if isinstance(runner.scenes.top, EndScene):
                break
            options = sorted(table.legal(), key=repr)
            if options and not table.match.finished:
                perform(runner, table, options[0])
            settle(runner)
        end = runner.scenes.top
        assert isinstance(end, EndScene)
        frames(runner, 3)
        check(runner, drawn, f"end {size}")
        end_texts = Drawn(runner)
        end._image = None  # rendered again, its texts watched on their own
        end.update(0.0)
        check(runner, end_texts, f"end panel {size}", panel_width=end.panel.width)
    finally:
        runner.scenes.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_statistics_screen_in_russian(size, tmp_path):
    path = tmp_path / "statistics.json"
    s = st.Stats()
    for variant, level, outcome in [("podkidnoy", "normal", st.Outcome.FOOL),
                                    ("perevodnoy", "expert", st.Outcome.DRAW),
                                    ("podkidnoy", "easy", st.Outcome.NOT_FOOL)]:
        s = st.record_game(s, variant, level, outcome)
    st.save(path, st.record_series_won(s, "podkidnoy", "normal"))
    runner = make_runner(settings_for(2), size=size)
    try:
        drawn = Drawn(runner)
        runner.scenes.replace(StartScene(runner.ctx))
        runner.scenes.push(StatsScene(runner.ctx, path))
        frames(runner, 3)
        check(runner, drawn, f"statistics {size}")
    finally:
        runner.scenes.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_rules_screen_in_russian(size):
    runner = make_runner(settings_for(2), size=size)
    try:
        drawn = Drawn(runner)
        rules = RulesScene(runner.ctx)
        runner.scenes.replace(rules)
        frames(runner, 3)
        page_text = rules.page_rect.width - SCROLLBAR - 2 * PAD
        check(runner, drawn, f"rules {size}", panel_width=page_text + 16)
        runner.frame(DT, [key(pygame.K_END)])
        frames(runner, 3)
        check(runner, drawn, f"rules scrolled {size}")
    finally:
        runner.scenes.close()


def test_switching_the_language_rewords_the_widgets_at_once():
    runner = make_runner(settings_for(2), size=(1280, 720))
    try:
        settle(runner)
        labels = {el.text for el in gui_labels(runner)}
        assert "Беру (T)" in labels
        i18n.set_language("en")
        frames(runner, 2)
        labels = {el.text for el in gui_labels(runner)}
        assert "Take (T)" in labels and "Беру (T)" not in labels
        start = StartScene(runner.ctx)
        runner.scenes.push(start)
        frames(runner, 1)
        i18n.set_language("ru")
        frames(runner, 1)
        assert start.widgets["play"].text == "Играть"
    finally:
        runner.scenes.close()
