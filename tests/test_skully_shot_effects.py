"""A shot's effects (effects.py) are drawing only: the same shot with and without them, the same
picture at every pace and every time a frame is drawn, a click at each hit as the shot's clock
reaches it (louder for a harder hit), and the box the shooter's cap stops in glows in its colour."""

from __future__ import annotations

import math

import pygame
import pytest

from skully_game.scenes.skully import capdraw
from skully_game.scenes.skully.capkit import cap_looks
from skully_game.scenes.skully.captable import CapTable
from skully_game.scenes.skully.effects import GLOW_S, ShotEffects, shooter
from skully_game.shell import sound as sound_module
from skully_game.shell.sound import SoundBank
from skully_game.skully.board import preset
from skully_game.skully.caps import CapType
from skully_game.skully.geometry import Board
from skully_game.skully.physics import Flick

SPEC = preset("classic")
BOARD = Board(SPEC)


class Ears(SoundBank):
    """A sound bank that hears rather than plays: (name, loudness) of every sound."""

    def __init__(self) -> None:
        super().__init__(muted=True)
        self.heard: list[tuple[str, float]] = []

    def play(self, name: str, loudness: float = 1.0) -> None:
        self.heard.append((name, loudness))


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield


def hit_table(ears: SoundBank | None = None) -> CapTable:
    """Two crowns 30 cm apart on the board's middle line, the first flicked hard at the second."""
    c = BOARD.box_centre(13)
    at = [(c[0] - 0.8, c[1] - 0.6), (c[0] - 0.5, c[1] - 0.6)]
    looks = cap_looks([CapType.CROWN, CapType.CROWN])
    table = CapTable(SPEC, looks, at, pygame.Rect(0, 0, 900, 700), ears or Ears())
    table.play(table.simulate(Flick(0, 0.0, 2.5)))
    return table


def run(table: CapTable, dt: float, until: float | None = None) -> None:
    for _ in range(5000):
        if table.shot is None or (until is not None and table.shot_time >= until):
            return
        table.update(dt)


def test_the_flicked_cap_is_the_one_that_moves_first():
    shot = hit_table().shot
    assert shot is not None and shot.contacts
    assert shooter(shot) == 0


def test_effects_change_nothing_the_shot_does():
    on, off = hit_table(), hit_table()
    off.effects.enabled = False
    surface = pygame.Surface((900, 700))
    for _ in range(400):
        for table in (on, off):
            if table.shot is not None:
                table.update(1 / 60)
                table.draw(surface, 0.5)
    assert on.positions == off.positions
    assert on.angles == off.angles


def picture(table: CapTable) -> bytes:
    surface = pygame.Surface((900, 700))
    table.draw(surface, 1.0)
    return pygame.image.tobytes(surface, "RGB")


def test_a_frame_is_the_same_picture_every_time_and_at_every_pace():
    slow, fast = hit_table(), hit_table()
    shot = slow.shot
    assert shot is not None
    moment = shot.contacts[0].time + 0.06  # the hit's dust in the air
    fast.speedup = 3.0
    run(slow, 0.01, moment)
    run(fast, 0.01 / 3, moment)  # the fast pace: the same shot clock in a third of the time
    assert slow.shot_time == pytest.approx(fast.shot_time)
    slow.shot_time = fast.shot_time = slow.shot_prev_time = fast.shot_prev_time = moment
    first = picture(slow)
    assert picture(slow) == first, "the dust is drawn from a fixed seed"
    assert picture(fast) == first
    slow.effects.enabled = False
    assert picture(slow) != first, "the tails and the dust are in the picture"


def test_a_moving_cap_has_a_tail_in_its_colour():
    table = hit_table()
    shot = table.shot
    assert shot is not None
    run(table, 1 / 60, shot.contacts[0].time * 0.7)  # the shooter on its way, before the hit
    t = table.shot_time
    x, y, _ = shot.trajectory.at(t)[0]
    bx, by, _ = shot.trajectory.at(t - 0.08)[0]
    behind = table.camera.to_screen((bx, by))
    assert math.dist(table.camera.to_screen((x, y)), behind) > 14  # well clear of the cap
    surface = pygame.Surface((900, 700))
    table.shot_prev_time = t
    table.draw(surface, 1.0)
    colour = surface.get_at((round(behind[0]), round(behind[1])))[:3]
    assert table.looks[0].colour == (230, 159, 0)  # Cap 1: orange
    assert colour[0] > colour[2] + 30, colour  # orange-ish, not the grey street


