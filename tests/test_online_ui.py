"""Play online from the program, on the loopback address: a person hosts from the menu (the server
runs inside the program), a friend in another window joins with the address and room code
typed in, the host starts and both sit at the Skully table; a whole game is played there
against a friend at another desk and a computer player, every shot shown by simulating the same
flick and ending on the server's caps, and kept afterwards as a Skully replay; a connection that
drops comes back by itself to the game where it is. Errors are said in a player's words."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from skully_game.net.client import Client
from skully_game.net.scripted import ScriptedPerson
from skully_game.net.server import ServerConfig, ServerThread
from skully_game.scenes.online import link as link_module
from skully_game.scenes.online.link import Address, Hosting, Link, open_room, parse_address
from skully_game.shell.app import App
from skully_game.skully.ai import Planner
from skully_game.skully.rules.state import PLACEMENTS
from skully_game.skully.session import KeepAction, PlaceAction, SwitchAction
from skully_game.skully.skill import level
from tests.ui_helpers import click, ev, flick_towards, key, make_app

QUICK = ServerConfig(port=0, quick=True, pace=0.0)


@pytest.fixture(autouse=True)
def _quick_hosting(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game hosted here listens on a free port with quick computer players; and nothing is
    ever looked for on the network."""
    from skully_game.net import mdns

    monkeypatch.setattr(link_module, "HOST_PORT", 0)
    monkeypatch.setattr(link_module, "HOST_CONFIG", QUICK)

    def no_network(*args: Any, **kw: Any) -> Any:
        raise AssertionError("the tests never look on the network")

    monkeypatch.setattr(mdns, "browse", no_network)
    monkeypatch.setattr(mdns, "Announcer", no_network)


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(QUICK).start()
    yield srv
    srv.stop()


def until(apps: list[App], done: Callable[[], bool], seconds: float = 10.0, step=None) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if done():
            return True
        if step is not None:
            step()
        for app in apps:
            app.tick()
        time.sleep(0.001)
    return done()


def press(app: App, label: str) -> None:
    scene = app.stack.top
    button = next(w for w in scene.widgets.widgets if w.label == label)
    click(app, button.rect.center)


def type_into(app: App, label: str, text: str) -> None:
    scene = app.stack.top
    field = next(w for w in scene.widgets.widgets if w.label == label)
    click(app, field.rect.center)
    app.dispatch(key(pygame.K_a, pygame.KMOD_CTRL))
    app.dispatch(ev(pygame.TEXTINPUT, text=text))
    app.dispatch(key(pygame.K_RETURN))


def at_menu() -> App:
    from skully_game.scenes.menu import MenuScene

    app = make_app()
    app.stack.push(MenuScene(app))
    return app


def open_online(app: App) -> None:
    from skully_game.scenes.online.menu import PlayOnlineScene

    press(app, "Play online")
    assert isinstance(app.stack.top, PlayOnlineScene)


def test_a_friend_joins_through_the_pages_and_both_reach_the_table():
    from skully_game.scenes.online.lobby import LobbyScene
    from skully_game.scenes.online.skully import OnlineSkullyScene

    anne, bea = at_menu(), at_menu()
    open_online(anne)
    press(anne, "Host a game")
    type_into(anne, "your name", "Anne")
    press(anne, "Host game")
    assert until([anne], lambda: isinstance(anne.stack.top, LobbyScene))
    host_lobby = anne.stack.top
    assert until([anne], lambda: bool(host_lobby.link.seats()))
    address, room = str(host_lobby.link.hosting.here), host_lobby.link.room
    assert host_lobby.link.hosting.config.host == "127.0.0.1"  # this machine only, by default

    open_online(bea)
    press(bea, "Join a game")
    type_into(bea, "your name", "Bea")
    type_into(bea, "address", address)
    type_into(bea, "room code", room.lower().replace("-", " "))  # typed loosely; Enter joins
    assert until([bea], lambda: isinstance(bea.stack.top, LobbyScene))
    guest_lobby = bea.stack.top

    def both_seated() -> bool:
        return [s["name"] for s in host_lobby.link.seats()] == ["Anne", "Bea"]

    assert until([anne, bea], both_seated)
    anne.tick()
    start = next(w for w in host_lobby.widgets.widgets if w.label == "Start game")
    assert start.enabled  # every seat taken: the host may start
    assert "Start game" not in [w.label for w in guest_lobby.widgets.widgets]  # the host starts
    # the keyboard: Enter starts the game at the host's, and never leaves the room anywhere
    focused = host_lobby.widgets.widgets[host_lobby.widgets.focus]
    assert focused.label == "Start game"
    assert guest_lobby.widgets.focus == -1
    bea.dispatch(key(pygame.K_RETURN))
    assert bea.stack.top is guest_lobby
    anne.dispatch(key(pygame.K_RETURN))
    assert until(
        [anne, bea],
        lambda: (
            isinstance(anne.stack.top, OnlineSkullyScene)
            and isinstance(bea.stack.top, OnlineSkullyScene)
        ),
    )
    tables = [anne.stack.top, bea.stack.top]
    assert [t.me for t in tables] == [0, 1]
    assert [p.name for p in tables[1].state.players] == ["Anne", "Bea"]
    # leaving the table goes back to Play online, not to the Host or Join page
    assert type(bea.stack.scenes[-2]).__name__ == "PlayOnlineScene"
    # the host's window close asks first (the game would end for Bea); a guest's closes at once
    anne.dispatch(pygame.event.Event(pygame.QUIT))
    assert anne.running and "ends it for everyone" in anne.stack.top.detail
    anne.dispatch(key(pygame.K_n))
    assert anne.running and anne.stack.top is tables[0]
    bea.dispatch(pygame.event.Event(pygame.QUIT))
    assert not bea.running
    for app in (bea, anne):
        app.stack.clear()


