"""Synthesise the card sounds as assets/sounds/<name>.wav (22,050 Hz, mono, 16-bit).

Usage: python build_scripts/make_sounds.py [OUT_DIR]   (default: the checkout's assets/sounds)
Standard library only (wave, math, random with a fixed seed per sound): running it twice
writes the same bytes. Each sound is made of a few pieces: filtered noise bursts for
cards touching cards, noise through a moving band for swishes, decaying partials for chimes.
"""

from __future__ import annotations

import io
import math
import os
import random
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22_050
PEAK = 0.7  # the loudest sound's peak (about -3 dBFS): loud enough, never clipped
# The chimes are long and tonal and sound louder than a card's click at the same peak.
QUIETER = {"turn": 0.55, "end": 0.65, "lost": 0.65}
ROOT = Path(__file__).resolve().parent.parent

Samples = list[float]


def silence(seconds: float) -> Samples:
    return [0.0] * int(seconds * RATE)


def mix(into: Samples, piece: Samples, at: float, gain: float = 1.0) -> None:
    """Add ``piece`` into ``into`` starting ``at`` seconds, growing ``into`` if needed."""
    start = int(at * RATE)
    if len(into) < start + len(piece):
        into.extend([0.0] * (start + len(piece) - len(into)))
    for i, x in enumerate(piece):
        into[start + i] += gain * x


def bandpass(signal: Samples, centre: Callable[[float], float], q: float) -> Samples:
    """A state-variable band-pass filter whose centre (Hz) may move with time (0..1)."""
    low = band = 0.0
    out = []
    n = max(1, len(signal) - 1)
    for i, x in enumerate(signal):
        f = 2 * math.sin(math.pi * min(centre(i / n), RATE / 6) / RATE)
        high = x - low - band / q
        band += f * high
        low += f * band
        out.append(band)
    return out


def snap(rng: random.Random, centre: float, seconds: float, body: float = 140.0) -> Samples:
    """A card meeting the table: a band of noise with a very quick decay, and a soft thump."""
    tau = seconds / 5
    noise = [rng.uniform(-1, 1) for _ in range(int(seconds * RATE))]
    click = bandpass(noise, lambda t: centre * (1.15 - 0.3 * t), 1.6)
    out = []
    for i, x in enumerate(click):
        t = i / RATE
        attack = min(1.0, t / 0.0015)
        thump = 0.35 * math.sin(2 * math.pi * body * t) * math.exp(-t / (tau * 0.8))
        out.append(attack * (2.2 * x * math.exp(-t / tau) + thump))
    return out


def swish(rng: random.Random, seconds: float, low: float, high: float, q: float) -> Samples:
    """Cards sliding: noise through a band that rises from ``low`` to ``high`` and falls
    back, louder in the middle."""
    noise = [rng.uniform(-1, 1) for _ in range(int(seconds * RATE))]
    sweep = bandpass(noise, lambda t: low + (high - low) * math.sin(math.pi * t) ** 2, q)
    n = len(sweep)
    return [x * math.sin(math.pi * i / n) ** 1.5 for i, x in enumerate(sweep)]


def bell(freq: float, seconds: float, decay: float) -> Samples:
    """A soft chime: a few partials, the higher ones dying sooner, with a gentle onset."""
    partials = ((1.0, 1.0, 1.0), (2.0, 0.35, 0.6), (3.01, 0.12, 0.4), (4.2, 0.05, 0.25))
    out = []
    for i in range(int(seconds * RATE)):
        t = i / RATE
        onset = min(1.0, t / 0.006, (seconds - t) / 0.04)  # and a release: no click at the end
        out.append(onset * sum(a * math.sin(2 * math.pi * freq * k * t) * math.exp(-t / (decay * d))
                               for k, a, d in partials))
    return out


