"""The peers tools/bench_cards.py races our engines against: other projects' engines, run from
a checkout outside ours. Each game that has one names it in a module here named after the
game's package (`bench_peers/<package>.py`, exporting PAIRING); `pairings()` finds them through
the registry, so the bench names no game itself."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from cards.registry import GAMES

SEATS = 4


class Played(NamedTuple):
    """One whole game: the actions taken (counted alike on both sides), and whether it reached
    its goal (in Skip-Bo, a stock emptied) rather than an end the two engines do not share."""

    actions: int
    won: bool = True


Playout = Callable[[int], Played]  # seed -> one whole game played


Playout = Callable[[int], Played]  # seed -> one whole game played


@dataclass(frozen=True)
class Pairing:
    """How to race one game against a peer engine, and what each side is, in words."""

    repository: str
    build: Callable[[Path], Playout]  # the peer's playout, from a checkout of it
    overrides: dict[str, str]  # our options that match the peer's game
    bot: str  # our bot in every seat
    ours: str
    theirs: str
    won: Callable[[Any], bool] = lambda state: True  # our finished game reached its goal


def pairings() -> dict[str, Pairing]:
    """Every registered game's peer, by game key, in menu order (a game without one is left out)."""
    out: dict[str, Pairing] = {}
    for info in sorted(GAMES, key=lambda g: g.order):
        try:
            module = importlib.import_module(f"bench_peers.{info.package}")
        except ModuleNotFoundError as exc:
            if exc.name != f"bench_peers.{info.package}":
                raise
            continue
        out[info.key] = module.PAIRING
    return out


def on_path(peer_dir: Path) -> None:
    if str(peer_dir) not in sys.path:
        sys.path.insert(0, str(peer_dir))
