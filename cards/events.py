"""Typed events, as every table game records them: what happened, as data, so a table writes its
log and animations from them, and nothing of one seat's secrets reaches another.

An event that carries something only one seat may know names that seat in `seen_by` (its
`seat`, when the class names a `secret` field); `visible_to` gives the copy another seat may see:
the secret field replaced by None, or nothing at all when the event is `hidden_whole`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import ClassVar


class Event:
    """Base of every event: public unless `seen_by` names the one seat that may see its secret."""

    __slots__ = ()
    secret: ClassVar[str] = ""  # the field only the event's `seat` may see ("" = all public)
    hidden_whole: ClassVar[bool] = False  # the others do not learn the event happened at all
    reveals: ClassVar[type[Event] | None] = None  # the secret events this one shows to all

    @property
    def seen_by(self) -> int | None:
        return self.seat if self.secret else None  # type: ignore[attr-defined]  # every secret has a seat

    def visible_to(self, player: int | None) -> Event | None:
        """This event as `player` may see it (None = a spectator), or None if it is all secret."""
        if self.seen_by is None or player == self.seen_by:
            return self
        return self._redacted()

    def _redacted(self) -> Event | None:
        if not self.secret:
            return self
        if self.hidden_whole:
            return None
        return replace(self, **{self.secret: None})  # type: ignore[type-var]


def visible(events: Iterable[Event], player: int | None) -> list[Event]:
    """The events as `player` may see them (None: a spectator); never another seat's secret."""
    out = []
    for event in events:
        shown = event.visible_to(player)
        if shown is not None:
            out.append(shown)
    return out


def as_told(events: Iterable[Event], player: int | None) -> list[Event]:
    """The events as `player` may tell them afterwards: `visible`, but a secret of theirs that a
    later event has shown to all is told as the others were told it, so no line of the log
    still says it is hidden once everyone knows it."""
    out = visible(events, player)
    shown: set[type[Event]] = set()
    for i in range(len(out) - 1, -1, -1):  # backwards: a reveal covers the secrets before it
        event = out[i]
        if event.reveals is not None:
            shown.add(event.reveals)
        elif type(event) in shown:
            out[i] = event._redacted() or event
    return out
