"""Skully's lessons and How to play, for tools/render_scenes.py (collected with the table's screens).

Exported as DEMOS (scene name -> a function that drives a fresh App to the picture)."""

from __future__ import annotations

import pygame

from skully_game.scenes.demokit import Demos, collect, key_event
from skully_game.scenes.skully.demos import _shoot
from skully_game.shell.app import App
from skully_game.shell.scripted import drag

DEMOS: Demos = {}
screen = collect(DEMOS)


def _lessons(app: App):
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skully.tutorial import LessonsScene

    app.stack.push(MenuScene(app))
    scene = LessonsScene(app)
    app.stack.push(scene)
    app.run_frames(2)
    return scene


@screen("learn")
def _learn(app: App) -> None:
    """The lessons, three of them passed (ticked)."""
    from skully_game.skully.tutorial import Progress, save_progress

    save_progress(Progress(frozenset({"flick", "course", "pipsies"})))
    _lessons(app)


@screen("learn-all-done")
def _learn_all_done(app: App) -> None:
    """The lessons, every one passed: the longest progress note."""
    from skully_game.skully.tutorial import Progress, lessons, save_progress

    save_progress(Progress(frozenset(lesson.key for lesson in lessons())))
    _lessons(app)


def _lesson(app: App, key: str, start: bool = True):
    from skully_game.scenes.skully.tutorial import LessonScene
    from skully_game.skully.tutorial import lessons

    _lessons(app)
    lesson = next(ls for ls in lessons() if ls.key == key)
    scene = LessonScene(app, lesson)
    app.stack.push(scene)
    app.run_frames(2)
    if start:
        app.dispatch(key_event(pygame.K_RETURN))
        app.run_frames(60)
    return scene


@screen("lesson-intro")
def _lesson_intro(app: App) -> None:
    _lesson(app, "course", start=False)


@screen("lesson-aim")
def _lesson_aim(app: App) -> None:
    """A lesson in progress: the goal above the board, the learner pulling back."""
    scene = _lesson(app, "course")
    table = scene.table
    at = table.camera.to_screen(table.positions[0])
    drag(app, at, (at[0] + 60, at[1] - 50), release=False)
    app.run_frames(1)


def _lesson_shot(app: App, key: str, aim: tuple[float, float], power: float):
    scene = _lesson(app, key)
    _shoot(app, scene, 0, aim, power)
    for _ in range(900):
        if not scene.table.busy:
            break
        app.run_frames(1)
    app.run_frames(20)
    return scene


def _planned_shot(app: App, scene) -> None:
    """A perfect hand plays the lesson's planned shot through the table, to its end."""
    import random

    from skully_game.skully.skill import Level
    from skully_game.skully.tutorial import planned_flick

    angle, speed = planned_flick(scene.attempt, scene.session, Level.PERFECT, random.Random(1))
    table = scene.table
    table.select(0)
    table.aim_angle, table.power = angle, speed / 7.0
    table._shoot()
    for _ in range(900):
        if not table.busy:
            break
        app.run_frames(1)
    _card_read(app)


def _card_read(app: App) -> None:
    """The result card up long enough to take a press (its buttons no longer greyed)."""
    from skully_game.shell.freshpress import ARM_SECONDS

    app.run_frames(round(ARM_SECONDS * 60) + 2)


@screen("lesson-passed")
def _lesson_passed(app: App) -> None:
    """Hits: the planner's shot, played through the table; the call-outs at the caps."""
    _planned_shot(app, _lesson(app, "hits"))


@screen("lesson-failed")
def _lesson_failed(app: App) -> None:
    """The first flick, short: why it missed in the player's terms, and the retry."""
    scene = _lesson(app, "flick")
    board = scene.table.board
    x, y = board.box_centre(1)
    _shoot(app, scene, 0, (x + 0.03, y + 0.1), 0.1)
    for _ in range(900):
        if not scene.table.busy:
            break
        app.run_frames(1)
    _card_read(app)


@screen("how-to-play")
def _how_to_play(app: App) -> None:
    from skully_game.scenes.skully.howto import HowToPlay

    _lessons(app)
    app.stack.push(HowToPlay(app))
    app.run_frames(2)


@screen("how-to-play-killers")
def _how_to_play_end(app: App) -> None:
    from skully_game.scenes.skully.howto import HowToPlay

    _lessons(app)
    page = HowToPlay(app)
    app.stack.push(page)
    page.scroll = page.most() - 14
    app.run_frames(2)


def _how_to_play_at(app: App, heading: str) -> None:
    """How to play scrolled so that a section's heading is the first line: its picture whole."""
    from skully_game.scenes.skully.howto import HowToPlay

    _lessons(app)
    page = HowToPlay(app)
    app.stack.push(page)
    page.scroll = min(page.most(), [r[0] for r in page.rows()].index(heading))
    app.run_frames(2)


@screen("how-to-play-skull")
def _how_to_play_skull(app: App) -> None:
    _how_to_play_at(app, "The skull")


@screen("how-to-play-killer-pictures")
def _how_to_play_killer_pictures(app: App) -> None:
    _how_to_play_at(app, "Killers")


@screen("lesson-intro-out-of-town")
def _lesson_intro_out_of_town(app: App) -> None:
    """The killers' lesson before its first shot: the words on each victim's own count."""
    _lesson(app, "out-of-town", start=False)


@screen("lesson-killer-count")
def _lesson_killer_count(app: App) -> None:
    """The killers' lesson after a first hit: the side panel shows Bobby's count."""
    _planned_shot(app, _lesson(app, "out-of-town"))


@screen("lesson-diller")
def _lesson_diller(app: App) -> None:
    """The killer diller's last word: the panel says which section it must land in."""
    _lesson(app, "diller")
