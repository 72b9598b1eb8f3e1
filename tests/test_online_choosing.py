"""At a table across desks, another person's turn reads "Bea is choosing…", a computer
player's "… is thinking" (issue 43: a person's seat read "Bea is thinking…")."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from skully_game.net.scripted import run
from skully_game.net.server import ServerConfig, ServerThread
from tests.test_online_cards import seat


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(ServerConfig(port=0, quick=True, pace=0.0)).start()
    yield srv
    srv.stop()


@pytest.mark.parametrize("key", ["skull-king", "skirrid"])
def test_a_persons_turn_at_another_desk_reads_choosing(server, key):
    desk = seat(server, key)
    table = desk.table
    rng = random.Random(3)

    def beas_turn() -> bool:  # Bea (seat 2) is never stepped: she takes her time
        table.update(0.05)
        if hasattr(table, "settle"):
            table.settle()
        if table.my_turn():
            table.act(rng.choice(table.shadow.turn.legal))
        busy = getattr(table, "busy", lambda: False)()
        return table.shadow.turn.actor == 1 and not table.backlog and not busy

    assert run([], beas_turn, 20)
    assert table.someone_else() == "Bea is choosing…"
    if key == "skirrid":
        words = [text for text, _ in table.prompt_lines(400)]
        assert "Bea is choosing…" in words and not any("thinking" in w for w in words)
    else:
        assert table.status_line()[0] == "Bea is choosing…"
    table.match.seats[1].kind = "strong"  # were it a computer player's seat: the table's words
    assert table.someone_else() is None
    desk.bea.client.close()
