"""Six seats in a window 580 high (a 1024x640 screen less the desktop's bars): the Skully setup's
Order of play and Board rows stayed under Back, How to play and Warm up first, out of reach."""

from __future__ import annotations

import pytest

from tests.ui_helpers import make_app


@pytest.mark.parametrize("size", [(1024, 520), (1024, 580), (1024, 640), (1280, 800)])
def test_six_seats_leave_every_row_clear_of_the_foot(size: tuple[int, int]) -> None:
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skully.setup import SkullySetupScene
    from skully_game.shell.widgets import page_foot

    app = make_app(size)
    app.stack.push(MenuScene(app))
    scene = SkullySetupScene(app)
    app.stack.push(scene)
    for _ in range(6 - len(scene.setup.seats)):
        scene._add()
    app.run_frames(2)
    foot_top = page_foot(size)[0].top
    rows = [w.rect for w in scene.widgets.widgets if w.rect.top < foot_top]
    labels = [getattr(w, "label", "") for w in scene.widgets.widgets if w.rect.top < foot_top]
    assert "Board" in labels and "Order of play" in labels
    assert all(r.bottom <= foot_top for r in rows), "a row runs under the foot's buttons"
    for k, a in enumerate(rows):
        for b in rows[k + 1 :]:
            assert not a.colliderect(b), (a, b)
    seats = [r for r in rows if r.right < size[0] * 0.6]  # the players' column
    assert all(r.h >= 27 for r in seats), "rows still big enough to click and read"
