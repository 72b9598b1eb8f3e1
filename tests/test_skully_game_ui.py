"""A whole game of Skully driven through the table scene with scripted mouse input, to the game
over screen; and the game is saved after every action and resumed exactly."""

from __future__ import annotations

import pygame
import pytest

from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skully.setup import SkullySetupScene
from skully_game.scenes.skully.table import (
    FINALE_S,
    GameOverScene,
    KeepDialog,
    SkullyGameScene,
)
from skully_game.shell.dialogs import ConfirmDialog
from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import GameSetup, Seat
from skully_game.skully.hand import HandLevel
from skully_game.skully.rules import DecisionKind, target
from skully_game.skully.saves import unfinished_games
from skully_game.skully.session import load_session
from tests.ui_helpers import click, flick_to_stop_at, key, run_until_still, wait_for_turn

STEADY = HandLevel.STEADY  # a sure hand: these tests make exact shots


def place_pending(app, scene) -> None:
    """Put caps down at the suggested spot with Enter, as long as placements are due."""
    for _ in range(10):
        if scene._placement() is None:
            return
        wait_for_turn(app)
        app.dispatch(key(pygame.K_RETURN))
        app.run_frames(1)


def target_point(scene, player: int) -> tuple[float, float]:
    board = scene.session.board
    goal = target(scene.state.players[player])
    if goal.boxes:
        return board.box_centre(goal.boxes[0])
    return board.trapezoid_centre(goal.trapezoids[0])


def test_setup_screen_starts_a_game(app):
    setup = SkullySetupScene(app, GameSetup(seed=3))
    app.stack.push(setup)
    setup._add()
    app.run_frames(2)
    start = next(w for w in setup.widgets.widgets if w.label == "Start game")
    click(app, start.rect.center)
    game = app.stack.top
    assert isinstance(game, SkullyGameScene)
    assert [p.name for p in game.state.players] == ["Ace", "Bobby", "Carmen"]
    assert game.state.decision.kind is DecisionKind.PLACE_START


def test_setup_order_of_play_can_be_chosen(app):
    setup = SkullySetupScene(app, GameSetup(seed=2))
    app.stack.push(setup)
    up = next(w for w in setup.widgets.widgets if w.label == "^" and w.enabled)
    click(app, up.rect.center)
    assert [s.name for s in setup.setup.seats] == ["Bobby", "Ace"]


def test_setup_refuses_duplicate_names(app):
    setup = SkullySetupScene(app, GameSetup(seats=[Seat("Al", 0), Seat("al", 1)]))
    app.stack.push(setup)
    setup._start()
    assert app.stack.top is setup and "same name" in setup.message


@pytest.mark.slow
def test_a_full_game_through_the_ui_to_game_over(app):
    setup = GameSetup(
        seats=[
            Seat("Ace", 0, CapType.CROWN, hand=STEADY),
            Seat("Bobby", 1, CapType.WAX, hand=STEADY),
        ],
        seed=11,
    )
    scene = SkullyGameScene.new(app, setup)
    app.stack.push(scene)
    table = scene.table
    place_pending(app, scene)
    assert scene.state.turn == 1 and scene.state.to_play == 0
    seen_killer = False
    for _ in range(400):
        if scene.state.over:
            break
        place_pending(app, scene)
        if isinstance(app.stack.top, KeepDialog):
            click(app, app.stack.top.widgets.widgets[1].rect.center)
            continue
        state = scene.state
        i = state.to_play
        me = state.players[i]
        if i == 1:
            # Bobby barely moves his cap, and never near Ace's
            x, y = table.positions[1]
            flick_to_stop_at(app, table, 1, (x - 0.1, y - 0.1))
        elif me.killer:
            seen_killer = True
            victim = table.positions[1]
            flick_to_stop_at(app, table, 0, victim, extra=0.25)
        else:
            flick_to_stop_at(app, table, 0, target_point(scene, 0))
        assert table.busy
        run_until_still(app, table)
        app.run_frames(2)
    assert scene.state.over, "the game ends"
    assert seen_killer
    assert scene.state.winner == 0
    assert app.stack.top is scene, "the winning shot's moment on the board first"
    app.run_frames(round(FINALE_S * 60) + 2)
    assert isinstance(app.stack.top, GameOverScene)
    app.run_frames(3)
    stats = scene.state.players[0].stats
    assert stats.kills == 1 and stats.boxes >= 25
    # the finished game is saved with its winner, and is no longer offered for resuming
    saved = load_session(scene.path)
    assert saved.state == scene.state
    assert scene.path not in unfinished_games()


def test_a_game_left_mid_way_resumes_exactly(app):
    setup = GameSetup(seats=[Seat("Ace", 0), Seat("Bobby", 1), Seat("Carmen", 2)], seed=5)
    scene = SkullyGameScene.new(app, setup)
    app.stack.push(scene)
    place_pending(app, scene)
    for _ in range(3):
        i = scene.state.to_play
        flick_to_stop_at(app, scene.table, i, scene.session.board.box_centre(1))
        run_until_still(app, scene.table)
        place_pending(app, scene)
    before = scene.state
    app.dispatch(key(pygame.K_ESCAPE))  # save and leave: it asks first
    assert isinstance(app.stack.top, ConfirmDialog)
    app.dispatch(key(pygame.K_y))
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    assert menu.widgets.widgets[0].label == "Resume game"
    click(app, menu.widgets.widgets[0].rect.center)
    resumed = app.stack.top
    assert isinstance(resumed, SkullyGameScene)
    assert resumed.state == before
    assert resumed.table.positions[before.to_play] == before.players[before.to_play].pos


