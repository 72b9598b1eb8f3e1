"""Host a game: the game, its rules and seats (open seats for friends, computer players at a
level), how long a dropped player's seat is kept, and who may join; then the server starts
inside the program, on this machine, and the lobby says the address and room code to give."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from skully_game.scenes.online.games import OnlineGame, default_level, online_games
from skully_game.scenes.online.hostmemory import (
    game_record,
    host_record,
    options_of,
    rules_of,
    rules_record,
    seats_of,
    with_game,
)
from skully_game.scenes.online.hostrules import HostRules
from skully_game.scenes.online.link import Hosting, Link, drop_link, open_room
from skully_game.scenes.online.remember import (
    NAME_MAX,
    keep_choices,
    last_name,
    name_refusal,
    recall_warning,
    recalled,
)
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.loading import LoadingScene
from skully_game.shell.scene import FormScene
from skully_game.shell.widgets import (
    Button,
    Choice,
    TextField,
    Widget,
    WidgetGroup,
    name_cut_note,
    page_foot,
)

GRACES = ((60, "1 minute"), (120, "2 minutes"), (300, "5 minutes"), (600, "10 minutes"))
OPEN_TO = (
    (False, "This computer only"),
    (True, "Computers on this network"),
)
LISTED_TIP = (
    "On: the room is listed on the Join page of anyone who asks this server for its open "
    "rooms, and they sit down without the code. Off: only people you give the code to join."
)
WATCH_TIP = (
    "Anyone with the room code may watch from the Join page: they take no seat and see only "
    "what every player sees, every hand once the game is over"
)
WATCH_CHAT_TIP = (
    'Whether spectators may say preset lines and a few words to the table, as "(watching) '
    "Cy: …\". Off, they read the players' lines. Anyone may mute anyone"
)
OPEN_TIP = {
    False: "Only windows on this computer can join (127.0.0.1): try it out, or play in two",
    True: "Friends on this network join with this computer's address; a firewall may ask",
}
KINDS = (("open", "A friend"), ("computer", "Computer"))


@dataclass
class HostSeat:
    """One seat as the host sets it: "me", "open" (a friend) or "computer"; `how` is a person's
    way to play or a computer player's level."""

    kind: str
    how: str


