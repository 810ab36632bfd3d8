"""Headless helpers for the UI tests: a runner, synthetic input, scripted computers."""

from __future__ import annotations

import dataclasses
import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.config import COMPUTER_NAMES, HUMAN_NAME, PlayerSpec, load_settings  # noqa: E402
from game.engine import from_deal, parse_card  # noqa: E402
from game.engine.actions import Attack, Defend  # noqa: E402
from game.ui.end import EndScene  # noqa: E402
from game.ui.runner import Runner, make_context, open_window  # noqa: E402
from game.ui.table import TableScene  # noqa: E402
from game.ui.thinker import InlineThinker, Tokens  # noqa: E402

DT = 1 / 60
# A deal many table tests share: the player's hand, the opponent's, the talon (top first).
HUMAN = "6S 7S 8H 9C 10D JC"
OTHER = "9S 10S 6H 7H QD KD"
TALON = "AS AH AD KS KH QS QH JS JH 10H 9H 9D 8D 7D 6D 8S 8C 7C KC"


class ScriptedThinker(Tokens):
    """Computers that cover when they can, else play the first legal action."""

    def __init__(self) -> None:
        super().__init__()
        self._answers: list = []

    def ask(self, req) -> None:
        covers = sorted((a for a in req.legal if isinstance(a, Defend)), key=lambda a: a.card)
        leads = sorted((a for a in req.legal if isinstance(a, Attack) and len(a.cards) == 1),
                       key=lambda a: a.cards)
        self._answers.append((req.token, (covers or leads or list(req.legal))[0]))

    def poll(self) -> list:
        out, self._answers = self._answers, []
        return out

    def close(self) -> None:
        pass


def settings_for(players: int = 2, human: bool = True, **rules):
    base, _ = load_settings()
    # the game's own names, which the Russian walk expects to see translated
    specs = [PlayerSpec(HUMAN_NAME, "human")] if human else []
    specs += [PlayerSpec(COMPUTER_NAMES[i], "computer", "random")
              for i in range(players - len(specs))]
    r = dataclasses.replace(base.rules, **rules)
    ui = dataclasses.replace(base.ui, animation_speed=4.0, computer_delay_ms=0)
    return dataclasses.replace(base, rules=r, players=tuple(specs), ui=ui)


def make_runner(settings, thinker=None, size=(1280, 720), seed=3, demo=False, **options):
    """A runner with the table scene on top, fast animations, no computer delay;
    ``options`` go to the context (``sounds=``)."""
    pygame.init()
    screen = open_window(size, False)
    ctx = make_context(settings, size, seed, thinker or InlineThinker(), delay_ms=0,
                       anim_scale=25.0, demo=demo, **options)
    actions: list = []
    ctx.on_action.append(lambda seat, action: actions.append(action))
    runner = Runner(ctx, screen)
    runner.actions = actions
    runner.scenes.push(TableScene(ctx, settings))
    return runner


def deal(runner, hands, talon, trump: str, attacker: int):
    """Replace the table's game by a given deal (cards as strings, talon top first)."""
    table = table_of(runner)
    rules = table.settings.rules
    parsed = [[parse_card(c) for c in h.split()] for h in hands]
    talon_cards = [parse_card(c) for c in talon.split()]
    dealt = from_deal(rules, parsed, talon_cards, "SHDC".index(trump), attacker)
    table.new_game(dealt)
    settle(runner)
    return table


def table_of(runner) -> TableScene:
    return next(s for s in runner.scenes.stack if isinstance(s, TableScene))


def settle(runner, frames: int = 400) -> None:
    """Run frames until the human may act (or the game is over)."""
    table = table_of(runner)
    for _ in range(frames):
        runner.frame(DT, [])
        moving = any(s.moving for s in table.sprites.sprites.values())
        if table.match.finished or (table.can_act and table.legal() and not moving
                                    and not table.player.busy and table.held is None):
            return


def frames(runner, count: int) -> None:
    for _ in range(count):
        runner.frame(DT, [])


def mouse(kind, pos, button=1):
    if kind == "down":
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    if kind == "up":
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                              buttons=(1, 0, 0) if button else (0, 0, 0))


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def drag(runner, start, end, steps: int = 6) -> None:
    """Press at ``start``, move in steps, release at ``end``, one frame per event."""
    runner.frame(DT, [mouse("down", start)])
    for i in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * i // steps,
             start[1] + (end[1] - start[1]) * i // steps)
        runner.frame(DT, [mouse("move", p)])
    runner.frame(DT, [mouse("up", end)])


def click(runner, pos) -> None:
    runner.frame(DT, [mouse("down", pos)])
    runner.frame(DT, [mouse("up", pos)])
    runner.frame(DT)  # the GUI's button events arrive through pygame's queue


def card_pos(table, card: str):
    """Where a person would grab ``card``: its centre, or for a card of the hand that
    the next card overlaps there, the first point of it that shows."""
    c = parse_card(card)
    s = table.sprites.sprites[c]
    centre = int(s.x), int(s.y)
    if table.hand_card_at(centre) in (None, c):
        return centre
    rect = table.layout.card_rect(s.x, s.y)
    for x in range(rect.left + 1, rect.right):
        if table.hand_card_at((x, centre[1])) == c:
            return x, centre[1]
    return centre


def play_to_end_screen(runner, seed: int = 1):
    """The human plays random legal moves until the match ends; the frames go on
    until the end screen is on top. Returns that scene."""
    table = table_of(runner)
    rng = random.Random(seed)
    for _ in range(300):
        settle(runner)
        if table.match.finished:
            break
        if table.match.waits_for(table.human):
            table.submit(rng.choice(table.legal()))
    for _ in range(200):
        runner.frame(DT, [])
        if isinstance(runner.scenes.top, EndScene):
            break
    return runner.scenes.top
