"""Each Skully player's tally as a saved game keeps it beside its actions ("tally"): how far they
got, their shots, hits and kills, and whether they went killer. The Resume list says where a
game stands from it ("Shot 23 · Bobby going for 8 forwards") and the statistics screen counts it, both
from the saves index, so no list replays a game. No pygame here.

A game saved before the tally was kept has none: the lister (saves.py) then replays the game's
rules (never its physics) once, when the index reads the file in the background."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from skully_game.core.errors import is_whole
from skully_game.skully.rules import course

MAX_STEP = course.KILLER


class PlayerTally(NamedTuple):
    """One player's game, as a list counts it."""

    step: int  # the last course step obtained (course.KILLER: a killer)
    shots: int
    hits: int
    kills: int
    out: bool  # put out of the game

    @property
    def killer(self) -> bool:
        return self.step == course.KILLER


def tally(state: Any) -> list[dict[str, Any]]:
    """What a save keeps of each player of a rules state (rules.state.GameState)."""
    return [
        {
            "step": p.step,
            "shots": p.stats.shots,
            "hits": p.stats.hits,
            "kills": p.stats.kills,
            "out": p.eliminated,
        }
        for p in state.players
    ]


def read_tally(raw: object, players: int) -> tuple[PlayerTally, ...] | None:
    """A saved tally, checked; None when it is missing or not one (then it is worked out)."""
    if not isinstance(raw, list) or len(raw) != players:
        return None
    out = []
    for item in raw:
        if not isinstance(item, dict):
            return None
        step, shots, hits, kills = (item.get(k) for k in ("step", "shots", "hits", "kills"))
        counts = (shots, hits, kills)
        if not is_whole(step) or not 0 <= step <= MAX_STEP:
            return None
        if not all(is_whole(n) and 0 <= n <= 10**7 for n in counts):
            return None
        gone = item.get("out", False)
        if not isinstance(gone, bool):
            return None
        out.append(PlayerTally(step, shots, hits, kills, gone))  # type: ignore[arg-type]
    return tuple(out)


def leader_words(names: Sequence[str], players: Sequence[PlayerTally]) -> str:
    """Who is furthest on, in words: "Bobby going for 8 forwards", "Ace is a killer", "everyone at
    the start" (players put out are passed over; a tie names the first in order of play)."""
    best: int | None = None
    for i, player in enumerate(players):
        if player.out or i >= len(names):
            continue
        if best is None or player.step > players[best].step:
            best = i
    if best is None:
        return ""
    step = players[best].step
    if step == course.START:
        return "everyone at the start"
    name = names[best]
    if step == course.KILLER:
        return f"{name} is a killer"
    if step == course.KILLER_THIRTEEN:
        return f"{name} on 13, going for killer"
    return f"{name} going for {course.COURSE[step + 1].label}"  # the table's own words


__all__ = ["PlayerTally", "leader_words", "read_tally", "tally"]
