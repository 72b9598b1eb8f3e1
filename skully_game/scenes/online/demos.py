"""The online pages for tools/render_scenes.py: Play online, Host, Join, the lobby seen by the
host and by a friend, and the Skully table played against a friend at another desk (a scripted
client), all through a real server on the loopback address at a free port.

Exported as DEMOS (scene name -> a function that drives a fresh App to the picture)."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

import pygame

from skully_game.scenes.online.demobase import (
    _KEEP,
    DEMOS,
    _menu,
    _online,
    _press,
    _quick_server,
    _type,
    _until,
    screen,
)
from skully_game.shell.app import App
from skully_game.shell.scripted import click, ev, key


def _host_page(app: App) -> Any:
    from skully_game.scenes.online.host import KINDS, HostScene

    _online(app)
    host = HostScene(app)
    app.stack.push(host)
    _type(app, host, "your name", "Anne")
    _press(app, host, "Add seat")
    app.dispatch(ev(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0)))
    kinds = [w for w in host.widgets.widgets if getattr(w, "options", None) == list(KINDS)]
    click(app, (kinds[-1].rect.right - 8, kinds[-1].rect.centery))  # seat 3: a computer
    app.dispatch(ev(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)
    return host


@screen("online-host")
def _online_host(app: App) -> None:
    _host_page(app)


def _host_card_game(app: App, key: str) -> Any:
    """The Host page with a table game chosen (its setup's rule rows), three seats."""
    from skully_game.scenes.online.games import online_game

    host = _host_page(app)
    game = next(w for w in host.widgets.widgets if w.label == "Game")
    game.set_value(online_game(key))
    game.on_change(game.value)  # as a click on its arrows does
    _press(app, host, "Add seat")
    app.dispatch(ev(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)
    return host


@screen("online-host-skull-king")
def _online_host_skull_king(app: App) -> None:
    """Skull King's seven rule rows with the seats: nothing may clip at 1024x640."""
    host = _host_card_game(app, "skull-king")
    host._rule("advanced_cards", True)
    app.run_frames(2)


@screen("online-host-skip-bo")
def _online_host_skip_bo(app: App) -> None:
    """Skip-Bo at three seats: partners cannot apply, and the row says so."""
    _host_card_game(app, "skip-bo")


@screen("online-host-skirrid")
def _online_host_skirrid(app: App) -> None:
    """Skirrid's pairs asked for at three seats: left off, the reason said in one line."""
    host = _host_card_game(app, "skirrid")
    host._rule("pairs", True)
    app.run_frames(2)


@screen("online-join")
def _online_join(app: App) -> None:
    """A friend's address typed where nobody listens: the one-line error, in words."""
    from skully_game.scenes.online.join import JoinScene

    _online(app)
    join = JoinScene(app)
    app.stack.push(join)
    _type(app, join, "your name", "Bea")
    _type(app, join, "address", "127.0.0.1:9")
    _type(app, join, "room code", "k7pmq-x4r2t")
    _press(app, join, "Join game")
    _until(app, lambda: app.stack.top is join and bool(join.message))
    app.run_frames(2)


def _hosted_with_friend(app: App, computer: bool = True) -> tuple[Any, Any]:
    """The host's lobby (Anne, here) with Bea joined from a scripted client."""
    from skully_game.net.client import Client
    from skully_game.net.scripted import ScriptedPerson
    from skully_game.scenes.online.lobby import LobbyScene

    _quick_server()
    host = _host_page(app)
    _press(app, host, "Host game")
    _until(app, lambda: isinstance(app.stack.top, LobbyScene))
    lobby = app.stack.top
    guest = Client(lobby.link.hosting.here.url).connect()
    guest.join("Bea", lobby.link.room)
    guest.wait_for("joined")
    bea = ScriptedPerson(guest, random.Random(2))
    seats = lobby.link.seats
    _until(app, lambda: bool(seats()) and all(not s["open"] for s in seats()))
    app.run_frames(2)
    return lobby, bea


@screen("online-lobby-host")
def _online_lobby_host(app: App) -> None:
    _hosted_with_friend(app)


@screen("online-lobby-guest")
def _online_lobby_guest(app: App) -> None:
    """Bea's lobby: she joined Anne's room by its address and code, typed in."""
    from skully_game.net.server import ServerConfig
    from skully_game.scenes.online.join import JoinScene
    from skully_game.scenes.online.link import Hosting, open_room
    from skully_game.scenes.online.lobby import LobbyScene

    hosting = Hosting(port=0, config=ServerConfig(quick=True, pace=0.0)).start()
    seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}]
    anne = open_room(
        hosting.here,
        "Anne",
        {"type": "create", "name": "Anne", "game": "skully", "seats": seats},
        hosting,
    )
    assert not isinstance(anne, str)
    _online(app)
    join = JoinScene(app)
    app.stack.push(join)
    _type(app, join, "your name", "Bea")
    _type(app, join, "address", str(hosting.here))
    _type(app, join, "room code", anne.room)
    _press(app, join, "Join game")
    _until(app, lambda: isinstance(app.stack.top, LobbyScene))
    lobby = app.stack.top
    _until(app, lambda: len([s for s in lobby.link.seats() if s["name"]]) == 2)
    app.run_frames(2)
    _KEEP.append(anne)


