"""Skirrid's turn banner lies clear of the board at every size; the dice game's die is drawn
under the tray with its pips, rolls a moment when a turn begins, and says what it means."""

from __future__ import annotations

import pygame
import pytest

from skully_game.scenes.skirrid.die import ROLL_S, banner_box, tumbling_face
from tests.test_skirrid_table import _table, person_places
from tests.ui_helpers import drawn_texts


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640), (1024, 580)])
def test_the_turn_banner_covers_no_board(size, monkeypatch):
    app, table = _table(["human", "human"], size=size)
    app.run_frames(2)
    person_places(app, table)
    app.run_frames(2)
    assert table.banner[0] == "Anne's turn" and table.banner[1] > 0
    lay = table.lay()
    box = banner_box(lay.panel)
    assert not box.colliderect(lay.board)
    assert lay.panel.contains(box)
    assert "Anne's turn" in drawn_texts(app, monkeypatch)


def test_the_die_rolls_as_a_turn_begins_then_rests_and_its_tip_says_what_it_means():
    app, table = _table(["human", "greedy"], seed=3, dice=True)
    app.run_frames(2)
    assert table.die_roll > 0  # the first roll tumbles
    die = table.die_rect()
    assert die is not None and not die.colliderect(table.lay().board)
    app.run_frames(round(ROLL_S * 60) + 5)
    assert table.die_roll == 0
    app.dispatch(
        pygame.event.Event(pygame.MOUSEMOTION, pos=die.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    tip = table.tip_text()
    face = table.state.die
    assert tip is not None and tip[0].startswith(f"The die shows {face}. You must place")
    assert "square" in tip[0]


def test_no_die_without_the_dice_game():
    _app, table = _table(["human", "greedy"])
    assert table.die_rect() is None


def test_a_tumbling_die_shows_other_faces_until_it_stops():
    for face in range(1, 7):
        shown = {tumbling_face(face, left / 100) for left in range(1, 61)}
        assert face not in shown and len(shown) >= 3
        assert tumbling_face(face, 0.0) == face
