"""A table's view of the host's clock (a time per move, net/rooms.py): the server keeps it and
says, in each update, whose move is timed and how long they have; the table counts that down at
the seat to move ("Bea · 0:24") and, when the server says a time ran out, puts it in the log in
a player's words. The table never decides anything by this clock: the server does.

A move's clock starts when the mover's table shows the move can be made (the trick gathered, the
round's summary closed): until then every table shows the whole time, standing still. The
mover's table says so (`ready`); the server starts the clock and tells every table (`clock`)."""

from __future__ import annotations

import math
import time
from typing import Any

import pygame

from skully_game.scenes.online.link import clock
from skully_game.shell import theme
from skully_game.shell.app import App

LOW = 10  # seconds left from which the countdown is shown in the warning colour
MAX_TIMED = 16  # seats' clocks read from one word (a table has at most 8 seats)


def ran_out_words(name: str, mine: bool, game: bool = False) -> str:
    """The log's line when a person's time ran out and a computer player moved for them
    (`game`: their time for the whole game, so a computer player makes each of their moves)."""
    if game and mine:
        return "Your time for the game ran out: a computer player makes your moves now."
    if game:
        return f"{name}'s time for the game ran out: a computer player makes their moves now."
    if mine:
        return "Your time ran out: a computer player made that move for you."
    return f"{name}'s time ran out: a computer player made that move."


class MoveClock:
    """The running clock as the newest update told it, and the log lines of times run out."""

    def __init__(self) -> None:
        self.seat: int | None = None  # the first seat timed (the seat to act, if timed)
        # each timed seat's (start, end) on this machine's monotonic clock: the start is in
        # the future while that person's table still shows the move before (the server's word)
        self.clocks: dict[int, tuple[float, float]] = {}
        self.move = -1  # the update they are of
        self.ran_out: list[tuple[int, str]] = []  # (events before the move, words)
        self.next_ran_out: str | None = None  # said by the server before the move's update
        self.banks: list[float | None] = []  # each seat's game time left when last told
        self.banks_at = 0.0  # when (this machine's monotonic clock)

    def heard(self, update: dict[str, Any]) -> None:
        """An update came: its clock (or none) is the one running now, and with a game clock
        every person's game time left."""
        clock = update.get("clock")
        clock = clock if isinstance(clock, dict) else {}
        if type(update.get("move")) is int:
            self.move = update["move"]
        timed = clock.get("timed")
        if not isinstance(timed, list):  # one seat's clock, as the first is said
            timed = [clock]
        now = time.monotonic()
        self.clocks = {}
        for item in timed[:MAX_TIMED]:
            seat = item.get("seat") if isinstance(item, dict) else None
            left = item.get("left") if isinstance(item, dict) else None
            if type(seat) is not int or not isinstance(left, int | float):
                continue
            wait = item.get("wait")
            starts = now + (float(wait) if isinstance(wait, int | float) and wait > 0 else 0.0)
            self.clocks[seat] = (starts, starts + max(0.0, float(left)))
        self.seat = next(iter(self.clocks), None)
        banks = clock.get("banks")
        if isinstance(banks, list):
            self.banks = [float(b) if isinstance(b, int | float) else None for b in banks]
            self.banks_at = now
        else:
            self.banks = []

    def bank_left(self, seat: int) -> int | None:
        """Whole seconds of the game `seat` still has (None: no game clock, or a computer)."""
        if not 0 <= seat < len(self.banks) or self.banks[seat] is None:
            return None
        left = float(self.banks[seat] or 0.0)
        if seat in self.clocks:  # their game time runs (from their clock's start)
            left -= max(0.0, time.monotonic() - max(self.banks_at, self.clocks[seat][0]))
        return max(0, math.ceil(left))

    def draw_bank(
        self, surface: pygame.Surface, box: pygame.Rect, left: int, running: bool
    ) -> None:
        """A person's game time left, in a small label on the bottom edge of their seat's box
        at its right (the time per move's label is at its left): lit while it runs."""
        words = clock(left)
        width = theme.font(18).size(words)[0] + 18
        label = pygame.Rect(0, 0, width, 26)
        label.midright = (box.right - 8, box.bottom)
        label.clamp_ip(surface.get_rect())
        colour = (theme.DANGER if left <= LOW else theme.ACCENT) if running else theme.TEXT_DIM
        pygame.draw.rect(surface, theme.PANEL, label, border_radius=9)
        pygame.draw.rect(surface, colour, label, 2, border_radius=9)
        theme.text(surface, words, label.center, 18, theme.TEXT if running else theme.TEXT_DIM,
                   "center")  # fmt: skip

    def left(self, seat: int | None) -> int | None:
        """Whole seconds `seat` still has for this move (None: their move is not timed)."""
        if seat is None or seat not in self.clocks:
            return None
        starts, ends = self.clocks[seat]
        return max(0, math.ceil(ends - max(time.monotonic(), starts)))

    def waiting(self, seat: int | None) -> bool:
        """`seat`'s clock stands still: its table has not yet shown that the move can be made."""
        return seat in self.clocks and time.monotonic() < self.clocks[seat][0]

    def shown(self, seat: int | None, name: str) -> str | None:
        """'Bea · 0:24': the countdown as the seat shows it."""
        left = self.left(seat)
        if left is None:
            return None
        return f"{name} · {left // 60}:{left % 60:02d}"

    def draw(self, surface: pygame.Surface, box: pygame.Rect, words: str, left: int) -> None:
        """The countdown in a small label on the bottom edge of the seat's box, at its left
        (clear of the header over the top seats and of the box's own lines)."""
        width = theme.font(18).size(words)[0] + 18
        label = pygame.Rect(0, 0, width, 26)
        label.midleft = (box.left + 8, box.bottom)
        label.clamp_ip(surface.get_rect())
        colour = theme.DANGER if left <= LOW else theme.ACCENT
        pygame.draw.rect(surface, theme.PANEL, label, border_radius=9)
        pygame.draw.rect(surface, colour, label, 2, border_radius=9)
        theme.text(surface, words, label.center, 18, theme.TEXT, "center")