def _seated(url: str) -> tuple[Link, ScriptedPerson]:
    """Anne (this app's seat) hosts on `url`; Bea, a scripted friend, joins; a computer plays
    the third seat; Anne starts."""
    seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "computer", "level": "perfect"}]
    first = {"type": "create", "name": "Anne", "game": "skully", "seats": seats}
    link = open_room(parse_address(url.removeprefix("ws://")), "Anne", first)
    assert isinstance(link, Link)
    guest = Client(url).connect()
    guest.join("Bea", link.room)
    guest.wait_for("joined")
    link.start()
    return link, ScriptedPerson(guest, random.Random(2))


def _table(app: App, link: Link, bea: ScriptedPerson):
    from skully_game.scenes.online.skully import OnlineSkullyScene

    assert until([], lambda: link.unread(link.poll()) or link.setup is not None, step=bea.step)
    table = OnlineSkullyScene(app, link)
    app.stack.push(table)
    table.table.speedup = 60.0
    return table


def play_my_turn(table, planner: Planner) -> None:
    """This seat's move, made the way the table's own input makes it (its hooks)."""
    who = table.actor()
    if who != table.me or not table.plays_here(who) or table.table.busy or table.queue:
        return
    top = table.app.stack.top
    if top is not table and type(top).__name__ != "KeepDialog":
        return
    state = table.state
    if state.pending or state.offers:
        session = table.mirror.copy()
        count = len(session.actions)
        planner.decide(session)
        if len(session.actions) > count:
            action = session.actions[-1]
            if isinstance(action, PlaceAction):
                if not state.pending:  # an offer: taken up first, as its button does
                    table.take_offer(next(o for o in state.offers if o.kind in PLACEMENTS))
                table.place(action.at)
            elif isinstance(action, KeepAction):  # the dialog asks; its button answers
                press(table.app, "Leave it there" if action.keep else "Put it back")
            elif isinstance(action, SwitchAction):
                table.switch(action.cap)
            return
    if state.can_shoot:
        flick, _ = planner.flick(table.mirror.copy())
        table.table.on_flick(flick, False)


def test_a_whole_skully_game_online_ends_on_the_servers_caps_and_is_kept_as_a_replay(server):
    from skully_game.scenes.skully.dialogs import GameOverScene
    from skully_game.skully.session import load_session

    app = at_menu()
    link, bea = _seated(server.url)
    table = _table(app, link, bea)
    # Anne puts her cap down with the keys, then shoots with the mouse, as a person does
    assert until(
        [app], lambda: table.plays_here(0) and table._placement() is not None, 10, bea.step
    )
    app.dispatch(key(pygame.K_RETURN))
    assert until([app], lambda: table.plays_here(0) and table.state.can_shoot, 10, bea.step)
    flick_towards(app, table.table, 0, table._aim_point(0), 0.5)
    assert table.sent  # the flick went to the server; the table waits for its shot
    assert until([app], lambda: table.state.shots == 1, 10, bea.step)

    planner = Planner(level("perfect"), random.Random(5), samples=1)

    def step() -> None:
        bea.step()
        play_my_turn(table, planner)

    assert until([app], lambda: isinstance(app.stack.top, GameOverScene), 60, step)
    assert table.state.over and bea.over
    shots = table.state.shots
    assert table.replayed == shots and table.mismatches == 0  # every shot shown ended right
    kept = load_session(table.path)  # the server's whole record, kept as a Skully replay
    assert len(kept.actions) == len(table.session.actions)
    assert kept.seed != 0  # the record handed out at the end has what the setup kept back
    assert kept.state.winner == table.state.winner
    app.stack.clear()
    assert link.leaving


