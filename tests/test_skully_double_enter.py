"""A double Enter puts one cap down, never the next person's (issue 39's play-test: "Ace puts
the cap..." then "Bobby puts the cap behind the start line" though Bobby never chose). A move
needs a press made once that person's turn has been shown ARM_SECONDS (the pass screens' rule),
and the same person's next move a double press's time."""

from __future__ import annotations

import pygame

from skully_game.scenes.skully.table import SkullyGameScene
from skully_game.shell.freshpress import ARM_SECONDS
from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import GameSetup, Seat
from skully_game.skully.hand import HandLevel
from tests.ui_helpers import ev, key

STEADY = HandLevel.STEADY


def two_people(app) -> SkullyGameScene:  # type: ignore[no-untyped-def]
    seats = [
        Seat("Ace", 0, CapType.CROWN, hand=STEADY),
        Seat("Bobby", 1, CapType.CROWN, hand=STEADY),
    ]
    scene = SkullyGameScene.new(app, GameSetup(seats=seats, seed=11))
    app.stack.push(scene)
    return scene


def wait(app, seconds: float) -> None:  # type: ignore[no-untyped-def]
    """A person waits: the table's time passes (no frames need drawing)."""
    app.game_time += seconds


def test_a_double_enter_puts_down_only_the_first_persons_cap(app) -> None:
    scene = two_people(app)
    app.dispatch(key(pygame.K_RETURN))
    assert scene.state.players[0].pos is not None
    wait(app, 0.15)
    app.dispatch(key(pygame.K_RETURN))  # the double Enter's second half
    assert scene.state.players[1].pos is None, "Bobby's cap was put down for him"
    wait(app, ARM_SECONDS)
    app.dispatch(key(pygame.K_RETURN))  # Bobby's own press, once his turn is up
    assert scene.state.players[1].pos is not None


def test_a_double_click_puts_down_only_the_first_persons_cap(app) -> None:
    scene = two_people(app)
    app.dispatch(key(pygame.K_RETURN))
    assert scene.state.players[0].pos is not None
    spot = scene.table.camera.to_screen(scene.ghost)
    wait(app, 0.2)
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, button=1, pos=spot))
    app.dispatch(ev(pygame.MOUSEBUTTONUP, button=1, pos=spot))
    assert scene.state.players[1].pos is None, "a quick click put Bobby's cap down"
    wait(app, ARM_SECONDS)
    spot = scene.table.camera.to_screen(scene.ghost)
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, button=1, pos=spot))
    app.dispatch(ev(pygame.MOUSEBUTTONUP, button=1, pos=spot))
    assert scene.state.players[1].pos is not None
