"""A person's shot: a flick takes the pointer's speed and direction at release (from the events'
own time stamps), and a slingshot is spoiled by the wobble of the seat's hand level."""

from __future__ import annotations

import math
import random
import statistics

import pytest

from skully_game.skully.hand import (
    MIN_FLICK_SPEED,
    PX_PER_MPS,
    HandLevel,
    PointerSample,
    hand_level,
    pointer_flick,
    pointer_velocity,
    spoil,
    spread,
)
from skully_game.skully.physics import MAX_SPEED, Flick
from skully_game.skully.skill import Level


def path(
    start: tuple[float, float],
    velocity: tuple[float, float],
    times: list[float],
    jitter: float = 0.0,
    seed: int = 0,
) -> list[PointerSample]:
    rng = random.Random(seed)
    return [
        PointerSample(
            t,
            start[0] + velocity[0] * t + rng.uniform(-jitter, jitter),
            start[1] + velocity[1] * t + rng.uniform(-jitter, jitter),
        )
        for t in times
    ]


def test_a_flick_leaves_with_the_pointers_speed_and_direction() -> None:
    # 1,400 px/s up and to the right on screen (screen y grows downwards)
    v = 1400 / math.sqrt(2)
    times = [i * 0.008 for i in range(30)]
    samples = path((300, 500), (v, -v), times, jitter=1.0)
    flick = pointer_flick(2, samples, release=times[-1] + 0.002)
    assert flick is not None and flick.cap == 2
    assert flick.speed == pytest.approx(1400 / PX_PER_MPS, rel=0.03)
    assert math.degrees(flick.angle) == pytest.approx(45.0, abs=1.5)  # board y grows upwards


def test_the_speed_comes_from_time_stamps_not_from_how_often_events_arrive() -> None:
    # the same motion reported at irregular moments gives the same velocity
    rng = random.Random(4)
    times = sorted({round(rng.uniform(0, 0.2), 4) for _ in range(40)})
    regular = [i * 0.01 for i in range(21)]
    a = pointer_velocity(path((0, 0), (900, 300), times), times[-1])
    b = pointer_velocity(path((0, 0), (900, 300), regular), regular[-1])
    assert a[0] == pytest.approx(900, rel=0.01) and b[0] == pytest.approx(900, rel=0.01)
    assert a[1] == pytest.approx(300, rel=0.01) and b[1] == pytest.approx(300, rel=0.01)


def test_the_last_moments_count_most() -> None:
    # slow for a while, then a quick flick of 64 ms: the quick part decides, nearly all of it
    # (the fading weights trade a little of a sudden flick for steady shots that repeat)
    slow = path((0, 0), (100, 0), [i * 0.01 for i in range(30)])
    x0 = slow[-1].x
    fast = [PointerSample(0.29 + i * 0.008, x0 + 2000 * i * 0.008, 0) for i in range(1, 9)]
    vx, _ = pointer_velocity(slow + fast, fast[-1].t)
    assert 0.7 * 2000 < vx < 2000
    longer = [PointerSample(0.29 + i * 0.008, x0 + 2000 * i * 0.008, 0) for i in range(1, 16)]
    vx, _ = pointer_velocity(slow + longer, longer[-1].t)
    assert vx == pytest.approx(2000, rel=0.05)  # a 120 ms flick: all its own


def test_a_sample_known_only_to_a_frame_counts_less_than_one_stamped_to_the_millisecond() -> None:
    # two reports from one late poll, stamped where they fall on average (a frame's doubt):
    # the finely stamped reports around them set the speed
    fine = [PointerSample(i * 0.008, 1000 * i * 0.008, 0, 0.001) for i in range(12)]
    late = [PointerSample(0.05, 1000 * 0.042, 0, 0.03), PointerSample(0.06, 1000 * 0.05, 0, 0.03)]
    samples = sorted(fine + late, key=lambda s: s.t)
    vx, _ = pointer_velocity(samples, fine[-1].t)
    assert vx == pytest.approx(1000, rel=0.03)
    even = [PointerSample(s.t, s.x, 0, 0.001) for s in samples]
    worse, _ = pointer_velocity(even, fine[-1].t)
    assert abs(worse - 1000) > abs(vx - 1000)


@pytest.mark.parametrize("pause", [0.05, 0.2, 2.0])
def test_a_stroke_that_stopped_before_release_shoots_at_the_strokes_speed(pause) -> None:
    # a hand strokes through the cap, stops, then lets go: the stroke was the flick (it used to
    # be "only touched" after 0.15 s, and softer before that, while the cue showed the stroke)
    samples = path((0, 0), (1500, 0), [i * 0.008 for i in range(20)])
    flick = pointer_flick(0, samples, release=samples[-1].t + pause)
    assert flick is not None
    assert flick.speed == pytest.approx(1500 / PX_PER_MPS, rel=0.02)
    assert flick == pointer_flick(0, samples, release=samples[-1].t)  # as if let go moving


