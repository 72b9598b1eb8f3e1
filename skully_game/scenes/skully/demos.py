"""Skully's screens for tools/render_scenes.py: the practice, the setup, a game's turns and shots, the warm-up.

Exported as DEMOS (scene name -> a function that drives a fresh App to the picture)."""

from __future__ import annotations

import math

import pygame

from skully_game.scenes.demokit import DATA, Demos, collect
from skully_game.shell.app import App
from skully_game.shell.scripted import drag, ev, key

DEMOS: Demos = {}
screen = collect(DEMOS)


def _practice(app: App):
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skully.practice import PracticeScene
    from skully_game.skully.caps import CapType

    app.stack.push(MenuScene(app))
    scene = PracticeScene(
        app,
        kinds=[
            CapType.CROWN,
            CapType.WAX,
            CapType.LEAD,
            CapType.GLIDE,
            CapType.VIAL,
            CapType.GLASS,
        ],
    )
    app.stack.push(scene)
    app.run_frames(2)
    return scene


@screen("practice")
def _practice_start(app: App) -> None:
    _practice(app)


@screen("practice-aim")
def _practice_aim(app: App) -> None:
    scene = _practice(app)
    cam = scene.table.camera
    at = cam.to_screen(scene.table.positions[0])
    drag(app, at, (at[0] - 90, at[1] + 70), release=False)
    app.run_frames(1)


def _shoot(app: App, scene, cap: int, target: tuple[float, float], power: float) -> None:
    table = scene.table
    x, y = table.positions[cap]
    angle = math.atan2(target[1] - y, target[0] - x)
    at = table.camera.to_screen((x, y))
    pull = power * 220
    drag(app, at, (at[0] - math.cos(angle) * pull, at[1] + math.sin(angle) * pull))


@screen("practice-shot")
def _practice_shot(app: App) -> None:
    scene = _practice(app)
    _shoot(app, scene, 3, scene.table.board.box_centre(1), 0.25)
    app.run_frames(20)


@screen("practice-after")
def _practice_after(app: App) -> None:
    scene = _practice(app)
    board = scene.table.board
    _shoot(app, scene, 0, board.box_centre(1), 0.12)
    app.run_frames(400)
    _shoot(app, scene, 2, board.centre, 0.55)
    app.run_frames(400)
    _shoot(app, scene, 4, board.box_centre(12), 0.35)
    app.run_frames(400)


@screen("practice-zoomed")
def _practice_zoomed(app: App) -> None:
    """Every kind of cap close up (40-60 px across), each player's colour and symbol."""
    from skully_game.shell.view import around

    scene = _practice(app)
    table = scene.table
    table.camera.show(around(table.positions, 0.05), snap=True)
    app.run_frames(2)


@screen("practice-far")
def _practice_far(app: App) -> None:
    scene = _practice(app)
    _shoot(app, scene, 5, (3.5, 3.0), 1.0)
    app.run_frames(90)


def _game(app: App, players: int = 3):
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skully.table import SkullyGameScene
    from skully_game.skully.caps import CapType
    from skully_game.skully.game_setup import GameSetup, Seat

    app.stack.push(MenuScene(app))
    names = ("Ace", "Bobby", "Carmen", "Dee", "Eddie", "Frankie")
    kinds = list(CapType)
    setup = GameSetup(seats=[Seat(names[i], i, kinds[i]) for i in range(players)], seed=7)
    scene = SkullyGameScene.new(app, setup)
    app.stack.push(scene)
    app.run_frames(2)
    return scene


def place_all(app: App, scene) -> None:
    """Every pending placement made at its suggested spot (Enter), as a player would."""
    for _ in range(20):
        if scene._placement() is None:
            return
        # the next person waits till the table takes their key (a double Enter's second
        # press puts nothing down): the table's time moved on, no frames drawn
        app.game_time = max(app.game_time, scene.turn_at + scene.turn_arm + 1e-6)
        app.dispatch(key(pygame.K_RETURN))
        app.run_frames(2)


@screen("skully-setup")
def _setup(app: App) -> None:
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skully.setup import SkullySetupScene

    app.stack.push(MenuScene(app))
    scene = SkullySetupScene(app)
    app.stack.push(scene)
    for _ in range(4):
        scene._add()
    # every kind of seat: slingshot hands, flick, the steady assist, computer players
    whos = (
        "slingshot:skilled",
        "flick",
        "slingshot:steady",
        "beginner",
        "street-legend",
        "regular",
    )
    for seat, who in zip(scene.setup.seats, whos, strict=True):
        seat.choose(who)
    scene._layout()
    app.run_frames(2)


