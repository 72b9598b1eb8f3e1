"""A newcomer's first game: the shortest setup the rules allow, said under its seats, and a
steadier slingshot hand so that a stroke learned pays off (no computer plays at that level)."""

from __future__ import annotations

import pytest

from skully_game.scenes.skully.setup import SkullySetupScene
from skully_game.skully.board import preset
from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import (
    FIRST_GAME_HAND,
    FIRST_GAME_WHY,
    SEAT_CHOICES,
    first_game_setup,
)
from skully_game.skully.hand import HandLevel, Input, hand_level
from skully_game.skully.physics import Flick
from skully_game.skully.rules import RuleOptions
from skully_game.skully.session import Seat, Session, session_from_dict
from tests.ui_helpers import drawn_text_rects, make_app


@pytest.fixture
def app():
    app = make_app()
    yield app
    app.stack.clear()


def test_the_first_games_hand_wobbles_less_than_a_street_legends():
    assert FIRST_GAME_HAND is HandLevel.STEADIER is hand_level("steadier")
    steadier, legend = HandLevel.STEADIER.skill, HandLevel.STREET_LEGEND.skill
    assert 0 < steadier.aim_deg < legend.aim_deg / 1.5
    assert 0 < steadier.speed_rel <= legend.speed_rel / 2


def test_a_person_may_choose_the_steadier_hand_but_no_computer_plays_at_it():
    labels = {value: label for value, label, _ in SEAT_CHOICES}
    assert labels["slingshot:steadier"] == "Sling, steadier"
    tip = next(t for v, _, t in SEAT_CHOICES if v == "slingshot:steadier")
    assert "1.2°" in tip and "4 %" in tip and "first games" in tip
    assert "steadier" not in labels  # no "Computer, steadier"
    assert not HandLevel.STEADIER.computer and HandLevel.STREET_LEGEND.computer


def test_a_steadier_shot_is_drawn_from_the_game_and_saved_and_told_back_exactly():
    seats = (
        Seat("You", CapType.CROWN, 0, "human", HandLevel.STEADIER, Input.SLINGSHOT),
        Seat("Bobby", CapType.CROWN, 1, "beginner"),
    )
    session = Session(preset("sidewalk"), RuleOptions(), seats, 21)
    meant = Flick(0, 0.7, 1.5)
    made = session.made_flick(0, meant)
    assert made != meant and abs(made.angle - meant.angle) < 0.1
    assert session.made_flick(0, meant) == made  # the same draw for that place in the game
    again = session_from_dict(session.to_dict())
    assert again.seats[0].hand is HandLevel.STEADIER


def test_the_first_setup_says_why_it_is_the_shortest_game_and_stops_when_changed(app, monkeypatch):
    first = SkullySetupScene(app)
    app.stack.push(first)
    assert first.first_game
    assert [s.who for s in first.setup.seats] == ["slingshot:steadier", "beginner"]
    assert first_game_setup(1).board == "sidewalk"

    def said() -> str:
        return " ".join(text for text, _ in drawn_text_rects(first, monkeypatch))

    words = said()
    assert "Why this game" in words and "shortest the rules allow" in words
    assert "1.2° and 4 % of power" in FIRST_GAME_WHY
    board = next(w for w in first.widgets.widgets if w.label == "Board")
    board._step(1)  # another board: the setup is no longer the first game's
    assert "Why this game" not in said()
