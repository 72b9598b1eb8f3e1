"""Skull's setup: three decks that the seats alone called for go back to one when seats are
removed, in the same visit and after a game of many seats was remembered; three decks the
person chose stay."""

from __future__ import annotations

from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skull.setup import SkullSetup
from tests.ui_helpers import click, make_app


def _button(setup: SkullSetup, label: str):
    return next(w for w in setup.widgets.widgets if getattr(w, "label", "") == label)


def _remove_seats_to(setup: SkullSetup, count: int) -> None:
    del setup.seats[count:]
    setup._seats_changed()


def test_decks_raised_by_many_seats_go_back_to_one_when_seats_are_removed() -> None:
    app = make_app()
    app.stack.push(MenuScene(app))
    setup = SkullSetup(app)
    app.stack.push(setup)
    while len(setup.seats) < 6:
        click(app, _button(setup, "Add seat").rect.center)
    assert setup.options.decks == 3
    _remove_seats_to(setup, 3)
    assert setup.options.decks == 1
    while len(setup.seats) < 6:
        click(app, _button(setup, "Add seat").rect.center)
    click(app, _button(setup, "Start game").rect.center)  # remembered: six seats, three decks
    again = SkullSetup(app)
    assert len(again.seats) == 6 and again.options.decks == 3
    _remove_seats_to(again, 4)
    assert again.options.decks == 1


def test_three_decks_chosen_for_four_seats_are_kept() -> None:
    app = make_app()
    app.stack.push(MenuScene(app))
    setup = SkullSetup(app)
    app.stack.push(setup)
    _remove_seats_to(setup, 4)
    setup._option("decks", 3)
    click(app, _button(setup, "Start game").rect.center)
    again = SkullSetup(app)
    assert again.options.decks == 3
    _remove_seats_to(again, 3)
    assert again.options.decks == 3
