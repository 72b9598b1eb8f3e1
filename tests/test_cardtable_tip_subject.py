"""Issue 40, the second play-test: a stack's tooltip stayed up after the stack it described
changed under a still pointer. Now it is dropped when its subject changes, and shows afresh
once the pointer moves."""

from __future__ import annotations

from dataclasses import replace

import pygame

from tests.test_skull_small_windows import _table
from tests.ui_helpers import ev


def test_a_stack_tip_is_dropped_when_the_stack_changes_under_a_still_pointer() -> None:
    table = _table((1280, 800), 3, "challenge")
    app = table.app
    placed = table.spot_layout()
    item = next(p for p in placed if p.spot.tip)
    at = item.stack_rect().center
    app.dispatch(ev(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    assert not table.spot_tip_dropped(False)
    assert not table.spot_tip_dropped(False)  # the same words: still shown
    changed = [replace(p, spot=replace(p.spot, tip=p.spot.tip + " (changed)")) if p is item
               else p for p in placed]  # fmt: skip
    table.spot_layout = lambda: changed  # type: ignore[method-assign]
    assert table.spot_tip_dropped(False), "its subject changed: the tip goes"
    assert table.spot_tip_dropped(False)
    app.dispatch(ev(pygame.MOUSEMOTION, pos=(at[0] + 1, at[1]), rel=(1, 0), buttons=(0, 0, 0)))
    assert not table.spot_tip_dropped(False), "the pointer moved: shown afresh"
