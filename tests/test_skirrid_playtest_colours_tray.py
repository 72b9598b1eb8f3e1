"""Issue 40, Skirrid from a play-test: at 1024x640 with four seats the tray's pieces were about
9 pixels a square and their ×2/×3 unreadable; four seats' orange and yellow looked alike on the
board, colour being the only cue; a placed shape's words lay over its neighbours' numbers."""

from __future__ import annotations

import math
import random

import pygame

from cards.skirrid import make_bot
from skully_game.scenes.skirrid import painting
from skully_game.scenes.skirrid.badge import number_mark
from skully_game.scenes.skirrid.boarddraw import (
    MARK_BADGE_TEXT,
    SEAT_ORDER,
    seat_colour,
    seat_symbol,
)
from skully_game.scenes.skirrid.layout import tray_flow
from skully_game.shell import theme
from tests.test_skirrid_table import _table, hover, square_pos
from tests.ui_helpers import Inline


def _played(kinds: list[str], size: tuple[int, int], moves: int, **options: object):
    """A table on which `moves` actions were made (the people's by a greedy player)."""
    app, table = _table(kinds, size=size, **options)
    table.pool = Inline()
    person = make_bot("greedy", random.Random(1))
    for _ in range(200):
        table.run_bots_now()
        state = table.state
        if state.is_terminal() or len(state.history()) >= moves:
            break
        table.act(person.act(state.observation(state.turn), state.legal_actions()))
    table.run_bots_now()
    app.run_frames(2)
    return app, table


# Machado et al. (2009) at full severity: how protan, deutan and tritan eyes see a colour
CVD = (
    ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
     (-0.003882, -0.048116, 1.051998)),
    ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
     (-0.011820, 0.042940, 0.968881)),
    ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
     (0.004733, 0.691367, 0.303900)),
)  # fmt: skip


def _lab(rgb, matrix=None) -> tuple[float, float, float]:
    lin = [c / 255 / 12.92 if c <= 10.3 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
    if matrix is not None:
        lin = [
            max(0.0, min(1.0, sum(m * v for m, v in zip(row, lin, strict=True)))) for row in matrix
        ]
    r, g, b = lin
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def _apart(a, b) -> float:
    """How far apart two colours look to the eye that confuses them most (CIELAB)."""
    return min(math.dist(_lab(a, m), _lab(b, m)) for m in (None, *CVD))


def test_four_seats_colours_are_told_apart_by_every_eye():
    colours = [seat_colour(s) for s in range(4)]
    names = {theme.PLAYER_COLOURS[SEAT_ORDER[s]][0] for s in range(4)}
    assert not {"Orange", "Yellow"} <= names
    nearest = min(_apart(a, b) for i, a in enumerate(colours) for b in colours[:i])
    assert nearest >= 20, nearest
    assert _apart(seat_colour(0), seat_colour(1)) >= 60  # two players: far apart
    assert len(set(SEAT_ORDER)) == len(SEAT_ORDER) == len(theme.PLAYER_COLOURS)


def test_each_seat_places_its_shapes_with_its_own_symbol(monkeypatch):
    app, table = _played(["human", "greedy", "human", "greedy"], (1024, 640), 8, pairs=True)
    drawn: list[tuple[theme.Colour, str | None]] = []
    real = painting.shape_cells

    def spy(surface, origin, cell, squares, colour, **kw):
        if origin == table.lay().board.topleft and not kw.get("edge"):
            drawn.append((colour, kw.get("symbol")))
        return real(surface, origin, cell, squares, colour, **kw)

    monkeypatch.setattr(painting, "shape_cells", spy)
    app.draw(0.1)
    seats = [seat for seat, *_ in table.state.placed]
    assert drawn == [(seat_colour(s), seat_symbol(s)) for s in seats]
    assert len({seat_symbol(s) for s in range(4)}) == 4
    # and the symbol shows: a piece drawn with it differs from one without
    plain = pygame.Surface((64, 64))
    marked = pygame.Surface((64, 64))
    real(plain, (0, 0), 32, [(0, 0), (0, 1)], seat_colour(2))
    real(marked, (0, 0), 32, [(0, 0), (0, 1)], seat_colour(2), symbol=seat_symbol(2))
    assert pygame.image.tobytes(plain, "RGB") != pygame.image.tobytes(marked, "RGB")


def test_four_seats_tray_at_1024x640_is_large_and_its_marks_readable(monkeypatch):
    app, table = _table(["human", "greedy", "human", "greedy"], size=(1024, 640), pairs=True)
    slots = table.tray_slots()
    assert len(slots) == 9
    assert min(cell for *_, cell in slots) >= 18  # (was 9: a grid of shape by mark)
    panel = table.lay().panel
    assert all(panel.contains(rect) for _, rect, _ in slots)
    for i, (_, a, _) in enumerate(slots):
        assert not any(a.colliderect(b) for _, b, _ in slots[:i])
    sizes: list[tuple[str, int]] = []
    real = theme.rendered
    monkeypatch.setattr(
        theme, "rendered", lambda m, s, *a, **k: sizes.append((m, s)) or real(m, s, *a, **k)
    )
    app.draw(0.1)
    monkeypatch.setattr(theme, "rendered", real)
    marks = [(m, s) for m, s in sizes if m in ("×2", "×3")]
    marked = [p for p, _, _ in slots if p[-1] in "23"]
    assert len(marks) >= len(marked) > 0
    assert min(s for _, s in marks) >= MARK_BADGE_TEXT >= 14


def test_tray_flow_wraps_and_shrinks_only_when_it_must():
    sizes = [(1, 1), (2, 1), (2, 2), (3, 2), (3, 2), (4, 2)] * 2
    cell, rects = tray_flow(sizes, 370, 1000)
    assert cell == 22 and max(r.right for r in rects) <= 370
    assert len({r.y for r in rects}) >= 2  # wrapped into rows
    small, tight = tray_flow(sizes, 370, 120)
    assert small < cell and max(r.bottom for r in tight) <= 120


def test_a_placed_shapes_words_cover_no_number_near_it():
    for size in ((1280, 800), (1024, 640)):
        app, table = _played(["human", "greedy"], size, 20)
        state, lay = table.state, table.lay()
        n = state.geo.board.size
        for k, (_, _, pid, _) in enumerate(state.placed):
            squares = state.geo.placements[pid].squares
            pos = square_pos(table, divmod(squares[0], n))
            hover(app, pos)
            assert table.pointed_shape() == k
            text, _ = table.tip_text()
            _, box = table.placed_tip_box(text, k)
            assert not box.collidepoint(pos)
            assert pygame.Rect((0, 0), size).contains(box)
            # over no board number where the window has room for that (issue 40, the second
            # play-test: over the board they hid 3, 4 and 5 of a row); never one next to it
            assert table.numbers_under(box) == 0, (k, box)
            near = {
                (r + dr) * n + c + dc
                for r, c in (divmod(i, n) for i in squares)
                for dr in (-1, 0, 1)
                for dc in (-1, 0, 1)
                if 0 <= r + dr < n and 0 <= c + dc < n
            }
            if box.colliderect(lay.board):
                for i in range(n * n):
                    r, c = divmod(i, n)
                    sq = pygame.Rect(lay.board.x + c * lay.cell, lay.board.y + r * lay.cell,
                                     lay.cell, lay.cell)  # fmt: skip
                    assert i not in squares or not sq.colliderect(box)
                    if state.numbers[i] and i in near:
                        assert not number_mark(sq).colliderect(box), (k, i)
            app.draw(0.1)
