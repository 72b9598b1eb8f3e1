"""Play again (issue 43): at game over each person says they are ready, and once all are a new
game begins in the same room, with the same seats, rules and computer players, dealt anew; both
games' records are kept."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from skully_game.core.saves import saves_folder
from skully_game.net.scripted import ScriptedPerson, run, seat_three
from skully_game.net.server import ServerConfig, ServerThread


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(ServerConfig(port=0, quick=True, pace=0.0)).start()
    yield srv
    srv.stop()


@pytest.mark.parametrize("game", ["skull", "skully"])
def test_the_host_plays_again_with_the_same_seats_in_the_same_room(server, game):
    seated = seat_three(server.url, game)
    anne = ScriptedPerson(seated.host, random.Random(1))
    bea = ScriptedPerson(seated.guest, random.Random(2))
    for person in (anne, bea):
        person.handle(seated.setup)
    people = [anne, bea]
    room = seated.host.room
    anne.client.again()  # not over yet
    assert run(people, lambda: anne.refused, 10)
    assert anne.refused[-1] == "the game is not over yet"
    anne.refused.clear()
    assert run(people, lambda: anne.over and bea.over, 120)
    first = _record(anne)
    bea.client.again()  # Bea is ready: the game waits for Anne
    assert run(people, lambda: bool(bea.lobby and bea.lobby["seats"][1]["again"]), 10)
    assert anne.over and bea.over and not bea.refused
    anne.client.again()  # every person is ready: it begins
    assert run(people, lambda: not anne.over and not bea.over and anne.last["move"] <= 2, 10)
    assert anne.client.room == room  # the same room: nobody joins again
    assert run(people, lambda: anne.over and bea.over, 120)
    second = _record(anne)
    names = [s["name"] for s in second["seats"]] if game != "skully" else None
    if names is not None:
        assert names == [s["name"] for s in first["seats"]]  # the same seats
        assert first["game"]["seed"] != second["game"]["seed"]  # dealt anew
    else:
        assert [p["name"] for p in first["players"]] == [p["name"] for p in second["players"]]
        assert first["seed"] != second["seed"]
    code = room.replace("-", "")
    folder = saves_folder(game) if game != "skully" else None
    if folder is not None:
        both = {first["game"]["seed"], second["game"]["seed"]}

        def seeds() -> set[int]:
            kept = sorted(folder.glob(f"*-online-{code}*.json"))
            return {json.loads(p.read_text())["game"]["seed"] for p in kept}

        assert run([], lambda: both <= seeds(), 5)  # both games kept
    for person in people:
        person.client.close()


def _record(person: ScriptedPerson) -> dict:
    person.client.ask_record()
    return person.client.wait_for("record", 10)["record"]
