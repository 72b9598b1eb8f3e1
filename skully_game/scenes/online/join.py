"""Join a game a friend hosts: the host's address and room code typed in, or the address of a
game found on this network (looked for only when asked: nothing is sent out before)."""

from __future__ import annotations

from typing import Any

import pygame

from skully_game.net.server import SEAT_GONE
from skully_game.scenes.online.clip import paste_text, read_paste
from skully_game.scenes.online.link import Link, check_code, open_room, parse_address, said
from skully_game.scenes.online.remember import (
    NAME_MAX,
    keep_choices,
    keep_seat,
    kept_seat,
    last_name,
    name_refusal,
    recalled,
)
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.loading import LoadingScene
from skully_game.shell.scene import FormScene
from skully_game.shell.widgets import (
    Button,
    TextField,
    Widget,
    WidgetGroup,
    name_cut_note,
    page_foot,
)

LOOK_SECONDS = 2.0  # how long the network is listened to for games
FOUND_SHOWN = 4


def look_for_games() -> list[Any] | str:
    """The games announced on this network, or why none could be looked for (worker thread)."""
    from skully_game.net.mdns import browse

    try:
        return browse(LOOK_SECONDS)
    except Exception as exc:  # no network, no multicast: said, never raised
        return f"Could not look for games on this network: {getattr(exc, 'strerror', None) or exc}"


