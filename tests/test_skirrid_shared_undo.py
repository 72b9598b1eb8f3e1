"""Undo at a shared Skirrid desk: a person takes back their last shape until the next person
begins their turn (picks a shape, asks for a hint); the right is kept through Save and Resume;
with the die, whose next roll shows at once, every shape stands. A spy on the drawn text checks
that taking a shape back shows nothing that was not on show before it was placed."""

from __future__ import annotations

import json

import pygame

from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.skirrid.adapter import GAME
from skully_game.scenes.skirrid.table import SkirridTable
from tests.test_skirrid_table import _table, person_places
from tests.ui_helpers import drawn_texts, key


def ctrl_z(app) -> None:
    app.dispatch(key(pygame.K_z, pygame.KMOD_CTRL))


def _placed_by_you(kinds=("human", "human"), **options):
    app, table = _table(list(kinds), **options)
    app.run_frames(2)
    person_places(app, table)
    app.run_frames(40)  # past a double press's time: a key now is a fresh one
    return app, table


def test_the_last_shape_is_taken_back_before_the_next_person_begins():
    app, table = _placed_by_you()
    assert table.viewer == 1 and table.banner[0] == "Anne's turn"
    assert "You's last shape" not in table.undo_tip("")
    assert table.undo_target() == 0
    ctrl_z(app)
    app.run_frames(2)
    assert table.state.history() == [] and table.notice == "Undone."
    assert table.viewer == 0 and table.my_turn()
    assert set(p for p, _, _ in table.tray_slots()) <= set(table.state.left[0])
    assert Match.load(GAME, table.match.path).state.history() == []


def test_once_the_next_person_picks_a_shape_the_last_one_stands_and_says_why():
    app, table = _placed_by_you()
    app.run_frames(40)
    slot = table.tray_slots()[0]
    table.pick(slot[0])
    assert table.held == slot[0]
    assert table.undo_target() is None
    undo = next(b for b in table.widgets.widgets if b.label == "Undo")
    assert not undo.enabled  # greyed at once, not at the next layout
    assert "undoer" not in json.loads(table.match.path.read_text())  # saved as it began
    ctrl_z(app)
    assert len(table.state.history()) == 1
    assert table.notice == "Nothing to undo: the next person has begun their turn."


def test_asking_for_a_hint_begins_the_next_persons_turn_too():
    app, table = _placed_by_you()
    app.dispatch(key(pygame.K_h))
    assert table.undo_target() is None


def test_the_right_is_kept_through_save_and_resume():
    app, table = _placed_by_you()
    assert json.loads(table.match.path.read_text())["undoer"] == 0
    resumed = SkirridTable(app, Match.load(GAME, table.match.path))
    app.stack.push(resumed)
    app.run_frames(40)
    ctrl_z(app)
    assert resumed.state.history() == [] and resumed.viewer == 0


def test_a_computer_between_two_people_is_taken_back_with_the_shape():
    app, table = _placed_by_you(("human", "greedy", "human"))
    table.run_bots_now()
    app.run_frames(40)
    assert len(table.state.history()) == 2 and table.viewer == 2
    ctrl_z(app)
    assert table.state.history() == [] and table.viewer == 0


def test_with_the_die_at_a_shared_desk_every_shape_stands_and_the_button_says_why():
    app, table = _placed_by_you(dice=True)
    assert table.undo_target() is None
    ctrl_z(app)
    assert len(table.state.history()) == 1 and "next roll" in table.notice
    undo = next(b for b in table.widgets.widgets if b.label == "Undo")
    assert "next roll" in undo.tooltip


def test_a_shape_taken_back_shows_nothing_that_was_not_on_show_before_it(monkeypatch):
    app, table = _table(["human", "human"])
    app.run_frames(2)
    before = set(drawn_texts(app, monkeypatch))
    person_places(app, table)
    app.run_frames(40)
    ctrl_z(app)
    app.run_frames(2)
    after = set(drawn_texts(app, monkeypatch))
    assert after - before <= {"Undone."}, after - before
