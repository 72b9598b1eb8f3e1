"""Esc in the middle of a Skip-Bo drag puts the card back and does nothing more (issue 40: it
also asked "Leave the game?"); the button let go after it plays nothing, and a second Esc asks."""

from __future__ import annotations

import pygame

from cards.skip_bo.options import SkipBoOptions
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.skip_bo.adapter import GAME
from skully_game.scenes.skip_bo.table import SkipBoTable, TableSeat
from skully_game.shell.dialogs import ConfirmDialog
from skully_game.shell.scripted import ev, key
from tests.ui_helpers import make_app


def test_esc_in_mid_drag_only_puts_the_card_back() -> None:
    app = make_app()
    seats = [TableSeat("You"), TableSeat("Bea", "random")]
    table = SkipBoTable(app, Match(GAME, SkipBoOptions(players=2, stock=10), 3, seats))
    app.stack.push(table)
    table.run_bots_now()
    table.settle()
    assert table.my_turn()
    history = list(GAME.history(table.state))
    code, rect, _ = table.hand_layout()[0]
    start = rect.center
    pile = table.place_rect("B0")
    assert pile is not None
    app.dispatch(ev(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.dispatch(ev(pygame.MOUSEMOTION, pos=pile.center, rel=(0, -200), buttons=(1, 0, 0)))
    assert table.drag is not None and table.drag.moved()
    app.dispatch(key(pygame.K_ESCAPE))
    assert app.stack.top is table, "Esc in mid-drag asked to leave the game"
    assert table.drag is None and table.held() is None
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=pile.center, button=1))  # let go over a pile
    assert list(GAME.history(table.state)) == history, "the card put back was played after all"
    assert table.held() is None
    assert any(c == code for c, _, _ in table.hand_layout())
    app.dispatch(key(pygame.K_ESCAPE))  # with nothing held, Esc asks as ever
    assert isinstance(app.stack.top, ConfirmDialog)
