"""Learn Skully on screen, as a learner takes it: offered on the first start, the list with its
ticks, the card, the shot at the real table, passed or tried again; and a damaged progress file
that must not stop any of it."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pygame
import pytest

from skully_game.core.settings import Settings, load_settings, settings_path
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skully.howto import HowToPlay
from skully_game.scenes.skully.tutorial import INTRO, LessonScene, LessonsScene, offer_tutorial
from skully_game.shell.dialogs import ConfirmDialog
from skully_game.shell.freshpress import ARM_SECONDS
from skully_game.skully.lessons import LESSONS
from skully_game.skully.skill import Level
from skully_game.skully.tutorial import (
    Progress,
    load_progress,
    planned_flick,
    progress_path,
    save_progress,
)
from tests.ui_helpers import click, key, make_app, wait_for_turn


@pytest.mark.parametrize(
    "content",
    [b"{ not json", b'{"format": "skully-tutorial-progress", "version": 1, "done": 3}', b"\xff"],
)
def test_a_damaged_progress_file_starts_afresh_says_so_and_is_kept_aside(content):
    path = progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    progress, warning = load_progress()
    assert progress == Progress() and warning and "start afresh" in warning
    assert path.read_bytes() == content, "reading changes nothing"
    app = make_app()
    app.stack.push(MenuScene(app))
    scene = LessonsScene(app)  # no crash: the list opens, and says so
    app.stack.push(scene)
    app.run_frames(2)
    assert any("start afresh" in t.message for t in app.toasts)
    save_progress(Progress(frozenset({"flick"})))
    assert load_progress()[0].done == {"flick"}
    assert path.with_name("tutorial.json.bad").read_bytes() == content
    app.stack.clear()


# --- the first start, the menu ---------------------------------------------------------------


def test_the_first_start_offers_the_lessons_once_and_old_settings_still_load():
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('format = "skully-settings"\nversion = 1\nvolume = 0.5\n')  # before the field
    settings, warning = load_settings()
    assert warning is None and settings.volume == 0.5 and not settings.tutorial_offered
    app = make_app()
    app.settings = settings
    app.stack.push(MenuScene(app))
    offer_tutorial(app)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog) and "New to Skully" in dialog.question
    assert load_settings()[0].tutorial_offered, "remembered at once"
    click(app, dialog.yes_button.rect.center)
    assert isinstance(app.stack.top, LessonsScene)
    app.stack.pop()
    offer_tutorial(app)
    assert isinstance(app.stack.top, MenuScene), "asked only once"
    app.stack.clear()


def test_the_menu_entry_shows_how_many_lessons_are_done():
    app = make_app()
    save_progress(Progress(frozenset({"flick", "course", "pipsies"})))
    menu = MenuScene(app)
    app.stack.push(menu)
    labels = [w.label for w in menu.widgets.widgets]
    assert f"Learn Skully (3/{len(LESSONS)} done)" in labels
    app.stack.clear()


# --- the screens, as a learner takes a lesson ------------------------------------------------


def open_lesson(app, name: str) -> LessonScene:
    lessons_scene = LessonsScene(app)
    app.stack.push(lessons_scene)
    button = next(b for b, ls in lessons_scene.buttons if ls.key == name)
    click(app, button.rect.center)
    scene = app.stack.top
    assert isinstance(scene, LessonScene) and scene.card == "intro"
    scene.opened_by_click = False  # a person's next click comes well after a double click's
    return scene


def play_planned(app, scene: LessonScene) -> None:
    """The planner's perfect flick made at the table with the keys (a steady slingshot)."""
    angle, speed = planned_flick(scene.attempt, scene.session, Level.PERFECT, random.Random(1))
    table = scene.table
    table.select(0)
    table.aim_angle, table.power = angle, speed / 7.0
    app.dispatch(key(pygame.K_SPACE))  # keys: first Space takes the aim, the second shoots
    app.dispatch(key(pygame.K_SPACE))
    for _ in range(1500):
        if not table.busy:
            break
        app.run_frames(1)


