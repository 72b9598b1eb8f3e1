"""The turn's fresh-press wait is seen: a press before the turn could take it is ignored on
purpose (a double Enter put two caps down), and without a cue it felt like a broken mouse."""

from __future__ import annotations

import math

import pygame
import pytest

from skully_game.scenes.skully.cues import NOT_YET, Arming, draw_ready_ring
from skully_game.shell import theme


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


def _ring_at(surface: pygame.Surface, centre, radius: float, degrees: float):
    """The colour on the ring `degrees` clockwise from the top (screen)."""
    a = math.radians(degrees - 90)
    return surface.get_at(
        (round(centre[0] + radius * math.cos(a)), round(centre[1] + radius * math.sin(a)))
    )[:3]


def test_the_ring_fills_clockwise_from_the_top_while_the_turn_arms():
    arming = Arming()
    arming.start(1.2)
    arming.update(0.4)
    assert arming.fraction == pytest.approx(1 / 3) and not arming.ready
    surface = pygame.Surface((120, 120))
    draw_ready_ring(surface, (60, 60), 12, arming)
    r = 12 + 3 - 1  # inside the arming ring's 4 px band, a little wider than the ready one
    assert _ring_at(surface, (60, 60), r, 60) == theme.ACCENT, "a third of the way round: filled"
    assert _ring_at(surface, (60, 60), r, 240) != theme.ACCENT, "the rest: not yet"
    arming.update(0.9)
    assert arming.ready and arming.pulse is not None
    arming.update(1.0)
    assert arming.pulse is None, "one pulse, then the plain ring"


def test_a_press_too_early_flashes_the_ring_and_says_why(monkeypatch):
    said: list[str] = []
    real = theme.rendered
    monkeypatch.setattr(theme, "rendered", lambda m, *a, **k: said.append(m) or real(m, *a, **k))
    arming = Arming()
    arming.start(1.2)
    arming.update(0.2)
    surface = pygame.Surface((200, 120))
    draw_ready_ring(surface, (100, 40), 12, arming)
    assert said == [], "nothing said before a press"
    arming.refuse()
    assert arming.flash == pytest.approx(1.0)
    draw_ready_ring(surface, (100, 40), 12, arming)
    assert said == [NOT_YET]
    arming.update(1.0)
    assert arming.flash == 0.0
    arming.start(0.5)  # the next turn: no flash left over
    assert arming.flash == 0.0


def test_an_early_space_at_the_table_is_refused_where_it_is_seen():
    """The table's check of a press before its turn could take it tells the ring: Space too
    early is refused and seen; once armed it goes through and nothing flashes."""
    from types import SimpleNamespace

    from skully_game.scenes.skully.table import SkullyGameScene

    arming = Arming()
    arming.start(1.2)
    scene = SimpleNamespace(
        table=SimpleNamespace(busy=False, arming=arming),
        turn_armed=False,
        place_press=False,
        _placement=lambda: None,
    )
    space = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0)
    assert SkullyGameScene._before_the_turn(scene, space) is True
    assert arming.flash == 1.0
    arming.start(0.0)
    scene.turn_armed = True
    assert SkullyGameScene._before_the_turn(scene, space) is False
    assert arming.flash == 0.0