class HostScene(FormScene):
    online_page = True  # closed under the table once the game starts (lobby.py)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        old = recalled()
        self.game: OnlineGame = next(
            (g for g in online_games() if g.key == old.get("game")), online_games()[0]
        )
        self.name = last_name()
        self.lan = old.get("lan") is True
        grace = old.get("grace")
        self.grace = grace if grace in dict(GRACES) else 120
        self.listed = False  # an open room: off each time, the host turns it on for one game
        room = host_record(old)  # as the host left them last time
        self.watchable = room.get("watch") is not False  # anyone with the code may watch
        self.watch_chat = room.get("watch_chat") is True  # spectators may chat: off unless asked
        self.options: dict[str, Any] = {}
        self.rules: HostRules | None = None  # a table game's rules, its setup's rows at one desk
        self.rules_said = ""  # the message is what the seats could not have of the rules
        self.seats: list[HostSeat] = []
        self._reset_game(self.game)
        self.message = recall_warning() or ""  # a file that did not read: said, once, here
        self.widgets = WidgetGroup()
        self._layout()
        first = "Host game" if self.name else "your name"  # a first time: the name first
        self.widgets.focus = next(i for i, w in enumerate(self.widgets.widgets) if w.label == first)

    def _reset_game(self, game: OnlineGame) -> None:
        self.game = game
        self.options = {row.name: row.values[0][0] for row in game.options}
        self.rules = HostRules(game.key) if game.desk_rules else None
        person = game.people[0][0] if game.people else ""
        skilled = next((v for v, _, f in game.people if f.get("hand") == "skilled"), person)
        self.seats = [HostSeat("me", skilled), HostSeat("open", skilled)]
        self._recall_game(game)

    def _recall_game(self, game: OnlineGame) -> None:
        """The seats, rules and clocks last chosen for this game, where still right for it."""
        kept = game_record(recalled(), game.key)
        seats = seats_of(game, kept.get("seats"))
        if seats is not None:
            self.seats = [HostSeat(kind, how) for kind, how in seats]
        self.options = options_of(game, kept.get("options"), self.options)
        if self.rules is not None:
            rules_of(self.rules, kept, len(self.seats))
            self.message = self.rules_said = self.rules.note(len(self.seats))

    # ---- layout --------------------------------------------------------------------------

    def _layout(self) -> None:
        w, h = self.app.size
        game = self.game
        widgets: list[Widget] = []
        lx, lw = 40, min(520, int(w * 0.46) - 40)
        y = 110
        self.captions: list[tuple[str, tuple[int, int]]] = [("Your name", (lx, y + 21))]
        widgets.append(
            TextField(
                pygame.Rect(lx + 150, y, lw - 150, 42),
                "your name",
                value=self.name,
                max_length=NAME_MAX,
                on_change=self._named,
            )
        )
        y += 52
        choice = Choice(
            pygame.Rect(lx, y, lw, 42),
            "Game",
            options=[(g, g.title) for g in online_games()],
            on_change=self._game,
            tooltip="The games that play online so far",
        )
        choice.set_value(game)
        widgets.append(choice)
        y += 52
        rows = self._rule_rows()
        # the rows share the column's height: closer together, then without the note under them
        note_h = 72
        pitch = min(52, (h - 90 - y - note_h) // (len(rows) + 5))
        if pitch < 44:
            note_h = 0
            pitch = min(52, (h - 90 - y) // (len(rows) + 5))
        row_h = min(42, pitch - 6)
        for label, values, value, on_change, tip, why in rows:
            choice = Choice(
                pygame.Rect(lx, y, lw, row_h),
                label,
                not why,
                options=[(value, why)] if why else values,
                on_change=on_change,
                tooltip=tip,
            )
            choice.set_value(value)
            widgets.append(choice)
            y += pitch
        grace = Choice(
            pygame.Rect(lx, y, lw, row_h),
            "Seat kept for",
            options=list(GRACES),
            on_change=lambda v: setattr(self, "grace", v),
            tooltip="How long a player whose connection dropped may come back to the same seat",
        )
        grace.set_value(self.grace)
        widgets.append(grace)
        y += pitch
        reach = Choice(
            pygame.Rect(lx, y, lw, row_h),
            "Open to",
            options=list(OPEN_TO),
            on_change=self._open_to,
            tooltip=OPEN_TIP[self.lan],
        )
        reach.set_value(self.lan)
        widgets.append(reach)
        y += pitch
        listed = Choice(
            pygame.Rect(lx, y, lw, row_h),
            "Open room",
            options=[(False, "Off: by code"), (True, "On: listed")],
            on_change=lambda v: setattr(self, "listed", v),
            tooltip=LISTED_TIP,
        )
        listed.set_value(self.listed)
        widgets.append(listed)
        y += pitch
        watch = Choice(
            pygame.Rect(lx, y, lw, row_h),
            "Spectators",
            options=[(True, "Anyone with the code"), (False, "None")],
            on_change=self._watchable,
            tooltip=WATCH_TIP,
        )
        watch.set_value(self.watchable)
        widgets.append(watch)
        y += pitch
        talk = Choice(
            pygame.Rect(lx, y, lw, row_h),
            "Spectators may chat",
            self.watchable,
            options=[(False, "Off: they read"), (True, "On")],
            on_change=lambda v: setattr(self, "watch_chat", v),
            tooltip=WATCH_CHAT_TIP,
        )
        talk.set_value(self.watch_chat and self.watchable)
        widgets.append(talk)
        self.note_at = (lx, y + row_h + 14) if note_h else None
        self.note_w = lw

        rx = lx + lw + 40
        rw = w - rx - 40
        y = 110
        self.seat_rows: list[tuple[str, int]] = []
        kind_w = max(156, int(rw * 0.3))  # "< Computer >" fits at 1024 pixels wide
        for i, seat in enumerate(self.seats):
            self.seat_rows.append((f"{i + 1}", y + 21))
            x = rx + 30
            if seat.kind == "me":
                self.captions.append(("You", (x + 10, y + 21)))
            else:
                kind = Choice(
                    pygame.Rect(x, y, kind_w, 42),
                    "",
                    options=list(KINDS),
                    on_change=lambda v, s=seat: self._kind(s, v),
                    tooltip="A friend joins this seat, or a computer player plays it",
                )
                kind.set_value(seat.kind)
                widgets.append(kind)
            x += kind_w + 6
            how_w = rw - 30 - kind_w - 6 - 42
            choices = game.levels if seat.kind == "computer" else [p[:2] for p in game.people]
            if len(choices) < 2:  # one way to play (a person at a card table): nothing to pick
                if seat.kind != "me":
                    widgets.append(self._remove_button(rx + rw - 36, y, i))
                y += 50
                continue
            how = Choice(pygame.Rect(x, y, how_w, 42), "", options=list(choices))

            def chose(v: str, s: HostSeat = seat, row: Choice = how) -> None:
                s.how = v
                row.tooltip = (
                    game.level_tips.get(v) or "How this seat plays"
                    if s.kind == "computer"
                    else "How this person shoots: the slingshot's wobble, or a flick"
                )

            how.on_change = chose
            how.set_value(seat.how)
            chose(seat.how)
            widgets.append(how)
            if seat.kind != "me":
                widgets.append(self._remove_button(rx + rw - 36, y, i))
            y += 50
        widgets.append(
            Button(
                pygame.Rect(rx + 30, y + 4, 200, 40),
                "Add seat",
                len(self.seats) < game.players[1],
                on_click=self._add,
                size=22,
            )
        )
        self.seats_x = rx
        widgets.append(
            Button(page_foot(self.app.size)[0], "Back", on_click=self.app.stack.pop, size=24)
        )
        widgets.append(
            Button(
                page_foot(self.app.size)[1],
                "Host game",
                on_click=self._host,
                size=28,
                tooltip="Start the game's server on this computer and open the lobby",
            )
        )
        self.widgets.set(widgets)

    def _rule_rows(self) -> list[tuple[str, list[Any], Any, Any, str, str]]:
        """The game's rule rows: (label, choices, value, on_change, tooltip, why it cannot apply
        with these seats: "" when it can)."""
        if self.rules is None:
            return [
                (row.label, list(row.values), self.options[row.name],
                 lambda v, n=row.name: self.options.__setitem__(n, v), row.tip, "")
                for row in self.game.options
            ]  # fmt: skip
        tips = self.rules.tips
        return [
            (label, values, value, lambda v, n=name: self._rule(n, v), tips.get(name, ""), why)
            for label, values, value, name, why in self.rules.rows(len(self.seats))
        ]

    def _rule(self, name: str, value: Any) -> None:
        assert self.rules is not None
        self.message = self.rules_said = self.rules.choose(name, value, len(self.seats))
        self._layout()

    def _seats_changed(self) -> None:
        """Seats added or removed: the rules follow, saying what the seats cannot have."""
        if self.rules is not None and (not self.message or self.message == self.rules_said):
            self.message = self.rules_said = self.rules.note(len(self.seats))
        self._layout()

    def _remove_button(self, x: int, y: int, i: int) -> Button:
        return Button(
            pygame.Rect(x, y, 36, 42),
            "x",
            len(self.seats) > self.game.players[0],
            on_click=lambda: self._remove(i),
            size=22,
            tooltip="Remove this seat",
        )

    def _named(self, value: str) -> None:
        self.name = value

    def _game(self, game: OnlineGame) -> None:
        self._reset_game(game)
        self._layout()

    def _open_to(self, lan: bool) -> None:
        self.lan = lan
        self._layout()

    def _kind(self, seat: HostSeat, kind: str) -> None:
        seat.kind = kind
        if kind == "computer":
            seat.how = default_level(self.game)
        else:
            seat.how = next(
                (v for v, _, f in self.game.people if f.get("hand") == "skilled"),
                self.game.people[0][0],
            )
        self._layout()

    def _add(self) -> None:
        if len(self.seats) < self.game.players[1]:
            self.seats.append(HostSeat("open", self.seats[0].how))
            self._seats_changed()

    def _remove(self, i: int) -> None:
        if len(self.seats) > self.game.players[0] and self.seats[i].kind != "me":
            self.seats.pop(i)
            self._seats_changed()

    # ---- hosting -------------------------------------------------------------------------

    def wire_seats(self) -> list[dict[str, Any]]:
        """The seats as the server takes them."""
        people = {value: fields for value, _, fields in self.game.people}
        out: list[dict[str, Any]] = []
        for seat in self.seats:
            if seat.kind == "computer":
                out.append({"kind": "computer", "level": seat.how})
            else:
                out.append({"kind": seat.kind, **people.get(seat.how, {})})
        return out

    def _watchable(self, value: bool) -> None:
        """Spectators or none: with none, there is nobody whose chat to allow."""
        self.watchable = value
        self._layout()

    def create_message(self) -> dict[str, Any]:
        return {
            "type": "create",
            "name": self.name.strip(),
            "game": self.game.key,
            "options": self.rules.wire(len(self.seats))
            if self.rules is not None
            else self.game.wire_options(dict(self.options)) or dict(self.options),
            "seats": self.wire_seats(),
            "grace": self.grace,
            **({"open": True} if self.listed else {}),  # closed: nothing said, as before
            **({} if self.watchable else {"watch": False}),  # spectators: on unless said
            **({"watch_chat": True} if self.watchable and self.watch_chat else {}),  # off
        }

    def _host(self) -> None:
        problem = name_refusal(self.name)
        if problem:
            self.message = problem
            return
        self.message = ""
        game = {"seats": [[seat.kind, seat.how] for seat in self.seats],
                "options": dict(self.options), **rules_record(self.rules)}  # fmt: skip
        room = {"watch": self.watchable, "watch_chat": self.watch_chat}
        keep_choices(self.app, name=self.name.strip(), game=self.game.key, lan=self.lan,
                     grace=self.grace, host=with_game(recalled(), self.game.key, game, room))  # fmt: skip
        message = self.create_message()
        lan, name = self.lan, self.name.strip()

        def work() -> Link | str:
            return host_game(lan, name, message)

        self.app.stack.push(
            LoadingScene(
                self.app,
                "Opening your game",
                work,
                self._opened,
                detail=self.game.title,
                discard=drop_link,
            )
        )

    def _opened(self, result: Link | str) -> None:
        if isinstance(result, str):  # the server's refusal names an option as its row does
            self.message = result if self.rules is None else self.rules.words(result)
            return
        from skully_game.scenes.online.lobby import LobbyScene

        self.app.stack.push(LobbyScene(self.app, result))

    # ---- drawing -------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.message = name_cut_note(self.widgets, self.message)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        w, h = self.app.size
        surface.fill(theme.ASPHALT_DARK)
        theme.text(surface, "Host a game", (40, 30), 48, theme.ACCENT, bold=True)
        theme.text(surface, "The game", (40, 80), 24, theme.TEXT_DIM)
        theme.text(surface, "Seats, in order of play", (self.seats_x, 80), 24, theme.TEXT_DIM)
        for text, (x, y) in self.captions:
            theme.text(surface, text, (x, y), 22, theme.TEXT, "midleft")
        for text, y in self.seat_rows:
            theme.text(surface, text, (self.seats_x + 8, y), 22, theme.TEXT_DIM, "midleft")
        if self.note_at is not None:  # (no room for it under many rule rows: the tooltip says it)
            x, y = self.note_at
            for line in theme.wrap_lines(OPEN_TIP[self.lan] + ".", 19, self.note_w, 3):
                theme.text(surface, line, (x, y), 19, theme.TEXT_DIM)
                y += 22
        self.widgets.draw(surface)
        if self.message:
            line = theme.fit(self.message, 20, w - 500)  # between Back and Host game
            theme.text(surface, line, (w // 2, h - 46), 20, theme.DANGER, "center")


def host_game(lan: bool, name: str, create: dict[str, Any]) -> Link | str:
    """Start the server here and take the host's seat: the link, or why not in words (on a
    worker thread)."""
    hosting = Hosting(lan)
    try:
        hosting.start(name)
    except OSError as exc:
        return f"Could not open a game on this computer: {exc.strerror or exc}"
    result = open_room(hosting.here, name, create, hosting)
    if isinstance(result, str):
        hosting.stop()
    return result
