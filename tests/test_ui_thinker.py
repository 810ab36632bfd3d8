"""The thinker: a computer player that fails is reported and a legal move is still played."""

from __future__ import annotations

import dataclasses
import logging
import random

from game.engine import legal_actions, new_game, next_actor, view
from game.engine.rules import Rules
from game.ui import thinker
from game.ui.thinker import InlineThinker, Request


class Crashing:
    def choose(self, v, legal):
        raise RuntimeError("boom")


class Illegal:
    def choose(self, v, legal):
        return "not an action"


def _request(token: int = 1):
    s, _ = new_game(Rules(), 2, random.Random(4))
    seat = next_actor(s)
    legal = tuple(legal_actions(s, seat))
    return Request(token, 0, seat, "normal", None, 9, view(s, seat), legal)


def _ask_with(agent, caplog):
    req = _request()
    agents = {(req.game, req.seat): agent}
    with caplog.at_level(logging.WARNING, logger="durak.ai"):
        token, action = thinker.answer(agents, req)
    return req, token, action


def test_a_crashing_agent_is_reported_and_a_legal_move_is_played(caplog):
    req, token, action = _ask_with(Crashing(), caplog)
    assert token == req.token and action in req.legal
    assert "failed" in caplog.text and "boom" in caplog.text


def test_an_illegal_choice_is_reported_and_replaced(caplog):
    req, _, action = _ask_with(Illegal(), caplog)
    assert action in req.legal
    assert "not legal" in caplog.text


def test_a_level_that_cannot_load_is_reported(caplog, monkeypatch):
    import game.ai

    def broken(*args, **kwargs):
        raise ImportError("missing module")

    monkeypatch.setattr(game.ai, "make_agent", broken)
    with caplog.at_level(logging.WARNING, logger="durak.ai"):
        agent = thinker.make_agent("expert", 1, 5)
    assert isinstance(agent, thinker.RandomAgent)
    assert "could not start" in caplog.text


def test_a_working_agent_is_silent(caplog):
    t = InlineThinker()
    with caplog.at_level(logging.WARNING, logger="durak.ai"):
        t.ask(_request(7))
        (token, action), = t.poll()
    assert token == 7 and caplog.text == ""


def test_a_thinker_notice_is_shown_on_the_table():
    from tests.ui_helpers import ScriptedThinker, frames, make_runner, settings_for, table_of

    thinker = ScriptedThinker()
    runner = make_runner(settings_for(3), thinker)
    frames(runner, 2)
    thinker.notify("Boris's computer player stopped; it was restarted.")
    frames(runner, 2)
    assert table_of(runner).overlay.message == "Boris's computer player stopped; it was restarted."


def _named(token: int = 1, game: int = 0):
    return dataclasses.replace(_request(token), name="Vera", game=game)


def test_an_agent_that_fails_in_process_is_reported_on_screen(monkeypatch):
    import game.ai

    agents = iter([Crashing(), Illegal()])
    monkeypatch.setattr(game.ai, "make_agent", lambda *a, **k: next(agents))
    t = InlineThinker()
    t.ask(_named(1))
    t.ask(_named(2, game=1))  # another game: a new agent
    assert [token for token, _ in t.poll()] == [1, 2]
    assert t.take_notices() == [
        "Vera's computer player failed; it played a random move.",
        "Vera's computer player chose a move that is not allowed; it played a random move."]


def test_a_level_that_cannot_load_is_reported_on_screen(monkeypatch):
    import game.ai

    def broken(*args, **kwargs):
        raise ImportError("missing module")

    monkeypatch.setattr(game.ai, "make_agent", broken)
    t = InlineThinker()
    t.ask(_named())
    (token, action), = t.poll()
    assert t.take_notices() == ["Vera's computer player could not start; it plays random moves."]
