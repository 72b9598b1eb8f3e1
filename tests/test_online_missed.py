"""Back at a table across desks (issue 43), a person is told only what they missed, in plain
words ("While you were away: 2 turns"), not the whole game: the server's catch-up says how
much of the news their seat had been sent before it left."""

from __future__ import annotations

import random
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from cards.skull_king.events import BidMade, TrickWon
from skully_game.net.client import Client
from skully_game.net.scripted import ScriptedPerson, run, seat_three
from skully_game.net.server import ServerConfig, ServerThread
from skully_game.scenes.online.away import CaughtUp, missed_words, shots_missed
from skully_game.scenes.online.cards import TableLink, card_table_scene
from tests.ui_helpers import make_app


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(ServerConfig(port=0, quick=True, pace=0.0)).start()
    yield srv
    srv.stop()


def test_the_words() -> None:
    trick = TrickWon.__new__(TrickWon)
    bid = BidMade.__new__(BidMade)
    assert missed_words([bid, trick, bid, trick], 9) == ("While you were away: 2 tricks")
    assert missed_words([bid], 1) == "While you were away: 1 bid"
    assert missed_words([object()], 3) == "While you were away: 3 moves"
    assert missed_words([], 0) == "While you were away: nothing was played"
    assert shots_missed(1) == "While you were away: 1 shot"
    assert shots_missed(0) == "While you were away: no shots"


def test_a_catch_up_counts_only_the_events_after_the_seat_left() -> None:
    said: list[str] = []
    table: Any = SimpleNamespace(
        app=SimpleNamespace(toast=lambda words, *_: said.append(words)),
        shadow=SimpleNamespace(events=[TrickWon.__new__(TrickWon)] * 7),
    )
    update = {"sync": True, "move": 30, "seen": {"events": 5, "move": 26}}
    CaughtUp.tell_missed(table, update)
    CaughtUp.tell_missed(table, {**update, "seen": None})  # an older server: nothing said
    CaughtUp.tell_missed(table, {**update, "sync": False})
    assert said == ["While you were away: 2 tricks"]


def test_the_server_says_what_the_seat_had_seen_before_it_left(server) -> None:
    room = seat_three(server.url, "skip-bo", {"stock": 10}, grace=60)
    anne, bea = ScriptedPerson(room.host, random.Random(1)), room.guest
    updates: list[dict[str, Any]] = []

    def bea_sees_anne_to_move() -> bool:  # her own turn made at once, by a script
        if not any(u["actor"] == 1 for u in updates):
            anne.step()  # Anne's first turn; then she waits until Bea has left
        for message in bea.poll():
            if message["type"] == "update":
                updates.append(message)
                if message["actor"] == 1 and message.get("legal"):
                    bea.act(message["legal"][-1])
        return bool(updates) and updates[-1]["actor"] == 0 and len(updates) > 3

    assert run([], bea_sees_anne_to_move, 10)
    events = sum(len(u["events"]) for u in updates)
    token, code, move = bea.token, bea.room, updates[-1]["move"]
    bea.kill()
    places = next(iter(server.server.rooms.values())).places
    assert run([], lambda: places[1].conn is None, 5)  # the server saw her go: Anne moves
    assert run([], lambda: anne.step() or (anne.last is not None and anne.last["actor"] == 1), 10)
    back = Client(server.url).connect()
    back.rejoin(code, token)
    sync = back.wait_for("update")
    assert sync["sync"] and sync["seen"] == {"move": move, "events": events}
    assert sync["move"] > move and len(sync["events"]) > events
    table = card_table_scene(make_app(), TableLink(back, room.setup, sync, room.lobby))
    said: list[str] = []
    table.app.toast = lambda words, *_: said.append(words)
    table.update(0.01)
    assert said == ["While you were away: 1 turn"]  # Anne's (Bea's own turn is not counted)
    back.close()


class FakeSession:
    """A Skully session as a catch-up uses it: the actions applied, in order."""

    def __init__(self, played: int) -> None:
        self.actions: list[Any] = [None] * played

    def apply(self, action: Any) -> tuple[()]:
        self.actions.append(action)
        return ()


@pytest.mark.parametrize(
    ("seen", "said"), [(6, "2 shots"), (7, "1 shot"), (9, "no shots"), (0, "4 shots")]
)
def test_skully_counts_the_shots_after_the_seat_left(seen: int, said: str) -> None:
    from collections import deque

    from skully_game.scenes.online.skully import OnlineSkullyScene
    from skully_game.skully.session import PlaceAction, ShotAction

    shot = ShotAction.__new__(ShotAction)
    object.__setattr__(shot, "player", 1)  # another's shots: none was taken for this seat
    told: list[str] = []
    scene: Any = SimpleNamespace(
        me=0,
        table=SimpleNamespace(finish_playback=lambda: None),
        session=FakeSession(3),  # the table had shown 3 moves (it opened again, say)
        queue=deque([shot, PlaceAction(1, (0.0, 0.0)), shot, shot, shot, PlaceAction(0, (1, 1))]),
        seen_from=seen,  # the seat had been sent this many moves before it left
        state=None,
        log=[],
        sent=True,
        _story=lambda *_: [],
        _narrate=lambda lines, *_: told.extend(lines),
        _sync=lambda: None,
    )
    OnlineSkullyScene._catch_up(scene)
    assert told == [f"While you were away: {said}"]


def test_a_rejoin_before_the_server_saw_the_old_line_drop_counts_from_it(server) -> None:
    room = seat_three(server.url, "skull-king", None, grace=60)
    bea = room.guest
    first = bea.wait_for("update")
    again = Client(server.url).connect()  # the old line still open: replaced, not dropped
    again.rejoin(bea.room, bea.token)
    sync = again.wait_for("update")
    assert sync["seen"] == {"move": first["move"], "events": len(first["events"])}
    again.close()
