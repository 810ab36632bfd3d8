"""The rules test suite: every tests/scenarios/**/*.yaml file through the scenario command.

Files under tests/scenarios/invalid/ must be rejected whole (exit 2, one stderr line, stdout
{"error": that line}); a `# error mentions: A, B` comment lists words the line must contain.
Every other file must run with exit 0: all its `expect:` entries hold. The valid files run
in-process through game.scenario.main (fast); a sample of them and every invalid file run as
`python -m game.scenario FILE` subprocesses, the way other tests and tools call it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.scenario import main as scenario_main
from tests.fuzz_inputs import time_limit

REPO = Path(__file__).resolve().parent.parent
SCENARIOS = REPO / "tests" / "scenarios"
INVALID = SCENARIOS / "invalid"

STATE_KEYS = {"trump", "talon", "discard", "hands", "table", "attacker", "defender", "out",
              "finished", "result"}

# Files where the engine disagrees with the contract (docs/scenario-format.md) and the file
# follows the contract. strict=True: the day the engine is fixed, the xfail turns into a failure
# so the entry is removed from this list.
KNOWN_ENGINE_BUGS: dict[str, str] = {}

# Valid files also run as real subprocesses: pagat's worked examples and the contract's example.
COMMAND_SAMPLE = ("pagat_example_", "podkidnoy_throw_in_neighbours_five_players",
                  "teams_3v3_rotation_three_bouts", "perevodnoy_show_trump_once_per_card")


def _valid_files() -> list[Path]:
    return sorted(p for p in SCENARIOS.glob("*.yaml"))


def _invalid_files() -> list[Path]:
    return sorted(INVALID.glob("*.yaml"))


def _param(path: Path):
    reason = KNOWN_ENGINE_BUGS.get(path.name)
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(path, id=path.stem, marks=marks)


def _run(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game.scenario", str(path)],
        cwd=REPO, capture_output=True, text=True, timeout=60,
    )


def _explain(path: Path, out: dict) -> str:
    lines = [f"{path.name}:"]
    lines += [f"  failure: {f}" for f in out.get("failures", [])]
    lines += [f"  move {m['index']} '{m['move']}': ok={m['ok']} {m.get('reason', '')}"
              for m in out.get("moves", [])]
    lines.append("  state: " + json.dumps(out.get("state")))
    return "\n".join(lines)


def test_there_are_many_scenarios():
    assert len(_valid_files()) >= 60
    assert len(_invalid_files()) >= 15


def _check_report(path: Path, code: int, stdout: str, stderr: str) -> None:
    assert code in (0, 1), f"exit {code}: {stderr.strip()}"
    out = json.loads(stdout)
    assert set(out) >= {"moves", "state", "failures"}
    assert set(out["state"]) >= STATE_KEYS
    assert all({"index", "move", "ok"} <= set(m) for m in out["moves"])
    assert all("reason" in m for m in out["moves"] if not m["ok"])
    assert code == 0 and out["failures"] == [], _explain(path, out)


@pytest.mark.parametrize("path", [_param(p) for p in _valid_files()])
def test_scenario(path: Path, capsys):
    code = scenario_main([str(path)])
    captured = capsys.readouterr()
    _check_report(path, code, captured.out, captured.err)


@pytest.mark.parametrize(
    "path", [_param(p) for p in _valid_files() if p.stem.startswith(COMMAND_SAMPLE)])
def test_scenario_command(path: Path):
    proc = _run(path)
    _check_report(path, proc.returncode, proc.stdout, proc.stderr)


def _mentions(path: Path) -> list[str]:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# error mentions:"):
            return [w.strip() for w in line.split(":", 1)[1].split(",") if w.strip()]
    return []


@pytest.mark.parametrize("path", [_param(p) for p in _invalid_files()])
def test_invalid_scenario(path: Path):
    proc = _run(path)
    assert proc.returncode == 2, f"exit {proc.returncode}; stdout: {proc.stdout[:500]}"
    lines = proc.stderr.strip("\n").split("\n")
    assert len(lines) == 1 and lines[0].strip(), f"stderr: {proc.stderr!r}"
    assert json.loads(proc.stdout) == {"error": lines[0]}
    for word in _mentions(path):
        assert word.lower() in lines[0].lower(), f"'{word}' not in: {lines[0]}"


# --- bad input (issue 11): exit 2 and one line, whatever the file holds ---

GOOD = """\
deal:
  hands: [[6S, 9C], [7S, 8D]]
  talon: [AC, 9H]
  attacker: 0
