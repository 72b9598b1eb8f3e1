"""Join a game a friend hosts: the host's address and room code typed in, or the address of a
game found on this network (looked for only when asked: nothing is sent out before), or one of
the open rooms a server lists (its host marked it open): a click or Enter sits down, no code."""

from __future__ import annotations

from typing import Any

import pygame

from skully_game.net.client import Client, NetError
from skully_game.net.server import SEAT_GONE
from skully_game.scenes.online.clip import paste_text, read_paste
from skully_game.scenes.online.games import game_title
from skully_game.scenes.online.link import (
    HOST_PORT,
    TRY_FOR,
    Address,
    Link,
    check_code,
    drop_link,
    open_room,
    parse_address,
    reach_words,
    said,
)
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
ROW_H, ROW_GAP = 38, 6  # a found game's or an open room's button
WATCH_W = 150  # the Watch button, beside Join game
TITLE_H = 26  # the line above them ("Found:", "Open rooms at …")
HERE = Address("127.0.0.1", HOST_PORT)  # a game hosted by this program on this computer


def ask_open_rooms(address: Address) -> list[dict[str, Any]] | str:
    """The open rooms a server lists, or why it could not say, in a player's words (worker
    thread: one connection, one question, an answer within TRY_FOR seconds)."""
    try:
        client = Client(address.url, timeout=TRY_FOR).connect()
    except NetError as exc:
        return reach_words(address, str(exc))
    try:
        client.ask_rooms()
        answer = client.wait_for("rooms", TRY_FOR)
    except NetError as exc:
        return reach_words(address, str(exc))
    finally:
        client.close()
    return [r for r in answer["rooms"] if isinstance(r, dict)]


