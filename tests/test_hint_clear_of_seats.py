"""A hint's words never lie over a seat or a stack: with eight Skull seats at 1024x640 no room
over the prompt was clear, and the hint ran over one's own seat box ("to play"); now it is moved
along the row, or stands on a panel of its own over the prompt."""

from __future__ import annotations

import pygame
import pytest

from skully_game.scenes.cardtable import hintplace
from skully_game.scenes.skull.demos import DEMOS
from skully_game.shell.app import App
from tests.ui_helpers import make_app


def _drawn_rects(table, monkeypatch) -> list[pygame.Rect]:
    """Where the hint's words (and their panel) are drawn in one frame."""
    seen: list[pygame.Rect] = []
    real = hintplace.draw

    def spy(surface, placed, say):
        lines, top, size, x, panel = placed
        seen.append(panel if panel is not None else hintplace._box(lines, top, size, x))
        real(surface, placed, say)

    monkeypatch.setattr(hintplace, "draw", spy)
    table.app.run_frames(1)
    return seen


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_eight_seats_hint_lies_clear_of_every_seat_and_stack(size, monkeypatch):
    app: App = make_app(size)
    DEMOS["skull-eight-hint"](app)
    table = app.stack.top
    for _ in range(600):  # the hint is looked for on a thread
        if table.hinted is not None:
            break
        app.run_frames(1)
    assert table.hinted is not None and table.notice.startswith("Hint:")
    drawn = _drawn_rects(table, monkeypatch)
    assert drawn
    avoid = [*table.seat_rects().values(), *(p.rect for p in table.spot_layout())]
    for rect in drawn:
        assert rect.collidelist(avoid) < 0, (rect, [a for a in avoid if a.colliderect(rect)])
