"""settings.yaml: the shipped file is valid; every fault is one message naming the key."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from game.config import (
    SettingsError,
    load_settings,
    load_settings_file,
    parse_settings,
    shipped_defaults,
)
from game.engine import RULE_KEYS
from game.paths import atomic_write, default_settings_path

REPO = Path(__file__).resolve().parent.parent


def test_the_shipped_settings_load_and_name_every_rule_key():
    settings, messages = load_settings(REPO / "settings.yaml")
    assert messages == []
    text = (REPO / "settings.yaml").read_text()
    shipped = yaml.safe_load(text)["rules"]
    assert set(shipped) == set(RULE_KEYS)
    assert settings.rules.variant == "podkidnoy"
    assert default_settings_path() == REPO / "settings.yaml"


@pytest.mark.parametrize("data,needle", [
    ({"rules": {"deck": 40}}, "rules.deck: 40 is not allowed (allowed: 24, 36, 52)"),
    ({"rules": {"variant": "simple"}}, "rules.variant: 'simple' is not allowed"),
    ({"rules": {"colour": 1}}, "unknown key 'colour'"),
    ({"rules": {"hand_size": 0}}, "rules.hand_size: 0 is not allowed (allowed: 1..10)"),
    ({"rules": {"attack_limit": "six"}}, "rules.attack_limit: 'six'"),
    ({"rules": {"trump_exchange": "yes"}}, "rules.trump_exchange: 'yes' is not allowed"),
    ({"rules": {"teams": [[0, 1], [2, 3]]},
      "players": [{"name": n} for n in "abcd"]}, "rules.teams"),
    ({"players": [{"name": "x", "level": "godlike"}, {"name": "y"}]},
     "players[0].level: 'godlike' is not allowed (allowed: random, easy, normal, hard, expert)"),
    ({"players": [{"name": "x"}]}, "players: must be a list of 2 to 6 players"),
    ({"ui": {"animation_speed": 9}}, "ui.animation_speed: 9 is not allowed (allowed: 0.25..4.0)"),
    ({"ui": {"shiny": True}}, "ui: unknown key 'shiny'"),
    ({"extra": 1}, "settings: unknown key 'extra'"),
])
def test_a_bad_value_is_one_message_naming_the_key(data, needle):
    with pytest.raises(SettingsError) as err:
        parse_settings(data)
    assert needle in str(err.value)
    assert "\n" not in str(err.value)


def test_a_file_that_is_not_yaml_says_so_with_the_line(tmp_path):
    bad = tmp_path / "settings.yaml"
    bad.write_text("rules:\n  deck: [36\n")
    with pytest.raises(SettingsError, match="not valid YAML at line"):
        load_settings_file(bad)


def test_a_broken_user_file_is_set_aside_and_defaults_are_used(tmp_path, monkeypatch):
    monkeypatch.setenv("DURAK_USER_DIR", str(tmp_path))
    (tmp_path / "settings.yaml").write_text("rules: {deck: 7}\n")
    settings, messages = load_settings()
    assert settings.rules.deck == 36
    assert len(messages) == 1 and "rules.deck: 7" in messages[0]
    assert (tmp_path / "settings.yaml.broken-1").exists()
    assert not (tmp_path / "settings.yaml").exists()


def test_a_valid_user_file_overrides_the_defaults(tmp_path, monkeypatch):
    monkeypatch.setenv("DURAK_USER_DIR", str(tmp_path))
    atomic_write(tmp_path / "settings.yaml", "rules: {variant: perevodnoy}\n")
    settings, messages = load_settings()
    assert settings.rules.variant == "perevodnoy" and messages == []
    assert [p.name for p in tmp_path.iterdir()] == ["settings.yaml"]


def test_the_shipped_file_says_what_the_code_defaults_say():
    assert load_settings_file(REPO / "settings.yaml") == parse_settings({})


def test_without_the_shipped_file_the_code_defaults_are_used(tmp_path, monkeypatch):
    monkeypatch.setattr("game.config.default_settings_path", lambda: tmp_path / "none.yaml")
    assert shipped_defaults() == parse_settings({})
