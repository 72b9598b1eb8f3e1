"""Watching from the program (issue 43): the Join page's Watch opens the lobby as a spectator
(who watches is said), then the spectator's page: whose move, each seat's open facts, the story
in words, never a hand; at the end who won and Replay with every hand, from the record kept."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pygame
import pytest

from skully_game.net.scripted import ScriptedPerson, seat_three
from skully_game.net.server import ServerConfig, ServerThread
from skully_game.scenes.online.lobby import LobbyScene
from skully_game.scenes.online.spectate import SpectatorScene, seat_facts
from skully_game.scenes.online.watchers import watch_news, watchers_line
from skully_game.scenes.online.watchtable import WatchedTable
from tests.test_online_ui import at_menu, open_online, press, type_into, until
from tests.ui_helpers import click, ev


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(ServerConfig(port=0, quick=True, pace=0.0)).start()
    yield srv
    srv.stop()


def test_who_watches_is_said_in_plain_words():
    lobby = {"watching": 3, "watchers": ["Cy", "Dee", "Eve"]}
    assert watchers_line(lobby) == "Watching: Cy, Dee and Eve"
    assert watchers_line(lobby, "Dee") == "Watching: you, Cy and Eve"
    assert watchers_line({"watching": 10, "watchers": ["Cy"]}) == "Watching: Cy and 9 more"
    assert watchers_line({"watching": 0, "watchers": []}) == ""
    seen, said = watch_news([], {"watching": 1, "watchers": ["Cy"]})
    assert (seen, said) == (["Cy"], "Cy is watching: 1 person watches this game")
    assert watch_news(seen, {"watching": 0, "watchers": []})[1] == (
        "Cy stopped watching: nobody watches now"
    )
    assert watch_news(seen, {"watching": 1, "watchers": ["Cy"]})[1] == ""


def test_a_seats_open_facts():
    view = {"hand_sizes": [1, 5], "scores": [10, -20], "bids": [None, 2], "tricks_won": [0, 1]}
    assert seat_facts("skull-king", view, 1) == "5 cards  ·  -20 points  ·  bid 2, won 1"
    assert seat_facts("skull", {"cards_left": [4, 3], "won": [0, 1]}, 1) == (
        "3 cards  ·  1 of 2 challenges won"
    )


def test_a_spectator_watches_from_the_join_page_to_the_replay_with_every_hand(server):
    seated = seat_three(server.url, "skull")
    people = [ScriptedPerson(seated.host, random.Random(1)),
              ScriptedPerson(seated.guest, random.Random(2))]  # fmt: skip
    for person in people:
        person.handle(seated.setup)
    app = at_menu()
    open_online(app)
    press(app, "Join a game")
    type_into(app, "your name", "Cy")
    type_into(app, "address", server.url.removeprefix("ws://"))
    field = next(w for w in app.stack.top.widgets.widgets if w.label == "room code")
    click(app, field.rect.center)  # Enter there would join: the code typed, then Watch
    app.dispatch(ev(pygame.TEXTINPUT, text=seated.host.room))
    press(app, "Watch")
    assert until([app], lambda: isinstance(app.stack.top, LobbyScene | SpectatorScene))

    def both() -> None:
        for person in people:
            person.step()

    assert until([app], lambda: isinstance(app.stack.top, WatchedTable), 20, step=both)
    table = app.stack.top  # Skull's own table, with nobody's hand
    assert table.watch.watching and table.watch.seat == -1 and table.humans == []
    over = lambda: table.shadow.turn.over and table.saved is not None  # noqa: E731

    def quick() -> None:  # (the table's flights at eight times the pace: the same moves)
        both()
        for _ in range(7):
            app.tick()

    assert until([app], over, 180, step=quick)
    assert until([app], lambda: table.end_on_show(), 30)
    table.relayout()
    assert any(w.label == "Watch the replay" for w in table.widgets.widgets)
    press(app, "Watch the replay")
    app.run_frames(2)
    assert type(app.stack.top).__name__ == "SkullReplay"
    for client in (seated.host, seated.guest):
        client.close()
