"""Skirrid: Enter after H places the hinted shape even when another shape was held before H
was pressed (a play-test: Rod x3 picked, H, Enter tried the Rod at an old spot, "Not there");
a shape picked or turned by the keys after the hint is the person's own, placed by Enter."""

from __future__ import annotations

import pygame

from cards.skirrid.state import parse
from tests.test_skirrid_help import _table, press


def _hint(app, table):
    press(app, pygame.K_h)
    app.run_frames(1)
    assert table.hinted is not None
    return table.hinted.action


def test_enter_places_the_hint_though_another_shape_was_held_before_it() -> None:
    app, table = _table(["human", "strong"], moves=8)
    press(app, pygame.K_2)  # a Rod picked up first
    assert table.held is not None
    action = _hint(app, table)
    press(app, pygame.K_RETURN)
    assert table.state.history()[8] == action and table.held is None


def test_a_shape_turned_after_the_hint_is_placed_by_enter_instead() -> None:
    app, table = _table(["human", "strong"], moves=8)
    _hint(app, table)
    press(app, pygame.K_2)  # the person picks for themselves after the hint came
    held = table.held
    assert held is not None
    press(app, pygame.K_RETURN)
    history = table.state.history()
    if len(history) > 8:  # placed where the keys had it: the person's Rod, not the hint
        assert parse(history[8], table.state.geo)[0] == held
    else:
        assert table.held == held  # or refused there, still held: never the hint unasked
