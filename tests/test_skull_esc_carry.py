"""Esc while a card of the Skull hand is carried puts it back and does nothing more (as at
Skip-Bo, issue 40): no "Leave the game?", and the button let go on one's mat places nothing."""

from __future__ import annotations

import pygame

from cards.skull import SkullOptions
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.skull.adapter import GAME
from skully_game.scenes.skull.table import SkullTable, TableSeat
from skully_game.shell.dialogs import ConfirmDialog
from tests.ui_helpers import ev, key, make_app


def test_esc_while_carrying_a_skull_card_only_puts_it_back() -> None:
    app = make_app()
    seats = [TableSeat("You"), TableSeat("Anne", "cautious"), TableSeat("Calico", "cautious")]
    table = SkullTable(app, Match(GAME, SkullOptions(players=3), 3, seats))
    app.stack.push(table)
    table.run_bots_now()
    table.settle()
    assert table.my_turn()
    code, rect, _ = table.hand_layout()[0]
    mat = table.drop_rect()
    assert mat is not None
    app.dispatch(ev(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    app.dispatch(ev(pygame.MOUSEMOTION, pos=mat.center, rel=(0, -100), buttons=(1, 0, 0)))
    assert table.carried() is not None
    app.dispatch(key(pygame.K_ESCAPE))
    assert app.stack.top is table, "Esc while carrying asked to leave the game"
    assert table.carried() is None
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=mat.center, button=1))
    assert GAME.history(table.state) == [], "the card put back was placed after all"
    assert any(c == code for c, _, _ in table.hand_layout())
    app.dispatch(key(pygame.K_ESCAPE))  # with nothing carried, Esc asks as ever
    assert isinstance(app.stack.top, ConfirmDialog)
