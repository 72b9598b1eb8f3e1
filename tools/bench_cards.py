"""Benchmark the card games' engines, like for like: `python tools/bench_cards.py [--peer GAME=DIR]`.

Per game of `cards/registry.py`, four players, every contestant playing the same fresh seeds in
turn, game by game, in one process (the order rotating), each game timed in this thread's CPU
time, so a busy machine slows every figure alike and the ratios stay honest; the repeats give
the median and the interquartile range (IQR) of every per-repeat ratio:

- bare: our game with its default rules, uniform random choices through `legal_actions()` then
  `apply_action()` (which refuses an illegal action): the least a caller can do;
- selfplay: the same games through `skully selfplay`'s own code path (`cards.selfplay.play_one`:
  the registry's random bot in every seat, each seeing its own observation), and
  selfplay_vs_bare, self-play's speed over the bare loop's (target: at least 0.9);
- checked: the game we race against a peer (its rules, its bot), played through the API an
  engine user calls at each decision: `observation(seat)` for the bot, `legal_actions()`, the
  bot's choice, `apply_action()`;
- play_out: the same games through `cards.bots.play_out` (each seat's glance, every action
  checked), a second, named figure;
- list_ceiling (with `--list-ceiling`, for a bot that never reads the legal list: Skip-Bo's
  build-first): the checked loop with `legal_actions()` replaced by a fresh copy of a constant
  list of the real one's mean length, every action still checked: the most any
  `legal_actions()` that returns a new list could reach, however cheaply it listed;
- peer: with `--peer GAME=DIR`, DIR a checkout of the peer's repository (outside this one), the
  peer engine playing the same kind of game in the same process; each game's peer, and how the
  two sides are matched, is told in `tools/bench_peers/<the game's package>.py`.
  Prints are silenced the same way on both sides: `print` is a no-op while any game is timed.
  Actions are counted alike on both sides: every move of the game (a bid, a pass, a card
  placed, played, turned, discarded or lost, an ability's choice), so ratio_per_action divides
  comparable counts.

Repeats default to 9 of 40 games each; the IQR printed beside each ratio, as a share of its
median, is the spread (it stays under 15 % on a loaded 2-core machine). The last line is one
JSON object keyed by game: `{"skull-king": {"checked_vs_peer": ..., ...}, ...}`.
"""

from __future__ import annotations

import argparse
import builtins
import gc
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cards.bots import play_out, reads_legal
from cards.engine import pick
from cards.registry import GAMES, GameEntry
from cards.selfplay import BotSpec, Match, play_one

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_peers import SEATS, Pairing, Played, Playout, pairings


def bare_playout(entry: GameEntry, options: Any) -> Playout:
    """Uniform random choices through `legal_actions()` and `apply_action()`: the bare loop."""

    def play(seed: int) -> Played:
        state = entry.new_state(options, seed)
        rng = random.Random(seed)
        actions = 0
        while not state.is_terminal():
            state.apply_action(pick(state.legal_actions(), rng))
            actions += 1
        return Played(actions)

    return play


def checked_playout(
    entry: GameEntry,
    options: Any,
    bot: str,
    won: Callable[[Any], bool] = lambda state: True,
    listing: Callable[[Any], list[Any]] | None = None,
) -> Playout:
    """Our bot in every seat through the API an engine user calls at each decision: the seat's
    `observation()`, `legal_actions()`, the bot's choice, `apply_action()` (written as a user
    writes it: the observation is still held when the action is applied). `listing`: what
    stands in for `legal_actions()` (the list ceiling's); both pay for the one test of it."""

    def play(seed: int) -> Played:
        state = entry.new_state(options, seed)
        bots = [entry.make_bot(bot, random.Random(seed * 10 + p)) for p in range(state.num_players)]
        actions = 0
        while not state.is_terminal():
            seat = state.current_player()
            observation = state.observation(seat)
            legal = state.legal_actions() if listing is None else listing(state)
            action = bots[seat].act(observation, legal)
            state.apply_action(action)
            actions += 1
        return Played(actions, won(state))

    return play


