"""The spectators' pages for tools/render_scenes.py (issue 43): Cy watches a room from the Join
page, its lobby, each game at its own table, the end with the record, and the chat box (read
only, or spoken in where the host allows it). Filed in the online pages' DEMOS (demos.py
imports this module at its end)."""

from __future__ import annotations

import random
from typing import Any

import pygame

from skully_game.scenes.online.demobase import _KEEP, _online, _press, _type, _until, screen
from skully_game.shell.app import App
from skully_game.shell.scripted import click, ev


def _watch_room(app: App, url: str, room: str, name: str = "Cy") -> Any:
    """This program's person watches `room` from the Join page (name, address, code, Watch)."""
    from skully_game.scenes.online.join import JoinScene
    from skully_game.scenes.online.lobby import LobbyScene
    from skully_game.scenes.online.spectate import SpectatorScene

    _online(app)
    join = JoinScene(app)
    app.stack.push(join)
    _type(app, join, "your name", name)
    _type(app, join, "address", url.removeprefix("ws://"))
    field = next(w for w in join.widgets.widgets if w.label == "room code")
    click(app, field.rect.center)  # typed in; Enter there would join, not watch
    app.dispatch(ev(pygame.TEXTINPUT, text=room))
    _press(app, join, "Watch")
    _until(app, lambda: isinstance(app.stack.top, LobbyScene | SpectatorScene) or join.message)
    return app.stack.top


@screen("online-watch-lobby")
def _online_watch_lobby(app: App) -> None:
    """Cy watches Anne's Skull King lobby: the seats, and who watches (Cy and Dee)."""
    from skully_game.net.client import Client
    from skully_game.net.server import ServerConfig, ServerThread

    server = ServerThread(ServerConfig(port=0, quick=True, pace=0.0)).start()
    anne = Client(server.url).connect()
    seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "computer", "level": "strong"}]
    anne.create("Anne", "skull-king", seats)
    room = anne.wait_for("joined")["room"]
    dee = Client(server.url).connect()
    dee.watch("Dee", room)
    dee.wait_for("watching")
    _KEEP.extend([server, anne, dee])
    lobby = _watch_room(app, server.url, room)
    _until(app, lambda: "Dee" in str((lobby.link.lobby or {}).get("watchers")))
    app.run_frames(2)


def _chatting_room(url: str, key: str) -> Any:
    """Anne hosts a game of `key` whose spectators may chat, Bea joins, Anne starts it."""
    from skully_game.net.client import Client
    from skully_game.net.scripted import COMPUTER, Seated

    anne = Client(url).connect()
    seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "computer", "level": COMPUTER[key]}]
    anne.create("Anne", key, seats, watch_chat=True)
    room = anne.wait_for("joined")["room"]
    bea = Client(url).connect()
    bea.join("Bea", room)
    bea.wait_for("joined")
    lobby = anne.wait_for("lobby")
    while lobby["seats"][1]["open"]:
        lobby = anne.wait_for("lobby")
    anne.start()
    return Seated(anne, bea, lobby, anne.wait_for("setup"))


def _watched_game(
    app: App, key: str, moves: int, wait: float = 30, watch_chat: bool = False
) -> tuple[Any, list[Any]]:
    """Cy watches a game of `key` that Anne and Bea (scripted, at other desks) play with a
    computer player, until `moves` moves were made (or the game is over); with `watch_chat`
    its host lets spectators chat."""
    from skully_game.net.scripted import ScriptedPerson, seat_three
    from skully_game.net.server import ServerConfig, ServerThread
    from skully_game.scenes.online.publicgame import watchable
    from skully_game.scenes.online.spectate import SpectatorScene
    from skully_game.scenes.online.watchskully import WatchedSkullyScene
    from skully_game.scenes.online.watchtable import WatchedTable

    server = ServerThread(ServerConfig(port=0, quick=True, pace=0.0)).start()
    seated = _chatting_room(server.url, key) if watch_chat else seat_three(server.url, key)
    people = [ScriptedPerson(seated.host, random.Random(1)),
              ScriptedPerson(seated.guest, random.Random(2))]  # fmt: skip
    for person in people:
        person.handle(seated.setup)
    _KEEP.extend([server, *people])
    page = _watch_room(app, server.url, seated.host.room or "")
    paged = SpectatorScene if not watchable(key) else WatchedTable  # a table once the game is on

    def played() -> bool:
        for person in people:
            person.step()
        last = people[0].last or {}
        return last.get("move", 0) >= moves or bool(last.get("over"))

    _until(app, lambda: isinstance(app.stack.top, paged | WatchedSkullyScene) and played(), 60)
    page = app.stack.top
    if isinstance(page, WatchedSkullyScene):  # its shots played out on the board
        _until(app, lambda: not page.queue and not page.table.busy, 30)
    elif isinstance(page, WatchedTable):  # every move the server made shown at the table
        _until(app, lambda: not page.backlog and not getattr(page, "busy", bool)(), wait)
    else:
        _until(app, lambda: page.over or len(page.lines) > 2, 5)
    return page, people