@screen("online-lobby-chat")
def _online_lobby_chat(app: App) -> None:
    """Bea's lobby before the game: Anne said hello, and Bea's chat box is open over it."""
    _online_lobby_guest(app)
    lobby = app.stack.top
    anne = _KEEP[-1]
    anne.client.say(text="Hi Bea, one more friend is coming")
    _until(app, lambda: lobby.chat is not None and bool(lobby.chat.history()))
    lobby.open_chat()
    app.run_frames(3)


def _table(app: App) -> tuple[Any, Any]:
    from skully_game.scenes.online.skully import OnlineSkullyScene

    lobby, bea = _hosted_with_friend(app)
    _press(app, lobby, "Start game")
    _until(app, lambda: isinstance(app.stack.top, OnlineSkullyScene))
    table = app.stack.top
    table.table.speedup = 30.0
    return table, bea


def _to_bea(app: App, table: Any, bea: Any) -> Callable[[], bool]:
    """Anne puts her cap down and shoots (the Enter key, then a flick at box 1), until Bea is
    the one to shoot (she waits: her script is not stepped once the shooting begins)."""
    from skully_game.skully.physics import Flick

    def step() -> bool:
        if table.state.shots == 0:
            bea.step()  # Bea puts her cap down; then she is slow to shoot
        who = table.actor()
        if who == table.me and table.plays_here(who):
            if table._placement() is not None:
                app.dispatch(key(pygame.K_RETURN))
            elif table.state.can_shoot:
                x, y = table.table.positions[who]
                gx, gy = table._aim_point(who)
                table.table.on_flick(Flick(who, math.atan2(gy - y, gx - x), 2.2), True)
        return who == 1 and table.state.shots > 0 and not table.queue

    return step


@screen("online-table")
def _online_table(app: App) -> None:
    """Anne's table: she put her cap down; Bea, at another desk, is to shoot."""
    table, bea = _table(app)

    _until(app, _to_bea(app, table, bea), 20)
    app.run_frames(4)


@screen("online-table-away")
def _online_table_away(app: App) -> None:
    """Bea's connection died: the table says she is away, and Anne may give her seat away."""
    table, bea = _table(app)

    _until(app, _to_bea(app, table, bea), 20)
    bea.client.kill()
    _until(app, lambda: bool(table._away()))
    app.run_frames(4)


def _card_table_away(app: App, key: str, options: dict[str, Any] | None = None) -> None:
    """Anne's card table once Bea's connection died: her seat's box says she is away."""
    table, bea = _card_table(app, key, options)
    bea.client.kill()
    _until(app, lambda: table.away_left(1) is not None)
    app.run_frames(4)


@screen("online-skull-king-away")
def _online_skull_king_away(app: App) -> None:
    """Skull King across desks: Bea's connection died; her seat's box says she is away."""
    _card_table_away(app, "skull-king", {"round_plan": "whirlpool"})


@screen("online-skip-bo-away")
def _online_skip_bo_away(app: App) -> None:
    """Skip-Bo across desks: Bea's connection died; her seat's box says she is away."""
    _card_table_away(app, "skip-bo", {"stock": 10})