def finish(signal: Samples, peak_to: float) -> Samples:
    """No DC offset, a short fade at both ends (no click), scaled to peak at ``peak_to``."""
    mean = sum(signal) / len(signal)
    out = [x - mean for x in signal]
    fade = min(len(out) // 4, int(0.004 * RATE))
    for i in range(fade):
        out[i] *= i / fade
        out[-1 - i] *= i / fade
    peak = max(abs(x) for x in out) or 1.0
    return [x * peak_to / peak for x in out]


# --- the sounds --------------------------------------------------------------------


def place(rng: random.Random) -> Samples:
    return snap(rng, 2600, 0.09)


def cover(rng: random.Random) -> Samples:
    return snap(rng, 1900, 0.12, body=115)


def deal(rng: random.Random) -> Samples:
    out: Samples = []
    for k in range(4):
        mix(out, snap(rng, rng.uniform(2400, 3000), 0.07), k * 0.085 + rng.uniform(0, 0.01),
            rng.uniform(0.75, 1.0))
    return out


def sweep(rng: random.Random) -> Samples:
    return swish(rng, 0.45, 500, 3200, 2.5)


def take(rng: random.Random) -> Samples:
    out = swish(rng, 0.42, 250, 1300, 1.8)
    for at in (0.05, 0.16, 0.26):
        mix(out, snap(rng, rng.uniform(1200, 1600), 0.1, body=95), at, 0.5)
    mix(out, snap(rng, 900, 0.16, body=80), 0.34, 0.9)  # the pile lands in the hand
    return out


def shuffle(rng: random.Random) -> Samples:
    """A riffle: tiny clicks, quick in the middle and slow at both ends, then the squaring."""
    out = silence(0.7)
    at = 0.02
    while at < 0.5:
        speed = math.sin(math.pi * at / 0.5)
        mix(out, snap(rng, rng.uniform(3200, 4200), 0.018, body=0), at, rng.uniform(0.3, 0.6))
        at += 0.006 + 0.02 * (1 - speed) + rng.uniform(0, 0.004)
    mix(out, snap(rng, 1500, 0.14, body=100), 0.55, 0.9)
    return out


def turn(rng: random.Random) -> Samples:
    out = bell(659.26, 0.55, 0.22)  # E5, then A5
    mix(out, bell(880.0, 0.55, 0.25), 0.13)
    return out


def end(rng: random.Random) -> Samples:
    """A game is over and you are not the fool: a rising arpeggio."""
    out: Samples = []
    for k, freq in enumerate((523.25, 659.26, 783.99, 1046.5)):  # C5 E5 G5 C6
        mix(out, bell(freq, 0.6 if k == 3 else 0.35, 0.3 if k == 3 else 0.15), k * 0.11)
    return out


def lost(rng: random.Random) -> Samples:
    """You are the fool: three falling notes, the last one long."""
    out: Samples = []
    for k, freq in enumerate((392.0, 369.99, 349.23)):  # G4 F#4 F4
        mix(out, bell(freq, 0.7 if k == 2 else 0.3, 0.3 if k == 2 else 0.13), k * 0.2)
    return out


SOUNDS: dict[str, Callable[[random.Random], Samples]] = {
    "place": place, "cover": cover, "deal": deal, "sweep": sweep, "take": take,
    "shuffle": shuffle, "turn": turn, "end": end, "lost": lost,
}


def wav_bytes(samples: Samples) -> bytes:
    frames = bytearray()
    for x in samples:
        frames += max(-32768, min(32767, round(x * 32767))).to_bytes(2, "little", signed=True)
    return bytes(frames)


def render(name: str) -> Samples:
    seed = sum(ord(ch) * 31 ** i for i, ch in enumerate(name)) % 2**32  # not hash(): salted
    return finish(SOUNDS[name](random.Random(seed)), PEAK * QUIETER.get(name, 1.0))


def wav_file(name: str) -> bytes:
    """The whole WAV file of one sound."""
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(wav_bytes(render(name)))
    return buf.getvalue()


def write(folder: Path) -> list[Path]:
    """Write every sound into ``folder``, each file replaced whole or not at all."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in SOUNDS:
        path = folder / f"{name}.wav"
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_bytes(wav_file(name))
        os.replace(tmp, path)
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else ROOT / "assets" / "sounds"
    for path in write(folder):
        print(f"{path}: {path.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
