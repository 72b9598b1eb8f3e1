"""Chat at a table across desks: a box over the table (C, or the panel's Chat button) with the
preset lines one click away, a few words of one's own, and a mute per person. What is said
shows for a few seconds at the speaker's seat (the card tables: under the seat's box), else
over the table with the speaker's name; the box keeps the last lines said, with who said
them (the wheel scrolls back); muting a person hides what they say from then on (their
earlier lines stay, and the box says from where), unmuting lets their lines through again. A spectator's line (if the host lets them chat) has no
seat: it shows over the table as "(watching) Cy: …", and its speaker can be muted by name like
anyone. Only text is ever sent or shown (the server refuses anything else, net/protocol.py)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame

from skully_game.net.protocol import CHAT_LINES, MAX_CHAT
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.scene import FormScene
from skully_game.shell.widgets import Button, TextField, WidgetGroup

CHAT_KEY = pygame.K_c
SHOWN = 5.0  # seconds a line said at the table stays up
WATCHING = "(watching)"  # before a spectator's name in the lines they say
MUTABLE_SPECTATORS = 6  # spectators offered a Mute button at most (the box fits 1024x640)
KEPT = 40  # lines of chat a table keeps for its box
LOW = 10  # seconds of one's own move left from which the box warns in the danger colour
HISTORY = 6  # the lines the box shows at once (fewer where the window is short)
ROW = 24  # a line's height in the box

Who = int | str  # a person to mute: a seat, or a spectator by name


def said_line(message: dict[str, Any]) -> str | None:
    """What a chat message shows: 'Bea: Well played!', a spectator's '(watching) Cy: Go Bea'
    (None: not a line of chat)."""
    name, text = message.get("name"), message.get("text")
    if not isinstance(name, str) or not isinstance(text, str):
        return None
    if isinstance(message.get("watcher"), str):
        return f"{WATCHING} {name}: {text[:MAX_CHAT]}"
    return f"{name}: {text[:MAX_CHAT]}"


def speaker(message: dict[str, Any]) -> Who | None:
    """Who said a line of chat: their seat, or a spectator's name (None: neither)."""
    seat, watcher = message.get("seat"), message.get("watcher")
    if type(seat) is int:
        return seat
    return watcher if isinstance(watcher, str) and watcher else None


def spectators_of(
    lobby: dict[str, Any] | None, heard: list[str], me: str = ""
) -> list[tuple[Who, str]]:
    """The spectators one may mute, (name, 'Cy (watching)'): those the lobby names and those
    heard speaking, less `me` (a spectator's own name)."""
    names = [n for n in (lobby or {}).get("watchers") or [] if isinstance(n, str)]
    out: list[tuple[Who, str]] = []
    for name in [*names, *heard]:
        if name != me and all(name != k for k, _ in out):
            out.append((name, f"{name} {WATCHING}"))
    return out[-MUTABLE_SPECTATORS:]  # the last heard are the last in the list


def mute_note(name: str, muted: bool) -> str:
    """The box's own line where a person was muted or heard again, so its history reads true:
    the lines before it were said, and nothing they said between the two reached here."""
    if muted:
        return f"You muted {name}: what they say from now on is hidden."
    return f"You hear {name} again."


def mute_on_server(client: Any, who: Who, muted: bool) -> None:
    """Tell the server whose lines this connection no longer takes (or takes again)."""
    if isinstance(who, str):
        client.mute(watcher=who, muted=muted)
    else:
        client.mute(who, muted)


