"""The statistics file: round trip, a crash in the middle of a write, broken files set aside."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import settings as settings_h
from hypothesis import strategies as hst

from game import stats as st
from game.config import PlayerSpec, parse_settings
from game.engine import legal_actions, new_game, next_actor, result_of
from game.engine.events import GameOver
from game.engine.play import apply_in_place
from game.stats import Outcome, Stats

F, N, D = Outcome.FOOL, Outcome.NOT_FOOL, Outcome.DRAW
ROOT = Path(__file__).resolve().parent.parent


def sample() -> Stats:
    s = Stats()
    plays = [("podkidnoy", "normal", F), ("podkidnoy", "normal", N), ("perevodnoy", "expert", D),
             ("podkidnoy", "easy", N), ("podkidnoy", "normal", N), ("perevodnoy", "expert", F)]
    for variant, level, outcome in plays:
        s = st.record_game(s, variant, level, outcome)
    return st.record_series_won(s, "podkidnoy", "normal")


def settings(*levels: str, variant: str = "podkidnoy"):
    base = parse_settings({})
    players = (PlayerSpec("You", "human"),) + tuple(
        PlayerSpec(f"P{i}", "computer", lv) for i, lv in enumerate(levels))
    return dataclasses.replace(base, players=players,
                               rules=dataclasses.replace(base.rules, variant=variant))


# --- recording ----------------------------------------------------------------------


def test_runs_count_games_without_being_the_fool_and_draws_extend_them():
    s = Stats()
    expected = [(N, 1, 1), (N, 2, 2), (D, 3, 3), (F, 0, 3), (N, 1, 3), (D, 2, 3), (N, 3, 3),
                (N, 4, 4), (F, 0, 4)]
    for outcome, current, best in expected:
        s = st.record_game(s, "podkidnoy", "hard", outcome)
        row = s.rows[("podkidnoy", "hard")]
        assert (row.current_run, row.best_run) == (current, best), outcome
        assert s.overall == row  # one row only: the overall tally is the same
    row = s.rows[("podkidnoy", "hard")]
    assert (row.games, row.fools, row.draws) == (9, 2, 2)
    assert row.fool_rate == pytest.approx(2 / 9)


def test_overall_runs_cross_rows_and_rows_keep_their_own():
    s = st.record_game(Stats(), "podkidnoy", "easy", N)
    s = st.record_game(s, "perevodnoy", "hard", F)
    s = st.record_game(s, "podkidnoy", "easy", N)
    assert s.rows[("podkidnoy", "easy")].current_run == 2
    assert s.overall.current_run == 1 and s.overall.best_run == 1
    assert s.overall.recent == (N, F, N) and s.overall.games == 3


def test_recent_keeps_the_last_fifty_games_oldest_first():
    s = Stats()
    outcomes = [F if i % 3 == 0 else N for i in range(60)]
    for o in outcomes:
        s = st.record_game(s, "podkidnoy", "normal", o)
    assert s.overall.recent == tuple(outcomes[-50:]) and s.overall.games == 60


def test_series_won_counts_in_the_row_and_overall():
    s = st.record_series_won(sample(), "podkidnoy", "normal")
    assert s.rows[("podkidnoy", "normal")].series_won == 2 and s.overall.series_won == 2
    assert s.rows[("perevodnoy", "expert")].series_won == 0


def test_outcome_for_the_human():
    assert st.outcome_for(GameOver(1, None), 1) is F
    assert st.outcome_for(GameOver(0, None), 1) is N
    assert st.outcome_for(GameOver(None, None), 1) is D
    assert st.outcome_for(GameOver(None, (0, 2)), 2) is F  # the team lost: a fool too
    assert st.outcome_for(GameOver(None, (1, 3)), 2) is N
    assert st.outcome_for({"losing_team": [0, 2]}, 0) is F
    assert st.outcome_for({"draw": True}, 0) is D
    assert st.outcome_for(None, 0) is None


def test_outcome_of_real_games_agrees_with_result_of():
    base = parse_settings({}).rules
    for seed in range(6):
        rng = random.Random(seed)
        state, _ = new_game(base, 3, rng)
        while (seat := next_actor(state)) is not None:
            apply_in_place(state, rng.choice(legal_actions(state, seat)))
        result = result_of(state)
        for seat in range(3):
            expected = D if "draw" in result else F if result.get("loser") == seat else N
            assert st.outcome_for(state.result, seat) is expected
            assert st.outcome_for(result, seat) is expected


def test_the_level_of_a_table_is_its_strongest_computer():
    assert st.table_level(settings("easy", "expert", "random").players, 0) == "expert"
    assert st.table_level(settings("normal").players, 0) == "normal"
    assert st.table_level((PlayerSpec("You", "human"),), 0) is None


def test_record_result_loads_records_and_saves(tmp_path):
    path = tmp_path / "statistics.json"
    table = settings("easy", "hard", variant="perevodnoy")
    assert st.record_result(table, GameOver(0, None), 0, path) is None
    assert st.record_result(table, GameOver(2, None), 0, path) is None
    assert st.record_result(table, None, 0, path) is None  # not over: nothing counted
    assert st.record_result(table, GameOver(1, None), None, path) is None  # no human
    assert st.record_series(table, 0, path) is None
    stats, message = st.load(path)
    row = stats.rows[("perevodnoy", "hard")]
    assert message is None and list(stats.rows) == [("perevodnoy", "hard")]
    assert (row.games, row.fools, row.current_run, row.series_won) == (2, 1, 1, 1)


def test_record_result_uses_the_user_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("DURAK_USER_DIR", str(tmp_path))
    assert st.record_result(settings("normal"), {"loser": 1}, 0) is None
    stats, _ = st.load(tmp_path / "statistics.json")
    assert stats.overall.games == 1 and stats.overall.fools == 0


# --- the file -----------------------------------------------------------------------


def test_round_trip(tmp_path):
    path = tmp_path / "statistics.json"
    st.save(path, sample())
    loaded, message = st.load(path)
    assert message is None and loaded == sample()
    assert json.loads(path.read_text())["version"] == st.VERSION


def test_no_file_is_a_fresh_store(tmp_path):
    assert st.load(tmp_path / "statistics.json") == (Stats(), None)


@pytest.mark.parametrize("fail", ["replace", "fsync"])
def test_a_failed_write_keeps_the_old_file(tmp_path, monkeypatch, fail):
    path = tmp_path / "statistics.json"
    st.save(path, sample())
    before = path.read_bytes()

    def boom(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, fail, boom)
    more = st.record_game(sample(), "podkidnoy", "normal", F)
    with pytest.raises(OSError):
        st.save(path, more)
    message = st.record_result(settings("normal"), GameOver(0, None), 0, path)
    assert message is not None and "\n" not in message and "No space" in message
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert st.load(path) == (sample(), None)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["statistics.json"]


def test_a_process_killed_in_the_middle_of_a_write_leaves_the_old_file(tmp_path):
    """A real crash: the writing process dies (SIGKILL) after the new content is written
    and before it replaces the file."""
    path = tmp_path / "statistics.json"
    st.save(path, sample())
    before = path.read_bytes()
    script = (
        "import os, signal, sys\n"
        "from pathlib import Path\n"
        "from game import stats as st\n"
        "os.replace = lambda *a: os.kill(os.getpid(), signal.SIGKILL)\n"
        "s, _ = st.load(Path(sys.argv[1]))\n"
        "st.save(Path(sys.argv[1]), st.record_game(s, 'podkidnoy', 'normal', st.Outcome.FOOL))\n"
    )
    done = subprocess.run([sys.executable, "-c", script, str(path)], cwd=ROOT, timeout=60)
    assert done.returncode != 0  # killed, not finished
    assert path.read_bytes() == before
    assert st.load(path) == (sample(), None)


def _valid() -> dict:
    return st.to_data(sample())


def _with(change) -> bytes:
    data = _valid()
    change(data)
    return json.dumps(data).encode()


BROKEN = {
    "bad JSON": b'{"format": "durak-statistics", "version": 1, "rows": [',
    "binary junk": bytes(range(256)) * 4,
    "empty": b"",
    "not a mapping": b"[1, 2, 3]",
    "another format": _with(lambda d: d.update(format="something")),
    "wrong version": _with(lambda d: d.update(version=2)),
    "version as text": _with(lambda d: d.update(version="1")),
    "version as bool": _with(lambda d: d.update(version=True)),
    "games as text": _with(lambda d: d["overall"].update(games="6")),
    "games as float": _with(lambda d: d["overall"].update(games=6.0)),
    "negative count": _with(lambda d: d["rows"][0].update(draws=-1)),
    "huge count": _with(lambda d: d["overall"].update(games=10**20)),
    "NaN": json.dumps(_valid()).replace('"games": 6', '"games": NaN', 1).encode(),
    "more fools than games": _with(lambda d: d["overall"].update(fools=7)),
    "run longer than the games": _with(lambda d: d["overall"].update(best_run=9)),
    "run not matching the results": _with(lambda d: d["overall"].update(current_run=3)),
    "unknown result": _with(lambda d: d["overall"]["recent"].append("win")),
    "too many results": _with(lambda d: d["overall"].update(recent=["draw"] * 51)),
    "unknown level": _with(lambda d: d["rows"][0].update(level="godlike")),
    "variant not a name": _with(lambda d: d["rows"][0].update(variant="../x")),
    "row twice": _with(lambda d: d["rows"].append(dict(d["rows"][0]))),
    "rows not a list": _with(lambda d: d.update(rows={})),
    "overall missing": _with(lambda d: d.pop("overall")),
    "deep nesting": b"[" * 100_000 + b"]" * 100_000,
    "huge file": _with(lambda d: d.update(padding="x" * st.MAX_BYTES)),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_file_is_set_aside_with_one_line(tmp_path, name):
    path = tmp_path / "statistics.json"
    path.write_bytes(BROKEN[name])
    stats, message = st.load(path)
    assert stats == Stats()
    assert message is not None and "\n" not in message
    assert str(path) in message and "statistics.json.broken-1" in message
    assert not path.exists()
    assert (tmp_path / "statistics.json.broken-1").read_bytes() == BROKEN[name]
    st.save(path, st.record_game(stats, "podkidnoy", "normal", N))  # a fresh one starts
    assert st.load(path)[0].overall.games == 1


def test_a_second_broken_file_does_not_replace_the_first(tmp_path):
    path = tmp_path / "statistics.json"
    for text in (b"{", b"[]"):
        path.write_bytes(text)
        st.load(path)
    assert (tmp_path / "statistics.json.broken-1").read_bytes() == b"{"
    assert (tmp_path / "statistics.json.broken-2").read_bytes() == b"[]"


def test_an_unreadable_path_is_set_aside(tmp_path):
    path = tmp_path / "statistics.json"
    path.mkdir()
    stats, message = st.load(path)
    assert stats == Stats() and message is not None and "cannot be read" in message
    assert (tmp_path / "statistics.json.broken-1").is_dir()


def test_a_broken_file_that_cannot_be_moved_is_never_written_over(tmp_path, monkeypatch):
    path = tmp_path / "statistics.json"
    path.write_bytes(b"not json")

    def refuse(p):
        raise OSError(13, "Permission denied")

    monkeypatch.setattr(st, "set_aside", refuse)
    message = st.record_result(settings("normal"), GameOver(1, None), 0, path)
    assert message is not None and "not saved" in message and "\n" not in message
    assert path.read_bytes() == b"not json"


def _mutate(rng: random.Random, raw: bytes) -> bytes:
    """One random change: bytes flipped, cut, doubled; or a JSON value replaced."""
    kind = rng.randrange(4)
    if kind == 0:
        b = bytearray(raw)
        for _ in range(rng.randint(1, 4)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        return bytes(b)
    if kind == 1:
        return raw[:rng.randrange(len(raw))]
    if kind == 2:
        i, j = sorted(rng.sample(range(len(raw)), 2))
        return raw[:j] + raw[i:j] + raw[j:]
    data = json.loads(raw)
    node, key = data, None
    while True:  # walk down to a random leaf or container
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        key = rng.choice(keys)
        if not isinstance(node[key], dict | list) or rng.random() < 0.3:
            break
        node = node[key]
    if key is not None:
        node[key] = rng.choice([-1, 0, 1, 49, 51, 2**64, 1.5, "3", None, True, [], {},
                                "fool", "draw", "expert", "x" * 40])
    return json.dumps(data).encode()


def test_fuzzed_files_never_raise(tmp_path):
    rng = random.Random(16)
    path = tmp_path / "statistics.json"
    valid = json.dumps(_valid()).encode()
    accepted = 0
    for _ in range(400):
        raw = _mutate(rng, valid)
        path.write_bytes(raw)
        stats, message = st.load(path)
        if message is None:
            accepted += 1
            assert st.parse(json.dumps(st.to_data(stats)).encode()) == stats
            assert path.read_bytes() == raw
        else:
            assert stats == Stats() and "\n" not in message and not path.exists()
            (tmp_path / "statistics.json.broken-1").unlink()
    assert 0 < accepted < 400  # the mutations reach both sides


def test_a_row_the_file_could_not_hold_is_refused():
    with pytest.raises(ValueError):
        st.record_game(Stats(), "podkidnoy", "mixed", F)
    with pytest.raises(ValueError):
        st.record_series_won(Stats(), "Podkidnoy!", "easy")


@settings_h(max_examples=60, deadline=None)
@given(hst.lists(hst.tuples(hst.sampled_from(["podkidnoy", "perevodnoy"]),
                            hst.sampled_from(["random", "easy", "normal", "hard", "expert"]),
                            hst.sampled_from([F, N, D, None])), max_size=120))
def test_whatever_is_recorded_saves_and_loads_again(plays):
    """Every store the record functions make passes the file's checks (None: a series won)."""
    s = Stats()
    for variant, level, outcome in plays:
        s = (st.record_series_won(s, variant, level) if outcome is None
             else st.record_game(s, variant, level, outcome))
    assert st.parse(json.dumps(st.to_data(s)).encode()) == s


def test_a_fifo_in_place_of_the_file_is_set_aside_not_waited_on(tmp_path):
    path = tmp_path / "statistics.json"
    os.mkfifo(path)
    stats, message = st.load(path)  # opening a FIFO for reading would block for ever
    assert stats == Stats() and message is not None and "not a regular file" in message
    assert (tmp_path / "statistics.json.broken-1").exists()
