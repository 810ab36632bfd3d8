"""`durak --smoke-test`: settings, every asset (art, sounds), the main menu and New game
screens, a short computer game at the table."""

from __future__ import annotations

import dataclasses
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from game.i18n import _, check_catalogues

if TYPE_CHECKING:
    from game.engine.actions import Action
    from game.engine.rules import Rules


def smoke_test(settings_path: Path | None = None) -> int:
    """Exit code 0 if everything loads and a game plays; else 1 with a one-line reason."""
    try:
        _run(settings_path)
    except Exception as e:  # noqa: BLE001 - the reason is the whole point
        reason = f"{type(e).__name__}: {e}".replace("\n", " ")
        print(_("smoke test failed: {reason}").format(reason=reason), file=sys.stderr)
        return 1
    return 0


def _run(settings_path: Path | None) -> None:
    import pygame

    from game.config import PlayerSpec, load_settings
    from game.engine.cards import deck_cards

    from . import art
    from .display import start_pygame
    from .main_menu import MainMenu
    from .runner import Runner, make_context, open_window
    from .sound import check_files
    from .start import StartScene
    from .table import TableScene
    from .thinker import InlineThinker

    settings, _messages = load_settings(settings_path)
    check_catalogues()
    _ask_every_level(settings.rules, len(settings.players))
    start_pygame()  # what the game itself initialises, no more
    screen = open_window((1280, 720), False)
    cards = art.CardArt(80)
    for c in deck_cards(52):
        cards.face(c)
    cards.back()
    art.table_background((1280, 720))
    art.app_icon(64)
    check_files()
    players = tuple(PlayerSpec(p.name, "computer", "random") for p in settings.players)
    table_settings = dataclasses.replace(settings, players=players)
    ctx = make_context(settings, screen.get_size(), 1, InlineThinker(), delay_ms=0,
                       anim_scale=16.0, demo=True)
    applied: list[Action] = []
    ctx.on_action.append(lambda seat, action: applied.append(action))
    runner = Runner(ctx, screen)
    for scene in (MainMenu(ctx), StartScene(ctx)):  # the first screen, then New game
        runner.scenes.replace(scene)
        for _frame in range(5):
            runner.frame(1 / 60, [])
    runner.scenes.replace(TableScene(ctx, table_settings))
    deadline = time.perf_counter() + 3.0
    last = time.perf_counter()
    while runner.frames < 600 and time.perf_counter() < deadline:
        now = time.perf_counter()
        runner.frame(now - last, [])
        last = now
        if len(runner.scenes.stack) > 1:  # the end screen is up
            break
    if not applied:
        raise RuntimeError("no computer move was played")
    runner.scenes.close()
    pygame.quit()


def _ask_every_level(rules: Rules, players: int) -> None:
    """Every computer level loads and plays legal moves (a frozen build must bundle
    them all): each opens a game against the random player through the game loop,
    which refuses an illegal choice, at a table of the settings' size (team rules
    seat only 4 or 6)."""
    import random

    from game.ai import LEVELS, make_agent
    from game.engine import new_game
    from game.session.loop import play_game

    for level in LEVELS:
        state, _events = new_game(rules, players, random.Random(1))
        agents = [make_agent(level, 0, 1, think_ms=20)]
        agents += [make_agent("random", seat, 2 + seat) for seat in range(1, players)]
        play_game(state, agents, max_moves=4)
