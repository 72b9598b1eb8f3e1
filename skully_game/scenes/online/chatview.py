"""Chat as a spectator sees it: the players' lines, read in a box like the players' own (C, or
the Chat button) with a mute per person, but no way to speak. The server takes nothing from a
spectator (net/watch.py: it closes a spectator's connection that sends anything), and no host
can let spectators speak, so the box says so in one line. A mute here is this page's own: the
muted person's lines are no longer shown on it (nothing is sent to the server)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from skully_game.net.protocol import MAX_CHAT
from skully_game.scenes.online.chat import mute_buttons, said_line
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.scene import FormScene
from skully_game.shell.widgets import Button, WidgetGroup

READ_ONLY = "You are watching: only the players at the table can speak. You read their lines."
KEPT = 40  # lines of chat kept for the box
SHOWN_LINES = 8  # the newest, shown in the box


@dataclass
class HeardChat:
    """The players' lines a spectator heard, the people at the table and whom they muted."""

    lines: list[tuple[int, str]] = field(default_factory=list)  # (seat, 'Bea: Oops')
    people: list[tuple[int, str]] = field(default_factory=list)  # (seat, name), from the lobby
    muted: set[int] = field(default_factory=set)

    def hear(self, message: dict[str, Any]) -> bool:
        """A line of chat from the server: kept, and whether to show it (not: muted)."""
        line, seat = said_line(message), message.get("seat")
        if line is None or type(seat) is not int:
            return False
        self.lines.append((seat, line[: MAX_CHAT + 40]))
        del self.lines[:-KEPT]
        return seat not in self.muted

    def seats_from(self, lobby: dict[str, Any]) -> None:
        """The people at the table (not computer players), as the lobby names them."""
        seats = lobby.get("seats")
        people = []
        for item in seats if isinstance(seats, list) else []:
            if isinstance(item, dict) and item.get("kind") == "person":
                seat, name = item.get("seat"), item.get("name")
                if type(seat) is int and isinstance(name, str):
                    people.append((seat, name or f"Seat {seat + 1}"))
        self.people = people

    def shown(self) -> list[str]:
        """The lines the box shows: the newest, none of a muted person's."""
        return [line for seat, line in self.lines if seat not in self.muted][-SHOWN_LINES:]


@dataclass
class SpectatorChat:
    """A spectator page's part in chat: the lines heard, and the box that reads them."""

    heard: HeardChat
    listen: Callable[[float], None]  # the page's own update: it goes on under the box

    def open(self, app: App) -> None:
        app.stack.push(SpectatorChatDialog(app, self.heard, self.listen))


class SpectatorChatDialog(FormScene):
    """The players' last lines, a mute per person, and why a spectator cannot speak; Esc closes."""

    transparent = True

    def __init__(self, app: App, heard: HeardChat, listen: Callable[[float], None]) -> None:
        super().__init__(app)
        self.heard = heard
        self.listen = listen
        self.widgets = WidgetGroup()
        self._layout()

    def _layout(self) -> None:
        w, h = self.app.size
        rows = (len(self.heard.people) + 1) // 2
        height = 130 + SHOWN_LINES * 26 + 16 + 48 * rows + 64
        self.box = pygame.Rect(0, 0, min(760, w - 40), min(height, h - 20))
        self.box.center = (w // 2, h // 2)
        x, inner = self.box.x + 24, self.box.w - 48
        y = self.box.y + 100 + SHOWN_LINES * 26 + 16
        says = ("show here again", "no longer show here")
        widgets: list[Any] = mute_buttons(
            self.heard.people, self.heard.muted, (x, y, inner), self._mute, says
        )
        close = Button(pygame.Rect(self.box.right - 144, self.box.bottom - 56, 120, 40), "Close",
                       on_click=self.app.stack.pop, tooltip="Esc")  # fmt: skip
        self.widgets.set([*widgets, close])

    def update(self, dt: float) -> None:
        """The page under the box goes on: new lines show here as they are said."""
        people = list(self.heard.people)
        self.listen(dt)
        if self.app.stack.top is self and self.heard.people != people:
            self._layout()

    def _mute(self, seat: int, muted: bool) -> None:
        (self.heard.muted.add if muted else self.heard.muted.discard)(seat)
        self._layout()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.pop()
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
        why = theme.fit(READ_ONLY, 18, box.w - 48)
        theme.text(surface, why, (box.x + 24, box.y + 60), 18, theme.TEXT_DIM)
        lines = self.heard.shown()
        y = box.y + 100
        if not lines:
            theme.text(surface, "Nobody has said anything yet.", (box.x + 24, y), 20,
                       theme.TEXT_DIM)  # fmt: skip
        for k, line in enumerate(lines):
            theme.text(surface, theme.fit(line, 20, box.w - 48), (box.x + 24, y + k * 26), 20,
                       theme.TEXT)  # fmt: skip
        self.widgets.draw(surface)