@screen("skully-setup-first")
def _setup_first(app: App) -> None:
    """The very first New game: the gentle set-up, and the word that says so."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skully.setup import SkullySetupScene

    app.stack.push(MenuScene(app))
    app.stack.push(SkullySetupScene(app))
    app.run_frames(2)


@screen("skully-place-start")
def _place_start(app: App) -> None:
    _game(app)
    app.dispatch(key(pygame.K_RETURN))
    app.run_frames(30)


@screen("skully-turn")
def _turn(app: App) -> None:
    scene = _game(app)
    place_all(app, scene)
    app.run_frames(60)
    table = scene.table
    i = scene.state.to_play
    at = table.camera.to_screen(table.positions[i])
    drag(app, at, (at[0] - 60, at[1] + 60), release=False)
    app.run_frames(1)


@screen("skully-aim-sling")
def _aim_sling(app: App) -> None:
    """A beginner's slingshot with the distance guide on as a house rule: the cone and the band."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skully.table import SkullyGameScene
    from skully_game.skully.game_setup import GameSetup, Seat
    from skully_game.skully.hand import HandLevel

    app.stack.push(MenuScene(app))
    seats = [Seat("Ace", 0, hand=HandLevel.BEGINNER), Seat("Bobby", 1, kind="regular")]
    scene = SkullyGameScene.new(app, GameSetup(seats=seats, seed=7, distance_guide=True))
    app.stack.push(scene)
    place_all(app, scene)
    app.run_frames(60)
    table = scene.table
    at = table.camera.to_screen(table.positions[0])
    drag(app, at, (at[0] - 70, at[1] + 95), release=False)
    app.run_frames(1)


@screen("skully-aim-flick")
def _aim_flick(app: App) -> None:
    """Mid-flick: the pointer's path and the shot a release would make."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skully.table import SkullyGameScene
    from skully_game.skully.game_setup import GameSetup, Seat
    from skully_game.skully.hand import Input

    app.stack.push(MenuScene(app))
    seats = [Seat("Ace", 0, input=Input.FLICK), Seat("Bobby", 1)]
    scene = SkullyGameScene.new(app, GameSetup(seats=seats, seed=7))
    app.stack.push(scene)
    place_all(app, scene)
    app.run_frames(60)
    table = scene.table
    x, y = table.camera.to_screen(table.positions[0])
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=(round(x), round(y)), button=1, t=10.0))
    for k in range(1, 7):
        pos = (round(x + 9 * k), round(y - 11 * k))
        app.dispatch(
            ev(pygame.MOUSEMOTION, pos=pos, rel=(9, -11), buttons=(1, 0, 0), t=10 + k / 120)
        )
    app.run_frames(1)


@screen("skully-resumed")
def _resumed(app: App) -> None:
    """A game with a computer player, left after a few shots and resumed: its log told again."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skully.table import SkullyGameScene
    from skully_game.skully.game_setup import GameSetup, Seat

    app.stack.push(MenuScene(app))
    seats = [Seat("Ace", 0), Seat("Cy", 1, kind="skilled"), Seat("Dee", 2, kind="beginner")]
    scene = SkullyGameScene.new(app, GameSetup(seats=seats, seed=12))
    app.stack.push(scene)
    place_all(app, scene)
    board = scene.session.board
    for _ in range(2000):
        if scene.state.shots >= 5:
            break
        if scene.actor() == 0 and not scene.table.busy:
            if scene._placement() is not None:
                place_all(app, scene)
                continue
            _shoot(app, scene, 0, board.box_centre(1), 0.2)
        app.run_frames(1)
        if scene.thinking is not None:
            scene.thinking.result()
    for _ in range(600):
        if not scene.table.busy:
            break
        app.run_frames(1)
    scene.save()
    app.stack.pop()
    app.stack.push(SkullyGameScene.from_save(app, scene.path))
    app.run_frames(20)


