"""A game's moments: the shots worth jumping to in a replay (a kill, a hit, a cap stuck in or
freed from the skull, a new killer, pipsies), found in the rulings each shot made. The viewer jumps to the
next or previous one (N, Shift+N) and lists them all (M) with their shot numbers.

No drawing here: `moments_of` reads the clips' events, so a test needs no window.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
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
    Made,
    Pipsies,
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
    PIPSIES = "pipsies"


KIND_OF: tuple[tuple[type[Event], MomentKind], ...] = (
    (Winner, MomentKind.WIN),
    (Eliminated, MomentKind.KILL),
    (BecameKiller, MomentKind.KILLER),
    (Stuck, MomentKind.SKULL),
    (Freed, MomentKind.SKULL),
    (KillerHit, MomentKind.HIT),
    (HitKiller, MomentKind.HIT),
    (Hit, MomentKind.HIT),
    (Pipsies, MomentKind.PIPSIES),
)


@dataclass(frozen=True)
class Moment:
    """A shot worth jumping to: its index in the game, what it did, and the ruling's words."""

    shot: int  # index of the clip (shown to a player as shot + 1)
    kind: MomentKind  # the weightiest thing it did
    text: str
    # everything it did, weightiest first, each with its ruling's words: a hit that freed a cap
    # from the skull is a skull moment and a hit, and the Hits tab lists it by its hit
    said: tuple[tuple[MomentKind, str], ...] = field(default=(), compare=False)

    @property
    def kinds(self) -> frozenset[MomentKind]:
        return frozenset(kind for kind, _ in self.said) | {self.kind}

    def has(self, kinds: frozenset[MomentKind] | None) -> bool:
        """Whether it did any of `kinds` (None: any moment)."""
        return kinds is None or bool(self.kinds & kinds)

    @property
    def label(self) -> str:
        """'Shot 12: Bobby hits Ace.' as the list shows it."""
        return f"Shot {self.shot + 1}: {self.text}"

    def label_for(self, kinds: frozenset[MomentKind] | None) -> str:
        """The row in a tab of `kinds`: named for the weightiest thing of those it did."""
        for kind, text in self.said:
            if kinds is None or kind in kinds:
                return f"Shot {self.shot + 1}: {text}"
        return self.label


def moment_of(index: int, events: Sequence[Event]) -> Moment | None:
    """The moment a shot with these rulings makes, or None for a plain shot."""
    said: list[tuple[MomentKind, str]] = []
    for cls, kind in KIND_OF:
        text = next((_words(e, events) for e in events if isinstance(e, cls)), None)
        if text is not None and kind not in (k for k, _ in said):
            said.append((kind, text))
    if not said:
        return None
    return Moment(index, said[0][0], said[0][1], tuple(said))


def _words(event: Event, events: Sequence[Event]) -> str:
    """A ruling's words as a row says them: pipsies with whose box it was ("Ace made 2,
    pipsies +2"), which the ruling alone does not name."""
    if isinstance(event, Pipsies):
        made = next((e for e in events if isinstance(e, Made)), None)
        if made is not None:
            return f"{made.text}, pipsies +{event.bonus}"
    return event.text


def last_words(events: Sequence[Event]) -> str:
    """What the game's last shot did, for its row ("Ace wins!"): its weightiest ruling, else
    its first, else plain "the last shot"."""
    moment = moment_of(0, events)
    if moment is not None:
        return moment.text
    return events[0].text if events else "the last shot"


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
