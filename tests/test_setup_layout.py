"""The four tables' setup screens: a row's arrows stay where they are whatever the value's
width, and in a short window nothing lies over anything (How to play lay over the pace row)."""

from __future__ import annotations

import pygame
import pytest

from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skip_bo.setup import SkipBoSetup
from skully_game.scenes.skirrid.setup import SkirridSetup
from skully_game.scenes.skull.setup import SkullSetup
from skully_game.scenes.skull_king.setup import SkullKingSetup
from skully_game.shell.widgets import Choice
from tests.ui_helpers import make_app

SETUPS = [SkullKingSetup, SkullSetup, SkipBoSetup, SkirridSetup]


def _opened(setup_class, size):
    app = make_app(size)
    app.stack.push(MenuScene(app))
    scene = setup_class(app)
    app.stack.push(scene)
    app.run_frames(1)
    return app, scene


@pytest.mark.parametrize("setup_class", SETUPS)
@pytest.mark.parametrize("size", [(1024, 540), (1024, 600), (1024, 640), (1280, 800)])
def test_no_widget_lies_over_another_and_all_stay_above_the_message_line(setup_class, size):
    _, scene = _opened(setup_class, size)
    widgets = scene.widgets.widgets
    for a in range(len(widgets)):
        assert (
            scene.app.screen_rect().contains(widgets[a].rect)
            if hasattr(scene.app, "screen_rect")
            else pygame.Rect((0, 0), size).contains(widgets[a].rect)
        )
        for b in range(a + 1, len(widgets)):
            assert not widgets[a].rect.colliderect(widgets[b].rect), (
                widgets[a].label,
                widgets[b].label,
            )
    above = [w for w in widgets if w.rect.y < size[1] - 100]  # all but the bottom row
    assert all(w.rect.bottom <= size[1] - 118 for w in above), [
        (w.label, w.rect) for w in above if w.rect.bottom > size[1] - 118
    ]


@pytest.mark.parametrize("setup_class", SETUPS)
def test_a_rows_arrows_stay_put_as_its_value_changes(setup_class):
    _, scene = _opened(setup_class, (1024, 640))
    for row in [w for w in scene.widgets.widgets if isinstance(w, Choice) and w.enabled]:
        row.on_change = lambda value: None  # the screen stays as it is: only the row steps
        seen = set()
        for _ in range(len(row.options)):
            parts = row.parts()
            seen.add((parts.back.x, parts.forward.x))
            row.index = (row.index + 1) % len(row.options)
        assert len(seen) == 1, (row.label, [label for _, label in row.options], seen)