@screen("skully-after-shots")
def _after_shots(app: App) -> None:
    scene = _game(app, 4)
    place_all(app, scene)
    board = scene.session.board
    for _ in range(6):
        i = scene.state.to_play
        table = scene.table
        _shoot(app, scene, i, board.box_centre(1), 0.16)
        for _ in range(600):
            if not table.busy:
                break
            app.run_frames(1)
        place_all(app, scene)
        app.run_frames(5)
    app.run_frames(60)


@screen("skully-whole-board")
def _whole_board(app: App) -> None:
    """F: the whole board in view, caps and numbers at their smallest."""
    scene = _game(app, 4)
    place_all(app, scene)
    board = scene.session.board
    for _ in range(4):
        i = scene.state.to_play
        _shoot(app, scene, i, board.box_centre(2), 0.5)
        for _ in range(900):
            if not scene.table.busy:
                break
            app.run_frames(1)
        for _ in range(6):  # a foul's victims leave their caps where they stopped
            if app.stack.top is scene:
                break
            app.dispatch(key(pygame.K_RETURN))
            app.run_frames(30)
        place_all(app, scene)
    app.dispatch(key(pygame.K_f))
    app.run_frames(240)


@screen("skully-whole-board-far")
def _whole_board_far(app: App) -> None:
    """F with a cap far out of town to the left: the board stays in the middle of the view, the
    out-of-town line on every side in sight, and every cap in."""
    from dataclasses import replace

    scene = _game(app, 3)
    place_all(app, scene)
    state = scene.session.state
    side = scene.session.board_spec.board_side
    players = list(state.players)
    players[1] = replace(players[1], pos=(-0.9 * side, 0.6 * side))
    scene.session.state = replace(state, players=tuple(players))
    scene._sync()
    app.dispatch(key(pygame.K_f))
    app.run_frames(240)


@screen("skully-game-over")
def _game_over(app: App) -> None:
    """The game-over screen over the finished table: Look at the board, Watch the replay,
    Play again, Back to menu."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skully.dialogs import GameOverScene
    from skully_game.scenes.skully.table import SkullyGameScene

    app.stack.push(MenuScene(app))
    scene = SkullyGameScene.from_save(app, DATA / "game-two-players-finished.json")
    app.stack.clear()  # (a table built over nothing put its game-over screen first)
    app.stack.push(MenuScene(app))
    app.stack.push(scene)
    app.stack.push(GameOverScene(app, scene))
    app.run_frames(5)


@screen("skully-bot-aims")
def _bot_aims(app: App) -> None:
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skully.table import SkullyGameScene
    from skully_game.skully.game_setup import GameSetup, Seat

    app.stack.push(MenuScene(app))
    setup = GameSetup(
        seats=[Seat("Cy", 0, kind="skilled"), Seat("Bo", 1, kind="street-legend")], seed=9
    )
    scene = SkullyGameScene.new(app, setup)
    app.stack.push(scene)
    for _ in range(3000):
        app.run_frames(1)
        if scene.thinking is not None:
            scene.thinking.result()
        if scene.sweep is not None and scene.sweep[1] > 0.6 and scene.state.shots >= 3:
            break


@screen("skully-keep-asks")
def _keep_asks(app: App) -> None:
    """Ruling 7's question about a cap hit to the bottom of the view, where it used to sit."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skully.table import KeepDialog, SkullyGameScene
    from skully_game.skully.game_setup import GameSetup, Seat
    from skully_game.skully.rules import Decision, DecisionKind

    app.stack.push(MenuScene(app))
    setup = GameSetup(seats=[Seat("Dee", 0), Seat("Bobby", 1)], seed=9)
    scene = SkullyGameScene.new(app, setup)
    app.stack.push(scene)
    place_all(app, scene)
    app.run_frames(60)
    frame = scene.table.camera.frame
    after = scene.table.camera.to_world((frame.centerx + 40, frame.bottom - 50))
    before = scene.table.camera.to_world((frame.centerx - 30, frame.bottom - 120))
    scene.table.positions[1] = after
    decision = Decision(DecisionKind.KEEP_OR_RESTORE, 1, before=before, after=after)
    app.stack.push(KeepDialog(app, scene, decision))
    app.run_frames(2)


