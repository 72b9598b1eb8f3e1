"""The warm-up: a player flicks one cap at an empty board and reads each flick back (how fast,
how far it slid, in the units chosen), with the last few kept to compare; offered from the
first game's setup (and back to it as it was left) and from Practice. And Practice's slingshot
draws a new wobble for every shot, an undone one too."""

from __future__ import annotations

import math

import pygame
import pytest

from skully_game.core.settings import Units
from skully_game.scenes.skully.practice import PracticeScene
from skully_game.scenes.skully.setup import SkullySetupScene
from skully_game.scenes.skully.warmup import BACK_HOME_AFTER, KEEP, WarmUpScene, say_speed
from skully_game.skully.caps import CapType
from skully_game.skully.hand import PX_PER_MPS, Input
from tests.ui_helpers import click, ev, key, run_until_still


def _button(scene, label: str):
    return next(w for w in scene.widgets.widgets if w.label == label)


def _sling(app, scene, power: float, angle: float = math.radians(75)) -> None:
    """A slingshot shot with the keys at this power, played to rest."""
    table = scene.table
    table.select(0)
    table.aim_angle, table.power = angle, power
    app.dispatch(key(pygame.K_SPACE))
    app.dispatch(key(pygame.K_SPACE))
    for _ in range(4000):  # updates only, then one frame drawn: these tests read the list
        if not table.busy:
            break
        app.tick()
    app.run_frames(1)
    assert not table.busy, "the shot never came to rest"


def _back_home(app) -> None:
    """The cap lies where it stopped, then goes back to be flicked again (updates only)."""
    for _ in range(2 * (int(BACK_HOME_AFTER * 120) + 30)):
        app.tick()
    app.run_frames(1)


def _open_from_practice(app) -> WarmUpScene:
    practice = PracticeScene(app, seed=3)
    app.stack.push(practice)
    click(app, _button(practice, "Warm-up").rect.center)
    scene = app.stack.top
    assert isinstance(scene, WarmUpScene)
    return scene


def test_each_flick_is_read_back_how_fast_and_how_far_and_the_cap_comes_back(app):
    scene = _open_from_practice(app)
    practice = app.stack.scenes[-2]
    assert len(scene.table.positions) == 1, "an empty board: one cap, nothing to hit"
    home = scene.table.positions[0]
    _sling(app, scene, 0.3)
    made = scene.made
    assert made is not None and made.speed == pytest.approx(0.3 * 7.0)  # steady: as meant
    last = scene.flicks[-1]
    assert last.speed == made.speed
    rest = scene.table.positions[0]
    assert last.slid == pytest.approx(math.dist(home, rest)) and last.slid > 0.3
    words = last.words(Units.METRIC)
    assert words == f"{made.speed:.1f} m/s, slid {last.slid:.2f} m" or "cm" in words
    assert last.how.startswith("Pulled to 30 %")
    _back_home(app)
    assert scene.table.positions[0] == home, "back at the start, to flick again"
    app.dispatch(key(pygame.K_ESCAPE))
    assert app.stack.top is practice


def test_the_last_few_flicks_are_kept_to_compare_numbered_in_order(app):
    scene = _open_from_practice(app)
    for k in range(KEEP + 2):
        _sling(app, scene, 0.15 + 0.02 * k)
        _back_home(app)
    numbers = [f.number for f in scene.flicks]
    assert numbers == list(range(3, KEEP + 3)), "the oldest go, the order stays"
    slides = [f.slid for f in scene.flicks]
    assert slides == sorted(slides), "a harder flick slides further"
    assert len(scene.table.ghost) == KEEP, "each kept flick's path is marked on the board"
    app.dispatch(key(pygame.K_c))
    assert scene.flicks == [] and scene.table.ghost == []


def test_the_read_back_is_in_the_units_chosen_in_settings(app):
    app.update_settings(units=Units.IMPERIAL)
    scene = _open_from_practice(app)
    _sling(app, scene, 0.4)
    words = scene.flicks[-1].words(Units.IMPERIAL)
    assert "ft/s" in words and ("ft" in words.split("slid")[1] or "in" in words)
    assert say_speed(0.3048 * 6.2, Units.IMPERIAL) == "6.2 ft/s"
    assert say_speed(1.94, Units.METRIC) == "1.9 m/s"


def test_a_pointer_flick_is_read_back_at_the_speed_it_left(app):
    scene = _open_from_practice(app)
    scene.set_hand("flick")
    table = scene.table
    assert table.input is Input.FLICK
    at = table.camera.to_screen(table.positions[0])
    px_per_s = 1.5 * PX_PER_MPS / app.settings.flick_sensitivity  # a flick of about 1.5 m/s
    app.dispatch(ev(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0), t=0.0))
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=at, button=1, t=0.0))
    for k in range(1, 13):
        t = 0.008 * k
        p = (at[0], round(at[1] - px_per_s * t))
        app.dispatch(ev(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0), t=t))
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=p, button=1, t=0.096))
    run_until_still(app, table)
    app.run_frames(1)
    last = scene.flicks[-1]
    assert last.speed == pytest.approx(1.5, rel=0.05)
    assert last.how == "", "a flick is the hand's own: no pull, no wobble to tell"


def test_the_first_games_setup_offers_the_warm_up_and_comes_back_as_it_was_left(app):
    setup_scene = SkullySetupScene(app)
    app.stack.push(setup_scene)
    assert setup_scene.first_game
    seat = setup_scene.setup.seats[0]
    seat.name, seat.cap = "Zed", CapType.WAX
    setup_scene._layout()
    click(app, _button(setup_scene, "Warm up first").rect.center)
    scene = app.stack.top
    assert isinstance(scene, WarmUpScene)
    assert scene.spec == setup_scene.setup.spec(), "the game's own board"
    assert scene.kinds == [CapType.WAX] and scene.hand.who == seat.who, "the player's cap, hand"
    _sling(app, scene, 0.3)
    click(app, _button(scene, "Back to the setup").rect.center)
    assert app.stack.top is setup_scene
    assert (
        setup_scene.setup.seats[0].name == "Zed" and setup_scene.setup.seats[0].cap is CapType.WAX
    )
    names = [w for w in setup_scene.widgets.widgets if getattr(w, "value", None) == "Zed"]
    assert names, "the name field still holds what was typed"


def test_a_later_games_setup_does_not_offer_it(app):
    from skully_game.core.choices import remember
    from skully_game.skully.game_setup import GameSetup, setup_to_choices

    remember("skully", setup_to_choices(GameSetup()))
    setup_scene = SkullySetupScene(app)
    assert not setup_scene.first_game
    assert all(w.label != "Warm up first" for w in setup_scene.widgets.widgets)


def test_practice_draws_a_new_wobble_for_every_shot_even_after_an_undo(app):
    practice = PracticeScene(app, seed=11)
    app.stack.push(practice)
    practice.set_hand("slingshot:regular")
    made = []
    for _ in range(3):
        _sling(app, practice, 0.3)
        made.append(practice.made)
        practice.undo()  # the same shot again, from the same place
    turns = {round(m.angle, 9) for m in made}
    assert len(turns) == 3, "an undone shot tried again wobbles its own way"
    again = PracticeScene(app, seed=11)  # the seed tells each shot's wobble again
    from skully_game.skully.hand import HandLevel, spoil

    for number, m in enumerate(made):
        meant = practice.meant
        assert meant is not None
        told = spoil(meant, HandLevel.REGULAR, again.shot_rng(number))
        assert (told.angle, told.speed) == pytest.approx((m.angle, m.speed))
