"""Skully's screens of a shot's feel, for tools/render_scenes.py: the gauge's mark of the last
shot, a person's shot read back, Play the computer's warm-up offer, two caps left touching
by a point-blank hit drawn apart, and a shot's effects caught mid-shot (a moving cap's tail, a
hit's dust) and just after (the glow of the box the shooter came to rest in), and a pull held
past the window's edge.

Exported as DEMOS (scene name -> a function that drives a fresh App to the picture)."""

from __future__ import annotations

import math

import pygame

from skully_game.scenes.demokit import Demos, collect
from skully_game.scenes.skully.demos import _shoot, place_all
from skully_game.shell.app import App
from skully_game.shell.scripted import drag, key

DEMOS: Demos = {}
screen = collect(DEMOS)


def _after_ace_shot(app: App):
    """Ace (a regular slingshot hand) shoots short of 1 against Bobby, a beginner computer."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skully.table import SkullyGameScene
    from skully_game.skully.game_setup import GameSetup, Seat
    from skully_game.skully.hand import HandLevel

    app.stack.push(MenuScene(app))
    seats = [Seat("Ace", 0, hand=HandLevel.REGULAR), Seat("Bobby", 1, kind="beginner")]
    scene = SkullyGameScene.new(app, GameSetup(seats=seats, seed=7))
    app.stack.push(scene)
    place_all(app, scene)
    app.run_frames(60)
    _shoot(app, scene, 0, scene.session.board.box_centre(1), 0.3)
    for _ in range(900):
        app.run_frames(1)
        if not scene.table.busy:
            break
    return scene


@screen("skully-read-back")
def _read_back(app: App) -> None:
    """Just after Ace's shot: why it missed, and under it how fast and far it went."""
    _after_ace_shot(app)
    app.run_frames(2)


@screen("skully-aim-last")
def _aim_last(app: App) -> None:
    """Ace's next turn, mid-pull: the gauge marks the power of Ace's last shot ("last")."""
    scene = _after_ace_shot(app)
    for _ in range(6000):  # Bobby's turn, played out
        if scene.actor() == 0 and not scene.table.busy and scene._placement() is None:
            break
        if scene._placement() is not None and scene._placement().player == 0:
            place_all(app, scene)
        app.run_frames(1)
        if scene.thinking is not None:
            scene.thinking.result()
    app.run_frames(300)
    table = scene.table
    at = table.camera.to_screen(table.positions[0])
    from skully_game.skully.rules import target as goal_of

    box = goal_of(scene.state.players[0]).boxes[0]
    target = table.camera.to_screen(scene.session.board.box_centre(box))
    angle = math.atan2(target[1] - at[1], target[0] - at[0])
    drag(app, at, (at[0] - 120 * math.cos(angle), at[1] - 120 * math.sin(angle)), release=False)
    app.run_frames(1)


@screen("play-the-computer-offer")
def _play_the_computer_offer(app: App) -> None:
    """Play the computer, for a player who never warmed up: asked once, W or Enter."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skully.setup import play_the_computer

    app.stack.push(MenuScene(app))
    app.run_frames(2)
    play_the_computer(app)
    app.run_frames(2)


@screen("play-the-computer-warm-up")
def _play_the_computer_warm_up(app: App) -> None:
    """W at the offer: the warm-up over the game, on its board with the person's cap and hand."""
    _play_the_computer_offer(app)
    app.dispatch(key(pygame.K_w))
    app.run_frames(2)


def _skull_game(app: App, offset: tuple[float, float]):
    """Ace going for 5 at `offset` (metres) from Bobby, stuck in the skull's 8."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skully.table import SkullyGameScene
    from skully_game.skully.rules.scenario import play, scenario_from_dict
    from skully_game.skully.session import Seat, Session

    app.stack.push(MenuScene(app))
    scenario = scenario_from_dict(
        {
            "format": "skully-scenario",
            "version": 1,
            "board": "classic",
            "players": [
                {
                    "name": "Ace",
                    "going_for": "5 forwards",
                    "at": {"region": "trap:8", "offset": list(offset)},
                },
                {"name": "Bobby", "going_for": "7 forwards", "at": "trap:8", "stuck": True},
            ],
            "shooter": "Ace",
        },
        "demo",
    )
    seats = tuple(Seat(p.name, p.cap, i) for i, p in enumerate(scenario.state.players))
    session = Session(scenario.board.spec, scenario.options, seats, 5)
    session.state = play(scenario)[0]
    scene = SkullyGameScene(app, session)
    app.stack.push(scene)
    app.run_frames(30)
    return scene


@screen("skully-point-blank")
def _point_blank(app: App) -> None:
    """Ace's point-blank hit on Bobby, stuck in the skull's 8: the two caps come to rest a few
    centimetres apart, drawn apart at the table's scale (each drawn larger than it is)."""
    from skully_game.skully.physics import Flick

    scene = _skull_game(app, (-0.0325, -0.004))
    scene._flick(Flick(0, 0.12, 0.35))
    for _ in range(900):
        app.run_frames(1)
        if not scene.table.busy:
            break
    app.run_frames(30)


def _hit_from_afar(app: App):
    """Ace flicks hard from 30 cm at Bobby (stuck in the skull's 8): a hit that knocks Bobby on."""
    from skully_game.skully.physics import Flick

    scene = _skull_game(app, (-0.3, -0.01))
    scene._flick(Flick(0, 0.0, 3.0))
    return scene