def room_words(room: dict[str, Any]) -> str:
    """One open room as its button says it: 'Skull · Anne · 1 seat free of 3 · hints off'."""
    free = int(room.get("free", 0))
    seats = "full" if free <= 0 else f"{free} seat{'s' if free != 1 else ''} free"
    title = game_title(str(room.get("game", "")))
    return f"{title}  ·  {room.get('host', '')}  ·  {seats}  ·  {room.get('rules', '')}"


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
        self.open_rooms: list[dict[str, Any]] = []
        self.rooms_at: Address | None = None  # the server whose open rooms are shown
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
        half = (lw - 10) // 2
        widgets.append(
            Button(
                pygame.Rect(lx, y, half, 42),
                theme.fit("Find games on this network", 22, half - 16),
                on_click=self._look,
                size=22,
                tooltip="Listen for a couple of seconds for games hosted on this network",
            )
        )
        widgets.append(
            Button(
                pygame.Rect(lx + lw - half, y, half, 42),
                theme.fit("Open rooms at this address", 22, half - 16),
                on_click=self._ask_rooms,
                size=22,
                tooltip="Ask the server at the address above (or this computer's own game) "
                "for the rooms its hosts left open to anyone: no code needed",
            )
        )
        y += 52
        # the room left above the page's foot, shared: the open rooms first (a title line
        # above them), one game found on this network beside them (all of them without)
        pitch = ROW_H + ROW_GAP
        room = page_foot(self.app.size)[0].top - 10 - y
        found_n = min(FOUND_SHOWN, len(self.found), 1 if self.open_rooms else FOUND_SHOWN)
        rooms_n = 0
        if self.open_rooms:
            rooms_n = (room - TITLE_H - (TITLE_H + found_n * pitch if found_n else 0)) // pitch
            if rooms_n < 1 and found_n:
                found_n, rooms_n = 0, (room - TITLE_H) // pitch
        else:
            found_n = min(found_n, max(0, (room - TITLE_H) // pitch))
        rooms = self.open_rooms[: max(0, rooms_n)]
        found = self.found[:found_n]
        self.rooms_title_at = y if rooms else None
        self.rooms_shown = len(rooms)
        if rooms:
            y += TITLE_H
        self.first_room = len(widgets) if rooms else -1  # Enter there sits down in it
        for listed in rooms:
            widgets.append(
                Button(
                    pygame.Rect(lx, y, lw, ROW_H),
                    theme.fit(room_words(listed), 20, lw - 20),
                    on_click=lambda r=listed: self._join_open(r),
                    size=20,
                    tooltip=f"Sit down in {listed.get('host', '')}'s open room: no code needed",
                )
            )
            y += ROW_H + ROW_GAP
        self.found_at = y if found else None
        if found:
            y += TITLE_H  # "Found:" above the games
        for one in found:
            widgets.append(
                Button(
                    pygame.Rect(lx, y, lw, ROW_H),
                    theme.fit(f"{one.name}  ·  {one.address}:{one.port}", 20, lw - 20),
                    on_click=lambda f=one: self._pick(f),
                    size=20,
                    tooltip="Use this game's address and list its open rooms",
                )
            )
            y += ROW_H + ROW_GAP
        widgets.append(
            Button(page_foot(self.app.size)[0], "Back", on_click=self.app.stack.pop, size=24)
        )
        join = page_foot(self.app.size)[1]
        widgets.append(
            Button(
                pygame.Rect(join.x - WATCH_W - 12, join.y, WATCH_W, join.h),
                "Watch",
                on_click=lambda: self._join(watch=True),
                size=26,
                tooltip="Watch the room's game without a seat: you see what every player sees",
            )
        )
        widgets.append(
            Button(
                join,
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
        self._ask_rooms()  # its open rooms, if its host left any open

    def _ask_rooms(self) -> None:
        """The open rooms of the server at the typed address, or of this computer's own hosted
        game when no address is typed."""
        try:
            address = parse_address(self.address) if self.address.strip() else HERE
        except ValueError as exc:
            self.message = str(exc)
            return
        self.message = ""
        self.app.stack.push(
            LoadingScene(
                self.app,
                "Asking for open rooms",
                lambda: ask_open_rooms(address),
                lambda result: self._rooms_came(address, result),
                detail=str(address),
            )
        )

    def _rooms_came(self, address: Address, result: list[dict[str, Any]] | str) -> None:
        if isinstance(result, str):
            self.message = result
            return
        self.open_rooms, self.rooms_at = result, address
        if not result:
            self.message = f"No open rooms at {address}: ask the host for the room code"
        self._layout()
        if self.first_room >= 0:
            self.widgets.focus = self.first_room  # Enter sits down in the first one

    def _join_open(self, room: dict[str, Any]) -> None:
        """Sit down in a listed open room: its id is the code, nobody has to type it."""
        if int(room.get("free", 0)) <= 0:
            self.message = f"{room.get('host', 'That')}'s room is full: every seat is taken"
            return
        problem = name_refusal(self.name)
        if problem or self.rooms_at is None:
            self.message = problem or "Ask for the open rooms again"
            return
        self.message = ""
        name, address = self.name.strip(), self.rooms_at
        keep_choices(self.app, name=name, address=str(address))
        message = {"type": "join", "name": name, "room": str(room.get("room", ""))}
        self.app.stack.push(
            LoadingScene(
                self.app,
                "Joining the game",
                lambda: open_room(address, name, message),
                self._joined,
                detail=str(address),
                discard=drop_link,
            )
        )

    def _split_invite(self) -> None:
        """The host's invite `host:port/CODE` typed or dropped whole into the Address field (a
        paste that came as typed text, not by Ctrl+V): the address, and the code unless one
        was typed in its own field. Anything else is left for the address check to refuse."""
        if "/" not in self.address.strip().removeprefix("ws://").rstrip("/"):
            return
        try:
            pasted = read_paste(self.address)
        except ValueError:
            return
        self.address = pasted.address or self.address
        self.code = self.code if self.code.strip() else pasted.code or ""
        self._layout()

    def _invite_typed(self) -> bool:
        """The Address field holds a whole invite, address and code (`host:port/CODE`)."""
        field = next((w for w in self.widgets.widgets if w.label == "address"), None)
        text = str(getattr(field, "value", self.address))
        return "/" in text.strip().removeprefix("ws://").rstrip("/")

    def _join(self, watch: bool = False) -> None:
        """Sit down in the room with the code (or, with `watch`, watch it as a spectator)."""
        self._split_invite()
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
        message = {"type": "watch" if watch else "join", "name": name, "room": code}
        self.app.stack.push(
            LoadingScene(
                self.app,
                "Joining the game as a spectator" if watch else "Joining the game",
                lambda: open_room(address, name, message),
                self._joined,
                detail=str(address),
                discard=drop_link,
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
                discard=drop_link,
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
        if enter and focused is not None and focused.label == "address" and self._invite_typed():
            focused.blur()  # the whole invite typed (`host:port/CODE`): Enter joins with it
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
        if self.rooms_title_at is not None and self.rooms_at is not None:
            more = len(self.open_rooms) - self.rooms_shown
            title = f"Open rooms at {self.rooms_at}" + (f" ({more} more not shown)" if more else "")
            title += ": click one or press Enter to sit down"
            theme.text(
                surface,
                theme.fit(title, 20, min(640, w - 80)),
                (40, self.rooms_title_at),
                20,
                theme.TEXT_DIM,
            )
        if self.looked and self.found_at is not None:
            theme.text(surface, "Found:", (40, self.found_at), 20, theme.TEXT_DIM)
        self.widgets.draw(surface)
        if self.message:  # between Back and Watch: two lines when it needs them
            back, join = page_foot(self.app.size)
            left, right = back.right + 14, join.x - WATCH_W - 26
            lines = theme.wrap_lines(self.message, 20, right - left, 2)
            y = h - 46 - 12 * (len(lines) - 1)
            for line in lines:
                theme.text(surface, line, ((left + right) // 2, y), 20, theme.DANGER, "center")
                y += 24
