"""The casual aim line (issue 39, 8 Ball Pool's): where the flick guide's path stops at a cap,
two short lines say where the hit sends that cap and where the shooter goes on. Their
directions agree with the physics' own shot on an empty board; they are drawn only where a
guide is on (never with the guide off, as in the official preset)."""

from __future__ import annotations

import math

import pytest

from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skully.feeldemos import _skull_game
from skully_game.scenes.skully.hitline import hit_lines
from skully_game.skully.board import BoardSpec
from skully_game.skully.caps import CapType
from skully_game.skully.guide import flick_guide
from skully_game.skully.physics import Flick, simulate
from tests.ui_helpers import make_app

PAIRS = [
    (CapType.CROWN, CapType.CROWN),
    (CapType.WAX, CapType.WAX),
    (CapType.LEAD, CapType.CROWN),
    (CapType.CROWN, CapType.LEAD),
    (CapType.GLIDE, CapType.VIAL),
    (CapType.GLASS, CapType.WAX),
]


def _turn(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Degrees from direction a to direction b, -180..180."""
    d = math.degrees(math.atan2(b[1], b[0]) - math.atan2(a[1], a[0]))
    return (d + 180) % 360 - 180


@pytest.mark.parametrize(
    ("shooter", "struck"), PAIRS, ids=[f"{a.value}-{b.value}" for a, b in PAIRS]
)
@pytest.mark.parametrize("cut", [0.0, 0.4, 0.7, 0.9])
@pytest.mark.parametrize("heading", [0.0, 2.2])
def test_the_lines_point_where_the_physics_sends_both_caps(shooter, struck, cut, heading):
    """One target on an empty board, hit at a cut (the aim's miss of its centre, as a share of
    the two radii): each cap's path after the hit, from the physics, against the line."""
    reach = shooter.spec.radius + struck.spec.radius
    start = (1.2, 1.2)
    ux, uy = math.cos(heading), math.sin(heading)
    target = (start[0] + 0.3 * ux - cut * reach * uy, start[1] + 0.3 * uy + cut * reach * ux)
    guide = flick_guide([shooter, struck], [start, target], 0, heading, 3.5)
    assert guide.touches == 1
    lines = hit_lines(shooter, struck, guide.rest, target, heading)
    shot = simulate(BoardSpec(), [shooter, struck], [start, target], Flick(0, heading, 3.5))
    went = (shot.rest[1][0] - target[0], shot.rest[1][1] - target[1])
    assert abs(_turn(lines.struck_dir, went)) < 3.0
    on = (shot.rest[0][0] - guide.rest[0], shot.rest[0][1] - guide.rest[1])
    if math.hypot(*on) > 0.03:  # the shooter went on far enough for a direction to be read
        assert lines.shooter_dir is not None
        assert abs(_turn(lines.shooter_dir, on)) < 3.0


def test_a_full_hit_sends_the_struck_cap_straight_on_and_a_cut_splits_them():
    c = CapType.CROWN
    full = hit_lines(c, c, (0.0, 0.0), (0.032, 0.0), 0.0)
    assert full.struck_dir == pytest.approx((1.0, 0.0))
    assert full.struck_share > 0.7 > full.shooter_share  # the shooter all but stops
    cut = hit_lines(c, c, (0.0, 0.0), (0.016, 0.0277), 0.0)  # the target 60 degrees up
    assert cut.struck_dir[1] > 0 > cut.shooter_dir[1]  # they part to either side of the aim


@pytest.fixture
def app():  # type: ignore[no-untyped-def]
    app = make_app((1280, 800))
    app.stack.push(MenuScene(app))
    yield app
    app.stack.clear()


def _aim_at_bobby(app, flick_guide: bool, touch_guide: bool):  # type: ignore[no-untyped-def]
    scene = _skull_game(app, (-0.3, -0.01))
    table = scene.table
    table.flick_guide, table.touch_guide = flick_guide, touch_guide
    at, bo = table.positions[0], table.positions[1]
    table.select(0)
    table.mode = table.mode.KEYS
    table.aim_angle = math.atan2(bo[1] - at[1], bo[0] - at[0]) + 0.05
    table.power = 0.5
    app.draw(1.0)
    return table


@pytest.mark.parametrize(("ghost", "touch"), [(True, False), (False, True)])
def test_the_lines_are_drawn_where_a_guide_is_on(app, ghost, touch):
    table = _aim_at_bobby(app, ghost, touch)
    lines = table.drawn.get("hit lines")
    assert lines is not None
    bobby = table.camera.to_screen(table.positions[1])
    assert math.dist(lines.center, bobby) < 80  # at the struck cap


def test_no_lines_with_the_guide_off(app):
    table = _aim_at_bobby(app, False, False)
    assert "hit lines" not in table.drawn
