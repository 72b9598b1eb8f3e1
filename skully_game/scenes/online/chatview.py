"""Chat as a spectator sees it: every line said at the table, read in a box like the players'
own (C, or the Chat button), with a mute per person, players and other spectators alike. A
spectator speaks (preset lines and a few words, as "(watching) Cy: …") only where the host
allowed it (the lobby's `watch_chat`; net/watch.py refuses a line otherwise); else the box says
in one line that they read. A mute is told to the server (the muted person's lines no longer
arrive) and kept on the page too (a line already on its way, or after a dropped line, stays
unshown)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from skully_game.net.protocol import CHAT_LINES, MAX_CHAT
from skully_game.scenes.online.chat import (
    Who,
    mute_buttons,
    mute_note,
    mute_on_server,
    said_line,
    speaker,
    spectators_of,
)
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.scene import FormScene
from skully_game.shell.widgets import Button, TextField, WidgetGroup

READ_ONLY = "The host has not let spectators chat: you read every line said at the table."
MAY_SPEAK = 'You are watching: your lines show as "(watching)" before your name.'
KEPT = 40  # lines of chat kept for the box
SHOWN_LINES = 8  # the newest, shown in the box
SPEAKING_LINES = 5  # the newest, shown in the box when it also has the lines to say


def refusal_words(message: dict[str, Any]) -> str:
    """A refusal from the server as a sentence: 'Slow down: one line of chat a second'."""
    reason = str(message.get("reason", ""))[:200]
    return reason[:1].upper() + reason[1:]


@dataclass
class HeardChat:
    """The lines a spectator heard, the people who may be muted (the players at the table and
    the other spectators), whom they muted, and whether the host lets them speak."""

    lines: list[tuple[Who, str]] = field(default_factory=list)  # (seat or name, 'Bea: Oops')
    people: list[tuple[Who, str]] = field(default_factory=list)  # (seat or name, as shown)
    muted: set[Who] = field(default_factory=set)
    me: str = ""  # this spectator's own name (their lines are not muted by them)
    may_speak: bool = False  # the host lets spectators chat (the lobby says)
    lobby: dict[str, Any] = field(default_factory=dict)
    spoke: list[str] = field(default_factory=list)  # other spectators heard speaking

    def hear(self, message: dict[str, Any]) -> bool:
        """A line of chat from the server: kept, and whether to show it (not: muted)."""
        line, who = said_line(message), speaker(message)
        if line is None or who is None:
            return False
        if isinstance(who, str) and who != self.me and who not in self.spoke:
            self.spoke.append(who)
            self.seats_from(self.lobby)
        if who in self.muted and who != self.me:  # (one on its way as they were muted)
            return False
        self.lines.append((who, line[: MAX_CHAT + 40]))
        del self.lines[:-KEPT]
        return True

    def mute(self, who: Who, muted: bool) -> None:
        """`who`'s lines stop (or start again) from now: those already heard stay, and the
        box says where the mute began and ended."""
        if (who in self.muted) != muted:
            name = next((n for w, n in self.people if w == who), str(who))
            self.lines.append(("", mute_note(name, muted)))
            del self.lines[:-KEPT]
        (self.muted.add if muted else self.muted.discard)(who)

    def seats_from(self, lobby: dict[str, Any]) -> None:
        """The people at the table (not computer players), as the lobby names them, then the
        other spectators; and whether the host lets spectators speak."""
        self.lobby = lobby
        self.may_speak = lobby.get("watch_chat") is True
        seats = lobby.get("seats")
        people: list[tuple[Who, str]] = []
        for item in seats if isinstance(seats, list) else []:
            if isinstance(item, dict) and item.get("kind") == "person":
                seat, name = item.get("seat"), item.get("name")
                if type(seat) is int and isinstance(name, str):
                    people.append((seat, name or f"Seat {seat + 1}"))
        self.people = people + spectators_of(lobby, self.spoke, self.me)

    def shown(self) -> list[str]:
        """The lines the box shows: the newest heard (a muted person's never arrive), with
        where each mute began and ended."""
        return [line for _, line in self.lines][-SHOWN_LINES:]


def heard_of(link: Any) -> HeardChat:
    """A spectator's chat, kept on their link from the lobby on: the lines heard there (and
    whom they muted) go with them to the watching page and the watched table, as a player's
    go with them to their table."""
    if not isinstance(link.heard, HeardChat):
        link.heard = HeardChat(me=link.name)
    link.heard.me = link.name  # (the server may have changed the name asked for)
    if link.lobby is not None:
        link.heard.seats_from(link.lobby)
    return link.heard


@dataclass
class SpectatorChat:
    """A spectator page's part in chat: the lines heard, and the box that reads them."""

    heard: HeardChat
    listen: Callable[[float], None]  # the page's own update: it goes on under the box
    link: Any = None  # the spectator's Link: its client speaks and mutes, its name is theirs

    def open(self, app: App) -> None:
        if self.link is not None:
            self.heard.me = self.link.name
        app.stack.push(SpectatorChatDialog(app, self.heard, self.listen, self.link))