class Chat:
    """A table's chat: its connection's sending, whom this person muted, what was said."""

    def __init__(self, connection: Callable[[], Any]) -> None:
        self.connection = connection  # the table's client now (it changes after a dropped line)
        self.muted: set[Who] = set()
        self.said: dict[int, tuple[str, float]] = {}  # each seat's last line, and when
        self.spoke: list[str] = []  # the spectators heard speaking (to mute them by name)
        # the last lines said, (speaker, 'Bea: Oops!'), and the box's own notes of a mute
        # (speaker None)
        self.lines: list[tuple[Who | None, str]] = []

    @property
    def client(self) -> Any:
        return self.connection()

    def heard(self, app: App, message: dict[str, Any], at_seats: bool = False) -> None:
        """A line said: kept for the box, and shown in its seat's bubble (`at_seats`), else over
        the table; a muted person's line (one already on its way) is dropped unseen."""
        line, seat, who = said_line(message), message.get("seat"), speaker(message)
        if line is None or who in self.muted:
            return
        self.lines.append((who, line))
        del self.lines[:-KEPT]
        if isinstance(who, str) and who not in self.spoke:
            self.spoke.append(who)
        if at_seats and type(seat) is int:
            self.said[seat] = (str(message["text"])[:MAX_CHAT], time.monotonic())
        else:
            app.toast(line, theme.TEXT, SHOWN)

    def history(self) -> list[str]:
        """The lines the box shows, oldest first: everything heard (a muted person's lines
        never arrive), with where each mute began and ended."""
        return [line for _, line in self.lines]

    def draw_at_seats(self, surface: pygame.Surface, seats: dict[int, pygame.Rect]) -> None:
        """Each line said in the last few seconds, in a bubble under its seat's box."""
        now = time.monotonic()
        for seat, (text, at) in list(self.said.items()):
            box = seats.get(seat)
            if now - at > SHOWN or box is None:
                continue
            words = theme.fit(text, 18, max(160, box.w + 80) - 16)
            width = theme.font(18).size(words)[0] + 20
            bubble = pygame.Rect(0, 0, width, 30)
            bubble.midtop = (box.centerx, box.bottom + 4)
            bubble.clamp_ip(surface.get_rect())
            pygame.draw.rect(surface, theme.PANEL, bubble, border_radius=10)
            pygame.draw.rect(surface, theme.ACCENT, bubble, 1, border_radius=10)
            theme.text(surface, words, bubble.center, 18, theme.TEXT, "center")

    def open(
        self, app: App, people: list[tuple[int, str]], lobby: dict[str, Any] | None = None
    ) -> None:
        """The chat box over the table: `people` are the others at it, (seat, name); the
        spectators the `lobby` names or who spoke may be muted too."""
        everyone: list[tuple[Who, str]] = [*people, *spectators_of(lobby, self.spoke)]
        app.stack.push(ChatDialog(app, self, everyone))

    def mute(self, who: Who, muted: bool, name: str | None = None) -> None:
        """`who`'s lines stop (or start again) from now: those already in the box stay."""
        if (who in self.muted) != muted and name is not None:
            self.lines.append((None, mute_note(name, muted)))
            del self.lines[:-KEPT]
        (self.muted.add if muted else self.muted.discard)(who)
        mute_on_server(self.client, who, muted)


