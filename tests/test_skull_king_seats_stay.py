"""Skull King's seats keep their places for the whole game, and each played card lies in front
of the seat that played it (issue 40, at 1024x640: with Greybeard his box and Anne's traded
sides with the lead; with eight seats Edward's and Grace's cards lay under each other's boxes)."""

from __future__ import annotations

import itertools
import math

import pytest

from skully_game.scenes.skull_king.demos import _skull_king
from tests.ui_helpers import make_app

SIZES = ((1280, 800), (1024, 640), (1024, 580))


def test_greybeard_and_the_other_player_keep_their_sides_whoever_leads() -> None:
    from skully_game.scenes.cardtable.game import Taken

    app = make_app((1024, 640))
    table = _skull_king(app, ["human", "heuristic"], seed=9)
    first = dict(table.seat_rects())
    assert first[2].centerx < first[1].centerx, "Greybeard between you and Anne"
    for leader in (0, 1, 2):  # a trick on show, led by each in turn, and the next lead
        order = {0: (0, 2, 1), 1: (1, 2, 0), 2: (2, 0, 1)}[leader]
        table.shown = Taken(tuple((seat, "E1") for seat in order), leader, "Trick")
        assert table.seat_rects() == first, f"a trick led by seat {leader} moved the boxes"
        table.shown = None
        table.state.leader = leader  # (the trick in play is empty: the next lead)
        assert table.seat_rects() == first, f"seat {leader} to lead moved the boxes"


def _in_front(table) -> list[tuple[int, int]]:
    """Pairs of seats whose cards would both lie nearer their own boxes traded."""
    boxes, slots = table.seat_rects(), table.trick_slots()
    crossed = []
    for a, b in itertools.combinations([s for s in boxes if s != table.viewer], 2):

        def far(seat: int, slot: int) -> float:
            return math.dist(boxes[seat].center, slots[slot].center)

        if far(a, b) + far(b, a) < far(a, a) + far(b, b) - 0.5:
            crossed.append((a, b))
    return crossed


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", range(2, 9))
def test_each_played_card_lies_in_front_of_its_own_seat(size, players) -> None:
    app = make_app(size)
    table = _skull_king(app, ["human"] + ["heuristic"] * (players - 1))
    boxes, slots = table.seat_rects(), table.trick_slots()
    assert set(slots) == set(boxes)
    top_y = min(r.y for r in boxes.values())
    top = sorted((s for s, r in boxes.items() if r.y == top_y), key=lambda s: boxes[s].x)
    assert top == sorted(top, key=lambda s: slots[s].x), "cards across the top as their boxes"
    assert _in_front(table) == [], (size, players)
    for seat, box in boxes.items():  # a side seat's card on its own side of the table
        if box.y != top_y and seat != table.viewer:
            middle = table.lay().table.centerx
            assert (slots[seat].centerx < middle) == (box.centerx < middle), seat