class SlowClient(Client):
    """A connection that takes a moment to make, as across a real network: the table is seen
    saying the game was lost before the link is back (loopback would win that race)."""

    def connect(self) -> Client:
        time.sleep(0.4)
        return super().connect()


def test_a_dropped_connection_comes_back_to_the_game_where_it_is(server, monkeypatch):
    app = at_menu()
    host = Client(server.url).connect()
    host.create("Anne", "skully", [{"kind": "me"}, {"kind": "open"}])
    room = host.wait_for("joined")["room"]
    anne = ScriptedPerson(host, random.Random(1))
    first = {"type": "join", "name": "Bea", "room": room}
    link = open_room(parse_address(server.url.removeprefix("ws://")), "Bea", first)
    assert isinstance(link, Link)
    host.start()
    table = _table(app, link, anne)
    planner = Planner(level("perfect"), random.Random(7), samples=1)

    def step() -> None:
        anne.step()
        play_my_turn(table, planner)

    assert until([app], lambda: table.state.shots >= 4, 30, step)
    monkeypatch.setattr(link_module, "Client", SlowClient)  # coming back takes a moment
    link.client.kill()  # the network drops, no goodbye
    assert until([app], lambda: bool(link.status), 15, anne.step)  # (a loaded machine: seconds)
    assert "lost" in table._prompt()  # the table says so
    assert until([app], lambda: link.connected and link.retries >= 1, 10, anne.step)
    shots = table.state.shots
    assert until([app], lambda: table.state.shots >= shots + 3 or table.state.over, 30, step)
    assert until([app], lambda: not table.queue and not table.table.busy, 5, anne.step)
    played = len(table.session.actions)
    # Anne's copy reaches every action played here (she may play on past it meanwhile)
    assert until([], lambda: len(anne.mirror.session.actions) >= played, 15, anne.step)
    assert anne.mirror.session.actions[:played] == table.session.actions[:played]
    assert table.mismatches == 0
    app.stack.clear()
    host.close()


@pytest.mark.parametrize(
    ("address", "code", "said"),
    [
        ("127.0.0.1:9", "K7PMQ-X4R2T", "Could not reach 127.0.0.1:9: nobody answered"),
        ("", "K7PMQ-X4R2T", "Type the address"),
        ("127.0.0.1:99999", "K7PMQ-X4R2T", "a number from 1 to 65535"),
        ("127.0.0.1:9", "K7PMQ", "A room code has 10 letters and digits"),
    ],
)
def test_a_join_that_cannot_work_says_why_in_one_line(address, code, said):
    from skully_game.scenes.online.join import JoinScene

    app = at_menu()
    open_online(app)
    press(app, "Join a game")
    join = app.stack.top
    type_into(app, "your name", "Bea")
    type_into(app, "address", address)
    type_into(app, "room code", code)  # Enter there joins
    assert until([app], lambda: app.stack.top is join and bool(join.message), 10)
    assert isinstance(app.stack.top, JoinScene)
    assert said in join.message and "\n" not in join.message
    assert "Error" not in join.message and "ws://" not in join.message


def test_a_wrong_room_code_is_said_in_words(server):
    result = open_room(
        parse_address(server.url[5:]), "Bea", {"type": "join", "name": "Bea", "room": "K7PMQ-X4R2T"}
    )
    assert result == "There is no room with that code here"


