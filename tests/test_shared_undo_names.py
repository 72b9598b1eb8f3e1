"""At a shared desk the Undo button says whose move it takes back: on the next person's pass
screen "take back your last move" read as an offer to whoever sat there (a play-tester at his
own pass screen took back the other person's bid)."""

from __future__ import annotations

from tests.test_skip_bo_undo import _discard, _two_people


def test_the_undo_tip_names_the_person_whose_move_it_takes_back():
    _app, table = _two_people()
    anne = table.match.seats[0].name
    _discard(table)
    assert table.passing == 1, "the next person's pass screen, shut"
    tip = table.undo_tip("")
    assert f"{anne}'s last move" in tip and "your" not in tip
