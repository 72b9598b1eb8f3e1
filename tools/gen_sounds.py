"""Generate the game's sound effects as small WAV files in assets/sounds (committed).

Synthesised from seeded noise and decaying partials, so they can be regenerated bit for bit:
    python tools/gen_sounds.py
"""

from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"


def _write(name: str, samples: list[float]) -> None:
    peak = max(1e-9, max(abs(s) for s in samples))
    data = b"".join(struct.pack("<h", round(s / peak * 0.9 * 32767)) for s in samples)
    OUT.mkdir(parents=True, exist_ok=True)
    with wave.open(str(OUT / f"{name}.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data)


def _partials(
    seconds: float,
    parts: list[tuple[float, float, float]],
    noise: float,
    noise_decay: float,
    rng: random.Random,
) -> list[float]:
    """Sum of (frequency, amplitude, decay rate) sines plus a decaying noise burst."""
    n = int(seconds * RATE)
    out = []
    lp = 0.0
    for i in range(n):
        t = i / RATE
        s = sum(a * math.exp(-d * t) * math.sin(2 * math.pi * f * t) for f, a, d in parts)
        lp += 0.5 * (rng.uniform(-1, 1) - lp)
        s += noise * math.exp(-noise_decay * t) * lp
        attack = min(1.0, i / (0.0015 * RATE))
        out.append(s * attack)
    return out


def main() -> None:
    rng = random.Random(1999)
    # A fingernail flick on a cap: a dull thump with a dry scrape.
    _write(
        "flick", _partials(0.16, [(180, 0.7, 40), (420, 0.35, 60), (2900, 0.15, 90)], 0.9, 45, rng)
    )
    # Steel on steel: bright, inharmonic, short. Two weights of hit.
    _write(
        "click_soft",
        _partials(0.12, [(3150, 0.6, 70), (4730, 0.4, 90), (6480, 0.25, 120)], 0.25, 200, rng),
    )
    _write(
        "click_hard",
        _partials(
            0.22, [(2630, 0.8, 35), (3990, 0.6, 45), (5820, 0.4, 60), (910, 0.3, 50)], 0.5, 120, rng
        ),
    )
    # Interface: a soft tick, and a two-note chalk-board chime for good news.
    _write("ui", _partials(0.06, [(1400, 0.5, 120), (2100, 0.2, 160)], 0.0, 1, rng))
    chime = _partials(0.5, [(660, 0.6, 7), (1320, 0.2, 9)], 0.0, 1, rng)
    second = _partials(0.5, [(880, 0.6, 6), (1760, 0.2, 8)], 0.0, 1, rng)
    gap = int(0.11 * RATE)
    _write("award", [a + (second[i - gap] if i >= gap else 0.0) for i, a in enumerate(chime)])
    # A cap dying in the skull: a low wooden knock.
    _write("stuck", _partials(0.35, [(110, 0.8, 12), (165, 0.4, 16)], 0.2, 30, rng))


if __name__ == "__main__":
    main()
