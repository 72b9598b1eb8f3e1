"""Skip-Bo as Mattel's app plays: a double click on a card whose move has only one building
pile plays it there; a card with a choice of piles, or none, is only picked up and the line
says why; a slow second click is a click of its own. Left and Right start in the hand."""

from __future__ import annotations

import pygame

from skully_game.scenes.skip_bo.doubleplay import only_pile
from skully_game.shell.app import DOUBLE_PRESS_S, TICK
from skully_game.shell.scripted import click
from tests.test_skip_bo_keys import _turn_where
from tests.ui_helpers import key


def _one_pile(table, source: str) -> bool:
    return only_pile(table.sk, table.targets(source)) is not None


def _builds_on(table, source: str) -> set[int]:
    """The numbers the building piles that take `source`'s card need."""
    return {table.sk.needs_now[int(t[1:])] for t in table.targets(source) if t[0] == "B"}


def test_a_double_click_plays_a_card_onto_its_only_pile():
    app, table = _turn_where(lambda t: any(_one_pile(t, s) for s in t.sources()))
    source = next(s for s in table.sources() if _one_pile(table, s))
    pile = only_pile(table.sk, table.targets(source))
    at = table.place_rect(source).center
    before = len(table.state.history())
    click(app, at)
    assert table.picked == source and len(table.state.history()) == before  # one click: held
    click(app, at)
    assert table.state.history()[before:] == [f"{source}>{pile}"]
    assert table.picked is None
    click(app, at)  # a third click at once on the same spot makes no other move
    assert len(table.state.history()) == before + 1


def test_two_slow_clicks_are_no_double_click():
    app, table = _turn_where(lambda t: any(_one_pile(t, s) for s in t.sources()))
    source = next(s for s in table.sources() if _one_pile(table, s))
    at = table.place_rect(source).center
    before = len(table.state.history())
    click(app, at)
    for _ in range(round(DOUBLE_PRESS_S / TICK) + 5):
        app.tick()
    click(app, at)  # a click of its own: puts it back
    assert table.picked is None and len(table.state.history()) == before


def test_a_card_that_builds_nowhere_is_only_picked_up_and_the_line_says_so():
    app, table = _turn_where(
        lambda t: any(s[0] == "H" and not _builds_on(t, s) for s in t.sources())
    )
    source = next(s for s in table.sources() if s[0] == "H" and not _builds_on(table, s))
    at = table.place_rect(source).center
    before = len(table.state.history())
    click(app, at)
    click(app, at)
    assert table.picked == source and len(table.state.history()) == before
    assert "discard" in table.notice and "no pile" in table.notice


def test_a_card_with_a_choice_of_piles_is_only_picked_up():
    app, table = _turn_where(lambda t: any(len(_builds_on(t, s)) > 1 for s in t.sources()))
    source = next(s for s in table.sources() if len(_builds_on(table, s)) > 1)
    at = table.place_rect(source).center
    before = len(table.state.history())
    click(app, at)
    click(app, at)
    assert table.picked == source and len(table.state.history()) == before
    assert "building piles: click the one you want" in table.notice


def test_left_and_right_with_nothing_chosen_start_in_the_hand():
    app, table = _turn_where(lambda t: any(s[0] in "SD" for s in t.sources()))
    hand = sorted(
        (s for s in table.key_places() if s[0] == "H"), key=lambda s: table.place_rect(s).x
    )
    app.dispatch(key(pygame.K_RIGHT))
    assert table._keyed() == hand[0]  # (it went to the stock and stayed on the piles)
    app.dispatch(key(pygame.K_RIGHT))
    assert table._keyed() == hand[min(1, len(hand) - 1)]
    app.dispatch(key(pygame.K_ESCAPE))
    app.dispatch(key(pygame.K_LEFT))
    assert table._keyed() == hand[-1]
