"""A player's chat box keeps what was said (issue 43): the last lines with who said them, the
wheel scrolling back through earlier ones, and never a line a muted person said once muted
(not even one that was on its way when they were muted)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from skully_game.scenes.online.chat import Chat, ChatDialog
from skully_game.shell.scene import Scene
from tests.ui_helpers import drawn_texts, make_app


class Wire:
    """The table's connection, as far as chat uses it: what it was told to do."""

    def __init__(self) -> None:
        self.told: list[tuple[Any, ...]] = []

    def say(self, text: str | None = None, line: str | None = None) -> None:
        self.told.append(("say", text, line))

    def mute(self, seat: Any = None, muted: bool = True, watcher: str | None = None) -> None:
        self.told.append(("mute", seat, watcher, muted))


def said(seat: int | None, name: str, text: str, watcher: str | None = None) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "chat", "name": name, "text": text}
    if seat is not None:
        message["seat"] = seat
    if watcher is not None:
        message["watcher"] = watcher
    return message


def test_the_box_shows_the_last_lines_with_who_said_them(monkeypatch) -> None:
    app = make_app((1024, 640))
    wire = Wire()
    chat = Chat(lambda: wire)
    chat.heard(app, said(1, "Bea", "Good luck!"), at_seats=True)
    chat.heard(app, said(0, "Anne", "Thanks!"), at_seats=True)
    chat.heard(app, said(None, "Cy", "go Bea", watcher="Cy"))
    chat.open(app, [(1, "Bea")])
    texts = drawn_texts(app, monkeypatch)
    assert [t for t in texts if ": " in t and not t.startswith("Text only")] == [
        "Bea: Good luck!",
        "Anne: Thanks!",
        "(watching) Cy: go Bea",
    ]
    box = app.stack.top
    assert isinstance(box, ChatDialog) and box.shows == 6


def test_older_lines_scroll_back_and_the_newest_show_first(monkeypatch) -> None:
    app = make_app()
    chat = Chat(lambda: Wire())
    for k in range(9):
        chat.heard(app, said(1, "Bea", f"line {k + 1}"), at_seats=True)
    chat.open(app, [(1, "Bea")])
    box = app.stack.top
    assert box.shown_lines() == [f"Bea: line {k}" for k in range(4, 10)]
    assert "3 earlier lines: wheel up" in drawn_texts(app, monkeypatch)
    app.dispatch(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=10, flipped=False))
    assert box.shown_lines() == [f"Bea: line {k}" for k in range(1, 7)]  # no further back
    app.dispatch(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    assert box.shown_lines()[0] == "Bea: line 2"


def test_a_muted_persons_lines_never_show(monkeypatch) -> None:
    app = make_app()
    wire = Wire()
    chat = Chat(lambda: wire)
    chat.heard(app, said(1, "Bea", "before"), at_seats=True)
    chat.mute(1, True)
    assert ("mute", 1, None, True) in wire.told
    chat.heard(app, said(1, "Bea", "on its way"), at_seats=True)  # sent before the mute arrived
    chat.heard(app, said(2, "Cal", "hello"), at_seats=True)
    assert chat.said[1][0] == "before"  # no bubble for the late line
    assert chat.history() == ["Bea: before", "Cal: hello"]  # her earlier line stays
    chat.open(app, [(1, "Bea"), (2, "Cal")])
    assert not any("on its way" in t for t in drawn_texts(app, monkeypatch))


def test_an_empty_box_says_nobody_has_spoken(monkeypatch) -> None:
    app = make_app((1024, 640))
    Chat(lambda: Wire()).open(app, [(k, f"P{k}") for k in range(1, 8)])
    box = app.stack.top
    assert "Nobody has said anything yet." in drawn_texts(app, monkeypatch)
    assert box.box.bottom <= 640 and box.box.top >= 0  # seven others: it still fits


class Table(Scene):
    """The table under the box, as far as the box uses it: time passes, lines come in."""

    def __init__(self, app: Any, chat: Chat) -> None:
        super().__init__(app)
        self.chat, self.passed = chat, 0.0

    def update(self, dt: float) -> None:
        self.passed += dt
        if self.passed > 0.1 and not self.chat.lines:  # Bea answers while the box is open
            self.chat.heard(self.app, said(1, "Bea", "you too!"), at_seats=True)


def test_the_table_goes_on_under_the_box_and_new_lines_show_in_it(monkeypatch) -> None:
    app = make_app()
    chat = Chat(lambda: Wire())
    table = Table(app, chat)
    app.stack.push(table)
    chat.open(app, [(1, "Bea")])
    for _ in range(3):
        app.stack.update(0.05)
    assert table.passed == pytest.approx(0.15)  # not frozen while the box is open
    assert app.stack.top.shown_lines() == ["Bea: you too!"]
    assert "Bea: you too!" in drawn_texts(app, monkeypatch)
