"""The game log scrolled back says that newer lines are below, and a person's own move brings it
back to the newest (a play-tester scrolled once and then missed every line that came after)."""

from __future__ import annotations

import pytest

from cards.skull import SkullOptions
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skull.adapter import GAME
from skully_game.scenes.skull.table import SkullTable, TableSeat
from tests.ui_helpers import drawn_texts, make_app


def test_a_log_scrolled_back_says_so_and_a_move_brings_it_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = make_app((1024, 640))
    app.stack.push(MenuScene(app))
    seats = [TableSeat("You")] + [TableSeat(n, "random") for n in ("Anne", "Bea", "Cy")]
    table = SkullTable(app, Match(GAME, SkullOptions(players=4), 2, seats))
    app.stack.push(table)
    for _ in range(40):  # enough lines to scroll
        table.run_bots_now()
        table.act(table.state.legal_actions()[0])
        if len(table.log_rows(400)) > 30:
            break
    table.run_bots_now()
    table.settle()
    assert not any("below (PgDn)" in t for t in drawn_texts(app, monkeypatch))
    table.scroll_log(2)
    assert "2 newer lines below (PgDn)" in drawn_texts(app, monkeypatch)
    table.act(table.state.legal_actions()[0])
    assert table.log_scroll == 0
    assert not any("below (PgDn)" in t for t in drawn_texts(app, monkeypatch))
