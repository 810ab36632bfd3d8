"""game.ai.bench_infer reads two-player Podkidnoy against any level: the share of
the opponent's checked moves that fitted the cheapest-first rule."""

from __future__ import annotations

import json

import pytest

from game.ai import bench_infer, expert, podkidnoy_infer


def test_podkidnoy_mode_reports_the_checks(capsys):
    bench_infer.main(["--games", "2", "--opponent", "easy", "--modes", "uniform,podkidnoy",
                      "--rules", "attack_limit=null", "--rules", "trump_exchange=false",
                      "--expert-deals", "2", "--samples", "4"])
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["mode"] for r in rows] == ["uniform", "podkidnoy"]
    assert rows[0]["decisions"] == rows[1]["decisions"] > 0
    assert rows[1]["opponent"] == "easy"
    assert 0.0 <= rows[1]["fitted"] <= 1.0 and rows[1]["checks_a_game"] > 0


def run(capsys, *extra: str) -> list[dict]:
    bench_infer.main(["--games", "2", "--opponent", "easy", "--rules", "attack_limit=null",
                      "--rules", "trump_exchange=false", "--expert-deals", "2", "--samples", "4",
                      *extra])
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_expert_mode_scores_expert_whole_prior(capsys):
    rows = run(capsys, "--modes", "uniform,expert")
    assert [r["mode"] for r in rows] == ["uniform", "expert"]
    assert rows[0]["decisions"] == rows[1]["decisions"] > 0
    assert rows[1]["logloss"] != rows[0]["logloss"]  # its prior weighs something


def test_a_setting_scores_the_same_games(capsys, monkeypatch):
    before = run(capsys, "--modes", "podkidnoy")[0]
    monkeypatch.setattr(podkidnoy_infer, "RULE_PRIOR", podkidnoy_infer.RULE_PRIOR)  # restored after
    after = run(capsys, "--modes", "podkidnoy", "--set", "podkidnoy_infer.RULE_PRIOR=0.99")[0]
    assert after["decisions"] == before["decisions"] and after["cards"] == before["cards"]
    assert after["reliability"] > before["reliability"]


def test_expert_settings_score_the_same_games(capsys, monkeypatch):
    before = run(capsys, "--modes", "expert")[0]
    monkeypatch.setattr(expert, "PASS_BELIEF", expert.PASS_BELIEF)  # restored after
    monkeypatch.setattr(expert, "TAKE_BELIEF", expert.TAKE_BELIEF)
    after = run(capsys, "--modes", "expert", "--set", "expert.PASS_BELIEF=0.01",
                "--set", "expert.TAKE_BELIEF=0.01")[0]
    assert after["decisions"] == before["decisions"] and after["cards"] == before["cards"]
    assert after["logloss"] != before["logloss"]


@pytest.mark.parametrize("pair", ["expert.NO_SUCH=1", "nowhere.LEAD=1", "expert.TAKE_BELIEF=x"])
def test_a_setting_that_is_not_one_is_named(capsys, pair):
    with pytest.raises(SystemExit) as stop:
        bench_infer.main(["--games", "1", "--set", pair])  # before any game is played
    assert stop.value.code == 2
    assert pair in capsys.readouterr().err


def test_recorded_games_are_kept_and_scored_again(capsys, tmp_path, monkeypatch):
    path = str(tmp_path / "games.pkl")
    first = run(capsys, "--modes", "uniform", "--recorded", path)[0]
    monkeypatch.setattr(bench_infer, "record_games", None)  # not called again
    again = run(capsys, "--modes", "uniform", "--recorded", path)[0]
    assert again == first and first["decisions"] > 0


def test_four_players_score_every_opponents_hand(capsys):
    rows = run(capsys, "--players", "4", "--modes", "uniform,expert,avoid")
    assert [r["players"] for r in rows] == [4, 4, 4]
    assert rows[0]["decisions"] == rows[1]["decisions"] == rows[2]["decisions"] > 0
    # three hidden hands and the talon: the right hand is found less often than with one
    assert 0.0 < rows[0]["all"] < 0.5 and rows[0]["logloss"] > 0.0
    assert rows[2]["logloss"] != rows[0]["logloss"]  # the avoided notes weigh something
