"""A table's view of the host's clock (a time per move, net/rooms.py): the server keeps it and
says, in each update, whose move is timed and how long they have; the table counts that down at
the seat to move ("Bea · 0:24") and, when the server says a time ran out, puts it in the log in
a player's words. The table never decides anything by this clock: the server does."""

from __future__ import annotations

import math
import time
from typing import Any

import pygame

from skully_game.shell import theme

LOW = 10  # seconds left from which the countdown is shown in the warning colour


def ran_out_words(name: str, mine: bool) -> str:
    """The log's line when a person's time ran out and a computer player moved for them."""
    if mine:
        return "Your time ran out: a computer player made that move for you."
    return f"{name}'s time ran out: a computer player made that move."


class MoveClock:
    """The running clock as the newest update told it, and the log lines of times run out."""

    def __init__(self) -> None:
        self.seat: int | None = None
        self.ends = 0.0  # on this machine's monotonic clock
        self.ran_out: list[tuple[int, str]] = []  # (events before the move, words)
        self.next_ran_out: str | None = None  # said by the server before the move's update

    def heard(self, update: dict[str, Any]) -> None:
        """An update came: its clock (or none) is the one running now."""
        clock = update.get("clock")
        seat = clock.get("seat") if isinstance(clock, dict) else None
        left = clock.get("left") if isinstance(clock, dict) else None
        if type(seat) is int and isinstance(left, (int, float)):
            self.seat, self.ends = seat, time.monotonic() + max(0.0, float(left))
        else:
            self.seat = None

    def left(self, seat: int | None) -> int | None:
        """Whole seconds `seat` still has for this move (None: their move is not timed)."""
        if seat is None or seat != self.seat:
            return None
        return max(0, math.ceil(self.ends - time.monotonic()))

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
