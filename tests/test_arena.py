"""The arena command: whole games between computer players without a screen."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.arena import main
from tests.fuzz_inputs import ALIAS_BOMB, time_limit

ROOT = Path(__file__).resolve().parent.parent


def test_every_level_through_the_command_line():
    cmd = [sys.executable, "-m", "game.arena", "--agents", "random,easy,normal,hard,expert",
           "--games", "1", "--mirror", "--think-ms", "3", "--seed", "7"]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stderr == ""  # no progress bar when stderr is not a terminal
    assert out.stdout.startswith("5 games, 0 errors")
    for level in ("random", "easy", "normal", "hard", "expert"):
        assert level in out.stdout


def test_json_shape_and_aggregates(capsys):
    assert main(["--agents", "normal,easy,normal", "--games", "4", "--json",
                 "--rules", "variant=perevodnoy", "--rules", "deck=24"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 4 and report["errors"] == 0
    assert report["rules"]["variant"] == "perevodnoy" and report["rules"]["deck"] == 24
    assert [s["agent"] for s in report["seats"]] == ["normal", "easy", "normal"]
    for s in report["seats"]:
        assert s["wins"] + s["losses"] + s["draws"] == 4
        assert 0 <= s["ci95"][0] <= s["score"] <= s["ci95"][1] <= 1
        assert set(s["decision_ms"]) == {"count", "median", "p95", "max"}
    assert set(report["by_agent"]) == {"normal", "easy"}
    assert report["by_agent"]["normal"]["games"] == 8


def test_mirror_plays_each_deal_in_every_rotation(capsys):
    assert main(["--agents", "normal,random", "--games", "3", "--mirror", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 6
    assert report["by_agent"] == {}


def test_team_games(capsys):
    assert main(["--agents", "normal,easy,normal,easy", "--games", "3", "--json",
                 "--rules", "teams=[[0, 2], [1, 3]]"]) == 0
    report = json.loads(capsys.readouterr().out)
    normal = report["by_agent"]["normal"]
    assert normal["wins"] % 2 == 0 and normal["losses"] % 2 == 0  # partners share the result


@pytest.mark.parametrize("args", [
    ["--rules", "deck=23"],
    ["--rules", "colour=red"],
    ["--rules", "deck"],
    ["--agents", "random,grandmaster"],
    ["--agents", "random,random,random", "--rules", "teams=[[0, 2], [1, 3]]"],
    ["--agents", "random"],
])
def test_bad_options_give_one_line_and_exit_2(args, capsys):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("arena: ") and err.count("\n") == 1


def test_max_moves_is_an_error_not_a_score(capsys):
    assert main(["--agents", "random,random", "--games", "2", "--max-moves", "5", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["errors"] == 2
    assert all(s["wins"] + s["losses"] + s["draws"] == 0 for s in report["seats"])
    assert "no result after 5 moves" in report["error_messages"][0]


@pytest.mark.parametrize("pair,needle", [
    ("deck=" + ALIAS_BOMB, "aliases (*name) are not allowed"),
    ("deck=&a [*a]", "aliases"),
    ("teams=" + "[" * 300 + "]" * 300, "nested more than"),
    ("deck=" + "9" * 50, "number too large"),
    ("deck=" + "9" * 5000, "too long (more than 1000 characters)"),
    ("deck=2001-02-30", "not a valid date"),
    ("deck={a: 1, a: 2}", "duplicate key 'a'"),
    ("variant=" + "x" * 900, "rules.variant: 'xxxxxxxx"),
    ("x" * 5000 + "=1", "rules: unknown key 'xxxx"),
])
def test_a_malformed_rules_value_is_one_short_line(pair, needle, capsys):
    with time_limit():
        assert main(["--agents", "random,random,random,random", f"--rules={pair}"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("arena: ") and err.count("\n") == 1 and len(err) < 300
    assert needle in err


def test_an_alias_bomb_in_rules_is_refused_by_the_command():
    cmd = [sys.executable, "-m", "game.arena", "--rules", "deck=" + ALIAS_BOMB]
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and out.stderr.count("\n") == 1, out.stderr[-500:]


def test_jobs_give_the_same_results_as_one_process(capsys):
    args = ["--agents", "easy,normal", "--games", "6", "--mirror", "--seed", "4", "--json"]
    assert main(args) == 0
    one = json.loads(capsys.readouterr().out)
    assert main(args + ["--jobs", "2"]) == 0
    two = json.loads(capsys.readouterr().out)
    for a, b in zip(one["seats"], two["seats"], strict=True):
        assert (a["wins"], a["losses"], a["draws"]) == (b["wins"], b["losses"], b["draws"])
        assert a["decision_ms"]["count"] == b["decision_ms"]["count"]


def test_a_reader_that_stops_early_gets_no_traceback():
    proc = subprocess.run(
        f"{sys.executable} -m game.arena --agents random,random --games 100 | true",
        shell=True, capture_output=True, text=True, cwd=ROOT)
    assert "Traceback" not in proc.stderr and "BrokenPipe" not in proc.stderr


def test_cpu_clock_is_reported_with_its_unit(capsys):
    args = ["--agents", "hard,random", "--games", "1", "--think-ms", "5", "--seed", "2"]
    assert main(args + ["--cpu-clock", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["clock"] == "cpu"
    assert main(args) == 0
    assert "(ms)" in capsys.readouterr().out
    assert main(args + ["--cpu-clock"]) == 0
    assert "(ms CPU)" in capsys.readouterr().out
