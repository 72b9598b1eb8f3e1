"""At a shared desk the Undo button offers nothing on the next person's pass screen: "take back
your last move" read as an offer to whoever sat there (a play-tester at his own pass screen took
back the other person's bid; another took back a discard and opened the hand it brought back).
The move stands, and the tip says why."""

from __future__ import annotations

from tests.test_skip_bo_undo import _discard, _two_people


def test_the_next_persons_pass_screen_offers_no_undo_and_says_why():
    _app, table = _two_people()
    _discard(table)
    assert table.passing == 1, "the next person's pass screen, shut"
    tip = table.undo_tip("")
    assert tip == table.SHARED_NOTHING and "passed on" in tip and "your" not in tip
