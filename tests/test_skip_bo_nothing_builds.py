"""Skip-Bo with nothing to build: Enter never discards a card the person did not choose. The
first Enter says so and how to choose; a discard by the keys needs a card chosen afterwards with
an arrow pressed afresh (a repeat of one held from before chooses none) or with the pointer."""

from __future__ import annotations

import pygame

from skully_game.scenes.skip_bo.keys import NOTHING_BUILDS
from skully_game.shell.scripted import click, ev, key
from tests.test_skip_bo_keys import _turn_where


def _stuck():
    """A table at the person's turn where no card they may move builds."""
    return _turn_where(lambda t: t.nothing_builds() and any(s[0] == "H" for s in t.sources()))


def _polled(k: int) -> pygame.event.Event:
    """A key as the keyboard sends it (a repeat, when the key is already down)."""
    return ev(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0, t=0.0, doubt=0.01)


def test_two_enters_with_nothing_to_build_discard_nothing_and_say_how_to_choose():
    app, table = _stuck()
    before = list(table.state.history())
    for _ in range(4):  # a double Enter, and more
        app.dispatch(key(pygame.K_RETURN))
        assert table.notice == NOTHING_BUILDS
        assert table.picked is None and table._keyed() is None
    app.dispatch(key(pygame.K_SPACE))
    assert table.state.history() == before and table.picked is None


def test_a_held_enter_repeating_discards_nothing():
    app, table = _stuck()
    before = list(table.state.history())
    app.dispatch(_polled(pygame.K_RETURN))
    for _ in range(20):
        app.dispatch(_polled(pygame.K_RETURN))  # its repeats
    assert table.state.history() == before and table.picked is None


def test_an_arrow_held_from_before_chooses_no_card_to_discard():
    app, table = _stuck()
    before = list(table.state.history())
    table.gate.held.add(pygame.K_RIGHT)  # held down since before the hand was shown
    for _ in range(3):
        app.dispatch(_polled(pygame.K_RIGHT))  # its repeats glide the keys along the hand
    assert table._keyed() is not None
    app.dispatch(key(pygame.K_RETURN))
    assert table.notice == NOTHING_BUILDS and table.picked is None
    app.dispatch(key(pygame.K_RETURN))
    assert table.state.history() == before


def test_a_card_chosen_with_a_fresh_arrow_is_picked_up_then_discarded():
    app, table = _stuck()
    app.dispatch(key(pygame.K_RETURN))  # says what to do
    before = len(table.state.history())
    app.dispatch(key(pygame.K_RIGHT))
    app.dispatch(key(pygame.K_RIGHT))  # the second card of the hand: the person's choice
    chosen = table._keyed()
    assert chosen is not None and chosen[0] == "H"
    app.dispatch(key(pygame.K_RETURN))
    assert table.picked == chosen and table._keyed()[0] == "D"
    assert "discards it" in table.status_line()[0]
    app.dispatch(key(pygame.K_RETURN))
    made = table.state.history()[before:]
    assert made and made[0].startswith(f"{chosen}>D")


def test_a_card_chosen_with_the_pointer_is_discarded_by_enter():
    app, table = _stuck()
    app.dispatch(key(pygame.K_RETURN))
    assert table.notice == NOTHING_BUILDS
    before = len(table.state.history())
    _, rect, _ = table.hand_layout()[-1]
    click(app, rect.center)  # the pointer picks the last card up
    assert table.picked is not None and table.picked[0] == "H"
    picked = table.picked
    app.dispatch(key(pygame.K_RETURN))  # the keys light the first discard pile
    app.dispatch(key(pygame.K_RETURN))  # and put it there
    made = table.state.history()[before:]
    assert made and made[0].startswith(f"{picked}>D")
