"""H, or the Hint button, while a round's end is on show says nothing (issue 40: on Skull King's
Continue screen it printed "A hint is for the person to act, on their turn." behind the Continue
button, untrue there: it is the person's turn, the new hand is only not dealt on screen yet)."""

from __future__ import annotations

import pygame

from cards.skull_king import SkullKingOptions
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.skull_king.adapter import GAME
from skully_game.scenes.skull_king.table import SkullKingTable, TableSeat
from tests.ui_helpers import key, make_app


def test_h_while_the_rounds_end_is_on_show_prints_no_hint_line() -> None:
    app = make_app()
    seats = [TableSeat("Ann"), TableSeat("Bo", "heuristic")]
    table = SkullKingTable(app, Match(GAME, SkullKingOptions(players=2), 3, seats))
    app.stack.push(table)
    table.run_bots_now()
    table.settle()
    assert table.may_hint()
    table.round_wait = True  # the round's last trick waits for Continue
    table.notice = ""
    table._layout()
    hint = next(w for w in table.widgets.widgets if w.label == "Hint")
    assert not hint.enabled, "the Hint button is greyed while the round's end is on show"
    app.dispatch(key(pygame.K_h))
    assert table.notice == "" and table.hinted is None
    hint.on_click()
    assert table.notice == "" and table.hinted is None
