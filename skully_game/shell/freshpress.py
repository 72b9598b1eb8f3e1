"""Fresh presses: no move is made by a press that began before the player could see what it
chooses. Three rules, one module, for every screen:

- `ARM_SECONDS`: a screen handed to another person (a pass screen, a hot-seat turn, a lesson's
  result card) takes nothing until it has been up this long;
- `PressEcho`: the second half of the double press (click or Enter) that opened a screen, or
  closed a dialog over it, is not a choice on it;
- `FreshPress` / `FreshButtons`: a button that has just appeared takes only a press that began
  after it was shown (online tables and the lobby, where the server's update moves the buttons).

A button that has just appeared takes only a press that began after it was shown.

Across desks the table's buttons change when the server's update comes, not when the person
clicks: a double click on Continue (then Next round) let its second half land on a bid button
that had just appeared under the pointer, and "Bob bids 3" was final. The same at the lobby: a
double click on Start game hit Leave, shown where Start had been. A button click is a release
(shell/widgets.py), so the guard follows each press: the second press of a double click (near
the first and soon after it, on this screen or the one before) on a button shown less than a
double click's time ago is dropped (its release too), and a release on a button that was not
on show when its press began is no click."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from weakref import WeakKeyDictionary

import pygame

from skully_game.shell.app import DOUBLE_PRESS_S, App
from skully_game.shell.focus import PRESS_KEYS
from skully_game.shell.widgets import Widget

ARM_SECONDS = 1.2  # a screen handed to another person greys in this long before it takes anything
# (0.6 let an Enter typed 0.8 s after a bid, as one types a number then Enter, open the next hand)

Key = tuple[str, int, int, int, int]
SLOP = 8  # px: a double click's two presses land this close together

# each window's last left press: (its game time, where), seen by every online screen in turn
_LAST_DOWN: WeakKeyDictionary[App, tuple[float, tuple[int, int]]] = WeakKeyDictionary()


def note_press(app: App, pos: tuple[int, int]) -> bool:
    """A left press at `pos`: whether it is a double click's second half (the first near it,
    a moment before), and noted as the next one's first."""
    before = _LAST_DOWN.get(app)
    _LAST_DOWN[app] = (app.game_time, pos)
    if before is None:
        return False
    near = max(abs(pos[0] - before[1][0]), abs(pos[1] - before[1][1])) <= SLOP
    return near and app.game_time - before[0] < DOUBLE_PRESS_S


def _key(widget: Widget) -> Key:
    """A button as the person sees it: its words and its place."""
    r = widget.rect
    return (str(getattr(widget, "label", "")), r.x, r.y, r.w, r.h)


def is_press(event: pygame.event.Event) -> bool:
    """A press that chooses: a mouse button going down, or Enter / Space."""
    return event.type == pygame.MOUSEBUTTONDOWN or (
        event.type == pygame.KEYDOWN and event.key in PRESS_KEYS
    )


@dataclass
class PressEcho:
    """When a screen was opened (or came back from a dialog), and whether by a press: that
    press's second half (a double click, a double Enter) is dropped for a moment after, as it
    was meant for the screen before (Play the computer started a game; a lesson was chosen)."""

    at: float = 0.0
    by_press: bool = False

    @classmethod
    def now(cls, app: App) -> PressEcho:
        """Opened (or back) at this moment: by a press if one was made a moment ago."""
        return cls(app.game_time, app.game_time - app.last_press < DOUBLE_PRESS_S)

    def drops(self, app: App, event: pygame.event.Event) -> bool:
        """Whether `event` is that second half."""
        return is_press(event) and self.by_press and app.game_time - self.at < DOUBLE_PRESS_S


class FreshPress:
    """When each button on show came up (its own clock, moved by `tick`), and which were on
    show when the left button went down."""

    def __init__(self) -> None:
        self.clock = 0.0
        self.shown: dict[Key, float] = {}
        self.at_press: set[Key] | None = None  # buttons on show when the press began
        self.dropped = False  # the press now down makes no click

    def tick(self, dt: float, widgets: Sequence[Widget]) -> None:
        self.clock += dt
        self.look(widgets)

    def look(self, widgets: Sequence[Widget]) -> None:
        """New buttons are noted as shown now; gone ones are forgotten (shown again: new)."""
        now = {_key(w) for w in widgets if w.enabled}
        self.shown = {k: self.shown.get(k, self.clock) for k in now}

    def _under(self, widgets: Sequence[Widget], pos: tuple[int, int]) -> Key | None:
        for w in widgets:
            if w.enabled and w.rect.collidepoint(pos):
                return _key(w)
        return None

    def swallow(self, app: App, event: pygame.event.Event, widgets: Sequence[Widget]) -> bool:
        """Whether `event` must not reach the buttons (a press or release of the left button
        on a button too new for it)."""
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        if getattr(event, "button", 1) != 1:
            return False
        self.look(widgets)
        under = self._under(widgets, event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.at_press = set(self.shown)
            double = note_press(app, event.pos)
            young = under is not None and self.clock - self.shown[under] < DOUBLE_PRESS_S
            young = young and double
            self.dropped = young
            return young
        dropped, at_press = self.dropped, self.at_press
        self.dropped, self.at_press = False, None
        if dropped:
            return True
        if under is None:
            return False
        return at_press is None or under not in at_press


class FreshButtons:
    """Mixed into a table across desks (cards.py): a move button the server's update has just
    shown takes only a press that began after it came (a double click on Continue placed a
    bid that appeared under it)."""

    app: App
    press_guard: FreshPress

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.press_guard.swallow(self.app, event, self.widgets.widgets):  # type: ignore[attr-defined]
            return None
        return super().handle_event(event)  # type: ignore[misc,no-any-return]


__all__ = ["ARM_SECONDS", "FreshButtons", "FreshPress", "PressEcho", "is_press", "note_press"]
