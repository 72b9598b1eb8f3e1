"""A killer's turn told at the caps: each victim's own count, and the miss that resets it."""

from __future__ import annotations

from skully_game.scenes.skully.gamestory import callout
from skully_game.skully.rules.events import KillerHit, KillerMissed


def test_a_hit_and_a_miss_are_said_at_the_victims_cap() -> None:
    names = ["Ace", "Bobby", "Carmen"]
    hit = callout(KillerHit("Ace hit Bobby (2 of 3)", 0, 1, 2), names)
    assert hit is not None and hit[:2] == ("Hit 2/3", 1)
    miss = callout(KillerMissed("Ace missed Carmen: Carmen's count starts again", 0, 2), names)
    assert miss is not None and miss[:2] == ("Count back to 0/3", 2)
