"""The engine shuffles a deck exactly as ``random.Random.shuffle`` would."""

import random

from game.engine.state import shuffle


def test_the_engines_shuffle_is_rng_shuffle():
    for seed in range(200):
        for size in (0, 1, 2, 3, 24, 36, 52):
            ours, theirs = list(range(size)), list(range(size))
            a, b = random.Random(seed), random.Random(seed)
            shuffle(ours, a)
            b.shuffle(theirs)
            assert ours == theirs
            assert a.random() == b.random()  # the same bits were used up

