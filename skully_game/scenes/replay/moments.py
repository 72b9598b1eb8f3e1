"""A game's moments: the shots worth jumping to in a replay (a kill, a hit, a cap stuck in or
freed from the skull, a new killer), found in the rulings each shot made. The viewer jumps to the
next or previous one (N, Shift+N) and lists them all (M) with their shot numbers.

No drawing here: `moments_of` reads the clips' events, so a test needs no window.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from skully_game.scenes.replay.clips import Clip
from skully_game.skully.rules.events import (
    BecameKiller,
    Eliminated,
    Event,
    Freed,
    Hit,
    HitKiller,
    KillerHit,
    Stuck,
    Winner,
)


class MomentKind(Enum):
    """What made a shot a moment, the weightiest first (a shot that did several is named for
    the weightiest)."""

    WIN = "win"
    KILL = "kill"
    KILLER = "killer"
    SKULL = "skull"
    HIT = "hit"


KIND_OF: tuple[tuple[type[Event], MomentKind], ...] = (
    (Winner, MomentKind.WIN),
    (Eliminated, MomentKind.KILL),
    (BecameKiller, MomentKind.KILLER),
    (Stuck, MomentKind.SKULL),
    (Freed, MomentKind.SKULL),
    (KillerHit, MomentKind.HIT),
    (HitKiller, MomentKind.HIT),
    (Hit, MomentKind.HIT),
)


@dataclass(frozen=True)
class Moment:
    """A shot worth jumping to: its index in the game, what it did, and the ruling's words."""

    shot: int  # index of the clip (shown to a player as shot + 1)
    kind: MomentKind
    text: str

    @property
    def label(self) -> str:
        """'Shot 12: Bobby hits Ace.' as the list shows it."""
        return f"Shot {self.shot + 1}: {self.text}"


def moment_of(index: int, events: Sequence[Event]) -> Moment | None:
    """The moment a shot with these rulings makes, or None for a plain shot."""
    for cls, kind in KIND_OF:
        for event in events:
            if isinstance(event, cls):
                return Moment(index, kind, event.text)
    return None


def moments_of(clips: Sequence[Clip]) -> list[Moment]:
    """Every moment of a game, in order (readies every clip's rulings: no physics is run)."""
    out = []
    for index in range(len(clips)):
        moment = moment_of(index, clips[index].events)
        if moment is not None:
            out.append(moment)
    return out


def next_moment(moments: Sequence[Moment], index: int, forward: bool = True) -> Moment | None:
    """The first moment after shot `index` (or, backwards, the last before it), or None."""
    if forward:
        return next((m for m in moments if m.shot > index), None)
    return next((m for m in reversed(moments) if m.shot < index), None)
