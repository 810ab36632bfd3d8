"""bench_agree: the positions, the settled references, the knobs it sets, and a
small run end to end (with the references saved and loaded)."""

from __future__ import annotations

import json

import pytest

from game.ai import bench_agree
from game.ai.bench_agree import choices, positions, set_knobs, settled
from game.ai.multi_search import ManyTreeSearch
from game.engine import Rules
from game.engine.legal import legal_actions, next_actor


def test_positions_give_the_seat_to_move_a_choice():
    states = positions(Rules(), 5, 3, n=4)
    assert len(states) == 5
    for s in states:
        seat = next_actor(s)
        assert s.result is None and seat is not None
        assert len(legal_actions(s, seat)) > 1


def test_settled_keeps_the_positions_every_reference_chose_alike():
    assert settled([[0, 2, 1, 3], [0, 1, 1, 3], [0, 2, 1, 0]]) == {0: 0, 2: 1}


def test_fixed_iterations_choose_alike_and_index_the_legal_actions():
    states = positions(Rules(), 3, 7, n=4)
    first, seconds = choices(states, 5, 230, iterations=30)
    again, _ = choices(states, 5, 230, iterations=30)
    assert first == again and len(seconds) == 3
    for s, c in zip(states, first, strict=True):
        seat = next_actor(s)
        assert seat is not None and 0 <= c < len(legal_actions(s, seat))


@pytest.fixture
def knobs_restored(monkeypatch):
    for name in ("c", "widen", "deep", "min_share"):
        monkeypatch.setattr(ManyTreeSearch, name, getattr(ManyTreeSearch, name))


def test_set_knobs_applies_numbers_and_switches(knobs_restored):
    assert set_knobs(["c=1.2", "deep=1"]) == {"c": 1.2, "deep": 1.0}
    assert ManyTreeSearch.c == 1.2 and ManyTreeSearch.deep is True


@pytest.mark.parametrize("pair, message", [
    ("foo=1", "no numeric knob 'foo'"),
    ("decide=1", "no numeric knob 'decide'"),
    ("c=x", "must be a number"),
    ("deep=2", "is a switch"),
])
def test_set_knobs_names_what_is_wrong(knobs_restored, pair, message):
    before = ManyTreeSearch.c
    with pytest.raises(ValueError, match=message):
        set_knobs(["c=0.1", pair])
    assert ManyTreeSearch.c == before  # nothing applied when one pair is wrong


def test_a_small_run_end_to_end(tmp_path, capsys):
    saved = tmp_path / "refs.json"
    args = ["--positions", "3", "--reference", "30", "--trials", "2", "--think-ms", "5",
            "--seed", "7"]
    assert bench_agree.main(args + ["--save", str(saved)]) == 0
    report = json.loads(capsys.readouterr().out)
    refs = json.loads(saved.read_text())["choices"]
    assert len(refs) == 2 and all(len(r) == 3 for r in refs)
    assert report["references_agree"] == len(settled(refs))
    assert len(report["trials"]) == 2
    assert all(0 <= t["agree"] <= t["of"] == report["references_agree"] for t in report["trials"])
    assert bench_agree.main(args + ["--load", str(saved)]) == 0
    assert json.loads(capsys.readouterr().out)["references_agree"] == report["references_agree"]


def test_a_bad_knob_is_a_message_not_a_traceback(capsys):
    assert bench_agree.main(["--set", "nope=1"]) == 2
    assert "no numeric knob 'nope'" in capsys.readouterr().err


def test_a_table_the_rules_do_not_allow_is_a_message(capsys):
    assert bench_agree.main(["--players", "9", "--positions", "1"]) == 2
    assert "bench_agree:" in capsys.readouterr().err


def _saved(tmp_path, text):
    path = tmp_path / "refs.json"
    path.write_text(text)
    return str(path)


GOOD = {"players": 4, "positions": 3, "seed": 7, "rules": [], "reference": 30,
        "choices": [[0, 1, 0], [0, 1, 1]]}


@pytest.mark.parametrize("saved, message", [
    ("{not json", "cannot be read"),
    ("[[0, 1, 0]]", "not a file of reference choices"),
    (json.dumps(GOOD | {"seed": 8}), "made for"),
    (json.dumps(GOOD | {"choices": [[0, 1]]}), "a choice a position"),
])
def test_a_bad_reference_file_is_named_not_a_traceback(tmp_path, capsys, saved, message):
    args = ["--positions", "3", "--seed", "7", "--trials", "0", "--load", _saved(tmp_path, saved)]
    assert bench_agree.main(args) == 2
    assert message in capsys.readouterr().err


def test_a_missing_reference_file_is_named(tmp_path, capsys):
    missing = str(tmp_path / "nowhere.json")
    assert bench_agree.main(["--positions", "3", "--seed", "7", "--load", missing]) == 2
    assert "cannot be read" in capsys.readouterr().err