@screen("online-skull-away")
def _online_skull_away(app: App) -> None:
    """Skull across desks: Bea's connection died; her seat's box says she is away."""
    _card_table_away(app, "skull")


def _card_table(app: App, key: str, options: dict[str, Any] | None = None) -> tuple[Any, Any]:
    """Anne's table of a card game at a server on this machine; Bea plays from another desk
    (a scripted client) and a computer player sits in the third seat."""
    from skully_game.net.scripted import ScriptedPerson, seat_three
    from skully_game.net.server import ServerConfig, ServerThread
    from skully_game.scenes.online.cards import TableLink, card_table_scene

    _menu(app)
    server = ServerThread(ServerConfig(port=0, quick=True, pace=0.0)).start()
    _KEEP.append(server)
    room = seat_three(server.url, key, options)
    app.stack.push(card_table_scene(app, TableLink(room.host, room.setup, None, room.lobby)))
    _until(app, lambda: hasattr(app.stack.top, "shadow"))
    return app.stack.top, ScriptedPerson(room.guest, random.Random(2))


def _skip_bo_builds(legal: tuple[str, ...]) -> str:
    """A person who builds what they can (the stock first), then discards."""
    for prefix in ("S", "D", "H"):
        for action in legal:
            if action.startswith(prefix) and ">B" in action:
                return action
    return legal[-1]


def _skip_bo_match(app: App, done: Callable[[Any], bool], close_summaries: bool) -> Any:
    """A Skip-Bo match to 250 with stocks of 10 across desks, played at Anne's table until
    `done(table)`; every card's flight finished at once (a quick person)."""
    table, bea = _card_table(app, "skip-bo", {"stock": 10, "match_to": 250})
    end, acted = time.monotonic() + 120, 0.0
    while not done(table) and time.monotonic() < end:
        bea.step()
        table.update(0.05)
        table.flights.clear()
        if table.summary is not None and close_summaries:
            table.close_summary()
        if table.my_turn() and time.monotonic() > acted + 0.021:  # within the server's rate
            table.act(_skip_bo_builds(table.shadow.turn.legal))
            acted = time.monotonic()
        time.sleep(0.002)
    _KEEP.append(bea)
    app.run_frames(3)
    return table


@screen("online-skip-bo-between")
def _online_skip_bo_between(app: App) -> None:
    """A Skip-Bo match across desks: the first game's summary, as at one desk."""
    _skip_bo_match(app, lambda t: t.summary is not None, False)


@screen("online-skip-bo-match-over")
def _online_skip_bo_match_over(app: App) -> None:
    """A Skip-Bo match across desks, over: the match's end, as at one desk."""
    _skip_bo_match(app, lambda t: t.shadow.turn.over and not t.backlog and not t.pending, True)


@screen("online-closed")
def _online_closed(app: App) -> None:
    """A Skull table the moment the host closed the game: said at once, with where the game's
    record is kept and the way back."""
    from skully_game.net.server import HOST_CLOSED

    table, bea = _card_table(app, "skull")
    for _ in range(20):
        bea.step()
        table.update(0.05)
        time.sleep(0.005)
    server = next(k for k in reversed(_KEEP) if hasattr(k, "server"))
    server.stop(HOST_CLOSED)
    _until(app, lambda: table.ending is not None)
    app.run_frames(3)


# --- Play again across desks (issue 43) ----------------------------------------------------------


def _online_over(app: App, key: str, host: bool) -> None:
    """A game across desks played to its end at Anne's table (Bea scripted at another desk);
    as a guest's table when `host` is False."""
    import random as _random
    import time as _time

    table, bea = _card_table(app, key, {"round_plan": "whirlpool"} if key == "skull-king" else None)
    _KEEP.append(bea)
    rng, end = _random.Random(4), _time.monotonic() + 90
    while not (table.shadow.turn.over and not table.backlog) and _time.monotonic() < end:
        bea.step()
        table.update(0.05)
        if hasattr(table, "settle"):
            table.settle()
        if table.my_turn():
            table.act(rng.choice(table.shadow.turn.legal))
        _time.sleep(0.002)
    if not host:
        table.lobby["seats"][0]["host"] = False
    for _ in range(40):  # the record comes, the game-over view settles
        table.update(0.05)
        _time.sleep(0.005)
    table.relayout()
    app.run_frames(3)