@screen("online-watch")
def _online_watch(app: App) -> None:
    """Cy watches a Skull King game under way at its own table: the trick, every seat's box
    (bids once revealed, tricks won, cards left), the log; no hand is shown."""
    _watched_game(app, "skull-king", 12)
    app.run_frames(2)


@screen("online-watch-skip-bo")
def _online_watch_skip_bo(app: App) -> None:
    """Cy watches a Skip-Bo game at its own table: the stocks, the building piles, every
    seat's discards and hand count, with no hand at the foot."""
    _watched_game(app, "skip-bo", 30)
    app.run_frames(2)


@screen("online-watch-skirrid")
def _online_watch_skirrid(app: App) -> None:
    """Cy watches a Skirrid game at its own board (nothing on it is hidden), with nobody's
    tray to place from."""
    _watched_game(app, "skirrid", 12)
    app.run_frames(2)


@screen("online-watch-table-over")
def _online_watch_table_over(app: App) -> None:
    """Cy watched a Skirrid game to its end at its board: who won, and the record kept with
    the program's games (Replay plays it back)."""
    page, _ = _watched_game(app, "skirrid", 10_000)
    _until(app, lambda: page.shadow.turn.over and page.saved is not None, 30)
    app.run_frames(2)


@screen("online-watch-over")
def _online_watch_over(app: App) -> None:
    """Cy watched a game of Skull to its end at its table: who won, and the replay."""
    page, _ = _watched_game(app, "skull", 10_000, 150)
    _until(app, lambda: page.saved is not None, 10)
    app.run_frames(2)


@screen("online-watch-skully")
def _online_watch_skully(app: App) -> None:
    """Cy watches a game of Skully at its own table: the board, the caps, the panel and the
    story, with nobody's seat (nothing to flick)."""
    _watched_game(app, "skully", 8)
    app.run_frames(2)


@screen("online-watch-chat")
def _online_watch_chat(app: App) -> None:
    """Cy, watching a Skull King game, opens the chat box: the players' lines (Bea's muted), a
    mute per person, and that this host has not let spectators chat."""
    page, people = _watched_game(app, "skull-king", 4)
    for person, words in zip(people, ("gg", "Good luck, all!"), strict=True):
        person.client.say(text=words)
    person = people[0]
    person.client.say(line="oops")
    _until(app, lambda: len(page.heard.lines) >= 3, 5)
    page.open_chat()
    app.run_frames(2)
    dialog = app.stack.top
    bea = next(w for w in dialog.widgets.widgets if w.label.startswith("Mute Bea"))
    bea.on_click()
    app.run_frames(2)


@screen("online-watch-chat-speak")
def _online_watch_chat_speak(app: App) -> None:
    """Cy watches a Skull King game whose host lets spectators chat: the box offers the preset
    lines and a few words; Cy's and Dee's lines read "(watching) Cy: …" among the players'."""
    from skully_game.net.client import Client

    page, people = _watched_game(app, "skull-king", 4, watch_chat=True)
    dee = Client(people[0].client.url).connect()
    dee.watch("Dee", page.watch.room)
    dee.wait_for("watching")
    _KEEP.append(dee)
    people[1].client.say(text="Good luck, all!")
    _until(app, lambda: len(page.heard.lines) >= 1, 5)
    page.open_chat()
    app.run_frames(2)
    dialog = app.stack.top
    next(w for w in dialog.widgets.widgets if w.label == "Well played!").on_click()
    dee.say(text="nice bid, Anne")
    _until(app, lambda: len(page.heard.lines) >= 3, 5)
    field = next(w for w in app.stack.top.widgets.widgets if w.label == "a few words")
    click(app, field.rect.center)
    app.dispatch(ev(pygame.TEXTINPUT, text="go Bea"))
    app.run_frames(2)


@screen("online-chat-spectator")
def _online_chat_spectator(app: App) -> None:
    """Anne at her Skull King table: Cy, a spectator the host lets chat, said a line (over the
    table, "(watching) Cy: …"); her chat box offers to mute Cy and Dee, who watch."""
    from skully_game.net.client import Client
    from skully_game.net.server import ServerConfig, ServerThread
    from skully_game.scenes.online.cards import TableLink, card_table_scene

    server = ServerThread(ServerConfig(port=0, quick=True, pace=0.0)).start()
    _KEEP.append(server)
    seated = _chatting_room(server.url, "skull-king")
    _KEEP.append(seated.guest)
    app.stack.push(card_table_scene(app, TableLink(seated.host, seated.setup, None, seated.lobby)))
    _until(app, lambda: hasattr(app.stack.top, "shadow"))
    table = app.stack.top
    room = seated.host.room
    watchers = []
    for name in ("Cy", "Dee"):
        client = Client(table.client.url).connect()
        client.watch(name, room)
        client.wait_for("watching")
        watchers.append(client)
    _KEEP.extend(watchers)
    _until(app, lambda: len((table.lobby or {}).get("watchers") or []) == 2, 5)
    watchers[0].say(text="what a trick!")
    _until(app, lambda: bool(table.chat.spoke), 5)
    app.run_frames(2)
    table.open_chat()
    app.run_frames(2)
