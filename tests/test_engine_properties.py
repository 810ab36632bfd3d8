"""Properties of the engine over random rules, seeds and games (hypothesis)."""

from __future__ import annotations

import random
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Rules, apply, new_game, view
from game.engine.cards import deck_mask
from game.engine.legal import bout_over

from .engine_helpers import all_legal, card_locations, holders, random_game


@st.composite
def rules_and_players(draw):
    """Any rules of any variant, with or without the second trump and cheating, and a table size
    they allow (Prostoy: 2 to 4 players, its fixed keys at their defaults)."""
    if draw(st.integers(0, 3)) == 0:
        rules = Rules.from_mapping({
            "variant": "prostoy",
            "deck": draw(st.sampled_from([24, 36, 52])),
            "hand_size": draw(st.integers(1, 8)),
            "trump_exchange": draw(st.booleans()),
            "first_attacker": draw(st.sampled_from(["lowest_trump", "left_of_dealer"])),
            "second_trump": draw(st.booleans()),
            "cheating": draw(st.booleans()),
        })
        return rules, draw(st.integers(2, 4))
    players = draw(st.integers(2, 6))
    teams = None
    if players in (4, 6) and draw(st.booleans()):
        teams = [list(range(0, players, 2)), list(range(1, players, 2))]
    rules = Rules.from_mapping({
        "variant": draw(st.sampled_from(["podkidnoy", "perevodnoy"])),
        "deck": draw(st.sampled_from([24, 36, 52])),
        "hand_size": draw(st.integers(1, 8)),
        "attack_limit": draw(st.sampled_from([None, 1, 3, 6, 12])),
        "first_bout_limit": draw(st.sampled_from([None, 5])),
        "throw_in": draw(st.sampled_from(["all", "neighbours"])),
        "teams": teams,
        "trump_exchange": draw(st.booleans()),
        "transfer_by_showing_trump": draw(st.booleans()),
        "first_attacker": draw(st.sampled_from(["lowest_trump", "left_of_dealer"])),
        "second_trump": draw(st.booleans()),
        "cheating": draw(st.booleans()),
    })
    return rules, players


@settings(max_examples=60, deadline=None)
@given(rules_and_players(), st.integers(0, 2**32))
def test_every_card_is_in_exactly_one_place(rp, seed):
    rules, players = rp
    deck = deck_mask(rules.deck)

    def check(state, _action):
        locations = card_locations(state)
        for c in range(52):
            assert locations[c] == (deck >> c & 1), f"card {c} in {locations[c]} places"

    random_game(rules, players, seed, on_step=check)


@settings(max_examples=60, deadline=None)
@given(rules_and_players(), st.integers(0, 2**32))
def test_the_table_mask_holds_the_attack_cards_and_covers(rp, seed):
    """State.table_mask, kept up to date by play.py, bout.py and cheat.restore, is
    the table's cards (cheats and catches included)."""
    rules, players = rp

    def check(state, _action):
        on_table = [c for c in state.attacks + state.covers if c >= 0]
        assert state.table_mask == sum(1 << c for c in on_table)

    random_game(rules, players, seed, on_step=check)


@settings(max_examples=60, deadline=None)
@given(rules_and_players(), st.integers(0, 2**32))
def test_the_principal_attacker_attacks_while_in_and_a_seat_out_holds_no_cards(rp, seed):
    """What next_actor, legal_actions and legal.bout_over rely on to skip
    attacker_mask() for the principal attacker."""
    rules, players = rp

    def check(state, _action):
        for seat in range(players):
            assert not (state.out_mask >> seat & 1 and state.hands[seat]), f"{seat} out"
        if state.result is None:
            a = state.attacker
            assert state.attacker_mask() >> a & 1 == (not state.out_mask >> a & 1)

    random_game(rules, players, seed, on_step=check)


@settings(max_examples=60, deadline=None)
@given(rules_and_players(), st.integers(0, 2**32))
def test_apply_never_leaves_a_finished_bout_open(rp, seed):
    """After every move the bout under way is not over (apply ends it at once), and a
    bout with no card yet is never over."""
    rules, players = rp

    def check(state, _action):
        if state.result is None and state.cheat is None:
            assert not bout_over(state)

    random_game(rules, players, seed, on_step=check)


@settings(max_examples=60, deadline=None)
@given(rules_and_players(), st.integers(0, 2**32))
def test_every_game_ends_and_the_result_agrees_with_who_holds_cards(rp, seed):
    rules, players = rp
    state, _ = random_game(rules, players, seed)
    left = holders(state)
    assert not state.talon
    r = state.result
    if rules.teams is None:
        assert len(left) <= 1
        assert r.loser == (left[0] if left else None)
    else:
        teams_left = {i for i, t in enumerate(rules.teams) for p in left if p in t}
        assert len(teams_left) <= 1
        if teams_left:
            assert set(r.losing_team) == set(rules.teams[teams_left.pop()])
        else:
            assert r.draw
    assert sorted(state.out) == sorted(set(range(players)) - set(left))


@settings(max_examples=40, deadline=None)
@given(rules_and_players(), st.integers(0, 2**32))
def test_every_legal_action_applies(rp, seed):
    rules, players = rp
    rng = random.Random(seed)
    state, _ = new_game(rules, players, rng)
    for _ in range(300):
        if state.finished:
            break
        choices = all_legal(state)
        for action in choices:
            apply(state, action)  # raises if a listed action is illegal
        state, _ = apply(state, rng.choice(choices))


@settings(max_examples=30, deadline=None)
@given(rules_and_players(), st.integers(0, 2**32))
def test_a_game_replays_exactly_from_rules_seed_and_actions(rp, seed):
    rules, players = rp
    first, actions = random_game(rules, players, seed)
    state, _ = new_game(rules, players, random.Random(seed))
    for action in actions:
        state, _ = apply(state, action)
    assert state.hands == first.hands and state.result == first.result
    assert state.out == first.out and state.discard == first.discard


@settings(max_examples=30, deadline=None)
@given(rules_and_players(), st.integers(0, 2**32))
def test_a_view_shows_only_what_the_seat_may_know(rp, seed):
    rules, players = rp

    def check(state, _action):
        for seat in range(state.n):
            v = view(state, seat)
            assert v.hand == state.hands[seat]
            for other in range(state.n):
                assert v.known[other] & ~state.hands[other] == 0
            assert v.unseen & state.hands[seat] == 0
            assert v.hand_counts == tuple(h.bit_count() for h in state.hands)
            if state.second >= 0:  # Severnyi's face-down card: nobody has seen it
                assert v.second and v.unseen >> state.second & 1
                assert v.trump_card != state.second

    random_game(rules, players, seed, on_step=check)


def test_importing_the_engine_does_not_import_pygame_or_yaml():
    code = ("import sys, game.engine, game.engine.series; "
            "print(any(m.split('.')[0] in ('pygame', 'yaml') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"
