"""The statistics screen, headless: real recorded rows, Back and Esc, the screen below hidden."""

from __future__ import annotations

import pygame
import pytest

from game import stats as st
from game.config import load_settings
from game.ui.runner import Runner, make_context, open_window
from game.ui.scene import Scene
from game.ui.start import VARIANT_NAMES, StartScene
from game.ui.stats_screen import StatsScene, row_texts
from game.ui.thinker import InlineThinker
from tests.ui_helpers import DT, click, key

F, N, D = st.Outcome.FOOL, st.Outcome.NOT_FOOL, st.Outcome.DRAW


def recorded(path):
    s = st.Stats()
    for variant, level, outcome in [("podkidnoy", "normal", F), ("podkidnoy", "normal", N),
                                    ("perevodnoy", "expert", D), ("podkidnoy", "easy", N)]:
        s = st.record_game(s, variant, level, outcome)
    st.save(path, st.record_series_won(s, "podkidnoy", "normal"))


def pixels(surface, rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


def runner_with_stats(path, size=(1280, 720)):
    """The start screen with the statistics screen on top of it."""
    pygame.init()
    screen = open_window(size, False)
    settings, _ = load_settings()
    ctx = make_context(settings, size, 1, InlineThinker())
    runner = Runner(ctx, screen)
    start = StartScene(ctx)
    runner.scenes.push(start)
    runner.frame(DT, [])
    scene = StatsScene(ctx, path)
    runner.scenes.push(scene)
    for _ in range(2):
        runner.frame(DT, [])
    return runner, start, scene


def test_the_rows_are_the_recorded_games(tmp_path):
    path = tmp_path / "statistics.json"
    recorded(path)
    runner, start, scene = runner_with_stats(path)
    assert row_texts(scene.stats) == [
        ["Perevodnoy", "Expert", "1", "0", "0%", "1", "0", "1", "1"],
        ["Podkidnoy", "Easy", "1", "0", "0%", "0", "0", "1", "1"],
        ["Podkidnoy", "Normal", "2", "1", "50%", "0", "1", "1", "1"],
    ]
    assert scene.rows_shown == 3 and scene.messages == []
    drawn = pygame.display.get_surface().copy()
    runner.scenes.close()

    runner, start, empty = runner_with_stats(tmp_path / "none.json")
    assert empty.rows_shown == 0
    blank = pygame.display.get_surface()
    for rect in (scene.body_rect, scene.total_rect, scene.chart_rect):
        assert pixels(drawn, rect) != pixels(blank, rect), rect
    runner.scenes.close()


@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (640, 360)])
def test_the_parts_fit_the_window_and_do_not_overlap(tmp_path, size):
    path = tmp_path / "statistics.json"
    s = st.Stats()
    for variant in ("podkidnoy", "perevodnoy"):
        for level in ("random", "easy", "normal", "hard", "expert"):
            s = st.record_game(s, variant, level, N)
    st.save(path, s)
    runner, start, scene = runner_with_stats(path, size)
    parts = [scene.header_rect, scene.body_rect, scene.total_rect, scene.chart_rect,
             scene.widgets["back"].rect]
    window = pygame.Rect((0, 0), size)
    for i, rect in enumerate(parts):
        assert window.contains(rect), rect
        assert rect.collidelist(parts[i + 1:]) == -1, rect
    assert scene.chart_rect.h >= (140 if size[1] < 560 else 170)
    assert scene.scrolls == (size != (1280, 720))  # ten rows: more than 800x600 shows
    runner.scenes.close()


def test_a_tiny_window_still_draws(tmp_path):
    runner, start, scene = runner_with_stats(tmp_path / "statistics.json", (320, 240))
    runner.frame(DT, [])
    assert runner.scenes.top is scene
    runner.scenes.close()


def test_back_pops_the_screen_and_shows_the_start_screen_again(tmp_path):
    path = tmp_path / "statistics.json"
    recorded(path)
    runner, start, scene = runner_with_stats(path)
    assert not start.widgets["play"].visible  # hidden while the statistics are up
    click(runner, scene.widgets["back"].rect.center)
    assert runner.scenes.top is start and start.widgets["play"].visible
    assert not scene.mine  # its widgets are gone
    runner.scenes.close()


def test_esc_pops_the_screen_and_does_not_quit(tmp_path):
    runner, start, scene = runner_with_stats(tmp_path / "statistics.json")
    runner.frame(DT, [key(pygame.K_ESCAPE)])
    assert runner.scenes.top is start and not runner.scenes.quit
    runner.scenes.close()


