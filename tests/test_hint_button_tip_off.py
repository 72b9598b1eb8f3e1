"""Once a hint shows, the Hint button's tooltip is gone (a play-tester: with the pointer still on
Hint, "H: a good move for you, and why: Enter then makes it" lay over the hint's reason)."""

from __future__ import annotations

from tests.test_card_hints import at_own_turn, table_with
from tests.ui_helpers import click


def _hint_button(table):  # type: ignore[no-untyped-def]
    return next(w for w in table.widgets.widgets if w.label == "Hint")


def test_the_hint_buttons_tip_goes_once_the_hint_shows():
    app, table = table_with(1)
    at_own_turn(app, table)
    assert _hint_button(table).tooltip.startswith("H: a good move for you")
    click(app, _hint_button(table).rect.center)
    app.tick()
    assert table.hinted is not None
    assert _hint_button(table).tooltip == ""
