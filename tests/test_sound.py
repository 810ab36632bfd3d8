"""The card sounds: the generator's files, and a player that never stops or slows the game."""

from __future__ import annotations

import os
import subprocess
import sys
import wave
from pathlib import Path

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui.sound import SOUND_NAMES, Sounds, TurnBell, check_files, quiet_stderr  # noqa: E402
from tests.script_helpers import load_script

ROOT = Path(__file__).resolve().parent.parent
SOUNDS = ROOT / "assets" / "sounds"




@pytest.fixture(scope="module")
def generator():
    return load_script("make_sounds")


def samples(path: Path) -> list[int]:
    with wave.open(str(path), "rb") as w:
        data = w.readframes(w.getnframes())
    return [int.from_bytes(data[i:i + 2], "little", signed=True) for i in range(0, len(data), 2)]


def test_the_generator_makes_every_sound_the_game_cues(generator):
    assert set(generator.SOUNDS) == set(SOUND_NAMES)


def test_the_committed_files_are_what_the_generator_makes(generator, tmp_path):
    generator.write(tmp_path)
    for name in SOUND_NAMES:
        made, committed = tmp_path / f"{name}.wav", SOUNDS / f"{name}.wav"
        assert made.read_bytes()[:44] == committed.read_bytes()[:44], name  # the same header
        # Another platform's libm may round a last bit differently: at most one step.
        assert all(abs(a - b) <= 1 for a, b in zip(samples(made), samples(committed),
                                                   strict=True)), name
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{n}.wav" for n in SOUND_NAMES)


def test_the_generator_is_deterministic(generator):
    assert generator.wav_file("deal") == generator.wav_file("deal")


def test_every_sound_is_small_mono_16_bit_unclipped_and_centred():
    total = 0
    for name in SOUND_NAMES:
        path = SOUNDS / f"{name}.wav"
        with wave.open(str(path), "rb") as w:
            assert (w.getframerate(), w.getnchannels(), w.getsampwidth()) == (22050, 1, 2)
            seconds = w.getnframes() / w.getframerate()
        assert 0.05 <= seconds <= 1.3, name
        size = path.stat().st_size
        assert size < 60_000, name
        total += size
        values = samples(path)
        peak = max(abs(v) for v in values)
        assert 0.3 * 32767 < peak < 0.75 * 32767, name  # audible, never clipped
        assert abs(sum(values) / len(values)) < 0.002 * 32767, name  # no DC offset
        assert abs(values[0]) < 200 and abs(values[-1]) < 200, name  # no click at either end
    assert total < 300_000
    check_files()


def test_check_files_names_a_missing_or_broken_sound(tmp_path):
    with pytest.raises(RuntimeError, match="place.wav"):
        check_files(tmp_path)
    for name in SOUND_NAMES:
        (tmp_path / f"{name}.wav").write_bytes((SOUNDS / f"{name}.wav").read_bytes())
    (tmp_path / "take.wav").write_bytes(b"RIFF nonsense")
    with pytest.raises(RuntimeError, match="take.wav"):
        check_files(tmp_path)


# --- the player --------------------------------------------------------------------


@pytest.fixture
def no_device(monkeypatch):
    """A mixer that cannot open a device, counting the attempts."""
    tries = []

    def init(**kwargs):
        tries.append(kwargs)
        raise pygame.error("Couldn't open audio device")

    monkeypatch.setattr(pygame.mixer, "init", init)
    return tries


def test_without_a_device_it_tries_once_then_stays_silent(no_device):
    sounds = Sounds(enabled=True, volume=0.5)
    for _ in range(100):
        sounds.play("place")
    assert len(no_device) == 1 and sounds.failed
    sounds.toggle_mute()
    sounds.toggle_mute()
    sounds.set_volume(0.9)
    sounds.play("deal")
    assert len(no_device) == 1
    sounds.close()


def test_sound_off_or_muted_never_opens_the_mixer(no_device):
    off = Sounds(enabled=False)
    off.play("place")
    silent = Sounds(enabled=True, volume=0.0)
    silent.play("place")
    assert no_device == []
    assert off.toggle_mute() is False  # M turns it on: now it tries
    off.play("place")
    assert len(no_device) == 1


@pytest.fixture
def mixer():
    """A working mixer (SDL's dummy driver plays into nothing)."""
    if os.environ.get("SDL_AUDIODRIVER") != "dummy":
        pytest.skip("needs SDL_AUDIODRIVER=dummy")
    yield
    pygame.mixer.quit()


def test_volume_applies_at_once_to_the_loaded_sounds(mixer):
    sounds = Sounds(enabled=True, volume=0.5)
    sounds.play("place")
    sounds.play("cover")
    assert not sounds.failed
    loaded = [s for s in sounds._sounds.values() if s is not None]
    assert len(loaded) == 2
    assert all(s.get_volume() == pytest.approx(0.5, abs=0.01) for s in loaded)
    sounds.set_volume(0.2)
    assert all(s.get_volume() == pytest.approx(0.2, abs=0.01) for s in loaded)
    sounds.set_volume(7)
    assert sounds.volume == 1.0


def test_a_missing_file_is_silent_and_not_looked_for_again(mixer, tmp_path, monkeypatch):
    sounds = Sounds(enabled=True, volume=1.0, folder=tmp_path)
    sounds.play("place")
    assert sounds._sounds == {"place": None}
    looked = []
    monkeypatch.setattr(pygame.mixer, "Sound", lambda *a: looked.append(a))
    sounds.play("place")
    assert looked == []
    sounds.close()


def test_muting_stops_what_plays(mixer, monkeypatch):
    sounds = Sounds(enabled=True)
    sounds.play("shuffle")
    stopped = []
    monkeypatch.setattr(pygame.mixer, "stop", lambda: stopped.append(1))
    assert sounds.toggle_mute() is True
    assert stopped == [1]
    sounds.play("place")  # muted: nothing new loads
    assert "place" not in sounds._sounds


def test_quiet_stderr_hides_what_c_code_writes_to_descriptor_2():
    code = ("import os\nfrom game.ui.sound import quiet_stderr\n"
            "with quiet_stderr():\n    os.write(2, b'ALSA lib: no card\\n')\n"
            "os.write(2, b'after\\n')\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0
    assert out.stderr == "after\n"


def test_quiet_stderr_restores_descriptor_2_after_an_error():
    before = os.fstat(2)
    with pytest.raises(ZeroDivisionError), quiet_stderr():
        1 / 0  # noqa: B018
    after = os.fstat(2)
    assert (before.st_dev, before.st_ino) == (after.st_dev, after.st_ino)


def test_the_turn_bell_rings_once_a_bout_when_the_table_is_still():
    bell = TurnBell()
    assert not bell.update(True, False, 0)  # waited for, cards still moving
    assert bell.update(True, True, 0)  # they landed: ring
    assert not bell.update(True, True, 0)
    assert not bell.update(False, True, 0)
    assert not bell.update(True, True, 0)  # the same bout: not again
    assert bell.update(True, True, 1)  # the next bout
    assert not bell.update(False, False, 2)
    assert not bell.update(False, True, 2)  # not waited for: no bell



def test_a_chime_note_dies_away_before_it_is_cut(generator):
    """A note cut while still ringing clicks (the first "turn" did, at 0.55 s)."""
    for freq, seconds, decay in ((659.26, 0.55, 0.22), (392.0, 0.3, 0.13)):
        note = generator.bell(freq, seconds, decay)
        peak = max(abs(x) for x in note)
        assert max(abs(x) for x in note[-20:]) < 0.01 * peak
