"""Panels that lie over others at the card tables: the last trick over a round's summary covers
the summary wholly and leaves its button clear (at 1024x640 the summary's rows showed round
it)."""

from __future__ import annotations

import pygame

from cards.skull_king import SkullKingOptions
from skully_game.scenes.skull_king.table import Match, SkullKingTable, TableSeat
from tests.ui_helpers import Inline, key, make_app


def at_a_summary(size):
    app = make_app(size)
    seats = [TableSeat("You"), *(TableSeat(n, "heuristic") for n in ("Anne", "Calico", "Mary"))]
    table = SkullKingTable(app, Match(SkullKingOptions(players=4), 5, seats))
    app.stack.push(table)
    for _ in range(400):
        table.run_bots_now()
        if table.state.round_index >= 2:
            break
        table.act(table.state.legal_actions()[0])
    table.pool = Inline()
    for _ in range(6000):  # the round played out at the table's pace, then its summary
        if table.round_wait:
            table.go_on()
        app.tick()
        if table.summary is not None:
            return app, table
        if table.my_turn():
            table.act(table.state.legal_actions()[0])
    raise AssertionError("no summary came")


def test_the_last_trick_over_a_summary_covers_it_and_leaves_its_button_clear():
    for size in ((1024, 640), (1280, 800)):
        app, table = at_a_summary(size)
        app.dispatch(key(pygame.K_l))
        app.draw(0.5)
        assert table.peeking
        box = table._summary_box()
        panel = table.peek_box
        button = next(w for w in table.widgets.widgets if w.label == table.game.next_label)
        assert panel.x <= box.x and panel.right >= box.right and panel.top <= box.top
        assert panel.bottom >= button.rect.top - 24, "the summary's rows show under the panel"
        assert not panel.colliderect(button.rect), "the summary's button is covered"