@screen("skully-leave-asks")
def _leave_asks(app: App) -> None:
    """Save and leave clicked at a table with a computer player: the question first."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skully.table import SkullyGameScene
    from skully_game.shell.scripted import click
    from skully_game.skully.game_setup import GameSetup, Seat

    app.stack.push(MenuScene(app))
    setup = GameSetup(seats=[Seat("Ace", 0), Seat("Cy", 1, kind="skilled")], seed=9)
    scene = SkullyGameScene.new(app, setup)
    app.stack.push(scene)
    place_all(app, scene)
    app.run_frames(30)
    leave = next(w for w in scene.widgets.widgets if w.label == "Save and leave")
    click(app, leave.rect.center)
    app.run_frames(2)


def _warm_up(app: App, flicks: int, units: str = "metric"):
    """The warm-up from the practice, after `flicks` slingshot shots of rising power."""
    from skully_game.core.settings import Units
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skully.practice import PracticeScene

    app.update_settings(units=Units(units))
    app.stack.push(MenuScene(app))
    practice = PracticeScene(app, seed=4)
    app.stack.push(practice)
    practice.warm_up()
    scene = app.stack.top
    for k in range(flicks):
        table = scene.table
        x, y = table.positions[0]
        _shoot(app, scene, 0, (x + 0.3, y + 1.0), 0.25 + 0.08 * k)
        app.run_frames(700)
    app.run_frames(2)
    return scene


@screen("warm-up")
def _warm_up_start(app: App) -> None:
    _warm_up(app, 0)


@screen("warm-up-flicks")
def _warm_up_flicks(app: App) -> None:
    _warm_up(app, 4)


@screen("warm-up-feet")
def _warm_up_feet(app: App) -> None:
    """Seven flicks in feet and inches: the list full, the oldest gone."""
    _warm_up(app, 7, "imperial")


@screen("skully-setup-first-warm-up")
def _setup_first_warm_up(app: App) -> None:
    """The very first New game's Warm up first, opened: the setup's board, cap and hand."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skully.setup import SkullySetupScene

    app.stack.push(MenuScene(app))
    setup = SkullySetupScene(app)
    app.stack.push(setup)
    setup.warm_up()
    scene = app.stack.top
    x, y = scene.table.positions[0]
    _shoot(app, scene, 0, (x + 0.2, y + 1.0), 0.3)
    app.run_frames(700)


def _slide_to(app: App, scene, point: tuple[float, float]) -> None:
    """The player to play slides its cap straight to `point` with a steady hand, played out."""
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


@screen("skully-all-stuck")
def _all_stuck(app: App) -> None:
    """Both caps stuck in the skull: the rules free the next one to shoot from where it lies
    (the *everyone left is stuck* ruling), and the call-outs say so beside the caps' labels."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skully.table import SkullyGameScene
    from skully_game.skully.game_setup import GameSetup, Seat
    from skully_game.skully.geometry import Trapezoid
    from skully_game.skully.hand import HandLevel

    app.stack.push(MenuScene(app))
    seats = [Seat("Ace", 0, hand=HandLevel.STEADY), Seat("Bobby", 1, hand=HandLevel.STEADY)]
    scene = SkullyGameScene.new(app, GameSetup(seats=seats, seed=7))
    app.stack.push(scene)
    place_all(app, scene)
    app.run_frames(30)
    board = scene.session.board
    bx, by = board.trapezoid_centre(Trapezoid.BOTTOM)
    lx, ly = board.trapezoid_centre(Trapezoid.LEFT)
    _slide_to(app, scene, (bx + 0.08, by))
    place_all(app, scene)
    app.run_frames(30)
    _slide_to(app, scene, (lx, ly + 0.08))
    app.run_frames(20)


@screen("skully-setup-seat-list")
def _setup_seat_list(app: App) -> None:
    """A seat's type opened as a list by Enter, Up lighting the choice above: each kind
    explained beside the list."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skully.setup import SkullySetupScene
    from skully_game.shell.widgets import Dropdown

    app.stack.push(MenuScene(app))
    scene = SkullySetupScene(app)
    app.stack.push(scene)
    second = [w for w in scene.widgets.widgets if isinstance(w, Dropdown)][1]
    scene.widgets.focus = scene.widgets.widgets.index(second)
    app.dispatch(key(pygame.K_RETURN))
    app.dispatch(key(pygame.K_UP))
    app.run_frames(2)


