"""A button that has just appeared across desks takes only a press that began after it was shown:
a double click on Continue placed a Skull King bid that came up under the pointer ("Bob bids 3",
final), and a double click on Start game in the lobby hit the table's Leave where Start had been."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from skully_game.shell.app import DOUBLE_PRESS_S
from skully_game.shell.freshpress import FreshPress, note_press
from skully_game.shell.widgets import Button
from tests.test_online_keys import _quick_hosting, full_lobby, until  # noqa: F401
from tests.ui_helpers import ev, make_app


def click(target: Any, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        target(ev(kind, button=1, pos=pos))


def test_a_double_click_s_second_press_on_a_button_just_shown_is_dropped() -> None:
    app, guard = make_app(), FreshPress()
    bid = [Button(pygame.Rect(10, 10, 50, 40), "3")]
    down = ev(pygame.MOUSEBUTTONDOWN, button=1, pos=(20, 20))
    up = ev(pygame.MOUSEBUTTONUP, button=1, pos=(20, 20))
    guard.tick(1.0, [])
    assert not guard.swallow(app, down, []) and not guard.swallow(app, up, [])  # on Continue
    guard.tick(0.1, bid)  # the bid button comes up under the pointer
    assert guard.swallow(app, down, bid) and guard.swallow(app, up, bid)  # the second half
    app.game_time += DOUBLE_PRESS_S + 0.01
    assert not guard.swallow(app, down, bid) and not guard.swallow(app, up, bid)  # its own


def test_a_single_click_on_a_button_just_shown_is_taken() -> None:
    app, guard = make_app(), FreshPress()
    bid = [Button(pygame.Rect(10, 10, 50, 40), "3")]
    guard.tick(0.0, bid)
    assert not guard.swallow(app, ev(pygame.MOUSEBUTTONDOWN, button=1, pos=(20, 20)), bid)
    assert not guard.swallow(app, ev(pygame.MOUSEBUTTONUP, button=1, pos=(20, 20)), bid)


def test_a_release_on_a_button_that_came_after_its_press_is_no_click() -> None:
    app, guard = make_app(), FreshPress()
    guard.tick(1.0, [])
    assert not guard.swallow(app, ev(pygame.MOUSEBUTTONDOWN, button=1, pos=(20, 20)), [])
    bid = [Button(pygame.Rect(10, 10, 50, 40), "3")]
    guard.tick(2.0, bid)  # shown while the button was held, long enough to be no longer new
    assert guard.swallow(app, ev(pygame.MOUSEBUTTONUP, button=1, pos=(20, 20)), bid)


@pytest.fixture
def server() -> Iterator[Any]:
    from skully_game.net.server import ServerConfig, ServerThread

    srv = ServerThread(ServerConfig(port=0, quick=True, pace=0.0)).start()
    yield srv
    srv.stop()


def test_a_bid_button_just_shown_takes_no_double_click_s_second_half(server) -> None:
    from tests.test_online_cards import seat

    desk = seat(server, "skull-king")
    table = desk.table
    end = time.monotonic() + 10
    while not table.choice_buttons:
        assert time.monotonic() < end, "no bid was offered"
        desk.step()
        time.sleep(0.002)
    sent: list[str] = []
    table.client.act = lambda action, move: sent.append(action)
    table.press_guard = FreshPress()  # the bid buttons come up now
    table.press_guard.tick(0.0, table.widgets.widgets)
    spot = table.choice_buttons[0].rect.center
    note_press(desk.app, spot)  # the first click, on Continue where the bid now is
    click(desk.app.dispatch, spot)
    assert sent == [] and table.sent is None  # the second click of Continue's double click
    table.press_guard.tick(DOUBLE_PRESS_S + 0.05, table.widgets.widgets)
    desk.app.game_time += DOUBLE_PRESS_S + 0.05
    click(desk.app.dispatch, table.choice_buttons[0].rect.center)
    assert len(sent) == 1  # a click of its own bids


def test_a_double_click_on_start_game_does_not_ask_to_leave_the_table(full_lobby) -> None:  # noqa: F811
    from skully_game.scenes.online.cards import online_table_class
    from skully_game.shell.dialogs import ConfirmDialog

    app, lobby, _link = full_lobby
    start = next(w for w in lobby.widgets.widgets if w.label == "Start game")
    lobby.press_guard.tick(1.0, lobby.widgets.widgets)  # Start has been on show a while
    click(app.dispatch, start.rect.center)
    assert until(app, lambda: isinstance(app.stack.top, online_table_class("skull")))
    table = app.stack.top
    leave = next(w for w in table.widgets.widgets if w.label == "Leave the table")
    assert leave.rect.collidepoint(start.rect.center)  # where Start game was
    click(app.dispatch, start.rect.center)  # the second click
    assert not any(isinstance(s, ConfirmDialog) for s in app.stack.scenes)
