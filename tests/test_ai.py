"""Computer players: only legal actions over the rule matrix, picklable, and fair
(a decision depends only on what the seat can see)."""

from __future__ import annotations

import pickle
import random

import pytest

from game.ai import ARENA_AGENTS, LEVELS, make_agent
from game.ai.playout import fast_action
from game.engine import (
    Rules,
    apply_in_place,
    cheat_actions,
    legal_actions,
    new_game,
    next_actor,
    view,
)
from game.engine.cards import iter_mask
from game.engine.legal import check
from game.session.loop import play_game

from .engine_helpers import RandomChoice

TEAMS = {4: [[0, 2], [1, 3]], 6: [[0, 2, 4], [1, 3, 5]]}


def rule_matrix():
    for variant in ("podkidnoy", "perevodnoy"):
        for deck in (24, 36, 52):
            for players in range(2, 7):
                for teams in (None, TEAMS.get(players)):
                    if teams is None and players in TEAMS and deck != 36:
                        continue  # keep the matrix small: solo 4/6 seats on 36 cards only
                    for throw_in in ("all", "neighbours"):
                        yield dict(variant=variant, deck=deck, teams=teams, throw_in=throw_in,
                                   transfer_by_showing_trump=deck == 36,
                                   second_trump=players == 3), players
    for deck in (24, 36, 52):
        for players in range(2, 5):
            yield dict(variant="prostoy", deck=deck, second_trump=players == 2), players
    for variant, players in (("podkidnoy", 2), ("podkidnoy", 4), ("perevodnoy", 3),
                             ("prostoy", 3)):
        yield dict(variant=variant, cheating=True), players


def offered(s, seat: int) -> list:
    """What the game loop offers a seat: its legal actions, then its cheats."""
    return legal_actions(s, seat) + cheat_actions(s, seat)


def positions(rules: Rules, players: int, rng: random.Random, count: int):
    """Some positions along a game played by random agents: (state, seat to act)."""
    s, _ = new_game(rules, players, rng)
    moves = 0
    randoms = [RandomChoice(rng)] * players
    for pick in sorted(rng.sample(range(50), count)):
        moves += play_game(s, randoms, max_moves=pick - moves).moves
        if s.result is not None:
            return
        yield s, next_actor(s)


def agent(level: str, seat: int, seed: int):
    return make_agent(level, seat, seed, think_ms=5, iterations=1)


@pytest.mark.parametrize(("mapping", "players"), list(rule_matrix()))
def test_every_level_plays_only_legal_actions(mapping, players):
    rules = Rules.from_mapping(mapping)
    rng = random.Random(str(mapping) + str(players))
    checked = 0
    for i, (s, seat) in enumerate(positions(rules, players, rng, 6)):
        legal = offered(s, seat)
        levels = ARENA_AGENTS if i < 2 else ("random", "easy", "normal", "greedy")
        for level in levels:
            choice = agent(level, seat, i).choose(view(s, seat), legal)
            assert choice in legal, (level, str(choice))
        checked += 1
    assert checked >= 1


@pytest.mark.parametrize("level", LEVELS)
def test_whole_games_between_levels_finish(level):
    rules = Rules(variant="perevodnoy", transfer_by_showing_trump=True)
    rng = random.Random(level)
    agents = [agent(level, 0, 1), agent("normal", 1, 2), agent("easy", 2, 3)]
    s, _ = new_game(rules, 3, rng)
    assert play_game(s, agents, max_moves=3000).finished  # every choice was legal


@pytest.mark.parametrize("level", LEVELS)
def test_agents_pickle_and_keep_playing(level):
    a = make_agent(level, 0, 42)
    b = pickle.loads(pickle.dumps(a))
    s, _ = new_game(Rules(), 2, random.Random(1))
    seat = next_actor(s)
    assert b.level == level
    assert b.choose(view(s, seat), legal_actions(s, seat)) in legal_actions(s, seat)


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="unknown level"):
        make_agent("grandmaster", 0, 1)


def reshuffle_hidden(s, seat: int, rng: random.Random):
    """A copy of ``s`` with everything ``seat`` cannot see shuffled consistently:
    the other hands' unknown cards and the talon above the face-up trump."""
    t = s.copy()
    slots: list[tuple[str, int]] = []
    cards: list[int] = []
    for p in range(s.n):
        if p != seat:
            for c in iter_mask(s.hands[p] & ~s.known[p]):
                slots.append(("hand", p))
                cards.append(c)
                t.hands[p] &= ~(1 << c)
    face_up = s.face_up()
    for i in range(len(s.talon)):
        if i != face_up:  # Severnyi's face-down card (talon[0]) is as hidden as the rest
            slots.append(("talon", i))
            cards.append(s.talon[i])
    rng.shuffle(cards)
    for (kind, where), c in zip(slots, cards, strict=True):
        if kind == "hand":
            t.hands[where] |= 1 << c
        else:
            t.talon[where] = c
    if s.second >= 0:
        t.second = t.talon[0]
    return t


@pytest.mark.parametrize("level", ARENA_AGENTS)
@pytest.mark.parametrize("variant",
                         ["podkidnoy", "perevodnoy", "prostoy", "severnyi", "cheating"])
def test_decision_ignores_what_the_seat_cannot_see(level, variant):
    rules = (Rules(second_trump=True) if variant == "severnyi"
             else Rules(cheating=True) if variant == "cheating"
             else Rules.from_mapping({"variant": variant}))
    rng = random.Random(level + variant)
    checked = 0
    for players in (2, 3, 4):
        for s, seat in positions(rules, players, rng, 4 if level in ("hard", "expert") else 8):
            other = reshuffle_hidden(s, seat, rng)
            assert view(other, seat) == view(s, seat)
            legal = offered(s, seat)
            first = make_agent(level, seat, 99, think_ms=5, iterations=3)
            second = make_agent(level, seat, 99, think_ms=5, iterations=3)
            a = first.choose(view(s, seat), legal)
            b = second.choose(view(other, seat), offered(other, seat))
            assert a == b
            checked += 1
    assert checked >= 6


def test_hidden_cards_really_differ_after_reshuffle():
    s, _ = new_game(Rules(), 3, random.Random(3))
    other = reshuffle_hidden(s, 0, random.Random(4))
    assert other.hands[1:] != s.hands[1:] or other.talon != s.talon
    assert other.hands[0] == s.hands[0] and other.talon[0] == s.talon[0]


@pytest.mark.parametrize(("mapping", "players"), list(rule_matrix())[::4])
def test_playout_policy_plays_only_legal_actions(mapping, players):
    # the expert's playouts skip the engine's legality check (apply_listed)
    rules = Rules.from_mapping(mapping)
    rng = random.Random(str(mapping) + str(players))
    for _ in range(3):
        s, _ = new_game(rules, players, rng)
        while s.result is None:
            action = fast_action(s, next_actor(s), rng)
            assert check(s, action) is None, str(action)
            apply_in_place(s, action)
        assert s.result is not None