def test_a_lesson_is_taken_at_the_table_passed_ticked_and_the_next_one_offered(app):
    scene = open_lesson(app, "hits")
    assert not scene._shootable(0), "the card first"
    app.dispatch(key(pygame.K_RETURN))  # Start
    assert scene.card == "" and scene._shootable(0)
    assert scene._prompt() == scene.lesson.goal
    assert [text for text, _ in scene.banner] == [scene.how()]  # how to shoot, until one does
    play_planned(app, scene)
    assert scene.how() not in [text for text, _ in scene.banner]  # not while putting it down
    assert scene.card == "passed"
    assert any(text.startswith("Hit Bobby: +1") for text, *_ in scene.callouts)
    assert "hits" in load_progress()[0].done
    assert scene.session.actions and not list(scene.path.parent.glob("*.json")), "no game saved"
    app.run_frames(int(ARM_SECONDS * 60) + 2)  # the card read (it takes no press at once)
    app.dispatch(key(pygame.K_RETURN))  # Next lesson
    nxt = app.stack.top
    assert isinstance(nxt, LessonScene) and nxt.lesson.key == "pipsies"
    nxt.to_lessons()  # back at the list: the focus is on the lesson just under way
    listing = app.stack.top
    assert isinstance(listing, LessonsScene)
    focused = listing.widgets.widgets[listing.widgets.focus]
    assert focused is next(b for b, ls in listing.buttons if ls.key == "pipsies")


def test_a_missed_lesson_says_why_and_r_tries_again_from_the_same_position(app):
    scene = open_lesson(app, "flick")
    app.dispatch(key(pygame.K_RETURN))
    start = scene.state.players[0].pos
    table = scene.table
    table.select(0)
    table.aim_angle, table.power = 0.3, 0.05  # far too soft, and off to the side
    app.dispatch(key(pygame.K_SPACE))
    app.dispatch(key(pygame.K_SPACE))
    for _ in range(600):
        if not table.busy:
            break
        app.run_frames(1)
    assert scene.card == "failed"
    assert "short" in scene.miss_note and "right" in scene.miss_note
    assert not scene._shootable(0), "no more shots until the retry"
    assert scene._panel_active() == scene.lesson.learner  # not Bobby, who never plays here
    app.dispatch(key(pygame.K_r))
    again = app.stack.top
    assert isinstance(again, LessonScene) and again is not scene and again.card == ""
    assert again.state.players[0].pos == start
    assert [text for text, _ in again.banner] == [again.how()]  # as on the first attempt


def test_how_to_play_opens_from_the_lessons_and_from_a_lesson_with_h(app):
    lessons_scene = LessonsScene(app)
    app.stack.push(lessons_scene)
    button = next(w for w in lessons_scene.widgets.widgets if w.label == "How to play")
    click(app, button.rect.center)
    page = app.stack.top
    assert isinstance(page, HowToPlay) and page.most() > 0
    app.dispatch(key(pygame.K_END))
    app.run_frames(1)
    app.dispatch(key(pygame.K_ESCAPE))
    open_lesson(app, "skull")
    app.dispatch(key(pygame.K_RETURN))
    app.dispatch(key(pygame.K_h))
    assert isinstance(app.stack.top, HowToPlay)


def test_the_hand_chosen_for_the_lessons_is_kept_and_used(app):
    lessons_scene = LessonsScene(app)
    app.stack.push(lessons_scene)
    lessons_scene.set_hand("flick")
    assert load_progress()[0].hand == "flick"
    scene = open_lesson(app, "flick")
    from skully_game.skully.hand import Input

    assert scene.session.seats[0].input is Input.FLICK


def test_settings_keep_the_offer_flag():
    from skully_game.core.settings import save_settings

    save_settings(Settings(tutorial_offered=True))
    assert load_settings()[0].tutorial_offered


# --- the game table: how to play, call-outs, why a shot missed ------------------------------


def steady_game(app):
    from skully_game.scenes.skully.table import SkullyGameScene
    from skully_game.skully.game_setup import GameSetup, Seat
    from skully_game.skully.hand import HandLevel

    seats = [Seat("Ace", 0, hand=HandLevel.STEADY), Seat("Bobby", 1, hand=HandLevel.STEADY)]
    scene = SkullyGameScene.new(app, GameSetup(seats=seats, seed=4))
    app.stack.push(scene)
    for _ in range(4):
        if scene._placement() is not None:
            wait_for_turn(app)
            app.dispatch(key(pygame.K_RETURN))
            app.run_frames(1)
    return scene


def test_the_game_table_opens_how_to_play_with_h_and_with_its_button(app):
    scene = steady_game(app)
    app.dispatch(key(pygame.K_h))
    assert isinstance(app.stack.top, HowToPlay)
    app.dispatch(key(pygame.K_ESCAPE))
    assert app.stack.top is scene
    button = next(w for w in scene.widgets.widgets if w.label == "How to play")
    click(app, button.rect.center)
    assert isinstance(app.stack.top, HowToPlay)