def test_every_page_is_reached_and_left_by_keys():
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.online.host import HostScene
    from skully_game.scenes.online.join import JoinScene
    from skully_game.scenes.online.menu import PlayOnlineScene

    app = at_menu()
    menu = app.stack.top
    labels = [w.label for w in menu.widgets.widgets]
    menu.widgets.focus = labels.index("Play online")
    app.dispatch(key(pygame.K_RETURN))
    assert isinstance(app.stack.top, PlayOnlineScene)
    app.dispatch(key(pygame.K_RETURN))  # the focus starts on Host a game
    assert isinstance(app.stack.top, HostScene)
    app.dispatch(key(pygame.K_ESCAPE))
    app.dispatch(key(pygame.K_DOWN))
    app.dispatch(key(pygame.K_RETURN))
    assert isinstance(app.stack.top, JoinScene)
    app.dispatch(key(pygame.K_ESCAPE))
    app.dispatch(key(pygame.K_ESCAPE))
    assert isinstance(app.stack.top, MenuScene)


def test_host_offers_only_the_games_that_play_online():
    from cards.registry import GAMES
    from skully_game.scenes.online.games import online_games

    app = at_menu()
    open_online(app)
    press(app, "Host a game")
    game = next(w for w in app.stack.top.widgets.widgets if w.label == "Game")
    assert [title for _, title in game.options] == [g.title for g in online_games()]
    assert [g.key for g in online_games()] == ["skully", *(g.key for g in GAMES if g.table)]


def skull_through_the_pages(anne: App, bea: App) -> tuple[Any, Any]:
    """Anne hosts Skull from Host a game, Bea joins it from Join a game with the address and the
    room code the lobby shows, and Anne starts it: their two tables."""
    from skully_game.scenes.online.cards import online_table_class

    OnlineSkullTable = online_table_class("skull")
    from skully_game.scenes.online.games import online_game
    from skully_game.scenes.online.lobby import LobbyScene

    open_online(anne)
    press(anne, "Host a game")
    type_into(anne, "your name", "Anne")
    game = next(w for w in anne.stack.top.widgets.widgets if w.label == "Game")
    game.set_value(online_game("skull"))
    game.on_change(game.value)  # as a click on its arrows does
    anne.tick()
    press(anne, "Host game")
    assert until([anne], lambda: isinstance(anne.stack.top, LobbyScene))
    lobby = anne.stack.top
    assert until([anne], lambda: bool(lobby.link.seats()))
    assert lobby.link.game == "skull"
    open_online(bea)
    press(bea, "Join a game")
    type_into(bea, "your name", "Bea")
    type_into(bea, "address", str(lobby.link.hosting.here))
    type_into(bea, "room code", lobby.link.room)  # Enter there joins
    assert until([anne, bea], lambda: "Bea" in [s["name"] for s in lobby.link.seats()])
    anne.tick()
    press(anne, "Start game")
    assert until(
        [anne, bea],
        lambda: (
            isinstance(anne.stack.top, OnlineSkullTable)
            and isinstance(bea.stack.top, OnlineSkullTable)
        ),
    )
    return anne.stack.top, bea.stack.top


def test_a_table_game_hosted_from_the_pages_opens_its_table_on_both_machines():
    anne, bea = at_menu(), at_menu()
    skull_through_the_pages(anne, bea)
    for app in (bea, anne):
        app.stack.clear()


def pick(app: App, label: str, value: Any) -> None:
    """A row of choices set as clicks on its arrows do."""
    row = next(w for w in app.stack.top.widgets.widgets if w.label == label)
    row.set_value(value)
    row.on_change(row.value)
    app.tick()


def hosting_page(game: str) -> App:
    from skully_game.scenes.online.games import online_game

    app = at_menu()
    open_online(app)
    press(app, "Host a game")
    type_into(app, "your name", "Anne")
    pick(app, "Game", online_game(game))
    return app


def test_a_skull_king_game_hosted_with_a_rule_option_is_played_with_it():
    from skully_game.scenes.online.cards import online_table_class

    OnlineSkullKingTable = online_table_class("skull-king")
    from skully_game.scenes.online.host import KINDS
    from skully_game.scenes.online.lobby import LobbyScene

    anne = hosting_page("skull-king")
    rows = ["Rounds", "Scoring", "Cannonball (Rascal)", "Pirate powers", "Advanced cards",
            "After the Kraken", "Greybeard (2 players)"]  # fmt: skip
    shown = [w.label for w in anne.stack.top.widgets.widgets if w.label in rows]
    assert shown == rows  # the desk setup's rule rows, in its order
    pick(anne, "Advanced cards", True)
    pick(anne, "Cannonball (Rascal)", True)  # as at the desk: the scoring follows, Rascal
    kind = next(
        w for w in anne.stack.top.widgets.widgets if getattr(w, "options", None) == list(KINDS)
    )
    kind.set_value("computer")
    kind.on_change(kind.value)  # seat 2: a computer player
    press(anne, "Host game")
    assert until([anne], lambda: isinstance(anne.stack.top, LobbyScene))
    lobby = anne.stack.top
    assert until([anne], lambda: bool(lobby.link.seats()))
    (room,) = lobby.link.hosting.thread.server.rooms.values()  # this machine's server's
    press(anne, "Start game")
    assert until([anne], lambda: isinstance(anne.stack.top, OnlineSkullKingTable))
    assert room.game is not None
    assert room.game.options.advanced_cards is True  # the server deals with the host's rules
    assert room.game.options.pirate_powers is False
    assert room.game.options.cannonball is True
    assert room.game.options.scoring.value == "rascal"
    anne.stack.clear()


