"""The rules test suite: every tests/scenarios/**/*.yaml file through the scenario command.

Files under tests/scenarios/invalid/ must be rejected whole (exit 2, one stderr line, stdout
{"error": that line}); a `# error mentions: A, B` comment lists words the line must contain.
Every other file must run with exit 0: all its `expect:` entries hold. The valid files run
in-process through game.scenario.main (fast); a sample of them and every invalid file run as
`python -m game.scenario FILE` subprocesses, the way other tests and tools call it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.scenario import main as scenario_main

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
