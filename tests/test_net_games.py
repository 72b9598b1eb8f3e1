"""Friends at other desks play every game through a real server on the loopback address: two
scripted people and a computer player finish a whole game of each, a spy on every frame each
person's client receives finds no other seat's hidden card and never the seed, a person whose
connection dies comes back to the same seat and the game finishes, and the record is saved."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import pytest

from cards import registry
from skully_game.net.client import Client
from skully_game.net.scripted import COMPUTER, ScriptedPerson, play_match, run
from skully_game.net.server import ServerConfig, ServerThread

GAMES = ["skully", *(info.key for info in registry.GAMES if info.table)]


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(ServerConfig(port=0, quick=True, pace=0.0)).start()
    yield srv
    srv.stop()


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_across_desks_finishes_and_shows_nobody_anything_hidden(server, game):
    report = play_match(server.url, game, drop_after=3)
    assert report.finished, f"{game} did not finish"
    assert report.leaks == []
    assert report.rejoined is True  # Bea's connection died after 3 moves; she came back
    assert all(p.refused == [] for p in report.people)
    assert all(p.moves > 0 for p in report.people)
    record = report.record
    if game == "skully":
        assert record["winner"] is not None
        assert report.replayed >= 2 * sum(a["kind"] == "shot" for a in record["actions"])
    else:
        assert record["over"] is True
        assert [s["kind"] for s in record["seats"]] == ["human", "human", COMPUTER[game]]


def test_the_record_is_saved_as_the_program_saves_it_and_opens(server, capsys):
    import json

    from skully_game.cli.main import main
    from skully_game.core.paths import data_dir

    report = play_match(server.url, "skull")
    assert report.finished
    folder = data_dir() / "skull"

    def written() -> bool:  # a busy room's record is written at most every half second,
        # under playing/ until the game is over, then in the saves folder
        saved = list(folder.glob("*-online-*.json"))
        return len(saved) == 1 and json.loads(saved[0].read_text(encoding="utf-8"))["over"]

    assert run([], written, 5)
    saved = list(folder.glob("*-online-*.json"))
    data = json.loads(saved[0].read_text(encoding="utf-8"))
    assert data["format"] == "skully-skull-table" and data["over"] is True
    assert data["game"]["actions"] == report.record["game"]["actions"]
    assert main(["saves", "--check"]) == 0  # opened as the game opens it
    assert "Every file opens" in capsys.readouterr().out


def test_the_spy_would_catch_a_server_that_sent_another_seats_view(server, monkeypatch):
    from skully_game.net.cardgame import CardGame

    real = CardGame.view
    monkeypatch.setattr(CardGame, "view", lambda self, seat: real(self, (seat + 1) % 3))
    report = play_match(server.url, "skull-king")
    assert any("view" in leak for leak in report.leaks)
    assert any("hand" in leak for leak in report.leaks)


def _table(url: str, game: str = "skull") -> tuple[list[ScriptedPerson], str]:
    import random

    host = Client(url).connect()
    host.create(
        "Anne", game, [{"kind": "me"}, {"kind": "open"}, {"kind": "computer", "level": "random"}]
    )
    room = host.wait_for("joined")["room"]
    guest = Client(url).connect()
    guest.join("Bea", room)
    guest.wait_for("joined")
    host.start()
    return [ScriptedPerson(host, random.Random(1)), ScriptedPerson(guest, random.Random(2))], room


def test_the_host_hands_an_absent_seat_to_a_computer_and_the_game_finishes(server):
    (anne, bea), _room = _table(server.url)
    run([anne, bea], lambda: bea.moves >= 2, 20)
    bea.client.kill()
    assert run(
        [anne], lambda: anne.lobby is not None and not anne.lobby["seats"][1]["connected"], 10
    )
    assert anne.lobby["seats"][1]["away"] is not None  # the table says she is away, and how long
    anne.client.give_to_computer(1, "cautious")
    assert run([anne], lambda: anne.over, 30)
    seats = anne.lobby["seats"]
    assert seats[1]["kind"] == "computer" and seats[1]["level"] == "cautious"
    anne.client.close()


def test_only_the_host_may_hand_a_seat_over_or_start(server):
    (anne, bea), _room = _table(server.url)
    bea.client.give_to_computer(0, "random")
    bea.client.start()
    assert run([anne, bea], lambda: len(bea.refused) >= 2, 10)
    assert "only the host" in bea.refused[0] and "host" in bea.refused[1]
    for p in (anne, bea):
        p.client.close()


def test_a_seat_away_past_the_grace_is_no_longer_kept(server):
    (anne, bea), room = _table(server.url)
    run([anne, bea], lambda: bea.moves >= 1, 10)
    token = bea.client.token
    bea.client.kill()
    run([anne], lambda: anne.lobby is not None and not anne.lobby["seats"][1]["connected"], 10)
    rooms = server.call(lambda: server.server.rooms)
    code = next(iter(rooms))

    server.call(lambda: server.server.sweep(time.monotonic() + 10_000))  # long past the grace
    back = Client(server.url).connect()
    assert token is not None
    back.rejoin(room, token)
    closed = back.wait_for("closed")
    assert "no longer kept" in closed["reason"]
    assert code in server.call(lambda: server.server.rooms)  # Anne is still there
    anne.client.close()
    run([], lambda: server.call(lambda: server.server.rooms[code].places[0].conn) is None, 10)
    server.call(lambda: server.server.sweep(time.monotonic() + 30_000))  # later still
    assert code not in server.call(lambda: server.server.rooms)  # nobody left: the room went


def test_a_game_still_being_played_is_never_offered_to_resume_at_one_desk(server):
    """The host's program keeps the server's record of a game under way out of the saves
    folder: its Resume (a desk, every hand shown) never offers it; once over, it is a save."""
    from skully_game.core.paths import data_dir
    from skully_game.scenes.resume import unfinished_games

    host = Client(server.url).connect()
    seats = [{"kind": "me"}, {"kind": "computer", "level": COMPUTER["skull"]}]
    host.create("Anne", "skull", seats)
    host.wait_for("joined")
    host.start()
    anne = ScriptedPerson(host, random.Random(4))
    playing = data_dir() / "skull" / "playing"

    def kept_while_played() -> bool:
        anne.step()
        return any(playing.glob("*-online-*.json"))

    assert run([], kept_while_played, 10)
    assert not anne.over
    assert list((data_dir() / "skull").glob("*.json")) == []
    assert unfinished_games()[0] == []  # the menu has no Resume game for it
    assert run([], lambda: anne.step() or anne.over, 30)

    def moved() -> bool:
        return any((data_dir() / "skull").glob("*-online-*.json")) and not any(
            playing.glob("*.json")
        )

    assert run([], moved, 5)
    host.close()
