"""The pass screen's door: at a shared desk only a deliberate act of the person it names opens
it. Everything that began before the screen appeared is swallowed (a held button, a key still
down or repeating, queued events, the second click of a double-click); the screen arms after a
short visible delay; then only a click on its named button (pressed and let go on it) or a key
pressed after arming lets the person in. Until then nothing reaches the table, its side panel
included: a double-click on Start game never asks whether to leave.

Past the screen the door still stands in one way: no move comes from input that was not a fresh
press made after the hand was shown. A key's repeats (a key held down) never act, only the
arrows and the page keys glide; a button or key held since before the hand was shown does
nothing when it is let go; and for half a second after the screen opened, the second press of a
double click or a double Enter is dropped. At a table with one person (no pass screens) the
repeat rule holds all the same, and so does the double click: its second press on a card or a
stack whose click has just made a move still on show makes no other (a double click on another's Skull stack turned
two of its cards)."""

from __future__ import annotations

import math
from enum import Enum

import pygame

from skully_game.shell.app import DOUBLE_PRESS_S
from skully_game.shell.freshpress import ARM_SECONDS

DOUBLE_SLOP = 8  # px: a double click's two presses land this close together
PASS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
# keys whose repeats only move a choice or scroll, and so may repeat: they never make a move
GLIDE_KEYS = frozenset(
    (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN)
)


class Verdict(Enum):
    """What the pass screen makes of an event."""

    OPEN = "open"  # the deliberate act: the person is let in
    SWALLOW = "swallow"  # input that began before the screen, or before it armed: dropped
    PASS = "pass"  # fresh input the screen has no use for (the side panel, Tab, Esc): on


class PassGate:
    """Whom the pass screen waits for, how long it has been up, and the keys held down."""

    def __init__(self) -> None:
        self.seat: int | None = None
        self.age = 0.0  # seconds of the table's time the screen has been up
        self.held: set[int] = set()  # keys down now: a repeat of one of them is no new press
        self.fresh = False  # a mouse button went down after arming (its release counts)
        self.on_button = False  # ... and it went down on the screen's button
        self.clock = 0.0  # seconds of the table's time, screen or not
        self.opened_at = -math.inf  # when the last screen let its person in
        self.button_down = False  # the left button is down now
        self.stale_button = False  # ... since before the hand was shown: its release is no click
        self.clicked_at = -math.inf  # when a click on a card or a stack last acted
        self.clicked_pos = (0, 0)  # ... and where

    def open(self, seat: int | None) -> None:
        """Show the screen for `seat` (None: no screen); a new person starts the delay again."""
        if seat is None:
            self.seat, self.fresh, self.on_button = None, False, False
        elif seat != self.seat:
            self.seat, self.age, self.fresh, self.on_button = seat, 0.0, False, False

    def tick(self, dt: float) -> None:
        self.clock += dt
        if self.seat is not None:
            self.age += dt

    def let_in(self) -> None:
        """The person is at the screen: input already under way (a button still down) and the
        second press of a double click or double Enter will make no move."""
        self.opened_at = self.clock
        self.stale_button = self.button_down

    def _just_opened(self) -> bool:
        return self.clock - self.opened_at < DOUBLE_PRESS_S

    def clicked(self, pos: tuple[int, int]) -> None:
        """A click on a card or a stack at `pos` acted: a press on the same place within a
        double click's time is that double click's second half, and makes no move."""
        self.clicked_at, self.clicked_pos = self.clock, pos

    def drop_press(self) -> None:
        """The button just pressed makes no click: its release is swallowed."""
        self.stale_button = True

    def second_of_double(self, pos: tuple[int, int]) -> bool:
        dx, dy = pos[0] - self.clicked_pos[0], pos[1] - self.clicked_pos[1]
        near = max(abs(dx), abs(dy)) <= DOUBLE_SLOP
        return near and self.clock - self.clicked_at < DOUBLE_PRESS_S

    @property
    def armed(self) -> bool:
        return self.seat is not None and self.age >= ARM_SECONDS

    @property
    def readiness(self) -> float:
        """How far the screen has greyed in, 0 to 1."""
        return min(1.0, self.age / ARM_SECONDS)

    def forget_keys(self) -> None:
        """Another screen had the keys: what was held then says nothing now."""
        self.held.clear()
        self.button_down = self.stale_button = False

    def take(self, event: pygame.event.Event, button: pygame.Rect) -> Verdict:
        """What `event` does while the screen is up. Every event passes through here, screen
        or not, so that a key held down is known as held."""
        kind = event.type
        if kind == pygame.WINDOWFOCUSLOST:
            self.forget_keys()  # what is let go elsewhere is not seen here
            return Verdict.PASS
        if kind == pygame.KEYUP:
            self.held.discard(event.key)
            return Verdict.PASS if self.seat is None else Verdict.SWALLOW
        if kind == pygame.KEYDOWN:
            fresh = event.key not in self.held
            self.held.add(event.key)
            if self.seat is None:
                # only a key polled from the keyboard repeats (a scripted press, never polled,
                # comes without its release): see shell/pacer.py's `doubt`
                return self._past_the_screen(event.key, fresh or not hasattr(event, "doubt"))
            if not (self.armed and fresh):
                return Verdict.SWALLOW
            return Verdict.OPEN if event.key in PASS_KEYS else Verdict.PASS
        if kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1:
            was_stale = self.stale_button
            self.button_down = kind == pygame.MOUSEBUTTONDOWN
            if self.seat is None:
                if kind == pygame.MOUSEBUTTONDOWN:
                    self.stale_button = self._just_opened()  # a double click's second press
                    return Verdict.SWALLOW if self.stale_button else Verdict.PASS
                self.stale_button = False
                return Verdict.SWALLOW if was_stale else Verdict.PASS
        if self.seat is None:
            return Verdict.PASS
        if kind == pygame.MOUSEBUTTONDOWN:
            self.fresh = self.armed
            self.on_button = self.armed and event.button == 1 and button.collidepoint(event.pos)
            return Verdict.PASS if self.fresh and not self.on_button else Verdict.SWALLOW
        if kind == pygame.MOUSEBUTTONUP:
            fresh, on_button = self.fresh, self.on_button
            self.fresh = self.on_button = False
            if not fresh:
                return Verdict.SWALLOW  # its press began before the screen could take it
            if on_button:
                clicked = event.button == 1 and button.collidepoint(event.pos)
                return Verdict.OPEN if clicked else Verdict.SWALLOW
            return Verdict.PASS
        return Verdict.PASS  # the pointer moving, the wheel, text

    def _past_the_screen(self, key: int, fresh: bool) -> Verdict:
        """A key with no screen up: a repeat acts only if it glides, and just after the screen
        opened only the arrows do."""
        if key in GLIDE_KEYS:
            return Verdict.PASS
        return Verdict.PASS if fresh and not self._just_opened() else Verdict.SWALLOW


__all__ = ["GLIDE_KEYS", "PASS_KEYS", "PassGate", "Verdict"]