def list_ceiling_playout(
    entry: GameEntry, options: Any, bot: str, won: Callable[[Any], bool], length: int
) -> Playout:
    """The checked loop with `legal_actions()` replaced by a function that returns a fresh
    copy of a constant list of its mean `length`, for a bot that names its action from its
    view (`reads_legal` False; apply_action still checks every action, by the game's
    one-action test): the most any `legal_actions()` returning a new list could reach,
    however cheaply it were listed."""
    constant = ["END"] * length

    def listing(state: Any) -> list[Any]:
        return constant[:]

    return checked_playout(entry, options, bot, won, listing)


def mean_legal_length(entry: GameEntry, options: Any, bot: str, seed: int) -> int:
    """The legal list's mean length along a few games of `bot` (for the list ceiling)."""
    lengths = []
    for g in range(5):
        state = entry.new_state(options, seed - 100 - g)
        bots = [entry.make_bot(bot, random.Random(g * 10 + p)) for p in range(state.num_players)]
        while not state.is_terminal():
            seat = state.current_player()
            legal = state.legal_actions()
            lengths.append(len(legal))
            state.apply_action(bots[seat].act(state.observation(seat), legal))
    return round(statistics.mean(lengths))


def play_out_playout(
    entry: GameEntry, options: Any, bot: str, won: Callable[[Any], bool] = lambda state: True
) -> Playout:
    """The same games through `cards.bots.play_out` (each seat's glance, the legal actions
    unlisted for a bot that seldom reads them, every action checked)."""

    def play(seed: int) -> Played:
        state = entry.new_state(options, seed)
        bots = [entry.make_bot(bot, random.Random(seed * 10 + p)) for p in range(state.num_players)]
        play_out(state, bots)
        return Played(len(state.history()), won(state))

    return play


def selfplay_playout(entry: GameEntry, options: Any, players: int) -> Playout:
    """One game through `skully selfplay`'s own code path, random bots in every seat."""
    spec = BotSpec("random", "random", {})
    if "random" not in entry.bot_names:
        raise ValueError(f"{entry.name} has no random bot to time")

    def play(seed: int) -> Played:
        match = Match(entry.name, options, seed, (spec,) * players)
        play_one(match, 0)
        return Played(0)

    return play


PAIRINGS: dict[str, Pairing] = pairings()


# ---- timing ---------------------------------------------------------------------------------------


@dataclass
class Timed:
    """One contestant's figures, per repeat."""

    seconds: list[float] = field(default_factory=list)  # CPU seconds of the repeat's games
    actions: list[int] = field(default_factory=list)
    won_seconds: list[float] = field(default_factory=list)  # over the games won
    won: list[int] = field(default_factory=list)
    games: int = 0

    def rates(self) -> list[float]:
        return [self.games / s for s in self.seconds]

    def actions_per_game(self) -> float:
        return sum(self.actions) / (self.games * len(self.seconds))


def _silent(*args: Any, **kwargs: Any) -> None:
    """`print` while games are timed, on both sides alike."""


@contextmanager
def prints_silenced() -> Iterator[None]:
    shown = builtins.print
    builtins.print = _silent
    try:
        yield
    finally:
        builtins.print = shown


def interleaved(plays: dict[str, Playout], games: int, repeats: int, seed: int) -> dict[str, Timed]:
    """Each playout over the same `games` fresh seeds per repeat, taking turns game by game in
    rotating order, every game timed in this thread's CPU time."""
    names = list(plays)
    clock = time.thread_time
    timed = {name: Timed(games=games) for name in names}
    with prints_silenced():
        for name in names:  # warm-up: imports, caches
            plays[name](seed - 1)
        for r in range(repeats):
            spent = dict.fromkeys(names, 0.0)
            spent_won = dict.fromkeys(names, 0.0)
            won = dict.fromkeys(names, 0)
            acts = dict.fromkeys(names, 0)
            gc.collect()
            for g in range(games):
                k = (r + g) % len(names)
                for name in names[k:] + names[:k]:
                    t0 = clock()
                    played = plays[name](seed + r * games + g)  # fresh deals: no memo replays
                    took = clock() - t0
                    spent[name] += took
                    acts[name] += played.actions
                    if played.won:
                        spent_won[name] += took
                        won[name] += 1
            for name in names:
                t = timed[name]
                t.seconds.append(spent[name])
                t.actions.append(acts[name])
                t.won_seconds.append(spent_won[name])
                t.won.append(won[name])
    return timed


