"""The lobby: who sits where, who is connected or away, the address and room code to give
friends; the host hands a free or absent seat to a computer player and starts the game, and
then every seat's table opens (games.table_scene). The table's chat already works here (C or
the Chat button: the same box, limits and mutes; a spectator's only if the host lets them),
and whom a person muted stays muted at the table."""

from __future__ import annotations

from typing import Any

import pygame

from cards import registry
from skully_game.scenes.online.chat import CHAT_KEY, Chat, people_of
from skully_game.scenes.online.chatview import HeardChat, SpectatorChat, heard_of
from skully_game.scenes.online.clip import NO_COPY, copy_text, invite
from skully_game.scenes.online.games import default_level, game_title, online_game, table_scene
from skully_game.scenes.online.link import MOVED, Link, clock, is_local, said
from skully_game.scenes.online.remember import keep_seat
from skully_game.scenes.online.spectate import spectator_scene
from skully_game.scenes.online.watchers import ask_stop_watching, watchers_line
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.dialogs import ConfirmDialog
from skully_game.shell.freshpress import FreshPress
from skully_game.shell.scene import FormScene
from skully_game.shell.widgets import Button, Choice, Widget, WidgetGroup, page_foot

ROW_H = 46
COPY_W = 250  # the Copy button, top right, beside the title


def level_word(game: str, level: str) -> str:
    """A computer player's level in the words the host page and the table use ("Steady", not
    the wire's "heuristic"); Skully's levels are words already ("street legend")."""
    try:
        info = registry.game(game)
    except KeyError:
        return level.replace("-", " ")
    return info.entry().bot_word(level)


def seat_words(link: Link, seat: dict[str, Any]) -> str:
    """Who sits in a seat, in a few words: 'host', 'away, 1:40 left', 'computer, skilled'."""
    if seat["open"]:
        return "waiting for a friend to join"
    if seat["kind"] == "computer":
        return f"computer, {level_word(link.game, str(seat['level']))}"
    words = []
    if seat["host"]:
        words.append("host")
    if seat["seat"] == link.seat:
        words.append("you")
    if not seat["connected"]:
        words.append(f"away, {clock(link.away_left(seat))} left")
    else:
        words.append("here")
    return ", ".join(words)


WATCHING = "You are watching: you take no seat and see what every player sees."
WATCHING_CHAT = "You are watching: you take no seat, see what every player sees, and may chat."


