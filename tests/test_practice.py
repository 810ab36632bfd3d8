"""Practice games in the session: taking a move back, and keeping such games out of the
statistics (through a save and its restore too)."""

from __future__ import annotations

import pytest

from game import stats
from game.config import load_settings
from game.engine.actions import Pass, Take
from game.session.match import Match
from game.session.save import SaveError, match_to_dict, parse_save, restore
from game.ui.thinker import InlineThinker, Request, Tokens
from tests.test_save import snapshot
from tests.ui_helpers import settings_for


def match_for(tmp_path, seed: int = 4) -> Match:
    return Match(settings_for(2), seed, InlineThinker(), delay_ms=0,
                 stats_path=tmp_path / "statistics.json")


def run(match: Match, human_moves: int, now: list[float]) -> None:
    """Let the computer answer until the human has made ``human_moves`` more moves (the
    human plays its first legal move) or the game is over."""
    for _ in range(5000):
        if match.finished or human_moves == 0 and match.waits_for(match.human):
            return
        now[0] += 10
        if match.waits_for(match.human):
            match.submit(match.legal()[0])
            human_moves -= 1
        else:
            match.update(now[0], now[0])
    raise AssertionError("the game did not go on")


def test_take_back_goes_to_the_humans_previous_decision(tmp_path):
    match = match_for(tmp_path)
    match.start_game()
    clock = [0.0]
    run(match, 3, clock)
    assert match.last_decision() is not None
    mine = [i for i, (seat, _a) in enumerate(match.actions) if seat == match.human]
    replayed = match_for(tmp_path)  # the same game, stopped before the human's last move
    replayed.start_game()
    for _seat, action in match.actions[:mine[-1]]:
        replayed.replay_action(action)
    events = match.take_back()
    assert events is not None and len(match.actions) == mine[-1]
    assert snapshot(match.state) == snapshot(replayed.state)
    assert match.practised and match.legal()


def test_nothing_to_take_back_before_the_humans_first_move(tmp_path):
    match = match_for(tmp_path, seed=1)
    match.start_game()
    assert match.take_back() is None and not match.practised


def test_a_game_with_a_take_back_is_not_in_the_statistics(tmp_path):
    for took_back, counted in ((False, 1), (True, 0)):
        match = match_for(tmp_path)
        path = tmp_path / f"stats-{took_back}.json"
        match.stats_path = path
        match.start_game()
        clock = [0.0]
        run(match, 2, clock)
        if took_back:
            match.take_back()
        run(match, 10_000, clock)
        assert match.finished
        assert stats.load(path)[0].overall.games == counted


def test_a_saved_practice_game_stays_practice(tmp_path):
    match = match_for(tmp_path)
    match.start_game()
    clock = [0.0]
    run(match, 2, clock)
    match.take_back()
    data = match_to_dict(match)
    assert data["games"][-1]["took_back"] is True
    base, _ = load_settings()
    restored, _events = restore(parse_save(data, base.ui), InlineThinker(), 0)
    assert restored.practised
    fresh = match_for(tmp_path)
    fresh.start_game()
    assert "took_back" not in match_to_dict(fresh)["games"][-1]  # saves as before
    data["games"][-1]["took_back"] = False  # only ever written as true
    with pytest.raises(SaveError):
        parse_save(data, base.ui)


class LateThinker(Tokens):
    """Answers every question with its first legal move, but only when told to."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list = []
        self.ready: list = []

    def ask(self, req) -> None:
        self.asked.append(req)

    def release(self) -> None:
        self.ready += [(r.token, r.legal[0]) for r in self.asked]
        self.asked = []

    def poll(self) -> list:
        out, self.ready = self.ready, []
        return out


def test_answers_are_kept_only_for_questions_put_by_others(tmp_path):
    thinker = LateThinker()
    match = Match(settings_for(2), 4, thinker, delay_ms=0, stats_path=tmp_path / "s.json")
    match.start_game()
    hint = Request(token=thinker.new_token(), game=match.game, seat=match.human,
                   level="expert", think_ms=10, seed=1, view=None,
                   legal=(Take(0),), fresh=True)
    match.ask(hint)
    dropped = Request(token=thinker.new_token(), game=match.game, seat=match.human,
                      level="expert", think_ms=10, seed=1, view=None,
                      legal=(Pass(0),), fresh=True)
    match.ask(dropped)
    match.forget(dropped.token)
    stale = Request(token=thinker.new_token(), game=match.game, seat=1, level="random",
                    think_ms=None, seed=1, view=None, legal=(Take(1),))
    thinker.ask(stale)  # a computer's question the match no longer waits for
    thinker.release()
    match.update(0.0, 0.0)
    assert match.answers == {hint.token: hint.legal[0]}


def test_continuing_a_save_does_not_count_its_finished_games_again(tmp_path):
    match = match_for(tmp_path)
    match.stats_path = None  # the user folder's file, as a restored match uses
    match.start_game()
    run(match, 10_000, [0.0])
    assert match.finished and stats.load(stats.default_path())[0].overall.games == 1
    match.start_game()
    base, _ = load_settings()
    restored, _events = restore(parse_save(match_to_dict(match), base.ui), InlineThinker(), 0)
    assert stats.load(stats.default_path())[0].overall.games == 1
    run(restored, 10_000, [0.0])  # the game after the save is counted as usual
    assert restored.finished and stats.load(stats.default_path())[0].overall.games == 2
