"""What the card engines do, as one digest per game: `python tools/engine_digest.py [--seeds N]`.

Speed work on an engine must not change a single rule, event or view. This plays seeded games of
every game of `cards/registry.py` (its default rules and the rule set `tools/bench_cards.py` races,
four seats) with the registry's bots, through the API an engine user calls, and hashes at each
decision the seat to act, its legal actions and every seat's observation (each printed whole, so
a view that rebuilds itself lazily is read as a user reads it); at the end the events, each seat's
share of them, the returns and the winners. Each game is played twice, recording its events as a
table does and unrecorded as bots play (the engines' quick paths): the two must hash the same. Run it before and after a change: the digests must
not move. `tests/test_engine_digests.py` pins a few of them.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cards.registry import GAMES, GameEntry

SEATS = 4
# The rule sets the bench races (see tools/bench_cards.py's PAIRINGS), beside the defaults.
RULE_SETS: dict[str, list[dict[str, str]]] = {
    "skull-king": [{}, {"advanced_cards": "true", "pirate_powers": "true"}],
    "skull": [{}],
    "skip-bo": [{}, {"stock": "30"}],
    "skirrid": [{}],
}
BOTS: dict[str, list[str]] = {
    "skull-king": ["random"],
    "skull": ["random"],
    "skip-bo": ["random", "build-first"],
    "skirrid": ["random"],
}


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


def digests(seeds: int, listen: bool = True) -> dict[str, str]:
    """Every game, rule set and bot over `seeds` seeds: one digest each."""
    out: dict[str, str] = {}
    for info in GAMES:
        entry = info.entry()
        for overrides in RULE_SETS.get(info.key, [{}]):
            for bot in BOTS.get(info.key, ["random"]):
                h = hashlib.sha256()
                for seed in range(seeds):
                    h.update(game_digest(entry, overrides, bot, seed, listen).encode())
                rules = ",".join(f"{k}={v}" for k, v in sorted(overrides.items())) or "default"
                out[f"{info.key} {rules} {bot}"] = h.hexdigest()[:16]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20, help="seeded games per rule set (20)")
    args = parser.parse_args(argv)
    found = digests(args.seeds)
    quick = digests(args.seeds, listen=False)
    for key, value in found.items():
        same = "" if quick[key] == value else f"  (unrecorded: {quick[key]}, NOT the same)"
        print(f"{key}: {value}{same}")
    print(json.dumps(found))
    return 0 if quick == found else 1


if __name__ == "__main__":
    raise SystemExit(main())
