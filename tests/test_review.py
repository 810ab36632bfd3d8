"""The after-game review: the player's decisions the expert liked least."""

from __future__ import annotations

import random
import time
from concurrent.futures import Executor, Future

import pygame
import pytest

from game.ai import solved_playout
from game.ai.assess import Assessment, assess
from game.ai.expert import LEAF_TALON, ExpertAgent
from game.ai.ismcts import TreeSearch
from game.engine import (
    Rules,
    apply_in_place,
    from_deal,
    legal_actions,
    new_game,
    next_actor,
    parse_card,
    view,
)
from game.engine.actions import Attack, Defend, Pass, Take
from game.engine.cards import count, deck_mask
from game.session.review import Decision, Finding, Review, decisions, worst
from game.ui import review as review_ui
from game.ui.review import ReviewScene
from tests.test_ai_solved_playout import defence
from tests.ui_helpers import (
    DT,
    ScriptedThinker,
    click,
    key,
    make_runner,
    play_to_end_screen,
    settings_for,
)


class Inline(Executor):
    """Runs each job at once, in the caller."""

    def submit(self, fn, /, *args, **kwargs):
        job: Future = Future()
        job.set_result(fn(*args, **kwargs))
        return job


def C(text: str) -> int:
    return parse_card(text)


def cards(text: str) -> list[int]:
    return [C(c) for c in text.split()]


def endgame():
    """Two players, no talon, clubs trumps. Leading the 6 or 7 of spades wins (the
    defender has neither spades nor trumps); leading the ace of trumps first loses:
    the defender takes it and beats the next spade with it. Every other card was
    beaten off before: both hands are known, the expert's solver can tell."""
    rules = Rules(trump_exchange=False)
    s, _ = from_deal(rules, [[C("6S"), C("7S"), C("AC")], [C("8H"), C("9H"), C("10H")]],
                     [], 3, 0)
    s.discard = deck_mask(36) & ~(s.hands[0] | s.hands[1])
    s.discard_count = count(s.discard)
    return s


def scripted(opening, first):
    """The game from ``opening``: the human's ``first`` move, then everyone's first
    legal move."""
    s, actions = opening.copy(), []
    move: object = first
    while s.result is None:
        seat = next_actor(s)
        action = move if move is not None else legal_actions(s, seat)[0]
        move = None
        actions.append((seat, action))
        apply_in_place(s, action)
    return actions


def test_decisions_are_the_players_real_choices():
    opening = endgame()
    actions = scripted(opening, Attack(0, (C("AC"),)))
    found = decisions(opening, actions, 0)
    assert found[0].index == 0 and found[0].chosen == Attack(0, (C("AC"),))
    assert all(actions[d.index] == (0, d.chosen) and len(d.legal) > 1 for d in found)
    assert all(d.view.seat == 0 for d in found)


def test_a_cheat_is_not_judged_and_the_review_of_a_cheating_game_finishes():
    """It once failed as a whole ("The review failed") wherever the player had cheated:
    the expert was asked to weigh a move outside the rules."""
    rules = Rules(trump_exchange=False, cheating=True)
    opening, _ = from_deal(rules, [cards("6S 9H KD 7C"), cards("7S 8H 10D QH")], [], 3, 0)
    opening.discard = deck_mask(36) & ~(opening.hands[0] | opening.hands[1])
    opening.discard_count = count(opening.discard)
    s, actions = opening.copy(), []
    cheat = Attack(0, (C("9H"),))  # thrown in after 6S and its cover: no 9 on the table
    for pick in (lambda: Attack(0, (C("6S"),)), lambda: Defend(1, C("6S"), C("7S")),
                 lambda: cheat):
        action = pick()
        assert (action in legal_actions(s, action.seat)) == (action != cheat)
        actions.append((action.seat, action))
        apply_in_place(s, action)
    while s.result is None:
        seat = next_actor(s)
        action = legal_actions(s, seat)[0]
        actions.append((seat, action))
        apply_in_place(s, action)
    found = decisions(opening, actions, 0)
    assert found and all(d.chosen != cheat for d in found)
    review = Review(opening, actions, 0, Inline(), seed=1, iterations=8, deals=8)
    assert review.finished and not review.failed and review.total == len(found)


