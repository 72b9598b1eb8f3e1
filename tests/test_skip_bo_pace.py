"""Skip-Bo's computer turns go briskly: a turn is many plays, so only its first waits the
pace's whole pause; each further play of the same turn waits a third of it. The rules, the
moves and every card's flight are unchanged."""

from __future__ import annotations

from cards.skip_bo import SkipBoOptions
from skully_game.scenes.cardtable.match import Match, Pace
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skip_bo.adapter import GAME
from skully_game.scenes.skip_bo.table import TURN_PAUSE, SkipBoTable, TableSeat
from skully_game.shell.app import TICK
from tests.ui_helpers import Inline, make_app


def _computers(seed: int) -> tuple[object, SkipBoTable]:
    app = make_app()
    app.stack.push(MenuScene(app))
    seats = [TableSeat("Anne", "build-first"), TableSeat("Bob", "build-first")]
    match = Match(GAME, SkipBoOptions(players=2, stock=10), seed, seats, Pace.NORMAL)
    table = SkipBoTable(app, match)
    table.pool = Inline()  # each move found at once: the table's time is its pauses and flights
    app.stack.push(table)
    return app, table


def test_a_further_play_of_the_same_turn_waits_less_than_a_turns_first():
    _, table = _computers(1)
    seat = table.game.to_act(table.state)
    assert table.move_pause(seat) == Pace.NORMAL.move  # the turn's first play
    plays = [a for a in table.game.legal(table.state) if not a.startswith("H") or ">B" in a]
    table.act(plays[0] if plays else table.game.legal(table.state)[0])
    now = table.game.to_act(table.state)
    if now == seat:  # still its turn: the next play comes sooner
        assert table.move_pause(seat) == Pace.NORMAL.move * TURN_PAUSE
    other = 1 - seat
    assert table.move_pause(other) == Pace.NORMAL.move  # another seat's turn: the whole pause


def test_a_computers_ten_card_game_is_shown_within_two_minutes_at_normal_pace():
    """Measured (seed 1, 80 moves): 98 s of the table's time before, 76 s now."""
    app, table = _computers(1)
    ticks = 0
    while not GAME.is_over(table.state) and ticks < 120 / TICK:
        app.tick()  # the table's clock alone: nothing drawn
        ticks += 1
    assert GAME.is_over(table.state)
    assert ticks * TICK < 90, ticks * TICK
