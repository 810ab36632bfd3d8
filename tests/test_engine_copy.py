"""A copy of the engine's state, or of the search's compact position, holds every
field of the original and shares none of the lists that moves change in place."""

from __future__ import annotations

import random

import pytest

from game.ai import fast
from game.engine import Rules, State, new_game

STATE_LISTS = {"hands", "talon", "attacks", "covers", "out", "known", "emptied_at"}
FAST_LISTS = {"hands", "talon"}


def _check_copy(original, lists: set[str]) -> None:
    names = type(original).__slots__
    assert lists <= set(names)
    for name in names:  # a value of its own in every field, to see it copied
        setattr(original, name, [object()] if name in lists else object())
    copy = original.copy()
    for name in names:
        assert hasattr(copy, name), f"{name} is not copied"
        mine, theirs = getattr(original, name), getattr(copy, name)
        if name in lists:
            assert theirs == mine and theirs is not mine, f"{name} is shared"
        else:
            assert theirs is mine, f"{name} is not copied"


@pytest.mark.parametrize("compact", [False, True])
def test_a_copy_holds_every_field(compact):
    state, _ = new_game(Rules(), 2, random.Random(1))
    if compact:
        position = fast.from_state(state)
        assert position is not None
        _check_copy(position, FAST_LISTS)
    else:
        _check_copy(state, STATE_LISTS)


def test_the_lists_named_are_the_states_lists():
    state, _ = new_game(Rules(), 3, random.Random(2))
    assert {n for n in State.__slots__ if isinstance(getattr(state, n), list)} \
        <= STATE_LISTS | {"team_of"}
