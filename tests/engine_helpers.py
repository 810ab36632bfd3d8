"""Shared helpers for engine tests: random games played through the public API."""

from __future__ import annotations

import random

from game.engine import Rules, apply_in_place, cheat_actions, legal_actions, new_game
from game.engine.cards import count
from game.session.loop import play_game

MAX_MOVES = 4000


def all_legal(state) -> list:
    """Every legal action of every seat (throw-ins, exchanges and all)."""
    return [a for seat in range(state.n) for a in legal_actions(state, seat)]


def all_cheats(state) -> list:
    """Every cheat of every seat (none unless the rules allow cheating)."""
    return [a for seat in range(state.n) for a in cheat_actions(state, seat)]


class RandomChoice:
    """A seat that picks uniformly with a shared generator, without looking."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, v, legal: list):
        return self.rng.choice(legal)


def random_game(rules: Rules, players: int, seed: int, any_seat: bool = True, on_step=None):
    """Play one game with uniformly random choices; return (state, actions).

    With ``any_seat`` the choice is among every seat's legal actions (throw-ins
    and exchanges out of turn too), a wider walk than the game loop's next actor;
    otherwise the game goes through the game loop. In cheating mode the cheats are
    among the choices (one choice in four is a cheat when there is one)."""
    rng = random.Random(seed)
    state, _ = new_game(rules, players, rng)
    played: list = []
    if not any_seat:
        def record(s, seat, action, events):
            played.append(action)
            if on_step:
                on_step(s, action)

        run = play_game(state, [RandomChoice(rng)] * players, max_moves=MAX_MOVES,
                        on_step=record)
        assert run.finished, "game did not end"
        return state, played
    while not state.finished:
        assert len(played) < MAX_MOVES, "game did not end"
        choices = all_legal(state)
        assert choices, "nobody can act but the game is not over"
        cheats = all_cheats(state)
        action = rng.choice(cheats if cheats and rng.random() < 0.25 else choices)
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
