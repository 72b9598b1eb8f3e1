"""The statistics across games, counted from the saves index's entries (the lists' own summary
of each save: Skully's GameGist, a table's TableGist), never by opening a game. No pygame here:
the counting is plain data in, plain data out, so ten thousand entries are counted in a
fraction of a second on the statistics screen's own thread.

"A person at this desk" is a seat a person played here, not a computer player's."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TypeVar

from skully_game.core.save_entries import SavedEntry
from skully_game.scenes.cardtable.standing import TableGist
from skully_game.scenes.cardtable.words import YOU
from skully_game.skully.rules.course import KILLER
from skully_game.skully.saves import GameGist

FORM = 10  # the recent form: this many finished games, newest first
RECENT = 5  # the latest finished games named one by one
LEADERS = 3  # the people with the most wins named


@dataclass(frozen=True)
class Figures:
    """One game's statistics, ready to show."""

    title: str
    finished: int = 0
    unfinished: int = 0
    won_here: int = 0  # finished games a person at this desk won
    form: tuple[bool, ...] = ()  # the latest finished games, newest first: won here?
    best: str = ""  # "Best score at this desk: 340, by Anne on 12 Nov 2026" ("" none)
    leaders: tuple[tuple[str, int], ...] = ()  # people with the most wins
    lines: tuple[str, ...] = field(default=())  # the game's own figures (Skully's)
    recent: tuple[str, ...] = ()  # the latest finished games in a line each, newest first
    key: str = "skully"  # the game's ("skully", or a table game's registry key)
    recent_paths: tuple[Path, ...] = ()  # the saves of `recent`: a click watches one again

    @property
    def summary(self) -> str:
        """One line for the list: "14 games · 9 won here" ("No games finished yet")."""
        if not self.finished:
            return "No games finished yet"
        return f"{_games(self.finished)} · {self.won_here:,} won here"

    def counts(self) -> str:
        """ "14 games finished, 9 of them won by a person at this desk"."""
        won = "none" if not self.won_here else f"{self.won_here:,}"
        if self.finished == 1:
            whom = "won by a person at this desk" if self.won_here else "won by the computer"
            return f"1 game finished, {whom}"
        return f"{_games(self.finished)} finished, {won} of them won by a person at this desk"

    def form_words(self) -> str:
        """ "Last 10 games: 7 won here, 3 by the computer" (newest first in the marks)."""
        if not self.form:
            return ""
        here = sum(self.form)
        n = len(self.form)
        head = "Last game" if n == 1 else f"Last {n} games"
        if n == 1:
            return f"{head}: {'won here' if here else 'won by the computer'}"
        away = n - here
        tail = f", {away} by the computer" if away else ""
        return f"{head}: {here} won here{tail}"

    def leaders_words(self) -> str:
        if not self.leaders:
            return ""
        return "Most wins: " + ", ".join(f"{_who(name)} {n}" for name, n in self.leaders)


def _games(n: int) -> str:
    """ "1 game", "10,000 games"."""
    return f"{n:,} game{'' if n == 1 else 's'}"


def _when(entry: SavedEntry) -> int:
    return entry.saved_ns


def _date(ns: int) -> str:
    return datetime.fromtimestamp(ns / 1e9).strftime("%d %b %Y") if ns else "an unknown day"


def _bare(name: str) -> str:
    """A Skully list name without its " (computer)" mark."""
    return name.removesuffix(" (computer)")


G = TypeVar("G")


def _sorted(entries: Iterable[SavedEntry], kind: type[G]) -> tuple[list[tuple[SavedEntry, G]], int]:
    """The finished games of `kind`, newest first, and how many are unfinished."""
    done: list[tuple[SavedEntry, G]] = []
    unfinished = 0
    for entry in entries:
        gist = entry.value
        if not isinstance(gist, kind):
            continue
        if entry.finished:
            done.append((entry, gist))
        else:
            unfinished += 1
    done.sort(key=lambda pair: _when(pair[0]), reverse=True)
    return done, unfinished


def skully_figures(entries: Iterable[SavedEntry]) -> Figures:
    """Skully's statistics: games, wins here, fewest shots to win, the form, and the figures a
    player cares about (shots a game, hits, killers made, players put out)."""
    done, unfinished = _sorted(entries, GameGist)
    wins: Counter[str] = Counter()
    form: list[bool] = []
    won_here = 0
    fewest: tuple[int, str, int] | None = None  # (shots, who, when)
    tallied = shots = hits = killers = kills = 0
    for entry, gist in done:
        people = gist.people or (True,) * len(gist.names)
        here = 0 <= gist.winner < len(people) and people[gist.winner]
        won_here += here
        if len(form) < FORM:
            form.append(here)
        if here:
            who = _bare(gist.names[gist.winner])
            wins[who] += 1
            if gist.tallied:
                own = gist.shots_by[gist.winner]
                if own and (fewest is None or own < fewest[0]):
                    fewest = (own, who, _when(entry))
        if gist.tallied:
            tallied += 1
            shots += gist.shots
            for i, person in enumerate(people):
                if person:
                    hits += gist.hits[i]
                    kills += gist.kills[i]
                    killers += gist.steps[i] == KILLER
    lines: list[str] = []
    if tallied:
        lines.append(f"Shots a game: {shots / tallied:.0f} on average")
        lines.append(f"Hits by people here: {hits} ({hits / tallied:.1f} a game)")
        lines.append(f"Killers made by people here: {killers}")
        lines.append(f"Players put out by people here: {kills}")
    best = ""
    if fewest is not None:
        best = f"Fewest shots to win: {fewest[0]}, by {fewest[1]} on {_date(fewest[2])}"
    return Figures(
        "Skully",
        len(done),
        unfinished,
        won_here,
        tuple(form),
        best,
        tuple(wins.most_common(LEADERS)),
        tuple(lines),
        _recent(done),
        "skully",
        _paths(done),
    )


