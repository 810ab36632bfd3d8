"""The search's playout policy (game/ai/fast_playout.py), made faster with tables,
is the same policy as before (tests/reference_fast_playout.py, a frozen copy): in
positions of random games under every rule set the compact position models, 2 to 6
players, both choose the same move and draw the same random numbers, and whole
playouts from the same seed end alike.

``SAME_POSITIONS=200000 pytest tests/test_ai_fast_playout_same.py`` checks more.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from dataclasses import replace

from game.ai import fast
from game.ai.fast_playout import fast_move, fast_playout
from game.engine import new_game

from . import reference_fast_playout as reference
from .test_ai_fast import fast_picture, random_rules

POSITIONS = int(os.environ.get("SAME_POSITIONS", "12000"))


def positions(seed: int, wanted: int) -> Iterator[tuple[fast.Fast, int]]:
    """``wanted`` positions of random games and who acts in each: games of random
    rules (no face-down second trump: the compact position does not model it),
    moved on by the policy or, one move in three, by any legal move."""
    rng, made = random.Random(seed), 0
    while made < wanted:
        rules, players = random_rules(rng)
        rules = replace(rules, second_trump=False)
        s, _ = new_game(rules, players, rng)
        f = fast.from_state(s)
        assert f is not None
        while f.result == fast.RUNNING and made < wanted:
            actor = fast.next_actor(f)
            yield f, actor
            made += 1
            if rng.random() < 0.34:
                move = rng.choice(fast.legal(f, actor))
            else:
                move = reference.fast_move(f, actor, rng)
            fast.apply(f, actor, move)


def test_the_same_move_and_the_same_random_numbers_in_every_position():
    kinds: set[int] = set()
    players: set[int] = set()
    for i, (f, actor) in enumerate(positions(11, POSITIONS)):
        before = fast_picture(f)
        ours, theirs = random.Random(i), random.Random(i)
        move = fast_move(f, actor, ours)
        assert move == reference.fast_move(f, actor, theirs), (i, before)
        assert ours.getstate() == theirs.getstate(), i
        assert fast_picture(f) == before, "the policy changed the position"
        kinds.add(move & 7)
        players.add(f.conf.n)
    # every kind of move was chosen somewhere (attack, cover, take, pass, exchange,
    # transfer, show), at every table size
    assert kinds == set(range(7)) and players == {2, 3, 4, 5, 6}


def test_whole_playouts_from_the_same_seed_end_alike():
    for i, (f, _) in enumerate(positions(12, POSITIONS // 20)):
        ours, theirs = f.copy(), f.copy()
        seat = i % f.conf.n
        assert (fast_playout(ours, seat, random.Random(i))
                == reference.fast_playout(theirs, seat, random.Random(i))), i
        assert fast_picture(ours) == fast_picture(theirs), i
