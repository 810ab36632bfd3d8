"""Shared helpers for engine tests: random games played through the public API."""

from __future__ import annotations

import random

from game.engine import Rules, apply_in_place, legal_actions, new_game, next_actor
from game.engine.cards import count

MAX_MOVES = 4000


def all_legal(state) -> list:
    """Every legal action of every seat (throw-ins, exchanges and all)."""
    return [a for seat in range(state.n) for a in legal_actions(state, seat)]


def random_game(rules: Rules, players: int, seed: int, any_seat: bool = True, on_step=None):
    """Play one game with uniformly random choices; return (state, actions)."""
    rng = random.Random(seed)
    state, _ = new_game(rules, players, rng)
    played = []
    while not state.finished:
        assert len(played) < MAX_MOVES, "game did not end"
        if any_seat:
            choices = all_legal(state)
        else:
            choices = legal_actions(state, next_actor(state))
        assert choices, "nobody can act but the game is not over"
        action = rng.choice(choices)
        apply_in_place(state, action)
        played.append(action)
        if on_step:
            on_step(state, action)
    return state, played


def card_locations(state) -> list[int]:
    """How many places each card is in: hands, talon, table, discard."""
    masks = list(state.hands) + [state.discard]
    masks.append(sum(1 << c for c in state.talon))
    masks.append(sum(1 << c for c in state.attacks))
    masks.append(sum(1 << c for c in state.covers if c >= 0))
    return [sum(m >> c & 1 for m in masks) for c in range(52)]


def holders(state) -> list[int]:
    return [p for p in range(state.n) if count(state.hands[p])]
