"""settings.yaml: the shipped file is valid; every fault is one message naming the key."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

import pytest
import yaml

from game import i18n
from game.config import (
    PlayerSpec,
    SettingsError,
    UiSettings,
    load_settings,
    load_settings_file,
    parse_settings,
    settings_language,
    shipped_defaults,
)
from game.engine import RULE_KEYS, Rules
from game.paths import atomic_write, default_settings_path
from tests.fuzz_inputs import ALIAS_BOMB, time_limit

REPO = Path(__file__).resolve().parent.parent


def test_the_shipped_settings_load_and_name_every_rule_key():
    settings, messages = load_settings(REPO / "settings.yaml")
    assert messages == []
    text = (REPO / "settings.yaml").read_text()
    shipped = yaml.safe_load(text)["rules"]
    # hand_size and first_attacker are left unset (commented), so that each variant
    # gets its own default (five cards and left_of_dealer in prostoy)
    unset = {"hand_size", "first_attacker"}
    assert set(shipped) == set(RULE_KEYS) - unset
    assert all(f"\n  # {key}: " in text for key in unset)
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
    ({"ui": {"sound_volume": 1.5}}, "ui.sound_volume: 1.5 is not allowed (allowed: 0.0..1.0)"),
    ({"ui": {"sound_volume": "loud"}}, "ui.sound_volume: 'loud' is not allowed"),
    ({"ui": {"sound": "yes"}}, "ui.sound: 'yes' is not allowed (allowed: true, false)"),
    ({"ui": {"card_size": "huge"}},
     "ui.card_size: 'huge' is not allowed (allowed: small, normal, large)"),
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
    (tmp_path / "settings.yaml").write_text("- rules\n- players\n")
    settings, messages = load_settings()
    assert settings == shipped_defaults()
    assert len(messages) == 1 and "the file must be a mapping" in messages[0]
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


# --- bad input (issue 11): one line, the file set aside, the defaults, never a crash ---

BROKEN_USER_FILES = {
    "latin-1": "players:\n  - {name: José, type: human}\n  - {name: Anna}\n".encode("latin-1"),
    "utf-16": "players:\n  - {name: José, type: human}\n  - {name: Anna}\n".encode("utf-16"),
    "deep nesting": b"rules: " + b"[" * 3000 + b"]" * 3000 + b"\n",
    "5,000-digit integer": b"rules: {deck: " + b"9" * 5000 + b"}\n",
    "alias bomb": f"rules:\n  deck: {ALIAS_BOMB}\n".encode(),
    "1.3 MB": b"ui: {width: 1280}\n" + b"# padding\n" * 130_000,
    "80,000 values": b"rules: {deck: [" + b"1, " * 80_000 + b"1]}\n",
    "duplicate key": b"rules: {deck: 36}\nrules: {deck: 52}\n",
    "impossible date": b"ui: {language: 2001-02-30}\n",
}


@pytest.mark.parametrize("content", BROKEN_USER_FILES.values(), ids=BROKEN_USER_FILES.keys())
def test_a_broken_user_file_is_one_short_line_set_aside_with_defaults(content, tmp_path,
                                                                     monkeypatch):
    monkeypatch.setenv("DURAK_USER_DIR", str(tmp_path))
    (tmp_path / "settings.yaml").write_bytes(content)
    with time_limit():
        settings, messages = load_settings()
    assert settings == shipped_defaults()
    assert len(messages) == 1 and "\n" not in messages[0] and len(messages[0]) < 300
    assert "moved to settings.yaml.broken-1" in messages[0]
    assert (tmp_path / "settings.yaml.broken-1").read_bytes() == content


@pytest.mark.parametrize("content,needle", [
    (BROKEN_USER_FILES["latin-1"], "not UTF-8 text (byte 0xe9 at line 2)"),
    (b"1: a\nfoo: b\n", "settings: unknown key 1 (known keys: rules"),
    (BROKEN_USER_FILES["deep nesting"], "nested more than"),
    (BROKEN_USER_FILES["5,000-digit integer"], "at line 1: number too large"),
    (BROKEN_USER_FILES["alias bomb"], "at line 2: aliases (*name) are not allowed"),
    (BROKEN_USER_FILES["1.3 MB"], "too large (more than 256 KB)"),
    (BROKEN_USER_FILES["80,000 values"], "at line 1: more than 5000 values"),
    (BROKEN_USER_FILES["duplicate key"], "at line 2: duplicate key 'rules'"),
])
def test_the_message_says_what_is_wrong_and_where(content, needle, tmp_path):
    path = tmp_path / "settings.yaml"
    path.write_bytes(content)
    with pytest.raises(SettingsError) as err:
        load_settings_file(path)
    assert needle in str(err.value)


@pytest.mark.parametrize("make", ["fifo", "dev_zero", "folder"])
def test_a_fifo_or_device_in_place_of_the_file_is_refused_at_once(make, tmp_path, monkeypatch):
    monkeypatch.setenv("DURAK_USER_DIR", str(tmp_path))
    user = tmp_path / "settings.yaml"
    if make == "fifo":
        os.mkfifo(user)
    elif make == "dev_zero":
        user.symlink_to("/dev/zero")
    else:
        user.mkdir()
    with time_limit():
        settings, messages = load_settings()
    assert settings == shipped_defaults()
    assert len(messages) == 1 and "not a regular file" in messages[0]
    assert not os.path.lexists(user)


def test_a_broken_file_that_cannot_be_set_aside_is_reported_and_ignored(tmp_path, monkeypatch):
    def read_only_folder(path):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setenv("DURAK_USER_DIR", str(tmp_path))
    monkeypatch.setattr("game.config.set_aside", read_only_folder)
    (tmp_path / "settings.yaml").write_text("rules: [1, 2]\n\tui: {}\n")
    settings, messages = load_settings()
    assert settings == shipped_defaults()
    assert len(messages) == 1
    assert "not valid YAML at line 2" in messages[0]
    assert "could not be moved aside (Permission denied)" in messages[0]


@pytest.mark.parametrize("players,needle", [
    ([{"name": "A", "type": "human"}, {"name": "B", "type": "human"}],
     "players[1].type: only one player may be human (seat 0 is)"),
    ([{"name": "A", "type": "human"}, {"name": "B", "level": "normal", "think_ms": 300}],
     "players[1].think_ms: only the levels that think (hard, expert)"),
    ([{"name": "A", "type": "human", "think_ms": 300}, {"name": "B"}],
     "players[0].think_ms: only the levels that think"),
    ([{"name": "A\nB", "type": "human"}, {"name": "B"}],
     "players[0].name: 'A\\nB' holds a line break or a control character"),
    ([{"name": "A", "type": "human"}, {"name": "B\x1b[31m"}],
     "players[1].name: 'B\\x1b[31m' holds a line break"),
    ([{"name": "A", "type": "human"}, {"name": "B\u2028C"}], "players[1].name:"),
    ([{"name": "A", "type": "human"}, {"name": 1, 2: 3}], "players[1]: unknown key 2"),
])
def test_what_the_game_cannot_do_is_refused_by_name(players, needle):
    with pytest.raises(SettingsError) as err:
        parse_settings({"players": players})
    assert needle in str(err.value)
    assert "\n" not in str(err.value)


def test_a_thinking_time_for_a_level_that_thinks_is_kept():
    players = [{"name": "A", "type": "human"}, {"name": "B", "level": "hard", "think_ms": 300}]
    assert parse_settings({"players": players}).players[1].think_ms == 300


def test_stale_temp_files_of_an_interrupted_write_are_removed_on_start(tmp_path, monkeypatch):
    monkeypatch.setenv("DURAK_USER_DIR", str(tmp_path))
    stale = tmp_path / "settings.yamlx8k2_q.tmp"  # what tempfile.mkstemp used to leave
    stale.write_text("rules: {deck: 5")
    an_hour_ago = time.time() - 3600
    os.utime(stale, (an_hour_ago, an_hour_ago))
    fresh = tmp_path / "settings.yaml.0a1b2c.tmp"  # perhaps another copy writing right now
    fresh.write_text("rules: {")
    other = tmp_path / "saves.tmp"
    other.write_text("")
    os.utime(other, (an_hour_ago, an_hour_ago))
    load_settings()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["saves.tmp", "settings.yaml.0a1b2c.tmp"]


def test_a_rewritten_file_keeps_its_mode(tmp_path):
    path = tmp_path / "settings.yaml"
    path.write_text("ui: {}\n")
    path.chmod(0o644)
    atomic_write(path, "ui: {fullscreen: true}\n")
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    assert path.read_text() == "ui: {fullscreen: true}\n"


def test_a_new_file_gets_the_mode_the_umask_allows(tmp_path):
    old = os.umask(0o022)
    try:
        atomic_write(tmp_path / "new.yaml", "ui: {}\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.yaml").stat().st_mode) == 0o644


def test_a_symlinked_file_is_written_through_the_link(tmp_path):
    real = tmp_path / "dotfiles" / "durak.yaml"
    real.parent.mkdir()
    real.write_text("ui: {}\n")
    link = tmp_path / "settings.yaml"
    link.symlink_to(real)
    atomic_write(link, "ui: {fullscreen: true}\n")
    assert link.is_symlink()
    assert real.read_text() == "ui: {fullscreen: true}\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dotfiles", "settings.yaml"]


def test_a_wrong_key_falls_back_to_its_default_and_the_rest_is_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("DURAK_USER_DIR", str(tmp_path))
    text = """\
