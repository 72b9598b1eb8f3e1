"""Try this shot shoots with the shot's own shooter's hand: a person's input and hand level as
the game had them (it took the lessons' hand, so a regular slingshot's shot was tried with a
steady one), and for a computer player's shot the hand last practised with."""

from __future__ import annotations

import math

from skully_game.scenes.menu import MenuScene
from skully_game.scenes.replay.viewer import ReplayScene
from skully_game.scenes.skully.practice import PracticeScene
from skully_game.skully.board import preset
from skully_game.skully.caps import CapType
from skully_game.skully.hand import HandLevel, Input
from skully_game.skully.rules import RuleOptions
from skully_game.skully.session import Seat, Session
from tests.ui_helpers import make_app


def a_game() -> Session:
    """Ace (a regular slingshot), Bo (a flick) and Cy (a computer) each make one short shot."""
    seats = (
        Seat("Ace", CapType.CROWN, 0, "human", HandLevel.REGULAR, Input.SLINGSHOT),
        Seat("Bo", CapType.CROWN, 1, "human", HandLevel.SKILLED, Input.FLICK),
        Seat("Cy", CapType.CROWN, 2, "regular"),
    )
    session = Session(preset("classic"), RuleOptions(), seats, 5)
    board = session.board
    for k in range(3):  # every cap behind the start line, apart
        (ax, ay), (bx, by) = board.start_line
        t, (nx, ny) = (k + 1) / 4, board.start_normal
        session.place(k, (ax + (bx - ax) * t - nx * 0.06, ay + (by - ay) * t - ny * 0.06))
    for _ in range(3):
        flick, result, _ = session.simulate(math.radians(225), 0.3)
        session.judge(flick, result)
    return session


def tried(shot: int) -> PracticeScene:
    app = make_app()
    app.stack.push(MenuScene(app))
    replay = ReplayScene(app, a_game(), "three")
    app.stack.push(replay)
    replay.show(shot)
    replay.try_again()
    practice = app.stack.top
    assert isinstance(practice, PracticeScene)
    return practice


def test_a_persons_shot_is_tried_with_their_own_slingshot_hand():
    practice = tried(0)
    assert practice.hand.who == "slingshot:regular"
    assert (practice.table.input, practice.table.hand) == (Input.SLINGSHOT, HandLevel.REGULAR)


def test_a_flick_players_shot_is_tried_with_a_flick():
    practice = tried(1)
    assert practice.hand.who == "flick" and practice.table.input is Input.FLICK


def test_a_computer_players_shot_is_tried_with_the_hand_last_practised_with():
    practice = tried(2)
    assert practice.hand.who == "slingshot:steady"  # nothing practised yet: the lessons' default
