"""Cheating mode in the engine: random games with random cheats and catches, and the
rules of the window (the contract's section "Cheating mode"; the scenario files
tests/scenarios/cheating_*.yaml check each rule from outside)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import (
    Attack,
    Catch,
    Defend,
    IllegalAction,
    Pass,
    Rules,
    apply,
    apply_in_place,
    cheat_actions,
    cheat_of,
    check,
    from_deal,
    legal_actions,
    new_game,
    view,
)
from game.engine import events as ev
from game.engine.cards import deck_mask, mask_of, parse_card
from game.engine.state import State

from .engine_helpers import all_cheats, all_legal, card_locations, holders
from .test_engine_properties import rules_and_players

# What a catch may change besides the cheat's own record: every attacker may throw in
# again (rule 3), and the cache of attacker_mask.
NOT_RESTORED = {"passed", "cheat", "cheats", "_am_key", "_am", "known"}


def snapshot(s: State) -> dict:
    out = {}
    for name in State.__slots__:
        if name not in NOT_RESTORED:
            value = getattr(s, name)
            out[name] = value[:] if isinstance(value, list) else value
    return out


def cheating_game(rules: Rules, players: int, seed: int, on_step=None, cheat_rate=0.3):
    """A random game in which every seat cheats and catches at random: each move a
    cheat with probability ``cheat_rate`` when there is one, and a catch whenever
    one is possible half of the time."""
    rng = random.Random(seed)
    state, _ = new_game(rules, players, rng)
    moves = 0
    while not state.finished:
        assert moves < 6000, "game did not end"
        legal, cheats = all_legal(state), all_cheats(state)
        assert legal, "nobody can act but the game is not over"
        catches = [a for a in legal if isinstance(a, Catch)]
        if catches and rng.random() < 0.5:
            action = rng.choice(catches)
        elif cheats and rng.random() < cheat_rate:
            action = rng.choice(cheats)
        else:
            action = rng.choice(legal)
        before = state.copy()
        events = apply_in_place(state, action)
        moves += 1
        if on_step:
            on_step(before, state, action, events)
    return state


def cheating_rules():
    return rules_and_players().map(
        lambda rp: (Rules.from_mapping({**rp[0].to_mapping(), "cheating": True}), rp[1]))


@settings(max_examples=60, deadline=None)
@given(cheating_rules(), st.integers(0, 2**32))
def test_every_card_stays_in_exactly_one_place_through_cheats_and_catches(rp, seed):
    rules, players = rp
    deck = deck_mask(rules.deck)

    def check_cards(_before, state, _action, _events):
        assert card_locations(state) == [deck >> c & 1 for c in range(52)]

    state = cheating_game(rules, players, seed, on_step=check_cards)
    left = holders(state)
    assert len(left) <= (players // 2 if rules.teams else 1)


@settings(max_examples=60, deadline=None)
@given(cheating_rules(), st.integers(0, 2**32))
def test_a_catch_restores_the_state_before_the_cheat(rp, seed):
    rules, players = rp
    before_cheat: dict = {}
    caught = []

    def step(before, state, action, events):
        if any(isinstance(e, ev.Cheated) for e in events) and state.cheat is not None:
            before_cheat["state"] = snapshot(before)
            before_cheat["known"] = list(before.known)
        if isinstance(action, Catch):
            assert snapshot(state) == before_cheat["state"]
            known = before_cheat["known"]  # and everyone saw the cards go back
            known[before.cheat.seat] |= mask_of(before.cheat.cards)
            assert state.known == known
            assert state.passed == 0 and state.cheat is None
            assert state.cheats[-1].caught_by == action.seat
            caught.append(action)

    cheating_game(rules, players, seed, on_step=step)


@settings(max_examples=40, deadline=None)
@given(cheating_rules(), st.integers(0, 2**32))
def test_every_seat_sees_the_pending_cheat_and_the_history(rp, seed):
    rules, players = rp

    def step(_before, state, _action, _events):
        for seat in range(state.n):
            v = view(state, seat)
            assert v.cheat == state.cheat and v.cheats == state.cheats
        if state.cheat is not None:
            assert legal_actions(state, state.cheat.seat) == []
            assert cheat_actions(state, state.cheat.seat) == []

    cheating_game(rules, players, seed, on_step=step)


def test_cheating_games_end_in_every_variant():
    for variant, players in (("podkidnoy", 2), ("podkidnoy", 5), ("perevodnoy", 3),
                             ("prostoy", 2), ("prostoy", 4)):
        rules = Rules.from_mapping({"variant": variant, "cheating": True})
        records = []
        for seed in range(15):
            state = cheating_game(rules, players, seed)
            assert state.finished
            records.extend(state.cheats)
        assert any(r.caught for r in records) and any(not r.caught for r in records)


def _deal(*hands: str, talon: str = "AC KC 9H", rules: Rules | None = None, attacker=0):
    cards = [[parse_card(t) for t in h.split()] for h in hands]
    talon_cards = [parse_card(t) for t in talon.split()]
    trump = talon_cards[-1] // 13 if talon_cards else 1
    state, _ = from_deal(rules or Rules(cheating=True), cards, talon_cards, trump, attacker)
    return state


C = parse_card


def test_without_cheating_mode_a_cheat_is_refused_as_before():
    state = _deal("6S 9C", "7S KD QC", rules=Rules())
    apply_in_place(state, Attack(0, (C("6S"),)))
    with pytest.raises(IllegalAction):
        apply_in_place(state, Attack(0, (C("9C"),)))
    assert cheat_of(state, Attack(0, (C("9C"),))) is None
    assert cheat_actions(state, 0) == []


def test_a_throw_in_cheat_is_recorded_and_the_cheater_waits():
    state = _deal("6S 9C 7D", "7S KD QC 8H")
    apply_in_place(state, Attack(0, (C("6S"),)))
    events = apply_in_place(state, Attack(0, (C("9C"),)))
    assert isinstance(events[0], ev.Played)
    assert events[-1] == ev.Cheated(0, (C("9C"),), "rank_not_on_table", -1)
    assert state.cheat is not None and state.cheat.watchers == 1 << 1
    assert check(state, Attack(0, (C("7D"),))).code == "cheater_waits"
    assert Catch(1) in legal_actions(state, 1) and Pass(1) in legal_actions(state, 1)


def test_a_cheat_over_the_limit_or_as_a_lead_is_refused():
    state = _deal("6S 9C 7D", "7S KD", rules=Rules(cheating=True))
    assert cheat_of(state, Attack(0, (C("6S"), C("9C")))) is None  # a lead of mixed ranks
    apply_in_place(state, Attack(0, (C("6S"),)))
    with pytest.raises(IllegalAction):  # the defender holds two cards: the limit is 2
        apply_in_place(state, Attack(0, (C("9C"), C("7D"))))


def test_another_seats_move_lets_the_cheat_stand():
    state = _deal("6S 9C", "7S KD QC 8H", "6C 10D")
    apply_in_place(state, Attack(0, (C("6S"),)))
    apply_in_place(state, Attack(0, (C("9C"),)))
    after, events = apply(state, Attack(2, (C("6C"),)))
    assert isinstance(events[0], ev.CheatStood) and after.cheat is None
    assert after.cheats[-1].caught_by == -1
    assert check(after, Catch(1)).code == "no_cheat"


def test_a_defence_cheat_is_caught_by_an_attacker_and_the_defender_covers_again():
    state = _deal("6S 9C", "7C KD QC 8H", "6C 10D")
    apply_in_place(state, Attack(0, (C("6S"),)))
    apply_in_place(state, Defend(1, C("6S"), C("7C")))
    assert state.cheat is not None and state.cheat.attack == C("6S")
    assert state.cheat.watchers == 1 << 0 | 1 << 2
    apply_in_place(state, Catch(2))
    assert state.covers == [-1] and state.hands[1] >> C("7C") & 1
    assert Defend(1, C("6S"), C("7C")) in cheat_actions(state, 1)
