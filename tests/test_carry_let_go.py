"""A card being carried when another screen comes over the table goes back to its place: a
play-tester pressed Esc in mid-drag, chose Stay, and the card stuck to the pointer with no button
held, a gap left in the hand."""

from __future__ import annotations

import pygame

from cards.skip_bo.options import SkipBoOptions
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skip_bo.adapter import GAME
from skully_game.scenes.skip_bo.table import SkipBoTable, TableSeat
from skully_game.shell.scripted import ev, key
from tests.ui_helpers import make_app


def test_esc_in_mid_drag_then_stay_puts_the_card_back() -> None:
    app = make_app()
    app.stack.push(MenuScene(app))
    seats = [TableSeat("You"), TableSeat("Bea", "random")]
    table = SkipBoTable(app, Match(GAME, SkipBoOptions(players=2, stock=10), 3, seats))
    app.stack.push(table)
    table.run_bots_now()
    table.settle()
    app.run_frames(40)
    code, rect, _ = table.hand_layout()[0]
    start = rect.center
    app.dispatch(ev(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for k in range(1, 6):
        at = (start[0] + 8 * k, start[1] - 12 * k)
        app.dispatch(ev(pygame.MOUSEMOTION, pos=at, rel=(8, -12), buttons=(1, 0, 0)))
    assert table.drag is not None and table.drag.moved()
    table.ask_leave()  # "Leave the game?" over the drag (Esc itself now only puts it back)
    dialog = app.stack.top
    assert dialog is not table
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=at, button=1))  # let go over the question
    app.run_frames(40)
    app.dispatch(key(pygame.K_ESCAPE))  # Stay
    assert app.stack.top is table
    assert table.drag is None
    app.dispatch(ev(pygame.MOUSEMOTION, pos=(400, 300), rel=(1, 1), buttons=(0, 0, 0)))
    app.run_frames(2)
    assert table.drag is None
    assert any(c == code for c, _, _ in table.hand_layout())  # back in the hand, no gap
