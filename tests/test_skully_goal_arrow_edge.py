"""The arrow to a goal too far to frame sits at the frame's edge (not inside the board's
drawing, where it read as pointing at a skull section), and its words hide no box number nor
chalked word (issue 39, item 3)."""

from __future__ import annotations

import pytest

from skully_game.scenes.skully.gamedraw import GOAL_EDGE
from tests.test_skully_closer_view import _far_turn
from tests.ui_helpers import make_app


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_goal_arrow_is_at_the_edge_and_its_words_hide_no_number(size) -> None:
    app = make_app(size)
    scene = _far_turn(app)
    table = scene.table
    frame = table.camera.frame
    tip = table.drawn["goal arrow"].center
    to_edge = min(tip[0] - frame.left, frame.right - tip[0], tip[1] - frame.top)
    assert to_edge <= GOAL_EDGE + 2, (tip, frame)
    words = table.drawn["goal pointer"]
    assert frame.contains(words)
    assert words.collidelist(table._number_rects()) < 0