class MoveClocked:
    """An online table's part in the host's clock (mixed into OnlineTable): the server's word
    heard, the countdown at the seat to move and in the line that says who is choosing, and a
    time run out put in the log with its move."""

    app: App
    move_clock: MoveClock
    shadow: Any
    match: Any
    backlog: Any
    lost: str
    sent: Any  # a seat's move on its way (a spectator's table sends none)
    ready_for = -1  # the update whose move this table last said it shows (`say_ready`)

    def clock_heard(self, update: dict[str, Any]) -> None:
        """An update came: its clock runs now; a time-out said before it belongs to its move."""
        self.move_clock.heard(update)
        if self.move_clock.next_ran_out is not None:
            update["ran_out"], self.move_clock.next_ran_out = self.move_clock.next_ran_out, None

    def clock_word(self, message: dict[str, Any]) -> None:
        """A word of the clocks at a seat's table: one started, or a time ran out (this seat's:
        a click sent as it ran out is dropped by the server, and forgotten here)."""
        if message.get("type") == "clock":
            self.clock_started(message)
            return
        if message.get("seat") == self.shadow.seat:
            self.sent = None
        self.time_ran_out(message)

    def clock_started(self, message: dict[str, Any]) -> None:
        """The server started the newest move's clock (its mover's table showed the move can be
        made): counted down from now at every table. A word of an older move is ignored."""
        if message.get("move") == self.move_clock.move and type(message.get("move")) is int:
            self.move_clock.heard(message)

    def say_ready(self, seat: int | None, move: int, may_act: bool) -> None:
        """This seat's table shows its timed move can be made (`may_act`): the server is told
        once, so the clock starts now at every table (not while the trick was gathered)."""
        clock = self.move_clock
        if not may_act or seat is None or not clock.waiting(seat):
            return
        if self.ready_for == move or clock.move != move:
            return
        self.ready_for = move
        self.client.ready(move)  # type: ignore[attr-defined]

    def time_ran_out(self, message: dict[str, Any]) -> None:
        """The server says a person's time ran out (a computer player made the move): in the
        log with that move, and said at once to the person whose time it was."""
        seat, name = message.get("seat"), str(message.get("name", ""))[:40]
        mine = seat == self.shadow.seat
        game = message.get("game") is True  # their time for the whole game
        said = ran_out_words(name, mine, game)
        if game and said in {words for _, words in self.move_clock.ran_out}:
            said = ran_out_words(name, mine)  # the game's time was said once: now each move's
        self.move_clock.next_ran_out = said
        if mine:
            self.app.toast(said, theme.CHALK_YELLOW, 4.0)

    def own_clock_left(self) -> tuple[int, bool] | None:
        """This person's own move clock while it is theirs to move (the chat box warns of it):
        whole seconds left, and whether it stands still yet (None: not timed, not their move)."""
        seat = self.shadow.seat
        if self.backlog or self.lost or self.shadow.turn.over or not self.shadow.my_turn():
            return None
        left = self.move_clock.left(seat)
        return None if left is None else (left, self.move_clock.waiting(seat))

    def timed(self, seat: int, words: str) -> str:
        """`words` with the time `seat` has left when the host set a clock: 'Bea is
        choosing… 0:24'."""
        left = self.move_clock.left(seat)
        return words if left is None else f"{words} {clock(left)}"

    def clock_shown(self) -> tuple[int, str, int] | None:
        """The seat whose move is timed now, its countdown's words and seconds left."""
        shown = self.clocks_shown()
        return shown[0] if shown else None

    def clocks_shown(self) -> list[tuple[int, str, int]]:
        """Every seat whose move is timed now (the seat to act first; every bidder of a Skull
        King round at once), with its countdown's words and seconds left."""
        actor = self.shadow.turn.actor
        if self.backlog or self.lost or self.shadow.turn.over:
            return []
        seats = sorted(self.move_clock.clocks, key=lambda s: s != actor)
        shown = []
        for seat in seats:
            left = self.move_clock.left(seat)
            if left is None or not 0 <= seat < len(self.match.seats):
                continue
            name = "You" if seat == self.shadow.seat else self.match.seats[seat].name
            words = self.move_clock.shown(seat, name)
            if words is not None:
                shown.append((seat, words, left))
        return shown

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """The table, and the host's clock counting down at the seat to move."""
        super().draw(surface, alpha)  # type: ignore[misc]
        seats = getattr(self, "seat_rects", None)
        boxes = {} if seats is None else seats()
        timed = {seat: (words, left) for seat, words, left in self.clocks_shown()}
        for seat, (words, left) in timed.items():
            if seat in boxes:
                self.move_clock.draw(surface, boxes[seat], words, left)
        if seats is not None and not self.lost and not self.shadow.turn.over:
            running = set() if self.backlog else set(self.move_clock.clocks)
            for seat, rect in boxes.items():  # each person's time for the game
                left = self.move_clock.bank_left(seat)
                shown = seat in timed and abs(timed[seat][1] - (left or 0)) <= 1
                if left is not None and not shown:  # (not twice: the move's label says it)
                    self.move_clock.draw_bank(surface, rect, left, seat in running)
