"""Skirrid in a player's words: its shapes ("a Door marked 3", "a Gun turned over") and each
event as a log line. Written once here; the table's log and reasons read them."""

from __future__ import annotations

from collections.abc import Sequence

from cards.skirrid import events as ev
from cards.words import plural, says, winners_line

ENDINGS = {
    "all placed": "every shape is on the board",
    "one placed all": "a player has placed all their shapes",
    "no moves": "nobody can place a shape any more",
}


def piece_shape(piece: str) -> tuple[str, int]:
    """("Door", 3) for "Door3", ("Gun", 1) for "Gun"."""
    if piece[-1] in "23":
        return piece[:-1], int(piece[-1])
    return piece, 1


def piece_words(piece: str) -> str:
    """'Door marked 3', 'Gun'."""
    shape, mark = piece_shape(piece)
    return shape if mark == 1 else f"{shape} marked {mark}"


def an(word: str) -> str:
    return f"{'an' if word[0] in 'AEIOU' else 'a'} {word}"


def event_words(e: ev.Event, names: Sequence[str]) -> str:
    """One event as a person would write it ("" for one the log leaves out)."""
    if isinstance(e, ev.Placed):
        what = an(piece_shape(e.piece)[0] + " turned over") if e.block else an(piece_words(e.piece))
        block = ", a block," if e.block else ""
        return (
            f"{says(names[e.seat], 'places', 'place')} {what}{block} for "
            f"{plural(e.score, 'point')} ({e.total} in all)."
        )
    if isinstance(e, ev.DieRolled):
        return f"{says(names[e.seat], 'rolls', 'roll')} {e.face}."
    if isinstance(e, ev.Passed):
        why = "no shape of that size to place" if e.why == "no such shape" else "no room"
        return f"{says(names[e.seat], 'passes', 'pass')}: {why}."
    if isinstance(e, ev.GameOver):
        winners = [names[p] for p in e.winners]
        return f"The game ends: {ENDINGS.get(e.why, e.why)}. {winners_line(winners)}"
    return ""


__all__ = ["ENDINGS", "an", "event_words", "piece_shape", "piece_words"]
