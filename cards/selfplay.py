"""Headless self-play: seat-rotated bot matches with win rates, 95% Wilson intervals and speed.

What `skully selfplay` runs (its argument parsing lives with the rest of the command line):

    skully selfplay skull-king --players 4 --games 1000 --seed 1 --bots strong,heuristic,strong,heuristic
        [--options key=value ...] [--workers 2] [--json]

A bot may carry settings: `strong:rollouts=200`. Games come in rotation groups of N (the number of
seats): the N games of a group share one deal seed and shift every bot one seat along, so each bot
sits in each seat equally and meets the same cards from every seat. A tie for first shares the win.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from cards.bots import Bot, play_out
from cards.engine import make_rng
from cards.registry import GAMES, GameEntry, SeatResult


class _Loaders(Mapping[str, Callable[[], GameEntry]]):
    """Game name -> its engine entry's loader, read from the one registry (cards/registry.py)
    at each look-up (a game registered for a while is there for that while), so one game's
    import cost or failure never touches another's."""

    def __getitem__(self, key: str) -> Callable[[], GameEntry]:
        for info in GAMES:
            if info.key == key:
                return info.entry
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter([info.key for info in GAMES])

    def __len__(self) -> int:
        return len(GAMES)


REGISTRY: Mapping[str, Callable[[], GameEntry]] = _Loaders()


@dataclass(frozen=True)
class BotSpec:
    label: str  # as written on the command line
    name: str
    settings: dict[str, Any]


def parse_bot(text: str, known: Sequence[str]) -> BotSpec:
    name, *parts = text.strip().split(":")
    if name not in known:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(known)})")
    settings: dict[str, Any] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise ValueError(f"bad bot setting {part!r} in {text!r}: expected key=value")
        settings[key] = _number(value)
    return BotSpec(text.strip(), name, settings)


