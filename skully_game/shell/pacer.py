"""Input timing: when each event happened, so a flick's speed is the hand's, not the frame rate's.

pygame-ce 2.5 keeps SDL's event stamps to itself, so an event's time is known only as "between
the last poll and this one". Once a frame that interval is a whole frame (33 ms at 30 fps), and a
flick measured from it came out anywhere from half to the full speed of the same gesture. So
while a mouse button is held, the wait between frames is spent polling every millisecond: each
event is then stamped within a millisecond of when it arrived, whatever the frame rate.

No pygame import: the event source, the clock and the sleep are handed in, so a tool can drive
the very same pacing with a simulated clock (tools/flick_consistency.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

FINE_POLL = 0.001  # s between polls while a button is held
# While a button is held, at least this share of a frame's busy time is then spent polling, even
# when drawing alone fills the frame (a slow or busy machine): a flick's reports are stamped to
# the millisecond for a good part of it, at the cost of a few frames a second while it lasts.
FINE_SHARE = 0.5
MOUSE_DOWN = 1025  # pygame.MOUSEBUTTONDOWN (SDL_MOUSEBUTTONDOWN), as plain numbers
MOUSE_UP = 1026


def stamp(events: list[Any], since: float, until: float) -> list[Any]:
    """Give each polled event a time `t` (seconds) and `doubt`, how far off that may be: the
    events of one poll arrived in order somewhere in the interval since the last, so each is put
    where the k-th of n arrivals falls on average. A scripted event keeps its own time."""
    n = len(events)
    for k, event in enumerate(events):
        if getattr(event, "t", None) is None:
            event.t = since + (until - since) * (k + 1) / (n + 1)
            event.doubt = until - since
    return events


class Pacer:
    """Polls and stamps events, and waits out each frame: asleep, or polling finely while a
    mouse button is held (a flick or a drag in progress)."""

    def __init__(
        self,
        get: Callable[[], list[Any]],
        now: Callable[[], float],
        sleep: Callable[[float], None],
    ) -> None:
        self.get = get
        self.now = now
        self.sleep = sleep
        self.polled = self.frame = now()
        self.held: set[int] = set()  # buttons down, as the events told

    def poll(self, frame: bool = True) -> list[Any]:
        """The events since the last poll, each stamped with when it arrived. `frame`: this poll
        begins a frame (not one of the fine polls between frames)."""
        batch = self.get()
        now, since = self.now(), self.polled
        self.polled = now
        if frame:
            self.frame = now
        for event in batch:
            if event.type == MOUSE_DOWN:
                self.held.add(event.button)
            elif event.type == MOUSE_UP:
                self.held.discard(event.button)
        return stamp(batch, since, now)

    def wait(self, until: float, dispatch: Callable[[Any], None]) -> None:
        """Return at `until`. While a button is held, poll every FINE_POLL meanwhile and hand
        each event to `dispatch` at once (for at least FINE_SHARE of the frame's busy time, if
        the frame ran late); else sleep the whole time."""
        if self.held:
            now = self.now()
            until = max(until, now + FINE_SHARE * (now - self.frame))
        while True:
            left = until - self.now()
            if left <= 0:
                return
            if not self.held:
                self.sleep(left)
                return
            self.sleep(min(left, FINE_POLL))
            for event in self.poll(frame=False):
                dispatch(event)
