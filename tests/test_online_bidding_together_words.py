"""While everyone bids at once, a table that is not choosing (a spectator's, or a seat whose
bid is in) says which people are still bidding, all of them (a play-tester's spectator read
only "Anne is choosing… 0:28", the engine's first bidder, while Anne and Bea both chose)."""

from __future__ import annotations

from types import SimpleNamespace

from skully_game.scenes.cardtable.match import HUMAN
from skully_game.scenes.online.together import ChoosingTogether


class Bidding:
    """A Skull King state in its bidding phase (read by name, as the online layer does)."""

    phase = SimpleNamespace(value="bid")
    bid_order = (1, 2, 0)

    def __init__(self, bids: list[int | None]) -> None:
        self.bids = bids

    def is_terminal(self) -> bool:
        return False


def _words(
    bids: list[int | None],
    seat: int | None,
    key: str = "skull-king",
    gone: tuple[int, ...] = (),
    computers: tuple[int, ...] = (),
) -> str | None:
    seats = [
        SimpleNamespace(name=name, kind="steady" if p in computers else HUMAN)
        for p, name in enumerate(["Anne", "Bea", "Cy"])
    ]
    table = SimpleNamespace(
        state=Bidding(bids),
        link=SimpleNamespace(key=key),
        shadow=SimpleNamespace(seat=seat),
        match=SimpleNamespace(seats=seats),
        away=lambda p: 117.0 if p in gone else None,
    )
    table.bidding_now = lambda: ChoosingTogether.bidding_now(table)  # type: ignore[arg-type]
    return ChoosingTogether.bidders_words(table)  # type: ignore[arg-type]


def test_a_spectator_is_told_everyone_still_bidding():
    assert _words([None, None, None], None) == "Bea, Cy and Anne are bidding…"
    assert _words([2, None, None], None) == "Bea and Cy are bidding…"


def test_one_person_left_a_computer_or_another_game_keeps_the_tables_own_words():
    assert _words([2, None, 1], None) is None  # one left: "Bea is choosing…" as before
    assert _words([None, None, None], 0) == "Bea and Cy are bidding…"  # not this seat itself
    assert _words([None, None, None], None, computers=(2,)) == "Bea and Anne are bidding…"
    assert _words([2, None, None], None, computers=(2,)) is None  # a computer bids at its turn
    assert _words([None, None, None], None, key="skull") is None
    assert _words([None, None, None], None, gone=(1,)) is None  # "Bea is away: … kept for"