def test_a_missed_shot_at_the_game_table_says_why_in_the_log_and_at_the_cap(app):
    from tests.ui_helpers import flick_to_stop_at, run_until_still

    scene = steady_game(app)
    table = scene.table
    (x, y), (cx, cy) = table.positions[0], table.board.box_centre(1)
    short = 1 - 0.3 / math.dist((x, y), (cx, cy))  # straight at 1's middle, a foot short
    flick_to_stop_at(app, table, 0, (x + (cx - x) * short, y + (cy - y) * short))
    run_until_still(app, table)
    assert any("short of 1 (the direction was good)" in text for text, _ in scene.log)
    assert any("cm short" in text for text, *_ in scene.callouts)
    app.run_frames(300)  # a call-out is gone after a couple of seconds; the log keeps it
    assert not scene.callouts
    assert any("Ace missed 1" in text for text, _ in scene.log)


def test_a_box_made_is_called_out_at_the_cap(app):
    from tests.ui_helpers import flick_to_stop_at, run_until_still

    scene = steady_game(app)
    table = scene.table
    flick_to_stop_at(app, table, 0, table.board.box_centre(1))
    assert table.busy and scene._prompt() == "Ace shoots: going for 1 forwards"  # never blank
    run_until_still(app, table)
    assert [text for text, *_ in scene.callouts] == ["In 1!"]
    at = scene.callouts[0][1]
    assert at == table.positions[0], "said where the cap stopped"


def test_a_call_out_keeps_off_another_caps_label(app):
    """Said above the cap, unless that would hide the label of a cap just above it."""
    from skully_game.shell import theme

    scene = steady_game(app)
    table = scene.table
    x, y = table.camera.to_screen(table.positions[0])
    table.positions[1] = table.camera.to_world((x + 20, y - 30))  # just above and to the side
    table.labels[1] = "on the line 12"
    scene.callouts = [("1.69 m short, 18° right", table.positions[0], theme.TEXT, 1e9)]
    app.run_frames(2)
    said = [r for name, r in table.drawn.items() if name.startswith("callout")]
    labels = [r for name, r in table.drawn.items() if name.startswith("label ")]
    assert said and labels and said[-1].collidelist(labels) < 0


def test_a_slingshots_wobble_is_said_apart_from_the_aim_and_a_resumed_log_tells_the_miss(app):
    from skully_game.scenes.skully.table import SkullyGameScene
    from skully_game.skully.game_setup import GameSetup, Seat
    from skully_game.skully.hand import HandLevel
    from tests.ui_helpers import flick_to_stop_at, run_until_still

    seats = [Seat("Ace", 0, hand=HandLevel.BEGINNER), Seat("Bobby", 1, hand=HandLevel.STEADY)]
    scene = SkullyGameScene.new(app, GameSetup(seats=seats, seed=9))
    app.stack.push(scene)
    for _ in range(4):
        if scene._placement() is not None:
            wait_for_turn(app)
            app.dispatch(key(pygame.K_RETURN))
            app.run_frames(1)
    table = scene.table
    x, y = table.positions[0]
    flick_to_stop_at(app, table, 0, (x + 0.05, y + 0.05))  # far short of 1, whatever the wobble
    run_until_still(app, table)
    assert "short" in scene.miss_note and scene.wobble_note.startswith("the hand's wobble")
    said = f"Ace: {scene.miss_note}; {scene.wobble_note}"  # with the miss, in its own line
    assert any(text == said for text, _ in scene.banner), scene.banner
    told = [text for text, _ in scene.log]
    scene.save()
    resumed = SkullyGameScene.from_save(app, scene.path)
    assert [text for text, _ in resumed.log][: len(told)] == told
    assert said in told, told


