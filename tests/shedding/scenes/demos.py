"""Shed's screens for tools/render_scenes.py, and its busiest table for tools/frame_time.py."""

from __future__ import annotations

from typing import Any

from skully_game.scenes.cardtable.match import Match, Pace, TableSeat
from skully_game.scenes.demokit import PEOPLE, Demos, collect
from skully_game.scenes.menu import MenuScene
from skully_game.shell.app import App
from tests.shedding.engine.state import ShedOptions
from tests.shedding.scenes.adapter import GAME
from tests.shedding.scenes.setup import ShedSetup, ShedTable

DEMOS: Demos = {}
screen = collect(DEMOS)


def table(app: App, kinds: list[str], seed: int = 5, pace: Pace = Pace.NORMAL) -> ShedTable:
    app.stack.push(MenuScene(app))
    seats = [TableSeat(PEOPLE[i], k) for i, k in enumerate(kinds)]
    shed = ShedTable(app, Match(GAME, ShedOptions(players=len(kinds)), seed, seats, pace))
    app.stack.push(shed)
    return shed


@screen("shed-setup")
def _setup(app: App) -> None:
    app.stack.push(MenuScene(app))
    app.stack.push(ShedSetup(app))
    app.run_frames(2)


@screen("shed-play")
def _play(app: App) -> None:
    shed = table(app, ["human", "first", "strong"])
    shed.settle()
    app.run_frames(2)


def busiest_table(app: App, pace: Any) -> Any:
    """Four seats, the computer players playing."""
    seats = [TableSeat(PEOPLE[0])] + [TableSeat(n, "first") for n in PEOPLE[1:4]]
    return ShedTable(app, Match(GAME, ShedOptions(players=4), 3, seats, pace))
