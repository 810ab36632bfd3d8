"""Choices written back to the player's settings.yaml: same settings on the next
launch, comments kept, written atomically, a failure told in one line."""

from __future__ import annotations

import dataclasses

import yaml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.config import (
    LEVELS,
    PlayerSpec,
    SeriesSettings,
    SettingsError,
    load_settings,
    parse_settings,
    shipped_defaults,
)
from game.engine.scoring import SYSTEMS
from game.paths import default_settings_path, user_settings_path
from game.user_settings import remember, remember_ui, render

TEMPLATE = default_settings_path().read_text(encoding="utf-8")
NAMES = st.text(st.characters(codec="utf-8", categories=("L", "N", "P", "Zs")),
                min_size=1, max_size=20).filter(lambda s: s.strip() == s and s.strip())


@st.composite
def any_settings(draw):
    base = shipped_defaults()
    variant = draw(st.sampled_from(("podkidnoy", "perevodnoy", "prostoy")))
    rules = base.rules.with_variant(variant)
    n = draw(st.integers(2, 4 if variant == "prostoy" else 6))
    changes = {
        "deck": draw(st.sampled_from((24, 36, 52))),
        "hand_size": draw(st.integers(1, 10)),
        "trump_exchange": draw(st.booleans()),
        "second_trump": draw(st.booleans()),
        "first_attacker": draw(st.sampled_from(("lowest_trump", "left_of_dealer"))),
        "next_game_leader": draw(st.sampled_from(("from_under_the_fool", "fool_is_taught"))),
    }
    if variant != "prostoy":
        changes["attack_limit"] = draw(st.one_of(st.none(), st.integers(1, 12)))
        changes["throw_in"] = draw(st.sampled_from(("all", "neighbours")))
        if n in (4, 6) and draw(st.booleans()):
            changes["teams"] = ((0, 2), (1, 3)) if n == 4 else ((0, 2, 4), (1, 3, 5))
    rules = dataclasses.replace(rules, **changes)
    human = draw(st.one_of(st.none(), st.integers(0, n - 1)))
    players = []
    for seat in range(n):
        level = draw(st.sampled_from(LEVELS))
        think = draw(st.one_of(st.none(), st.integers(10, 10000))) \
            if level in ("hard", "expert") else None
        kind = "human" if seat == human else "computer"
        players.append(PlayerSpec(draw(NAMES), kind, level if kind == "computer" else "normal",
                                  think if kind == "computer" else None))
    system = "fools" if rules.teams else draw(st.sampled_from(SYSTEMS))
    ui = dataclasses.replace(base.ui, animation_speed=draw(st.sampled_from((0.25, 1.0, 2.5))),
                             language=draw(st.sampled_from(("auto", "en", "ru"))),
                             fullscreen=draw(st.booleans()),
                             sound_volume=draw(st.floats(0.0, 1.0)))
    out = dataclasses.replace(base, rules=rules, players=tuple(players), ui=ui,
                              series=SeriesSettings(system, None))
    try:
        out.check()
    except SettingsError:
        assume(False)
    return out


def test_the_shipped_defaults_render_as_the_shipped_file():
    assert render(shipped_defaults(), TEMPLATE) == TEMPLATE


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_settings())
def test_whatever_is_chosen_reads_back_the_same_and_keeps_every_comment(chosen):
    text = render(chosen, TEMPLATE)
    assert parse_settings(yaml.safe_load(text)) == chosen
    comments = [line for line in TEMPLATE.splitlines() if line.lstrip().startswith("#")
                and not line.lstrip().startswith(("# hand_size:", "# first_attacker:"))]
    assert all(line in text.splitlines() for line in comments)


def test_a_key_at_its_variants_default_stays_commented_so_a_new_variant_brings_its_own():
    prostoy = dataclasses.replace(shipped_defaults(),
                                  rules=shipped_defaults().rules.with_variant("prostoy"))
    text = render(prostoy, TEMPLATE)
    assert "  # hand_size: 6" in text.splitlines()
    back = parse_settings(yaml.safe_load(text.replace("variant: prostoy", "variant: podkidnoy")))
    assert back.rules.hand_size == 6


def test_remembered_settings_are_those_of_the_next_launch():
    chosen = dataclasses.replace(shipped_defaults(), players=(
        PlayerSpec("Вася", "human"), PlayerSpec("Anna", "computer", "hard", 400),
        PlayerSpec("Boris", "computer", "easy")))
    assert remember(chosen) is None
    assert load_settings() == (chosen, [])


def test_the_players_own_comments_and_missing_sections(tmp_path):
    path = user_settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("# my own notes\nui:\n  width: 800  # my laptop\n", encoding="utf-8")
    settings, _ = load_settings()
    chosen = dataclasses.replace(settings, ui=dataclasses.replace(settings.ui, width=1024))
    assert remember(chosen) is None
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# my own notes\nui:\n  width: 1024  # my laptop\n")
    assert load_settings() == (chosen, [])


def test_a_flow_style_file_is_rewritten_from_the_shipped_template():
    path = user_settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{rules: {deck: 52}, ui: {width: 900}}\n", encoding="utf-8")
    settings, _ = load_settings()
    assert remember(settings) is None
    assert load_settings() == (settings, [])
    assert "# Durak settings." in path.read_text(encoding="utf-8")


def test_a_folder_that_cannot_be_written_gives_one_line(tmp_path):
    blocked = tmp_path / "settings.yaml"
    blocked.mkdir()
    message = remember(shipped_defaults(), blocked)
    assert message is not None and "\n" not in message and str(blocked) in message


def test_remembering_the_ui_keeps_what_the_file_says_of_the_rest():
    """The Settings screen writes its ``ui:`` over the rules and players the New game
    screen may have written since the game started, never over older ones."""
    path = user_settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("rules:\n  deck: 52  # the big deck\nplayers:\n  - {name: Zoe, type: human}"
                    "\n  - {name: Ivan, level: expert}\n", encoding="utf-8")
    before, _ = load_settings()
    ui = dataclasses.replace(before.ui, card_size="large", language="ru")
    assert remember_ui(ui) is None
    after, messages = load_settings()
    assert messages == [] and after == dataclasses.replace(before, ui=ui)
    assert "deck: 52  # the big deck" in path.read_text(encoding="utf-8")


def test_remembering_the_ui_without_a_file_or_with_a_broken_one_starts_from_the_defaults():
    assert remember_ui(dataclasses.replace(shipped_defaults().ui, width=1000)) is None
    assert load_settings()[0].ui.width == 1000
    user_settings_path().write_text("- not a mapping\n", encoding="utf-8")
    assert remember_ui(dataclasses.replace(shipped_defaults().ui, width=900)) is None
    assert load_settings() == (dataclasses.replace(
        shipped_defaults(), ui=dataclasses.replace(shipped_defaults().ui, width=900)), [])
