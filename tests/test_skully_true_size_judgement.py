"""Caps you can trust: drawn at their true size at every scale the table uses, and every close
call judged where it happened. A play-tester read "stopped 1 cm short of Bobby" while the two
caps lay on each other on the screen (caps were drawn at least 12 px in radius, about twice
their size at the table's scale)."""

from __future__ import annotations

import math

import pygame
import pytest

from skully_game.scenes.skully import capdraw
from skully_game.scenes.skully.capkit import cap_looks
from skully_game.scenes.skully.captable import CapTable
from skully_game.scenes.skully.capview import FIRST_ZOOM
from skully_game.scenes.skully.judgedraw import GAP, STAR
from skully_game.shell.sound import SoundBank
from skully_game.skully.board import preset
from skully_game.skully.caps import CapType
from skully_game.skully.physics import Flick

CROWN_R = CapType.CROWN.spec.radius


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    pygame.display.set_mode((8, 8))
    yield


def _table(size: tuple[int, int], positions, kinds=(CapType.CROWN, CapType.CROWN)) -> CapTable:
    viewport = pygame.Rect(0, 0, size[0] - 360, size[1])
    table = CapTable(
        preset("classic"), cap_looks(list(kinds)), positions, viewport, SoundBank(muted=True)
    )
    table.keep_scale = True
    table.frame_view(snap=True)
    table.painter.draw = lambda *a: None  # the board's chalk: not what these tests look at
    return table


def _opaque_reach(img: pygame.Surface) -> float:
    """How far from the sprite's middle its opaque pixels reach."""
    c = (img.get_width() / 2, img.get_height() / 2)
    edge = pygame.mask.from_surface(img, 128).outline()
    return max(math.dist((x + 0.5, y + 0.5), c) for x, y in edge)


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_every_cap_is_drawn_at_its_true_radius_at_the_tables_scales(size, monkeypatch):
    table = _table(size, [(1.0, 1.0), (1.3, 1.0)])
    drawn: list[float] = []
    real = capdraw.draw_cap
    monkeypatch.setattr(
        "skully_game.scenes.skully.captable.draw_cap",
        lambda s, k, c, sym, at, r, *a: drawn.append(r) or real(s, k, c, sym, at, r, *a),
    )
    whole = table.board_scale()
    for scale in (whole, whole * FIRST_ZOOM, whole * 6):  # F, the game's first scale, zoomed in
        table.camera.scale = scale
        surface = pygame.Surface(size)
        drawn.clear()
        table.draw(surface, 0.0)
        true_px = CROWN_R * scale
        assert drawn == [pytest.approx(true_px)] * 2, "the table asks for the true radius"
        # and the sprite drawn for it, rim and all, ends at the true edge (never beyond it)
        edge = capdraw.drawn_edge(true_px)
        assert true_px - max(0.5, 0.035 * true_px) <= edge <= true_px + 1e-6
        body = capdraw._body(CapType.CROWN, (230, 120, 40), "circle", capdraw.body_radius(true_px))
        assert _opaque_reach(body) <= true_px + 0.75
    assert CROWN_R * whole * FIRST_ZOOM >= 5.0, "a crown cap reads at the first scale"


def _near_miss(gap: float, speed: float = 3.0):
    """Cap 1 flicked along +x past cap 2, whose edge is `gap` from its path."""
    table = _table((1280, 800), [(1.0, 1.0), (1.5, 1.0 + 2 * CROWN_R + gap)])
    result = table.simulate(Flick(0, 0.0, speed))
    return table, result


def _play(table: CapTable, result) -> None:
    table.play(result)
    for _ in range(20):
        table.update(0.5)
        if not table.busy:
            return
    raise AssertionError("the shot never came to rest")


