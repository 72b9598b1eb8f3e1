"""The grammar of every table's words, kept with the engines (cards/words.py): re-exported here
for the scenes, which wrote `from skully_game.scenes.cardtable.words import ...`."""

from __future__ import annotations

from cards.words import (
    YOU,
    as_read_by,
    listing,
    obj,
    opening,
    plural,
    possessive,
    says,
    winners_line,
)

__all__ = [
    "YOU",
    "as_read_by",
    "listing",
    "obj",
    "opening",
    "plural",
    "possessive",
    "says",
    "winners_line",
]
