"""Skully online at the same table as at one desk: the Skully table scene, its moves sent to the
server instead of made here, and every move (this person's and everyone else's) played back from
the server's updates in order. A shot is shown by simulating the same flick again from the same
caps (net/mirror.py's check) and ends on the server's rest positions exactly: the rules apply the
server's shot, never the one simulated here.

This person's flick or slingshot is measured as at the desk and sent as it was meant; the server
applies the seat's hand. Whose turn, who is away and who is thinking come from the server. After
the game the full record the server hands out is kept as a normal Skully replay."""

from __future__ import annotations

import json
import math
import time
from collections import deque
from typing import Any

import pygame

from skully_game.core.errors import DataError
from skully_game.core.fileio import write_atomic
from skully_game.net.mirror import SkullyMirror
from skully_game.net.rooms import typed_code
from skully_game.scenes.online.again import (
    READY_TIP,
    START_NOW,
    START_TIP,
    draw_ready_tag,
    ready_seats,
    ready_words,
    waiting_words,
)
from skully_game.scenes.online.away import shots_missed
from skully_game.scenes.online.chat import CHAT_KEY, Chat, people_of
from skully_game.scenes.online.link import (
    HOST_QUITS,
    MOVED,
    Link,
    clock,
    closing_words,
    said,
)
from skully_game.scenes.online.movetimer import MoveClock, ran_out_words
from skully_game.scenes.online.remember import keep_seat
from skully_game.scenes.online.watchers import MOVED_HUSH, watch_news, watcher_names
from skully_game.scenes.skully.dialogs import GameOverScene
from skully_game.scenes.skully.gamepanel import PANEL_W
from skully_game.scenes.skully.table import SkullyGameScene
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.dialogs import ConfirmDialog
from skully_game.shell.scene import GameSave
from skully_game.shell.widgets import Button
from skully_game.skully.caps import CapType
from skully_game.skully.physics import MAX_SPEED, Flick, ShotResult
from skully_game.skully.rules import shot_setup, status
from skully_game.skully.rules.events import Event
from skully_game.skully.saves import games_dir
from skully_game.skully.session import Action, PlaceAction, ShotAction, session_from_dict
from skully_game.skully.skill import level

CATCH_UP = 3  # more news than this at once (coming back): applied at once, not shown shot by shot
RECORD_WAIT = 5.0  # seconds the game's end waits for the server's record before it shows
HAND_OVER = "skilled"  # the computer player an absent person's seat is handed to


