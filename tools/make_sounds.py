"""Synthesise the client's sound effects into assets/sounds/ (deterministic: the same bytes on
every run, so the committed files can be checked against this script).

    python tools/make_sounds.py            # writes assets/sounds/*.wav
    python tools/make_sounds.py --out DIR  # somewhere else (the tests compare the bytes)

Why synthesised: no download, no licence to track, and every sound can be tuned here. Each is
short (under half a second), soft at the edges (no clicks) and quiet at the peak, so hearing it
a hundred times in a battle does not tire. Only the standard library: `wave`, `math`, `array`
and a seeded `random` for the noise.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import wave
from array import array
from pathlib import Path

RATE = 22050
PEAK = 0.45  # of full scale
OUT = Path(__file__).resolve().parents[1] / "assets" / "sounds"


def envelope(i: int, count: int, attack: float = 0.004, decay: float = 8.0) -> float:
    """A fast fade-in, then an exponential fall that reaches silence at the end."""
    t = i / RATE
    rise = min(1.0, t / attack) if attack > 0 else 1.0
    fall = math.exp(-decay * t)
    tail = min(1.0, (count - i) / (0.006 * RATE))  # the last 6 ms fade to zero
    return rise * fall * tail


def tone(seconds: float, start_hz: float, end_hz: float, decay: float,
         harmonics: tuple[float, ...] = (1.0,)) -> list[float]:
    """A sine (with optional harmonics) gliding from start_hz to end_hz."""
    count = int(seconds * RATE)
    out, phase = [], 0.0
    for i in range(count):
        hz = start_hz + (end_hz - start_hz) * i / count
        phase += 2 * math.pi * hz / RATE
        value = sum(a * math.sin(phase * (k + 1)) for k, a in enumerate(harmonics))
        out.append(value / sum(harmonics) * envelope(i, count, decay=decay))
    return out


def noise_burst(seconds: float, rng: random.Random, smooth: float, decay: float) -> list[float]:
    """Noise through a one-pole low-pass (`smooth` near 1 = darker)."""
    count = int(seconds * RATE)
    out, last = [], 0.0
    for i in range(count):
        last = smooth * last + (1 - smooth) * rng.uniform(-1, 1)
        out.append(last * envelope(i, count, attack=0.001, decay=decay))
    return out


def mix(length: float, parts: list[tuple[float, list[float], float]]) -> list[float]:
    """Parts placed at their start times (seconds) with a gain each."""
    out = [0.0] * int(length * RATE)
    for start, samples, gain in parts:
        offset = int(start * RATE)
        for i, v in enumerate(samples[: max(0, len(out) - offset)]):
            out[offset + i] += v * gain
    return out


def dice(rng: random.Random) -> list[float]:
    """A rattle: a few bright clicks of wood on wood, closer together as the dice settle."""
    parts, t = [], 0.0
    for gap in (0.0, 0.07, 0.06, 0.045, 0.05):
        t += gap
        parts.append((t, noise_burst(0.05, rng, 0.35, 70.0), 1.0))
        parts.append((t, tone(0.04, 1900 + rng.uniform(-300, 300), 1500, 90.0), 0.35))
    return mix(0.36, parts)


def hit(rng: random.Random) -> list[float]:
    """A dull thump: a low falling tone with a little dark noise on top."""
    return mix(0.2, [(0.0, tone(0.2, 170, 60, 18.0), 1.0),
                     (0.0, noise_burst(0.08, rng, 0.85, 40.0), 0.6)])


def charge(rng: random.Random) -> list[float]:
    """A short rising call: two horn-like notes a fifth apart."""
    horn = (1.0, 0.45, 0.2)
    return mix(0.42, [(0.0, tone(0.16, 220, 235, 5.0, horn), 0.8),
                      (0.14, tone(0.28, 330, 345, 6.0, horn), 0.9),
                      (0.0, noise_burst(0.06, rng, 0.9, 30.0), 0.25)])


def casualty(rng: random.Random) -> list[float]:
    """A soft falling tone: a model is taken off the table."""
    return mix(0.34, [(0.0, tone(0.34, 392, 196, 7.0, (1.0, 0.3)), 1.0)])


def phase(rng: random.Random) -> list[float]:
    """A two-note bell: a new phase or turn."""
    bell = (1.0, 0.0, 0.25)
    return mix(0.46, [(0.0, tone(0.3, 660, 660, 10.0, bell), 0.7),
                      (0.12, tone(0.34, 880, 880, 9.0, bell), 0.7)])


def click(rng: random.Random) -> list[float]:
    """A very short tick for a button."""
    return mix(0.03, [(0.0, tone(0.03, 2200, 1800, 140.0), 0.6),
                      (0.0, noise_burst(0.012, rng, 0.2, 300.0), 0.2)])


SOUNDS = {"dice": dice, "hit": hit, "charge": charge, "casualty": casualty, "phase": phase,
          "click": click}


def render(name: str) -> bytes:
    """The 16-bit mono samples of one sound, scaled to the common peak."""
    samples = SOUNDS[name](random.Random(f"skirmish-{name}"))
    top = max(abs(v) for v in samples) or 1.0
    data = array("h", (round(v / top * PEAK * 32767) for v in samples))
    if sys.byteorder == "big":
        data.byteswap()  # WAV is little-endian
    return data.tobytes()


def write(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in SOUNDS:
        path = folder / f"{name}.wav"
        with wave.open(str(path), "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(RATE)
            out.writeframes(render(name))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the .wav files")
    args = parser.parse_args(argv)
    for path in write(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
