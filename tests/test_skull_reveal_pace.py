"""Skull's reveal can be read at every pace: each turned card is held up, face up and large,
with whose stack it was and what it is, long enough to read (the fast pace included), before the
next card may turn; and a Win Marker won flies from the middle to its winner (issue 40)."""

from __future__ import annotations

import pytest

from cards.skull import SkullOptions
from skully_game.scenes.cardtable.match import Match, Pace
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skull.adapter import GAME as SKULL
from skully_game.scenes.skull.adapter import MarkerWon
from skully_game.scenes.skull.table import READ, ShownTurn, SkullTable, TableSeat
from tests.ui_helpers import make_app

STEP = 1 / 60


def _computers(pace: Pace, seed: int = 3) -> SkullTable:
    app = make_app()
    app.stack.push(MenuScene(app))
    seats = [TableSeat(n, "bold") for n in ("Anne", "Bob", "Cal", "Dee")]
    table = SkullTable(app, Match(SKULL, SkullOptions(players=4), seed, seats, pace))
    app.stack.push(table)
    return table


def read_times(pace: Pace, cards: int = 6) -> list[float]:
    """Seconds each turned card lay face up, flat, before the next one began to turn (or the
    round's end came), for the first `cards` cards the computer Challengers turn."""
    table = _computers(pace)
    out: list[float] = []
    flat_since: float | None = None
    current: ShownTurn | None = None
    clock = 0.0
    for _ in range(200_000):
        table.update(STEP)
        clock += STEP
        shown = next((f for f in table.flights if isinstance(f, ShownTurn)), None)
        if shown is not current:  # the last card's show is over (a new card, or none)
            if flat_since is not None:
                out.append(clock - flat_since)
                if len(out) >= cards:
                    return out
            current, flat_since = shown, None
        if current is not None and flat_since is None and current.turned() >= 1.0:
            flat_since = clock
    raise AssertionError("the computers turned too few cards")


@pytest.mark.parametrize("pace", list(Pace))
def test_every_turned_card_is_on_show_long_enough_to_read(pace: Pace) -> None:
    times = read_times(pace)
    assert min(times) >= READ[pace] - 2 * STEP
    assert READ[Pace.FAST] >= 0.8, "even the fast pace leaves time to read a card"


def test_a_turned_card_says_whose_stack_it_was_and_what_it_is() -> None:
    table = _computers(Pace.NORMAL)
    for _ in range(100_000):
        table.update(STEP)
        shown = next((f for f in table.flights if isinstance(f, ShownTurn)), None)
        if shown is not None:
            break
    assert shown is not None
    assert shown.words.endswith(("stack: a Flower", "stack: Skull!"))
    owner = table.names[shown.turning]
    assert shown.words.startswith(f"{owner}'s stack")


def test_a_win_marker_flies_to_its_winner() -> None:
    table = _computers(Pace.NORMAL, seed=5)
    for _ in range(200_000):
        pending = [p for p in table.pending if isinstance(p, MarkerWon)]
        if pending:
            break
        table.update(STEP)
    winner = pending[0].seat
    for _ in range(10_000):
        table.update(STEP)
        flying = [f for f in table.flights if f.code and f.code.startswith("marker:")]
        if flying:
            break
    assert flying, "the marker flies"
    mark = table._mark_rect(winner, pending[0].index)
    assert mark is not None and flying[0].end == mark.center
    assert flying[0].code == "marker:" + pending[0].code
