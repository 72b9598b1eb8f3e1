"""Skirrid says a refusal once (issue 40's play-test: turning the first shape over printed
"Door turned over (a block): the first shape may not be turned over." and then the same words
again as a notice)."""

from __future__ import annotations

import pygame

from skully_game.scenes.skirrid.demos import _skirrid, _skirrid_hold
from tests.ui_helpers import key, make_app


def test_turning_the_first_shape_over_is_refused_in_one_line() -> None:
    app = make_app((1024, 640))
    table = _skirrid(app, ["human", "greedy", "greedy"], seed=1, dice=True)
    app.run_frames(60)  # (a press just as the table opens is not taken)
    _skirrid_hold(app, table, "Snake")  # the 4 rolled: the Snake may be placed
    app.dispatch(key(pygame.K_f))
    app.run_frames(2)
    lines = " ".join(text for text, _ in table.prompt_lines(400)).lower()
    assert lines.count("may not be") == 1, lines