def test_the_review_finds_the_losing_lead():
    opening = endgame()
    actions = scripted(opening, Attack(0, (C("AC"),)))
    review = Review(opening, actions, 0, Inline(), seed=1, iterations=20, deals=20)
    assert review.finished and not review.failed
    findings = review.findings()
    assert findings[0].decision.index == 0
    assert findings[0].assessment.exact and findings[0].assessment.loss == 1.0
    assert findings[0].assessment.best in (Attack(0, (C("6S"),)), Attack(0, (C("7S"),)))
    good = Review(opening, scripted(opening, Attack(0, (C("6S"),))), 0, Inline(), seed=1,
                  iterations=20, deals=20)
    assert good.findings() == []  # a won game played well: nothing to show


def test_worst_keeps_the_three_costliest_that_cost_something():
    d = [Decision(i, None, (), Pass(0)) for i in range(6)]
    losses = [0.2, 0.01, 0.5, 0.2, 0.0, 0.4]
    found = [Finding(x, Assessment(Take(0), loss)) for x, loss in zip(d, losses, strict=True)]
    assert [f.decision.index for f in worst(found)] == [2, 5, 0]
    assert worst(found[1:2]) == []


def test_assess_sampled_prefers_its_own_move_early_in_a_game():
    s, _ = from_deal(Rules(), [cards("6S 7S 8H 9C 10D AC"), cards("9S 10S 6H 7H QD KD")],
                     cards("AS AH AD KS KH QS QH JS JH 10H 9H"), 3, 0)
    v = view(s, 0)
    legal = legal_actions(s, 0)
    a = assess(v, legal, Attack(0, (C("AC"),)), seed=3, iterations=30, deals=60)
    assert not a.exact and a.best in legal and a.best != Attack(0, (C("AC"),))
    assert a.loss > 0  # leading the ace of trumps at once gives something away


def test_the_review_screen_runs_off_the_frame_and_shows_a_position(monkeypatch):
    monkeypatch.setattr(review_ui, "BUDGET", {"iterations": 6, "deals": 24})
    runner = make_runner(settings_for(2), ScriptedThinker(), seed=5)
    end = play_to_end_screen(runner)
    click(runner, end.buttons["review"].rect.center)
    scene = runner.scenes.top
    assert isinstance(scene, ReviewScene) and not end.buttons["again"].visible
    # a worker process judges while the frames go on; no bound on how long it may
    # take but a wide one (a loaded machine took longer than 2,000 frames of 5 ms)
    end_by = time.monotonic() + 300
    while scene.findings is None and time.monotonic() < end_by:
        runner.frame(DT, [])
        pygame.time.wait(5)
    assert scene.review.total > 3 and scene.findings  # random play leaves mistakes
    assert len(scene.findings) <= 3
    runner.frame(DT, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.rows[0].rect.center,
                                         button=1)])
    assert scene.looking is not None and scene.looking[0] is scene.findings[0]
    runner.frame(DT, [key(pygame.K_ESCAPE)])  # back to the list
    assert scene.looking is None and runner.scenes.top is scene
    runner.frame(DT, [key(pygame.K_ESCAPE)])  # back to the end screen
    assert runner.scenes.top is end and end.buttons["again"].visible
    runner.scenes.close()