class OnlineSkullyScene(SkullyGameScene):
    """A game of Skully played on a server: only this person's seat is played here."""

    leave_label = "Leave"
    leave_question = "Leave the game?"
    leave_yes = "Leave"
    handed_over = False  # the next game's table took the link (Play again)

    @property  # type: ignore[override]
    def leave_tip(self) -> str:
        """Leave's tooltip says what leaving does, as its confirm box does: the host's
        leaving ends the game for everyone; a friend's seat is kept while the game goes on."""
        state = getattr(self, "state", None)
        if self.link.ending is not None:
            return "Leave the table; the room is closed (Esc)"
        if self.link.hosting is not None and not (state is not None and state.over):
            return "Leave the table; you host, so leaving ends the game for everyone (Esc)"
        return "Leave the table; the game goes on at the server (Esc)"

    def __init__(self, app: App, link: Link) -> None:
        assert link.setup is not None, "the table opens once the server sent the game"
        self.link = link
        self.watchers = watcher_names(link.lobby)  # known already: not news at this table
        self.me = link.seat
        self.mirror = SkullyMirror(link.setup)
        self.queue: deque[Action] = deque()  # the server's moves not yet shown here
        self.known = 0  # the server's moves received so far
        self.sent = False  # this person's move is on its way; the next comes with the update
        self.playing: ShotAction | None = None  # the server's shot being shown
        self.server_thinking: int | None = None  # the computer seat the server is thinking for
        self.asked_record = False
        self.told_closed = False  # the room's closing was said
        self.record_saved = False
        self.over_waiting: float | None = None  # since when the end waits for the record
        self.asked_again = False  # this person said they are ready to play again
        self.chat = link.chat = link.chat or Chat(lambda: link.client)  # kept through Play again
        self.move_clock = MoveClock()  # the host's time per shot, as the server counts it
        self.server_move = -1  # the newest update's move number (a move answers it)
        self.ready_for = -1  # the update whose move this table last said it shows
        self.replayed = 0  # shots simulated here that ended where the server's did
        self.seen_from = 0  # a catch-up: the moves this seat had seen before it left
        self.mismatches = 0
        session = self.mirror.copy()
        stamp = session.created.replace(":", "").replace("+", "_")
        # the server's own name for it: a game hosted here is kept once, not twice
        path = games_dir() / f"{stamp}-online-{typed_code(link.room)}.json"
        super().__init__(app, session, path)
        self.panel_title = "Skully online"

    # ---- who plays here ------------------------------------------------------------------

    def _seat_computers(self) -> None:
        super()._seat_computers()
        self.planners = {}  # the computer players think at the server

    def plays_here(self, seat: int) -> bool:
        return seat == self.me and not self.sent and self.link.connected

    def _lobby_seat(self, i: int) -> dict[str, Any] | None:
        seats = self.link.seats()
        return seats[i] if 0 <= i < len(seats) else None

    def seat_note(self, i: int) -> str:
        """The seat's line in the panel, led by the time it has left for this shot when the
        host set a clock ("0:24 · you, ...": first, so a narrow panel never cuts it off)."""
        note = self._seat_words(i)
        timed = self._timed(i, "")
        return note if not timed else f"{timed.removeprefix(' · ')} · {note}"

    def _seat_words(self, i: int) -> str:
        seat = self._lobby_seat(i)
        base = super().seat_note(i)
        if i == self.me:
            return f"you, {base}"
        if seat is None:
            return base
        if seat["kind"] == "computer" and seat.get("level"):
            kind = f"computer, {level(seat['level']).skill.name}"
            thinking = self.server_thinking == i and not self.queue and not self.table.busy
            return kind + (", thinking..." if thinking else "")
        if not seat["connected"]:
            return f"away, {clock(self.link.away_left(seat))} left"
        return base

    def _prompt(self) -> str:
        link = self.link
        if link.lost:
            return link.lost
        if link.status:
            return link.status
        state = self.state
        who = self.actor()
        if state.over or who is None:
            return super()._prompt()
        if self.sent:
            return "Sent: the table moves as the server plays it..."
        return self._timed(who, self._waiting_words(who))

    def own_clock_left(self) -> tuple[int, bool] | None:
        """This person's own shot clock while it is theirs to shoot (the chat box warns of
        it): whole seconds left, and whether it stands still yet (None: not timed)."""
        if self.state.over or self.actor() != self.me or self.sent:
            return None
        left = self.move_clock.left(self.me)
        return None if left is None else (left, self.move_clock.waiting(self.me))

    def _timed(self, who: int, words: str) -> str:
        """`words` with the time `who` has left for this shot, when the host set a clock."""
        left = self.move_clock.left(who) if not self.queue and self.playing is None else None
        return words if left is None else f"{words} · {clock(left)}"

    def _waiting_words(self, who: int) -> str:
        """The prompt while `who` is to move: this person's own, or whom the table waits for."""
        state = self.state
        if who == self.me:
            return super()._prompt()
        name = state.players[who].name
        seat = self._lobby_seat(who)
        if seat is not None and seat["kind"] == "person" and not seat["connected"]:
            return f"{name} is away: waiting for them ({clock(self.link.away_left(seat))} left)"
        if self._placement() is not None:
            return f"Waiting for {name} to put the cap down"
        if state.pending:
            return f"Waiting for {name} to choose"
        going = status(state.players[who], self.session.board_spec.skull_numbers)
        if seat is not None and seat["kind"] == "computer":
            return f"{name} (computer) is thinking: {going}"
        return f"Waiting for {name} to shoot: {going}"

    # ---- this person's moves: sent, not made -----------------------------------------------

    def _send(self, move: dict[str, Any]) -> bool:
        if self.sent or not self.link.connected or self.queue:
            return False
        answers = self.server_move if self.server_move >= 0 else None  # (no update yet)
        self.link.act(move, answers)  # a move for this position only
        self.sent = True
        self._layout()
        return True

    def _flick(self, flick: Flick, flicked: bool = False) -> ShotResult | None:
        if self.actor() == self.me and self.state.can_shoot:
            move = {"kind": "shot", "angle": flick.angle, "speed": flick.speed}
            move |= {"offset": flick.offset, "flicked": flicked}
            if self._send(move):
                self.meant = flick  # what was aimed: the server's hand may spoil it
        return None

    def place(self, point: tuple[float, float]) -> None:
        decision = self._placement()
        if decision is None or decision.player != self.me:
            return
        if self._send({"kind": "place", "at": [float(point[0]), float(point[1])]}):
            self.ghost = self._settled(decision, point)

    def keep(self, keep: bool) -> None:
        d = self.state.decision
        if d is not None and d.player == self.me:
            self._send({"kind": "keep", "keep": keep})

    def switch(self, cap: CapType) -> None:
        if self.actor() == self.me:
            self._send({"kind": "switch", "cap": cap.value})

    # ---- the server's moves, shown in order ------------------------------------------------

    def update(self, dt: float) -> None:
        if self.watch_again():
            return
        for message in self.link.poll():
            self._receive(message)
        if self.link.ending is not None and not self.told_closed:
            self._room_closed()
        self._show_next()
        super().update(dt)
        self._say_ready()
        if self.over_waiting is not None and (
            self.record_saved or time.monotonic() - self.over_waiting > RECORD_WAIT
        ):
            self.over_waiting = None
            self.app.stack.push(OnlineGameOver(self.app, self))

    # ---- play again: each person says they are ready; the room's next game opens here ---

    @property
    def plays_again(self) -> bool:  # type: ignore[override]
        """Whether Play again has its place: the room is still open (any person may say they
        are ready; the host may then start at once)."""
        return self.link.ending is None and not self.link.lost

    def say_ready(self) -> None:
        """Play again, at game over: this person is ready for another game in this room (a
        mark at their seat at every table); it begins once all are, or when the host starts
        it, and watch_again opens it here."""
        if self.asked_again or not self.plays_again or not self.state.over:
            return
        self.asked_again = True
        self.link.again()
        self._layout()

    def start_now(self) -> None:
        """The host, ready: the next game begins without waiting for the others."""
        if self.asked_again and self.link.host and self.plays_again and self.state.over:
            self.link.again(now=True)

    def again_button(self, rect: pygame.Rect) -> Button:
        """Play again; once this person is ready, the host's Start now or whom a guest's
        next game waits for (the game-over screen's and the panel's alike)."""
        if not self.asked_again:
            return Button(rect, "Play again", on_click=self.say_ready, size=20, tooltip=READY_TIP)
        waiting = waiting_words(self.link.lobby, self.me) or "Everyone is ready"
        if self.link.host:
            tip = f"{waiting}: {START_TIP[0].lower()}{START_TIP[1:]}"
            return Button(rect, START_NOW, on_click=self.start_now, size=20, tooltip=tip)
        return Button(rect, theme.fit(waiting, 18, rect.w - 16), size=18, enabled=False,
                      tooltip="You are ready: the next game opens here by itself")  # fmt: skip

    def ready_seats(self) -> set[int]:
        """The seats whose person said they are ready to play again (the lobby's marks)."""
        return ready_seats(self.link.lobby) if self.state.over else set()

    def watch_again(self) -> bool:
        """Whether the host began another game (its setup came): the new table, by way of
        the lobby's screen, takes this one's place (and any dialog's over it)."""
        from skully_game.scenes.online.lobby import LobbyScene

        messages = self.link.poll()
        begun = next((k for k, m in enumerate(messages) if m["type"] == "setup"), None)
        if begun is None or not self.state.over:  # (this game's own setup, read again)
            self.link.unread(messages)
            return False
        for message in messages[:begun]:
            self._receive(message)
        self.link.unread(messages[begun:])
        self.handed_over = True
        self.app.toast("Another game begins: the same seats, a new deal.", theme.TEXT, 4.0)
        stack = self.app.stack
        while stack.scenes and stack.scenes[-1] is not self:
            stack.pop()  # the game-over screen over this table
        stack.replace(LobbyScene(self.app, self.link))
        return True

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """C: the chat box (a line to the table), unless the keys are typing or held."""
        mods = pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META
        if event.type == pygame.KEYDOWN and event.key == CHAT_KEY and not event.mod & mods:
            self.open_chat()
            return None
        return super().handle_event(event)

    def open_chat(self) -> None:
        if self.link.connected and self.link.ending is None:
            self.chat.open(self.app, people_of(self.link.lobby, self.me), self.link.lobby)

    def _say_ready(self) -> None:
        """This person's timed move shows here (every shot before it played out): the server
        is told once, so their clock starts now, not while the last shot still rolled."""
        move = self.server_move
        if self.ready_for == move or self.move_clock.move != move or self.sent:
            return
        if self.queue or self.playing is not None or self.table.busy or self.actor() != self.me:
            return
        if self.move_clock.waiting(self.me) and self.link.connected:
            self.ready_for = move
            self.link.ready(move)

    def _receive(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "clock":  # a timed person's table showed their move: it runs now
            if message.get("move") == self.move_clock.move:
                self.move_clock.heard(message)
        elif kind == "timeout":  # a computer player took that one shot (or choice)
            mine = message.get("seat") == self.me
            if mine:
                self.sent = False  # a shot sent as it ran out is dropped there, and here
            words = ran_out_words(str(message.get("name", ""))[:40], mine)
            self._narrate((words,), theme.CHALK_YELLOW)
            if mine:
                self.app.toast(words, theme.CHALK_YELLOW, 4.0)
        if kind == "update":
            self.move_clock.heard(message)
            if type(message.get("move")) is int:
                self.server_move = message["move"]
            if message["sync"]:
                self.mirror.actions = []  # coming back: every move is sent again
                seen = message.get("seen")  # the moves the seat had before it left
                self.seen_from = seen.get("actions", 0) if isinstance(seen, dict) else 0
                self.sent = False  # a move lost on the way is made again; one that came is here
            try:
                self.mirror.add(message.get("actions", []), check=False)
            except DataError as exc:  # not the same game: said, and this table stops here
                self.link.lost = f"The server's game could not be followed here: {exc}"
                return
            fresh = self.mirror.session.actions[self.known :]
            self.known += len(fresh)
            self.queue.extend(fresh)
            if message["sync"] and len(self.queue) > CATCH_UP:
                self._catch_up()
            self.server_thinking = message.get("thinking")
            if message["over"] and not self.asked_record:
                self.asked_record = True
                self.link.ask_record()
        elif kind == "refused":
            self.sent = False
            self.app.toast(said(message["reason"]), theme.DANGER, 5.0)
            self._layout()
        elif kind == "record":
            self._keep_record(message["record"])
        elif kind == "chat":
            self.chat.heard(self.app, message)
        elif kind == "lobby":
            self.watchers, news = watch_news(self.watchers, message)
            following = time.monotonic() - getattr(self, "moved_at", -math.inf) < MOVED_HUSH
            if news and not following:  # who watches: said as they come and go
                self.app.toast(news, theme.TEXT, 4.0)
            self._layout()
        elif kind == "moved":  # a group's server stopping: the room goes on at another
            self.sent = False  # a shot sent as it stopped is made again there
            self.moved_at = time.monotonic()
            self.app.toast(MOVED, theme.TEXT, 4.0)
        elif kind == "joined":  # the connection dropped and the seat was taken again
            self._narrate(("Back at the table after the connection dropped",), theme.TEXT_DIM)

    def _room_closed(self) -> None:
        """The server closed the room (the host quit, the server stopped): said at once over
        the table, with where the game's record is kept; the link never tries again."""
        self.told_closed = True
        ending = self.link.ending or {}
        over = bool(ending.get("over")) or self.state.over
        news, where = closing_words(str(ending.get("reason", "")), over, self.record_saved)
        if self.link.hosting is None:
            keep_seat(self.app, None)  # no seat to come back to
        self._layout()
        self.app.stack.push(
            ConfirmDialog(
                self.app, news, self.leave, detail=where, yes="Back to the menu", no="Stay and look"
            )
        )

    def _catch_up(self) -> None:
        """Back after a while: what happened meanwhile is applied at once and told in the log."""
        self.table.finish_playback()  # the shot on show ends first (it comes before the rest)
        shots = 0  # those the person missed: made after the moves their seat had seen
        for_me = 0  # ... of them, their own seat's: a computer player shot for them
        while self.queue:
            action = self.queue.popleft()
            seen = len(self.session.actions) < self.seen_from
            missed = isinstance(action, ShotAction) and not seen
            shots += missed
            for_me += missed and action.player == self.me
            events = self.session.apply(action)
            for text, colour in self._story(events, "", self.state):
                self.log.append((text, colour))
        self.sent = False
        self._narrate((shots_missed(shots, for_me),), theme.TEXT_DIM)
        self._sync()

    def _show_next(self) -> None:
        if self.table.busy or not self.queue or self.playing is not None:
            return
        action = self.queue.popleft()
        if action.player == self.me:
            self.sent = False
        if isinstance(action, ShotAction):
            setup = shot_setup(self.state, self.session.options)
            record = action.record(self.session.board_spec, setup.caps, setup.pinned)
            result = record.simulate()  # the same flick from the same caps, shown as it runs
            self.playing = action
            self.pending_flick = action.flick
            if action.player != self.me:
                self.meant = None
            self.table.play(result, action.flick.speed / MAX_SPEED, setup.players)
            return
        if isinstance(action, PlaceAction):
            self.placing = None
        self._after(self.session.apply(action))

    def _judge(self, flick: Flick, result: ShotResult) -> tuple[Event, ...]:
        """The shot as the server made it: the caps end on its rest positions exactly."""
        action = self.playing
        assert action is not None
        self.playing = None
        if result.rest == action.rest:
            self.replayed += 1
        else:
            self.mismatches += 1
        return self.session.apply(action)

    # ---- the panel: handing an absent seat to a computer ----------------------------------

    def _away(self) -> list[int]:
        """The seats of people away now (the host may hand them to a computer player)."""
        if not self.link.host or self.state.over:
            return []
        return [
            s["seat"]
            for s in self.link.seats()
            if s["kind"] == "person" and not s["connected"] and s["seat"] != self.me
        ]

    def _players_bottom(self) -> int:
        again = 42 if self._offers_again() else 0
        return super()._players_bottom() + 42 * (1 + len(self._away())) + again

    def _offers_again(self) -> bool:
        return self.state.over and self.plays_again and not self.queue and not self.table.busy

    def _layout(self) -> None:
        super()._layout()
        away = self._away()
        x = self.app.size[0] - PANEL_W + 14
        y = super()._players_bottom()
        chat = Button(pygame.Rect(x, y, PANEL_W - 28, 36), "Chat", on_click=self.open_chat,
                      size=20, enabled=self.link.connected and self.link.ending is None,
                      tooltip="C: a line to the table")  # fmt: skip
        self.widgets.set([chat, *self.widgets.widgets])
        y += 42
        if self._offers_again():  # under the players, once the game-over screen is closed
            again = self.again_button(pygame.Rect(x, y, PANEL_W - 28, 36))
            self.widgets.set([again, *self.widgets.widgets])
            y += 42
        if not away:
            return
        extra = []
        for i in away:
            name = self.state.players[i].name
            extra.append(
                Button(
                    pygame.Rect(x, y, PANEL_W - 28, 36),
                    theme.fit(f"Computer plays for {name}", 20, PANEL_W - 48),
                    on_click=lambda i=i: self.link.give_to_computer(i, HAND_OVER),
                    size=20,
                    tooltip=f"{name} is away: a computer player takes the seat from now on",
                )
            )
            y += 42
        self.widgets.set([*extra, *self.widgets.widgets])

    def _draw_panel(self, surface: pygame.Surface) -> None:
        """The panel, and at game over a Ready tag on the row of each person who said they
        are ready to play again."""
        super()._draw_panel(surface)
        self.draw_ready_marks(surface)

    def ready_rows(self) -> list[pygame.Rect]:
        """The panel's rows of the seats ready to play again (as the panel draws each row)."""
        x = self.app.size[0] - PANEL_W + 14
        return [pygame.Rect(x - 6, 70 + 58 * i, PANEL_W - 16, 52) for i in sorted(self.ready_seats())
                if i < len(self.state.players)]  # fmt: skip

    def draw_ready_marks(
        self, surface: pygame.Surface, clear_of: pygame.Rect | None = None
    ) -> None:
        """A Ready tag at the foot of each ready seat's row, right (where a finished game's
        row has no words), unless it would lie on `clear_of` (the game-over box)."""
        for row in self.ready_rows():
            tag_at = pygame.Rect(row.right - 90, row.y + 28, 82, 22)
            if clear_of is None or not clear_of.colliderect(tag_at):
                draw_ready_tag(surface, (row.right - 8, row.y + 39))

    # ---- saving: the server keeps the game; the record is kept here at the end ------------

    def _sync(self) -> None:
        now_over = self.state.over and not self.game_over_shown
        if now_over:  # the game-over screen is this table's own (OnlineGameOver)
            self.game_over_shown = True
            if not self.record_saved:  # shown once the record is kept (update)
                self.over_waiting = time.monotonic()
        super()._sync()
        if now_over and self.record_saved:
            self.app.stack.push(OnlineGameOver(self.app, self))

    def _miss_report(self, before: Any, shooter: int, *shot: Any) -> Any:
        """Why a person's shot missed: not said of a seat a computer plays now."""
        seat = self._lobby_seat(shooter)
        if seat is not None and seat["kind"] == "computer":
            return None
        return super()._miss_report(before, shooter, *shot)

    def _keep_record(self, record: dict[str, Any]) -> None:
        """The whole game from the server, kept as a Skully replay (checked to open first)."""
        try:
            session_from_dict(record, "the server's record")
            write_atomic(self.path, json.dumps(record, separators=(",", ":")))
        except DataError as exc:
            self.app.toast(f"The game's record could not be kept: {exc}", theme.DANGER, 6.0)
        except OSError as exc:
            self.app.toast(
                f"The game's record could not be kept: {exc.strerror or exc}", theme.DANGER, 6.0
            )
        else:
            self.record_saved = True
            if self.link.hosting is None:
                keep_seat(self.app, None)  # the game is over: no seat to come back to

    def save(self) -> None:
        """Nothing to save after a move: the server keeps the game (the record comes at the end)."""

    def game_save(self) -> GameSave | None:
        return GameSave(self.path, "", True) if self.record_saved else None

    def _leave_detail(self) -> str:
        if self.link.ending is not None:
            return "The room is closed: the game cannot go on."
        if self.state.over:
            return "The game is over and kept in Skully replays."
        if self.link.hosting is not None:
            return "You host this game: leaving ends it for everyone."
        return "The others play on; the host may give your seat to a computer player."

    def leave(self) -> None:
        self.link.close()
        if self.app.stack.top is self:
            self.app.stack.pop()

    def quit_warning(self) -> str | None:
        if self.link.hosting is None or self.state.over or self.link.ending is not None:
            return None
        return HOST_QUITS

    def exit(self) -> None:
        super().exit()
        if not self.handed_over:  # (else the next game's table has the connection)
            self.link.close()


class OnlineGameOver(GameOverScene):
    """The game-over screen across desks: Play again says this person is ready; then the
    host's Start now or a guest's wait takes its place, who is ready shows under the box and at
    the panel's seats beside it, and the room's next game opens once it begins (the table
    under it is not updated while it is on top)."""

    game: OnlineSkullyScene

    def __init__(self, app: App, game: OnlineSkullyScene) -> None:
        super().__init__(app, game)
        labels = [w.label for w in self.widgets.widgets]
        self.again_at = labels.index("Play again") if "Play again" in labels else None
        self._refresh_again()

    def _again(self) -> None:
        """Play again: this person is ready (the next game opens by itself once it begins)."""
        self.game.say_ready()
        self._refresh_again()

    def _refresh_again(self) -> None:
        """Play again's place shows what the person may do now (Start now, or the wait)."""
        widgets, at = self.widgets.widgets, self.again_at
        if at is None:
            return
        old = widgets[at]
        fresh = self.game.again_button(old.rect)
        if not self.game.asked_again:
            fresh.on_click = self._again  # (shown at once as what follows)
        if (fresh.label, fresh.enabled, fresh.tooltip) != (old.label, old.enabled, old.tooltip):
            widgets[at] = fresh

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.game.watch_again():
            self._refresh_again()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """The box, and who is ready so far: a line under the box, and a tag at each ready
        seat's row in the panel wherever the box leaves it in sight."""
        super().draw(surface, alpha)
        words = ready_words(self.game.link.lobby, self.game.me) if self.game.state.over else ""
        if words:  # on a strip of its own: the board under it is busy
            words = theme.fit(words, 18, self.box.w - 24)
            strip = pygame.Rect((0, 0), theme.font(18).size(words)).inflate(24, 10)
            strip.midtop = (self.box.centerx, self.box.bottom + 8)
            pygame.draw.rect(surface, theme.PANEL, strip, border_radius=strip.h // 2)
            theme.text(surface, words, strip.center, 18, theme.OK, "center")
        self.game.draw_ready_marks(surface, self.box)
