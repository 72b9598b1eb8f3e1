"""Every table game comes back as it was left, by every road: the menu's Resume game, and the
end screen's replay, open the very scenes its own setup screen opens (a stand-in table could
not draw the game: Skip-Bo once came back without its piles)."""

from __future__ import annotations

import importlib

import pytest

from cards.registry import GAMES
from skully_game.core.games import scene_package
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.resume import open_table
from tests.ui_helpers import make_app

TABLES = [info for info in GAMES if info.table]


@pytest.mark.parametrize("info", TABLES, ids=[info.key for info in TABLES])
def test_resume_and_replay_open_the_games_own_scenes(info) -> None:
    app = make_app()
    app.stack.push(MenuScene(app))
    package = importlib.import_module(scene_package(info))
    setup = package.SetupScene(app)
    app.stack.push(setup)
    setup._start()  # the setup's own table, saved at once
    table = app.stack.top
    assert type(table) is setup.table_class
    table.run_bots_now()
    table.act(table.game.legal(table.state)[0])  # a person's move: a game worth keeping
    app.stack.pop()
    open_table(app, package.TABLE_GAME, table.match.path)
    resumed = app.stack.top
    assert type(resumed) is setup.table_class
    assert resumed.replay_scene() is setup.replay_class
    app.run_frames(2)
