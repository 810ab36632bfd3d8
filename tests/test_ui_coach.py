"""The coach at the table: the hint (H) and, in practice games, taking a move back (U)."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game import stats
from game.engine import legal_actions, view
from game.engine.view import View
from game.session.explain import explain
from game.ui import thinker as thinker_module
from game.ui.thinker import InlineThinker
from tests.test_save import snapshot
from tests.ui_helpers import (
    DT,
    HUMAN,
    OTHER,
    TALON,
    ScriptedThinker,
    click,
    deal,
    frames,
    key,
    make_runner,
    settings_for,
    settle,
)


class RecordingAgent:
    """An expert stand-in that keeps what it was given and plays the last legal move."""

    given: list = []
    level = "expert"

    def choose(self, v, legal):
        RecordingAgent.given.append((v, list(legal)))
        return legal[-1]


@pytest.fixture
def recording(monkeypatch):
    real = thinker_module.make_agent
    RecordingAgent.given = []

    def make(level, seat, seed, think_ms=None, problems=None):
        if level == "expert":
            return RecordingAgent()
        return real(level, seat, seed, think_ms, problems)

    monkeypatch.setattr(thinker_module, "make_agent", make)
    return RecordingAgent.given


def my_turn(runner, limit: int = 600) -> None:
    """Run frames until the game waits for the human on a still table."""
    table = runner.scenes.top
    for _ in range(limit):
        runner.frame(DT, [])
        if table.match.finished or (table.match.waits_for(table.human)
                                    and not table.player.busy and table.held is None):
            return
    raise AssertionError("the human was never to move")


def practice(settings, on=True):
    return dataclasses.replace(settings, ui=dataclasses.replace(settings.ui, practice=on))


def test_the_hint_asks_with_the_players_view_and_shows_the_answer(recording):
    runner = make_runner(settings_for(2), InlineThinker())
    table = deal(runner, [HUMAN, OTHER], TALON, "C", attacker=0)
    state = table.match.state
    runner.frame(DT, [key(pygame.K_h)])
    frames(runner, 3)
    assert len(recording) == 1
    given, legal = recording[0]
    assert type(given) is View and given == view(state, 0)  # the view, never the state
    assert legal == legal_actions(state, 0)
    hint = table.coach.hint
    assert hint is not None and hint.action == legal[-1]
    assert hint.text == explain(given, hint.action)
    assert table.coach.marks()  # the card and where it goes are lit
    runner.scenes.close()


def test_the_experts_hint_is_legal_and_goes_once_the_player_moves():
    runner = make_runner(settings_for(2), InlineThinker())
    table = deal(runner, [HUMAN, OTHER], TALON, "C", attacker=0)
    click(runner, table.buttons["hint"].rect.center)  # the button, by its place on screen
    frames(runner, 3)
    hint = table.coach.hint
    assert hint is not None and hint.action in table.legal()
    assert hint.text.startswith(("Lead", "Throw in")) and " — " in hint.text
    table.submit(hint.action)
    frames(runner, 2)
    assert table.coach.hint is None
    runner.scenes.close()


def test_no_take_back_unless_practice():
    runner = make_runner(settings_for(2), ScriptedThinker(), seed=11)
    table = runner.scenes.top
    settle(runner)
    assert not table.buttons["undo"].visible
    table.submit(table.legal()[0])
    my_turn(runner)
    version = table.match.version
    runner.frame(DT, [key(pygame.K_u)])
    assert table.match.version == version and not table.match.practised
    runner.scenes.close()


def test_take_back_restores_the_exact_earlier_position():
    runner = make_runner(practice(settings_for(2)), ScriptedThinker(), seed=11)
    table = runner.scenes.top
    settle(runner)
    before, moves = snapshot(table.match.state), len(table.match.actions)
    table.submit(table.legal()[0])
    my_turn(runner)
    assert len(table.match.actions) > moves + 1  # the computer answered
    assert table.buttons["undo"].visible and table.buttons["undo"].is_enabled
    runner.frame(DT, [key(pygame.K_u)])
    assert snapshot(table.match.state) == before and len(table.match.actions) == moves
    assert table.match.practised
    settle(runner)
    hand = sorted(table.mirror.hands[0])
    assert hand == sorted(c for c in range(52) if table.match.state.hands[0] >> c & 1)
    runner.scenes.close()


def play_out(runner, take_back_at: int | None) -> None:
    """Play the human's first legal move until the game ends; take one move back after
    the human's ``take_back_at``-th move."""
    table = runner.scenes.top
    mine = 0
    for _ in range(400):
        settle(runner)
        if table.match.finished:
            return
        if table.match.waits_for(table.human):
            table.submit(table.legal()[0])
            mine += 1
            if mine == take_back_at:
                settle(runner)
                runner.frame(DT, [key(pygame.K_u)])
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("take_back_at", [None, 2])
def test_a_practice_game_with_a_take_back_is_not_in_the_statistics(take_back_at):
    runner = make_runner(practice(settings_for(2)), ScriptedThinker(), seed=11)
    play_out(runner, take_back_at)
    counted, _ = stats.load(stats.default_path())
    assert counted.overall.games == (1 if take_back_at is None else 0)
    runner.scenes.close()