def test_a_lesson_that_wants_a_hit_measures_a_miss_against_that_cap(app):
    scene = open_lesson(app, "hits")
    app.dispatch(key(pygame.K_RETURN))
    table = scene.table
    table.select(0)
    me, bobby = scene.state.players[0].pos, scene.state.players[1].pos
    table.aim_angle = math.atan2(bobby[1] - me[1], bobby[0] - me[0]) + math.radians(20)
    table.power = 0.05  # a touch, well to the left of Bobby
    app.dispatch(key(pygame.K_SPACE))
    app.dispatch(key(pygame.K_SPACE))
    for _ in range(600):
        if not table.busy:
            break
        app.run_frames(1)
    assert scene.card == "failed"
    assert scene.miss_note.startswith("stopped ") and "short, heading" in scene.miss_note
    assert scene.miss_note.endswith("left of Bobby")  # told against Bobby, not against a box


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
@pytest.mark.parametrize("done", [0, 3, len(LESSONS)])
def test_the_lessons_header_lines_never_run_into_each_other(size, done, monkeypatch):
    """The intro, the progress note ("All done: ...") and the lessons each have their own room."""
    from skully_game.shell import theme
    from skully_game.skully.tutorial import lessons

    save_progress(Progress(frozenset(lesson.key for lesson in lessons()[:done])))
    app = make_app(size)
    scene = LessonsScene(app)
    app.stack.push(scene)
    drawn: list[pygame.Rect] = []
    real = theme.text

    def text(surface, message, *args, **kw):  # type: ignore[no-untyped-def]
        rect = real(surface, message, *args, **kw)
        if message == INTRO or " done" in message:  # "3 of 12 done", "All done: ..."
            drawn.append(rect)
        return rect

    monkeypatch.setattr(theme, "text", text)
    app.draw(0.5)
    assert len(drawn) == 2, "the intro and the progress note are drawn"
    intro, note = drawn
    assert not intro.colliderect(note)
    assert app.screen.get_rect().contains(note)
    for button, _ in scene.buttons:
        assert not button.rect.colliderect(note) and not button.rect.colliderect(intro)
    app.stack.clear()


def _lessons_button(scene):  # type: ignore[no-untyped-def]
    return next(w for w in scene.widgets.widgets if w.label == "Lessons")


def test_linesies_says_where_the_cap_may_go_and_how_to_shoot_only_once_it_is_down(app):
    scene = open_lesson(app, "linesies")
    app.dispatch(key(pygame.K_RETURN))  # Start: the cap is to be put down first
    assert "on the lines" in scene._prompt(), "the goal is the lines, not only 13"
    assert scene.how() not in [text for text, _ in scene.banner], "no flick hint yet"
    app.dispatch(key(pygame.K_RETURN))  # put down at the suggested spot
    app.run_frames(1)
    assert scene._placement() is None
    assert scene.how() in [text for text, _ in scene.banner], "now there is a shot to make"


def test_linesies_says_the_shot_from_the_lines_is_no_pipsies():
    """Rules 3.2.0.4 and 3.3.2: a cap on the lines is not in 13, so 13 to 12 from there pays
    no pipsies; lesson 3 (from inside 13) pays them."""
    from skully_game.skully.tutorial import lessons

    linesies = next(ls for ls in lessons() if ls.key == "linesies")
    assert "no pipsies" in linesies.passed.lower()
    assert "pipsies" in linesies.words


def test_the_killer_diller_counter_names_the_word_to_say_next(app):
    """Three words said: going for the fourth ("diller"), as the lesson says."""
    from skully_game.skully.rules import status

    scene = open_lesson(app, "diller")
    assert "three words already" in scene.lesson.words
    numbers = scene.session.board_spec.skull_numbers
    assert status(scene.state.players[0], numbers) == "killer diller: “diller” into the skull's 8"
    assert "the 8 on the right" in scene.lesson.goal, "the lesson's goal says the same place"


@pytest.mark.parametrize("still_stuck", [True, False])
def test_the_skull_lesson_says_whether_bobby_is_still_stuck(still_stuck):
    """Rules 3.3.1.2-3: knocked out of the skull, Bobby is free; knocked from one section to
    another, he is still stuck."""
    from skully_game.skully.tutorial import lessons

    lesson = next(ls for ls in lessons() if ls.key == "skull")
    state = lesson.session()[0].state
    state = state.with_player(1, stuck=still_stuck)
    words = lesson.passed_words(state)
    assert words.startswith("+6")
    assert ("still stuck" in words) is still_stuck
    assert ("free to play again" in words) is not still_stuck


def test_back_to_the_lessons_asks_only_when_a_lesson_under_way_would_be_lost(app):
    scene = open_lesson(app, "hits")
    click(app, _lessons_button(scene).rect.center)  # before Start: nothing to lose
    assert isinstance(app.stack.top, LessonsScene)
    scene = open_lesson(app, "hits")
    app.dispatch(key(pygame.K_RETURN))  # Start
    click(app, _lessons_button(scene).rect.center)  # no shot yet: nothing to lose either
    assert isinstance(app.stack.top, LessonsScene)
    scene = open_lesson(app, "hits")
    app.dispatch(key(pygame.K_RETURN))
    play_planned(app, scene)
    assert scene.card == "passed"
    click(app, _lessons_button(scene).rect.center)  # passed: the tick is kept
    assert isinstance(app.stack.top, LessonsScene)
    scene = open_lesson(app, "out-of-town")  # three shots: one made, two to go
    app.dispatch(key(pygame.K_RETURN))
    play_planned(app, scene)
    assert scene.going and scene.session.actions
    click(app, _lessons_button(scene).rect.center)
    assert isinstance(app.stack.top, ConfirmDialog), "a lesson half done asks first"


