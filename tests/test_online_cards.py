"""The four table games across desks, at the same table as at one desk: a table scene on this
machine plays its seat against a real server on the loopback address, with a scripted person at
another desk and a computer player, through the scene's own act path to the game's end. A draw
spy on the table watches every card face and text it draws, and finds none of another seat's
cards that this seat may not see (judged against the server's true game, replayed from the full
record handed out at the end)."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from cards import registry
from skully_game.core.games import scene_package
from skully_game.core.saves import saves_folder
from skully_game.net.scripted import ScriptedPerson, run, seat_three
from skully_game.net.server import ServerConfig, ServerThread
from skully_game.net.wire import to_wire
from skully_game.scenes.cardtable import secrecy
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.cardtable.secrecy import EVERYONE, UNOWNED, Seen
from skully_game.scenes.cardtable.spykit import SpyHooks, spy_hooks
from skully_game.scenes.online.cards import SENDING, TableLink, card_table_scene
from tests.ui_helpers import make_app

ROOT = Path(__file__).resolve().parents[1]
GAMES = [info.key for info in registry.GAMES if info.table]


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(ServerConfig(port=0, quick=True, pace=0.0)).start()
    yield srv
    srv.stop()


@dataclass
class Desk:
    """This machine's table (Anne hosts), Bea scripted at another desk, a computer player."""

    app: Any
    table: Any
    bea: ScriptedPerson
    frames: list[tuple[int, list[Seen]]] = field(default_factory=list)

    def step(self) -> None:
        """Time passes: Bea reads and acts, the table reads and shows (animations finished at
        once, summaries closed, as a quick person would)."""
        self.bea.step()
        self.table.update(0.05)
        if hasattr(self.table, "settle"):
            self.table.settle()
        else:
            self.table.fade = 0.0

    def draw(self) -> None:
        seen: list[Seen] = []
        with secrecy.spying(seen.append, self.table.game):
            self.table.draw(self.app.screen, 0.5)
        self.frames.append((self.table.shadow.turn.move, seen))


def hooks(key: str) -> SpyHooks:
    """The game's own spy hooks: its quick rules, its secrets, its numbered faces."""
    return spy_hooks(scene_package(registry.game(key)))


def seat(
    server: ServerThread, key: str, grace: int | None = None, options: dict | None = None
) -> Desk:
    room = seat_three(server.url, key, options or dict(hooks(key).quick) or None, grace)
    app = make_app()
    table = card_table_scene(app, TableLink(room.host, room.setup, None, room.lobby))
    app.stack.push(table)
    table.draw(app.screen, 0.5)  # a moment's wait for the deal: said on the screen
    for _ in range(200):  # the first update comes in a moment: then the table opens
        table.update(0.01)
        if app.stack.top is not table:
            break
        time.sleep(0.005)
    table = app.stack.top
    assert hasattr(table, "shadow"), "the table did not open"
    return Desk(app, table, ScriptedPerson(room.guest, random.Random(2)))


def play(desk: Desk, rng: random.Random, seconds: float = 60.0, spy: bool = True) -> None:
    """Play Anne's seat through the table's own act path to the game's end."""
    table, end = desk.table, time.monotonic() + seconds
    while not (table.shadow.turn.over and not table.backlog):
        assert time.monotonic() < end, "the game did not finish in time"
        desk.step()
        if table.my_turn():
            table.act(rng.choice(table.shadow.turn.legal))
            assert not table.my_turn()  # sent: nothing more is taken until the server answers
        if spy:
            desk.draw()
        time.sleep(0.001)
    assert run([], lambda: desk.step() or table.saved is not None, 10)


# --- the judge ---------------------------------------------------------------------------------


def known_codes(key: str, state: Any, seat: int) -> set[str]:
    """Every card code `seat` may know at this position: in its view or its events."""
    wire = [to_wire(state.observation(seat)), to_wire(state.events_for(seat))]
    found: set[str] = set()
    stack: list[Any] = list(wire)
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            found.add(item)
    view_codes = hooks(key).view_codes  # a game whose cards are numbers spells their codes
    if view_codes is not None:
        found |= view_codes(state, seat)
    return found


