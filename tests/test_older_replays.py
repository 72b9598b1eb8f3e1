"""A table's setup lists older finished games to watch again (it offered only the last one)."""

from __future__ import annotations

import pygame

from skully_game.scenes.cardtable.replays import OLDER, ReplayList
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skirrid.demos import _skirrid, _skirrid_until
from skully_game.scenes.skirrid.setup import SkirridSetup
from skully_game.scenes.skirrid.table import SkirridReplay
from tests.ui_helpers import click, key, make_app


def test_older_games_lists_every_finished_game_and_each_replays():
    app = make_app((1024, 640))
    paths = []
    for seed in (1, 2):
        table = _skirrid(app, ["human", "greedy"], seed=seed)
        _skirrid_until(table, 999)
        paths.append(table.match.path)
        app.stack.clear()
    app.stack.push(MenuScene(app))
    setup = SkirridSetup(app)
    app.stack.push(setup)
    app.run_frames(2)
    older = next(w for w in setup.widgets.widgets if w.label == OLDER)
    labels = [w.label for w in setup.widgets.widgets]
    assert labels.index(OLDER) == labels.index("Replay last game") + 1  # Tab goes as the eye
    click(app, older.rect.center)
    listing = app.stack.top
    assert isinstance(listing, ReplayList)
    assert sorted(p for p, _ in listing.rows) == sorted(paths)
    rows = [w for w in listing.widgets.widgets if w.label.startswith("Finished ")]
    assert len(rows) == 2
    assert all(" won by " in w.label for w in rows)  # who won, and the scores after
    click(app, rows[1].rect.center)  # the older game
    replay = app.stack.top
    assert isinstance(replay, SkirridReplay)
    assert replay.match.path == listing.rows[1][0]
    app.dispatch(key(pygame.K_ESCAPE))
    assert app.stack.top is listing


def test_no_older_games_button_with_one_finished_game():
    app = make_app((1024, 640))
    table = _skirrid(app, ["human", "greedy"], seed=1)
    _skirrid_until(table, 999)
    app.stack.clear()
    app.stack.push(MenuScene(app))
    setup = SkirridSetup(app)
    app.stack.push(setup)
    app.run_frames(2)
    assert OLDER not in [w.label for w in setup.widgets.widgets]
