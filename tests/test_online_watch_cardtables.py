"""A card game's spectator watches at the game's own table (issue 43): Skull King, Skip-Bo and
Skirrid, watched from a real server on 127.0.0.1 to the game's end, draw their table with
nobody's hand. The spy: no frame the spectator received and no card face or text its table drew
holds anything a seat keeps secret, at any move; keys and clicks send the server nothing (it
closes a spectator that sends); once the game is over the whole record, every hand, is kept."""

from __future__ import annotations

import json
from typing import Any

import pygame
import pytest

from cards import registry
from skully_game.net.spy import RECORD, Tap, card_leaks, public_knowledge
from skully_game.scenes.cardtable import secrecy
from skully_game.scenes.online import publicgame
from skully_game.scenes.online.watchtable import WatchedTable
from tests.test_online_ui import at_menu, until
from tests.test_online_watch_table import _page, _people, _watch, server  # noqa: F401
from tests.ui_helpers import ev

WATCHED = [g.key for g in registry.GAMES if g.table and publicgame.watchable(g.key)]


def _state_at(record: dict[str, Any], key: str, moves: int) -> Any:
    """The true game after `moves` of the record's actions (every hand in it)."""
    entry = registry.game(key).entry()
    game = record["game"]
    state = entry.new_state(entry.state.OPTIONS.from_dict(dict(game["options"])), game["seed"])
    state.listen()
    for action in game["actions"][: max(0, moves)]:
        state.apply_action(action)
    return state


def _states_along(record: dict[str, Any], key: str) -> Any:
    """`_state_at` for moves asked in rising order, each from the last (not from the start:
    a whole game's moves replayed from the start at each one cost seconds)."""
    state = _state_at(record, key, 0)
    actions = record["game"]["actions"]
    done = [0]

    def at(moves: int) -> Any:
        for action in actions[done[0] : max(0, moves)]:
            state.apply_action(action)
        done[0] = max(done[0], min(len(actions), max(0, moves)))
        return state

    return at


def _strings(value: Any) -> set[str]:
    out: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return out


SHORT = {  # the same kinds of moves in a shorter game: the suite keeps under five minutes
    "skull-king": {"round_plan": "whirlpool"},  # 25 cards a seat, not 55
    "skip-bo": {"stock": 10},  # 10 stock cards each, not 30
}