def test_a_near_miss_is_marked_with_its_true_gap():
    table, result = _near_miss(0.01)
    assert not result.contacts, "no touch: a miss"
    _play(table, result)
    miss = table.judgement.misses[0]
    assert miss.gap == pytest.approx(0.01, abs=0.001)
    table.camera.centre = miss.other_at  # where the two passed, in view
    surface = pygame.Surface((1280, 800))
    table.draw(surface, 0.0)
    drawn = table.judgement.drawn
    assert drawn.words == "Missed Cap 2 by 1 cm"
    assert drawn.marker is not None and drawn.inset is not None
    # the gap's bar is drawn between the two caps' edges, which stay apart on the screen
    a, b = table.camera.to_screen(miss.shooter_at), table.camera.to_screen(miss.other_at)
    assert math.dist(a, b) > 2 * table.camera.length(CROWN_R)
    inset = drawn.inset
    assert any(
        surface.get_at((x, y))[:3] == GAP
        for x in range(inset.left, inset.right)
        for y in range(inset.top, inset.bottom, 2)
    )
    # gone a few seconds later, and at once when the next shot starts
    table.update(10.0)
    table.draw(surface, 0.0)
    assert table.judgement.drawn.marker is None


def test_a_far_miss_is_not_a_close_call():
    table, result = _near_miss(0.2)
    _play(table, result)
    assert table.judgement.misses == []


def test_a_hit_marks_its_contact_point():
    table = _table((1280, 800), [(1.0, 1.0), (1.5, 1.0 + CROWN_R)])  # a half-ball hit
    result = table.simulate(Flick(0, 0.0, 3.0))
    assert result.contacts, "a touch"
    _play(table, result)
    (touch,) = table.judgement.touches
    # the contact point: on the victim's edge (it had not moved yet), on the side it was hit
    victim = result.start[1]
    assert math.dist(victim, touch.at) == pytest.approx(CROWN_R, abs=0.001)
    assert touch.at[0] < victim[0] and touch.at[1] < victim[1]
    # the hit's spark flew from that point too
    assert table.effects.bursts[0].at == touch.at
    table.camera.centre = touch.at
    surface = pygame.Surface((1280, 800))
    table.draw(surface, 0.0)
    x, y = (round(v) for v in table.camera.to_screen(touch.at))
    near = [surface.get_at((x + dx, y + dy))[:3] for dx in range(-3, 4) for dy in range(-3, 4)]
    assert STAR in near
    assert table.judgement.misses == []


def test_the_view_waits_on_a_near_miss_before_the_next_turns_pan():
    table, result = _near_miss(0.01)
    _play(table, result)
    table.judgement.age = 0.0  # just judged
    cam = table.camera
    start = cam.centre
    cam.target = ((start[0] + 1.0, start[1]), cam.scale)  # the next turn's view, elsewhere
    table.update(0.5)
    assert cam.centre == start, "held: the near miss is seen where it happened"
    table.update(1.0)
    table.update(0.1)
    assert cam.centre != start, "then the view goes on to the turn"


def test_a_tiny_cap_is_found_by_a_ring_that_never_reaches_another_cap(monkeypatch):
    """Far out a cap is a few pixels: a thin ring round it finds it, stopping short of any
    other cap (caps 5 mm apart show no ring between them, only the gap there is)."""
    table = _table(
        (1280, 800),
        [(1.0, 1.0), (1.0 + 2 * CROWN_R + 0.005, 1.0), (2.0, 2.0)],
        (CapType.CROWN,) * 3,
    )
    table.camera.scale = table.board_scale() * 0.8  # a crown about 2.5 px in radius
    rings: list[tuple[tuple[float, float], float]] = []
    real = pygame.draw.circle

    def circle(surface, colour, at, radius, width=0, *rest):
        if width == 1:
            rings.append(((at[0], at[1]), radius))
        return real(surface, colour, at, radius, width, *rest)

    monkeypatch.setattr(pygame.draw, "circle", circle)
    table._draw_locators(
        pygame.Surface((1280, 800)),
        {i: table.camera.to_screen(p) for i, p in enumerate(table.positions)},
        {i: table.camera.length(CROWN_R) for i in range(3)},
    )
    lone = table.camera.to_screen(table.positions[2])
    assert [at for at, _ in rings] == [pytest.approx(lone)], "the lone cap only"