@pytest.mark.parametrize("players", [2, 4])
def test_assess_judges_with_the_flat_searches_whatever_the_trees_switches(players, monkeypatch):
    """The loss is judged by playing moves out on sampled deals: the move it is
    measured against is the flat search's, not a tree's, with either switch on."""
    def refuse(*args, **kwargs):
        raise AssertionError("the coach's review asked a tree")

    monkeypatch.setattr(TreeSearch, "decide", refuse)
    monkeypatch.setattr(ExpertAgent, "tree", True)
    monkeypatch.setattr(ExpertAgent, "tree_many", True)
    rng, judged = random.Random(players), 0
    while judged < 3:
        s, _ = new_game(Rules(trump_exchange=False), players, rng)
        seat = next_actor(s)
        legal = legal_actions(s, seat)
        if len(legal) > 1:
            a = assess(view(s, seat), legal, legal[-1], seed=judged, iterations=10, deals=10)
            assert a.best in legal
            judged += 1


def test_assess_judges_with_plain_playouts_where_expert_would_solve_endgames(monkeypatch):
    """A short talon, two players: with expert's solved endgames switched on, the
    move the loss is measured against still comes from plain playouts."""
    def refuse(*args, **kwargs):
        raise AssertionError("the coach's review solved a playout's endgame")

    monkeypatch.setattr(solved_playout, "playout", refuse)
    monkeypatch.setattr(ExpertAgent, "solve_leaves", True)
    s = defence(LEAF_TALON)
    legal = legal_actions(s, 1)
    a = assess(view(s, 1), legal, legal[-1], seed=1, iterations=10, deals=10)
    assert a.best in legal


def test_in_a_small_window_the_rows_scroll_above_the_back_button(monkeypatch):
    """At 640x360 the third row lay under the Back button and past the panel, and the
    title ran wider than the panel: the rows now scroll in the room above the button."""
    monkeypatch.setattr(review_ui, "make_executor", Inline)
    monkeypatch.setattr(review_ui, "BUDGET", {"iterations": 4, "deals": 12})
    runner = make_runner(settings_for(3, variant="perevodnoy"), size=(640, 360), seed=11)
    try:
        end = play_to_end_screen(runner, 11)
        end.open_review()
        scene = runner.scenes.top
        for _ in range(20):
            runner.frame(DT, [])
        assert len(scene.findings) == 3
        back = pygame.Rect(scene.back.rect)
        assert not scene.room.colliderect(back) and scene.panel.contains(scene.room)
        last = scene.rows[-1].rect
        assert not scene.room.contains(last) and scene.max_scroll > 0
        for _ in range(10):  # down to the end of the list
            runner.frame(DT, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)])
        assert scene.scroll == scene.max_scroll
        assert scene.room.contains(last.move(0, -scene.scroll))
        runner.frame(DT, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                             pos=last.move(0, -scene.scroll).center)])
        assert scene.looking is not None and scene.looking[0] is scene.findings[-1]
        for finding in scene.findings:  # the words of each position hide none of its bout
            scene.look(finding)
            runner.frame(DT, [])
            _, mirror, sprites, layout = scene.looking
            bout = [layout.card_rect(s.x, s.y) for c, s in sprites.sprites.items()
                    if c in mirror.attacks or c in mirror.covers]
            assert scene.caption_rect.collidelist(bout) < 0, (scene.caption_rect, bout)
        runner.frame(DT, [key(pygame.K_ESCAPE)])
        runner.frame(DT, [key(pygame.K_PAGEUP)])
        assert scene.scroll == 0
        runner.frame(DT, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=back.center)])
        assert scene.looking is None  # a click on Back's place picks no row under it
    finally:
        runner.scenes.close()


@pytest.mark.parametrize(("loss", "en", "ru"), [
    (0.58, "about 58 games in 100 fewer won", "примерно на 58 побед из 100 меньше"),
    (0.001, "about 1 game in 100 fewer won", "примерно на 1 победу из 100 меньше"),
    (0.22, "about 22 games in 100 fewer won", "примерно на 22 победы из 100 меньше")])
def test_an_estimated_cost_is_told_in_games_in_100(loss, en, ru, request):
    """The cost is the chance of winning in points: "58% fewer games won" read as a
    share of the games won."""
    finding = Finding(None, Assessment(Pass(0), loss))
    assert review_ui.loss_words(finding) == en
    request.getfixturevalue("russian")
    assert review_ui.loss_words(finding) == ru
