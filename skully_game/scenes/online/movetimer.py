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
        self.seat: int | None = None
        self.ends = 0.0  # on this machine's monotonic clock
        self.starts = 0.0  # when it starts counting down (the server's word; in the future
        # while the mover's table still shows the move before)
        self.move = -1  # the update it is of
        self.ran_out: list[tuple[int, str]] = []  # (events before the move, words)
        self.next_ran_out: str | None = None  # said by the server before the move's update
        self.banks: list[float | None] = []  # each seat's game time left when last told
        self.banks_at = 0.0  # when (this machine's monotonic clock)
        self.banks_seat: int | None = None  # the seat whose game time runs now

    def heard(self, update: dict[str, Any]) -> None:
        """An update came: its clock (or none) is the one running now, and with a game clock
        every person's game time left."""
        clock = update.get("clock")
        seat = clock.get("seat") if isinstance(clock, dict) else None
        left = clock.get("left") if isinstance(clock, dict) else None
        wait = clock.get("wait") if isinstance(clock, dict) else None
        wait = float(wait) if isinstance(wait, int | float) and wait > 0 else 0.0
        if type(update.get("move")) is int:
            self.move = update["move"]
        if type(seat) is int and isinstance(left, (int, float)):
            self.starts = time.monotonic() + wait
            self.seat, self.ends = seat, self.starts + max(0.0, float(left))
        else:
            self.seat = None
        banks = clock.get("banks") if isinstance(clock, dict) else None
        if isinstance(banks, list):
            self.banks = [float(b) if isinstance(b, int | float) else None for b in banks]
            self.banks_at, self.banks_seat = time.monotonic(), self.seat
        else:
            self.banks = []

    def bank_left(self, seat: int) -> int | None:
        """Whole seconds of the game `seat` still has (None: no game clock, or a computer)."""
        if not 0 <= seat < len(self.banks) or self.banks[seat] is None:
            return None
        left = float(self.banks[seat] or 0.0)
        if seat == self.banks_seat:
            left -= max(0.0, time.monotonic() - max(self.banks_at, self.starts))
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
        if seat is None or seat != self.seat:
            return None
        return max(0, math.ceil(self.ends - max(time.monotonic(), self.starts)))

    def waiting(self, seat: int | None) -> bool:
        """`seat`'s clock stands still: its table has not yet shown that the move can be made."""
        return seat is not None and seat == self.seat and time.monotonic() < self.starts

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
    ready_for = -1  # the update whose move this table last said it shows (`say_ready`)

    def clock_heard(self, update: dict[str, Any]) -> None:
        """An update came: its clock runs now; a time-out said before it belongs to its move."""
        self.move_clock.heard(update)
        if self.move_clock.next_ran_out is not None:
            update["ran_out"], self.move_clock.next_ran_out = self.move_clock.next_ran_out, None

    def clock_started(self, message: dict[str, Any]) -> None:
        """The server started the newest move's clock (its mover's table showed the move can be
        made): counted down from now at every table. A word of an older move is ignored."""
        if message.get("move") == self.move_clock.move and type(message.get("move")) is int:
            self.move_clock.heard(message)

    def say_ready(self, seat: int | None, move: int, may_act: bool) -> None:
        """This seat's table shows its timed move can be made (`may_act`): the server is told
        once, so the clock starts now at every table (not while the trick was gathered)."""
        clock = self.move_clock
        if not may_act or seat is None or clock.seat != seat or not clock.waiting(seat):
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

    def timed(self, seat: int, words: str) -> str:
        """`words` with the time `seat` has left when the host set a clock: 'Bea is
        choosing… 0:24'."""
        left = self.move_clock.left(seat)
        return words if left is None else f"{words} {clock(left)}"

    def clock_shown(self) -> tuple[int, str, int] | None:
        """The seat whose move is timed now, its countdown's words and seconds left."""
        seat = self.shadow.turn.actor
        if self.backlog or self.lost or self.shadow.turn.over or seat is None:
            return None
        left = self.move_clock.left(seat)
        if left is None:
            return None
        name = "You" if seat == self.shadow.seat else self.match.seats[seat].name
        words = self.move_clock.shown(seat, name)
        return None if words is None else (seat, words, left)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """The table, and the host's clock counting down at the seat to move."""
        super().draw(surface, alpha)  # type: ignore[misc]
        timed = self.clock_shown()
        seats = getattr(self, "seat_rects", None)
        box = None if timed is None or seats is None else seats().get(timed[0])
        if timed is not None and box is not None:
            self.move_clock.draw(surface, box, timed[1], timed[2])
        if seats is not None and not self.lost and not self.shadow.turn.over:
            running = None if self.backlog else self.shadow.turn.actor
            for seat, rect in seats().items():  # each person's time for the game
                left = self.move_clock.bank_left(seat)
                shown = timed is not None and timed[0] == seat and abs(timed[2] - (left or 0)) <= 1
                if left is not None and not shown:  # (not twice: the move's label says it)
                    self.move_clock.draw_bank(surface, rect, left, seat == running)