def test_the_resume_list_names_a_skully_game_by_its_players_and_shots_not_a_second_date(app):
    from skully_game.scenes.resume import unfinished_games as resumable

    setup = GameSetup(seats=[Seat("Ace", 0), Seat("Bobby", 1)], seed=5)
    scene = SkullyGameScene.new(app, setup)
    app.stack.push(scene)
    place_pending(app, scene)
    flick_to_stop_at(app, scene.table, scene.state.to_play, scene.session.board.box_centre(1))
    run_until_still(app, scene.table)
    found, bad = resumable()
    assert not bad
    (game,) = [u for u in found if u.path == scene.path]
    shooter = scene.state.players[scene.state.to_play].name  # whose turn, first
    assert game.title == "Skully"
    assert game.detail == (  # where it stands (issue 40's Resume rows), whose turn, the board
        f"Shot 1 · everyone at the start · {shooter} to shoot · classic board · Ace, Bobby"
    )


def test_a_game_nobody_shot_in_is_not_kept_and_saved_games_can_be_deleted(app):
    from skully_game.scenes.replay.viewer import ReplaysScene
    from skully_game.scenes.resume import ResumeScene
    from skully_game.scenes.resume import unfinished_games as resumable

    idle = SkullyGameScene.new(app, GameSetup(seats=[Seat("Ace", 0), Seat("Bo", 1)], seed=5))
    app.stack.push(idle)
    place_pending(app, idle)
    app.dispatch(key(pygame.K_ESCAPE))
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog) and "not kept" in dialog.detail
    app.dispatch(key(pygame.K_y))
    assert not idle.path.exists()  # left before anyone shot: nothing to resume

    played = SkullyGameScene.new(app, GameSetup(seats=[Seat("Ace", 0), Seat("Bo", 1)], seed=6))
    app.stack.push(played)
    place_pending(app, played)
    flick_to_stop_at(app, played.table, played.state.to_play, played.session.board.box_centre(1))
    run_until_still(app, played.table)
    app.dispatch(key(pygame.K_ESCAPE))
    app.dispatch(key(pygame.K_y))
    assert played.path.exists()

    resume = ResumeScene(app)
    app.stack.push(resume)
    delete = next(w for w in resume.widgets.widgets if w.label == "Delete")
    click(app, delete.rect.center)
    ask = app.stack.top
    assert isinstance(ask, ConfirmDialog) and ask.question == "Delete this saved game?"
    app.dispatch(key(pygame.K_RETURN))  # the default is Keep
    assert played.path.exists() and app.stack.top is resume
    click(app, delete.rect.center)
    app.dispatch(key(pygame.K_y))
    assert not played.path.exists()
    assert resumable()[0] == [] and app.stack.top is resume
    app.stack.pop()
    replays = ReplaysScene(app)
    app.stack.push(replays)
    assert not any(w.label == "Delete" for w in replays.widgets.widgets)  # nothing left to list


def test_the_computer_pace_chosen_with_p_is_kept_for_the_next_game(app):
    """A player who sped the computers up left the game and resumed it: the pace had gone
    back to normal. It is a preference now, kept from game to game."""
    setup = GameSetup(seats=[Seat("Ace", 0), Seat("Carmen", 2, kind="regular")], seed=5)
    scene = SkullyGameScene.new(app, setup)
    app.stack.push(scene)
    assert not scene.fast
    app.dispatch(key(pygame.K_p))
    assert scene.fast and scene.table.speedup == 3.0
    assert app.settings.fast_computers
    again = SkullyGameScene.new(app, setup)
    assert again.fast and again.table.speedup == 3.0
    app.dispatch(key(pygame.K_p))  # back to normal, and kept so
    assert not app.settings.fast_computers


def test_a_toast_at_the_game_stays_over_the_board_clear_of_the_side_panel(app, monkeypatch):
    """The report: 'You only touched the cap: no shot…' ran from the board over the panel's
    buttons. A toast goes along the foot of the board view, cut to fit it."""
    from skully_game.scenes.skully.capkit import TOO_SLOW

    setup = GameSetup(seats=[Seat("Ace", 0), Seat("Bobby", 1)], seed=5)
    scene = SkullyGameScene.new(app, setup)
    app.stack.push(scene)
    app.toast(TOO_SLOW + " " + TOO_SLOW)  # longer than the view is wide
    boxes: list[pygame.Rect] = []
    real = pygame.draw.rect

    def rect(surface, colour, box, *args, **kw):  # type: ignore[no-untyped-def]
        boxes.append(pygame.Rect(box))
        return real(surface, colour, box, *args, **kw)

    monkeypatch.setattr(pygame.draw, "rect", rect)
    app._draw_toasts()
    monkeypatch.undo()
    view = scene.toast_area()
    assert view.right < app.size[0]  # the panel is beside it
    assert boxes and all(view.contains(box) for box in boxes)


def test_the_panels_bottom_tips_cover_no_other_button():
    """The report: Save and leave's long tip, with no room under it, was laid over the
    Computer pace button above it. Every panel button's tip covers no other button."""
    from tests.ui_helpers import make_app

    setup = GameSetup(seats=[Seat("Ace", 0), Seat("Carmen", 2, kind="regular")], seed=5)
    for size in ((1280, 800), (1024, 640), (1280, 740)):
        app = make_app(size)
        scene = SkullyGameScene.new(app, setup)
        app.stack.push(scene)
        screen = app.screen.get_rect()
        for button in [w for w in scene.widgets.widgets if w.tooltip]:
            scene.widgets.handle(
                pygame.event.Event(
                    pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0), buttons=(0, 0, 0)
                )
            )
            _, box = scene.widgets.tip(screen)
            others = [w.rect for w in scene.widgets.widgets if w is not button]
            assert box.collidelist(others) < 0, (size, button.label, box)
            assert screen.contains(box)