def test_each_hit_clicks_as_the_shots_clock_reaches_it_louder_when_harder():
    ears = Ears()
    table = hit_table(ears)
    shot = table.shot
    assert shot is not None and shot.contacts
    ears.heard.clear()  # (the flick's own sound)
    first = shot.contacts[0].time
    run(table, 1 / 60, first - 0.02)
    assert not [h for h in ears.heard if h[0].startswith("click")], "no click before the hit"
    run(table, 1 / 60)
    clicks = [h for h in ears.heard if h[0].startswith("click")]
    assert len(clicks) == len(shot.contacts)
    soft, hard = Ears(), Ears()
    SoundBank.hit(soft, 0.1)
    SoundBank.hit(hard, sound_module.HARD_HIT * 2)
    assert soft.heard[0][0] == "click_soft" and hard.heard[0][0] == "click_hard"
    assert soft.heard[0][1] < hard.heard[0][1]


def test_a_replay_held_still_clicks_no_more_and_draws_the_same():
    ears = Ears()
    table = hit_table(ears)
    shot = table.shot
    assert shot is not None
    run(table, 1 / 60, shot.contacts[0].time + 0.03)
    table.paused = True
    heard = len(ears.heard)
    before = picture(table)
    for _ in range(30):
        table.update(1 / 60)
    assert len(ears.heard) == heard
    assert picture(table) == before


def test_the_box_the_shooter_stops_in_glows_in_its_colour_then_fades():
    at = BOARD.box_centre(1)
    start = (at[0] - 0.3, at[1])
    looks = cap_looks([CapType.CROWN])
    table = CapTable(SPEC, looks, [start], pygame.Rect(0, 0, 900, 700), Ears())
    mu = CapType.CROWN.spec.mu
    speed = math.sqrt(2 * mu * 9.81 * 0.3)
    table.play(table.simulate(Flick(0, 0.0, speed)))
    run(table, 1 / 60)
    assert table.place(0).box == 1
    glow = table.effects.glow
    assert glow is not None and glow.colour == looks[0].colour
    x0, y0, x1, y1 = BOARD.boxes[1]
    assert set(glow.outline) == {(x0, y0), (x1, y0), (x1, y1), (x0, y1)}
    table.update(GLOW_S + 0.01)
    assert table.effects.glow is None


def test_a_cap_crossing_the_out_of_town_line_puffs_where_it_crossed():
    effects = ShotEffects(BOARD)
    s = SPEC.board_side
    looks = cap_looks([CapType.CROWN])
    table = CapTable(
        SPEC, looks, [(s / 2, s + SPEC.out_of_town - 0.1)], pygame.Rect(0, 0, 900, 700), Ears()
    )
    shot = table.simulate(Flick(0, math.pi / 2, 2.0))
    effects.start(shot, [0])
    assert len(effects.puffs) == 1
    puff = effects.puffs[0]
    assert BOARD.board_distance(puff.at) >= SPEC.out_of_town
    assert BOARD.board_distance(puff.at) < SPEC.out_of_town + 0.1
    assert 0 < puff.time < shot.duration


def test_a_spinning_caps_shadow_stays_where_the_light_puts_it():
    colour, r = (230, 159, 0), 20.0
    surfaces = []
    for angle in (0.0, math.pi / 2):
        surface = pygame.Surface((100, 100))
        surface.fill((46, 47, 50))
        capdraw.draw_cap(surface, CapType.CROWN, colour, "circle", (50, 50), r, angle)
        surfaces.append(surface)
    # the shadow falls down and to the right: darker there than up and to the left, at any turn
    for surface in surfaces:
        below = surface.get_at((50 + 17, 50 + 17))[:3]
        above = surface.get_at((50 - 17, 50 - 17))[:3]
        assert sum(below) < sum((46, 47, 50)) - 6
        assert sum(above) >= sum((46, 47, 50)) - 2
