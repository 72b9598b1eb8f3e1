"""`skully selfplay GAME ...`: computer players play headless matches, Skully or a table game.

The games are "skully" and every card game of `cards.registry.GAMES`; each has its own options
under `skully selfplay GAME --help`. Without --json a readable table, with --json one JSON line.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from cards.registry import GAMES
from skully_game.cli.parser import OneLineParser, UsageError, command, plural, run_alone, whole

PROG = "skully selfplay"
SKULLY = "skully"
MAX_GAMES = 1_000_000


def game_names() -> list[str]:
    """Every game selfplay can play: Skully, then the registered table games."""
    return [SKULLY, *(g.key for g in GAMES)]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """`selfplay`'s own subcommands: one per game, each with that game's options."""
    games = parser.add_subparsers(
        dest="game", metavar="GAME", required=True, parser_class=OneLineParser
    )
    skully = games.add_parser(
        SKULLY,
        help="Skully: computer players of chosen levels play whole games",
        description="Computer players play whole games of Skully headless; seats rotate between "
        "games so every level sits in every seat equally.",
    )
    _skully_arguments(skully)
    command(skully, run_skully)
    for info in GAMES:
        table = games.add_parser(
            info.key,
            help=f"{info.title}: seat-rotated bot matches",
            description=f"Seat-rotated {info.title} matches between bots, with win rates, 95% "
            "Wilson intervals and speed.",
        )
        _table_arguments(table)
        command(table, run_table_game)


def main(argv: list[str] | None = None) -> int:
    """`skully selfplay ...` on its own: the same parser and messages."""
    return run_alone(PROG, add_arguments, _unreachable, argv, __doc__)


def setup(parser: argparse.ArgumentParser) -> None:
    """`skully selfplay` in the command tree: its games are its own subcommands."""
    parser.description = __doc__
    add_arguments(parser)


def _unreachable(args: argparse.Namespace) -> int:  # every game's parser sets its own run
    raise UsageError("expected a game")


# --- Skully ------------------------------------------------------------------------------------


def _skully_arguments(parser: argparse.ArgumentParser) -> None:
    from skully_game.skully.skill import LEVELS

    parser.add_argument(
        "--players", type=whole(2, 6), default=2, metavar="N", help="players, 2 to 6 (default 2)"
    )
    parser.add_argument(
        "--games", type=whole(1, MAX_GAMES), default=10, metavar="K", help="games (default 10)"
    )
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="random seed (default 1)")
    parser.add_argument(
        "--bots",
        required=True,
        metavar="LEVELS",
        help=f"one level per player, or one for all, comma-separated: {', '.join(LEVELS)}",
    )
    parser.add_argument("--board", metavar="FILE", help="a board TOML file (default: classic)")
    parser.add_argument(
        "--options", nargs="*", default=[], metavar="KEY=VALUE", help="rule options, or preset=NAME"
    )
    parser.add_argument(
        "--samples",
        type=whole(1, 1000),
        default=4,
        metavar="N",
        help="noisy samples per candidate flick (default 4)",
    )
    parser.add_argument(
        "--workers", type=whole(1, 64), default=1, metavar="W", help="processes (default 1)"
    )
    parser.add_argument("--json", action="store_true", help="print the result as one JSON line")


def skully_levels(text: str, players: int) -> list[str]:
    """The level of each seat: one per player, or one for all of them."""
    from skully_game.skully.skill import level

    levels = [b.strip() for b in text.split(",")]
    for lv in levels:
        try:
            level(lv)
        except ValueError as exc:
            raise UsageError(f"argument --bots: {exc}") from None
    if len(levels) == 1:
        return levels * players
    if len(levels) != players:
        raise UsageError(
            f"argument --bots: expected {plural(players, 'level')} (one per player) or 1 for all "
            f"of them, got {len(levels)}"
        )
    return levels


def _rule_options(items: list[str]) -> Any:
    from skully_game.skully.rules import RuleOptions, options_from_dict

    raw: dict[str, object] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise UsageError(f"argument --options: expected KEY=VALUE, got {item!r}")
        raw[key] = {"true": True, "false": False}.get(
            value.lower(), int(value) if value.isdigit() else value
        )
    return options_from_dict(raw, "--options") if raw else RuleOptions()


def run_skully(args: argparse.Namespace) -> int:
    from skully_game.skully.board import load_board, preset
    from skully_game.skully.selfplay import run_games, summarize

    levels = skully_levels(args.bots, args.players)
    spec = load_board(args.board) if args.board else preset("classic")
    options = _rule_options(args.options)
    start = time.perf_counter()
    results = run_games(spec, options, levels, args.games, args.seed, args.samples, args.workers)
    report = summarize(results, args.players, args.seed, time.perf_counter() - start)
    if args.json:
        print(json.dumps(report))
        return 0
    for lv, b in report["bots"].items():
        lo, hi = b["win_rate_ci95"]
        print(
            f"{lv:>14}: wins {b['win_rate']:.3f} [{lo:.3f}, {hi:.3f}]  "
            f"pipsies {b['pipsies_per_game']}  hits {b['hits_per_game']}  "
            f"kills {b['kills_per_game']}"
        )
    print(
        f"{plural(report['games'], 'game')}, {report['mean_shots_per_game']} shots a game, "
        f"{report['seconds_per_decision']} s a decision"
    )
    return 0


# --- the table games ---------------------------------------------------------------------------


def _table_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--players", type=whole(1), metavar="N", help="seats (a position says its own)"
    )
    parser.add_argument(
        "--games", type=whole(1, MAX_GAMES), required=True, metavar="K", help="games to play"
    )
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="random seed (default 0)")
    parser.add_argument(
        "--bots", required=True, help="comma-separated, one per seat: name[:key=value...]"
    )
    parser.add_argument("--options", nargs="*", default=[], metavar="KEY=VALUE")
    parser.add_argument(
        "--workers", type=whole(1, 64), default=1, help="processes (results do not change)"
    )
    parser.add_argument("--json", action="store_true", help="print the result as one JSON line")
    parser.add_argument("--progress", action="store_true", help="report progress on stderr")
    parser.add_argument(
        "--from-position",
        metavar="TEXT|@FILE",
        help="start every game from this position (its text, or @ and a file holding it: "
        "see 'skully position'); its rules are the position's",
    )


def read_position(text: str, key: str) -> Any:
    """The game a --from-position argument sets (the text, or @FILE), refused in one line."""
    from cards.selfplay import REGISTRY

    if text.startswith("@"):
        path = Path(text[1:])
        try:
            text = path.read_text(encoding="utf-8", errors="replace").strip()
        except OSError as exc:
            reason = (exc.strerror or "it cannot be read").lower()
            raise UsageError(f"argument --from-position: cannot read {path}: {reason}") from None
    try:
        return REGISTRY[key]().state.from_position(text.strip())
    except ValueError as exc:  # PositionError: one line naming the field
        said = str(exc).removeprefix("position: ")
        raise UsageError(f"argument --from-position: {said}") from None


def run_table_game(args: argparse.Namespace) -> int:
    from cards.engine import make_rng
    from cards.selfplay import REGISTRY, Match, parse_bot, run_match, summarize

    entry = REGISTRY[args.game]()
    start_at = None
    if args.from_position is not None:
        start_at = read_position(args.from_position, args.game)
        if args.options:
            raise UsageError("argument --options: a position's rules are its own (its rules=)")
        seats = start_at.num_players
        if args.players not in (None, seats):
            raise UsageError(
                f"argument --players: the position has {plural(seats, 'seat')}, not {args.players}"
            )
        if start_at.is_terminal():
            raise UsageError("argument --from-position: that game is over: nothing to play")
        args.players = seats
    elif args.players is None:
        raise UsageError("argument --players: expected the number of seats")
    try:
        specs = tuple(parse_bot(b, entry.bot_names) for b in args.bots.split(","))
    except ValueError as exc:
        raise UsageError(f"argument --bots: {exc}") from None
    if len(specs) != args.players:
        raise UsageError(
            f"argument --bots: expected {plural(args.players, 'bot')} (one per seat), "
            f"got {len(specs)}"
        )
    overrides: dict[str, str] = {}
    for item in args.options:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise UsageError(f"argument --options: expected KEY=VALUE, got {item!r}")
        overrides[key] = value
    try:
        options = start_at.options if start_at else entry.make_options(args.players, overrides)
        for spec in specs:  # fail now, not in a worker
            entry.make_bot(spec.name, make_rng(0), **spec.settings)
    except (ValueError, TypeError) as err:
        raise UsageError(str(err)) from None
    match = Match(args.game, options, args.seed, specs, start_at.position() if start_at else None)
    start = time.perf_counter()
    results = run_match(match, args.games, args.workers, args.progress)
    summary = summarize(match, results, time.perf_counter() - start)
    print(json.dumps(summary) if args.json else table(summary))
    return 0


def table(summary: dict[str, Any]) -> str:
    """A match summary as a readable table, one row per bot."""
    width = max(6, *(len(row["bot"]) + 2 for row in summary["results"]))
    rates = [(name, name.replace("_", " ")) for name in summary.get("rates", ())]
    lines = [
        f"{summary['game']}: {plural(summary['games'], 'game')}, "
        f"{plural(summary['players'], 'seat')}, seed {summary['seed']}, "
        f"{summary['games_per_second']} games/s",
        f"{'bot':<{width}}{'copies':>7}{'win rate':>10}{'95% CI':>18}{'equal':>8}"
        f"{'mean score':>12}" + "".join(f"{label:>{len(label) + 2}}" for _, label in rates),
    ]
    for row in summary["results"]:
        lo, hi = row["ci95"]
        figures = "".join(f"{_rate(row.get(name)):>{len(label) + 2}}" for name, label in rates)
        lines.append(
            f"{row['bot']:<{width}}{row['copies']:>7}{row['win_rate']:>10.3f}"
            f"{f'[{lo:.3f}, {hi:.3f}]':>18}{row['equal_share']:>8.3f}"
            f"{row['mean_score']:>12.1f}{figures}"
        )
    per_game = game_means(summary)
    if per_game:
        lines.append(per_game)
    stops = summary.get("clock_stops", 0)
    if stops:
        lines.append(
            f"the clock cut {plural(stops, 'decision')} short: results may differ on another machine"
        )
    return "\n".join(lines)


def _rate(value: float | None) -> str:
    """A rate of the table's column: three places, or '-' where nothing was counted."""
    return "-" if value is None else f"{value:.3f}"


def game_means(summary: dict[str, Any]) -> str:
    """The game's own per-game figures in words: 'a game on average: 30.4 turns, 8 cards;
    ended by stock 0 %, stalemate 100 %, turn limit 0 %' (empty for a game that has none)."""
    means, ends = [], []
    for key, value in summary.items():
        if not key.startswith("mean_"):
            continue
        name = key.removeprefix("mean_").replace("_", " ")
        if name.startswith("by "):
            ends.append(f"{name.removeprefix('by ')} {value * 100:.0f} %")
        else:
            means.append(f"{value:g} {name}")
    text = f"a game on average: {', '.join(means)}" if means else ""
    if ends:
        text += f"{'; ' if text else ''}ended by {', '.join(ends)}"
    return text


if __name__ == "__main__":
    sys.exit(main())
