"""What the spy needs of one table game (tools/spy_fuzz.py, and the online spy test): each
game's scene package exports SPY, a `SpyHooks`, from its `spy` module; the shared tools find it
through the registry (`skully_game.core.games.scene_package`) and name no game themselves.

The spy watches every face and text a table draws (secrecy.py); the hooks say how to set a
table up at a random position, and, for a game with secrets beyond what a seat's view holds,
which card codes only others know."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from skully_game.scenes.cardtable.match import TableSeat
from skully_game.shell.app import App

Truth = Callable[[Any, int | None], set[str]]  # (state, viewer) -> codes only others know
SeatsFor = Callable[[int], list[TableSeat]]  # players -> the seats, people and computers


@dataclass
class Setup:
    """A table at a random position, and what its spy judges it by."""

    table: Any
    adapter: Any  # the game's adapter, whose card faces the spy watches
    truth: Truth | None  # codes only others know (None: the view tells all)
    describe: Callable[[str], str] | None  # a card's name, as texts would say it
    named: Callable[[str], bool] = lambda code: True  # a card whose name only it bears


@dataclass(frozen=True)
class SpyHooks:
    """One game's part in the spy fuzz.

    `setup(app, rng, seed, people, seats)` deals a table for `people` people and a computer
    player, seated by `seats(players)`, at a random position (every random choice from `rng`,
    in a fixed order: a seed replays the same sequence);
    `truth` names the codes only others know; `view_codes(state, seat)` adds the card codes a
    seat's view holds that its wire text does not spell (numbered cards); `quick` are the rules
    of a short online game; `faces`: the table draws card faces (a board game's does not)."""

    setup: Callable[[App, random.Random, int, int, SeatsFor], Setup]
    truth: Truth | None = None
    view_codes: Callable[[Any, int], set[str]] | None = None
    quick: Mapping[str, str] = field(default_factory=dict)
    faces: bool = True


def spy_hooks(package: str) -> SpyHooks:
    """The SPY of a game's scene package (`skully_game.core.games.scene_package`)."""
    hooks = importlib.import_module(f"{package}.spy").SPY
    if not isinstance(hooks, SpyHooks):
        raise TypeError(f"{package}.spy.SPY: expected a SpyHooks")
    return hooks


def history(adapter: Any, options: Any, seed: int, rng: random.Random, limit: int) -> list[str]:
    """A random game's actions from its start, cut at a random point (or not started)."""
    if rng.random() < 0.3:
        return []
    state = adapter.new_state(options, seed)
    actions: list[str] = []
    for _ in range(limit):
        if adapter.is_over(state):
            break
        action = rng.choice(adapter.legal(state))
        adapter.apply(state, action)
        actions.append(action)
    if rng.random() < 0.25:  # near the end: the last rounds, the game's end
        return actions[: max(0, len(actions) - rng.randint(0, 8))]
    return actions[: rng.randint(0, len(actions))]


def seen_alone(events: Any, viewer: int) -> set[str]:
    """Every card named in an event only `viewer` saw whole (their hand dealt, a discard)."""
    out: set[str] = set()
    for e in events:
        mine = e.visible_to(viewer)
        if mine is None or mine == e.visible_to(None):
            continue
        for value in vars(mine).values() if hasattr(mine, "__dict__") else _slots(mine):
            if isinstance(value, str):
                out.add(value)
            elif isinstance(value, tuple):
                out |= {v for v in value if isinstance(v, str)}
    return out


def _slots(event: Any) -> list[Any]:
    return [getattr(event, name) for name in getattr(event, "__dataclass_fields__", {})]
