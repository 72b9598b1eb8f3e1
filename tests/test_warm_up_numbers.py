"""The warm-up's numbers after C (clear): a new list starts at 1, on the board, in the list and
in the panel's count (they went on from the cleared list, so its first flick read "4")."""

from __future__ import annotations

import pygame

from tests.test_warm_up import _back_home, _button, _open_from_practice, _sling
from tests.ui_helpers import click, key


def _flicks(app, scene, n: int) -> None:
    for k in range(n):
        _sling(app, scene, 0.2 + 0.02 * k)
        _back_home(app)


def test_after_c_the_flicks_are_numbered_from_1_again(app):
    scene = _open_from_practice(app)
    _flicks(app, scene, 3)
    assert [f.number for f in scene.flicks] == [1, 2, 3]
    app.dispatch(key(pygame.K_c))
    assert scene.flicks == [] and scene.count == 0
    _flicks(app, scene, 2)
    assert [f.number for f in scene.flicks] == [1, 2], "a new list, numbered from 1"
    assert scene.count == 2


def test_the_clear_list_button_starts_the_numbers_again_too(app):
    scene = _open_from_practice(app)
    _flicks(app, scene, 2)
    click(app, _button(scene, "Clear list").rect.center)
    _flicks(app, scene, 1)
    assert [f.number for f in scene.flicks] == [1]
