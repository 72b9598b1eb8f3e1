"""What Skirrid draws over the board while a shape is held, in a clear order: the green frames
where it fits (none under the held shape itself), the hint's gold outline over them, the held
shape on top; N shows in every frame the score the shape would make there; and the keys 1-6,
which go through a shape's marks one press after another, say so."""

from __future__ import annotations

import pygame

from skully_game.scenes.skirrid import painting
from skully_game.scenes.skirrid.held import handle
from skully_game.scenes.skirrid.table import SkirridTable
from skully_game.shell import theme
from tests.test_skirrid_help import _table, point, press, square_pos
from tests.ui_helpers import drawn_texts


def _held_on_a_frame(moves: int = 6):
    """A person holding a Quoin (key 3) over one of its green frames."""
    app, table = _table(["human", "strong"], moves=moves)
    press(app, pygame.K_3)
    frames = sorted(table.hints())
    assert len(frames) > 10 and table.held is not None
    point(app, square_pos(table, frames[len(frames) // 2]))
    assert table.verdict()[1] is None and table.verdict()[0] is not None
    return app, table


def test_no_green_frame_is_drawn_under_the_held_shape(monkeypatch):
    app, table = _held_on_a_frame()
    lay = table.lay()
    framed: list[tuple[int, int]] = []
    real = painting.fit_frame

    def record(square: pygame.Rect):
        framed.append(((square.y - lay.board.y) // lay.cell, (square.x - lay.board.x) // lay.cell))
        return real(square)

    monkeypatch.setattr(painting, "fit_frame", record)
    app.draw(0.5)
    o, (r0, c0) = table.held_orientation(), table.at
    hr, hc = handle(o)
    under = {(r0 - hr + r, c0 - hc + c) for r, c in o.squares}
    assert under & table.hints()  # the shape lies on a frame of its own
    assert set(framed) == table.hints() - under


def test_the_hints_gold_outline_lies_over_the_frames_and_under_the_held_shape(monkeypatch):
    app, table = _held_on_a_frame()
    table.ask_hint()
    for _ in range(200):
        app.run_frames(1)
        if table.hinted is not None:
            break
    assert table.hinted_move() is not None
    order: list[str] = []
    real_frame, real_outline = painting.fit_frame, SkirridTable._outline
    real_cells = painting.shape_cells
    monkeypatch.setattr(painting, "fit_frame", lambda sq: order.append("frame") or real_frame(sq))

    def outline(self, surface, lay, squares, colour, width):  # type: ignore[no-untyped-def]
        if colour == self.hint_gold():
            order.append("hint")
        return real_outline(self, surface, lay, squares, colour, width)

    def cells(*args, **kw):  # type: ignore[no-untyped-def]
        if kw.get("alpha") == 170:  # the held shape's see-through squares
            order.append("held")
        return real_cells(*args, **kw)

    monkeypatch.setattr(SkirridTable, "_outline", outline)
    monkeypatch.setattr(painting, "shape_cells", cells)
    app.draw(0.5)
    assert "frame" in order and "hint" in order and "held" in order
    last_frame = max(i for i, what in enumerate(order) if what == "frame")
    first_hint = order.index("hint")
    assert last_frame < first_hint < order.index("held")


def test_n_shows_in_every_frame_the_score_the_held_shape_would_make_there(monkeypatch):
    app, table = _held_on_a_frame()
    scores = table.frame_scores()
    assert set(scores) == table.hints()
    state = table.state
    for square, score in list(scores.items())[:5]:  # each as the engine scores it there
        point(app, square_pos(table, square))
        p, reason = table.verdict()
        assert reason is None and state.score_of(table.held, p) == score
    under = set(table.held_cells())  # (the held shape stays where it last lay)
    scores = {sq: s for sq, s in scores.items() if sq not in under}
    drawn: list[tuple[str, tuple[int, int]]] = []
    real = theme.text

    def text(surface, message, pos, *args, **kw):  # type: ignore[no-untyped-def]
        drawn.append((str(message), tuple(pos)))
        return real(surface, message, pos, *args, **kw)

    monkeypatch.setattr(theme, "text", text)
    app.draw(0.5)
    assert not any(m == str(s) and p == square_pos(table, sq) for sq, s in scores.items()
                   for m, p in drawn)  # fmt: skip
    press(app, pygame.K_n)
    drawn.clear()
    app.draw(0.5)
    for square, score in scores.items():
        assert (str(score), square_pos(table, square)) in drawn, square
    assert any(m.startswith("N: numbers, scores in the frames") for m, _ in drawn)


def test_the_tray_and_its_tooltip_say_a_key_goes_through_a_shapes_marks(monkeypatch):
    app, table = _table(["human", "strong"])
    said = " ".join(drawn_texts(app, monkeypatch))
    assert "Your shapes: pick with 1-6 (again: the next mark)" in said
    slot = next(rect for piece, rect, _ in table.tray_slots() if piece == "Snake2")
    point(app, slot.center)
    assert "(key 4; press it again for the next mark)" in " ".join(drawn_texts(app, monkeypatch))
    held = []
    for _ in range(3):
        press(app, pygame.K_4)
        held.append(table.held)
    assert held == ["Snake", "Snake2", "Snake3"]
