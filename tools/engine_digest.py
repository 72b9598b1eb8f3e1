"""What the card engines do, as one digest per game: `python tools/engine_digest.py [--seeds N]`.

Speed work on an engine must not change a single rule, event or view. This plays seeded games of
every game of `cards/registry.py` (its default rules and the rule set `tools/bench_cards.py` races,
four seats) with the registry's bots, through the API an engine user calls, and hashes at each
decision the seat to act, its legal actions and every seat's observation (each printed whole, so
a view that rebuilds itself lazily is read as a user reads it); at the end the events, each seat's
share of them, the returns and the winners. Each game is played twice, recording its events as a
table does and unrecorded as bots play (the engines' quick paths): the two must hash the same.
Run it before and after a change: the digests must not move. `tests/test_engine_digests.py`
pins two seeds of each (tests/data/pinned/engine_digests.json; `--record GAME` pins a new
game's).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_peers import pairings

from cards.registry import GAMES, GameEntry

SEATS = 4
# The digests tests/test_engine_digests.py pins, keyed by game (`--record GAME` writes a game's).
PINNED = (
    Path(__file__).resolve().parent.parent / "tests" / "data" / "pinned" / "engine_digests.json"
)
PINNED_SEEDS = 2


def rule_sets(key: str) -> list[dict[str, str]]:
    """The default rules, and the rule set the bench races (tools/bench_peers/) if another."""
    pairing = pairings().get(key)
    return [{}] if pairing is None or not pairing.overrides else [{}, dict(pairing.overrides)]


def bots(key: str) -> list[str]:
    """The random bot, and the bot the bench races (tools/bench_peers/) if another."""
    pairing = pairings().get(key)
    return ["random"] if pairing is None or pairing.bot == "random" else ["random", pairing.bot]


def game_digest(
    entry: GameEntry, overrides: dict[str, str], bot: str, seed: int, listen: bool = True
) -> str:
    """One seeded game's digest: every decision's seat, legal list and views, then its end.
    `listen`: the game records its events as it goes (as a table does); else it is played as
    a bot or a search plays it, on the engine's quick paths, and its events are caught up at
    the end. Both must give the same digest."""
    low, high = entry.players
    options = entry.make_options(min(max(SEATS, low), high), overrides)
    state = entry.new_state(options, seed)
    if listen:
        state.listen()
    seats = state.num_players
    bots = [entry.make_bot(bot, random.Random(seed * 10 + p)) for p in range(seats)]
    h = hashlib.sha256()
    steps = 0
    while not state.is_terminal() and steps < 5000:
        seat = state.current_player()
        views = [state.observation(p) for p in range(seats)]
        legal = list(state.legal_actions())  # a list, read now (its repr is hashed)
        action = bots[seat].act(views[seat], state.legal_actions())
        state.apply_action(action)
        # read after the action: a held view must still show the position it was taken at
        h.update(repr((seat, legal, action, views)).encode())
        steps += 1
    h.update(repr(state.events).encode())
    for p in range(seats):
        h.update(repr(state.events_for(p)).encode())
    h.update(repr((state.returns(), state.winners(), state.history())).encode())
    return h.hexdigest()[:16]


def digests(seeds: int, listen: bool = True, games: list[str] | None = None) -> dict[str, str]:
    """Every game (or those of `games`), rule set and bot over `seeds` seeds: one digest each,
    keyed "GAME RULES BOT"."""
    out: dict[str, str] = {}
    for info in GAMES:
        if games is not None and info.key not in games:
            continue
        entry = info.entry()
        for overrides in rule_sets(info.key):
            for bot in bots(info.key):
                h = hashlib.sha256()
                for seed in range(seeds):
                    h.update(game_digest(entry, overrides, bot, seed, listen).encode())
                rules = ",".join(f"{k}={v}" for k, v in sorted(overrides.items())) or "default"
                out[f"{info.key} {rules} {bot}"] = h.hexdigest()[:16]
    return out


def record(key: str) -> dict[str, str]:
    """Pin `key`'s digests (PINNED_SEEDS seeds) in PINNED beside the other games'."""
    pinned = json.loads(PINNED.read_text(encoding="utf-8")) if PINNED.exists() else {}
    found = digests(PINNED_SEEDS, games=[key])
    pinned[key] = {name.split(" ", 1)[1]: value for name, value in found.items()}
    PINNED.write_text(json.dumps(pinned, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20, help="seeded games per rule set (20)")
    parser.add_argument(
        "--record",
        metavar="GAME",
        choices=[info.key for info in GAMES],
        help=f"pin GAME's digests in {PINNED.relative_to(PINNED.parents[2])} and stop",
    )
    args = parser.parse_args(argv)
    if args.record:
        for key, value in record(args.record).items():
            print(f"recorded {key}: {value}")
        return 0
    found = digests(args.seeds)
    quick = digests(args.seeds, listen=False)
    for key, value in found.items():
        same = "" if quick[key] == value else f"  (unrecorded: {quick[key]}, NOT the same)"
        print(f"{key}: {value}{same}")
    print(json.dumps(found))
    return 0 if quick == found else 1


if __name__ == "__main__":
    raise SystemExit(main())