def test_host_keeps_the_rules_right_as_seats_come_and_go():
    from skully_game.scenes.online.games import online_game

    anne = hosting_page("skirrid")
    host = anne.stack.top
    pick(anne, "Pairs (4 players)", True)
    assert "not possible with 2 players" in host.message  # and the row stays Off
    assert host.create_message()["options"]["pairs"] is False
    press(anne, "Add seat")
    press(anne, "Add seat")
    assert host.create_message()["options"]["pairs"] is True  # four seats: the pairs come back
    assert host.message == ""
    pick(anne, "Game", online_game("skip-bo"))
    assert host.game.key == "skip-bo"
    partners = next(w for w in host.widgets.widgets if w.label.startswith("Partners"))
    assert not partners.enabled and partners.options[partners.index][1] == "Not with 2 players"
    anne.stack.clear()


def test_a_refused_rule_reaches_the_host_as_one_line_naming_the_row(monkeypatch):
    from skully_game.scenes.online.hostrules import HostRules

    monkeypatch.setattr(HostRules, "wire", lambda self, players: {"cannonball": True})
    anne = hosting_page("skull-king")
    host = anne.stack.top
    press(anne, "Host game")
    assert until([anne], lambda: anne.stack.top is host and bool(host.message), seconds=10)
    assert host.message == "Cannonball (Rascal): only with Rascal scoring"
    anne.stack.clear()


def test_a_game_hosted_for_the_network_listens_beyond_this_machine():
    hosting = Hosting(lan=True, port=0, config=QUICK)
    assert hosting.config.host == "0.0.0.0"
    assert Hosting(port=0, config=QUICK).config.host == "127.0.0.1"
    assert str(Address("192.168.1.20")) == "192.168.1.20:8765"
    assert parse_address("ws://anne-pc:9000/") == Address("anne-pc", 9000)


def test_a_friend_whose_program_closed_takes_the_seat_back_from_the_join_page(server):
    from skully_game.scenes.online.skully import OnlineSkullyScene

    host = Client(server.url).connect()
    host.create("Anne", "skully", [{"kind": "me"}, {"kind": "open"}])
    room = host.wait_for("joined")["room"]
    anne = ScriptedPerson(host, random.Random(1))
    bea = at_menu()
    open_online(bea)
    press(bea, "Join a game")
    type_into(bea, "your name", "Bea")
    type_into(bea, "address", server.url.removeprefix("ws://"))
    type_into(bea, "room code", room)  # Enter there joins
    assert until([bea], lambda: type(bea.stack.top).__name__ == "LobbyScene", step=anne.step)
    host.start()
    assert until([bea], lambda: isinstance(bea.stack.top, OnlineSkullyScene), step=anne.step)
    table = bea.stack.top
    planner = Planner(level("perfect"), random.Random(3), samples=1)

    def step() -> None:
        anne.step()
        play_my_turn(table, planner)

    assert until([bea], lambda: table.state.shots >= 3, 20, step)
    bea.stack.clear()  # the program is closed mid-game; the seat is kept for the grace
    again = at_menu()
    open_online(again)
    press(again, "Join a game")
    back = next(w for w in again.stack.top.widgets.widgets if w.label.startswith("Back to your"))
    assert room in back.label
    click(again, back.rect.center)
    assert until([again], lambda: isinstance(again.stack.top, OnlineSkullyScene), step=anne.step)
    table = again.stack.top
    assert until(
        [again],
        lambda: len(table.session.actions) == len(anne.mirror.session.actions),
        5,
        anne.step,
    )
    assert table.me == 1 and table.state.shots >= 3  # the game where it is, not a new one
    again.stack.clear()
    host.close()
