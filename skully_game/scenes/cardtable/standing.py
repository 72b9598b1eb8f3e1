"""Where a table game stands, in words, and what a finished one counts for the statistics: kept
in the table's save when it is written ("standing", "winners", "scores"), so the Resume list
("Round 4 of 10 · Anne 60, Bob 40") and the statistics screen read them from the saves index
and never replay a game. A save written before they were kept is replayed once, when the index
reads it in the background (the engines replay a whole game in a few milliseconds).

The words come from the game's adapter and the engine contract, never from a list of games: a
game's adapter may say where its game stands itself (`where_words(state)`); otherwise it is
read from the public counters the engines share by name: an observation's `round_index` (and
`rounds_total`), a match's `game_index` (with `options.match_to`), a state's `turn_count`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple


class TableGist(NamedTuple):
    """What the lists and the statistics know of a saved table (in the saves index)."""

    names: tuple[str, ...]
    people: tuple[bool, ...]  # per seat: a person at this desk
    winners: tuple[int, ...] = ()  # seats, once the game is over
    scores: tuple[int, ...] = ()  # per seat (or per side, when the game scores sides)
    unit: str = "points"  # what the scores count
    standing: str = ""  # an unfinished game's "Round 4 of 10 · Anne 60, Bob 40"
    partial: bool = False  # an older save on a quick look: read again in the background


def where_words(game: Any, state: Any) -> str:
    """The round, game or turn an unfinished game is at: "Round 4 of 10", "Game 2 of a match
    to 500", "Turn 12" ("" when the game keeps no such count)."""
    own = getattr(game, "where_words", None)
    if callable(own):
        return str(own(state))
    try:  # a glance: read at once, nothing for the state to keep (the round is public)
        obs = state.glance(state.current_player())
    except (ValueError, IndexError, RuntimeError, AttributeError):
        obs = state  # no seat to act (between deals): the state's own counters
    index = _count(obs, "round_index")
    if index is not None:
        total = _count(obs, "rounds_total")
        return f"Round {index + 1}" + (f" of {total}" if total else "")
    match_to = getattr(getattr(state, "options", None), "match_to", 0)
    game_index = _count(state, "game_index")
    if match_to and game_index is not None:
        return f"Game {game_index + 1} of a match to {match_to}"
    turns = _count(state, "turn_count")
    if turns:
        return f"Turn {turns}"
    return ""


def _count(source: Any, name: str) -> int | None:
    value = getattr(source, name, None)
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def unit_of(game: Any, state: Any) -> tuple[str, str]:
    """What the game's scores count, one and many ("point", "points")."""
    own = getattr(game, "score_unit", None)
    if callable(own):
        return tuple(own(state))  # type: ignore[return-value]
    return tuple(getattr(game, "score_word", ("point", "points")))  # type: ignore[return-value]


def scorers(game: Any, state: Any, names: Sequence[str]) -> list[str]:
    """Who the game's scores belong to: the seats, or the sides when it scores sides."""
    scores = game.final_scores(state)
    if len(scores) == len(names):
        return list(names)
    sides = getattr(game, "side_names", None)
    if callable(sides):
        named = list(sides(state, names))
        if len(named) == len(scores):
            return named
    return []


def scores_words(names: Sequence[str], scores: Sequence[int], unit: tuple[str, str]) -> str:
    """The scores, highest first: "Anne 60, Bob 40"; "Win Markers: Anne 1, Bob 0"; "no points
    yet" while nobody has any."""
    if not names or len(names) != len(scores):
        return ""
    if not any(scores):
        return f"no {unit[1]} yet"
    order = sorted(range(len(scores)), key=lambda i: -scores[i])
    said = ", ".join(f"{names[i]} {scores[i]}" for i in order)
    if unit[1] == "points":
        return said
    return f"{unit[1][:1].upper()}{unit[1][1:]}: {said}"


def standing_words(game: Any, state: Any, names: Sequence[str]) -> str:
    """An unfinished game in a few words: "Round 4 of 10 · Anne 60, Bob 40"."""
    parts = [where_words(game, state)]
    who = scorers(game, state, names)
    if who:
        parts.append(scores_words(who, game.final_scores(state), unit_of(game, state)))
    return " · ".join(p for p in parts if p)


def saved_figures(game: Any, state: Any, names: Sequence[str]) -> dict[str, Any]:
    """What a table's save keeps for the lists and the statistics: where an unfinished game
    stands, or a finished one's winners and scores (with what the scores count)."""
    if game.is_over(state):
        return {
            "winners": list(game.winners(state)),
            "scores": [int(s) for s in game.final_scores(state)],
            "unit": unit_of(game, state)[1],
        }
    return {"standing": standing_words(game, state, names)}


__all__ = [
    "TableGist",
    "saved_figures",
    "scores_words",
    "standing_words",
    "unit_of",
    "where_words",
]