def _watch_to_the_end(
    url: str, key: str, upto: Any = None
) -> tuple[Any, Tap, list[tuple[int, list[Any]]], dict]:
    """`key` watched to its end at its table: the table, the spectator's frames, what the table
    drew after each update (with its move), and the record the spectator kept. (Skull King as
    its shorter round plan: the whole suite keeps under five minutes.) With `upto` (the
    server), only the first dozen moves are watched and the record is the server's: enough
    for a check that must catch a leak once."""
    seated, people = _people(url, key, SHORT.get(key))
    tap = Tap(None)
    app = at_menu()
    _page(app, _watch(url, seated.host.room or "", tap))

    def both() -> None:
        for person in people:
            person.step()

    assert until([app], lambda: isinstance(app.stack.top, WatchedTable), 20, step=both)
    table = app.stack.top
    seen: list[tuple[int, list[Any]]] = []
    drawn_at = [-1]
    pressed = [False]

    def step() -> None:
        both()
        for _ in range(3):  # (the table's flights at four times the pace: the same moves)
            app.tick()
        move = table.shadow.turn.move
        if move != drawn_at[0]:
            drawn_at[0] = move
            things: list[Any] = []
            with secrecy.spying(things.append, table.game):
                app.draw(1.0)
            seen.append((move, things))
        if move > 6 and not pressed[0]:  # keys and clicks: nothing is played or sent
            pressed[0] = True
            for k in (pygame.K_TAB, pygame.K_SPACE, pygame.K_RETURN, pygame.K_TAB):
                app.dispatch(ev(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
            w, h = app.size
            for at in ((w // 2, h - 60), (w // 2, h // 2), (100, 100)):
                app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
                app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=at, button=1))

    if upto is not None:
        assert until([app], lambda: table.shadow.turn.move >= 12, 60, step=step)
        record = next(iter(upto.server.rooms.values())).game.record()
    else:
        done = until(
            [app], lambda: table.shadow.turn.over and table.saved is not None, 180, step=step
        )
        assert done, f"{key}: the game was not watched to its end ({table.shadow.turn.move} moves)"
        record = json.loads(table.saved.read_text(encoding="utf-8"))
    assert pressed[0] and not table.watch.lost and table.watch.connected  # never closed
    for client in (seated.host, seated.guest):
        client.close()
    return table, tap, seen, record


def _face_leaks(key: str, seen: list[tuple[int, list[Any]]], record: dict) -> list[str]:
    """Card faces drawn while they lay in a hand nobody else knows, and any private item."""
    found = [f"move {m}: {s}" for m, things in seen for s in things if secrecy.leak(s)]
    found += [f"move {m}: {s} for a seat" for m, t in seen for s in t if s.viewer is not None]
    states = _states_along(record, key)
    for move, things in seen:
        state = states(move)
        hands = getattr(state, "hands", None)
        if not hands or key == "skip-bo":  # numbers: the frames' spy checks them (card_leaks)
            continue
        public = _strings(public_knowledge(state))
        held = {c for hand in hands for c in hand if isinstance(c, str)} - public
        found += [f"move {move}: {s.item} drawn from a hand" for s in things
                  if s.kind == "card" and s.item in held]  # fmt: skip
    return found


@pytest.mark.slow
@pytest.mark.parametrize("key", WATCHED)
def test_a_card_game_is_watched_at_its_table_with_no_hand(server, key):  # noqa: F811
    table, tap, seen, record = _watch_to_the_end(server.url, key)
    assert table.humans == [] and getattr(table, "hand_layout", list)() == []
    assert len(seen) > 5 and any(f.startswith(RECORD) for f in tap.frames)
    assert card_leaks([tap], record, key) == []
    assert _face_leaks(key, seen, record) == []
    if hasattr(table, "hand_layout"):  # a board game draws no card faces
        assert sum(s.kind == "card" for _, things in seen for s in things) > 5
    assert record["over"] and len(record["game"]["actions"]) >= table.shadow.turn.move - 1


def test_every_table_game_is_watched_at_its_table():
    assert len(WATCHED) == 4 and [g.key for g in registry.GAMES if g.table] == WATCHED


def test_the_face_spy_finds_a_hand_drawn_at_a_spectators_table(server, monkeypatch):  # noqa: F811
    """The check can fail: a spectator's table that showed its seat's hand is caught."""
    monkeypatch.setattr(WatchedTable, "secrets_hidden", lambda self: False)
    monkeypatch.setattr(WatchedTable, "seeing", lambda self: self.viewer)
    _, _, seen, record = _watch_to_the_end(server.url, "skull-king", upto=server)
    assert any("for a seat" in leak for leak in _face_leaks("skull-king", seen, record))


def test_the_face_spy_finds_a_true_hand_drawn_as_everyones(server, monkeypatch):  # noqa: F811
    """...and so is a table drawing, as everyone's, a hand a server told (here: Anne's true
    hand put in the made-up one's place, and the hand drawn as a public screen's)."""
    made_up = publicgame.fill("skull-king")
    assert made_up is not None

    def told(data: dict[str, Any], rng: Any) -> None:
        made_up(data, rng)
        rooms = list(server.server.rooms.values())
        game = rooms[0].game if rooms else None
        if game is not None and len(game.state.hands[0]) == len(data["hand"]):
            data["hand"] = list(game.state.hands[0])

    monkeypatch.setattr(publicgame, "fill", lambda key: told)
    monkeypatch.setattr(WatchedTable, "secrets_hidden", lambda self: False)
    monkeypatch.setattr(secrecy.Sight, "may_see", lambda self, owner: True)
    _, _, seen, record = _watch_to_the_end(server.url, "skull-king", upto=server)
    assert any("drawn from a hand" in leak for leak in _face_leaks("skull-king", seen, record))