@screen("skully-setup-seat-list-low")
def _setup_seat_list_low(app: App) -> None:
    """Six seats, the last one's list opened: it fits the window, scrolled if it must."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skully.setup import SkullySetupScene
    from skully_game.shell.widgets import Dropdown

    app.stack.push(MenuScene(app))
    scene = SkullySetupScene(app)
    app.stack.push(scene)
    for _ in range(4):
        scene._add()
    last = [w for w in scene.widgets.widgets if isinstance(w, Dropdown)][-1]
    scene.widgets.focus = scene.widgets.widgets.index(last)
    app.dispatch(key(pygame.K_RETURN))
    app.run_frames(2)


@screen("skully-take-back")
def _take_back(app: App) -> None:
    """One person against a computer, just after the person's shot: the panel offers Take back
    the shot (Ctrl+Z) while the computer waits."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skully.table import SkullyGameScene
    from skully_game.skully.game_setup import first_game_setup
    from skully_game.skully.physics import Flick

    app.stack.push(MenuScene(app))
    scene = SkullyGameScene.new(app, first_game_setup(5))
    app.stack.push(scene)
    for _ in range(200):
        if scene.state.can_shoot:
            break
        app.dispatch(key(pygame.K_RETURN))
        app.run_frames(2)
    scene._flick(Flick(0, 0.8, 2.2))
    for _ in range(2000):
        if not scene.table.busy:
            break
        app.run_frames(1)
    app.run_frames(3)


@screen("skully-far-goal")
def _far_goal(app: App) -> None:
    """Ace in 1 going for 2 across the board: the view looks ahead from the cap, and an arrow
    at the frame's edge points to the goal out of sight, saying how far."""
    _resumed(app)
    scene = app.stack.top
    place_all(app, scene)
    app.run_frames(60)


@screen("skully-far-goal-aim")
def _far_goal_aim(app: App) -> None:
    """The same far turn, mid-pull: the ghost beyond the edge says how far the shot slides."""
    _far_goal(app)
    scene = app.stack.top
    table = scene.table
    at = table.camera.to_screen(table.positions[0])
    drag(app, at, (at[0] - 95, at[1] + 95), release=False)
    app.run_frames(1)


@screen("skully-aim-band")
def _aim_band(app: App) -> None:
    """A regular hand's slingshot mid-pull: the ghost sits in a faint band where about two
    thirds of this hand's shots would stop."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skully.table import SkullyGameScene
    from skully_game.skully.game_setup import GameSetup, Seat
    from skully_game.skully.hand import HandLevel

    app.stack.push(MenuScene(app))
    seats = [Seat("Ace", 0, hand=HandLevel.REGULAR), Seat("Bobby", 1, kind="regular")]
    scene = SkullyGameScene.new(app, GameSetup(seats=seats, seed=7))
    app.stack.push(scene)
    place_all(app, scene)
    app.run_frames(60)
    table = scene.table
    at = table.camera.to_screen(table.positions[0])
    drag(app, at, (at[0] - 60, at[1] + 80), release=False)
    app.run_frames(1)


@screen("skully-aim-touch")
def _aim_touch(app: App) -> None:
    """While learning, after Ace's first 3 shots: the ghost has stepped back (said once in the
    banner) and the aim shows only where Ace's cap would first meet Bobby's."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skully.table import SkullyGameScene
    from skully_game.skully.game_setup import GameSetup, Seat
    from skully_game.skully.guide import LEARNING_SHOTS
    from skully_game.skully.hand import HandLevel
    from skully_game.skully.rules import shot_setup

    app.stack.push(MenuScene(app))
    seats = [Seat("Ace", 0, hand=HandLevel.STEADY), Seat("Bobby", 1, hand=HandLevel.STEADY)]
    scene = SkullyGameScene.new(app, GameSetup(seats=seats, seed=7))
    app.stack.push(scene)
    place_all(app, scene)
    for _ in range(2 * LEARNING_SHOTS):  # each a centimetre away from the board: a miss
        scene._flick(shot_setup(scene.state, scene.session.options).flick(math.radians(225), 0.3))
        for _ in range(600):
            if not scene.table.busy:
                break
            app.run_frames(1)
    app.run_frames(400)  # the last shots' call-outs fade
    table = scene.table
    at, bo = table.positions[0], table.positions[1]
    x, y = table.camera.to_screen(at)
    away = math.atan2(bo[1] - at[1], bo[0] - at[0]) + math.pi  # pull away from Bobby: aim at him
    drag(app, (x, y), (x + 90 * math.cos(away), y - 90 * math.sin(away)), release=False)
    app.run_frames(1)
