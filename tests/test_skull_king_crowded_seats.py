"""Skull King's seat boxes never lie over each other, under the line at the top or off the
table (issue 40: eight seats in a 1024x580 window drew Mary over Calico and Grace over Ching,
and Grace's card over Henry's box). The shared table lays the seats as Skull's does: a side
holds only the seats that fit, and a crowded top row gives one seat to the bottom right."""

from __future__ import annotations

import itertools

import pytest

from skully_game.scenes.cardtable.painting import HEADER_H
from skully_game.scenes.skull_king.demos import _sk_until, _skull_king
from tests.ui_helpers import make_app

CASES = [
    (size, n) for size in ((1024, 520), (1024, 580), (1024, 640), (1280, 800)) for n in (3, 6, 8)
]


@pytest.mark.parametrize(("size", "players"), CASES)
def test_seat_boxes_and_played_cards_stand_apart(size, players) -> None:
    app = make_app(size)
    table = _skull_king(app, ["human"] + ["heuristic"] * (players - 1))
    _sk_until(table, lambda s: s.round_index >= 2 and s.phase.value == "play" and len(s.trick) >= 2)
    app.run_frames(2)
    seats = table.seat_rects()
    area = table.lay().table
    assert len(seats) == players
    for seat, rect in seats.items():
        assert area.contains(rect), (seat, rect)
        assert rect.top >= HEADER_H, ("under the line at the top", seat, rect)
    boxes = list(seats.items()) + [(f"card {s}", r) for s, r in table.trick_slots().items()]
    crossed = [
        (a, b) for (a, ra), (b, rb) in itertools.combinations(boxes, 2) if ra.colliderect(rb)
    ]
    assert crossed == [], (size, players)
