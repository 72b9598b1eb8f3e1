"""Skull's setup says nothing stale about decks: with more than four seats the decks row reads
"Three decks for N players", disabled, and no note stands under the seats (issue 40: the note
that one deck holds four Kings stayed after three decks were chosen, and each click on the row
asked for one deck and brought it back); with four seats or fewer the row is a choice again."""

from __future__ import annotations

import pytest

from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skull.setup import SkullSetup
from tests.ui_helpers import click, drawn_texts, make_app


def _setup():
    app = make_app((1024, 640))
    app.stack.push(MenuScene(app))
    setup = SkullSetup(app)
    app.stack.push(setup)
    del setup.seats[4:]
    setup._seats_changed()
    return app, setup


def _button(setup: SkullSetup, label: str):
    return next(w for w in setup.widgets.widgets if getattr(w, "label", "") == label)


def _decks_row(setup: SkullSetup):
    return next(w for w in setup.widgets.widgets if getattr(w, "label", "") == "Cards")


@pytest.mark.parametrize("seats", [5, 6, 8])
def test_many_seats_show_three_decks_in_the_row_and_no_note(seats, monkeypatch) -> None:
    app, setup = _setup()
    while len(setup.seats) < seats:
        click(app, _button(setup, "Add seat").rect.center)
    row = _decks_row(setup)
    assert setup.options.decks == 3 and not row.enabled
    assert setup.message == ""
    click(app, row.rect.center)  # a click on the row asks for nothing, says nothing
    click(app, (row.rect.x + 8, row.rect.centery))
    assert setup.options.decks == 3 and setup.message == ""
    texts = drawn_texts(app, monkeypatch)
    assert any(t.startswith(f"Three decks for {seats} players") for t in texts), texts
    assert not any("need three decks" in t for t in texts), texts


def test_back_to_four_seats_the_row_is_a_choice_again() -> None:
    app, setup = _setup()
    click(app, _button(setup, "Add seat").rect.center)
    assert not _decks_row(setup).enabled
    del setup.seats[4:]
    setup._seats_changed()
    row = _decks_row(setup)
    assert row.enabled and setup.options.decks == 1 and setup.message == ""
    setup._option("decks", 3)
    assert setup.options.decks == 3 and setup.message == ""
