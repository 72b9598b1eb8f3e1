"""A Skip-Bo hint's outlines go once the person drags a card of their own, the drag let go
where the card goes back included (they stayed lit after a cancelled drag, issue 40)."""

from __future__ import annotations

import pygame

from tests.test_skip_bo_table import _table, drag
from tests.ui_helpers import Inline, key


def _hinted(size: tuple[int, int]):
    app, table = _table(["human", "build-first"], size=size)
    table.pool = Inline()
    app.dispatch(key(pygame.K_h))
    app.tick()
    assert table.hinted is not None and len(table.hint_rects()) == 2
    return app, table


def test_a_drag_let_go_off_every_pile_clears_the_hint():
    for size in ((1280, 800), (1024, 640)):
        app, table = _hinted(size)
        count = len(table.state.history())
        source = next(s for s in table.sources() if s.startswith("H"))
        start = table.place_rect(source).center
        empty = (table.app.screen.get_width() // 2, 8)  # the window's top edge: no pile there
        drag(app, start, empty)
        assert len(table.state.history()) == count, "nothing was played"
        assert table.hinted is None and table.hint_rects() == []
        assert not table.notice.startswith("Hint:"), table.notice
        app.draw(0.0)


def test_a_click_that_picks_a_card_keeps_the_hint():
    """A press let go where it began is a pick, not a drag: the hint stays to be followed."""
    app, table = _hinted((1280, 800))
    source = next(s for s in table.sources() if s.startswith("H"))
    drag(app, table.place_rect(source).center, table.place_rect(source).center)
    assert table.hinted is not None
