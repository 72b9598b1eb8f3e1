"""The pass screen's door: at a shared desk only a deliberate act of the person it names opens
it. Everything that began before the screen appeared is swallowed (a held button, a key still
down or repeating, queued events, the second click of a double-click); the screen arms after a
short visible delay; then only a click on its named button (pressed and let go on it) or a key
pressed after arming lets the person in."""

from __future__ import annotations

import pygame

ARM_SECONDS = 0.6  # the screen greys in this long before it takes anything
PASS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class PassGate:
    """Whom the pass screen waits for, how long it has been up, and the keys held down."""

    def __init__(self) -> None:
        self.seat: int | None = None
        self.age = 0.0  # seconds of the table's time the screen has been up
        self.held: set[int] = set()  # keys down now: a repeat of one of them is no new press
        self.pressed = False  # the button was pressed on after arming (a click in progress)

    def open(self, seat: int | None) -> None:
        """Show the screen for `seat` (None: no screen); a new person starts the delay again."""
        if seat is None:
            self.seat, self.pressed = None, False
        elif seat != self.seat:
            self.seat, self.age, self.pressed = seat, 0.0, False

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

    def take(self, event: pygame.event.Event, button: pygame.Rect) -> bool:
        """Whether `event` completes the deliberate act that opens the screen. Every event
        passes through here, screen or not, so that a key held down is known as held."""
        if event.type == pygame.KEYUP:
            self.held.discard(event.key)
            return False
        if event.type == pygame.KEYDOWN:
            fresh = event.key not in self.held
            self.held.add(event.key)
            return self.armed and fresh and event.key in PASS_KEYS
        if self.seat is None or getattr(event, "button", 0) != 1:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.pressed = self.armed and button.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONUP:
            clicked = self.pressed and button.collidepoint(event.pos)
            self.pressed = False
            return clicked
        return False


__all__ = ["ARM_SECONDS", "PASS_KEYS", "PassGate"]
