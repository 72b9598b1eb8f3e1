"""Play again at Skully across desks (issue 43): every person's game-over screen offers Play
again (they are ready); the host's then offers Start now, and once pressed a new table of the
same room opens on the same connection (a guest's opens by itself, even from its game-over
screen)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from skully_game.net.server import ServerThread
from skully_game.skully.ai import Planner
from skully_game.skully.skill import level
from tests.test_online_ui import (
    QUICK,
    _quick_hosting,  # noqa: F401  (the autouse fixture)
    _seated,
    _table,
    at_menu,
    play_my_turn,
    until,
)


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(QUICK).start()
    yield srv
    srv.stop()


def test_the_host_plays_again_from_the_game_over_screen(server):
    from skully_game.scenes.online.skully import OnlineGameOver, OnlineSkullyScene

    app = at_menu()
    link, bea = _seated(server.url)
    table = _table(app, link, bea)
    planner = Planner(level("perfect"), random.Random(5), samples=1)

    def step() -> None:
        bea.step()
        play_my_turn(table, planner)

    assert until([app], lambda: isinstance(app.stack.top, OnlineGameOver), 60, step)
    over = app.stack.top
    labels = [w.label for w in over.widgets.widgets]
    assert "Play again" in labels
    room, client = link.room, link.client
    next(w for w in over.widgets.widgets if w.label == "Play again").on_click()
    assert table.asked_again and "Play again" not in [w.label for w in over.widgets.widgets]
    next(w for w in over.widgets.widgets if w.label == "Start now").on_click()

    def fresh() -> bool:
        top = app.stack.top
        return isinstance(top, OnlineSkullyScene) and top is not table

    assert until([app], fresh, 10, bea.step)
    again = app.stack.top
    assert not again.state.over and again.state.shots == 0
    assert link.room == room and link.client is client and client.closed is None
    assert not link.leaving  # the old table left the connection to the new one
    app.stack.clear()
    bea.client.close()


def test_a_guest_may_say_ready_too(server):
    app = at_menu()
    link, bea = _seated(server.url)
    table = _table(app, link, bea)
    assert table.plays_again  # Anne hosts
    link.host = False  # were she a guest: Play again still has its place (she says ready)
    assert table.plays_again
    app.stack.clear()
    bea.client.close()