def judge(desk: Desk, key: str) -> list[str]:
    """Every leak in the frames drawn, against the true game at the move each frame shows."""
    record = json.loads(Path(desk.table.saved).read_text(encoding="utf-8"))["game"]
    entry = registry.game(key).entry()
    options = entry.state.OPTIONS.from_dict(dict(record["options"]))
    state = entry.new_state(options, record["seed"])
    state.listen()
    me, applied, leaks = desk.table.shadow.seat, 0, []
    truth = hooks(key).truth
    cached: tuple[int, set[str], set[str]] = (-1, set(), set())
    for move, seen in sorted(desk.frames, key=lambda f: f[0]):
        while applied < min(len(record["actions"]), max(0, move - 1)):
            state.apply_action(record["actions"][applied])
            applied += 1
        if cached[0] != applied:
            secret = truth(state, me) if truth is not None else set()
            cached = (applied, secret, known_codes(key, state, me))
        _, secret, known = cached
        for s in seen:
            if s.viewer not in (me, EVERYONE):
                leaks.append(f"move {move}: a frame drawn for viewer {s.viewer}")
            if s.owner == UNOWNED and s.kind == "card":
                leaks.append(f"move {move}: a card face drawn past the gate: {s.item}")
            elif s.owner is not EVERYONE and s.owner != me:
                leaks.append(f"move {move}: seat {s.owner}'s {s.kind} drawn: {s.item!r}")
            if s.kind != "card":
                continue
            code = s.item.removeprefix("marker:")
            if code in secret:
                leaks.append(f"move {move}: {code}, a card only another seat knows, drawn")
            elif code not in known:
                leaks.append(f"move {move}: {code}, a card this seat does not know, drawn")
    return leaks


# --- the tests ---------------------------------------------------------------------------------


@pytest.mark.parametrize("key", GAMES)
def test_a_whole_game_at_this_desk_against_another_desk_shows_nothing_of_another_seat(server, key):
    desk = seat(server, key)
    play(desk, random.Random(3))
    table = desk.table
    assert table.game.is_over(table.state)
    assert desk.bea.moves > 0
    faces = sum(s.kind == "card" for _, seen in desk.frames for s in seen)
    if hooks(key).faces:  # a board has no card faces
        assert faces > 100  # the spy saw the table's cards
    assert judge(desk, key) == []
    # the full record, kept as a normal table save, replays at the game's own replay table;
    # the server runs on this machine: its own file is the one kept (Replays lists it once)
    assert list(saves_folder(key).glob("*.json")) == [table.saved]
    match = Match.load(table.adapter, Path(table.saved))
    assert match.game.is_over(match.state)
    assert match.game.winners(match.state) == table.game.winners(table.state)
    table.replay()
    assert desk.app.stack.top is not table
    desk.bea.client.close()


def test_the_spy_finds_a_table_that_draws_another_seats_card(server, monkeypatch):
    desk = seat(server, "skull-king")
    adapter = type(desk.table.game)

    def hand(self: Any, state: Any, viewer: int) -> list[str]:  # the next seat's hand, made up
        return list(state.hands[(viewer + 1) % state.num_players])

    monkeypatch.setattr(adapter, "hand", hand)
    play(desk, random.Random(4))
    leaks = judge(desk, "skull-king")
    assert any("does not know" in leak or "only another seat" in leak for leak in leaks)
    desk.bea.client.close()


def test_a_move_waits_for_the_server_and_a_refusal_is_said_in_words(server):
    desk = seat(server, "skull")
    table = desk.table
    assert run([], lambda: desk.step() or table.my_turn(), 10)
    sent: list[Any] = []
    real = table.client.act
    table.client.act = lambda action, move=None: (sent.append(action), real("BID:99", move))
    table.act(table.shadow.turn.legal[0])
    table.act(table.shadow.turn.legal[0])  # a second click while the first is on its way
    assert len(sent) == 1
    assert table.status_line()[0] == SENDING  # the table says the move is on its way
    assert run([], lambda: desk.step() or table.sent is None, 10)
    assert table.notice == "That is not a move in Skull."  # the server's reason, in words
    assert table.notice in [t.message for t in desk.app.toasts]
    assert table.my_turn()  # the person may try again
    desk.bea.client.close()


@pytest.mark.parametrize("key", ["skull-king", "skirrid"])
def test_other_seats_turns_are_said_and_the_host_hands_an_absent_seat_to_a_computer(server, key):
    desk = seat(server, key)
    table, bea = desk.table, desk.bea
    rng = random.Random(5)

    def hand_over() -> list[Any]:
        return [w for w in table.widgets.widgets if "omputer play" in w.label]

    assert table.hosting() and not hand_over()  # Bea is here: nothing to hand over

    def bea_to_act() -> bool:
        desk.step()
        if table.my_turn():
            table.act(rng.choice(table.shadow.turn.legal))
        busy = getattr(table, "busy", lambda: False)()  # the card tables move cards
        return table.shadow.turn.actor == 1 and not table.backlog and not busy

    bea.client.kill()  # Bea's machine dies: her seat waits for her
    assert run([], bea_to_act, 20)
    assert run([], lambda: desk.step() or (table.away(1) is not None), 10)
    said = table.someone_else()
    assert said is not None and said.startswith("Bea is away: the seat is kept for")
    assert len(hand_over()) == 1 and "Bea" in hand_over()[0].label  # the host's button
    button = hand_over()[0]
    button.on_click()
    assert run([], lambda: desk.step() or table.match.seats[1].kind != "human", 10)
    assert table.match.seats[1].kind not in ("human", "random")  # a real player takes over
    assert run([], lambda: desk.step() or table.shadow.turn.actor != 1, 10)
    assert not hand_over()  # nobody is away any more