@screen("online-play-again")
def _online_play_again(app: App) -> None:
    """Skull across desks, over: the host's table offers Play again above the panel's buttons."""
    _online_over(app, "skull", True)


@screen("online-play-again-guest")
def _online_play_again_guest(app: App) -> None:
    """Skull King across desks, over, at a guest's table: the host may play again."""
    _online_over(app, "skull-king", False)


def _online_ready(app: App, key: str, host: bool) -> None:
    """The game over, and this person said they are ready (Play again): Bea's table has not
    yet, so the next game waits for her; the Ready mark shows at this seat."""
    _online_over(app, key, host)
    table = app.stack.top
    table.play_again()
    for _ in range(40):  # the server's lobby with the ready mark comes back
        table.update(0.05)
        time.sleep(0.005)
        if any(s.get("again") for s in (table.lobby or {}).get("seats", [])):
            break
    if not host:
        table.lobby["seats"][0]["host"] = False  # (the server's new lobby names Anne host)
    table.relayout()
    app.run_frames(3)


@screen("online-play-again-ready")
def _online_play_again_ready(app: App) -> None:
    """Skull across desks, over, the host ready: Start now, the Ready mark at her seat."""
    _online_ready(app, "skull", True)


@screen("online-play-again-ready-guest")
def _online_play_again_ready_guest(app: App) -> None:
    """Skull King across desks, over, at a guest's table, ready: whom the game waits for."""
    _online_ready(app, "skull-king", False)


@screen("online-play-again-ready-skip-bo")
def _online_play_again_ready_skip_bo(app: App) -> None:
    """Skip-Bo across desks, over, the host ready: Start now under the end's box."""
    _online_ready(app, "skip-bo", True)


@screen("online-play-again-ready-skirrid")
def _online_play_again_ready_skirrid(app: App) -> None:
    """Skirrid across desks, over, the host ready: Start now in the side panel."""
    _online_ready(app, "skirrid", True)


@screen("online-play-again-skirrid")
def _online_play_again_skirrid(app: App) -> None:
    """Skirrid across desks, over: Play again over the side panel's buttons."""
    _online_over(app, "skirrid", True)


def _online_skully_over(app: App) -> Any:
    """A Skully game across desks, hosted here, played to its end (Anne's turns as the
    tests play them, Bea scripted at another desk); the game-over screen on top."""
    import random as _random
    import time as _time

    from skully_game.scenes.online.skully import OnlineGameOver
    from skully_game.skully.ai import Planner
    from skully_game.skully.skill import level
    from tests.test_online_ui import play_my_turn

    table, bea = _table(app)
    _KEEP.append(bea)
    table.table.speedup = 60.0
    planner = Planner(level("perfect"), _random.Random(5), samples=1)
    end = _time.monotonic() + 120
    while not isinstance(app.stack.top, OnlineGameOver) and _time.monotonic() < end:
        bea.step()
        play_my_turn(table, planner)
        app.tick()
        _time.sleep(0.001)
    app.run_frames(3)
    return table


@screen("online-skully-play-again")
def _online_skully_play_again(app: App) -> None:
    """Skully across desks, over, at the host's: the game-over screen offers Play again."""
    _online_skully_over(app)


@screen("online-skully-play-again-panel")
def _online_skully_play_again_panel(app: App) -> None:
    """The same, the board looked at: Play again under the players in the side panel."""
    _online_skully_over(app)
    app.stack.pop()
    app.run_frames(3)


def _online_skully_ready(app: App, host: bool) -> Any:
    """Skully across desks, over, and this person said they are ready (Play again): the
    server's lobby with the mark at their seat has come back."""
    table = _online_skully_over(app)
    if not host:
        table.link.host = False  # (the same table, as a guest's)
    table.say_ready()
    end = time.monotonic() + 5
    while time.monotonic() < end and not table.ready_seats():
        table.link.poll()  # (the lobby is taken as it comes; the rest waits, as on screen)
        time.sleep(0.01)
    app.run_frames(3)
    return table


