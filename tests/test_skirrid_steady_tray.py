"""Skirrid's tray holds still (issue 40): players aim by place, so a shape placed leaves a hole
and every other shape stays where it was; the keys 1-6 still pick by size; and a tray shape's
words cover no other shape of the tray (over the upper row, they hid what was being chosen)."""

from __future__ import annotations

import pygame

from cards.skirrid.state import piece_shape
from tests.test_skirrid_playtest_colours_tray import _played
from tests.test_skirrid_table import _table, hover
from tests.ui_helpers import key


def _slots(table) -> dict[str, pygame.Rect]:
    return {piece: rect.copy() for piece, rect, _ in table.tray_slots()}


def test_a_placed_shape_leaves_a_hole_and_the_others_do_not_move():
    for size in ((1280, 800), (1024, 640), (1024, 580)):
        app, table = _table(["human", "human"], size=size)
        seen: dict[int, dict[str, pygame.Rect]] = {}
        for _ in range(12):  # six of each seat's shapes
            seat = table.state.turn
            table.viewer = seat
            now = _slots(table)
            if seat in seen:
                before = seen[seat]
                assert set(now) < set(before) or set(now) == set(before)
                assert all(now[p] == before[p] for p in now), size
                assert len(now) < len(before)  # (a hole where the placed one was)
            seen[seat] = now
            table.act(table.state.legal_actions()[0])
            app.run_frames(1)


def test_keys_one_to_six_still_pick_by_size_with_holes_in_the_tray():
    app, table = _played(["human", "strong"], (1024, 640), 10)
    shapes = table.shapes()
    for size in range(1, 7):
        held = [
            p for p, _, _ in table.tray_slots() if len(shapes[piece_shape(p)[0]][0].squares) == size
        ]
        app.dispatch(key(pygame.K_0 + size))
        if held:
            assert table.held is not None
            assert len(shapes[piece_shape(table.held)[0]][0].squares) == size
        app.dispatch(key(pygame.K_ESCAPE))


def test_a_tray_shapes_words_cover_no_other_shape_of_the_tray():
    for size in ((1280, 800), (1024, 640), (1024, 580)):
        for kinds in (["human", "strong"], ["human", "strong", "strong"]):
            app, table = _played(kinds, size, 6)
            window = pygame.Rect((0, 0), size)
            slots = table.tray_slots()
            for piece, rect, _ in slots:
                hover(app, rect.center)
                text, _ = table.tip_text()
                found = table.tray_tip_box(text)
                assert found is not None
                _, box = found
                assert window.contains(box)
                others = [r for p, r, _ in slots if p != piece]
                assert not any(box.colliderect(r) for r in others), (size, piece)
                assert not box.collidepoint(rect.center)
