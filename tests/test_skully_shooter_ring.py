"""The cap of the person to shoot wears its ring from the start of their turn, as in lessons,
and after a Resume: with several caps by the start line a player never has to guess which is
theirs (nor press Tab to find out)."""

from __future__ import annotations

import math

import pygame

from skully_game.scenes.skully.table import SkullyGameScene
from skully_game.shell import theme
from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import GameSetup, Seat
from skully_game.skully.hand import HandLevel
from tests.ui_helpers import flick_to_stop_at, key, run_until_still, wait_for_turn

STEADY = HandLevel.STEADY


def ringed(app, scene: SkullyGameScene, monkeypatch) -> set[int]:
    """The caps drawn with the gold ring in one frame."""
    rings: list[tuple[float, float]] = []
    real = pygame.draw.circle

    def circle(surface, colour, at, *rest, **kw):
        if tuple(colour)[:3] == tuple(theme.ACCENT)[:3]:
            rings.append((at[0], at[1]))
        return real(surface, colour, at, *rest, **kw)

    with monkeypatch.context() as m:
        m.setattr(pygame.draw, "circle", circle)
        app.draw(0.0)
    cam = scene.table.camera
    return {
        i
        for i in scene.table.visible()
        for at in rings
        if math.dist(at, cam.to_screen(scene.table.positions[i])) < 1.0
    }


def new_game(app) -> SkullyGameScene:
    seats = [Seat("Ace", 0, CapType.CROWN, hand=STEADY), Seat("Bo", 1, CapType.CROWN, hand=STEADY)]
    scene = SkullyGameScene.new(app, GameSetup(seats=seats, seed=11))
    app.stack.push(scene)
    for _ in range(2):
        wait_for_turn(app)
        app.dispatch(key(pygame.K_RETURN))  # both caps down behind the start line
    return scene


def test_the_shooters_cap_is_ringed_from_the_start_of_each_turn(app, monkeypatch) -> None:
    scene = new_game(app)
    assert scene.state.to_play == 0
    assert ringed(app, scene, monkeypatch) == {0}, "Ace's turn: Ace's cap, before any key"
    table = scene.table
    x, y = table.positions[0]
    flick_to_stop_at(app, table, 0, (x + 0.05, y + 0.05))  # a touch: Bo is next
    run_until_still(app, table)
    app.run_frames(1)
    assert scene.state.to_play == 1 and scene._placement() is None
    assert ringed(app, scene, monkeypatch) == {1}, "Bo's turn: Bo's cap"


def test_a_resumed_game_rings_the_shooters_cap(app, monkeypatch) -> None:
    scene = new_game(app)
    app.stack.pop()
    resumed = SkullyGameScene.from_save(app, scene.path)
    app.stack.push(resumed)
    assert ringed(app, resumed, monkeypatch) == {0}
