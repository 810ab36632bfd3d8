"""The six scoring systems, the series fold, and ``python -m game.scoring``.

Every file tests/scoring/NAME.yaml must print exactly NAME.json (worked out by hand
in the file's comments); every tests/scoring/invalid/*.yaml must exit 2 with one
stderr line holding the words of its ``# error mentions:`` comment.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import (
    Attack,
    Defend,
    Rules,
    apply_in_place,
    from_deal,
    legal_actions,
    new_game,
    next_actor,
)
from game.engine.cards import parse_card
from game.engine.scoring import (
    GameRecord,
    ScoringError,
    advanced_points,
    basic_plus_points,
    basic_points,
    fools_points,
    medium_points,
    penalty_points,
    record_from_state,
    standings,
)
from game.scoring import main as scoring_main

REPO = Path(__file__).resolve().parent.parent
FILES = REPO / "tests" / "scoring"
VALID = sorted(FILES.glob("*.yaml"))
INVALID = sorted((FILES / "invalid").glob("*.yaml"))
COMMAND_SAMPLE = ("penalty_points_contract_example", "advanced_eliminations", "unknown_system",
                  "card_not_a_card", "not_yaml", "fool_not_in_last_group")


def G(places, fool, hand="", trump=None) -> GameRecord:  # noqa: N802 - reads like a row
    cards = tuple(parse_card(c) for c in hand.split())
    return GameRecord(tuple(tuple(g) for g in places), fool, cards, trump)


# --- one game under each system ------------------------------------------------------

def test_fools_the_fool_gets_one_and_a_draw_nothing():
    assert fools_points(G([[2], [0, 1], [3]], 3)) == {3: 1}
    assert fools_points(G([[2], [0, 1, 3]], None)) == {}


def test_penalty_points_first_group_zero_fool_two_others_one():
    assert penalty_points(G([[2], [0, 1], [3]], 3)) == {0: 1, 1: 1, 3: 2}
    # a tie for first: both score 0
    assert penalty_points(G([[0, 2], [1], [3]], 3)) == {1: 1, 3: 2}
    # a draw: the last group is no fool, nobody gets 2
    assert penalty_points(G([[2], [0], [1, 3]], None)) == {0: 1, 1: 1, 3: 1}


def test_basic_first_out_one_unless_the_first_group_is_shared():
    assert basic_points(G([[1], [0], [2]], 2)) == {1: 1}
    assert basic_points(G([[1, 0], [2]], 2)) == {}
    assert basic_points(G([[1], [0, 2]], None)) == {1: 1}


def test_basic_plus_the_fool_loses_one_but_not_on_a_draw():
    assert basic_plus_points(G([[1], [0], [2]], 2)) == {1: 1, 2: -1}
    assert basic_plus_points(G([[1, 0], [2]], 2)) == {2: -1}
    assert basic_plus_points(G([[0, 1, 2]], None)) == {}


def test_medium_shared_places_get_the_points_of_their_last_place():
    # the seed's six players: 5, 4, 3, 2, 1, 0; two winners at once get 4 each
    assert medium_points(G([[0], [1], [2], [3], [4], [5]], 5)) == {
        0: 5, 1: 4, 2: 3, 3: 2, 4: 1, 5: 0}
    assert medium_points(G([[3, 4], [0], [1], [2], [5]], 5)) == {
        3: 4, 4: 4, 0: 3, 1: 2, 2: 1, 5: 0}
    # two players drawing: no points to anyone
    assert medium_points(G([[0, 1]], None)) == {0: 0, 1: 0}


def test_advanced_counts_the_fools_cards_with_trumps_double():
    # the seed's example: 6, K, 10, 7 (no trump) = 30; a trump six 12, a trump ace 28
    assert advanced_points(G([[0], [1]], 1, "6S KD 10C 7S", trump=1)) == {1: 36}
    assert advanced_points(G([[0], [1]], 1, "6H AH", trump=1)) == {1: 40}
    assert advanced_points(G([[0, 1]], None)) == {}


# --- the series --------------------------------------------------------------------------

def test_defaults_of_the_target_per_system():
    one = G([[0], [1], [2]], 2)
    assert not standings("basic", 3, [one] * 2).finished  # [2, 0, 0]: 3 by default
    assert standings("basic_plus", 3, [one] * 3).winners == (0,)
    assert standings("medium", 3, [G([[0], [1], [2]], 2)] * 3).finished  # 6 = 3 x 2
    assert not standings("medium", 3, [G([[0], [1], [2]], 2)] * 2).finished
    assert standings("penalty_points", 3, [G([[0], [1], [2]], 2)] * 2).finished  # 4
    assert not standings("fools", 3, [G([[0], [1], [2]], 2)] * 40).finished


def test_basic_games_after_the_winning_game_are_an_error():
    one = G([[0], [1], [2]], 2)
    assert standings("basic", 3, [one] * 3).winners == (0,)
    with pytest.raises(ScoringError, match=r"games\[3\]: the series already ended"):
        standings("basic", 3, [one] * 4)


def test_advanced_eliminated_seat_leaves_and_the_last_one_wins():
    big = "AS KS QS JS"  # 28 + 26 + 24 + 22 = 100 with spades trumps
    games = [G([[0], [1], [2], [3]], 3, big, 0),
             G([[2], [0], [1]], 1, "6H", 0),          # seat 3 no longer plays
             G([[0], [1, 2]], None),                  # a draw scores nothing
             G([[2], [0], [1]], 1, big, 0),           # 106: seat 1 is out too
             G([[2], [0]], 0, "AH AD AC AS 10S 9S", 0)]  # 14*3 + 28 + 20 + 18 = 108
    result = standings("advanced", 4, games)
    assert result.scores == (108, 106, 0, 100)
    assert result.eliminated == (3, 1, 0)
    assert result.finished and result.winners == (2,)
    with pytest.raises(ScoringError, match="seat 3 was eliminated"):
        standings("advanced", 4, games[:1] + [G([[2], [0], [3], [1]], 1, "6H", 0)])
    with pytest.raises(ScoringError, match="already ended"):
        standings("advanced", 4, games + [G([[2]], None)])


@pytest.mark.parametrize(("system", "target"), [
    ("penalty_points", 3), ("penalty_points", 7), ("advanced", 99), ("fools", 0),
    ("basic", -1), ("medium", 0), ("nonsense", None)])
def test_targets_a_system_does_not_allow_are_errors(system, target):
    with pytest.raises(ScoringError):
        standings(system, 3, [], target)


@pytest.mark.parametrize(("game", "words"), [
    (G([[0], [0], [1]], 1), "twice"),
    (G([[0], [2]], 2), "seat 1 is missing"),
    (G([[0], [1], [5]], 5), "not a seat"),
    (G([[0], [1, 2]], 2), "not alone"),
    (G([[0], [2], [1]], 2), "not in the last group"),
    (G([[0], [1, 2]], None, "6S"), "draw"),
])
def test_games_that_cannot_have_happened_are_errors(game, words):
    with pytest.raises(ScoringError, match=words):
        standings("penalty_points", 3, [game])


# --- from a finished engine game ------------------------------------------------------------

def test_two_seats_going_out_in_the_same_bout_share_the_first_group():
    # seat 0 leads its last card, seat 1 covers with its last: both out in bout 0
    hands = [[parse_card("6S")], [parse_card("7S")], [parse_card("8S"), parse_card("9S")]]
    state, _ = from_deal(Rules(), hands, [], trump=1, attacker=0)
    apply_in_place(state, Attack(0, (parse_card("6S"),)))
    apply_in_place(state, Defend(1, parse_card("6S"), parse_card("7S")))
    assert state.finished
    record = record_from_state(state)
    assert record == G([[0, 1], [2]], 2, "8S 9S", trump=1)
    assert basic_points(record) == {}


def test_records_of_random_games_seat_everyone_once_with_the_fool_last():
    rng = random.Random(5)
    for players in (2, 3, 4, 5, 6):
        state, _ = new_game(Rules(), players, rng)
        while not state.finished:
            apply_in_place(state, rng.choice(legal_actions(state, next_actor(state))))
        record = record_from_state(state)
        seats = [s for group in record.places for s in group]
        assert sorted(seats) == list(range(players))
        assert seats[:len(state.out)] == state.out
        if record.fool is not None:
            assert record.places[-1] == (record.fool,)
            assert len(record.fool_hand) == state.hands[record.fool].bit_count()
        standings("advanced", players, [record])  # a real game is always a valid record


def test_team_games_are_not_scored_per_seat():
    rng = random.Random(2)
    state, _ = new_game(Rules(teams=((0, 2), (1, 3))), 4, rng)
    while not state.finished:
        apply_in_place(state, rng.choice(legal_actions(state, next_actor(state))))
    with pytest.raises(ValueError, match="teams"):
        record_from_state(state)


# --- the command ------------------------------------------------------------------------------

def _run(path: Path) -> tuple[int, str, str]:
    proc = subprocess.run([sys.executable, "-m", "game.scoring", str(path)], cwd=REPO,
                          capture_output=True, text=True, timeout=60)
    return proc.returncode, proc.stdout, proc.stderr


def _in_process(path: Path, capsys) -> tuple[int, str, str]:
    code = scoring_main([str(path)])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_there_are_example_files():
    assert len(VALID) >= 10 and len(INVALID) >= 25


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_valid_file(path: Path, capsys):
    code, out, err = _in_process(path, capsys)
    assert (code, err) == (0, "")
    expected = path.with_suffix(".json").read_text(encoding="utf-8").strip()
    assert out.strip() == expected  # the exact form of the contract's example


def _mentions(path: Path) -> list[str]:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# error mentions:"):
            return [w.strip() for w in line.split(":", 1)[1].split(",") if w.strip()]
    raise AssertionError(f"{path.name} has no '# error mentions:' line")


def _check_invalid(path: Path, code: int, out: str, err: str) -> None:
    assert code == 2, f"exit {code}: {out[:300]}"
    lines = err.strip("\n").split("\n")
    assert len(lines) == 1 and lines[0].strip(), f"stderr: {err!r}"
    assert json.loads(out) == {"error": lines[0]}
    for word in _mentions(path):
        assert word.lower() in lines[0].lower(), f"'{word}' not in: {lines[0]}"


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.stem)
def test_invalid_file(path: Path, capsys):
    _check_invalid(path, *_in_process(path, capsys))


@pytest.mark.parametrize("path", [p for p in VALID + INVALID if p.stem in COMMAND_SAMPLE],
                         ids=lambda p: p.stem)
def test_command(path: Path):
    code, out, err = _run(path)
    if path.parent.name == "invalid":
        _check_invalid(path, code, out, err)
    else:
        assert code == 0, err
        assert out.strip() == path.with_suffix(".json").read_text(encoding="utf-8").strip()


def test_missing_file_and_wrong_arguments_exit_2_with_one_line(tmp_path, capsys):
    assert scoring_main([str(tmp_path / "nothing.yaml")]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
    assert scoring_main([]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_bytes_that_are_not_utf8_exit_2(tmp_path, capsys):
    path = tmp_path / "latin.yaml"
    path.write_bytes(b"system: fools\nplayers: 2\n# \xe9\xff\n")
    _check_exit_2(scoring_main([str(path)]), capsys)


def _check_exit_2(code: int, capsys) -> None:
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1, err


def test_an_alias_bomb_is_rejected_without_being_expanded(tmp_path, capsys):
    # 10 ** 20 seats if anything walked or printed it whole
    lines = ["system: fools", "players: 2", "games:", "  - fool: 1", "    places:",
             "      - &x0 [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]"]
    lines += [f"      - &x{i} [{', '.join([f'*x{i - 1}'] * 10)}]" for i in range(1, 20)]
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _check_exit_2(scoring_main([str(path)]), capsys)