moves: [0 attack 6S]
"""

BAD_FILES = {
    "latin-1": ("deal:\n  hands: [[6S, 9C], [7S, 8D]]  # José\n".encode("latin-1"),
                "not UTF-8 text (byte 0xe9 at line 2)"),
    "utf-16": (GOOD.encode("utf-16"), "not UTF-8 text"),
    "deep nesting": (GOOD.encode() + b"expect: {talon: " + b"[" * 3000 + b"]" * 3000 + b"}\n",
                     "nested more than"),
    "huge integer": (GOOD.replace("attacker: 0", "attacker: " + "9" * 5000).encode(),
                     "number too large"),
    "huge seat": (GOOD.replace("[0 attack 6S]", "['" + "0" * 5000 + " attack 6S']").encode(),
                  "moves[0]: '0000000"),
    "seat ①": (GOOD.replace("[0 attack 6S]", "[① attack 6S]").encode(), "moves[0]: '①'"),
    "seat ０": (GOOD.replace("[0 attack 6S]", "[０ attack 6S]").encode(), "moves[0]: '０'"),
    "expect talon: 5": (GOOD + "expect: {talon: 5}\n", "expect.talon: 5 is not a list"),
    "expect hands: {0: 5}": (GOOD + "expect: {hands: {0: 5}}\n", "expect.hands[0]: 5"),
    "expect hands: {①: []}": (GOOD + "expect: {hands: {①: []}}\n", "expect.hands: '①' is not"),
    "expect table: [5]": (GOOD + "expect: {table: [5]}\n", "expect.table: 5 is not"),
    "expect illegal: 5": (GOOD + "expect: {illegal: 5}\n", "expect.illegal: 5 is not a list"),
    "expect illegal: [[1]]": (GOOD + "expect: {illegal: [[1]]}\n", "expect.illegal[0]: [1]"),
    "expect result: {losing_team: 5}": (GOOD + "expect: {result: {losing_team: 5}}\n",
                                        "expect.result.losing_team: 5 is not a list"),
    "expect discard: a date": (GOOD + "expect: {discard: 2001-01-01}\n",
                               "expect.discard: datetime.date(2001, 1, 1) is not a whole"),
    "expect out: [-1]": (GOOD + "expect: {out: [-1]}\n", "expect.out[0]: -1 is not a seat"),
    "long card": (GOOD.replace("6S, 9C", "'" + "x" * 5000 + "'").encode(),
                  "deal.hands[0][0]: 'xxxxxxxx"),
    "not a file": (None, "not a regular file"),
}


@pytest.mark.parametrize("content,needle", BAD_FILES.values(), ids=BAD_FILES.keys())
def test_a_malformed_file_exits_2_with_one_short_line(content, needle, tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    if content is None:
        os.mkfifo(path)
    else:
        path.write_bytes(content.encode() if isinstance(content, str) else content)
    with time_limit():
        code = scenario_main([str(path)])
    captured = capsys.readouterr()
    assert code == 2, captured.out[:300]
    line = captured.err.strip("\n")
    assert "\n" not in line and len(line) < 200 + len(str(path))
    assert needle in line
    assert json.loads(captured.out) == {"error": line}


def test_the_good_file_of_these_cases_runs(tmp_path, capsys):
    path = tmp_path / "good.yaml"
    path.write_text(GOOD + "expect: {hands: {'0': [9C], 1: [7S, 8D]}, illegal: [], out: []}\n")
    assert scenario_main([str(path)]) == 0, capsys.readouterr().out
