"""The engine's speed work must not change a single game: fixed-seed random games
in every variant, with each move's offered list, the choice and the events told,
hash to the digests the engine gave before that work (recorded at 1bfc4f4; recorded
again when the deal's event came to tell the talon's size, ``Dealt.talon``: with that
field left out of the events the games hash to the old digests, the same games).

A changed digest means the engine offers other moves, in another order, or tells
other events: if that is meant (a rule fixed), record the new digests and say why
in the commit."""

from __future__ import annotations

import hashlib
import random

import pytest

from game.engine import Rules, new_game
from game.engine_bench import run
from game.session.loop import play_game

# (rule keys, players, the digest of 25 random games with seed 7)
GAMES = [
    ({}, 2, "539ee920bee6dfd4"),
    ({}, 3, "e6dc9c3a3088dcc7"),
    ({"throw_in": "neighbours", "deck": 52}, 5, "ba64edb5959bb16c"),
    ({"variant": "perevodnoy", "transfer_by_showing_trump": True}, 3, "b7d52d664c0d11ef"),
    ({"variant": "prostoy"}, 3, "5c85bc1b4cbdbb15"),
    ({"second_trump": True, "attack_limit": None, "first_bout_limit": 5}, 2, "eb9097795e779be5"),
    ({"teams": [[0, 2], [1, 3]]}, 4, "86269848708b3a07"),
    ({"cheating": True}, 3, "b943b1a4c9ec7d33"),
]


class _Recorder:
    """Picks uniformly and feeds each offered list and its choice to the hash."""

    def __init__(self, rng: random.Random, h) -> None:
        self.rng, self.h = rng, h

    def choose(self, v, legal):
        action = self.rng.choice(legal)
        self.h.update(f"{' '.join(map(str, legal))} -> {action}\n".encode())
        return action


def _digest(rules: Rules, players: int, games: int, seed: int) -> str:
    rng, h = random.Random(seed), hashlib.sha256()
    agent = _Recorder(rng, h)

    def told(state, seat, action, events) -> None:
        h.update(f"{events}\n".encode())

    for _ in range(games):
        state, events = new_game(rules, players, rng)
        h.update(f"{events}\n".encode())
        play_game(state, [agent] * players, see=None, on_step=told)
        h.update(f"{state.result}\n".encode())
    return h.hexdigest()[:16]


@pytest.mark.parametrize(("rules", "players", "digest"), GAMES)
def test_fixed_seed_games_are_the_games_the_engine_played_before(rules, players, digest):
    assert _digest(Rules.from_mapping(rules), players, 25, 7) == digest


def test_the_benchmark_digest_names_its_games():
    first = run(players=2, seconds=0, seed=1, games_wanted=20, digest=True)
    assert first["digest"] == "51c5672bb9074b19"
    other = run(players=2, seconds=0, seed=2, games_wanted=20, digest=True)
    assert other["digest"] != first["digest"]
