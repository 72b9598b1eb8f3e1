"""The flick guide teaches, then steps back (issue 39; two play-testers rated Skully 6 then 5/10
with a ghost on every shot: it judged each shot's length for them). While learning, a person's
first 3 shots of a game show the ghost where the cap would rest; after that only where it would
first meet another cap. Old saves and setups keep what they showed; the wire takes three words."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pygame
import pytest

from skully_game.net.hosted import SeatPlan
from skully_game.net.skullygame import skully_session
from skully_game.scenes.skully.capkit import speed_for
from skully_game.scenes.skully.table import STEP_BACK_NEWS, SkullyGameScene
from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import GameSetup, Seat, setup_from_choices, setup_to_choices
from skully_game.skully.guide import LEARNING_SHOTS, GuideMode, flick_guide
from skully_game.skully.hand import HandLevel, Input
from skully_game.skully.rules import shot_setup
from skully_game.skully.session import session_from_dict
from tests.ui_helpers import key, open_skully_game, run_until_still, settle_view

OLD = Path(__file__).parent / "data" / "old-versions" / "game-v3-holdsies-eased-at-rest.json"
AWAY = math.radians(225)  # from the start line, away from the board: a short slide hits no one


def start(app, mode: GuideMode, hand: HandLevel = HandLevel.STEADY) -> SkullyGameScene:
    seats = [
        Seat("Ace", 0, CapType.CROWN, hand=hand, input=Input.SLINGSHOT),
        Seat("Bo", 1, CapType.CROWN, hand=HandLevel.STEADY, input=Input.SLINGSHOT),
    ]
    scene = open_skully_game(app, GameSetup(seats=seats, seed=3, flick_guide=mode))
    settle_view(app, scene.table)
    return scene


def nudge(app, scene: SkullyGameScene) -> None:
    """The player to play slides a centimetre or so away from everyone: a miss, turn over."""
    setup = shot_setup(scene.state, scene.session.options)
    scene._flick(setup.flick(AWAY, 0.3))
    run_until_still(app, scene.table)
    assert scene._placement() is None


def shown(scene: SkullyGameScene) -> tuple[int, bool, bool]:
    """Who shoots now, whether their aim shows the ghost, and whether only the first touch."""
    return scene.state.to_play, scene.table.flick_guide, scene.table.touch_guide


def test_while_learning_each_person_sees_the_ghost_on_their_first_3_shots_then_the_touch(app):
    scene = start(app, GuideMode.LEARNING)
    for shot in range(LEARNING_SHOTS):
        for who in (0, 1):
            assert shown(scene) == (who, True, False), f"shot {shot + 1} of player {who}"
            assert not any(STEP_BACK_NEWS in line for line, _ in scene.banner)
            nudge(app, scene)
    assert shown(scene) == (0, False, True), "the 4th shot: the ghost has stepped back"
    said = [line for line, _ in scene.banner if STEP_BACK_NEWS in line]
    assert said == ["Ace: " + STEP_BACK_NEWS], "said once, to the one it stepped back for"
    nudge(app, scene)
    assert shown(scene) == (1, False, True)
    said = [line for line, _ in scene.banner if STEP_BACK_NEWS in line]
    assert said[-1] == "Bo: " + STEP_BACK_NEWS
    nudge(app, scene)
    assert shown(scene) == (0, False, True)
    assert sum(STEP_BACK_NEWS in line for line, _ in scene.log) == 2, "once for each person"


def test_the_count_goes_on_through_save_and_resume(app):
    scene = start(app, GuideMode.LEARNING)
    for _ in range(2 * LEARNING_SHOTS - 1):  # Ace 3 shots, Bo 2
        nudge(app, scene)
    scene.save()
    again = SkullyGameScene.from_save(app, scene.path)
    app.stack.push(again)
    assert again.session.flick_guide is GuideMode.LEARNING
    assert shown(again) == (1, True, False), "Bo's third shot still shows the ghost"
    nudge(app, again)
    assert shown(again) == (0, False, True), "Ace's fourth, after a Resume, does not"


def test_the_stepped_back_aim_shows_the_first_touch_and_never_the_rest(app):
    scene = start(app, GuideMode.LEARNING)
    for _ in range(2 * LEARNING_SHOTS):
        nudge(app, scene)
    table = scene.table
    app.dispatch(key(pygame.K_TAB))
    app.dispatch(key(pygame.K_UP))
    at, bo = table.positions[0], table.positions[1]
    table.aim_angle = math.atan2(bo[1] - at[1], bo[0] - at[0])  # straight at Bo's cap
    table.power = 1.0  # hard enough to get there: a touch is drawn only where the power reaches
    table.drawn.clear()
    app.draw(1.0)
    assert "ghost" not in table.drawn, "no ghost where it would rest"
    meets = flick_guide([CapType.CROWN] * 2, [at, bo], 0, table.aim_angle, 7.0)
    assert meets.touches == 1
    touch = table.drawn["touch"]
    # on the way to the meeting, where the two caps as drawn (larger than they are) touch
    cam = table.camera
    a, rest, them = cam.to_screen(at), cam.to_screen(meets.rest), cam.to_screen(bo)
    drawn_r = table.radii_px(table.positions)[1]
    assert math.dist(touch.center, them) == pytest.approx(touch.w / 2 + drawn_r + 1, abs=1.5)
    off = abs((rest[0] - a[0]) * (touch.centery - a[1]) - (rest[1] - a[1]) * (touch.centerx - a[0]))
    assert off / math.dist(a, rest) < 1.5  # on the path
    table.aim_angle += math.pi  # towards no one: the direction only
    table.drawn.clear()
    app.draw(1.0)
    assert "touch" not in table.drawn and "ghost" not in table.drawn


@pytest.mark.parametrize("mode", [GuideMode.ALWAYS, GuideMode.OFF])
def test_always_and_off_do_not_change_with_the_shots(app, mode):
    scene = start(app, mode)
    on = mode is GuideMode.ALWAYS
    for _ in range(2 * LEARNING_SHOTS + 2):
        _, ghost, touch = shown(scene)
        assert (ghost, touch) == (on, False)
        nudge(app, scene)
    assert not any(STEP_BACK_NEWS in line for line, _ in scene.log)


def test_old_saves_keep_what_their_players_saw():
    data = json.loads(OLD.read_text())
    assert data["flick_guide"] is True
    assert session_from_dict(data, "old.json").flick_guide is GuideMode.ALWAYS
    data = json.loads(OLD.read_text())
    data["flick_guide"] = False
    assert session_from_dict(data, "old.json").flick_guide is GuideMode.OFF
    data = json.loads(OLD.read_text())
    del data["flick_guide"]  # saved before there was a guide: it came on for every shot
    assert session_from_dict(data, "old.json").flick_guide is GuideMode.ALWAYS
    new = session_from_dict(json.loads(OLD.read_text()), "old.json").to_dict()
    assert new["flick_guide"] == "on" and new["version"] >= 9
    new["flick_guide"] = "sometimes"
    with pytest.raises(Exception, match="flick_guide"):
        session_from_dict(new, "game.json")


def test_remembered_setups_keep_what_they_showed_and_a_new_one_is_while_learning():
    assert setup_from_choices({"flick_guide": True}, 1).flick_guide is GuideMode.ALWAYS
    assert setup_from_choices({"flick_guide": False}, 1).flick_guide is GuideMode.OFF
    assert setup_from_choices({}, 1).flick_guide is GuideMode.LEARNING
    assert GameSetup().flick_guide is GuideMode.LEARNING
    for mode in GuideMode:
        kept = setup_to_choices(GameSetup(flick_guide=mode))
        assert setup_from_choices(json.loads(json.dumps(kept)), 1).flick_guide is mode


def test_the_online_room_option_takes_learning_on_and_off():
    seats = [SeatPlan("Anne", None), SeatPlan("Bea", None)]
    assert skully_session(seats, {}, 1).flick_guide is GuideMode.LEARNING
    for word, mode in (("learning", GuideMode.LEARNING), ("on", GuideMode.ALWAYS)):
        assert skully_session(seats, {"flick_guide": word}, 1).flick_guide is mode
    assert skully_session(seats, {"flick_guide": "off"}, 1).flick_guide is GuideMode.OFF
    with pytest.raises(ValueError, match="'learning', 'on' or 'off'"):
        skully_session(seats, {"flick_guide": True}, 1)
    record = skully_session(seats, {"flick_guide": "learning"}, 1).to_dict()
    assert record["flick_guide"] == "learning"


def test_a_wobbly_hand_sees_a_band_round_the_ghost_a_steady_hand_a_point(app):
    scene = start(app, GuideMode.ALWAYS, hand=HandLevel.REGULAR)
    table = scene.table
    app.dispatch(key(pygame.K_TAB))
    for _ in range(6):
        app.dispatch(key(pygame.K_UP))
    table.aim_angle = math.radians(45)  # up the board, clear of Bo
    table.drawn.clear()
    app.draw(1.0)
    ghost, band = table.drawn["ghost"], table.drawn["ghost band"]
    speed = speed_for(table.power)
    centre = table.guide_now(0, speed)
    assert ghost.center == pytest.approx(table.camera.to_screen(centre.rest), abs=1.5)
    assert band.collidepoint(ghost.center)
    skill = HandLevel.REGULAR.skill
    places = [table.positions[0], table.positions[1]]
    for dv in (-1, 1):  # one deviation softer and harder: the band's near and far edges
        edge = flick_guide(
            [CapType.CROWN] * 2, places, 0, table.aim_angle, speed * (1 + dv * skill.speed_rel)
        )
        x, y = table.camera.to_screen(edge.rest)
        assert band.inflate(4, 4).collidepoint(x, y)
    assert band.w > ghost.w and band.h > ghost.h, "wider than the point, so the risk shows"
    table.hand = HandLevel.STEADY  # the assist: the shot made is the shot meant
    table.drawn.clear()
    app.draw(1.0)
    assert "ghost" in table.drawn and "ghost band" not in table.drawn
