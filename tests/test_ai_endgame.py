"""The two-player endgame solver agrees with plain minimax over the engine."""

from __future__ import annotations

import random

import pytest

from game.ai import make_agent
from game.ai.cardlib import outcome_for
from game.ai.endgame import Solver, position
from game.ai.endgame_prostoy import ProstoySolver, prostoy_position
from game.ai.expert import ExpertAgent, endgame_applies, solve_action, solved_actions
from game.ai.ismcts import TreeSearch
from game.engine import (
    Rules,
    apply,
    from_deal,
    legal_actions,
    next_actor,
    view,
)
from game.engine.cards import count, deck_cards, mask_of
from game.engine.state import lowest_trump_card
from game.session.loop import play_game

from .engine_helpers import RandomChoice


def minimax(s, me: int, path: frozenset) -> int:
    """Plain minimax over engine states; a position met again on the line is an
    endless game and counts as a draw (the solver's convention)."""
    if s.result is not None:
        return int(outcome_for(s.result, me) * 2)
    key = position(s, me)
    if key in path:
        return 1
    path = path | {key}
    seat = next_actor(s)
    values = [minimax(apply(s, a)[0], me, path) for a in legal_actions(s, seat)]
    return max(values) if seat == me else min(values)


def talon_other_than(size: int):
    """A stop test for the game loop: the talon no longer holds ``size`` cards."""
    return lambda s: len(s.talon) != size


def small_endgame(rules: Rules, rng: random.Random, most: int, trump_left: bool = False):
    """Two small hands, a few random moves in: a random endgame position. The talon
    is empty, or with ``trump_left`` holds only its face-up trump, and then no trump
    exchange can happen (the lowest trump is beaten off or is the face-up card)."""
    while True:
        cards = deck_cards(rules.deck)
        rng.shuffle(cards)
        a, b = rng.randint(1, most), rng.randint(1, most)
        talon = [cards[a + b]] if trump_left else []
        trump = talon[0] // 13 if talon else rng.randrange(4)
        if talon and lowest_trump_card(rules.deck, trump) in cards[:a + b]:
            continue
        s, _ = from_deal(rules, [cards[:a], cards[a:a + b]], talon, trump)
        rest = cards[a + b + len(talon):]  # beaten off earlier
        s.discard = mask_of(rest)
        s.discard_count = len(rest)
        play_game(s, [RandomChoice(rng)] * 2, max_moves=rng.randint(0, 3),
                  until=talon_other_than(len(talon)))
        if s.result is None and len(s.talon) == len(talon):
            return s


CASES = [
    ({"variant": "podkidnoy"}, 3),
    ({"variant": "podkidnoy", "attack_limit": 2, "deck": 24}, 3),
    ({"variant": "perevodnoy"}, 2),
    ({"variant": "perevodnoy", "transfer_by_showing_trump": True, "deck": 24}, 2),
    ({"variant": "perevodnoy", "attack_limit": None}, 2),
]


@pytest.mark.parametrize(("mapping", "most"), CASES)
def test_solver_value_matches_minimax(mapping, most):
    rules = Rules.from_mapping(mapping)
    rng = random.Random(str(mapping))
    for _ in range(60):
        s = small_endgame(rules, rng, most)
        me = rng.choice([next_actor(s), 1 - next_actor(s)])
        assert Solver(rules, s.trump).value(position(s, me)) == minimax(s, me, frozenset())


@pytest.mark.parametrize(("mapping", "most"), CASES)
def test_solver_plays_out_the_last_face_up_trump(mapping, most):
    rules = Rules.from_mapping(mapping)
    rng = random.Random("last card" + str(mapping))
    for _ in range(60):
        s = small_endgame(rules, rng, most, trump_left=True)
        me = rng.choice([next_actor(s), 1 - next_actor(s)])
        solver = Solver(rules, s.trump, hand_size=s.hand_size)
        assert solver.value(position(s, me)) == minimax(s, me, frozenset())


def test_expert_solves_with_the_face_up_trump_left_only_without_an_exchange():
    rules = Rules()
    rng = random.Random("exchange")
    s = small_endgame(rules, rng, 3, trump_left=True)
    low = lowest_trump_card(rules.deck, s.trump)
    while s.talon[0] == low:
        s = small_endgame(rules, rng, 3, trump_left=True)
        low = lowest_trump_card(rules.deck, s.trump)
    me = next_actor(s)
    assert endgame_applies(view(s, me))
    s.discard &= ~(1 << low)  # now the lowest trump was dealt to me: I may exchange
    s.discard_count -= 1
    s.hands[me] |= 1 << low
    s.exchanger = me
    assert not endgame_applies(view(s, me)) and not endgame_applies(view(s, 1 - me))