def _number(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


@dataclass(frozen=True)
class Match:
    game: str
    options: Any
    seed: int
    bots: tuple[BotSpec, ...]
    # Every game starts from this position (cards/position.py) instead of a fresh deal: a full
    # one plays on with its own seed's chance; a seat's view is dealt its hidden cards anew
    # for each rotation group (from the match's seed).
    position: str | None = None


def play_one(match: Match, index: int) -> list[SeatResult]:
    """Game `index` of the match; returns results per bot entry (not per seat)."""
    entry = _ENTRIES.get(match.game)
    if entry is None:
        entry = _ENTRIES[match.game] = REGISTRY[match.game]()
    specs = match.bots
    n = len(specs)
    seat_of = _seats_of(n, index % n)  # entry i sits here in this game
    at_seat: list[Bot] = [None] * n  # type: ignore[list-item]
    make_bot, seed = entry.make_bot, match.seed
    for i, spec in enumerate(specs):
        rng = make_rng(seed, "bot", index, i)
        settings = spec.settings
        bot = make_bot(spec.name, rng, **settings) if settings else make_bot(spec.name, rng)
        at_seat[seat_of[i]] = bot
    if match.position is None:
        state = entry.new_state(match.options, seed + index // n)
    else:
        state = entry.state.from_position(match.position, make_rng(seed, "position", index // n))
    per_seat = entry.results(play_out(state, at_seat))
    out = []
    for i in range(n):
        seat = seat_of[i]
        result = per_seat[seat]
        stops = getattr(at_seat[seat], "clock_stops", 0)
        out.append(replace(result, clock_stops=stops) if stops else result)
    return out


# Each game's engine entry once looked up (REGISTRY's loaders import it by name at each call).
_ENTRIES: dict[str, GameEntry] = {}


def _seats_of(n: int, shift: int) -> tuple[int, ...]:
    """Per bot entry, its seat in a game shifted `shift` seats along (kept: a few at most)."""
    seats = _SHIFTED.get((n, shift))
    if seats is None:
        seats = _SHIFTED[n, shift] = tuple((i - shift) % n for i in range(n))
    return seats


_SHIFTED: dict[tuple[int, int], tuple[int, ...]] = {}


def _play_chunk(args: tuple[Match, Sequence[int]]) -> list[list[SeatResult]]:
    match, indices = args
    return [play_one(match, i) for i in indices]


def wilson(successes: float, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson score interval: honest near 0 and 1, unlike the normal approximation."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def run_match(
    match: Match, games: int, workers: int = 1, progress: bool = False
) -> list[list[SeatResult]]:
    start = time.perf_counter()
    chunks = [list(range(i, min(games, i + 4))) for i in range(0, games, 4)]
    out: list[list[SeatResult]] = []
    if workers <= 1:
        iterator: Any = map(_play_chunk, ((match, c) for c in chunks))
        pool = None
    else:
        import multiprocessing

        pool = multiprocessing.get_context("fork").Pool(workers)
        iterator = pool.imap(_play_chunk, ((match, c) for c in chunks))
    try:
        for chunk in iterator:
            out.extend(chunk)
            if progress:
                rate = len(out) / (time.perf_counter() - start)
                print(f"{len(out)}/{games} games, {rate:.2f}/s", file=sys.stderr, flush=True)
    except BaseException:
        if pool is not None:
            pool.terminate()  # an interrupt must not leave workers playing on
        raise
    if pool is not None:
        pool.close()
        pool.join()
    return out


def summarize(match: Match, results: list[list[SeatResult]], seconds: float) -> dict[str, Any]:
    n = len(match.bots)
    games = len(results)
    entry = REGISTRY[match.game]()
    entries = []
    for i, spec in enumerate(match.bots):
        rows = [r[i] for r in results]
        entries.append(_stats(spec.label, 1, rows, games, n, rates=entry.rates))
    by_label: dict[str, list[int]] = {}
    for i, spec in enumerate(match.bots):
        by_label.setdefault(spec.label, []).append(i)
    bots = []
    for label, idx in by_label.items():
        rows = [r[i] for r in results for i in idx]
        wins = sum(r[i].win for r in results for i in idx)
        bots.append(_stats(label, len(idx), rows, games, n, wins, entry.rates))
    per_game = {
        f"mean_{name}": round(sum(r[0].counts.get(name, 0) for r in results) / games, 3)
        for name in entry.game_counts
        if games
    }
    return {
        "game": match.game,
        "players": n,
        "games": games,
        "seed": match.seed,
        "bots": [s.label for s in match.bots],
        "options": entry.option_dict(match.options),
        "equal_share": 1 / n,
        **({"position": match.position} if match.position else {}),
        **per_game,
        # the game's own rates, each a figure of every row of results (a column in the table)
        "rates": list(entry.rates),
        "results": bots,
        "entries": entries,
        # Decisions a bot's wall-clock safety net cut short: 0 means the budgets (work, not
        # time) decided every move, so the same seed gives the same games on any machine.
        "clock_stops": sum(r.clock_stops for row in results for r in row),
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 4) if seconds > 0 else None,
        "games_per_s": round(games / seconds, 4) if seconds > 0 else None,  # the short name
    }


def _stats(
    label: str,
    copies: int,
    rows: list[SeatResult],
    games: int,
    seats: int,
    wins: float | None = None,
    rates: Mapping[str, tuple[str, str]] | None = None,
) -> dict[str, Any]:
    """Per-copy win rate; its interval is the team's (any copy wins) Wilson interval / copies.
    The game's own tallies (SeatResult.counts) are summed per bot, with the rates it names."""
    if wins is None:
        wins = sum(r.win for r in rows)
    lo, hi = wilson(wins, games)
    return {
        "bot": label,
        "copies": copies,
        "wins": round(wins, 3),
        "win_rate": round(wins / games / copies, 4) if games else None,
        "ci95": [round(lo / copies, 4), round(hi / copies, 4)],
        "equal_share": round(1 / seats, 4),
        "team_win_rate": round(wins / games, 4) if games else None,
        "team_ci95": [round(lo, 4), round(hi, 4)],
        "team_equal_share": round(copies / seats, 4),
        "mean_score": round(sum(r.score for r in rows) / len(rows), 2) if rows else None,
        "clock_stops": sum(r.clock_stops for r in rows),
        **_tallies(rows, rates or {}),
    }


def _tallies(rows: Sequence[SeatResult], rates: Mapping[str, tuple[str, str]]) -> dict[str, Any]:
    totals: dict[str, float] = {}
    for row in rows:
        for name, value in row.counts.items():
            totals[name] = totals.get(name, 0) + value
    if not totals:
        return {}
    out: dict[str, Any] = {"counts": {k: round(v, 3) for k, v in totals.items()}}
    for name, (top, bottom) in rates.items():
        out[name] = round(totals.get(top, 0) / totals[bottom], 4) if totals.get(bottom) else None
    return out