def test_a_resize_keeps_the_start_screen_hidden(tmp_path):
    runner, start, scene = runner_with_stats(tmp_path / "statistics.json")
    pygame.display.set_mode((800, 600))
    runner.resize((800, 600))
    runner.frame(DT, [])
    assert not start.widgets["play"].visible  # rebuilt by the start screen, hidden again
    assert pygame.Rect(0, 0, 800, 600).contains(scene.widgets["back"].rect)
    runner.frame(DT, [key(pygame.K_ESCAPE)])
    assert start.widgets["play"].visible
    runner.scenes.close()


def test_a_broken_file_is_reported_on_the_screen(tmp_path):
    path = tmp_path / "statistics.json"
    path.write_text("{broken", encoding="utf-8")
    runner, start, scene = runner_with_stats(path)
    assert len(scene.messages) == 1 and "statistics.json.broken-1" in scene.messages[0]
    assert scene.message_lines and not path.exists()
    runner.scenes.close()


def test_every_game_the_table_offers_has_a_title_in_the_table_of_statistics():
    stats = st.Stats()
    for variant in VARIANT_NAMES:
        stats = st.record_game(stats, variant, "normal", st.Outcome.FOOL)
    titles = {row[0] for row in row_texts(stats)}
    assert titles == {"Podkidnoy", "Perevodnoy", "Prostoy"}


@pytest.mark.parametrize("language", ["en", "ru"])
def test_severnyi_has_rows_and_titles_of_its_own_in_both_languages(language):
    from game.engine import Rules
    from game.i18n import set_language
    from game.ui.names import VARIANT_TITLES

    keys = {st.game_key(Rules.from_mapping({"variant": v, "second_trump": second}))
            for v in VARIANT_NAMES for second in (False, True)}
    assert len(keys) == 6 and keys <= set(VARIANT_TITLES)
    stats = st.Stats()
    for k in sorted(keys):
        stats = st.record_game(stats, k, "normal", st.Outcome.FOOL)
    set_language(language)
    try:
        titles = [row[0] for row in row_texts(stats)]
    finally:
        set_language("en")
    assert len(set(titles)) == 6
    severnyi = [t for k, t in zip(sorted(keys), titles, strict=True) if "severnyi" in k]
    assert all(("Severnyi" if language == "en" else "северный") in t for t in severnyi)


def test_an_older_file_keeps_its_rows_and_severnyi_games_start_rows_of_their_own(tmp_path):
    path = tmp_path / "statistics.json"
    recorded(path)  # as the game wrote it before Severnyi had rows of its own
    old = st.load(path)[0]
    new = st.record_game(old, "podkidnoy_severnyi", "normal", F)
    assert new.rows[("podkidnoy", "normal")] == old.rows[("podkidnoy", "normal")]
    assert new.rows[("podkidnoy_severnyi", "normal")].games == 1
    st.save(path, new)
    assert st.load(path) == (new, None)


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_every_game_title_stays_inside_its_column(tmp_path, language, size):
    from game.i18n import set_language
    from game.ui.names import VARIANT_TITLES
    from game.ui.stats_screen import column_rects

    path = tmp_path / "statistics.json"
    s = st.Stats()
    for game in VARIANT_TITLES:
        s = st.record_game(s, game, "expert", N)
    st.save(path, s)
    set_language(language)
    try:
        runner, start, scene = runner_with_stats(path, size)
        body = scene._body_image(row_texts(scene.stats))
        edge = column_rects(scene.table_width, scene.row_h)[0].right
        for row in range(len(VARIANT_TITLES)):
            strip = pygame.Rect(edge - 5, row * scene.row_h + 2, 9, scene.row_h - 4)
            ink = [body.get_at((x, y)) for x in range(strip.left, strip.right)
                   for y in range(strip.top, strip.bottom)]
            assert not any(p.a > 150 and min(p.r, p.g, p.b) > 150 for p in ink), \
                row_texts(scene.stats)[row][0]
        runner.scenes.close()
    finally:
        set_language("en")


def test_a_scene_pushed_over_the_screen_and_popped_leaves_it_working(tmp_path):
    """The screen keeps Scene.cover (its hidden widgets once shadowed it: not callable)."""
    path = tmp_path / "statistics.json"
    recorded(path)
    runner, _start, scene = runner_with_stats(path)
    runner.scenes.push(Scene())
    runner.scenes.pop()
    assert runner.scenes.top is scene and scene.widgets["back"].visible
    runner.scenes.close()
