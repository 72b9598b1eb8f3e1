"""Play again at the tables across desks (issue 43): at game over every person's table offers
Play again (ready); once all are ready (or the host starts it), a new table of the same room
takes the old one's place on the same connection, and the game goes on to its end."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from skully_game.net.scripted import run
from skully_game.net.server import ServerConfig, ServerThread
from tests.test_online_cards import play, seat


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(ServerConfig(port=0, quick=True, pace=0.0)).start()
    yield srv
    srv.stop()


def labels(table) -> list[str]:
    return [w.label for w in table.widgets.widgets]


@pytest.mark.parametrize("key", ["skull", "skirrid"])
def test_the_host_plays_again_and_a_new_table_opens_in_the_same_room(server, key):
    desk = seat(server, key)
    table, bea = desk.table, desk.bea
    assert "Play again" not in labels(table)  # not before the game is over
    play(desk, random.Random(4), spy=False)
    table.relayout()
    assert "Play again" in labels(table)
    client, room = table.client, table.client.room
    again = next(w for w in table.widgets.widgets if w.label == "Play again")
    again.on_click()  # Anne is ready; the next game waits for Bea (the host may start it)
    assert "Play again" not in labels(table) and "Start now" in labels(table)
    desk.bea.client.again()  # Bea is ready too: it begins
    assert run([], lambda: desk.step() or desk.app.stack.top is not table, 10)

    def opened() -> bool:  # the new table, or a moment's wait for its first update
        bea.step()
        desk.app.stack.top.update(0.05)
        return hasattr(desk.app.stack.top, "shadow")

    assert run([], opened, 10)
    fresh = desk.app.stack.top
    assert fresh.client is client and client.room == room and client.closed is None
    assert not fresh.shadow.turn.over and "Play again" not in labels(fresh)
    assert any("Another game begins" in t.message for t in desk.app.toasts)
    desk.table = fresh
    play(desk, random.Random(5), spy=False)  # the second game to its end
    bea.client.close()


def test_a_guest_says_ready_and_is_told_whom_the_game_waits_for(server):
    desk = seat(server, "skull")
    table = desk.table
    play(desk, random.Random(4), spy=False)
    table.relayout()
    table.lobby["seats"][0]["host"] = False  # this table as a guest's
    table.relayout()
    assert "Play again" in labels(table)  # every person may say they are ready
    table.play_again()
    table.lobby["seats"][0]["again"] = True  # as the server's lobby will say
    table.relayout()
    said = [w for w in table.widgets.widgets if w.label == "Waiting for Bea"]
    assert said and not said[0].enabled and "Play again" not in labels(table)
    desk.bea.client.close()
