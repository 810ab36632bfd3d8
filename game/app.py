"""Start-up: `durak` (or `python -m game`) opens the table; options for demo, benchmark, logs."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from types import FrameType, ModuleType
from typing import TYPE_CHECKING, Any

from .i18n import _, choose_language, set_language

if TYPE_CHECKING:
    from .config import Settings
    from .engine.actions import Action
    from .ui.context import Context
    from .ui.scene import Scene


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="durak", description="Durak, the card game 'Fool'.")
    p.add_argument("--demo", action="store_true", help="every seat a computer player")
    p.add_argument("--players", type=int, choices=range(2, 7), metavar="N",
                   help="demo: number of players (2 to 6)")
    p.add_argument("--level", default=None, help="demo: level of every computer player")
    p.add_argument("--frames", type=int, help="stop after N frames")
    p.add_argument("--stats", action="store_true",
                   help="no window: print frame-time figures as JSON")
    p.add_argument("--log-actions", action="store_true",
                   help="print every applied action as a JSON line")
    p.add_argument("--smoke-test", action="store_true",
                   help="no window: load everything, play a short game, exit 0 if all works")
    p.add_argument("--settings", type=Path, help="a settings.yaml to use")
    p.add_argument("--seed", type=int, help="seed of the shuffles")
    p.add_argument("--play", action="store_true",
                   help="skip the start screen: play with the settings as they are")
    p.add_argument("--continue", dest="resume", action="store_true",
                   help="open the saved game directly")
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """The `durak` command."""
    started = time.perf_counter()
    multiprocessing.freeze_support()
    args = parse_args(argv)
    if args.stats or args.smoke_test:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.smoke_test:
        from .ui.smoke import smoke_test

        code = smoke_test(args.settings)
    else:
        code = play(args, started)
    return code


def demo_settings(settings: Settings, players: int | None, level: str | None) -> Settings:
    """Every seat a computer player."""
    import dataclasses

    from .config import COMPUTER_NAMES, LEVELS, PlayerSpec

    if level is not None and level not in LEVELS:
        raise SystemExit(_("durak: --level must be one of {levels}").format(
            levels=", ".join(LEVELS)))
    n = players or len(settings.players)
    old = [p for p in settings.players if not p.human]
    names = [p.name for p in old] + [m for m in COMPUTER_NAMES if m not in {p.name for p in old}]
    specs = []
    for i in range(n):
        base = old[i] if i < len(old) else None
        lvl = level or (base.level if base is not None else "normal")
        specs.append(PlayerSpec(names[i], "computer", lvl, base.think_ms if base else None))
    rules = settings.rules
    if rules.teams is not None and n not in (4, 6):
        rules = dataclasses.replace(rules, teams=None)
    out = dataclasses.replace(settings, rules=rules, players=tuple(specs))
    out.check()
    return out


def play(args: argparse.Namespace, started: float) -> int:
    import pygame

    from .config import SettingsError, load_settings, settings_language
    from .session.autosave import Autosaver
    from .ui import display
    from .ui.runner import Runner, make_context, open_window
    from .ui.sound import Sounds
    from .ui.worker import ProcessThinker

    # the settings' own messages in the language the file asks for, before it is checked
    set_language(choose_language(settings_language(args.settings)))
    try:
        settings, messages = load_settings(args.settings)
    except SettingsError as e:
        print(_("durak: {error}").format(error=e), file=sys.stderr)
        return 2
    set_language(choose_language(settings.ui.language))
    for message in messages:
        print(_("durak: {message}").format(message=message), file=sys.stderr)
    if args.demo:
        settings = demo_settings(settings, args.players, args.level)
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "little")
    problem = display.start_for_window(os.environ)
    if problem is not None:
        print(problem, file=sys.stderr)
        pygame.quit()
        return 1
    _quit_on_sigterm(pygame)
    size = (settings.ui.width, settings.ui.height)
    screen = open_window(size, settings.ui.fullscreen and not args.stats)
    pygame.display.set_caption(_("Durak"))
    _set_icon(pygame)
    thinker = ProcessThinker()
    sounds = Sounds(settings.ui.sound and not args.stats, settings.ui.sound_volume)
    ctx = make_context(settings, screen.get_size(), seed, thinker, demo=args.demo,
                       messages=messages, auto_next_game_s=4.0 if args.demo else None,
                       sounds=sounds)
    if args.log_actions:
        ctx.on_action.append(_log_action)
    ctx.autosave = autosave = Autosaver()
    runner = Runner(ctx, screen)
    runner.scenes.push(_first_scene(ctx, settings, args))
    times: list[float] = []
    first: list[float] = []

    def on_frame(ms: float) -> None:
        if not first:
            first.append((time.perf_counter() - started) * 1000)
            thinker.start()
        times.append(ms)

    run_start = time.perf_counter()
    try:
        runner.run(max_frames=args.frames, on_frame=on_frame)
        wall = time.perf_counter() - run_start
    finally:
        runner.scenes.close()
        ctx.remembered.wait()  # a window resized a moment ago, a slider just let go
        autosave.close()
        thinker.close()
        sounds.close()
        pygame.quit()
    if args.stats:
        stats = frame_stats(times, first[0] if first else None, len(settings.players))
        stats["fps"] = round(len(times) / wall, 1) if wall else 0.0
        print(json.dumps(stats))
    return 0


def _first_scene(ctx: Context, settings: Settings, args: argparse.Namespace) -> Scene:
    if args.resume and not args.demo:
        from .session.save import continue_saved

        saved = continue_saved(ctx.settings.ui, ctx.thinker, ctx.delay_ms)
        if saved[0] is not None:
            from .ui.table import TableScene

            return TableScene(ctx, saved[0][0].settings, saved[0])
        message = saved[1]
        print(_("durak: {message}").format(message=message), file=sys.stderr)
        ctx.messages.append(message)
    if args.demo or args.play or not any(p.human for p in settings.players):
        from .ui.table import TableScene

        ctx.demo = not any(p.human for p in settings.players)
        return TableScene(ctx, settings)
    from .ui.main_menu import MainMenu

    return MainMenu(ctx)


def _quit_on_sigterm(pygame: ModuleType) -> None:
    """SIGTERM closes the game as the window's close button does (the worker is
    stopped, the window closed); a second SIGTERM ends the process at once."""
    import contextlib
    import signal

    def handler(signum: int, frame: FrameType | None) -> None:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        with contextlib.suppress(pygame.error):  # the window is already closing
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    signal.signal(signal.SIGTERM, handler)


def _set_icon(pygame: ModuleType) -> None:
    from .ui.art import app_icon

    icon = app_icon(64)
    if icon is not None:
        pygame.display.set_icon(icon)


def _log_action(seat: int, action: Action) -> None:
    print(json.dumps({"seat": seat, "action": str(action)}), flush=True)


def frame_stats(times: list[float], first_ms: float | None, players: int) -> dict[str, Any]:
    """p50, p99 and max frame work time in ms, frames per second, time to first frame."""
    ordered = sorted(times)

    def pct(p: float) -> float:
        if not ordered:
            return 0.0
        return round(ordered[min(len(ordered) - 1, int(p * len(ordered)))], 2)

    total_s = sum(times) / 1000
    return {
        "players": players, "frames": len(times),
        "frame_ms_p50": pct(0.5), "frame_ms_p99": pct(0.99),
        "frame_ms_max": round(ordered[-1], 2) if ordered else 0.0,
        "fps_uncapped": round(len(times) / total_s, 1) if total_s else 0.0,
        "first_frame_ms": round(first_ms, 1) if first_ms is not None else None,
    }
