"""A stack's tooltip in Skull never lies over the card held up to be read, nor its words, nor
the stack it is about (issue 40: a pointer left on a stack hid the card just turned), with 3,
6 and 8 seats at both sizes: the pointer on every stack and on every stack's Win Markers."""

from __future__ import annotations

import pytest

from skully_game.scenes.cardtable import spots
from tests.test_skull_held_card_clear import _hold
from tests.test_skull_small_windows import _table


@pytest.mark.parametrize("players", (3, 6, 8))
@pytest.mark.parametrize("size", ((1280, 800), (1024, 640)), ids=["1280x800", "1024x640"])
def test_no_stack_tooltip_covers_the_held_card(size, players) -> None:
    table = _table(size, players, "challenge")
    shown = _hold(table, 1)
    shown.duration = float("inf")
    table.flights.append(shown)
    held = table.held_rects(shown)
    assert held is not None
    avoid = table.spot_tip_avoids()
    assert held[0] in avoid and held[1] in avoid
    placed = table.spot_layout()
    tried = 0
    for item in placed:
        points = [item.stack_rect().center, *(r.center for _, r in item.marks[-1:])]
        for at in points:
            if held[0].collidepoint(at) or held[1].collidepoint(at):
                continue  # the pointer on the held card itself: no stack under it is seen
            found = spots.tip_place(placed, at, table.lay().table, avoid)
            if found is None:
                continue
            tried += 1
            _, box = found
            assert not box.colliderect(held[0]) and not box.colliderect(held[1]), (at, box)
            assert not box.collidepoint(at), "the tooltip lies on what it explains"
            assert table.lay().table.contains(box)
    assert tried >= players