@screen("skully-mid-shot")
def _mid_shot(app: App) -> None:
    """A few hundredths of a second after Ace's cap hits Bobby's: both caps moving, each with
    its short fading tail, and the hit's chalk dust flying."""
    scene = _hit_from_afar(app)
    table = scene.table
    shot = table.shot
    assert shot is not None and shot.contacts
    for _ in range(900):
        if table.shot_time >= shot.contacts[0].time + 0.1:
            break
        app.run_frames(1)


@screen("skully-box-glow")
def _box_glow(app: App) -> None:
    """Just after a shot: Ace's cap came to rest in 5, which glows in Ace's colour."""
    from skully_game.skully.physics import Flick

    scene = _skull_game(app, (-0.0325, -0.004))
    board = scene.session.board
    at = scene.table.positions[0]
    goal = board.box_centre(5)
    angle = math.atan2(goal[1] - at[1], goal[0] - at[0])
    speed = math.sqrt(2 * 0.45 * 9.81 * math.dist(at, goal))
    scene._flick(Flick(0, angle, speed))
    for _ in range(900):
        app.run_frames(1)
        if not scene.table.busy:
            break
    app.run_frames(6)


@screen("skully-aim-hit-line")
def _aim_hit_line(app: App) -> None:
    """Ace (a steady hand, the flick guide on) pulls to shoot at Bobby 30 cm away, a little
    to its left: the guide's path stops where the caps would touch, and two short lines show
    where the hit sends Bobby's cap and where Ace's goes on."""
    scene = _skull_game(app, (-0.3, -0.01))
    table = scene.table
    at, bo = table.positions[0], table.positions[1]
    x, y = table.camera.to_screen(at)
    aim = math.atan2(bo[1] - at[1], bo[0] - at[0]) + 0.05  # a cut: Bobby goes off to the right
    away = aim + math.pi
    drag(app, (x, y), (x + 110 * math.cos(away), y - 110 * math.sin(away)), release=False)
    app.run_frames(1)


@screen("skully-pull-past-edge")
def _pull_past_edge(app: App) -> None:
    """Ace's cap 30 px from the window's left edge, pulled back a long way left, past the edge:
    the pull goes on in the mouse's own motion (relative mode) and the board stays where it
    was; the drawn pointer lies beyond the window."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skully.table import SkullyGameScene
    from skully_game.skully.game_setup import GameSetup, Seat
    from skully_game.skully.hand import HandLevel

    app.stack.push(MenuScene(app))
    seats = [Seat("Ace", 0, hand=HandLevel.STREET_LEGEND), Seat("Bobby", 1, kind="beginner")]
    scene = SkullyGameScene.new(app, GameSetup(seats=seats, seed=7, board="sidewalk"))
    app.stack.push(scene)
    place_all(app, scene)
    app.run_frames(60)
    table, cam = scene.table, scene.table.camera
    x, y = cam.to_screen(table.positions[0])
    cam.centre = (cam.centre[0] + (x - 30 - cam.viewport.x) / cam.scale, cam.centre[1])
    cam.target = (cam.centre, cam.scale)
    table.manual_view = True
    x, y = cam.to_screen(table.positions[0])
    at = (round(x), round(y))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    for _ in range(8):  # the hand goes on left; the pointer's place stops at the edge
        app.dispatch(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(0, at[1]), rel=(-16, 4), buttons=(1, 0, 0))
        )
    app.run_frames(1)


def _until_still(app: App, scene) -> None:
    for _ in range(900):
        app.run_frames(1)
        if not scene.table.busy:
            break


@screen("skully-near-miss")
def _near_miss(app: App) -> None:
    """Ace's cap passes 13 mm above Bobby's without touching it: the gap marked where they
    passed, "Missed Bobby by 1 cm", and the two caps at that moment magnified beside it."""
    from skully_game.skully.physics import Flick

    scene = _skull_game(app, (-0.3, 0.045))
    scene._flick(Flick(0, 0.0, 3.0))
    _until_still(app, scene)
    app.run_frames(20)


@screen("skully-hit-mark")
def _hit_mark(app: App) -> None:
    """Ace's hard hit on Bobby, the moment the caps rest (before the view glides to Ace's
    placement): a star where the two caps touched."""
    scene = _hit_from_afar(app)
    _until_still(app, scene)


@screen("skully-turn-arming")
def _turn_arming(app: App) -> None:
    """Two people at one desk: Bobby's turn has just been shown after Ace's shot, and Bobby
    pressed Space too soon. The ring round Bobby's cap is filling (a press is taken once it
    is whole) and flashes for the press it did not take."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skully.table import SkullyGameScene
    from skully_game.skully.game_setup import GameSetup, Seat

    app.stack.push(MenuScene(app))
    scene = SkullyGameScene.new(app, GameSetup(seats=[Seat("Ace", 0), Seat("Bobby", 1)], seed=7))
    app.stack.push(scene)
    place_all(app, scene)
    app.run_frames(60)
    _shoot(app, scene, 0, scene.session.board.box_centre(1), 0.12)
    _until_still(app, scene)
    app.run_frames(24)
    app.dispatch(key(pygame.K_SPACE))
    app.run_frames(4)


@screen("skully-cheer-skull")
def _cheer_skull(app: App) -> None:
    """Ace's soft shot leaves the cap in the skull: stuck, and the moment is marked at the cap
    (a flash, a ring of light opening out, chalk dust), a tenth of a second in."""
    from skully_game.skully.physics import Flick

    scene = _skull_game(app, (0.04, 0.12))
    scene._flick(Flick(0, math.pi / 2, 0.6))
    _until_still(app, scene)
    app.run_frames(6)
