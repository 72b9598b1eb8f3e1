"""What the table narrates and the HUD animates: one small frozen dataclass per kind of event.

Every event carries its ready-made `text` (with player names) and the indexes and numbers a HUD
needs to animate it. `KIND` gives each class its stable name in JSON.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from skully_game.skully.geometry import Vec


@dataclass(frozen=True)
class Event:
    text: str


@dataclass(frozen=True)
class Placed(Event):
    """A cap was put down by hand: at the start, after an award, or by an offer."""

    player: int
    at: Vec
    reason: str  # the DecisionKind value that allowed it


@dataclass(frozen=True)
class KeptCap(Event):
    """Ruling 7: the victim's owner left the cap where the foul put it."""

    player: int


@dataclass(frozen=True)
class RestoredCap(Event):
    """Ruling 7: the victim's owner put the cap back."""

    player: int
    at: Vec


@dataclass(frozen=True)
class MovedAside(Event):
    """A game saved by an earlier version left two caps overlapping: one moved to room."""

    player: int
    at: Vec


@dataclass(frozen=True)
class CapSwitched(Event):
    player: int
    cap: str


@dataclass(frozen=True)
class DoOver(Event):
    """No blastsies: a victim left the board, every cap goes back and the shot is taken again."""

    player: int
    victims: tuple[int, ...]


@dataclass(frozen=True)
class Made(Event):
    """The shooter's cap landed in its target box (or trapezoid)."""

    player: int
    box: int | None
    word: int | None = None  # killer diller: 1-4


@dataclass(frozen=True)
class Pipsies(Event):
    player: int
    bonus: int


@dataclass(frozen=True)
class Hit(Event):
    """A non-killer shooter touched a victim; `award` boxes for it (0 when none is given)."""

    player: int
    victim: int
    award: int
    into_box: int | None = None  # the victim ended in the box it is going for
    skull_number: int | None = None  # the victim was in the skull when the shot began


@dataclass(frozen=True)
class Advanced(Event):
    """A player moved along the course: the HUD moves its marker from `start` to `end`."""

    player: int
    start: int
    end: int
    dropped: int = 0  # boxes earned past 13 while going for killer (ruling 9)


@dataclass(frozen=True)
class KnockedIn(Event):
    """Ruling 8: someone else's shot left this cap in the box its owner is going for."""

    player: int
    box: int


@dataclass(frozen=True)
class Stuck(Event):
    player: int


@dataclass(frozen=True)
class Freed(Event):
    player: int
    deadlock: bool = False  # every player left was stuck: our ruling frees the next one


@dataclass(frozen=True)
class Missed(Event):
    """The shot earned nothing: the turn ends."""

    player: int


@dataclass(frozen=True)
class Foul(Event):
    """Ruling 7: a hit before 2 forwards; the shooter starts over."""

    player: int
    victims: tuple[int, ...]


@dataclass(frozen=True)
class DillerMissed(Event):
    player: int


@dataclass(frozen=True)
class HitKiller(Event):
    """Ruling 11: a non-killer's shot touched a killer."""

    player: int
    killer: int


@dataclass(frozen=True)
class BecameKiller(Event):
    player: int


@dataclass(frozen=True)
class KillerHit(Event):
    """A killer touched a non-killer: `count` of the three consecutive hits."""

    player: int
    victim: int
    count: int


@dataclass(frozen=True)
class KillerMissed(Event):
    """A killer's shot missed a non-killer it had been hitting: that count is back to 0."""

    player: int
    victim: int


@dataclass(frozen=True)
class OwnsBox(Event):
    """Killer owns the board: the killer landed in a box or the skull and shoots again."""

    player: int
    box: int | None  # None: the skull


@dataclass(frozen=True)
class Eliminated(Event):
    player: int
    by: int | None


@dataclass(frozen=True)
class TurnLost(Event):
    """A stuck player's turn is skipped."""

    player: int


@dataclass(frozen=True)
class TurnPassed(Event):
    player: int  # whose turn it is now


@dataclass(frozen=True)
class Winner(Event):
    player: int


KIND: dict[type[Event], str] = {
    Placed: "placed",
    KeptCap: "kept_cap",
    RestoredCap: "restored_cap",
    MovedAside: "moved_aside",
    CapSwitched: "cap_switched",
    DoOver: "do_over",
    Made: "made",
    Pipsies: "pipsies",
    Hit: "hit",
    Advanced: "advanced",
    KnockedIn: "knocked_in",
    Stuck: "stuck",
    Freed: "freed",
    Missed: "missed",
    Foul: "foul",
    DillerMissed: "diller_missed",
    HitKiller: "hit_killer",
    BecameKiller: "became_killer",
    KillerHit: "killer_hit",
    KillerMissed: "killer_missed",
    OwnsBox: "owns_box",
    Eliminated: "eliminated",
    TurnLost: "turn_lost",
    TurnPassed: "turn_passed",
    Winner: "winner",
}

PLAYER_FIELDS = frozenset({"player", "victim", "killer", "by"})


def event_to_dict(event: Event) -> dict[str, Any]:
    """Plain data: `kind`, `text`, then the fields (player indexes as numbers)."""
    data: dict[str, Any] = {"kind": KIND[type(event)]}
    for key, value in asdict(event).items():
        data[key] = list(value) if isinstance(value, tuple) else value
    return data
