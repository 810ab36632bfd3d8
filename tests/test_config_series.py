"""The series: section of settings.yaml: system and target, validated like the rest."""

from __future__ import annotations

import pytest

from game.config import SeriesSettings, SettingsError, parse_keeping_the_rest, parse_settings

FOUR = [{"name": n} for n in ("a", "b", "c", "d")]
TEAMS = {"teams": [[0, 2], [1, 3]]}


@pytest.mark.parametrize("series,expected", [
    (None, SeriesSettings("fools", None)),
    ({"system": "fools", "target": 5}, SeriesSettings("fools", 5)),
    ({"system": "penalty_points", "target": 6}, SeriesSettings("penalty_points", 6)),
    ({"system": "basic_plus"}, SeriesSettings("basic_plus", None)),
    ({"system": "medium", "target": 9}, SeriesSettings("medium", 9)),
    ({"system": "advanced", "target": 100}, SeriesSettings("advanced", 100)),
])
def test_a_good_series_section_is_kept(series, expected):
    assert parse_settings({"series": series}).series == expected


@pytest.mark.parametrize("data,needle", [
    ({"series": {"system": "golf"}}, "series.system: 'golf' is not allowed (allowed: fools, "
                                     "penalty_points, basic, basic_plus, medium, advanced)"),
    ({"series": {"target": "ten"}}, "series.target: 'ten' is not allowed"),
    ({"series": {"target": True}}, "series.target: true is not allowed"),
    ({"series": {"system": "penalty_points", "target": 7}},
     "series.target: 7 is not allowed for penalty_points (4, 5 or 6)"),
    ({"series": {"system": "advanced", "target": 50}},
     "series.target: 50 is not allowed for advanced (only 100)"),
    ({"series": {"target": 0}}, "series.target: 0 is not allowed"),
    ({"series": {"rounds": 3}}, "series: unknown key 'rounds'"),
    ({"series": [1]}, "series: must be a mapping"),
    ({"rules": TEAMS, "players": FOUR, "series": {"system": "basic"}},
     "series.system: team games are scored only as matchsticks (fools)"),
    ({"rules": TEAMS, "players": FOUR, "series": {"target": 3}},
     "series.target: team games are scored only as matchsticks (fools) with no target"),
])
def test_a_bad_series_value_is_one_message_naming_the_key(data, needle):
    with pytest.raises(SettingsError) as err:
        parse_settings(data)
    assert needle in str(err.value)
    assert "\n" not in str(err.value)


def test_a_bad_series_key_falls_back_and_the_rest_is_kept():
    data = {"rules": {"deck": 52}, "series": {"system": "penalty_points", "target": 9}}
    settings, faults = parse_keeping_the_rest(data)
    assert settings.series == SeriesSettings("penalty_points", None)
    assert settings.rules.deck == 52
    assert len(faults) == 1 and faults[0].startswith("series.target: 9")


def test_a_team_table_keeps_its_teams_and_drops_the_scoring_it_cannot_have():
    data = {"rules": TEAMS, "players": FOUR, "series": {"system": "medium", "target": 4}}
    settings, faults = parse_keeping_the_rest(data)
    assert settings.rules.teams == ((0, 2), (1, 3))
    assert settings.series == SeriesSettings("fools", None)
    assert [f.split(":")[0] for f in faults] == ["series.system", "series.target"]
