"""Skip-Bo's undo at a shared desk: a build may be taken back while its person's hand is on
show; a discard (which ends the turn and hands the screen on) stands, since whoever sits at the
next pass screen may not be its person (a play-test: Anne took back Bob's discard from her pass
screen and opened his hand); never once a card drawn since has been seen; an older save with
the right to undo still loads."""

from __future__ import annotations

import json

import pygame
import pytest

from skully_game.core.errors import DataError
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.skip_bo.adapter import GAME as SKIP_BO
from skully_game.scenes.skip_bo.table import SkipBoTable
from skully_game.shell.freshpress import ARM_SECONDS
from tests.test_skip_bo_table import _table
from tests.ui_helpers import key, take_pass_screen


def ctrl_z(app, table: SkipBoTable) -> None:
    """Ctrl+Z as a person presses it: a pass screen up takes keys once it has greyed in."""
    table.gate.tick(ARM_SECONDS)
    app.dispatch(key(pygame.K_z, mod=pygame.KMOD_CTRL))


def _discard(table: SkipBoTable) -> str:
    action = next(a for a in table.state.legal_actions() if a.startswith("H") and ">D" in a)
    table.act(action)
    table.settle()
    return action


def _two_people(seed: int = 3):
    app, table = _table(["human", "human"], seed=seed)
    take_pass_screen(app, table)
    assert table.viewer == 0 and table.my_turn()
    return app, table


def test_a_build_is_taken_back_while_the_persons_hand_is_on_show():
    app, table = _two_people(seed=2)  # a deal whose first hand holds a 1
    history = list(table.state.history())
    hand = list(table.state.hands[0])
    table.act(next(a for a in table.state.legal_actions() if a.startswith("H") and ">B" in a))
    table.settle()
    assert table.passing is None and table.undo_target() is not None
    ctrl_z(app, table)
    assert table.notice == "Undone."
    assert table.state.history() == history and table.state.hands[0] == hand


def test_a_discard_stands_once_the_next_persons_pass_screen_is_up():
    app, table = _two_people()
    _discard(table)
    assert table.passing == 1 and table.hand_layout() == []  # Bea's pass screen, shut
    before = list(table.state.history())
    assert table.undo_target() is None
    ctrl_z(app, table)  # pressed by whoever sits there: perhaps Bea herself
    assert table.state.history() == before and table.passing == 1
    assert table.notice.startswith("Nothing to undo: the screen was passed on")
    undo = next(w for w in table.widgets.widgets if w.label == "Undo")
    assert not undo.enabled


def test_no_discard_is_taken_back_once_the_next_person_has_seen_their_hand():
    app, table = _two_people()
    _discard(table)
    take_pass_screen(app, table)
    assert table.viewer == 1 and table.hand_layout()
    before = list(table.state.history())
    assert table.undo_target() is None
    ctrl_z(app, table)
    assert table.state.history() == before and table.notice.startswith("Nothing to undo")


def test_a_discard_is_not_taken_back_once_a_computer_has_played_after_it():
    _app, table = _table(["human", "build-first"], seed=5)
    _discard(table)
    assert table.undo_target() is not None  # before the computer moves: nothing seen
    table.run_bots_now()
    assert table.state.current_player() == 0
    assert table.undo_target() is None  # the computer drew and played: it stands


def test_a_resumed_pass_screen_gives_no_undo_of_the_discard_before_it(tmp_path):
    app, table = _two_people()
    _discard(table)
    resumed = SkipBoTable(app, Match.load(SKIP_BO, table.match.path))
    app.stack.push(resumed)
    resumed.settle()
    assert resumed.passing == 1  # Bea's pass screen, as it was left
    before = list(resumed.state.history())
    ctrl_z(app, resumed)
    assert resumed.state.history() == before and resumed.passing == 1


def test_once_the_next_person_has_opened_their_hand_a_resume_gives_no_undo():
    app, table = _two_people()
    _discard(table)
    take_pass_screen(app, table)
    assert "undoer" not in json.loads(table.match.path.read_text())  # saved as it opened
    resumed = SkipBoTable(app, Match.load(SKIP_BO, table.match.path))
    app.stack.push(resumed)
    resumed.settle()
    assert resumed.undo_target() is None


def test_an_older_save_without_the_field_loads_and_a_bad_one_is_refused(tmp_path):
    _app, table = _two_people()
    _discard(table)
    data = json.loads(table.match.path.read_text())
    del data["undoer"]
    old = tmp_path / "old.json"
    old.write_text(json.dumps(data))
    match = Match.load(SKIP_BO, old)
    assert match.undoer is None and match.state.history() == table.state.history()
    data["undoer"] = 7
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(DataError, match="undoer"):
        Match.load(SKIP_BO, bad)


def test_a_resumed_pass_screen_of_the_builder_gives_no_undo_until_they_open_their_hand():
    """A build saved, then resumed: the builder's own pass screen comes first, and whoever sits
    at it cannot take the build back (a play-tester did, for an absent Anne); once the builder
    opens their hand, their build may still be taken back."""
    app, table = _two_people(seed=2)
    table.act(next(a for a in table.state.legal_actions() if a.startswith("H") and ">B" in a))
    table.settle()
    built = list(table.state.history())
    resumed = SkipBoTable(app, Match.load(SKIP_BO, table.match.path))
    app.stack.push(resumed)
    resumed.settle()
    assert resumed.passing == 0 and resumed.undo_target() is None
    ctrl_z(app, resumed)
    assert resumed.state.history() == built and resumed.passing == 0
    take_pass_screen(app, resumed)
    assert resumed.passing is None and resumed.undo_target() is not None
    ctrl_z(app, resumed)
    assert resumed.notice == "Undone." and len(resumed.state.history()) == len(built) - 1