1: one
rules: {variant: perevodnoy, deck: 7, colour: red}
players:
  - {name: Me, type: human}
  - {name: Bot, level: godlike, think_ms: 200}
  - {name: Two, type: human}
  - 17
ui: {width: 1024, shiny: true, language: '""" + "x" * 5000 + """'}
"""
    (tmp_path / "settings.yaml").write_text(text)
    settings, messages = load_settings()
    assert settings.rules == Rules(variant="perevodnoy")
    assert settings.players == (PlayerSpec("Me", "human"), PlayerSpec("Bot"),
                                PlayerSpec("Two"), PlayerSpec("Player 4"))
    assert settings.ui == UiSettings(width=1024)
    faults = [m.split(": ", 1)[1] for m in messages]
    assert [f.split(":")[0] for f in faults] == [
        "settings", "rules.deck", "rules", "players[1].level", "players[1].think_ms",
        "players[3]", "players[2].type", "ui", "ui.language"]
    assert "rules.deck: 7 is not allowed (allowed: 24, 36, 52); this setting is ignored" \
        in faults
    # one short line each, whatever the length of the file's path before it
    assert all("\n" not in m and len(f) < 260 for m, f in zip(messages, faults, strict=True))
    assert (tmp_path / "settings.yaml").read_text() == text  # kept for the player to mend


def test_a_fault_in_the_rules_is_told_in_the_language_the_file_chooses(tmp_path, monkeypatch,
                                                                       russian):
    monkeypatch.setenv("DURAK_USER_DIR", str(tmp_path))
    text = """\
