"""A card table across desks marks an away person's seat box (issue 43), as Skully's seats
read: "away, 2:00 left" after the name while the room keeps the seat, and nothing once they
are back."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace

import pygame
import pytest

from skully_game.net.client import Client
from skully_game.net.scripted import run
from skully_game.net.server import ServerConfig, ServerThread
from skully_game.scenes.online.away import AwaySeats, away_words
from skully_game.shell import theme
from tests.test_online_cards import seat
from tests.ui_helpers import drawn_text_rects


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(ServerConfig(port=0, quick=True, pace=0.0)).start()
    yield srv
    srv.stop()


def marks(table, monkeypatch) -> list[tuple[str, object]]:
    return [(t, r) for t, r in drawn_text_rects(table, monkeypatch) if t.startswith("away")]


def test_an_away_seat_is_marked_until_they_are_back(server, monkeypatch) -> None:
    desk = seat(server, "skull-king", grace=120)
    table, bea = desk.table, desk.bea.client
    assert not marks(table, monkeypatch)
    room, token = bea.room, bea.token
    bea.kill()
    assert run([], lambda: desk.step() or table.away_left(1) is not None, 5)
    shown = marks(table, monkeypatch)
    assert [t for t, _ in shown] == ["away, 2:00 left"]
    assert table.seat_rects()[1].contains(shown[0][1])  # on Bea's own box
    back = Client(server.url).connect()
    back.rejoin(room, token)
    assert run([], lambda: desk.step() or table.away_left(1) is None, 5)
    assert not marks(table, monkeypatch)
    back.close()


def test_the_words_once_the_seat_is_no_longer_kept() -> None:
    assert away_words(100) == "away, 1:40 left"
    assert away_words(0) == "away"


def test_a_seat_bar_has_the_mark_at_its_right_end(monkeypatch) -> None:
    """Skip-Bo's seats are one-line bars, their words on the left: the mark goes right."""
    drawn: list[tuple[str, tuple[int, int], str]] = []
    monkeypatch.setattr(
        theme, "text", lambda _s, words, at, *a, **k: drawn.append((words, at, a[2]))
    )
    bar = pygame.Rect(8, 36, 345, 22)
    table = SimpleNamespace(names=["Anne", "Bea"])
    AwaySeats.mark_away(table, pygame.Surface((400, 100)), 1, bar, 120)  # type: ignore[arg-type]
    assert drawn == [("away, 2:00 left", (bar.right - 10, bar.centery), "midright")]
