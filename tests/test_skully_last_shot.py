"""A player adjusts each shot from the last: while aiming, the power gauge marks the power of
this person's previous shot ("last"), and after each of a person's shots the news reads it back
as the warm-up does ("Ace's shot: 2.1 m/s, slid 58 cm", in the units chosen); never for a
computer player's shot. A Resume marks and tells them again."""

from __future__ import annotations

import math

import pygame
import pytest

from skully_game.core.settings import Units
from skully_game.scenes.skully.practice import PracticeScene
from skully_game.scenes.skully.table import SkullyGameScene
from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import GameSetup, Seat
from skully_game.skully.hand import HandLevel
from skully_game.skully.misses import flick_words
from skully_game.skully.physics import MAX_SPEED, Flick
from skully_game.skully.session import ShotAction
from tests.ui_helpers import key, run_until_still


def _aim_with_keys(app, table, power: float) -> None:
    """The slingshot's keyboard aim, under way: the gauge is up."""
    table.select(0)
    table.aim_angle, table.power = math.radians(75), power
    app.dispatch(key(pygame.K_SPACE))
    table.power = power
    app.run_frames(1)
    app.draw(0.5)


def test_the_gauge_marks_the_last_shots_power_where_the_bar_says_it(app):
    practice = PracticeScene(app, seed=4, kinds=[CapType.CROWN])
    app.stack.push(practice)
    table = practice.table
    app.draw(0.5)
    _aim_with_keys(app, table, 0.3)
    assert "last mark" not in table.drawn, "no shot yet: nothing to mark"
    app.dispatch(key(pygame.K_SPACE))
    run_until_still(app, table)
    app.run_frames(1)
    assert table.last_powers[0] == pytest.approx(0.3)
    _aim_with_keys(app, table, 0.7)
    bar, mark = table.drawn["power bar"], table.drawn["last mark"]
    assert mark.centery == bar.bottom - round(bar.h * 0.3)
    assert mark.left < bar.left and mark.right > bar.right, "across the bar, seen either side"
    assert table.drawn["meter"].contains(mark)


def _game(app, units: Units = Units.METRIC) -> SkullyGameScene:
    app.update_settings(units=units)
    seats = [Seat("Ace", 0, hand=HandLevel.REGULAR), Seat("Bobby", 1, kind="beginner")]
    scene = SkullyGameScene.new(app, GameSetup(seats=seats, seed=5))
    app.stack.push(scene)
    for _ in range(100):
        if scene._placement() is None:
            break
        app.dispatch(key(pygame.K_RETURN))
        app.run_frames(2)
    return scene


def _shoot(app, scene, speed: float) -> None:
    """Ace's slingshot meant at `speed`, towards the middle of the board: spoiled by the hand."""
    scene._flick(Flick(0, math.radians(45), speed))
    run_until_still(app, scene.table)
    app.run_frames(1)


def test_each_of_a_persons_shots_is_read_back_in_the_news_and_marked_on_the_gauge(app):
    scene = _game(app)
    start = scene.table.positions[0]
    _shoot(app, scene, 0.25 * MAX_SPEED)
    shot = next(a for a in scene.session.actions if isinstance(a, ShotAction))
    slid = math.dist(start, shot.rest[0])
    said = f"Ace's shot: {flick_words(shot.flick.speed, slid, Units.METRIC)}"
    assert said.startswith("Ace's shot: ") and "m/s, slid " in said
    assert said in [text for text, _ in scene.log]
    assert said in [text for text, _ in scene.banner], "in the news under the prompt"
    assert scene.table.last_powers == {0: pytest.approx(0.25)}, "as meant, before the wobble"
    resumed = SkullyGameScene.from_save(app, scene.path)
    assert said in [text for text, _ in resumed.log], "a Resume tells it again"
    assert resumed.table.last_powers == {0: pytest.approx(0.25)}


def test_the_read_back_is_in_feet_when_feet_are_chosen(app):
    scene = _game(app, Units.IMPERIAL)
    _shoot(app, scene, 0.25 * MAX_SPEED)
    line = next(text for text, _ in scene.log if text.startswith("Ace's shot: "))
    assert "ft/s" in line and "m/s" not in line


def test_a_computer_players_shot_is_not_read_back_nor_marked(app):
    scene = _game(app)
    _shoot(app, scene, 0.02 * MAX_SPEED)  # a dribble: Ace misses, Bobby's turn
    for _ in range(6000):
        if scene.session.shots_by(1) >= 1 and not scene.table.busy:
            break
        app.run_frames(1)
        if scene.thinking is not None:
            scene.thinking.result()
    assert scene.session.shots_by(1) >= 1, "Bobby shot"
    log = [text for text, _ in scene.log]
    assert not any(text.startswith(("Bobby's flick", "Bobby's shot")) for text in log)
    assert set(scene.table.last_powers) == {0}


def test_the_turns_news_leaves_the_banner_to_the_shot_the_prompt_says_whose_turn(app):
    scene = _game(app)
    _shoot(app, scene, 0.02 * MAX_SPEED)  # a miss: Bobby to shoot
    news = [text for text, _ in scene.banner]
    assert not any(text.endswith(" to shoot") for text in news)
    assert "Bobby" in scene._prompt()
    assert any(text.startswith("Ace's shot: ") for text in news[-2:]), "shown under the prompt"
    assert "Bobby to shoot" in [text for text, _ in scene.log], "the log keeps it"