class SpectatorChatDialog(FormScene):
    """The last lines said, a mute per person, and (where the host allows it) the preset lines
    and a few words of one's own, else why a spectator only reads; Esc closes."""

    transparent = True

    def __init__(
        self, app: App, heard: HeardChat, listen: Callable[[float], None], link: Any = None
    ) -> None:
        super().__init__(app)
        self.heard = heard
        self.listen = listen
        self.link = link
        self.text = ""
        self.speaking = False  # laid out with the preset lines and the text field
        self.widgets = WidgetGroup()
        self._layout()

    def _layout(self) -> None:
        w, h = self.app.size
        self.speaking = self.heard.may_speak and self.link is not None
        rows = (len(self.heard.people) + 1) // 2
        lines = SHOWN_LINES if not self.speaking else SPEAKING_LINES
        talk_h = 3 * 48 + 8 if self.speaking else 0
        height = 130 + lines * 26 + 16 + talk_h + 48 * rows + 64
        self.box = pygame.Rect(0, 0, min(760, w - 40), min(height, h - 20))
        self.box.center = (w // 2, h // 2)
        x, inner = self.box.x + 24, self.box.w - 48
        y = self.box.y + 100 + lines * 26 + 16
        widgets: list[Any] = []
        if self.speaking:
            bw = (inner - 3 * 10) // 4
            for k, (key, words) in enumerate(CHAT_LINES.items()):
                rect = pygame.Rect(x + (k % 4) * (bw + 10), y + (k // 4) * 48, bw, 40)
                widgets.append(Button(rect, words, size=20,
                                      on_click=lambda k=key: self._say(line=k)))  # fmt: skip
            y += 2 * 48
            field = TextField(pygame.Rect(x, y, inner - 130, 42), "a few words", value=self.text,
                              max_length=MAX_CHAT,
                              on_change=lambda v: setattr(self, "text", v))  # fmt: skip
            send = Button(pygame.Rect(x + inner - 120, y, 120, 42), "Send", on_click=self._send)
            widgets += [field, send]
            y += 48 + 8
        says = ("show here again", "no longer show here")
        widgets += mute_buttons(
            self.heard.people, self.heard.muted, (x, y, inner), self._mute, says
        )
        close = Button(pygame.Rect(self.box.right - 144, self.box.bottom - 56, 120, 40), "Close",
                       on_click=self.app.stack.pop, tooltip="Esc")  # fmt: skip
        self.widgets.set([*widgets, close])

    def _say(self, line: str | None = None, text: str | None = None) -> None:
        """A line to the table: it shows here once the server sends it back to everyone."""
        self.link.client.say(text=text, line=line)
        self.text = ""
        self._layout()

    def _send(self) -> None:
        words = " ".join(self.text.split())
        if words:
            self._say(text=words)

    def update(self, dt: float) -> None:
        """The page under the box goes on: new lines show here as they are said."""
        before = (list(self.heard.people), self.heard.may_speak)
        self.listen(dt)
        if self.app.stack.top is self and (self.heard.people, self.heard.may_speak) != before:
            self._layout()

    def _mute(self, who: Who, muted: bool) -> None:
        self.heard.mute(who, muted)
        if self.link is not None:
            mute_on_server(self.link.client, who, muted)
        self._layout()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.pop()
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN and self.speaking:
            field = next(w for w in self.widgets.widgets if isinstance(w, TextField))
            if field.editing and " ".join(self.text.split()):
                self._send()
                return None
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        box = self.box
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=12)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=12)
        theme.text(surface, "The table's chat", (box.x + 24, box.y + 18), 28, theme.ACCENT,
                   bold=True)  # fmt: skip
        why = theme.fit(MAY_SPEAK if self.speaking else READ_ONLY, 18, box.w - 48)
        theme.text(surface, why, (box.x + 24, box.y + 60), 18, theme.TEXT_DIM)
        lines = self.heard.shown()[-(SPEAKING_LINES if self.speaking else SHOWN_LINES) :]
        y = box.y + 100
        if not lines:
            theme.text(surface, "Nobody has said anything yet.", (box.x + 24, y), 20,
                       theme.TEXT_DIM)  # fmt: skip
        for k, line in enumerate(lines):
            theme.text(surface, theme.fit(line, 20, box.w - 48), (box.x + 24, y + k * 26), 20,
                       theme.TEXT)  # fmt: skip
        self.widgets.draw(surface)
