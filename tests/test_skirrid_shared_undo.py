"""Undo at a shared Skirrid desk: a shape stands once placed (Skirrid has no pass screen, so
the next person's screen is up the moment a shape goes down: a play-tester, as Anne, took back
Bob's shape from her own turn). Against computer players a person still takes back their last
shape, the computers' replies with it; a shared save that an older version wrote with the right
to take back still loads, and the shape stands."""

from __future__ import annotations

import json

import pygame

from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.skirrid.adapter import GAME
from skully_game.scenes.skirrid.table import SkirridTable
from tests.test_skirrid_table import _table, person_places
from tests.ui_helpers import key


def ctrl_z(app) -> None:
    app.dispatch(key(pygame.K_z, pygame.KMOD_CTRL))


def _placed_by_you(kinds=("human", "human"), **options):
    app, table = _table(list(kinds), **options)
    app.run_frames(2)
    person_places(app, table)
    app.run_frames(40)  # past a double press's time: a key now is a fresh one
    return app, table


def test_at_a_shared_desk_the_next_person_cannot_take_back_the_last_shape():
    app, table = _placed_by_you()
    assert table.viewer == 1 and table.banner[0] == "Anne's turn"
    assert table.undo_target() is None
    ctrl_z(app)
    app.run_frames(2)
    assert len(table.state.history()) == 1 and table.viewer == 1
    assert "a shape stands once placed" in table.notice
    undo = next(b for b in table.widgets.widgets if b.label == "Undo")
    assert not undo.enabled and "stands once placed" in undo.tooltip


def test_with_the_die_too_every_shape_stands():
    app, table = _placed_by_you(dice=True)
    assert table.undo_target() is None
    ctrl_z(app)
    assert len(table.state.history()) == 1


def test_an_older_shared_save_with_the_right_to_take_back_loads_and_the_shape_stands():
    app, table = _placed_by_you()
    data = json.loads(table.match.path.read_text())
    data["undoer"] = 0  # as the last version saved it
    table.match.path.write_text(json.dumps(data))
    resumed = SkirridTable(app, Match.load(GAME, table.match.path))
    app.stack.push(resumed)
    app.run_frames(40)
    ctrl_z(app)
    assert len(resumed.state.history()) == 1 and resumed.viewer == 1


def test_against_a_computer_the_person_takes_back_their_shape_and_its_reply():
    app, table = _placed_by_you(("human", "greedy"))
    table.run_bots_now()
    app.run_frames(40)
    assert len(table.state.history()) == 2
    ctrl_z(app)
    app.run_frames(2)
    assert table.state.history() == [] and table.notice == "Undone."
