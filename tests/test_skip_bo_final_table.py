"""Skip-Bo's game's end lets the final table be seen: Space (or See the table) takes the result
away and shows the piles and every hand face up (test_skip_bo_end_box.py: the game is over),
not the live hand to play from; Space (or Back to the result)
brings it back; Enter does nothing there, and a double Space that ended the game hides nothing
unseen."""

from __future__ import annotations

import pygame

from skully_game.scenes.skip_bo.demos import _skip_bo, _skip_bo_until
from skully_game.scenes.skip_bo.ending import SEE_RESULT, SEE_TABLE
from tests.ui_helpers import drawn_texts, key, make_app


def _ended(frames: int = 40):
    app = make_app()
    table = _skip_bo(app, ["human", "build-first", "build-first", "build-first"], seed=8, stock=10)
    _skip_bo_until(table, lambda s: False)
    app.run_frames(frames)
    assert table.end_on_show()
    return app, table


def _labels(table) -> list[str]:
    return [b.label for b in table.widgets.widgets]


def test_space_shows_the_final_table_and_space_again_the_result(monkeypatch):
    app, table = _ended()
    assert "Calico wins!" in drawn_texts(app, monkeypatch)
    assert SEE_TABLE in _labels(table)
    app.dispatch(key(pygame.K_SPACE))
    assert table.table_seen
    texts = drawn_texts(app, monkeypatch)
    assert "Calico wins!" not in texts
    assert any("needs" in t for t in texts)  # the building piles are drawn
    assert SEE_RESULT in _labels(table) and "Play again" not in _labels(table)
    hands: list[object] = []
    monkeypatch.setattr(table, "paint_hand", lambda *a: hands.append(a))
    app.draw(0.5)
    assert hands == []  # no live hand to play from (every hand lies face up: endbox)
    app.dispatch(key(pygame.K_SPACE))
    assert not table.table_seen and "Calico wins!" in drawn_texts(app, monkeypatch)


def test_the_buttons_do_the_same():
    _app, table = _ended()
    next(b for b in table.widgets.widgets if b.label == SEE_TABLE).on_click()
    assert table.table_seen
    next(b for b in table.widgets.widgets if b.label == SEE_RESULT).on_click()
    assert not table.table_seen


def test_enter_neither_deals_a_new_game_nor_hides_the_result():
    app, table = _ended()
    history = list(table.state.history())
    for k in (pygame.K_RETURN, pygame.K_KP_ENTER):
        app.dispatch(key(k))
    assert app.stack.top is table and table.state.history() == history
    assert not table.table_seen


def test_a_space_just_as_the_game_ends_hides_nothing():
    app, table = _ended(frames=2)
    app.dispatch(key(pygame.K_SPACE))
    assert not table.table_seen