@pytest.mark.parametrize(("mapping", "most"), CASES[:3])
def test_solver_move_is_optimal(mapping, most):
    rules = Rules.from_mapping(mapping)
    rng = random.Random("move" + str(mapping))
    for i in range(50):
        s = small_endgame(rules, rng, most, trump_left=i % 2 == 0)
        me = next_actor(s)
        v = view(s, me)
        assert endgame_applies(v)
        legal = legal_actions(s, me)
        best = max(minimax(apply(s, a)[0], me, frozenset()) for a in legal)
        chosen = solve_action(v, legal, me)
        assert minimax(apply(s, chosen)[0], me, frozenset()) == best
        expert = make_agent("expert", me, 1, iterations=1).choose(v, legal)
        assert minimax(apply(s, expert)[0], me, frozenset()) == best


def test_solver_knows_a_forced_win():
    # me (seat 0) attacks with 6S; seat 1 holds only 7H with spades trump: it must take
    rules = Rules()
    s, _ = from_deal(rules, [[0 * 13 + 4], [1 * 13 + 5]], [], 0, attacker=0)
    assert Solver(rules, 0).value(position(s, 0)) == 2


def test_expert_keeps_choosing_optimally_with_its_solver_table():
    # one agent across many positions: solved positions carry over between decisions
    rules = Rules()
    rng = random.Random("kept table")
    experts = [make_agent("expert", seat, 1, iterations=1) for seat in range(2)]
    for _ in range(25):
        s = small_endgame(rules, rng, 3)
        me = next_actor(s)
        v = view(s, me)
        legal = legal_actions(s, me)
        values = [minimax(apply(s, a)[0], me, frozenset()) for a in legal]
        chosen = experts[me].choose(v, legal)
        assert values[legal.index(chosen)] == max(values)


def test_drawn_positions_list_every_drawing_action_and_expert_keeps_the_draw(monkeypatch):
    # in a drawn position the expert searches among the drawing actions only (with
    # its swindles among those a cheapest-first player is likeliest to get wrong);
    # it must never pick a loser
    rules = Rules()
    rng = random.Random("drawn")
    checked = 0
    searched = []

    def record_search(self, v, legal, *args, **kwargs):
        searched.append(legal)
        return legal[-1]

    while checked < 3:
        s = small_endgame(rules, rng, 4)
        me = next_actor(s)
        legal = legal_actions(s, me)
        solver = Solver(rules, s.trump)  # agrees with minimax (tests above)
        values = [solver.value(position(apply(s, a)[0], me)) for a in legal]
        if max(values) != 1:
            continue
        v = view(s, me)
        value, best = solved_actions(v, legal, me, Solver(rules, s.trump))
        assert value == 1
        assert best == [a for a, x in zip(legal, values, strict=True) if x == 1]
        chosen = make_agent("expert", me, 1, iterations=8).choose(v, legal)
        assert values[legal.index(chosen)] == 1
        for swindles in (False, True):
            searched.clear()
            with monkeypatch.context() as m:
                m.setattr(ExpertAgent, "search", record_search)  # the flat search
                m.setattr(TreeSearch, "decide", record_search)  # and the tree
                m.setattr(ExpertAgent, "swindles", swindles)
                make_agent("expert", me, 1, iterations=8).choose(v, legal)
            if not swindles:
                assert searched == ([best] if len(best) > 1 else [])
            else:  # the swindle's choice among them (test_ai_swindle.py), if more than one
                assert all(set(options) < set(best) or options == best for options in searched)
        checked += len(best) > 1 and min(values) == 0


# --- Prostoy -----------------------------------------------------------------------

PROSTOY_CASES = [({"variant": "prostoy"}, 3), ({"variant": "prostoy", "deck": 24}, 3),
                 ({"variant": "prostoy", "deck": 52}, 3)]  # plain minimax is slow beyond


@pytest.mark.parametrize(("mapping", "most"), PROSTOY_CASES)
@pytest.mark.parametrize("trump_left", [False, True])
def test_prostoy_solver_value_matches_minimax(mapping, most, trump_left):
    rules = Rules.from_mapping(mapping)
    rng = random.Random(f"prostoy {mapping} {trump_left}")
    for _ in range(40):
        s = small_endgame(rules, rng, most, trump_left=trump_left)
        me = rng.choice([next_actor(s), 1 - next_actor(s)])
        solver = ProstoySolver(rules, s.trump, hand_size=s.hand_size)
        assert solver.value(prostoy_position(s, me)) == minimax(s, me, frozenset())


@pytest.mark.parametrize("trump_left", [False, True])
def test_prostoy_solver_moves_are_the_engines_moves(trump_left):
    # bigger hands than minimax can check: each position's children are exactly the
    # positions the engine's legal actions lead to
    rules = Rules.from_mapping({"variant": "prostoy"})
    rng = random.Random(f"prostoy moves {trump_left}")
    for _ in range(150):
        s = small_endgame(rules, rng, 6, trump_left=trump_left)
        solver = ProstoySolver(rules, s.trump, hand_size=rules.hand_size)
        me = rng.choice([0, 1])
        seat = next_actor(s)
        engine = {prostoy_position(apply(s, a)[0], me) for a in legal_actions(s, seat)}
        mover_attacks, children = solver.moves(prostoy_position(s, me))
        assert set(children) == engine
        assert mover_attacks == (seat == s.attacker)