def quartiles(values: list[float]) -> tuple[float, float, float]:
    """(first quartile, median, third quartile)."""
    if len(values) < 2:
        return values[0], values[0], values[0]
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return q1, q2, q3


def summary(values: list[float], digits: int = 3) -> dict[str, Any]:
    q1, med, q3 = quartiles(values)
    return {
        "median": round(med, digits),
        "iqr": [round(q1, digits), round(q3, digits)],
        "spread": round((q3 - q1) / med, 3) if med else None,
    }


def shown(figure: dict[str, Any], unit: str = "") -> str:
    lo, hi = figure["iqr"]
    spread = figure["spread"]
    return (
        f"{figure['median']}{unit} (IQR {lo}-{hi}{unit}, spread {spread:.0%})"
        if spread is not None
        else f"{figure['median']}{unit}"
    )


def ratios(ours: Timed, theirs: Timed, per_action: bool = False) -> list[float]:
    """Per repeat: ours over theirs, in games (or actions) per CPU second."""
    out = []
    for r in range(len(ours.seconds)):
        a = (ours.actions[r] if per_action else ours.games) / ours.seconds[r]
        b = (theirs.actions[r] if per_action else theirs.games) / theirs.seconds[r]
        out.append(a / b)
    return out


def commit_of(folder: Path) -> str:
    try:
        out = subprocess.run(
            ["git", "-C", str(folder), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return "?"
    return out.stdout.strip()


def bench_game(
    entry: GameEntry,
    games: int,
    repeats: int,
    seed: int,
    peer_dir: Path | None,
    ceiling: bool = False,
) -> dict[str, Any]:
    low, high = entry.players
    seats = min(max(SEATS, low), high)
    options = entry.make_options(seats, {})
    pairing = PAIRINGS.get(entry.name)
    bot = pairing.bot if pairing else "random"
    matched = entry.make_options(seats, pairing.overrides) if pairing else options
    won = pairing.won if pairing else (lambda state: True)
    plays: dict[str, Playout] = {
        "bare": bare_playout(entry, options),
        "selfplay": selfplay_playout(entry, options, seats),
        "checked": checked_playout(entry, matched, bot, won),
        "play_out": play_out_playout(entry, matched, bot, won),
    }
    length = 0
    if ceiling and not reads_legal(entry.make_bot(bot, random.Random(0))):
        length = mean_legal_length(entry, matched, bot, seed)
        plays["list_ceiling"] = list_ceiling_playout(entry, matched, bot, won, length)
    if pairing is not None and peer_dir is not None:
        plays["peer"] = pairing.build(peer_dir)
    runs = interleaved(plays, games, repeats, seed)

    print(f"{entry.name}: {seats} players, {games} games x {repeats} repeats, CPU time")
    print(f"  bare, selfplay: our default rules, uniform random; {bot} for checked, play_out")
    figures: dict[str, Any] = {"players": seats, "games": games, "repeats": repeats}
    for name in plays:
        t = runs[name]
        figure = summary(t.rates(), 1)
        figures[f"{name}_games_per_s"] = figure
        apg = t.actions_per_game()
        if name != "selfplay":
            figures[f"{name}_actions_per_game"] = round(apg, 1)
        tail = f", {apg:.1f} actions a game" if name != "selfplay" else ""
        print(f"  {name + ':':10} {shown(figure, '/s')}{tail}")
    sb = summary(ratios(runs["selfplay"], runs["bare"]))
    figures["selfplay_vs_bare"] = sb
    print(f"  selfplay / bare: {shown(sb)} (target >= 0.9)")
    po = summary(ratios(runs["play_out"], runs["checked"]))
    figures["play_out_vs_checked"] = po
    print(f"  play_out / checked: {shown(po)}")
    if "peer" in runs and pairing is not None:
        assert peer_dir is not None
        figures["peer"] = f"{pairing.repository}@{commit_of(peer_dir)}"
        print(f"  pairs: ours = {pairing.ours}")
        print(f"         peer = {figures['peer']}: {pairing.theirs}")
        if length:
            print(
                f"  list_ceiling: checked with a fresh copy of a constant {length}-item list for "
                "the legal one (the most a list-returning legal_actions() could reach)"
            )
        for name in ("checked", "play_out", "list_ceiling"):
            if name not in runs:
                continue
            ours, theirs = runs[name], runs["peer"]
            per_game = summary(ratios(ours, theirs))
            per_action = summary(ratios(ours, theirs, per_action=True))
            figures[f"{name}_vs_peer"] = per_game
            figures[f"{name}_vs_peer_per_action"] = per_action
            print(
                f"  ours ({name}) / peer: {shown(per_game)} a game, {shown(per_action)} an action"
            )
        if any(w < games for w in runs["peer"].won) or any(w < games for w in runs["checked"].won):
            figures.update(won_figures(runs, games))
    return figures


def won_figures(runs: dict[str, Timed], games: int) -> dict[str, Any]:
    """Over the games both engines play to the same end (Skip-Bo: a winner by an emptied
    stock; the peer stops when its draw pile runs dry, ours plays on to the stalemate)."""
    ours, theirs = runs["checked"], runs["peer"]
    per = []
    for r in range(len(ours.seconds)):
        if ours.won[r] and theirs.won[r]:
            a = ours.won[r] / ours.won_seconds[r]
            b = theirs.won[r] / theirs.won_seconds[r]
            per.append(a / b)
    total = games * len(ours.seconds)
    figure = summary(per)
    print(
        f"  games won by an emptied stock: ours {sum(ours.won)}/{total}, peer "
        f"{sum(theirs.won)}/{total}; over those, ours (checked) / peer {shown(figure)}"
    )
    return {
        "checked_won_share": round(sum(ours.won) / total, 3),
        "peer_won_share": round(sum(theirs.won) / total, 3),
        "checked_vs_peer_won": figure,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per repeat (40)")
    parser.add_argument("--repeats", type=int, default=9, help="interleaved repeats (9)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", help="only these games (default: all)")
    parser.add_argument(
        "--peer", action="append", default=[], help="GAME=DIR: a checkout of a peer engine"
    )
    parser.add_argument(
        "--list-ceiling",
        action="store_true",
        help="also time the checked loop with a constant legal list, where the bot never "
        "reads it (Skip-Bo): the ceiling of any list-returning legal_actions()",
    )
    args = parser.parse_args(argv)
    peers: dict[str, Path] = {}
    for item in args.peer:
        name, sep, folder = item.partition("=")
        if not sep or name not in PAIRINGS:
            parser.error(f"--peer {item}: expected GAME=DIR, GAME one of {', '.join(PAIRINGS)}")
        peers[name] = Path(folder).resolve()
    for name, folder in peers.items():
        if not folder.is_dir():
            parser.error(f"the peer of {name}, {folder}: not a folder")
    known = {info.key for info in GAMES}
    for name in args.game or ():
        if name not in known:
            parser.error(f"--game {name}: expected one of {', '.join(sorted(known))}")
    if args.games < 1 or args.repeats < 1:
        parser.error("--games and --repeats: expected at least 1")
    results: dict[str, Any] = {}
    for info in sorted(GAMES, key=lambda g: g.order):
        if args.game and info.key not in args.game:
            continue
        results[info.key] = bench_game(
            info.entry(),
            args.games,
            args.repeats,
            args.seed,
            peers.get(info.key),
            args.list_ceiling,
        )
    print(json.dumps(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
