"""The pass screen's door: at a shared desk only a deliberate act of the person it names opens
it. Everything that began before the screen appeared is swallowed (a held button, a key still
down or repeating, queued events, the second click of a double-click); the screen arms after a
short visible delay; then only a click on its named button (pressed and let go on it) or a key
pressed after arming lets the person in. Until then nothing reaches the table, its side panel
included: a double-click on Start game never asks whether to leave."""

from __future__ import annotations

from enum import Enum

import pygame

ARM_SECONDS = 0.6  # the screen greys in this long before it takes anything
PASS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


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

    def open(self, seat: int | None) -> None:
        """Show the screen for `seat` (None: no screen); a new person starts the delay again."""
        if seat is None:
            self.seat, self.fresh, self.on_button = None, False, False
        elif seat != self.seat:
            self.seat, self.age, self.fresh, self.on_button = seat, 0.0, False, False

    def tick(self, dt: float) -> None:
        if self.seat is not None:
            self.age += dt

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

    def take(self, event: pygame.event.Event, button: pygame.Rect) -> Verdict:
        """What `event` does while the screen is up. Every event passes through here, screen
        or not, so that a key held down is known as held."""
        kind = event.type
        if kind == pygame.KEYUP:
            self.held.discard(event.key)
            return Verdict.PASS if self.seat is None else Verdict.SWALLOW
        if kind == pygame.KEYDOWN:
            fresh = event.key not in self.held
            self.held.add(event.key)
            if self.seat is None:
                return Verdict.PASS
            if not (self.armed and fresh):
                return Verdict.SWALLOW
            return Verdict.OPEN if event.key in PASS_KEYS else Verdict.PASS
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


__all__ = ["ARM_SECONDS", "PASS_KEYS", "PassGate", "Verdict"]