def mute_buttons(
    people: list[tuple[Who, str]],
    muted: set[Who] | frozenset[Who],
    at: tuple[int, int, int],
    mute: Callable[[Who, bool], None],
    says: tuple[str, str],
) -> list[Button]:
    """A Mute (or Hear) button for each person, two to a row from `at` (x, y, width); `says`
    is what their lines do once heard again and once muted, for the tooltips."""
    x, y, inner = at
    half = (inner - 10) // 2
    out = []
    for k, (seat, name) in enumerate(people):
        off = seat in muted
        rect = pygame.Rect(x + (k % 2) * (half + 10), y + (k // 2) * 48, half, 40)
        label = theme.fit(f"{'Hear' if off else 'Mute'} {name}", 20, half - 16)
        tip = f"{name}'s lines {says[0] if off else says[1]}"
        out.append(Button(rect, label, size=20, tooltip=tip,
                          on_click=lambda s=seat, m=off: mute(s, not m)))  # fmt: skip
    return out


class ChatDialog(FormScene):
    """The preset lines, a line of one's own, and a mute per person; Esc closes it."""

    transparent = True

    def __init__(self, app: App, chat: Chat, people: list[tuple[Who, str]]) -> None:
        super().__init__(app)
        self.chat = chat
        self.people = people
        self.text = ""
        self.back = 0  # lines scrolled back from the newest (the wheel)
        self.shows = HISTORY
        self.widgets = WidgetGroup()
        self._layout()

    def _layout(self) -> None:
        w, h = self.app.size
        rows = 2 + (len(self.people) + 1) // 2
        height = 150 + 48 * rows + 60
        self.shows = max(2, min(HISTORY, (h - 20 - height - 12) // ROW))  # lines of history
        self.box = pygame.Rect(0, 0, min(760, w - 40), height + self.shows * ROW + 12)
        self.box.center = (w // 2, h // 2)
        x, y, inner = self.box.x + 24, self.box.y + 64 + self.shows * ROW + 12, self.box.w - 48
        bw = (inner - 3 * 10) // 4
        widgets: list[Any] = []
        for k, (key, words) in enumerate(CHAT_LINES.items()):
            rect = pygame.Rect(x + (k % 4) * (bw + 10), y + (k // 4) * 48, bw, 40)
            widgets.append(Button(rect, words, on_click=lambda k=key: self._say(line=k), size=20))
        y += 2 * 48 + 12
        field = TextField(pygame.Rect(x, y, inner - 130, 42), "a few words", value=self.text,
                          max_length=MAX_CHAT, on_change=lambda v: setattr(self, "text", v))  # fmt: skip
        send = Button(pygame.Rect(x + inner - 120, y, 120, 42), "Send", on_click=self._send)
        widgets += [field, send]
        y += 60
        widgets += mute_buttons(self.people, self.chat.muted, (x, y, inner), self._mute,
                                ("reach you again", "no longer reach you"))  # fmt: skip
        close = Button(pygame.Rect(self.box.right - 144, self.box.bottom - 56, 120, 40), "Close",
                       on_click=self.app.stack.pop, tooltip="Esc")  # fmt: skip
        self.widgets.set([*widgets, close])

    def _say(self, line: str | None = None, text: str | None = None) -> None:
        self.chat.client.say(text=text, line=line)
        self.app.stack.pop()

    def _send(self) -> None:
        words = " ".join(self.text.split())
        if words:
            self._say(text=words)

    def _mute(self, who: Who, muted: bool) -> None:
        name = next((n for w, n in self.people if w == who), str(who))
        self.chat.mute(who, muted, name)
        self._layout()

    def update(self, dt: float) -> None:
        """The table under the box goes on (its moves, its clock): a line said meanwhile shows
        here at once, as in a spectator's box."""
        super().update(dt)
        scenes = self.app.stack.scenes
        if scenes and scenes[-1] is self and len(scenes) > 1:
            scenes[-2].update(dt)

    def clock_warning(self) -> tuple[str, theme.Colour] | None:
        """While this person's own clock runs at the table under the box: the time left, so a
        chat never costs a turn unawares (a warning under LOW seconds); None otherwise."""
        scenes = self.app.stack.scenes
        below = scenes[-2] if len(scenes) > 1 and scenes[-1] is self else None
        own = getattr(below, "own_clock_left", None)
        mine = own() if callable(own) else None
        if mine is None:
            return None
        left = mine[0]  # (standing or running: the time the move has)
        if left < LOW:
            return f"Only {left} s left for your move!", theme.DANGER
        return f"Your move: {clock_words(left)} left", theme.ACCENT

    def shown_lines(self) -> list[str]:
        """The lines in the box now: the newest that fit, or earlier ones scrolled back to."""
        lines = self.chat.history()
        self.back = max(0, min(self.back, len(lines) - self.shows))
        end = len(lines) - self.back
        return lines[max(0, end - self.shows) : end]

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.MOUSEWHEEL:  # up: earlier lines; down: back to the newest
            self.back = max(0, self.back + event.y)
            self.shown_lines()  # kept within the lines there are
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            field = next(w for w in self.widgets.widgets if isinstance(w, TextField))
            if field.editing and " ".join(self.text.split()):
                self._send()
                return None
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        pygame.draw.rect(surface, theme.PANEL, self.box, border_radius=12)
        pygame.draw.rect(surface, theme.PANEL_EDGE, self.box, 1, border_radius=12)
        theme.text(surface, "Say to the table", (self.box.x + 24, self.box.y + 18), 28,
                   theme.ACCENT, bold=True)  # fmt: skip
        warning = self.clock_warning()
        if warning is not None:
            words, colour = warning
            theme.text(surface, words, (self.box.right - 24, self.box.y + 24), 20, colour,
                       "topright", bold=colour == theme.DANGER)  # fmt: skip
        else:
            theme.text(surface, "Text only: a line, or a few words of your own",
                       (self.box.right - 24, self.box.y + 28), 17, theme.TEXT_DIM, "topright")  # fmt: skip
        self.draw_history(surface)
        self.widgets.draw(surface)

    def draw_history(self, surface: pygame.Surface) -> None:
        """The last lines said, who said each, in a well under the title (oldest at the top)."""
        x, y, inner = self.box.x + 24, self.box.y + 60, self.box.w - 48
        well = pygame.Rect(x - 8, y, inner + 16, self.shows * ROW + 8)
        pygame.draw.rect(surface, theme.ASPHALT_DARK, well, border_radius=8)
        lines = self.shown_lines()
        earlier = len(self.chat.history()) - self.back - len(lines)
        hint = ""  # more lines than the well holds: the wheel scrolls them
        if earlier > 0:
            hint = f"{earlier} earlier line{'s' if earlier != 1 else ''}: wheel up"
        elif self.back:
            hint = "wheel down: newer lines"
        room = theme.font(15).size(hint)[0] + 16 if hint else 0
        if hint:
            theme.text(surface, hint, (well.right - 8, well.y + 6), 15, theme.TEXT_DIM, "topright")
        if not lines:
            theme.text(surface, "Nobody has said anything yet.", (x, y + 4), 19, theme.TEXT_DIM)
        for k, line in enumerate(lines):
            fitted = theme.fit(line, 19, inner - (room if k == 0 else 0))
            theme.text(surface, fitted, (x, y + 4 + k * ROW), 19, theme.TEXT)


class Chatting:
    """A card table's part in chat (mixed into OnlineTable): C opens the box, lines show at
    the seats when the table has seat boxes."""

    app: App
    chat: Chat
    lost: str
    ending: dict[str, Any] | None
    lobby: dict[str, Any] | None
    shadow: Any
    client: Any

    def open_chat(self) -> None:
        if not self.lost and self.ending is None:
            self.chat.connection = lambda: self.client  # (a chat from the lobby: this line's)
            self.chat.open(self.app, people_of(self.lobby, self.shadow.seat), self.lobby)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        mods = pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META  # C with these: not chat
        if event.type == pygame.KEYDOWN and event.key == CHAT_KEY and not event.mod & mods:
            self.open_chat()
            return None
        return super().handle_event(event)  # type: ignore[misc,no-any-return]

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)  # type: ignore[misc]
        seats = getattr(self, "seat_rects", None)
        if seats is not None:
            self.chat.draw_at_seats(surface, seats())


def clock_words(seconds: int) -> str:
    """'0:24' for a person to read (as the table's clock shows it)."""
    return f"{seconds // 60}:{seconds % 60:02d}"


def people_of(lobby: dict[str, Any] | None, me: int) -> list[tuple[int, str]]:
    """The other people at the table (not computer players), (seat, name), from the lobby."""
    seats = lobby.get("seats") if isinstance(lobby, dict) else None
    out: list[tuple[int, str]] = []
    for item in seats if isinstance(seats, list) else []:
        if not isinstance(item, dict) or item.get("kind") != "person" or item.get("seat") == me:
            continue
        if item.get("open"):  # nobody sits there yet (a lobby): nobody to mute
            continue
        if isinstance(item.get("seat"), int) and isinstance(item.get("name"), str):
            out.append((item["seat"], item["name"] or f"Seat {item['seat'] + 1}"))
    return out