def test_leaving_keeps_the_seat_for_the_grace_period(server):
    desk = seat(server, "skull", grace=90)
    table, bea = desk.table, desk.bea
    table.ask_leave()
    dialog = desk.app.stack.top
    assert "kept for 90 seconds" in dialog.detail
    dialog.on_yes()
    assert table.client.closed is not None
    assert run([bea], lambda: bea.lobby is not None and not bea.lobby["seats"][0]["connected"], 10)
    assert bea.lobby["seats"][0]["away"] is not None  # Anne may come back with her token
    bea.client.close()


def test_there_is_no_undo_and_nothing_is_saved_until_the_end(server):
    desk = seat(server, "skull")
    table = desk.table
    assert table.undo_target() is None
    table.undo()
    assert "No undo" in table.notice
    assert table.game_save() is None
    labels = [b.label for b in table.widgets.widgets]
    assert "Leave the table" in labels and "Save and leave" not in labels
    desk.bea.client.close()


@pytest.mark.parametrize("key", GAMES)
def test_the_online_tables_use_only_the_shared_tables_public_hooks(key):
    from skully_game.scenes.online import cards

    cls = cards.online_table_class(key)
    shared = [b for b in cls.__mro__ if b.__module__.startswith("skully_game.scenes.cardtable")]
    mine = [b for b in cls.__mro__ if b.__module__ == cards.__name__]
    assert len(mine) >= 2  # the game's online class and the mixins it is made of
    private = [
        f"{b.__qualname__}.{name}"
        for b in mine
        for name in vars(b)
        if name.startswith("_") and not name.endswith("__") and any(name in vars(s) for s in shared)
    ]
    assert private == []


def test_a_game_hosted_on_another_machine_is_kept_for_replays_here(monkeypatch):
    from skully_game.scenes.online import cards

    monkeypatch.setattr(cards, "SERVER_FILE_WAIT", 0.0)
    server = ServerThread(ServerConfig(port=0, quick=True, pace=0.0, save=False)).start()
    try:
        desk = seat(server, "skull")
        play(desk, random.Random(6), spy=False)
        kept = list(saves_folder("skull").glob("*.json"))
        assert kept == [desk.table.saved] and "-online-" in kept[0].name
        match = Match.load(desk.table.adapter, kept[0])
        assert match.game.winners(match.state) == desk.table.game.winners(desk.table.state)
        desk.bea.client.close()
    finally:
        server.stop()


def test_a_dropped_connection_comes_back_to_the_same_seat_and_the_game_finishes(server):
    desk = seat(server, "skull")
    table, rng = desk.table, random.Random(7)
    first = table.client
    assert run([], lambda: desk.step() or table.my_turn(), 10)
    table.act(rng.choice(table.shadow.turn.legal))
    first.kill()  # the line drops, a move on its way
    assert run([], lambda: desk.step() or table.lost != "", 10)
    assert table.status_line()[0].startswith("The connection dropped: joining the table again")
    assert run([], lambda: desk.step() or (table.client is not first and not table.lost), 15)
    play(desk, rng, spy=False)  # the server's catch-up, then on to the end
    assert table.game.is_over(table.state) and table.saved is not None
    desk.bea.client.close()


@pytest.mark.parametrize("hints", ["on", "off"])
def test_the_host_decides_whether_the_table_gives_hints(server, hints):
    from skully_game.scenes.online.hostrules import HostRules

    rules = HostRules("skull")
    assert ("Hints", [(True, "On"), (False, "Off")], True, "hints", "") in rules.rows(3)
    rules.choose("hints", hints == "on", 3)
    wire = rules.wire(3)
    assert wire["hints"] == hints
    desk = seat(server, "skull", options=wire)
    table = desk.table
    assert table.match.hints is (hints == "on")
    button = next(b for b in table.widgets.widgets if b.label == "Hint")
    assert ("H:" in button.tooltip) is (hints == "on")
    for _ in range(400):  # to this seat's turn
        if table.my_turn():
            break
        table.update(0.01)
        time.sleep(0.005)
    assert table.my_turn(), "the host places first"
    if hints == "on":
        table.ask_hint()
        for _ in range(400):
            table.update(0.01)
            if table.hinted is not None:
                break
            time.sleep(0.005)
        assert table.hinted is not None and table.hinted.action in table.state.legal_actions()
    elif hints == "off":
        table.ask_hint()
        assert table.hinted is None and table.notice == table.HINTS_OFF
    desk.bea.client.close()