class LobbyScene(FormScene):
    def __init__(self, app: App, link: Link) -> None:
        super().__init__(app)
        self.link = link
        game = online_game(link.game)
        self.levels = list(game.levels) if game is not None else []
        self.level = default_level(game) if game is not None else ""
        self.widgets = WidgetGroup()
        self.opened = False
        self.starting = False  # the start is sent: a second Enter or click sends nothing more
        self.chose_focus = False  # the person moved the keyboard focus: it stays theirs
        self.press_guard = FreshPress()  # a button just shown takes no press from before
        # the chat: a seat's (handed on to its table through the link) or a spectator's
        self.chat: Chat | None = None
        self.heard: HeardChat | None = None
        if link.watching:
            self.heard = heard_of(link)
        else:
            self.chat = link.chat = link.chat or Chat(lambda: link.client)
        self._layout()
        if link.hosting is None and link.token:  # to come back after the program is closed
            seat = {"address": str(link.address), "room": link.room, "token": link.token}
            keep_seat(app, {**seat, "name": link.name})

    # ---- layout --------------------------------------------------------------------------

    def _layout(self) -> None:
        w = self.app.size[0]
        link = self.link
        widgets: list[Widget] = []
        self.rows_top = 214
        y = self.rows_top
        free = False
        for seat in link.seats():
            handable = link.host and seat["kind"] == "person" and seat["seat"] != link.seat
            handable = handable and (seat["open"] or not seat["connected"])
            if handable and self.levels and not link.lost:
                free = True
                widgets.append(
                    Button(
                        pygame.Rect(w - 260, y + 2, 220, 38),
                        "Computer plays",
                        on_click=lambda i=seat["seat"]: self.link.give_to_computer(i, self.level),
                        size=20,
                        tooltip="A computer player of the level below takes this seat",
                    )
                )
            y += ROW_H
        if free:
            level = Choice(
                pygame.Rect(w - 480, y + 8, 440, 40),
                "Computer level",
                options=self.levels,
                on_change=lambda v: setattr(self, "level", v),
                tooltip="The level of a computer player given a free seat",
            )
            level.set_value(self.level)
            widgets.append(level)
        if link.hosting is not None and not link.lost:
            widgets.append(
                Button(
                    pygame.Rect(w - 40 - COPY_W, 34, COPY_W, 40),
                    "Copy address and code",
                    on_click=self.copy,
                    size=20,
                    tooltip=f"Copy {self.invite()} to paste into Join a game (Ctrl+V)",
                )
            )
        leave = page_foot(self.app.size)[0]
        widgets.append(
            Button(
                leave,
                "Leave",
                on_click=self.ask_leave,
                size=24,
                tooltip="Stop watching (Esc)" if link.watching else "Leave the room (Esc)",
            )
        )
        if not link.lost:
            widgets.append(
                Button(
                    pygame.Rect(leave.right + 16, leave.y, 130, leave.h),
                    "Chat",
                    on_click=self.open_chat,
                    size=22,
                    tooltip="C: a line to the room, and a mute per person",
                )
            )
        if link.host and not link.lost:
            waiting = any(s["open"] for s in link.seats()) or not link.seats()
            widgets.append(
                Button(
                    page_foot(self.app.size)[1],
                    "Start game",
                    not waiting and not self.starting,
                    on_click=self.start,
                    size=28,
                    tooltip="Every seat is taken: start"
                    if not waiting
                    else "Wait for every friend, or give their seat to a computer",
                )
            )
        self.widgets.set(widgets)
        if not self.chose_focus:  # Enter starts the game once it can; it never leaves
            start = [i for i, w in enumerate(widgets) if w.label == "Start game" and w.enabled]
            self.widgets.focus = start[0] if start else -1

    # ---- the room ------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.opened:
            return
        self.press_guard.tick(dt, self.widgets.widgets)
        before = (self.link.lobby, self.link.lost, self.link.status)
        messages = self.link.poll()
        for k, message in enumerate(messages):
            kind = message["type"]
            if kind == "refused":
                self.app.toast(said(message["reason"]), theme.DANGER, 5.0)
                if self.starting:  # the start was refused (a seat came open): it may be sent again
                    self.starting = False
                    self._layout()
            elif kind == "moved":  # a group's server stopping: the room goes on at another
                self.app.toast(MOVED, theme.TEXT, 4.0)
            elif kind == "chat":
                self.hear(message)
            elif kind == "lobby" and self.heard is not None:
                self.heard.seats_from(message)
            elif kind == "setup":
                self._open_table(messages[k + 1 :])
                return
        if (self.link.lobby, self.link.lost, self.link.status) != before:
            if self.link.ending is not None and self.link.hosting is None:
                keep_seat(self.app, None)  # the room is gone: no seat to come back to
            self._layout()

    def _open_table(self, rest: list[dict[str, Any]]) -> None:
        """The host started: this seat's table, with the messages after the setup left for it
        (a spectator's page for one who watches)."""
        self.link.unread(rest)
        scene = spectator_scene(self.app, self.link) if self.link.watching else None
        scene = scene or table_scene(self.app, self.link)
        if scene is None:
            self.link.lost = f"This program does not play {game_title(self.link.game)} online yet"
            self._layout()
            return
        self.opened = True
        for below in list(self.app.stack.scenes):  # leaving the table goes to Play online
            if getattr(below, "online_page", False):
                self.app.stack.drop(below)
        self.app.stack.replace(scene)

    def hear(self, message: dict[str, Any]) -> None:
        """A line said in the room: shown for a few seconds and kept for the chat box (never
        a muted person's)."""
        if self.chat is not None:
            self.chat.heard(self.app, message)
        elif self.heard is not None and self.heard.hear(message):
            self.app.toast(self.heard.lines[-1][1], theme.TEXT, 5.0)

    def open_chat(self) -> None:
        """The chat box over the lobby (Esc closes it): the same as at the table."""
        if self.link.lost or self.opened:
            return
        if self.chat is not None:
            people = people_of(self.link.lobby, self.link.seat)
            self.chat.open(self.app, people, self.link.lobby)
        elif self.heard is not None:
            SpectatorChat(self.heard, self.update, self.link).open(self.app)

    def invite(self) -> str:
        """The address and code friends paste into Join a game: this network's first address."""
        hosting = self.link.hosting
        address = hosting.addresses()[0] if hosting is not None else self.link.address
        return invite(address, self.link.room)

    def copy(self) -> None:
        """One click: the address and code on the clipboard, or why they could not be."""
        text = self.invite()
        if copy_text(text):
            self.app.toast(f"Copied {text}: friends paste it into Join a game", theme.OK)
        else:
            self.app.toast(f"{NO_COPY}: give your friends {text}", theme.DANGER, 5.0)

    def start(self) -> None:
        """Start the game once: the table opens when the server's setup comes back."""
        if self.starting:
            return
        self.starting = True
        self.link.start()
        self._layout()

    def ask_leave(self) -> None:
        if self.link.lost:
            self.leave()
            return
        if self.link.watching:
            ask_stop_watching(self.app, self.leave, "The game has not begun; you may watch "
                              "again with the room's code.")  # fmt: skip
            return
        host = self.link.hosting is not None
        self.app.stack.push(
            ConfirmDialog(
                self.app,
                "Close the room?" if host else "Leave the room?",
                self.leave,
                detail="Everyone in it is sent away."
                if host
                else "The host may give your seat to a computer player.",
                yes="Close it" if host else "Leave",
                no="Stay",
            )
        )

    def leave(self) -> None:
        self.link.close()
        if self.app.stack.top is self:
            self.app.stack.pop()

    def quit_warning(self) -> str | None:
        if self.link.hosting is None or self.link.lost or self.opened:
            return None  # (once the game has begun, its table asks)
        return "You host this room: closing Skully closes it and sends everyone away."

    def exit(self) -> None:
        if not self.opened:
            self.link.close()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.press_guard.swallow(self.app, event, self.widgets.widgets):
            return None  # the second click of a double click, on a button just shown
        focus = self.widgets.focus
        if self.widgets.handle(event):
            self.chose_focus = self.chose_focus or self.widgets.focus != focus
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ask_leave()
        mods = pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META  # C with these: not chat
        if event.type == pygame.KEYDOWN and event.key == CHAT_KEY and not event.mod & mods:
            self.open_chat()
        return None

    # ---- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        w = self.app.size[0]
        link = self.link
        surface.fill(theme.ASPHALT_DARK)
        title = f"{game_title(link.game)} online"
        room = w - 80 - (COPY_W + 20 if link.hosting is not None and not link.lost else 0)
        theme.text(surface, theme.fit(title, 48, room, True), (40, 30), 48, theme.ACCENT, bold=True)
        for k, (line, colour) in enumerate(self._lines()):
            theme.text(surface, theme.fit(line, 22, w - 80), (40, 92 + 28 * k), 22, colour)
        y = self.rows_top
        theme.text(surface, "Seats", (40, y - 28), 22, theme.TEXT_DIM)
        for seat in link.seats():
            row = pygame.Rect(36, y, w - 72, ROW_H - 6)
            if seat["seat"] == link.seat:
                pygame.draw.rect(surface, theme.PANEL, row, border_radius=8)
            number = theme.text(
                surface, f"{seat['seat'] + 1}", (48, row.centery), 22, theme.TEXT_DIM, "midleft"
            )
            name = seat["name"] or "Open seat"
            colour = theme.TEXT if seat["name"] else theme.TEXT_DIM
            shown = theme.text(
                surface,
                theme.fit(name, 24, 260, True),
                (number.right + 18, row.centery),
                24,
                colour,
                "midleft",
                True,
            )
            words = seat_words(link, seat)
            away = seat["kind"] == "person" and not seat["connected"] and not seat["open"]
            tint = theme.DANGER if away else theme.TEXT_DIM
            room = (w - 280 if link.host else w - 60) - (shown.right + 16)
            theme.text(
                surface,
                theme.fit(words, 20, room),
                (shown.right + 16, row.centery),
                20,
                tint,
                "midleft",
            )
            y += ROW_H
        watching = watchers_line(link.lobby, link.name if link.watching else None)
        if watching:
            theme.text(surface, theme.fit(watching, 20, w - 80), (40, y + 4), 20, theme.TEXT_DIM)
        self.widgets.draw(surface)

    def _lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """What the room says above the seats: the address and code, or what is waited for."""
        link = self.link
        if link.lost and link.ending is not None:
            return [
                (link.lost, theme.DANGER),
                ("Nothing was played yet: Leave goes back.", theme.TEXT_DIM),
            ]
        if link.lost:
            return [(link.lost, theme.DANGER), ("Leave, then host or join again.", theme.TEXT_DIM)]
        if link.status:
            return [(link.status, theme.DANGER)]
        lines = []
        if link.hosting is not None:
            where = link.shown_address()
            lines.append(
                (
                    f"Give your friends the address {where}  and the room code {link.room}",
                    theme.TEXT,
                )
            )
            if not link.hosting.lan or all(is_local(a) for a in link.hosting.addresses()):
                lines.append(
                    (
                        "Only this computer can join: host it for this network to play "
                        "with friends on theirs.",
                        theme.TEXT_DIM,
                    )
                )
            elif link.hosting.moved:
                lines.append(
                    (
                        "The usual port was taken, so this game listens on another: "
                        "give the whole address.",
                        theme.TEXT_DIM,
                    )
                )
        else:
            lines.append((f"Room {link.room} at {link.address}", theme.TEXT))
        if link.watching:
            chat = link.lobby is not None and link.lobby.get("watch_chat") is True
            lines.append((WATCHING_CHAT if chat else WATCHING, theme.TEXT_DIM))
        host = next((s["name"] for s in link.seats() if s["host"]), "the host")
        listed = link.lobby is not None and link.lobby.get("listed") is True
        if any(s["open"] for s in link.seats()) and link.host:
            waiting = "Waiting for friends to join."
            if listed:
                waiting = "Waiting for friends: an open room, listed on the Join page (no code)."
            lines.append((waiting, theme.TEXT_DIM))
        elif any(s["open"] for s in link.seats()):
            lines.append((f"Waiting for friends to join; then {host} starts.", theme.TEXT_DIM))
        elif link.host:
            lines.append(("Every seat is taken: start when you are ready.", theme.OK))
        else:
            lines.append((f"Waiting for {host} to start the game.", theme.TEXT_DIM))
        return lines[:3]
