"""The score sheet gives every seat a colour told apart from every other's at the table (Skull
King's graph drew "You" orange and "Mary", the fourth seat, yellow: alike at a glance)."""

from __future__ import annotations

from skully_game.scenes.cardtable.panels import colour_of


def _apart(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """A rough distance between two colours, weighted as the eye weighs red, green and blue."""
    dr, dg, db = (a[0] - b[0]), (a[1] - b[1]), (a[2] - b[2])
    return (2 * dr * dr + 4 * dg * dg + 3 * db * db) ** 0.5


def test_up_to_four_seats_have_clearly_different_colours_and_eight_no_two_alike():
    for seats, least in ((4, 200), (8, 120)):
        colours = [colour_of(k) for k in range(seats)]
        assert len(set(colours)) == seats
        closest = min(
            _apart(colours[a], colours[b]) for a in range(seats) for b in range(a + 1, seats)
        )
        assert closest >= least, (seats, closest)
