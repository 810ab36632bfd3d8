"""The table cues its sounds with the events it shows, through the context's sounds."""

from __future__ import annotations

import pygame
import pytest

from game.config import load_settings
from game.ui.sound import SOUND_NAMES, Sounds
from tests.ui_helpers import (
    HUMAN,
    OTHER,
    TALON,
    ScriptedThinker,
    card_pos,
    deal,
    drag,
    frames,
    key,
    make_runner,
    settings_for,
    settle,
    table_of,
)


class Recorder(Sounds):
    """Hears what the table cues; plays nothing."""

    def __init__(self) -> None:
        super().__init__(enabled=True)
        self.heard: list[str] = []

    def play(self, name: str) -> None:
        if not self.muted:
            self.heard.append(name)


@pytest.fixture
def heard():
    recorder = Recorder()
    runner = make_runner(settings_for(2), ScriptedThinker(), sounds=recorder)
    yield runner, recorder
    runner.scenes.close()


def test_a_bout_beaten_off_then_a_take_sound_as_they_are_shown(heard):
    runner, sounds = heard
    sounds.heard.clear()
    table = deal(runner, [HUMAN, OTHER], TALON, "C", attacker=0)
    assert sounds.heard == ["shuffle", "deal", "turn"]  # the player leads: their turn
    drag(runner, card_pos(table, "6S"), table.layout.table.center)
    settle(runner)  # the computer covers; the player may throw in: the same bout, no bell
    assert sounds.heard[3:] == ["place", "cover"]
    runner.frame(1 / 60, [key(pygame.K_d)])
    settle(runner)  # beaten off, both draw, the computer leads and the player must defend
    assert sounds.heard[5:] == ["sweep", "deal", "deal", "place", "turn"]
    runner.frame(1 / 60, [key(pygame.K_t)])
    settle(runner)
    assert "take" in sounds.heard[10:]
    assert sounds.heard[10:].index("take") < sounds.heard[10:].index("deal")


def test_the_end_of_a_game_sounds_apart_when_you_are_the_fool(heard):
    runner, sounds = heard
    deal(runner, ["6S", "7H"], "", "C", attacker=0)
    drag(runner, card_pos(table_of(runner), "6S"), table_of(runner).layout.table.center)
    settle(runner)
    frames(runner, 30)
    assert table_of(runner).match.finished
    assert sounds.heard[-2:] == ["take", "end"] and "lost" not in sounds.heard

    sounds.heard.clear()
    runner.scenes.pop()  # the end screen
    deal(runner, ["7H", "KD"], "", "C", attacker=1)
    runner.frame(1 / 60, [key(pygame.K_t)])
    settle(runner)
    frames(runner, 30)
    assert table_of(runner).match.finished
    assert sounds.heard[-1] == "lost" and "end" not in sounds.heard


def test_m_mutes_and_unmutes_at_the_table(heard):
    runner, sounds = heard
    table = deal(runner, [HUMAN, OTHER], TALON, "C", attacker=0)
    runner.frame(1 / 60, [key(pygame.K_m)])
    assert sounds.muted and "Sound off" in table.overlay.message
    count = len(sounds.heard)
    drag(runner, card_pos(table, "6S"), table.layout.table.center)
    settle(runner)
    assert len(sounds.heard) == count
    runner.ctx.remembered.wait()
    assert load_settings()[0].ui.sound is False  # remembered, as on the Settings screen
    runner.frame(1 / 60, [key(pygame.K_m)])
    assert not sounds.muted and "Sound on" in table.overlay.message
    runner.ctx.remembered.wait()
    assert load_settings()[0].ui.sound is True


def test_a_whole_computer_game_cues_only_sounds_that_exist():
    sounds = Recorder()
    runner = make_runner(settings_for(3, human=False), demo=True, sounds=sounds)
    table = table_of(runner)
    for _ in range(4000):
        runner.frame(1 / 60, [])
        if table.match.finished and not table.player.busy:
            break
    frames(runner, 5)
    runner.scenes.close()
    assert table.match.finished
    assert set(sounds.heard) <= set(SOUND_NAMES)
    assert {"shuffle", "deal", "place", "end"} <= set(sounds.heard)
    assert "turn" not in sounds.heard and "lost" not in sounds.heard  # nobody is "you"
    for name in SOUND_NAMES:
        assert (sounds.folder / f"{name}.wav").is_file(), name