class JoinScene(FormScene):
    online_page = True  # closed under the table once the game starts (lobby.py)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        old = recalled()
        self.name = last_name()
        address = old.get("address")
        self.address = address if isinstance(address, str) else ""
        self.code = ""
        self.found: list[Any] = []
        self.looked = False
        self.message = ""
        self.widgets = WidgetGroup()
        self._layout()
        first = "your name" if not self.name else "address"
        first = "room code" if self.name and self.address else first
        self.widgets.focus = next(i for i, w in enumerate(self.widgets.widgets) if w.label == first)

    def _layout(self) -> None:
        w = self.app.size[0]
        lx, lw = 40, min(640, w - 80)
        fx = lx + 170
        y = 110
        self.captions = []
        widgets: list[Widget] = []
        for caption, label, value, most, setter in (
            ("Your name", "your name", self.name, NAME_MAX, "name"),
            ("Address", "address", self.address, 60, "address"),
            ("Room code", "room code", self.code, 14, "code"),
        ):
            self.captions.append((caption, (lx, y + 21)))
            widgets.append(
                TextField(
                    pygame.Rect(fx, y, lx + lw - fx, 42),
                    label,
                    value=value,
                    max_length=most,
                    on_change=lambda v, s=setter: setattr(self, s, v),
                )
            )
            y += 52
        self.example_at = (fx, y - 6)
        y += 24
        seat = kept_seat()
        if seat is not None:
            widgets.append(
                Button(
                    pygame.Rect(lx, y, lw, 42),
                    theme.fit(f"Back to your seat in room {seat['room']}", 22, lw - 20),
                    on_click=lambda: self._back(seat),
                    size=22,
                    tooltip=f"Take your seat again at {seat['address']}, as {seat['name']}",
                )
            )
            y += 52
        widgets.append(
            Button(
                pygame.Rect(lx, y, 360, 42),
                "Find games on this network",
                on_click=self._look,
                size=22,
                tooltip="Listen for a couple of seconds for games hosted on this network",
            )
        )
        y += 52
        self.found_at = y
        if self.found:
            y += 26  # "Found:" above the games
        for found in self.found[:FOUND_SHOWN]:
            widgets.append(
                Button(
                    pygame.Rect(lx, y, lw, 38),
                    theme.fit(f"{found.name}  ·  {found.address}:{found.port}", 20, lw - 20),
                    on_click=lambda f=found: self._pick(f),
                    size=20,
                    tooltip="Use this game's address (the room code comes from the host)",
                )
            )
            y += 44
        widgets.append(
            Button(page_foot(self.app.size)[0], "Back", on_click=self.app.stack.pop, size=24)
        )
        widgets.append(
            Button(
                page_foot(self.app.size)[1],
                "Join game",
                on_click=self._join,
                size=28,
                tooltip="Sit down in the host's room",
            )
        )
        self.widgets.set(widgets)

    def _look(self) -> None:
        self.message = ""
        self.app.stack.push(
            LoadingScene(
                self.app, "Looking for games on this network", look_for_games, self._looked
            )
        )

    def _looked(self, found: list[Any] | str) -> None:
        self.looked = True
        if isinstance(found, str):
            self.message = found
            return
        self.found = found
        if not found:
            self.message = "No game was found on this network: ask the host for the address"
        self._layout()

    def _pick(self, found: Any) -> None:
        self.address = f"{found.address}:{found.port}"
        self._layout()
        self.widgets.focus = next(
            i for i, w in enumerate(self.widgets.widgets) if w.label == "room code"
        )

    def _join(self) -> None:
        problem = name_refusal(self.name)
        try:
            address = parse_address(self.address)
            code = check_code(self.code)
        except ValueError as exc:
            problem = problem or str(exc)
        if problem:
            self.message = problem
            return
        self.message = ""
        name = self.name.strip()
        keep_choices(self.app, name=name, address=self.address.strip())
        message = {"type": "join", "name": name, "room": code}
        self.app.stack.push(
            LoadingScene(
                self.app,
                "Joining the game",
                lambda: open_room(address, name, message),
                self._joined,
                detail=str(address),
            )
        )

    def _back(self, seat: dict[str, str]) -> None:
        """The seat kept from a game left when the program closed: taken again with its token
        (within the room's grace), the game where it is."""
        try:
            address = parse_address(seat["address"])
        except ValueError as exc:
            self.message = str(exc)
            return
        message = {"type": "rejoin", "room": seat["room"], "token": seat["token"]}
        self.app.stack.push(
            LoadingScene(
                self.app,
                "Taking your seat again",
                lambda: open_room(address, seat["name"], message),
                self._back_again,
                detail=str(address),
            )
        )

    def _back_again(self, result: Link | str) -> None:
        """The kept seat taken again; if the server says it is gone, it is offered no more."""
        if result == said(SEAT_GONE):
            keep_seat(self.app, None)
            self._layout()
        self._joined(result)

    def _joined(self, result: Link | str) -> None:
        if isinstance(result, str):
            self.message = result
            return
        from skully_game.scenes.online.lobby import LobbyScene

        self.app.stack.push(LobbyScene(self.app, result))

    def paste(self) -> None:
        """Ctrl+V in the address or code field: a pasted `host:port/CODE` fills both, a
        `host:port` the address, a bare code the code; anything else is refused in words."""
        text = paste_text()
        if text is None:
            self.message = "Paste not available here: type the address and the room code"
            return
        try:
            pasted = read_paste(text)
        except ValueError as exc:
            self.message = str(exc)
            return
        self.message = ""
        self.address = pasted.address or self.address
        self.code = pasted.code or self.code
        self._layout()
        after = "room code" if pasted.address and not pasted.code else "Join game"
        self.widgets.focus = next(i for i, w in enumerate(self.widgets.widgets) if w.label == after)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        focused = self.widgets.widgets[self.widgets.focus] if self.widgets.focus >= 0 else None
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_v
            and event.mod & pygame.KMOD_CTRL
            and any(
                w.label in ("address", "room code") and (w is focused or getattr(w, "editing", 0))
                for w in self.widgets.widgets
            )
        ):
            self.paste()
            return None
        enter = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if enter and focused is not None and focused.label == "room code":
            focused.blur()  # the code typed, Enter joins, as the Join game button does
            self._join()
            return None
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        self.message = name_cut_note(self.widgets, self.message)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        w, h = self.app.size
        surface.fill(theme.ASPHALT_DARK)
        theme.text(surface, "Join a game", (40, 30), 48, theme.ACCENT, bold=True)
        theme.text(
            surface,
            "Ask the host for the address and the room code the lobby shows them.",
            (40, 80),
            22,
            theme.TEXT_DIM,
        )
        for text, (x, y) in self.captions:
            theme.text(surface, text, (x, y), 22, theme.TEXT, "midleft")
        theme.text(
            surface,
            "Like 192.168.1.20:8765 and K7PMQ-X4R2T, or paste both with Ctrl+V",
            self.example_at,
            18,
            theme.TEXT_DIM,
        )
        if self.looked and self.found:
            theme.text(surface, "Found:", (40, self.found_at), 20, theme.TEXT_DIM)
        self.widgets.draw(surface)
        if self.message:  # between Back and Join game: two lines when it needs them
            lines = theme.wrap_lines(self.message, 20, w - 520, 2)
            y = h - 46 - 12 * (len(lines) - 1)
            for line in lines:
                theme.text(surface, line, (w // 2, y), 20, theme.DANGER, "center")
                y += 24
