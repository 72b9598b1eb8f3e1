"""No cap in play, and no cap's label, lies under the banner at a turn's view (issue 39: an
off-board cap far from the line of fire sat half under the see-through banner when the
shooter and goal spanned the frame). Four regular computer players' first shots, at both
window sizes, each turn's view looked at once it stops."""

from __future__ import annotations

import random

import pygame
import pytest

from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skully.capkit import MIN_CAP_PX
from skully_game.skully.ai import Planner
from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import GameSetup, Seat
from skully_game.skully.physics import simulate
from skully_game.skully.rules import shot_setup
from skully_game.skully.skill import level
from tests.ui_helpers import make_app, open_skully_game, settle_view

SIZES = [(1280, 800), (1024, 640)]


@pytest.fixture(params=SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def app(request):  # type: ignore[no-untyped-def]
    app = make_app(request.param)
    app.stack.push(MenuScene(app))
    yield app
    app.stack.clear()


def test_no_cap_or_label_under_the_banner_in_a_computer_game(app) -> None:  # type: ignore[no-untyped-def]
    seats = [Seat(f"P{i}", i, CapType.CROWN) for i in range(4)]
    scene = open_skully_game(app, GameSetup(seats=seats, seed=11))
    session, table = scene.session, scene.table
    rng = random.Random(11)
    planners = [Planner(level("regular"), random.Random(rng.random()), samples=3) for _ in range(4)]
    under: list[tuple[int, str]] = []
    turns = 0
    while session.state.shots < 10:
        state = session.state
        who = state.pending[0].player if state.pending else state.to_play
        if (state.pending or state.offers) and planners[who].decide(session) is not None:
            scene._sync()
            continue
        settle_view(app, table)
        app.draw(0.0)
        band = scene.banner_rect()
        turns += 1
        for i in table.visible():
            x, y = table.camera.to_screen(table.positions[i])
            r = max(table.camera.length(table.radius(i)), MIN_CAP_PX)
            if pygame.Rect(x - r, y - r, 2 * r, 2 * r).colliderect(band) and y + r > band.top:
                under.append((state.shots, f"cap {i}"))
        under += [(state.shots, k) for k, rect in table.drawn.items() if rect.colliderect(band)]
        flick, _ = planners[who].flick(session)
        setup = shot_setup(state, session.options)
        result = simulate(
            session.board_spec, setup.caps, setup.positions, flick, setup.pinned, trace=False
        )
        session.judge(flick, result)
        scene._sync()
    assert turns >= 10
    assert not under, under
