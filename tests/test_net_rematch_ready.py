"""Play again by readiness (issue 43): at game over each person says they are ready (a mark at
their seat in the lobby every table reads); the new game begins in the same room once every
person is, or when the host starts it; a guest who leaves frees the seat (the host may give it
to a computer, and the rematch goes on). Before, only the host could ask, and it began at once.
The finished game is made to end at once here (its engine's own end is tested elsewhere)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from skully_game.net.scripted import COMPUTER, ScriptedPerson, run, seat_three
from skully_game.net.server import ServerConfig, ServerThread


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(ServerConfig(port=0, quick=True, pace=0.0, save=False)).start()
    yield srv
    srv.stop()


def _over_now(server: ServerThread) -> None:
    """The room's game ends here and now (as if its last move was made)."""

    def end() -> None:
        room = next(iter(server.server.rooms.values()))
        room.game.over = lambda: True  # type: ignore[union-attr]

    server.call(end)


def _seated(server: ServerThread) -> list[ScriptedPerson]:
    seated = seat_three(server.url, "skull")
    people = [ScriptedPerson(seated.host, random.Random(1)),
              ScriptedPerson(seated.guest, random.Random(2))]  # fmt: skip
    for person in people:
        person.handle(seated.setup)
    return people


def _marks(person: ScriptedPerson) -> list[bool]:
    return [bool(s.get("again")) for s in (person.lobby or {}).get("seats", [])]


def _games(server: ServerThread) -> int:
    return server.call(lambda: next(iter(server.server.rooms.values())).games)


def test_each_person_is_ready_and_the_game_begins_when_all_are(server) -> None:  # type: ignore[no-untyped-def]
    anne, bea = people = _seated(server)
    _over_now(server)
    bea.client.again()
    assert run(people, lambda: _marks(anne)[:2] == [False, True], 5)  # her mark, seen by all
    assert _games(server) == 1 and not bea.refused
    anne.client.again()
    assert run(people, lambda: _games(server) == 2, 5)
    assert run(people, lambda: _marks(anne) == [False, False, False], 5)  # marks cleared
    assert anne.client.room == bea.client.room
    for person in people:
        person.client.close()


def test_the_host_may_start_before_all_are_ready_a_guest_may_not(server) -> None:  # type: ignore[no-untyped-def]
    anne, bea = people = _seated(server)
    _over_now(server)
    bea.client.again(now=True)
    assert run(people, lambda: bea.refused, 5)
    assert bea.refused[-1] == "only the host starts another game before everyone is ready"
    anne.client.again(now=True)
    assert run(people, lambda: _games(server) == 2, 5)
    for person in people:
        person.client.close()


def test_a_guest_who_leaves_frees_the_seat_for_a_computer(server) -> None:  # type: ignore[no-untyped-def]
    anne, bea = _seated(server)
    _over_now(server)
    anne.client.again()
    bea.client.close()
    assert run([anne], lambda: (anne.lobby or {}).get("seats", [{}, {}])[1].get("open"), 5)
    anne.client.again(now=True)  # an open seat: refused, in words
    assert run([anne], lambda: anne.refused, 5)
    assert anne.refused[-1].startswith("seat 2 is open")
    anne.client.give_to_computer(1, COMPUTER["skull"])
    assert run([anne], lambda: _games(server) == 2, 5)  # all people ready: it begins
    anne.client.close()


def test_a_ready_tables_words_say_who_is_ready_and_whom_it_waits_for() -> None:
    from skully_game.scenes.online.again import ready_words, waiting_words

    lobby = {"seats": [
        {"seat": 0, "kind": "person", "name": "Anne", "again": True},
        {"seat": 1, "kind": "person", "name": "Bea", "again": False},
        {"seat": 2, "kind": "computer", "name": "Computer 3", "again": False},
        {"seat": 3, "kind": "person", "name": "", "open": True, "again": False},
    ]}  # fmt: skip
    assert ready_words(lobby, 0) == "Ready: you"
    assert ready_words(lobby, 1) == "Ready: Anne"
    assert waiting_words(lobby, 0) == "Waiting for Bea and an open seat"
    lobby["seats"][1]["again"] = True
    lobby["seats"].pop()
    assert waiting_words(lobby, 0) == "" and ready_words(lobby, 1) == "Ready: you and Anne"
