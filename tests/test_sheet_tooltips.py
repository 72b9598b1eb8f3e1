"""While the score sheet covers a card table, the side panel's buttons show no tooltip (theirs
lie over the table): a play-tester found the Hint button's tooltip lying over the open sheet."""

from __future__ import annotations

import pygame

from skully_game.shell import theme
from tests.test_skull_table import _table
from tests.ui_helpers import ev, key


def test_a_buttons_tooltip_stays_off_the_open_score_sheet():
    app, table = _table(["human", "random", "random"])
    app.run_frames(2)
    app.dispatch(key(pygame.K_TAB))
    app.run_frames(1)
    assert table.sheet
    hint = next(w for w in table.widgets.widgets if w.label == "Hint")
    app.dispatch(ev(pygame.MOUSEMOTION, pos=hint.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(1)
    assert _tip_drawn(app, hint.tooltip) is False
    app.dispatch(key(pygame.K_TAB))  # closed: the tooltip shows again
    app.run_frames(1)
    assert not table.sheet and _tip_drawn(app, hint.tooltip) is True


def _tip_drawn(app, words: str) -> bool:
    drawn: list[str] = []
    rendered = theme.rendered

    def spy(text, *args, **kwargs):
        drawn.append(str(text))
        return rendered(text, *args, **kwargs)

    theme.rendered = spy
    try:
        app.run_frames(1)
    finally:
        theme.rendered = rendered
    return words in drawn
