"""The one game loop: next actor, legal list, choice, apply; and what it refuses."""

from __future__ import annotations

import random
from itertools import count

import pytest

from game.engine import Attack, Rules, Take, apply_in_place, legal_actions, new_game, next_actor
from game.engine.legal import check, throwable
from game.engine.view import View
from game.session import loop
from game.session.loop import IllegalChoice, Stalled, play_game

from .engine_helpers import RandomChoice


class First:
    """Always the first legal action; records what it was shown."""

    def __init__(self) -> None:
        self.shown: list = []

    def choose(self, v, legal):
        self.shown.append(v)
        return legal[0]


class Answers:
    """Always the same answer, legal or not."""

    def __init__(self, answer) -> None:
        self.answer = answer

    def choose(self, v, legal):
        return self.answer


def fresh(players: int = 2, seed: int = 5, **rules):
    return new_game(Rules(**rules), players, random.Random(seed))[0]


def snapshot(s) -> tuple:
    return (list(s.hands), list(s.talon), list(s.attacks), list(s.covers), s.attacker,
            s.defender, s.passed, s.taking, s.discard, s.result)


def test_a_game_is_played_to_the_end_and_replays_from_its_actions():
    steps: list = []
    s = fresh(3)
    played = play_game(s, [RandomChoice(random.Random(1))] * 3,
                       on_step=lambda st, seat, a, events: steps.append((seat, a, events)))
    assert played.finished and played.state is s and played.moves == len(steps) > 10
    assert all(seat == a.seat and events for seat, a, events in steps)
    again = fresh(3)
    for _, action, _ in steps:
        apply_in_place(again, action)
    assert snapshot(again) == snapshot(s)


def test_each_agent_sees_its_own_view():
    agents = [First(), First()]
    play_game(fresh(), agents, max_moves=30)
    for seat, agent in enumerate(agents):
        assert agent.shown and all(isinstance(v, View) and v.seat == seat for v in agent.shown)


def test_an_illegal_choice_is_refused_with_the_rule_and_changes_nothing():
    s = fresh()
    seat = next_actor(s)
    not_held = next(c for c in range(52) if not s.hands[seat] >> c & 1)
    before = snapshot(s)
    refused = f"seat {seat} chose .*, which is not legal here: "
    with pytest.raises(IllegalChoice, match=refused) as e:
        play_game(s, [Answers(Attack(seat, (not_held,)))] * 2)
    assert e.value.seat == seat and snapshot(s) == before


def two_throw_ins(s) -> Attack | None:
    """Two cards thrown in at once by the seat to act: legal, but listed one by one."""
    seat = next_actor(s)
    cards = throwable(s, seat) if s.started and seat != s.defender else 0
    if cards.bit_count() < 2:
        return None
    low = cards & -cards
    high = cards ^ low
    both = Attack(seat, (low.bit_length() - 1, (high & -high).bit_length() - 1))
    return both if check(s, both) is None else None


def test_a_legal_action_that_was_not_offered_is_refused():
    for seed in range(50):
        s = fresh(seed=seed)
        play_game(s, [RandomChoice(random.Random(seed))] * 2, until=two_throw_ins)
        both = two_throw_ins(s) if s.result is None else None
        if both is not None:
            break
    assert both is not None and both not in legal_actions(s, both.seat)
    with pytest.raises(IllegalChoice, match="not among the actions it was offered"):
        play_game(s, [Answers(both)] * 2)


def test_an_answer_that_is_no_action_is_refused():
    with pytest.raises(IllegalChoice, match="a str is not an action"):
        play_game(fresh(), [Answers("pass, please")] * 2)


def test_max_moves_stops_an_unfinished_game():
    s = fresh()
    played = play_game(s, [First(), First()], max_moves=7)
    assert played.moves == 7 and not played.finished and s.result is None


def test_until_stops_before_the_move():
    s = fresh()
    talon = len(s.talon)
    played = play_game(s, [First(), First()], until=lambda st: len(st.talon) < talon)
    assert not played.finished and len(s.talon) < talon
    assert legal_actions(s, next_actor(s))


def test_the_clock_times_every_decision_of_its_seat():
    ticks = count()
    agents = [First(), First()]
    played = play_game(fresh(), agents, max_moves=20, clock=lambda: next(ticks))
    assert [len(t) for t in played.times] == [len(a.shown) for a in agents]
    assert sum(map(len, played.times)) == 20
    assert all(t == 1 for seat in played.times for t in seat)


def test_a_game_nobody_may_act_in_is_reported(monkeypatch):
    monkeypatch.setattr(loop, "turn", lambda s: None)  # as if next_actor named nobody
    with pytest.raises(Stalled, match="nobody is to act"):
        play_game(fresh(), [First(), First()])


def test_the_arena_reports_an_illegal_choice_as_an_error_not_a_score():
    from game import arena

    class TakesAlways:
        level = "cheat"

        def choose(self, v, legal):
            return Take(v.seat)

    class Plays(First):
        level = "first"

    game = arena.play_game(Rules(), [TakesAlways(), Plays()], random.Random(3), 100)
    assert game.result is None
    assert game.error.startswith("cheat at seat 0: seat 0 chose 0 take, which")


def test_an_equal_copy_of_an_offered_action_is_accepted():
    # a worker process answers with an unpickled copy, never the very object offered
    import pickle

    class Copies:
        def choose(self, v, legal):
            return pickle.loads(pickle.dumps(legal[0]))

    played = play_game(fresh(), [Copies(), Copies()], max_moves=20)
    assert played.moves == 20