def test_tab_in_a_lesson_to_hit_a_cap_aims_at_that_cap_not_the_box(app):
    """Lesson 4 (Hits): the goal is Bobby's cap; a cap picked by key faces it (it faced 6)."""
    scene = open_lesson(app, "hits")
    app.dispatch(key(pygame.K_RETURN))  # past the lesson's card, if it shows one
    app.run_frames(2)
    me = scene.lesson.learner
    bobby = next(i for i, p in enumerate(scene.state.players) if p.name == "Bobby")
    scene.table.select(None)
    scene.table.cycle(1)
    assert scene.table.selected == me
    (x, y), (bx, by) = scene.state.players[me].pos, scene.state.players[bobby].pos
    assert scene.table.aim_angle == pytest.approx(math.atan2(by - y, bx - x))


def test_a_double_enter_on_the_first_starts_offer_starts_no_game():
    """Enter takes the lessons (a newcomer's reflex; "Not now" was in focus and skipped them),
    and the double Enter's second press starts no lesson. Esc is "Not now", and a double Esc's
    second press, or an Enter right after it, starts no game from the menu: Play the computer,
    in focus, once did. A press a moment later is the player's own."""
    app = make_app()
    menu = MenuScene(app)
    app.stack.push(menu)
    offer_tutorial(app)
    assert isinstance(app.stack.top, ConfirmDialog)
    app.dispatch(key(pygame.K_RETURN))  # Show me (the focused answer)
    app.dispatch(key(pygame.K_RETURN))  # the double Enter's second press
    assert isinstance(app.stack.top, LessonsScene), "the lessons' list, no lesson begun"
    app.stack.pop()
    app.settings = replace(app.settings, tutorial_offered=False)
    offer_tutorial(app)
    app.dispatch(key(pygame.K_ESCAPE))  # Not now
    app.dispatch(key(pygame.K_RETURN))  # pressed on at once
    assert app.stack.top is menu
    app.run_frames(40)
    app.dispatch(key(pygame.K_RETURN))
    assert app.stack.top is not menu, "a fresh Enter presses the entry in focus"
    app.stack.clear()


def test_a_lessons_card_after_a_shot_leaves_the_tables_one_scale(app):
    """The lesson's card at the bottom came and the view zoomed out with it, and stayed so."""
    scene = open_lesson(app, "hits")
    app.dispatch(key(pygame.K_RETURN))  # Start
    table = scene.table
    app.run_frames(2)
    before = table.view_scale()
    table.select(scene.lesson.learner)
    table.aim_angle, table.power = 3.5, 0.9  # away from Bobby: a miss
    table._shoot()
    for _ in range(900):
        if not table.busy:
            break
        app.run_frames(1)
    app.run_frames(200)
    assert scene.card == "failed"
    assert table.view_scale() == pytest.approx(before)
    assert table.camera.scale == pytest.approx(before)


def test_enter_from_the_keyboard_puts_a_lesson_s_cap_down(app):
    """A press from the keyboard itself (polled: it carries `doubt`) was checked twice for a
    held key's repeat in a lesson, the second check taking the press for its own repeat: Enter
    never put the learner's cap down (a play-tester had to click)."""

    def polled(kind: int) -> pygame.event.Event:
        return pygame.event.Event(
            kind, key=pygame.K_RETURN, mod=0, unicode="", scancode=0, t=0.0, doubt=0.0
        )

    scene = open_lesson(app, "linesies")
    app.dispatch(key(pygame.K_RETURN))  # Start: the cap is to be put down first
    assert scene._placement() is not None
    app.dispatch(polled(pygame.KEYDOWN))
    app.dispatch(polled(pygame.KEYUP))
    app.run_frames(1)
    assert scene._placement() is None


def test_practice_shoots_the_way_the_lessons_were_last_shot() -> None:
    """A play-test chose Flick in the lessons; Practice and Try this shot then opened on
    "Steady (assist)". The lessons' choice is practice's too."""
    from skully_game.scenes.skully.practice import PracticeScene
    from skully_game.skully.hand import Input

    app = make_app()
    app.stack.push(MenuScene(app))
    lessons = LessonsScene(app)
    app.stack.push(lessons)
    lessons.set_hand("flick")
    app.stack.pop()
    practice = PracticeScene(app)
    assert practice.hand.input is Input.FLICK
