"""The keep-or-restore question (ruling 7) asks the victim's owner about two spots on the board:
where the cap stopped and where it was. The owner must see both while choosing, at every
window size, and may zoom or fit the view to look closer."""

from __future__ import annotations

import pygame
import pytest

from skully_game.scenes.skully.table import KeepDialog, SkullyGameScene
from skully_game.skully.game_setup import GameSetup
from skully_game.skully.rules import Decision, DecisionKind
from tests.ui_helpers import make_app, settle_view

SIZES = [(1280, 800), (1024, 640)]


def open_question(size: tuple[int, int], stopped_px, was_px):  # type: ignore[no-untyped-def]
    """A game whose second player is asked about a cap that stopped at `stopped_px` and was
    at `was_px`: screen points given as fractions of the board's view."""
    app = make_app(size)
    game = SkullyGameScene.new(app, GameSetup(seed=3))
    app.stack.push(game)
    settle_view(app, game.table)
    cam = game.table.camera
    frame = cam.frame

    def world(fx: float, fy: float) -> tuple[float, float]:
        return cam.to_world((frame.x + fx * frame.w, frame.y + fy * frame.h))

    after, before = world(*stopped_px), world(*was_px)
    game.table.positions[1] = after
    decision = Decision(DecisionKind.KEEP_OR_RESTORE, 1, before=before, after=after)
    dialog = KeepDialog(app, game, decision)
    app.stack.push(dialog)
    app.run_frames(2)
    return app, game, dialog


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    "stopped, was",
    [
        ((0.5, 0.9), (0.45, 0.8)),  # both where the question used to sit
        ((0.5, 0.1), (0.5, 0.9)),  # one at each end of the view
        ((0.3, 0.9), (0.7, 0.1)),
        ((0.5, 0.5), (0.5, 0.95)),
    ],
)
def test_the_question_never_covers_the_cap_it_asks_about(size, stopped, was) -> None:
    app, game, dialog = open_question(size, stopped, was)
    cam = game.table.camera
    d = dialog.decision
    radius = cam.length(game.table.radius(1))
    for spot in (d.after, d.before):
        x, y = cam.to_screen(spot)
        cap = pygame.Rect(0, 0, 2 * radius, 2 * radius)
        cap.center = (round(x), round(y))
        assert not dialog.box.colliderect(cap), f"the question covers the cap at {cap.center}"
    label = game.table.drawn.get("label 1")
    if label is not None:
        assert not dialog.box.colliderect(label), "the question covers the cap's label"
    assert cam.viewport.contains(dialog.box)
    for button in dialog.widgets.widgets:  # the answers go with the question
        assert dialog.box.contains(button.rect)
    app.stack.clear()


@pytest.mark.parametrize("size", SIZES)
def test_the_view_can_be_zoomed_while_the_question_waits(size) -> None:
    app, game, dialog = open_question(size, (0.5, 0.3), (0.4, 0.3))
    cam = game.table.camera
    scale = cam.scale
    pygame.mouse.set_pos(cam.frame.center)
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False)
    app.dispatch(wheel)
    app.run_frames(1)
    assert cam.scale > scale, "the wheel zooms in on the result being chosen about"
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f, mod=0, unicode="f"))
    app.run_frames(60)
    assert cam.scale != pytest.approx(scale * 1.15**2), "F fits the view again"
    assert app.stack.top is dialog, "looking does not answer the question"
    app.stack.clear()
