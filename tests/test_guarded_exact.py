"""The guarded policy's Python bookkeeping may be made cheaper, never different: a few dozen
hard shots into packed caps (held ones too, straight and with spin, drawn and not, in fresh
worlds and again and again in one world as a planner shoots) must come out bit for bit as they
did when these digests were recorded: every position, contact, step size and count."""

from __future__ import annotations

import hashlib
import math
import random

import pytest

from skully_game.skully.board import BoardSpec
from skully_game.skully.caps import CapType
from skully_game.skully.physics import MAX_SPEED, Flick, ShotResult, StepPolicy, World, simulate
from tests.test_flight_overlap import packed

SPEC = BoardSpec()
MID = SPEC.board_side / 2
Vec = tuple[float, float]
Shot = tuple[list[CapType], list[Vec], frozenset[int], Flick]


def crowd(rng: random.Random) -> Shot:
    """Seven caps of any kinds packed round the middle, touching or up to 3 mm apart, up to two
    held, and an eighth flicked into them from 5 cm to a metre off, mostly as hard as a hand
    can, straight or off-centre."""
    caps, places = packed(rng)
    a, d = rng.uniform(0, 2 * math.pi), caps[0].spec.radius + rng.uniform(0.05, 1.0)
    striker = (MID + d * math.cos(a), MID + d * math.sin(a))
    target = places[rng.randrange(7)]
    angle = math.atan2(target[1] - striker[1], target[0] - striker[0]) + rng.uniform(-0.05, 0.05)
    held = frozenset(rng.sample(range(1, 8), rng.choice((0, 1, 2))))
    offset = rng.choice((0.0, 0.0, 0.5, -1.0))
    speed = rng.choice((MAX_SPEED, MAX_SPEED, 4.0, 1.5))
    return caps, [striker, *places], held, Flick(0, angle, speed, offset)


def bench(caps: list[CapType]) -> Shot:
    """tools/bench_physics.py's break: a cap on 13 with six round it, struck hard from box 1."""
    d = caps[1].spec.radius + max(cap.spec.radius for cap in caps[2:]) + 0.002
    ring = [
        (MID + d * math.cos(k * math.pi / 3 + 0.25), MID + d * math.sin(k * math.pi / 3 + 0.25))
        for k in range(6)
    ]
    angle = math.atan2(MID - 0.42, MID - 0.45) - 0.04
    return caps, [(0.45, 0.42), (MID, MID), *ring], frozenset(), Flick(0, angle, 7.0)


SHOTS = [crowd(random.Random(7300 + seed)) for seed in range(36)]
SHOTS += [bench([CapType.CROWN] * 8), bench([CapType.CROWN, *CapType, CapType.WAX])]


def fold(digest: hashlib._Hash, result: ShotResult, schedule: list[tuple[float, int]]) -> None:
    """Every number of a shot into the digest, floats by their exact bits."""
    h = float.hex
    parts = [str(result.steps), h(result.duration), str(result.settled), result.policy.value]
    parts += [f"{h(x)},{h(y)}" for x, y in result.rest]
    parts += [f"{h(c.time)},{c.a},{c.b},{h(c.speed)}" for c in result.contacts]
    parts += [f"{h(dt)}x{n}" for dt, n in schedule]
    for k in range(len(result.trajectory)):
        parts += [f"{h(x)},{h(y)},{h(a)}" for x, y, a in result.trajectory.frame(k)]
    digest.update(";".join(parts).encode())


def fresh(traced: bool) -> str:
    """Each shot simulated in a fresh world, as a game's shot is."""
    digest = hashlib.sha256()
    for caps, places, held, flick in SHOTS:
        world = World(SPEC, caps, places, held, policy=StepPolicy.GUARDED)
        world.flick(flick)
        fold(digest, world.run_to_rest(trace=traced), world.schedule)
    return digest.hexdigest()


def reused() -> str:
    """Several shots in one world each, as a planner tries flicks (chipmunk's warm start and
    the policy's kept state carry from one to the next)."""
    digest = hashlib.sha256()
    for caps, places, held, flick in SHOTS[:12]:
        world = World(SPEC, caps, places, held, policy=StepPolicy.GUARDED)
        for turn in range(4):
            tried = Flick(0, flick.angle + 0.03 * turn, flick.speed * (1.0 - 0.2 * turn))
            fold(digest, world.shoot(tried, trace=turn == 3), world.schedule)
    return digest.hexdigest()


# recorded from the guarded policy as first merged (before its bookkeeping was made cheaper)
HEADLESS = "3f9572f1581b07b3148d2f6fe262a6d2b9e846bb1e24e97ce1d64ea0c21d734b"
DRAWN = "b8cfec645f52b5f30ab5f897f51e4d788f16845f821ec7aa03f1dc308d6bf634"
REUSED = "27446fa24a266e38e36f2cdcad545a432848afde77a7d0b48955288c867f3155"


def test_shots_are_hard_breaks() -> None:
    """The digests cover real breaks: most shots strike several caps, some held ones."""
    touched = [len(simulate(SPEC, c, p, f, h, trace=False).touched()) for c, p, h, f in SHOTS]
    assert sum(t >= 3 for t in touched) >= len(SHOTS) // 2
    assert any(held for _, _, held, _ in SHOTS)


@pytest.mark.parametrize(("traced", "expected"), [(False, HEADLESS), (True, DRAWN)])
def test_fresh_shots_unchanged(traced: bool, expected: str) -> None:
    assert fresh(traced) == expected


def test_reused_world_unchanged() -> None:
    assert reused() == REUSED


def test_threads_reading_at_once_get_their_own_numbers() -> None:
    """Each thread reads the caps into a buffer of its own (worlds share one a thread): shots
    simulated in two threads at once, and a world built in one thread and shot in another,
    come out as in one thread."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=2) as pool:
        runs = [pool.submit(fresh, False) for _ in range(2)]
        assert [run.result() for run in runs] == [HEADLESS, HEADLESS]
    caps, places, held, flick = SHOTS[0]
    here = World(SPEC, caps, places, held, policy=StepPolicy.GUARDED)
    first = here.shoot(flick, trace=False)  # its reader is made in this thread
    with ThreadPoolExecutor(max_workers=1) as pool:
        again = pool.submit(here.shoot, flick, None, False).result()
    alone = World(SPEC, caps, places, held, policy=StepPolicy.GUARDED)
    alone.shoot(flick, trace=False)
    assert again.rest == alone.shoot(flick, trace=False).rest
    assert first.rest == simulate(SPEC, caps, places, flick, held, trace=False).rest