def test_a_hint_asked_twice_is_not_steered_to_another_move():
    """Computer players avoid repeating a move in a position they met before (NoRepeats);
    the coach's questions are fresh, so asking again gives the same advice."""
    from game.engine import from_deal, parse_card
    from game.engine.rules import Rules
    from game.ui.thinker import Request, answer

    s, _ = from_deal(Rules(), [[parse_card(c) for c in HUMAN.split()],
                               [parse_card(c) for c in OTHER.split()]],
                     [parse_card(c) for c in TALON.split()], 3, 0)
    legal = tuple(legal_actions(s, 0))

    def ask(token, fresh):
        return answer(agents, Request(token=token, game=1, seat=0, level="normal",
                                      think_ms=None, seed=5, view=view(s, 0), legal=legal,
                                      fresh=fresh))[1]

    agents: dict = {}
    assert ask(1, True) == ask(2, True) == ask(3, True)
    agents = {}
    assert ask(4, False) != ask(5, False)  # a computer player's memory at work


def defending_with_a_hint(runner) -> None:
    """Play the first legal moves until the human defends against a card on the table,
    then ask for a hint and let it come."""
    table = runner.scenes.top
    for _ in range(40):
        my_turn(runner)
        if table.mirror.attacks and table.match.state.defender == table.human:
            break
        table.submit(table.legal()[0])
    else:
        raise AssertionError("the human never defended")
    runner.frame(DT, [key(pygame.K_h)])
    frames(runner, 3)
    assert table.coach.hint is not None


@pytest.mark.parametrize("size", [(640, 360), (800, 600), (1280, 720)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_hints_words_hide_neither_the_bout_nor_the_buttons(size, lang, request):
    """In a small window the words once lay over the very cards they spoke of (the
    top of the table is the bout's there): they now go where they hide least."""
    if lang == "ru":
        request.getfixturevalue("russian")
    runner = make_runner(settings_for(2), InlineThinker(), size=size, seed=7)
    try:
        table = runner.scenes.top
        defending_with_a_hint(runner)
        words = table.coach.sentence_rect
        assert words is not None and pygame.Rect((0, 0), size).contains(words)
        bout = [table.layout.card_rect(s.x, s.y) for c, s in table.sprites.sprites.items()
                if c in table.mirror.attacks or c in table.mirror.covers]
        assert bout and words.collidelist(bout) < 0, (words, bout)
        buttons = [pygame.Rect(b.rect) for b in table.buttons.buttons.values() if b.visible]
        assert buttons and words.collidelist(buttons) < 0
    finally:
        runner.scenes.close()


def test_the_words_go_below_the_bout_where_the_tables_top_is_taken():
    from game.ui.placing import sentence_place
    table = pygame.Rect(100, 100, 400, 130)
    bout = [pygame.Rect(270, 115, 50, 70)]
    window = pygame.Rect(0, 0, 640, 360)
    above_plate = pygame.Rect(250, 60, 140, 36)  # the opponent's plate over the table
    placed = sentence_place((380, 40), table, table, bout, bout, [above_plate], window)
    assert placed.top == bout[0].bottom + 4 and placed.centerx == table.centerx
    roomy = sentence_place((380, 40), table, table, [], [], [above_plate], window)
    assert roomy.top == table.top + 4  # an empty table: at its top, as always


def test_an_attacks_mark_on_the_table_stays_clear_of_the_trump_label(recording):
    """At 640x360 the trump badge's label reaches into the table, and the mark of "the
    table" as an attack's target crossed its words: the mark is cut clear of it. An
    announcement at the table's foot lay across the hint's words: it gives way."""
    runner = make_runner(settings_for(2), InlineThinker(), size=(640, 360), seed=7)
    try:
        table = runner.scenes.top
        for _ in range(40):
            my_turn(runner)
            if not table.mirror.attacks and table.match.state.attacker == table.human:
                break
            table.submit(table.legal()[0])
        else:
            raise AssertionError("the human never led")
        table.notices.announce("You take 4 cards", table.now, bout=99)
        runner.frame(DT, [])
        assert table.overlay.banner == "You take 4 cards"
        runner.frame(DT, [key(pygame.K_h)])
        frames(runner, 3)
        assert table.overlay.banner == ""  # it lay across the hint's words
        labels = table.view.labels
        reaching = [r for r in labels if r.colliderect(table.layout.table)]
        assert reaching, "the trump label no longer reaches into the table: test nothing"
        marks = [r.inflate(12, 12) for r in table.coach.marks()]
        target = max(marks, key=lambda r: r.w * r.h)
        assert target.collidelist(labels) < 0, (target, reaching)
        assert target.w * target.h > 0.7 * table.layout.table.w * table.layout.table.h
    finally:
        runner.scenes.close()


def test_an_attack_target_is_cut_on_the_side_that_keeps_the_most():
    from types import SimpleNamespace

    from game.ui.coach import attack_target
    layout = SimpleNamespace(table=pygame.Rect(100, 100, 400, 130))
    assert attack_target(layout, []) == layout.table.inflate(-12, -12)
    badge_label = pygame.Rect(60, 95, 90, 16)  # over the table's top left corner
    cut = attack_target(layout, [badge_label, pygame.Rect(0, 300, 50, 20)]).inflate(12, 12)
    assert not cut.colliderect(badge_label) and cut.bottom == 230 and cut.right == 500
    assert cut.top == badge_label.bottom + 2  # a strip off the top keeps more than the side
