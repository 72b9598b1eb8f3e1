"""The card engines play exactly as they did before their speed work: seeded games of every game,
rule set and bot, hashed at each decision (seat, legal actions, every seat's view) and at the end
(events, each seat's share, returns, winners) by `tools/engine_digest.py`. The figures were made
on commit 5982be2 and are kept in tests/data/pinned/engine_digests.json, keyed by game; a change
that moves one changed a rule, an event, a view or a bot's play (Skip-Bo's build-first ones were
made anew when that player learnt to bridge a gap with a SKIP-BO card, issue 40: recorded and
unrecorded still agree). A game with none pinned fails, saying the command that pins them."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

from engine_digest import PINNED, PINNED_SEEDS, digests

from cards.registry import GAMES

# tests/data/pinned/engine_digests.json: game -> "RULES BOT" -> digest
BEFORE = {
    f"{game} {name}": value
    for game, pinned in json.loads(PINNED.read_text(encoding="utf-8")).items()
    for name, value in pinned.items()
}


@pytest.fixture(scope="module")
def now() -> dict[str, str]:
    return digests(PINNED_SEEDS)


@pytest.fixture(scope="module")
def unrecorded() -> dict[str, str]:
    return digests(PINNED_SEEDS, listen=False)


@pytest.mark.parametrize("key", sorted(BEFORE))
def test_engine_plays_as_before(now: dict[str, str], key: str) -> None:
    assert now[key] == BEFORE[key], f"{key} no longer plays its seeded games as before"


@pytest.mark.parametrize("key", sorted(BEFORE))
def test_a_game_nobody_records_plays_the_same(unrecorded: dict[str, str], key: str) -> None:
    """Bots and searches play without recording events, on the engines' quick paths."""
    assert unrecorded[key] == BEFORE[key], f"{key} plays otherwise when no one records it"


@pytest.mark.parametrize("game", [info.key for info in GAMES])
def test_every_game_is_pinned(now: dict[str, str], game: str) -> None:
    mine = sorted(k for k in now if k.split(" ", 1)[0] == game)
    pinned = sorted(k for k in BEFORE if k.split(" ", 1)[0] == game)
    assert pinned, (
        f"no digests pinned for {game}: run `python tools/engine_digest.py --record {game}`"
    )
    assert mine == pinned, (
        f"{game}'s rule sets or bots changed: run `python tools/engine_digest.py --record {game}`"
    )