def test_expert_solves_prostoy_endgames_and_plays_the_best_move():
    rules = Rules.from_mapping({"variant": "prostoy"})
    rng = random.Random("prostoy move")
    for i in range(30):
        s = small_endgame(rules, rng, 3, trump_left=i % 2 == 0)
        me = next_actor(s)
        v = view(s, me)
        assert endgame_applies(v)
        legal = legal_actions(s, me)
        best = max(minimax(apply(s, a)[0], me, frozenset()) for a in legal)
        chosen = make_agent("expert", me, 1, iterations=1).choose(v, legal)
        assert minimax(apply(s, chosen)[0], me, frozenset()) == best


def test_expert_solves_endgames_with_cheating_on_when_no_cheat_is_pending():
    # its honest moves are chosen on the position as an honest game: the solver's
    rules, cheating = Rules(), Rules(cheating=True)
    rng = random.Random("cheating endgame")
    for _ in range(30):
        s = small_endgame(rules, rng, 3)
        me = next_actor(s)
        legal = legal_actions(s, me)
        best = max(minimax(apply(s, a)[0], me, frozenset()) for a in legal)
        s.rules = cheating
        v = view(s, me)
        chosen = make_agent("expert", me, 1, iterations=1).choose(v, legal)
        s.rules = rules
        assert minimax(apply(s, chosen)[0], me, frozenset()) == best


def short_talon_endgame(rules: Rules, rng: random.Random, most: int, talon_size: int):
    """Two small hands and a talon of ``talon_size`` cards whose lowest trump is
    beaten off or the face-up card (no exchange), a few random moves in."""
    while True:
        cards = deck_cards(rules.deck)
        rng.shuffle(cards)
        a, b = rng.randint(1, most), rng.randint(1, most)
        talon = cards[a + b:a + b + talon_size]
        trump = talon[0] // 13
        if lowest_trump_card(rules.deck, trump) in cards[:a + b] + talon[1:]:
            continue
        s, _ = from_deal(rules, [cards[:a], cards[a:a + b]], talon, trump)
        rest = cards[a + b + talon_size:]
        s.discard = mask_of(rest)
        s.discard_count = len(rest)
        play_game(s, [RandomChoice(rng)] * 2, max_moves=rng.randint(0, 3),
                  until=talon_other_than(talon_size))
        if s.result is None and len(s.talon) == talon_size:
            return s


@pytest.mark.parametrize("talon_size", [2, 3])
def test_prostoy_solver_draws_a_talon_of_several_cards_as_the_engine(talon_size):
    rules = Rules.from_mapping({"variant": "prostoy", "deck": 24, "hand_size": 3})
    rng = random.Random(f"prostoy talon {talon_size}")
    for _ in range(20):
        s = short_talon_endgame(rules, rng, 2, talon_size)
        me = rng.choice([next_actor(s), 1 - next_actor(s)])
        solver = ProstoySolver(rules, s.trump, hand_size=s.hand_size)
        assert solver.value(prostoy_position(s, me)) == minimax(s, me, frozenset())


THROW_IN_TALON_CASES = [  # small hands: plain minimax is slow beyond
    {"variant": "podkidnoy", "deck": 24, "hand_size": 2},
    {"variant": "podkidnoy", "deck": 24, "hand_size": 3, "attack_limit": None},
    {"variant": "perevodnoy", "deck": 24, "hand_size": 2},
]


@pytest.mark.parametrize("talon_size", [2, 3])
@pytest.mark.parametrize("mapping", THROW_IN_TALON_CASES)
def test_solver_draws_a_talon_of_several_cards_as_the_engine(mapping, talon_size):
    # attacker first, then defender, up to the hand size; the face-up trump last
    rules = Rules.from_mapping(mapping)
    rng = random.Random(f"throw-in talon {mapping} {talon_size}")
    for _ in range(12):
        s = short_talon_endgame(rules, rng, 2, talon_size)
        me = rng.choice([next_actor(s), 1 - next_actor(s)])
        solver = Solver(rules, s.trump, hand_size=s.hand_size)
        assert solver.value(position(s, me)) == minimax(s, me, frozenset())


def test_expert_asks_the_solver_in_endgames_of_up_to_twenty_cards(monkeypatch):
    """Larger endgames come up with three or more players (one seat took a lot); the
    solver is asked up to SOLVER_MAX_CARDS (then the search decides where it gives up)."""
    asked = []

    def spy(v, legal, me, solver):
        asked.append(sum(v.hand_counts))
        return solved_actions(v, legal, me, solver)

    monkeypatch.setattr("game.ai.expert.solved_actions", spy)
    rng = random.Random("sizes")
    wanted = {18: None, 22: None}
    while any(s is None for s in wanted.values()):
        s = small_endgame(Rules(), rng, 12)
        size = sum(count(h) for h in s.hands)
        if size in wanted and len(legal_actions(s, next_actor(s))) > 1:
            wanted[size] = s
    for s in wanted.values():
        me = next_actor(s)
        ExpertAgent(me, 1, think_ms=5, iterations=2).choose(view(s, me), legal_actions(s, me))
    assert asked == [18]
