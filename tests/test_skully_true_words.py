"""What the table says is what the rules decided, said where it reads: the *everyone left is
stuck* ruling is not called "out of the skull"; call-outs, labels, numbers and START keep apart;
the banner keeps a shot's story while the player weighs it."""

from __future__ import annotations

import itertools
import math

import pygame

from skully_game.scenes.skully.gamestory import callout
from skully_game.skully.rules.events import Freed
from tests.ui_helpers import key, wait_for_turn


def slide_to(app, scene, point: tuple[float, float]) -> None:
    """A steady hand slides the cap of the player to play straight to `point`, played out."""
    from skully_game.skully.physics import Flick, G

    i = scene.state.to_play
    x, y = scene.table.positions[i]
    mu = scene.table.looks[i].kind.spec.mu
    speed = math.sqrt(2 * mu * G * math.dist((x, y), point))
    scene._flick(Flick(i, math.atan2(point[1] - y, point[0] - x), speed))
    for _ in range(900):
        if not scene.table.busy:
            break
        app.run_frames(1)


def both_stuck(app):
    """Ace and Bobby each slide into the skull: then everyone left is stuck, and the rules let
    Ace shoot from the skull."""
    from skully_game.scenes.skully.table import SkullyGameScene
    from skully_game.skully.game_setup import GameSetup, Seat
    from skully_game.skully.geometry import Trapezoid
    from skully_game.skully.hand import HandLevel

    seats = [Seat("Ace", 0, hand=HandLevel.STEADY), Seat("Bobby", 1, hand=HandLevel.STEADY)]
    scene = SkullyGameScene.new(app, GameSetup(seats=seats, seed=7))
    app.stack.push(scene)
    for _ in range(4):
        if scene._placement() is not None:
            wait_for_turn(app)
            app.dispatch(key(pygame.K_RETURN))
            app.run_frames(1)
    board = scene.session.board
    bx, by = board.trapezoid_centre(Trapezoid.BOTTOM)
    lx, ly = board.trapezoid_centre(Trapezoid.LEFT)
    slide_to(app, scene, (bx + 0.08, by))
    slide_to(app, scene, (lx, ly + 0.08))
    return scene


def test_the_everyone_stuck_ruling_is_called_out_as_what_it_is():
    deadlock = Freed("Everyone left is stuck: Ace shoots from the skull", 0, True)
    text, who, _ = callout(deadlock, ["Ace", "Bobby"])
    assert who == 0 and "skull" in text and "Out of" not in text
    assert callout(Freed("Ace is out of the skull", 0), ["Ace"])[0] == "Out of the skull"


def test_at_the_table_the_stuck_cap_is_never_called_out_of_the_skull(app):
    scene = both_stuck(app)
    ace = scene.state.players[0]
    assert scene.state.to_play == 0 and not ace.stuck  # the ruling: Ace shoots from there
    assert scene.table.labels[0].startswith("skull ")  # and the cap lies in the skull
    said = {text: at for text, at, *_ in scene.callouts}
    assert "Out of the skull" not in said
    assert said["Everyone is stuck: shoots from the skull"] == scene.table.positions[0]


def test_call_outs_labels_numbers_and_start_never_hide_one_another(app):
    scene = both_stuck(app)
    table = scene.table
    app.run_frames(1)
    words = {k: r for k, r in table.drawn.items() if k.startswith(("label ", "callout "))}
    assert any(k.startswith("callout ") for k in words) and "label 1" in words
    for (a, ra), (b, rb) in itertools.combinations(words.items(), 2):
        assert not ra.colliderect(rb), (a, ra, b, rb)
    numbers = table._number_rects()  # the box and skull numbers, and START along its line
    caps = [pygame.Rect(0, 0, 16, 16) for _ in table.visible()]
    for rect, i in zip(caps, table.visible(), strict=True):
        rect.center = [round(v) for v in table.camera.to_screen(table.positions[i])]
    for name, rect in words.items():
        assert rect.collidelist(numbers) < 0, (name, rect)
        assert rect.collidelist(caps) < 0, (name, rect)


def test_the_start_word_moves_from_under_a_cap(app):
    from skully_game.scenes.skully.chalk import START_BACK

    scene = both_stuck(app)
    table = scene.table
    board = table.board
    start = next(m for m in table.painter.marks if m.text == "START")
    table.positions[1] = start.at  # a cap put down on the word
    app.run_frames(1)
    moved = next(m for m in table.painter.marks if m.text == "START")
    assert math.dist(moved.at, start.at) > board.spec.box_side * START_BACK * 0.5


def test_a_failed_lessons_banner_keeps_why_while_the_retry_is_weighed(app, monkeypatch):
    from skully_game.scenes.skully.tutorial import LessonScene, LessonsScene
    from tests.ui_helpers import click, flick_to_stop_at, run_until_still

    lessons = LessonsScene(app)
    app.stack.push(lessons)
    click(app, next(b for b, ls in lessons.buttons if ls.key == "flick").rect.center)
    scene = app.stack.top
    assert isinstance(scene, LessonScene)
    wait_for_turn(app)
    app.dispatch(key(pygame.K_RETURN))
    table = scene.table
    x, y = table.positions[0]
    cx, cy = table.board.box_centre(1)
    flick_to_stop_at(app, table, 0, (x + (cx - x) * 0.4, y + (cy - y) * 0.4))  # far short
    run_until_still(app, table)
    assert scene.card == "failed"
    why = f"Ace: {scene.miss_note}"
    for _ in range(60 * 30 * 2):  # half a minute reading the card (its updates; one frame drawn)
        app.tick()
    app.run_frames(1)
    assert why in [text for text, _ in scene.banner]
    from skully_game.shell import theme

    drawn: list[str] = []
    real = theme.text
    monkeypatch.setattr(
        theme, "text", lambda s, m, *a, **k: (drawn.append(m), real(s, m, *a, **k))[1]
    )
    scene._draw_banner(app.screen)
    assert any(why in line or line.rstrip(".…") in why for line in drawn[1:]), drawn


def test_the_out_of_town_words_move_from_under_a_killer(app):
    scene = both_stuck(app)
    table = scene.table
    low = min((m for m in table.painter.marks if m.text == "OUT OF TOWN"), key=lambda m: m.at[1])
    table.positions[1] = low.at  # a killer standing on the words
    app.run_frames(1)
    now = min((m for m in table.painter.marks if m.text == "OUT OF TOWN"), key=lambda m: m.at[1])
    assert math.dist(now.at, low.at) > 0.3, (now.at, low.at)
