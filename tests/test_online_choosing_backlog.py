"""While a table across desks still has the server's news to show (cards flying, a move's
pause), another person's turn on it reads "Bea is choosing…", never "Bea is thinking…": the
words a computer player gets (issue 43). Checked at each card table, a seat's and a spectator's."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from cards import registry
from skully_game.net.scripted import run
from skully_game.net.server import ServerConfig, ServerThread
from skully_game.scenes.online.watchtable import WatchedTable
from skully_game.shell import theme
from tests.test_online_cards import seat
from tests.test_online_ui import at_menu, until
from tests.test_online_watch_table import _page, _watch

GAMES = [g.key for g in registry.GAMES if g.table]  # every card table (the registry's)


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(ServerConfig(port=0, quick=True, pace=0.0)).start()
    yield srv
    srv.stop()


def words_drawn(table: Any, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every line of text one frame of `table` draws."""
    said: list[str] = []
    real = theme.text

    def spy(surface: Any, message: str, *args: Any, **kw: Any) -> Any:
        said.append(str(message))
        return real(surface, message, *args, **kw)

    with monkeypatch.context() as patch:
        patch.setattr(theme, "text", spy)
        table.draw(table.app.screen, 0.5)
    return said


def busy(table: Any) -> bool:
    """Something on show the next move waits for (Skirrid's board has no such wait)."""
    return bool(getattr(table, "busy", lambda: False)())


def bea_moved_unshown(table: Any, bea: Any, rng: random.Random) -> bool:
    """Anne's table shows Bea's turn, settled, while Bea's move waits in its backlog."""

    def beas_turn() -> bool:
        table.update(0.05)
        if hasattr(table, "settle"):
            table.settle()
        if table.my_turn():
            table.act(rng.choice(table.shadow.turn.legal))
        return table.shadow.turn.actor == 1 and not table.backlog and not busy(table)

    if not run([], beas_turn, 20):
        return False
    return run([], lambda: bea.step() or table.listen() or bool(table.backlog), 10)


@pytest.mark.parametrize("key", GAMES)
def test_a_person_still_to_be_shown_choosing_is_not_thinking(server, key, monkeypatch):
    desk = seat(server, key)
    table = desk.table
    assert bea_moved_unshown(table, desk.bea, random.Random(5))
    assert table.game.to_act(table.state) == 1 and not busy(table)  # Bea's turn on show
    drawn = words_drawn(table, monkeypatch)
    assert not [w for w in drawn if "thinking" in w], drawn
    assert any("Bea is choosing…" in w for w in drawn), drawn
    desk.bea.client.close()


@pytest.mark.parametrize("key", ["skull-king", "skirrid"])
def test_a_spectators_table_says_choosing_for_a_person(server, key, monkeypatch):
    desk = seat(server, key)
    room = desk.table.client.room
    link = _watch(server.url, room or "")
    app = at_menu()
    _page(app, link)
    assert until([app], lambda: isinstance(app.stack.top, WatchedTable), 10)
    watched = app.stack.top
    rng = random.Random(7)

    def beas_turn_on_show() -> bool:  # Anne plays on, Bea waits: the spectator catches up
        desk.table.update(0.05)
        if desk.table.my_turn():
            desk.table.act(rng.choice(desk.table.shadow.turn.legal))
        watched.update(0.05)
        if hasattr(watched, "settle"):
            watched.settle()
        return watched.shadow.turn.actor == 1 and not watched.backlog and not busy(watched)

    assert run([], beas_turn_on_show, 20)
    assert run([], lambda: desk.bea.step() or watched.listen() or bool(watched.backlog), 10)
    assert watched.game.to_act(watched.state) == 1 and not busy(watched)
    drawn = words_drawn(watched, monkeypatch)
    assert not [w for w in drawn if "thinking" in w], drawn
    assert any("Bea is choosing…" in w for w in drawn), drawn  # said to a table with no seat
    link.close()
    desk.bea.client.close()
