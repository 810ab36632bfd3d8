"""Events that ``apply`` makes without their dataclass ``__init__`` (``events.new``,
its fields filled in one by one on the hot paths) are whole: every field set, equal
to the same event made through its constructor."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from game.engine import Rules, new_game
from game.engine.legal import legal_actions, next_actor
from game.engine.play import apply_listed


@pytest.mark.parametrize(("rules", "players"), [
    ({}, 2), ({}, 4), ({"variant": "prostoy"}, 3),
    ({"variant": "perevodnoy", "transfer_by_showing_trump": True}, 3),
])
def test_every_event_has_all_its_fields(rules, players):
    rng = random.Random(3)
    told = set()
    for _ in range(10):
        state, _ = new_game(Rules.from_mapping(rules), players, rng)
        while state.result is None:
            seat = next_actor(state)
            assert seat is not None
            for e in apply_listed(state, rng.choice(legal_actions(state, seat))):
                values = [getattr(e, f.name) for f in fields(e)]  # AttributeError if unset
                assert type(e)(*values) == e
                told.add(type(e).__name__)
    assert {"Played", "Covered", "BoutStarted", "Drew", "Discarded", "Took"} <= told
