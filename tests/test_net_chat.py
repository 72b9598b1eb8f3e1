"""Chat across desks (issue 43): preset lines and short free text, shown at the speaker's seat
at every table; a person may mute another, whose lines then never reach them; nothing but
text goes out, and anything but text is refused."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from skully_game.net.client import Client, NetError
from skully_game.net.scripted import seat_three
from skully_game.net.server import ServerConfig, ServerThread


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(ServerConfig(port=0, quick=True, pace=0.0)).start()
    yield srv
    srv.stop()


def chats(client: Client, seconds: float = 0.6) -> list[dict]:
    end, out = time.monotonic() + seconds, []
    while time.monotonic() < end:
        out += [m for m in client.poll() if m["type"] in ("chat", "refused", "closed")]
        time.sleep(0.01)
    return out


def test_a_line_reaches_every_seat_as_text_only(server):
    room = seat_three(server.url, "skull")
    anne, bea = room.host, room.guest
    anne.say(line="well-played")
    anne.say(text="  nice   move  ")
    got = chats(bea)
    assert [m["text"] for m in got] == ["Well played!", "nice move"]
    assert all(set(m) == {"type", "seat", "name", "text"} for m in got)
    assert all(m["seat"] == 0 and m["name"] == "Anne" for m in got)
    assert [m["text"] for m in chats(anne)] == ["Well played!", "nice move"]  # her own


def test_a_muted_persons_lines_never_arrive(server):
    room = seat_three(server.url, "skull")
    anne, bea = room.host, room.guest
    bea.mute(0)
    time.sleep(0.1)
    anne.say(line="oops")
    bea.say(line="thanks")
    assert [m["text"] for m in chats(bea)] == ["Thanks!"]  # only her own
    assert [m["text"] for m in chats(anne)] == ["Oops!", "Thanks!"]
    bea.mute(0, False)
    time.sleep(0.1)
    anne.say(line="hello")
    assert [m["text"] for m in chats(bea)] == ["Hello!"]


def test_chat_is_limited_to_a_line_a_second(server):
    room = seat_three(server.url, "skull")
    for _ in range(8):
        room.host.say(text="spam")
    got = chats(room.host)
    assert sum(m["type"] == "chat" for m in got) == 5  # the burst
    assert any(m.get("reason", "").startswith("slow down") for m in got)


@pytest.mark.parametrize(
    "said",
    [{"text": {"img": "x"}}, {"text": "a\nb"}, {"text": "x" * 81}, {"line": "rude"}],
)
def test_anything_but_a_short_line_of_text_is_refused(server, said):
    room = seat_three(server.url, "skull")
    room.host.send({"type": "say", **said})
    with pytest.raises(NetError, match=r"field '(text|line)'"):
        room.host.wait_for("chat", 3)
    assert chats(room.guest, 0.3) == []
