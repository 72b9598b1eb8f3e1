"""A long fuzz of a table game's engine: `python tools/fuzz_cards.py GAME [--games N] [--seed S]`.

Plays N seeded random games under every rule set the game's `FUZZ_SETS` lists (else under rules
its seeds draw), checking the engine's invariants, the conservation of cards and the cheap
legality check as it goes, and that every save and (options, seed, actions) rebuild the same
game. GAME is any engine package under cards/, in the registry or not yet. Prints a line per
rule set and, last, one JSON object; exits 1 with the seed to reproduce at the first failure.
The quick version runs in pytest.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cards import fuzz
from cards.registry import GameEntry


def rule_sets(package: Any, entry: GameEntry) -> list[tuple[str, Any]]:
    """(label, a function of the seat count giving options) for each set the game names."""
    sets = getattr(package, "FUZZ_SETS", None)
    if not sets:
        return [("drawn by each seed", None)]
    return list(sets.items())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="an engine package under cards/, e.g. skull")
    parser.add_argument("--games", type=int, default=10_000, help="games per rule set (10000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check-every", type=int, default=3, help="actions between checks (3)")
    args = parser.parse_args(argv)
    try:
        package = importlib.import_module(f"cards.{args.game.replace('-', '_')}")
        entry: GameEntry = package.GAME
    except (ImportError, AttributeError):
        parser.error(f"{args.game}: no engine package cards.{args.game} with a GAME entry")
    low, high = entry.players
    summary: dict[str, Any] = {"game": entry.name, "games_per_set": args.games, "sets": {}}
    for label, make in rule_sets(package, entry):
        t0 = time.perf_counter()
        actions = 0
        for g in range(args.games):
            seed = args.seed + g
            options = None if make is None else make(low + g % (high - low + 1))
            try:
                playout = fuzz.random_playout(
                    entry, seed, check_every=args.check_every, options=options
                )
                fuzz.check_round_trips(entry, playout)
            except fuzz.FuzzFailure as err:
                print(f"{label}: {err} (options {options})", file=sys.stderr)
                return 1
            actions += len(playout.state.history())
        seconds = time.perf_counter() - t0
        summary["sets"][label] = {
            "games": args.games,
            "actions_per_game": round(actions / args.games, 1),
            "seconds": round(seconds, 1),
        }
        print(
            f"{label}: {args.games} games, {actions / args.games:.1f} actions a game, "
            f"{seconds:.1f} s, every check held"
        )
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