rules: {variant: prostoy, attack_limit: null, deck: 7}
players: [{name: Me, type: human}, {name: Bot}]
ui: {language: ru}
"""
    (tmp_path / "settings.yaml").write_text(text)
    assert settings_language() == "ru"
    i18n.set_language("en")
    i18n.set_language(settings_language())  # as the app does before loading
    settings, messages = load_settings()
    assert settings.rules == Rules(variant="prostoy", hand_size=5,
                                   first_attacker="left_of_dealer")
    faults = [m.split(": ", 1)[1] for m in messages]
    assert faults == [
        "rules.deck: значение 7 недопустимо (допустимо: 24, 36, 52); эта настройка пропущена",
        "rules.attack_limit: значение null не действует в варианте prostoy (там всегда 6); "
        "эта настройка пропущена"]


@pytest.mark.parametrize("content", ["ui: {language: ru", "ui: {language: de}", "ui: 3", "[]"])
def test_a_file_naming_no_allowed_language_speaks_the_systems(content, tmp_path):
    (tmp_path / "s.yaml").write_text(content)
    assert settings_language(tmp_path / "s.yaml") == "auto"
    assert settings_language(tmp_path / "missing.yaml") == "auto"


def test_the_engine_still_speaks_english_for_the_scenario_command():
    with pytest.raises(ValueError, match=r"^rules.attack_limit: null does not apply to "
                                         r"prostoy \(it keeps 6\)$"):
        Rules.from_mapping({"variant": "prostoy", "attack_limit": None})


def test_a_table_the_rules_cannot_seat_is_refused_in_the_players_language(russian):
    data = {"rules": {"variant": "prostoy"},
            "players": [{"name": "Me", "type": "human"}, *({"name": n} for n in "ABCD")]}
    with pytest.raises(SettingsError) as caught:
        parse_settings(data)
    assert str(caught.value) == "players: 5 недопустимо в варианте prostoy (можно от 2 до 4)"
    assert caught.value.key == ("rules", "variant")