def test_a_cap_held_still_or_trembling_is_only_touched() -> None:
    assert pointer_flick(0, [PointerSample(0.0, 100, 100)], release=1.0) is None
    rng = random.Random(2)
    tremble = [
        PointerSample(i * 0.008, 100 + rng.uniform(-1.5, 1.5), 100 + rng.uniform(-1.5, 1.5))
        for i in range(60)
    ]
    assert pointer_flick(0, tremble, release=tremble[-1].t) is None
    assert pointer_flick(0, tremble, release=tremble[-1].t + 0.5) is None


def test_a_flick_too_slow_to_count_is_cancelled() -> None:
    slow = MIN_FLICK_SPEED * PX_PER_MPS * 0.8
    samples = path((0, 0), (slow, 0), [i * 0.008 for i in range(20)])
    assert pointer_flick(0, samples, release=samples[-1].t) is None
    # the same gesture with a higher sensitivity is a shot
    assert pointer_flick(0, samples, release=samples[-1].t, sensitivity=1.5) is not None


def test_sensitivity_scales_the_speed_up_to_the_hardest_flick() -> None:
    samples = path((0, 0), (1000, 0), [i * 0.008 for i in range(20)])
    one = pointer_flick(0, samples, samples[-1].t)
    two = pointer_flick(0, samples, samples[-1].t, sensitivity=2.0)
    assert one is not None and two is not None
    assert two.speed == pytest.approx(2 * one.speed, rel=1e-6)
    wild = path((0, 0), (99999, 0), [i * 0.008 for i in range(20)])
    hardest = pointer_flick(0, wild, wild[-1].t)
    assert hardest is not None and hardest.speed == MAX_SPEED


@pytest.mark.parametrize("hand", [HandLevel.BEGINNER, HandLevel.SKILLED, HandLevel.STREET_LEGEND])
def test_500_slingshot_shots_wobble_as_the_hand_level_says(hand: HandLevel) -> None:
    rng = random.Random(f"hand:{hand.value}")
    meant = Flick(0, math.radians(30.0), 3.0)
    made = [spoil(meant, hand, rng) for _ in range(500)]
    aim_sd = statistics.pstdev(math.degrees(f.angle - meant.angle) for f in made)
    speed_sd = statistics.pstdev(f.speed / meant.speed - 1.0 for f in made)
    assert aim_sd == pytest.approx(hand.skill.aim_deg, rel=0.10)
    assert speed_sd == pytest.approx(hand.skill.speed_rel, rel=0.10)
    assert statistics.fmean(math.degrees(f.angle) for f in made) == pytest.approx(30.0, abs=1.0)


def test_a_steady_hand_makes_the_shot_meant_and_draws_nothing() -> None:
    rng = random.Random(1)
    before = rng.getstate()
    meant = Flick(0, 1.0, 2.0, 0.3)
    assert spoil(meant, HandLevel.STEADY, rng) == meant
    assert rng.getstate() == before
    assert spread(HandLevel.STEADY, 2.0) == (0.0, 0.0)


def test_hand_levels_are_the_computer_players_levels() -> None:
    assert HandLevel.SKILLED.skill == Level.SKILLED.skill
    assert hand_level("Street legend") is HandLevel.STREET_LEGEND
    assert "assist" in HandLevel.STEADY.label
    with pytest.raises(
        ValueError,
        match="expected one of beginner, regular, skilled, street-legend, steadier, steady",
    ):
        hand_level("godlike")


def test_the_cone_and_band_hold_about_95_percent_of_shots() -> None:
    rng = random.Random(7)
    meant = Flick(0, 0.0, 3.0)
    cone, band = spread(HandLevel.REGULAR, meant.speed)
    made = [spoil(meant, HandLevel.REGULAR, rng) for _ in range(2000)]
    inside_aim = sum(abs(f.angle) <= cone for f in made) / len(made)
    inside_speed = sum(abs(f.speed - meant.speed) <= band for f in made) / len(made)
    assert 0.93 <= inside_aim <= 0.97 and 0.93 <= inside_speed <= 0.97


def test_hand_levels_tool_rates_rise_with_the_level_and_stay_short_of_certain(capsys) -> None:
    import json
    import runpy
    from pathlib import Path

    tool = runpy.run_path(str(Path(__file__).resolve().parents[1] / "tools" / "hand_levels.py"))
    assert tool["main"](["--samples", "60", "--seed", "3"]) == 0
    levels = json.loads(capsys.readouterr().out.strip().splitlines()[-1])["levels"]
    order = ["beginner", "regular", "skilled", "street-legend"]
    for shot in ("start-1", "1-2", "4-5"):
        rates = [levels[name][shot] for name in order]
        assert rates == sorted(rates), (shot, rates)
        assert all(levels[name][shot] < 0.8 for name in order[:3])
        assert levels["steady"][shot] == 1.0