@screen("online-skully-play-again-ready")
def _online_skully_play_again_ready(app: App) -> None:
    """Skully across desks, over, the host ready: Start now in Play again's place, 'Ready:
    you' under the box, a Ready tag at her row in the panel beside it."""
    _online_skully_ready(app, True)


@screen("online-skully-play-again-ready-guest")
def _online_skully_play_again_ready_guest(app: App) -> None:
    """The same at a guest's table, the board looked at: whom the game waits for in the
    panel, and the Ready tag at the ready seat's row."""
    _online_skully_ready(app, False)
    app.stack.pop()
    app.run_frames(3)


@screen("online-play-again-ready-skip-bo-table")
def _online_play_again_ready_skip_bo_table(app: App) -> None:
    """Skip-Bo across desks, over, the host ready, the final table looked at: a Ready tag at
    her seat's box."""
    _online_ready(app, "skip-bo", True)
    app.stack.top.see_table()
    app.run_frames(3)


@screen("online-chat")
def _online_chat(app: App) -> None:
    """Skull King across desks: the chat box (C) over the table, Bea's last line at her seat."""
    import time as _time

    table, bea = _card_table(app, "skull-king", {"round_plan": "whirlpool"})
    _KEEP.append(bea)
    bea.client.say(line="luck")
    end = _time.monotonic() + 5
    while not table.chat.said and _time.monotonic() < end:
        table.update(0.05)
        _time.sleep(0.01)
    table.open_chat()
    app.run_frames(3)


@screen("online-chat-clock")
def _online_chat_clock(app: App) -> None:
    """Skull King across desks with a clock: the chat box open on Anne's own bid warns how
    long she has left for it."""
    table, bea = _card_table(app, "skull-king", {"round_plan": "whirlpool", "clock_ms": 30_000})
    _KEEP.append(bea)
    _until(app, lambda: table.own_clock_left() is not None)
    table.chat.heard(app, {"type": "chat", "seat": 1, "name": "Bea", "text": "Good luck!"}, True)
    table.open_chat()
    app.run_frames(3)


@screen("online-chat-history")
def _online_chat_history(app: App) -> None:
    """Skull King across desks: the chat box keeps the last lines said, who said each, and
    how many earlier ones the wheel scrolls back to."""
    table, bea = _card_table(app, "skull-king", {"round_plan": "whirlpool"})
    _KEEP.append(bea)
    talk = [(1, "Bea", "Hello!"), (0, "Anne", "Good luck!"), (1, "Bea", "nice deal"),
            (0, "Anne", "Let me think..."), (1, "Bea", "take your time, captain"),
            (0, "Anne", "Oops!"), (1, "Bea", "Well played!"), (0, "Anne", "Another game?")]  # fmt: skip
    for seat, name, text in talk:  # as the server sends each line to every seat
        table.chat.heard(app, {"type": "chat", "seat": seat, "name": name, "text": text}, True)
    table.open_chat()
    app.run_frames(3)


@screen("online-chat-said")
def _online_chat_said(app: App) -> None:
    """Skull King across desks: Bea's line shows in a bubble under her seat's box."""
    import time as _time

    table, bea = _card_table(app, "skull-king", {"round_plan": "whirlpool"})
    _KEEP.append(bea)
    bea.client.say(text="nice bid, captain")
    end = _time.monotonic() + 5
    while not table.chat.said and _time.monotonic() < end:
        table.update(0.05)
        _time.sleep(0.01)
    app.run_frames(3)


# --- a time per move (issue 43) ---


def _clock_table(app: App, clocks: dict[str, int], done: Callable[..., bool]) -> None:
    """Anne's Skull King table with the host's clocks; Bea, at another desk, never answers."""
    options = {"round_plan": "whirlpool", **clocks}
    table, bea = _card_table(app, "skull-king", options)
    _KEEP.append(bea)
    end = time.monotonic() + 15
    while not done(table) and time.monotonic() < end:
        if table.shadow.turn.actor == table.shadow.seat and table.my_turn():
            legal = table.shadow.turn.legal or []
            if legal:
                table.act(legal[0])
        app.run_frames(1, ticks_per_frame=1)
        time.sleep(0.01)
    app.run_frames(3)