def table_figures(title: str, entries: Iterable[SavedEntry], key: str = "") -> Figures:
    """A table game's statistics: games, wins here, the best score a person made here (where
    the game scores points), the form and who won most."""
    done, unfinished = _sorted(entries, TableGist)
    wins: Counter[str] = Counter()
    form: list[bool] = []
    won_here = 0
    top: tuple[int, str, int] | None = None  # (score, who, when)
    for entry, gist in done:
        people = gist.people
        winners = [w for w in gist.winners if 0 <= w < len(people)]
        here = any(people[w] for w in winners)
        won_here += here
        if len(form) < FORM:
            form.append(here)
        for w in winners:
            if people[w]:
                wins[gist.names[w]] += 1
        if gist.unit == "points" and len(gist.scores) == len(people):
            for seat, score in enumerate(gist.scores):
                if people[seat] and (top is None or score > top[0]):
                    top = (score, gist.names[seat], _when(entry))
    best = ""
    if top is not None:
        who = "you" if top[1] == YOU else top[1]
        best = f"Best score here: {top[0]}, by {who} on {_date(top[2])}"
    return Figures(
        title,
        len(done),
        unfinished,
        won_here,
        tuple(form),
        best,
        tuple(wins.most_common(LEADERS)),
        (),
        _recent(done, _table_words),
        key,
        _paths(done),
    )


def _recent(
    done: Sequence[tuple[SavedEntry, G]], words: Callable[[SavedEntry, G], str] | None = None
) -> tuple[str, ...]:
    """The latest finished games, each in a line: "28 Nov 2026: Ace won, 18 shots, classic
    board" (as Skully's list says it), a table's with its scores named (`_table_words`)."""
    said = words or (lambda entry, _: entry.detail)
    return tuple(f"{_date(_when(entry))}: {said(entry, gist)}" for entry, gist in done[:RECENT])


def _paths(done: Sequence[tuple[SavedEntry, object]]) -> tuple[Path, ...]:
    return tuple(entry.path for entry, _ in done[:RECENT])


# the lists' bare scores, highest first ("10 to 7"): what they count was not said
BARE_SCORES = re.compile(r"-?\d+(?: to -?\d+)+")


def _table_words(entry: SavedEntry, gist: TableGist) -> str:
    """A table's finished game as its list says it, the bare scores ("10 to 7") said with
    what they count and whose they are: "won by you · stock cards played: you 10, Anne 7 ·
    130 moves" (an older save's index may hold no scores: then "scores 10 to 7")."""

    def said(part: str) -> str:
        if not BARE_SCORES.fullmatch(part):
            return part
        return scores_said(gist) if gist.scores else f"scores {part}"

    return " · ".join(said(part) for part in entry.detail.split(" · "))


def scores_said(gist: TableGist) -> str:
    """A finished table's scores, highest first, with what they count: "points: you 160,
    Bot 1 40"; "Win Markers: Anne 2, you 1"; per side where the game scores sides."""
    unit = gist.unit or "points"
    scores = gist.scores
    if len(scores) != len(gist.names):  # sides (a pair's added): no names to give them
        return f"{unit}: " + " to ".join(str(s) for s in sorted(scores, reverse=True))
    order = sorted(range(len(scores)), key=lambda i: -scores[i])
    return f"{unit}: " + ", ".join(f"{_who(gist.names[i])} {scores[i]}" for i in order)


def _who(name: str) -> str:
    return "you" if name == YOU else name


def gather() -> list[Figures]:
    """Every game's statistics, Skully first, then the table games in menu order (from the
    registry): each folder's whole list, read from its index (new files are read into it).
    Slow with many new saves: the statistics screen calls it on a thread of its own."""
    from skully_game.scenes.cardtable.match import list_tables
    from skully_game.scenes.resume import table_games
    from skully_game.skully.saves import game_listing

    out = [skully_figures(game_listing().entries)]
    games = sorted(table_games(), key=lambda g: g.info.order)
    out += [table_figures(game.title, list_tables(game).entries, game.key) for game in games]
    return out


__all__ = ["FORM", "Figures", "gather", "scores_said", "skully_figures", "table_figures"]