def _bea_timed(table: Any) -> bool:
    """Bea's clock shows at her seat and nothing is in flight over the table's words."""
    shown = {seat for seat, _, _ in table.clocks_shown()}
    return 1 in shown and not table.busy() and not table.flights


@screen("online-clock")
def _online_clock(app: App) -> None:
    """A time per move: Bea is to move, her seat and the line under the table count down."""
    _clock_table(app, {"clock_ms": 60_000}, _bea_timed)


@screen("online-clock-ran-out")
def _online_clock_ran_out(app: App) -> None:
    """Bea's time ran out: a computer player moved for her, and the log says so."""
    _clock_table(app, {"clock_ms": 500}, lambda t: bool(t.move_clock.ran_out) and not t.backlog)


@screen("online-game-clock")
def _online_game_clock(app: App) -> None:
    """A time per game: each person's time left at their seat; Bea's runs, on her turn."""
    _clock_table(app, {"game_clock_ms": 600_000}, _bea_timed)


@screen("online-game-clock-ran-out")
def _online_game_clock_ran_out(app: App) -> None:
    """Bea's time for the game ran out: the log says a computer player makes her moves."""
    _clock_table(app, {"game_clock_ms": 1000}, lambda t: bool(t.move_clock.ran_out))


@screen("online-join-open-rooms")
def _online_join_open_rooms(app: App) -> None:
    """Bea asked a server for its open rooms: two hosts left theirs open (one full), a third
    did not and is not listed; below, a game found on this network."""
    from skully_game import __version__
    from skully_game.net import PROTOCOL
    from skully_game.net.client import Client
    from skully_game.net.mdns import Found
    from skully_game.net.server import ServerConfig
    from skully_game.scenes.online.join import JoinScene
    from skully_game.scenes.online.link import Hosting

    hosting = Hosting(port=0, config=ServerConfig(quick=True, pace=0.0, save=False)).start()
    from skully_game.scenes.online.hostrules import HostRules

    three = [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}]
    two = [{"kind": "me"}, {"kind": "open"}]
    from cards.registry import GAMES

    first, second, third = (g.key for g in sorted(GAMES, key=lambda g: g.order)[:3])
    rules = HostRules(first)
    rules.clock_ms = 60_000
    rules.hints = False
    hosts = (  # three of the registry's table games, one room left closed
        ("Anne", first, True, three, rules.wire(3)),
        ("Cleo", second, False, two, {}),
        ("Olga", second, True, two, {"hints": "off"}),
        ("Pip", third, True, three, {}),
    )
    for name, game, listed, seats, options in hosts:
        client = Client(hosting.here.url).connect()
        client.create(name, game, seats, options, listed=listed)
        room = client.wait_for("joined")["room"]
        _KEEP.append(client)
        if name == "Olga":  # a friend took her last seat: listed as full
            friend = Client(hosting.here.url).connect()
            friend.join("Dan", room)
            friend.wait_for("joined")
            _KEEP.append(friend)
    _online(app)
    join = JoinScene(app)
    app.stack.push(join)
    _type(app, join, "your name", "Bea")
    _type(app, join, "address", str(hosting.here))
    join.found = [Found("Skully on Max's laptop", "192.168.1.23", 8765, __version__, PROTOCOL)]
    join.looked = True
    _press(app, join, "Open rooms at this address")
    _until(app, lambda: app.stack.top is join and bool(join.open_rooms))
    app.run_frames(2)
    _KEEP.append(hosting)


@screen("online-lobby-open-room")
def _online_lobby_open_room(app: App) -> None:
    """The host's lobby of a room Anne left open: it says it is listed."""
    from skully_game.scenes.online.lobby import LobbyScene

    _quick_server()
    host = _host_page(app)
    row = next(w for w in host.widgets.widgets if w.label == "Open room")
    row.set_value(True)
    row.on_change(row.value)
    _press(app, host, "Host game")
    _until(app, lambda: isinstance(app.stack.top, LobbyScene))
    lobby = app.stack.top
    _until(app, lambda: lobby.link.lobby is not None)
    app.run_frames(2)


from skully_game.scenes.online import watchdemos  # noqa: E402,F401  (the spectators' screens)

__all__ = ["DEMOS"]
