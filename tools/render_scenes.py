"""Render every scene to PNGs, headless, with scripted input: `python tools/render_scenes.py [DIR]
[NAME ...] [--size WxH] [--list]` (both 1280x800 and 1024x640 unless --size names one).

Each picture is a scene driven as a player would drive it (clicks, drags, keys), so what is saved
is what a person sees. Default output: out/screens/.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SKULLY_CONFIG_DIR", tempfile.mkdtemp(prefix="skully-cfg-"))
os.environ.setdefault("SKULLY_DATA_DIR", tempfile.mkdtemp(prefix="skully-data-"))

import pygame

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from skully_game.core.settings import Settings
from skully_game.shell.app import App
from skully_game.shell.scripted import drag, ev, key

SCREENS: dict[str, Callable[[App], None]] = {}


def screen(name: str) -> Callable[[Callable[[App], None]], Callable[[App], None]]:
    def wrap(fn: Callable[[App], None]) -> Callable[[App], None]:
        SCREENS[name] = fn
        return fn

    return wrap


@screen("menu")
def _menu(app: App) -> None:
    from skully_game.scenes.menu import MenuScene

    app.stack.push(MenuScene(app))
    app.run_frames(3)


@screen("menu-resume")
def _menu_resume(app: App) -> None:
    """The menu at its longest: an unfinished game adds "Resume game"."""
    import shutil

    from skully_game.scenes.menu import MenuScene
    from skully_game.skully.saves import games_dir

    games_dir().mkdir(parents=True, exist_ok=True)
    shutil.copy(DATA / "game-four-players-unfinished.json", games_dir())
    app.stack.push(MenuScene(app))
    app.run_frames(3)


def _crash(app: App, deep: bool) -> None:
    """A game that fails in its update: the crash screen, and where its report is."""
    scene = _game(app, 2)
    if deep:  # a long data folder: the report's path wraps, and past three lines is cut
        folder = Path(os.environ["SKULLY_DATA_DIR"]) / ("a-long-folder-name-" * 4) / ("x" * 70)
        os.environ["SKULLY_DATA_DIR"] = str(folder)

    def broken(dt: float) -> None:
        raise RuntimeError("a fault for the picture")

    scene.update = broken  # type: ignore[method-assign]
    app.catch_crashes = True
    app.run_frames(1)
    if deep:
        os.environ["SKULLY_DATA_DIR"] = str(folder.parent.parent)
    assert type(app.stack.top).__name__ == "CrashScreen"
    app.run_frames(60)  # the button wakes


@screen("crash")
def _crash_screen(app: App) -> None:
    _crash(app, deep=False)


@screen("crash-long-path")
def _crash_long_path(app: App) -> None:
    _crash(app, deep=True)


@screen("loading")
def _loading(app: App) -> None:
    """A long record being read: the moving bar, the seconds so far, Cancel."""
    import threading

    from skully_game.scenes.menu import MenuScene
    from skully_game.shell.loading import LoadingScene

    app.stack.push(MenuScene(app))
    never = threading.Event()  # the reading never ends in the picture
    name = "2026-11-26T073215_0000-00011-a-very-long-game-of-twelve-thousand-shots.json"
    app.stack.push(LoadingScene(app, "Opening the replay", never.wait, print, detail=name))
    app.run_frames(100)


@screen("settings")
def _settings(app: App) -> None:
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.settings import SettingsScene

    app.stack.push(MenuScene(app))
    app.stack.push(SettingsScene(app))
    app.dispatch(key(pygame.K_DOWN))
    app.run_frames(3)


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
    from skully_game.shell.scripted import ev
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


DATA = Path(__file__).resolve().parent.parent / "tests" / "data"


@screen("replay-game")
def _replay_game(app: App) -> None:
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.replay.viewer import ReplayScene
    from skully_game.skully.replay_check import load_record

    app.stack.push(MenuScene(app))
    scene = ReplayScene(
        app, load_record(DATA / "game-four-players-unfinished.json"), "four players"
    )
    app.stack.push(scene)
    scene.show(7)
    app.run_frames(40)


@screen("replay-shot-end")
def _replay_shot(app: App) -> None:
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.replay.viewer import ReplayScene
    from skully_game.skully.replay_check import load_record

    app.stack.push(MenuScene(app))
    scene = ReplayScene(app, load_record(DATA / "shot-break.json"), "break")
    app.stack.push(scene)
    app.run_frames(400)


@screen("try-again")
def _try_again(app: App) -> None:
    _replay_shot(app)
    app.dispatch(key(pygame.K_RETURN))
    app.run_frames(5)


@screen("replays-list")
def _replays(app: App) -> None:
    import shutil

    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.replay.viewer import ReplaysScene
    from skully_game.skully.saves import games_dir

    games_dir().mkdir(parents=True, exist_ok=True)
    for p in DATA.glob("game-*.json"):
        shutil.copy(p, games_dir() / p.name)
    app.stack.push(MenuScene(app))
    app.stack.push(ReplaysScene(app))
    app.run_frames(2)


@screen("replays-empty")
def _replays_empty(app: App) -> None:
    """No Skully game saved yet: the list says so, and where the table games keep theirs."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.replay.viewer import ReplaysScene

    app.stack.push(MenuScene(app))
    app.stack.push(ReplaysScene(app))
    app.run_frames(2)


LONG_SHOT = "Carmen's impossible bank off the skull into box nine while Dee watched on"


def _long_named_shot(app: App):
    from skully_game.scenes.replay.viewer import ReplayScene
    from skully_game.skully.replay_check import load_record

    return ReplayScene(app, load_record(DATA / "shot-break.json"), "break").save_to_library(
        LONG_SHOT
    )


@screen("replays-shot-library")
def _replays_shots(app: App) -> None:
    """The shot library's tab selected, a long name in it."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.replay.viewer import ReplaysScene

    _long_named_shot(app)
    app.stack.push(MenuScene(app))
    scene = ReplaysScene(app)
    app.stack.push(scene)
    scene._tab("shots")
    app.run_frames(2)


@screen("replay-long-name")
def _replay_long_name(app: App) -> None:
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.replay.viewer import ReplayScene

    path = _long_named_shot(app)
    app.stack.push(MenuScene(app))
    app.stack.push(ReplayScene.open(app, path))
    app.run_frames(400)


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


def _skull_king(app: App, kinds: list[str], seed: int = 5, **options: object):
    from cards.skull_king import SkullKingOptions
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skull_king.table import Match, SkullKingTable, TableSeat

    app.stack.push(MenuScene(app))
    names = ["You", "Anne", "Calico", "Mary", "Edward", "Grace", "Ching", "Henry"]
    settings = {"pirate_powers": True, "advanced_cards": True, **options}
    match = Match(
        SkullKingOptions(players=len(kinds), **settings),  # type: ignore[arg-type]
        seed,
        [TableSeat(names[i], k) for i, k in enumerate(kinds)],
    )
    table = SkullKingTable(app, match)
    app.stack.push(table)
    table.settle()
    return table


def _sk_until(table, done, pick=0) -> None:
    """Computer players act, the person takes choice `pick`, until done(state)."""
    for _ in range(3000):
        table.run_bots_now()
        if done(table.state) or table.state.is_terminal():
            return
        legal = table.state.legal_actions()
        table.act(legal[pick if pick >= 0 else len(legal) + pick])
    table.settle()


@screen("skull-king-setup")
def _sk_setup(app: App) -> None:
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skull_king.setup import SkullKingSetup

    app.stack.push(MenuScene(app))
    app.stack.push(SkullKingSetup(app))
    app.run_frames(2)


@screen("skull-king-rules")
def _sk_rules(app: App) -> None:
    from skully_game.scenes.skull_king.rules import SkullKingRules

    app.stack.push(SkullKingRules(app))
    app.run_frames(2)


@screen("skull-king-bid")
def _sk_bid(app: App) -> None:
    table = _skull_king(app, ["human", "heuristic", "strong", "random"])
    _sk_until(table, lambda s: s.round_index >= 3)
    table.run_bots_now()
    app.run_frames(2)


@screen("skull-king-play")
def _sk_play(app: App) -> None:
    from skully_game.shell.scripted import ev

    table = _skull_king(app, ["human", "heuristic", "strong", "random"])
    _sk_until(table, lambda s: s.round_index >= 4, pick=-1)
    _sk_until(
        table, lambda s: s.phase.value == "play" and bool(s.trick) and s.current_player() == 0
    )
    app.run_frames(2)
    _, rect, _ = table.hand_layout()[0]
    app.dispatch(ev(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(1)


@screen("skull-king-eight")
def _sk_eight(app: App) -> None:
    table = _skull_king(app, ["human"] + ["heuristic"] * 7)
    _sk_until(table, lambda s: s.round_index >= 2 and s.phase.value == "play" and bool(s.trick))
    app.run_frames(2)


@screen("skull-king-greybeard")
def _sk_greybeard(app: App) -> None:
    table = _skull_king(app, ["human", "heuristic"], seed=9)
    _sk_until(table, lambda s: s.round_index >= 3 and s.phase.value == "play" and bool(s.trick))
    app.run_frames(2)


@screen("skull-king-pass")
def _sk_pass(app: App) -> None:
    table = _skull_king(app, ["human", "human"])
    table.reveal()
    table.act(table.state.legal_actions()[1])
    app.run_frames(2)


@screen("skull-king-pass-armed")
def _sk_pass_armed(app: App) -> None:
    """The pass screen once its delay is over: its named button takes a click."""
    table = _skull_king(app, ["human", "human"])
    table.reveal()
    table.act(table.state.legal_actions()[1])
    app.run_frames(40)


@screen("skull-king-trick-taken")
def _sk_taken(app: App) -> None:
    """The last trick of round 2 on show, before round 3's deal and bids."""
    table = _skull_king(app, ["human", "heuristic", "heuristic", "heuristic"])
    _sk_until(
        table,
        lambda s: s.round_index == 1 and len(s.tricks) == 1 and s.current_player() == 0,
    )
    table.act(table.state.legal_actions()[0])
    for _ in range(400):
        app.run_frames(1)
        if table.shown is not None:
            break
    app.run_frames(2)


@screen("skull-king-last-trick")
def _sk_last_trick(app: App) -> None:
    """The person looks back at the last trick (a tap of L) while the next one is under way."""
    table = _skull_king(app, ["human", "heuristic", "strong", "random"])
    _sk_until(table, lambda s: s.round_index >= 3 and len(s.tricks) >= 1 and bool(s.trick))
    _sk_until(table, lambda s: s.current_player() == 0 and s.phase.value == "play")
    app.run_frames(2)
    app.dispatch(key(pygame.K_l))
    app.dispatch(ev(pygame.KEYUP, key=pygame.K_l, mod=0))
    app.run_frames(2)


@screen("skull-king-last-trick-tip")
def _sk_last_trick_tip(app: App) -> None:
    """The pointer rests on the Last trick button: its tooltip over the table, clear of the panel."""
    table = _skull_king(app, ["human", "heuristic", "strong", "random"])
    _sk_until(table, lambda s: s.round_index >= 1 and s.current_player() == 0)
    app.run_frames(2)
    at = table.peek_button().move(-30, 0).midright
    app.dispatch(ev(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)


@screen("skull-king-last-trick-eight")
def _sk_last_trick_eight(app: App) -> None:
    """Eight seats: the last trick's eight cards side by side, over the whole table."""
    table = _skull_king(app, ["human"] + ["heuristic"] * 7)
    _sk_until(table, lambda s: s.round_index >= 2 and len(s.tricks) >= 1 and bool(s.trick))
    _sk_until(table, lambda s: s.current_player() == 0 and s.phase.value == "play")
    app.run_frames(2)
    app.dispatch(key(pygame.K_l))
    app.dispatch(ev(pygame.KEYUP, key=pygame.K_l, mod=0))
    app.run_frames(2)


@screen("skull-king-full-hand")
def _sk_full_hand(app: App) -> None:
    """Ten cards fanned, specials among them: every card shows its corner index."""
    from cards.skull_king import RoundPlan

    table = _skull_king(
        app, ["human", "heuristic", "strong"], seed=7, round_plan=RoundPlan.BROADSIDE
    )
    _sk_until(table, lambda s: s.phase.value == "play" and s.current_player() == 0)
    app.run_frames(2)


@screen("skull-king-summary")
def _sk_summary(app: App) -> None:
    """Round 3's summary, as it comes up after its last trick."""
    table = _skull_king(app, ["human", "heuristic", "strong", "random"])
    _sk_until(
        table,
        lambda s: s.round_index == 2 and len(s.tricks) == 2 and s.current_player() == 0,
    )
    table.act(table.state.legal_actions()[0])
    for _ in range(2000):
        app.run_frames(1)
        if table.summary is not None:
            break
    app.run_frames(2)


@screen("skull-king-sheet")
def _sk_sheet(app: App) -> None:
    table = _skull_king(app, ["human", "heuristic", "heuristic"])
    _sk_until(table, lambda s: s.round_index >= 6)
    app.dispatch(key(pygame.K_TAB))
    app.run_frames(2)


@screen("skull-king-game-over")
def _sk_over(app: App) -> None:
    from cards.skull_king import RoundPlan

    table = _skull_king(app, ["human", "heuristic", "strong"], round_plan=RoundPlan.WHIRLPOOL)
    _sk_until(table, lambda s: False)
    table.settle()
    app.run_frames(2)


@screen("skull-king-replay")
def _sk_replay(app: App) -> None:
    from cards.skull_king import RoundPlan
    from skully_game.scenes.skull_king.table import Match, SkullKingReplay

    table = _skull_king(app, ["human", "heuristic", "strong"], round_plan=RoundPlan.WHIRLPOOL)
    _sk_until(table, lambda s: False)
    replay = SkullKingReplay(app, Match.load(table.match.path))
    app.stack.push(replay)
    for _ in range(40):
        app.dispatch(key(pygame.K_RIGHT))
    app.run_frames(2)


def _skull(app: App, kinds: list[str], seed: int = 5, **options: object):
    from cards.skull import SkullOptions
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skull.table import Match, SkullTable, TableSeat

    app.stack.push(MenuScene(app))
    names = ["You", "Anne", "Calico", "Mary", "Edward", "Grace", "Ching", "Henry"]
    decks = 1 if len(kinds) <= 4 else 3
    settings = {"decks": decks, **options}
    match = Match(
        SkullOptions(players=len(kinds), **settings),  # type: ignore[arg-type]
        seed,
        [TableSeat(names[i], k) for i, k in enumerate(kinds)],
    )
    table = SkullTable(app, match)
    app.stack.push(table)
    table.settle()
    return table


def _skull_until(table, done, choose=None) -> None:
    """Computer players act, the person takes `choose(legal)` (the first action), until done."""
    for _ in range(3000):
        table.run_bots_now()
        if done(table.state) or table.state.is_terminal():
            return
        legal = table.state.legal_actions()
        table.act(choose(legal) if choose else legal[0])
    table.settle()


def _skull_bids_high(legal: list[str]) -> str:
    """Place cards while there are some, then bid as much as allowed: a reveal follows."""
    bids = [a for a in legal if a.startswith("BID:")]
    if any(a.startswith("PLACE:") for a in legal) and len(bids) < 6:
        return next(a for a in legal if a.startswith("PLACE:"))
    return bids[-1] if bids else legal[0]


@screen("skull-setup")
def _skull_setup(app: App) -> None:
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skull.setup import SkullSetup

    app.stack.push(MenuScene(app))
    app.stack.push(SkullSetup(app))
    app.run_frames(2)


@screen("skull-rules")
def _skull_rules(app: App) -> None:
    from skully_game.scenes.skull.rules import SkullRules

    app.stack.push(SkullRules(app))
    app.run_frames(2)


@screen("skull-place")
def _skull_place(app: App) -> None:
    """The person places a second card: stacks in front of every seat, the bid buttons."""
    table = _skull(app, ["human", "random", "random", "random"])
    _skull_until(table, lambda s: s.phase.value == "place" and s.current_player() == 0)
    app.run_frames(2)


@screen("skull-bid")
def _skull_bid(app: App) -> None:
    table = _skull(app, ["human", "random", "random", "random"], seed=7)
    _skull_until(table, lambda s: s.phase.value == "bid" and s.current_player() == 0)
    app.run_frames(2)


@screen("skull-reveal")
def _skull_reveal(app: App) -> None:
    """The person is the Challenger, part way through: own stack turned, others to pick."""
    table = _skull(app, ["human", "random", "random", "random"], seed=3)
    _skull_until(
        table,
        lambda s: (
            s.phase.value == "reveal"
            and s.challenger == 0
            and s.flipped[0] == len(s.stacks[0])
            and s.current_player() == 0
        ),
        _skull_bids_high,
    )
    app.run_frames(2)


@screen("skull-turning")
def _skull_turning(app: App) -> None:
    """A card half way through being turned over."""
    table = _skull(app, ["human", "random", "random", "random"], seed=3)
    _skull_until(
        table,
        lambda s: s.phase.value == "reveal" and s.current_player() == 0,
        _skull_bids_high,
    )
    table.act(table.state.legal_actions()[0])
    app.run_frames(14)


@screen("skull-draw")
def _skull_draw(app: App) -> None:
    """A Skull's owner (the person) draws one of the beaten Challenger's cards."""
    table = _skull(app, ["human", "random", "random", "random"], seed=11)
    _skull_until(table, lambda s: s.phase.value == "draw" and s.current_player() == 0)
    app.run_frames(2)


@screen("skull-summary")
def _skull_summary(app: App) -> None:
    """A round's summary, as it comes up after the person's last turned card."""
    table = _skull(app, ["human", "random", "random", "random"], seed=3)
    _skull_until(
        table,
        lambda s: s.phase.value == "reveal" and s.current_player() == 0,
        _skull_bids_high,
    )
    rounds = len(table.state.rounds)
    while len(table.state.rounds) == rounds:
        table.act(table.state.legal_actions()[0])
    for _ in range(4000):
        app.run_frames(1)
        if table.summary is not None:
            break
    app.run_frames(2)


@screen("skull-stack-tip")
def _skull_stack_tip(app: App) -> None:
    """The pointer on another seat's stack: its count in words."""
    from skully_game.shell.scripted import ev

    table = _skull(app, ["human", "random", "random", "random"], seed=7)
    _skull_until(table, lambda s: s.phase.value == "bid" and s.current_player() == 0)
    spot = next(p for p in table.spot_layout() if p.spot.seat == 1)
    at = spot.stack_rect().center
    app.dispatch(ev(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)


@screen("skull-hint")
def _skull_hint(app: App) -> None:
    """The pointer on a card of one's hand while the bid buttons show: the card's words and
    why it cannot be played now, clear of one's own stack (four cards down)."""
    from skully_game.shell.scripted import ev

    table = _skull(app, ["human", "random", "random", "random"], seed=7)

    def place(legal: list[str]) -> str:
        return next((a for a in legal if a.startswith("PLACE:")), legal[0])

    _skull_until(table, lambda s: s.phase.value == "bid" and s.current_player() == 0, place)
    _, rect, _ = table.hand_layout()[0]
    app.dispatch(ev(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)


@screen("skull-eight")
def _skull_eight(app: App) -> None:
    table = _skull(app, ["human"] + ["random"] * 7, seed=4)
    _skull_until(table, lambda s: s.phase.value == "reveal" and s.current_player() == 0,
                 _skull_bids_high)  # fmt: skip
    app.run_frames(2)


@screen("skull-many-bids")
def _skull_many_bids(app: App) -> None:
    """Eight seats, most cards down: the bids wrap into rows above the hand."""
    table = _skull(app, ["human"] + ["random"] * 7, seed=2)
    while table.state.on_table() < 17 or table.state.current_player() != 0:
        table.act(next(a for a in table.state.legal_actions() if a.startswith("PLACE:")))
    table.settle()
    app.run_frames(2)


@screen("skull-pass")
def _skull_pass(app: App) -> None:
    table = _skull(app, ["human", "human", "random"])
    table.reveal()
    table.act(table.state.legal_actions()[0])
    app.run_frames(2)


@screen("skull-reveal-shared")
def _skull_reveal_shared(app: App) -> None:
    """Two people at one desk: a reveal all watch shows no hand."""
    table = _skull(app, ["human", "human", "random"], seed=3)
    _skull_until(table, lambda s: s.phase.value == "reveal", _skull_bids_high)
    table.settle()
    app.run_frames(2)


def _skull_drawn(app: App) -> Any:
    """Three people: the Skull's owner has just drawn a beaten Challenger's card."""
    table = _skull(app, ["human", "human", "human"], seed=0)
    _skull_until(table, lambda s: s.phase.value == "draw")
    table.settle()
    spot = next(p for p in table.choosable_spots())
    from skully_game.shell.scripted import click

    click(app, spot.stack_rect().center)
    for _ in range(400):
        app.run_frames(1)
        if table.passing is not None:
            break
    return table


@screen("skull-peek-pass")
def _skull_peek_pass(app: App) -> None:
    """The pass screen before the drawer alone looks at the card drawn."""
    _skull_drawn(app)
    app.run_frames(40)


@screen("skull-peek")
def _skull_peek(app: App) -> None:
    """The drawer alone looks at the card drawn, then says Done."""
    table = _skull_drawn(app)
    table.reveal()
    app.run_frames(2)


@screen("skull-sheet")
def _skull_sheet(app: App) -> None:
    table = _skull(app, ["human", "random", "random"], seed=2)
    _skull_until(table, lambda s: len(s.rounds) >= 4)
    table.settle()
    app.dispatch(key(pygame.K_TAB))
    app.run_frames(2)


@screen("skull-game-over")
def _skull_over(app: App) -> None:
    table = _skull(app, ["human", "random", "random"], seed=2)
    _skull_until(table, lambda s: False, _skull_bids_high)
    table.settle()
    app.run_frames(2)


@screen("resume-list")
def _resume_list(app: App) -> None:
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.resume import ResumeScene

    for kinds in (["human", "heuristic"], ["human", "human", "random"]):
        table = _skull_king(app, kinds)
        table.run_bots_now()
        table.match.save()
        app.stack.clear()
    app.stack.push(MenuScene(app))
    app.stack.push(ResumeScene(app))
    app.run_frames(2)


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


def _tuner(app: App, samples: int = 50):
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.tuner.scene import TunerScene

    app.stack.push(MenuScene(app))
    scene = TunerScene(app)
    scene._set_samples(samples)
    scene._layout()
    app.stack.push(scene)
    scene.worker.wait(120)
    app.run_frames(120)  # the view eases out to take in the first step's heat map
    return scene


@screen("tuner")
def _tuner_done(app: App) -> None:
    from skully_game.shell.scripted import ev

    scene = _tuner(app)
    bars = scene.chart.bar_rects()
    app.dispatch(ev(pygame.MOUSEMOTION, pos=bars[7].center, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)


@screen("tuner-far-shots")
def _tuner_far(app: App) -> None:
    """A step whose first shots stop far beyond the board (10 backwards -> 9): all in view."""
    scene = _tuner(app)
    scene.select(16)
    app.run_frames(120)


@screen("tuner-drag-handle")
def _tuner_drag(app: App) -> None:
    from skully_game.skully.tuner_model import handles

    scene = _tuner(app, samples=20)
    box = next(h for h in handles(scene.spec) if h.field == "box_side")
    start = scene.camera.to_screen(box.at)
    drag(app, start, (start[0] + 20, start[1] - 20), release=False)
    app.run_frames(2)


@screen("tuner-invalid-edit")
def _tuner_invalid(app: App) -> None:
    from skully_game.shell.scripted import click

    scene = _tuner(app, samples=20)
    entry = scene.entries["box_side"]
    click(app, entry.rect.center)
    for _ in range(4):
        app.dispatch(key(pygame.K_BACKSPACE))
    app.dispatch(ev_text("90"))
    app.dispatch(key(pygame.K_RETURN))
    app.run_frames(2)


def ev_text(text: str):
    from skully_game.shell.scripted import ev

    return ev(pygame.TEXTINPUT, text=text)


def _skip_bo(app: App, kinds: list[str], seed: int = 5, **options: object):
    from cards.skip_bo import SkipBoOptions
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skip_bo.table import Match, SkipBoTable, TableSeat

    app.stack.push(MenuScene(app))
    names = ["You", "Anne", "Calico", "Mary", "Edward", "Grace"]
    match = Match(
        SkipBoOptions(players=len(kinds), **options),  # type: ignore[arg-type]
        seed,
        [TableSeat(names[i], k) for i, k in enumerate(kinds)],
    )
    table = SkipBoTable(app, match)
    app.stack.push(table)
    table.settle()
    return table


def _skip_bo_builds(legal: list[str]) -> str:
    """A person who builds what they can (the stock first), then discards."""
    for prefix in ("S", "D", "H"):
        for action in legal:
            if action.startswith(prefix) and ">B" in action:
                return action
    return legal[-1]


def _skip_bo_until(table, done, choose=_skip_bo_builds) -> None:
    """Computer players act, the person takes `choose(legal)`, until `done(state)`."""
    for _ in range(5000):
        table.run_bots_now()
        if done(table.state) or table.state.is_terminal():
            break
        table.act(choose(table.state.legal_actions()))
    table.settle()


def _skip_bo_turn(app: App, kinds: list[str], turns: int, seed: int = 5, **options: object):
    """The person's turn after `turns` turns, before they play."""
    table = _skip_bo(app, kinds, seed, **options)
    _skip_bo_until(
        table, lambda s: s.turn_count > turns and s.current_player() == 0 and s.played == 0
    )
    return table


@screen("skip-bo-setup")
def _skip_bo_setup(app: App) -> None:
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skip_bo.setup import SkipBoSetup

    app.stack.push(MenuScene(app))
    app.stack.push(SkipBoSetup(app))
    app.run_frames(2)


@screen("skip-bo-rules")
def _skip_bo_rules(app: App) -> None:
    from skully_game.scenes.skip_bo.rules import SkipBoRules

    app.stack.push(SkipBoRules(app))
    app.run_frames(2)


@screen("skip-bo-turn")
def _skip_bo_turn_screen(app: App) -> None:
    """Four players, well into the game: the person's turn, cards to move lit."""
    _skip_bo_turn(app, ["human", "build-first", "build-first", "build-first"], 12)
    app.run_frames(2)


@screen("skip-bo-held")
def _skip_bo_held(app: App) -> None:
    """A card picked up with the keys: the places that take it lit, one chosen."""
    table = _skip_bo_turn(app, ["human", "build-first", "build-first", "build-first"], 12)
    app.dispatch(key(pygame.K_RIGHT))
    app.dispatch(key(pygame.K_RETURN))
    app.dispatch(key(pygame.K_RIGHT))
    app.run_frames(2)
    assert table.picked is not None


@screen("skip-bo-drag")
def _skip_bo_drag(app: App) -> None:
    """A hand card dragged half way to the middle."""
    from skully_game.shell.scripted import ev

    table = _skip_bo_turn(app, ["human", "build-first", "build-first", "build-first"], 12)
    _, rect, _ = table.hand_layout()[0]
    mid = table.geometry().builds[1].center
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    app.dispatch(ev(pygame.MOUSEMOTION, pos=mid, rel=(0, 0), buttons=(1, 0, 0)))
    app.run_frames(2)


@screen("skip-bo-two")
def _skip_bo_two(app: App) -> None:
    _skip_bo_turn(app, ["human", "build-first"], 20, seed=9, stock=40)
    app.run_frames(2)


@screen("skip-bo-six")
def _skip_bo_six(app: App) -> None:
    _skip_bo_turn(app, ["human", *["build-first"] * 5], 16, seed=3)
    app.run_frames(2)


def _skip_bo_wild_turn(app: App):
    """The person's turn with a SKIP-BO card in hand that builds."""
    table = _skip_bo(app, ["human", "build-first", "build-first"], 5, stock=10)
    _skip_bo_until(
        table,
        lambda s: s.current_player() == 0 and any(a.startswith("HW>B") for a in s.legal_actions()),
        lambda legal: next(a for a in legal if ">D" in a),
    )
    return table


@screen("skip-bo-wild-drag")
def _skip_bo_wild_drag(app: App) -> None:
    """A SKIP-BO card dragged over a building pile: drawn as the number it will become."""
    from skully_game.shell.scripted import ev

    table = _skip_bo_wild_turn(app)
    pile = next(t for t in table.targets("HW") if t.startswith("B"))
    start, end = table.place_rect("HW").center, table.target_rect(pile).center
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.dispatch(ev(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    app.run_frames(2)


@screen("skip-bo-wild-tip")
def _skip_bo_wild_tip(app: App) -> None:
    """The pointer resting on a SKIP-BO card of the hand: what the wild does."""
    from skully_game.shell.scripted import ev

    table = _skip_bo_wild_turn(app)
    at = table.place_rect("HW").center
    app.dispatch(ev(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)


@screen("skip-bo-pile-tip")
def _skip_bo_pile_tip(app: App) -> None:
    """The pointer resting on another player's discard pile: what it is for."""
    from skully_game.shell.scripted import ev

    table = _skip_bo_turn(app, ["human", "build-first", "build-first", "build-first"], 12)
    at = table.geometry().mats[2].piles[1].center
    app.dispatch(ev(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)


@screen("skip-bo-hint")
def _skip_bo_hint(app: App) -> None:
    """Hint asked for: the card and the pile it goes to lit, the reason under the piles."""
    table = _skip_bo_turn(app, ["human", "build-first", "build-first", "build-first"], 12)
    table.ask_hint()
    for _ in range(400):
        app.run_frames(1)
        if table.hinted is not None:
            break
    app.run_frames(2)


@screen("skip-bo-closing")
def _skip_bo_closing(app: App) -> None:
    """A card just played from the hand: the others half way through closing up."""
    from skully_game.shell.scripted import ev

    table = _skip_bo_turn(app, ["human", "build-first", "build-first", "build-first"], 12)
    laid = table.hand_layout()
    code, rect, _ = laid[len(laid) // 2]
    target = table.targets(f"H{code}")[0]
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    app.dispatch(ev(pygame.MOUSEMOTION, pos=table.target_rect(target).center, rel=(0, 0),
                    buttons=(1, 0, 0)))  # fmt: skip
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=table.target_rect(target).center, button=1))
    table.hand_layout()  # (the slide sets off as the hand is next laid out)
    table.update(0.05)


@screen("skip-bo-partners")
def _skip_bo_partners(app: App) -> None:
    """Six players in three pairs, 1980 rules: the partner's stock and discards playable, marked."""
    _skip_bo_turn(
        app, ["human", *["build-first"] * 5], 16, seed=4, partners=True, edition_1980=True
    )
    app.run_frames(2)


@screen("skip-bo-summary")
def _skip_bo_summary(app: App) -> None:
    """A match: the first game's summary, with the points and the totals, over the table as
    that game ended (the next deal waits for "Next game")."""
    table = _skip_bo(app, ["human", "build-first", "build-first"], seed=2, stock=10, match_to=500)
    for _ in range(5000):  # every seat steps, so the play stops on the game's last card
        table.settle()
        seat = table._to_act()
        if seat in table.humans:
            table.act(_skip_bo_builds(table.state.legal_actions()))
        else:
            table.act(table.bots[seat](table.state, seat)())
        if table.state.games:
            break
    for _ in range(1000):  # the happenings, as the table shows them, up to the summary
        table.flights.clear()
        if table.summary is not None or not table.pending:
            break
        table._next_happening()
    table.flights.clear()
    table._layout()
    app.run_frames(2)


@screen("skip-bo-sheet")
def _skip_bo_sheet(app: App) -> None:
    table = _skip_bo(app, ["human", "build-first", "build-first"], seed=2, stock=10, match_to=250)
    _skip_bo_until(table, lambda s: len(s.games) >= 3)
    app.dispatch(key(pygame.K_TAB))
    app.run_frames(2)


@screen("skip-bo-sheet-first")
def _skip_bo_sheet_first(app: App) -> None:
    """The sheet of a single game in pairs before it ends: nothing scored yet, and wins counted."""
    _skip_bo(app, ["human", "build-first", "build-first", "build-first"], seed=2, partners=True)
    app.dispatch(key(pygame.K_TAB))
    app.run_frames(2)


@screen("skip-bo-game-over")
def _skip_bo_over(app: App) -> None:
    table = _skip_bo(app, ["human", "build-first", "build-first", "build-first"], seed=8, stock=10)
    _skip_bo_until(table, lambda s: False)
    app.run_frames(2)


@screen("skip-bo-setup-two")
def _skip_bo_setup_two(app: App) -> None:
    """Two seats: Partners cannot apply and says why; the pointer on it shows its tooltip
    under the options, clear of every row."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skip_bo.setup import SkipBoSetup
    from skully_game.shell.scripted import ev

    app.stack.push(MenuScene(app))
    setup = SkipBoSetup(app)
    app.stack.push(setup)
    while len(setup.seats) > 2:
        [w for w in setup.widgets.widgets if w.label == "x"][-1].on_click()
    row = next(w for w in setup.widgets.widgets if w.label.startswith("Partners"))
    app.dispatch(ev(pygame.MOUSEMOTION, pos=row.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(40)


@screen("skip-bo-keys")
def _skip_bo_keys(app: App) -> None:
    """Space chose the first card that builds and picked it up: the line under the piles
    says, in words, where Enter puts it."""
    table = _skip_bo_turn(app, ["human", "build-first", "build-first"], 6, seed=7)
    app.dispatch(key(pygame.K_SPACE))
    app.dispatch(key(pygame.K_SPACE))
    app.run_frames(2)
    assert table.picked is not None and not table.card_menu


@screen("skip-bo-gap")
def _skip_bo_gap(app: App) -> None:
    """A card played from the hand leaves its place empty; the others stay put."""
    table = _skip_bo_turn(app, ["human", "build-first"], 4, seed=11)
    builds = [a for a in table.state.legal_actions() if a.startswith("H") and ">B" in a]
    if builds:
        table.act(builds[0])
        table.settle()
    app.run_frames(2)


@screen("skip-bo-computer")
def _skip_bo_computer(app: App) -> None:
    """Bea and Anne (people), Calico (computer): Calico's card has just landed, lit, before
    the next move; Anne's hand is off the table meanwhile."""
    import time

    from cards.skip_bo import SkipBoOptions
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skip_bo.table import Match, Move, SkipBoTable, TableSeat

    app.stack.push(MenuScene(app))
    seats = [TableSeat("Bea"), TableSeat("Anne"), TableSeat("Calico", "build-first")]
    table = SkipBoTable(app, Match(SkipBoOptions(players=3, stock=10), 4, seats))
    app.stack.push(table)
    _skip_bo_until(table, lambda s: s.turn_count >= 7 and s.current_player() == 1)
    table.reveal()
    table.act(next(a for a in table.state.legal_actions() if ">D" in a))
    table.settle()
    for _ in range(2000):  # Calico's first card, landed and lit
        table.update(0.02)
        moves = [f for f in table.flights if isinstance(f, Move) and f.lingers and f.landed]
        if moves:
            break
        time.sleep(0.001)
    table.draw(app.screen, 0.0)
    app.draw(0.0)


@screen("skip-bo-replay")
def _skip_bo_replay(app: App) -> None:
    """You against computers, replayed with Anne's hand shown: the log still says "You"."""
    from skully_game.scenes.skip_bo.table import Match, SkipBoReplay

    table = _skip_bo(app, ["human", "build-first", "build-first"], seed=2, stock=10)
    _skip_bo_until(table, lambda s: s.turn_count > 9)
    replay = SkipBoReplay(app, Match.load(table.match.path))
    app.stack.push(replay)
    app.dispatch(key(pygame.K_END))
    app.dispatch(key(pygame.K_2))
    app.run_frames(2)


def _skirrid(
    app: App, kinds: list[str], seed: int = 5, names: list[str] | None = None, **options: object
):
    from cards.skirrid import SkirridOptions
    from skully_game.scenes.cardtable.match import Match, TableSeat
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skirrid.adapter import GAME
    from skully_game.scenes.skirrid.table import SkirridTable

    app.stack.push(MenuScene(app))
    names = names or ["You", "Anne", "Calico", "Mary", "Edward", "Grace"]
    match = Match(
        GAME,
        SkirridOptions(players=len(kinds), **options),  # type: ignore[arg-type]
        seed,
        [TableSeat(names[i], k) for i, k in enumerate(kinds)],
    )
    table = SkirridTable(app, match)
    app.stack.push(table)
    return table


def _skirrid_until(table, moves: int) -> None:
    """Computer players act, the person places greedily, until `moves` actions are made."""
    import random

    from cards.skirrid import make_bot

    person = make_bot("greedy", random.Random(1))
    for _ in range(500):
        table.run_bots_now()
        state = table.state
        if state.is_terminal() or len(state.history()) >= moves:
            break
        table.act(person.act(state.observation(state.turn), state.legal_actions()))
    table.run_bots_now()


def _skirrid_hold(app: App, table, piece: str, orient: int = 0) -> None:
    """The person holds `piece` over its best square, as the mouse would."""
    from skully_game.shell.scripted import click

    slot = next(rect for p, rect, _ in table.tray_slots() if p == piece)
    click(app, slot.center)
    for _ in range(orient):
        app.dispatch(key(pygame.K_r))
    hints = sorted(table.hints())
    if hints:
        lay = table.lay()
        r, c = hints[len(hints) // 2]
        pos = (
            lay.board.x + c * lay.cell + lay.cell // 2,
            lay.board.y + r * lay.cell + lay.cell // 2,
        )
        app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)


@screen("skirrid-setup")
def _skirrid_setup(app: App) -> None:
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skirrid.setup import SkirridSetup

    app.stack.push(MenuScene(app))
    app.stack.push(SkirridSetup(app))
    app.run_frames(2)


@screen("skirrid-rules")
def _skirrid_rules(app: App) -> None:
    from skully_game.scenes.skirrid.rules import SkirridRules

    app.stack.push(SkirridRules(app))
    app.run_frames(2)


@screen("skirrid-first")
def _skirrid_first(app: App) -> None:
    """A new two-player game: the person holds a Door over the centre."""
    table = _skirrid(app, ["human", "strong"])
    app.run_frames(2)
    _skirrid_hold(app, table, "Door")


@screen("skirrid-held")
def _skirrid_held(app: App) -> None:
    """Mid-game: a marked Gun held where it fits, its score beside it."""
    table = _skirrid(app, ["human", "strong"])
    _skirrid_until(table, 14)
    _skirrid_hold(app, table, "Gun3" if table.state.left[0]["Gun3"] else "Gun", 1)


@screen("skirrid-refused")
def _skirrid_refused(app: App) -> None:
    """A shape held where it may not go: the reason under the tray."""
    table = _skirrid(app, ["human", "greedy"])
    _skirrid_until(table, 6)
    _skirrid_hold(app, table, "Snake")
    lay = table.lay()
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=(lay.board.x + lay.cell,
                 lay.board.y + lay.cell), rel=(0, 0), buttons=(0, 0, 0)))  # fmt: skip
    app.run_frames(2)


@screen("skirrid-block")
def _skirrid_block(app: App) -> None:
    """A block held (turned over, hatched) and the computer's block binding the person."""
    table = _skirrid(app, ["human", "strong"], seed=3)
    _skirrid_until(table, 20)
    piece = next(iter(sorted(table.state.left[0])))
    _skirrid_hold(app, table, piece)
    app.dispatch(key(pygame.K_f))
    app.run_frames(2)


@screen("skirrid-six")
def _skirrid_six(app: App) -> None:
    table = _skirrid(app, ["human", "greedy", "strong", "greedy", "random", "strong"], seed=4)
    _skirrid_until(table, 15)
    app.run_frames(2)


@screen("skirrid-pairs-dice")
def _skirrid_pairs(app: App) -> None:
    table = _skirrid(app, ["human", "greedy", "human", "strong"], seed=2, pairs=True, dice=True)
    _skirrid_until(table, 10)
    app.run_frames(2)


@screen("skirrid-game-over")
def _skirrid_over(app: App) -> None:
    table = _skirrid(app, ["human", "strong"], seed=6)
    _skirrid_until(table, 999)
    app.run_frames(2)


@screen("skirrid-pairs-over")
def _skirrid_pairs_over(app: App) -> None:
    """Pairs at the end, one pair with a long name: both sides' lines stay readable."""
    names = ["You", "WWWWWWWWWWWW", "Anne", "Calico"]
    table = _skirrid(app, ["human", "strong", "greedy", "strong"], seed=2, names=names, pairs=True)
    _skirrid_until(table, 999)
    app.run_frames(2)


@screen("skirrid-replay")
def _skirrid_replay(app: App) -> None:
    table = _skirrid(app, ["human", "strong"], seed=6)
    _skirrid_until(table, 999)
    table.replay()
    replay = app.stack.top
    replay.goto(17)  # type: ignore[union-attr]
    app.run_frames(2)


def _skirrid_point(app: App, table, square: tuple[int, int]) -> None:
    """The pointer rests on a board square."""
    lay = table.lay()
    pos = (lay.board.x + square[1] * lay.cell + lay.cell // 2,
           lay.board.y + square[0] * lay.cell + lay.cell // 2)  # fmt: skip
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)


@screen("skirrid-mark-tip")
def _skirrid_mark_tip(app: App) -> None:
    """Nothing held; the pointer on a placed shape's ×3 mark: its numbers on chips, the tip."""
    table = _skirrid(app, ["human", "strong"])
    _skirrid_until(table, 14)
    n = table.state.geo.board.size
    places = table.state.geo.placements
    marked = [places[pid].mark for _, piece, pid, _ in table.state.placed if piece.endswith("3")]
    _skirrid_point(app, table, divmod(marked[-1], n))


@screen("skirrid-block-tip")
def _skirrid_block_tip(app: App) -> None:
    """The pointer on a block that binds the person now: whom it binds, in words."""
    table = _skirrid(app, ["human", "strong"], seed=3)
    _skirrid_until(table, 32)
    state = table.state
    pid = next(iter(state.active_blocks(state.turn)), (0, -1, 0))[1]
    if pid < 0:  # no block binds now: the last block placed
        pid = next(p for _, _, p, _ in reversed(state.placed) if state.geo.placements[p].block)
    _skirrid_point(app, table, divmod(state.geo.placements[pid].squares[0], state.geo.board.size))


@screen("skirrid-tray-tip")
def _skirrid_tray_tip(app: App) -> None:
    """The pointer on a marked Door in the tray: what it is and what its 3 does."""
    table = _skirrid(app, ["human", "strong"])
    _skirrid_until(table, 6)
    slot = next(rect for p, rect, _ in table.tray_slots() if p == "Door3")
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=slot.center, rel=(0, 0),
                                    buttons=(0, 0, 0)))  # fmt: skip
    app.run_frames(2)


@screen("skirrid-numbers")
def _skirrid_numbers(app: App) -> None:
    """N pressed mid-game: the numbers under every placed shape on chips; the seats towards 75."""
    table = _skirrid(app, ["human", "strong", "greedy"], seed=8)
    _skirrid_until(table, 18)
    app.dispatch(key(pygame.K_n))
    app.run_frames(2)


def _skirrid_hinted(app: App, table) -> None:
    """H pressed and the hint waited for: lit on the board and in the tray, said in the panel."""
    app.dispatch(key(pygame.K_h))
    job = table._hinting
    if job is not None:
        job[1].result(timeout=60)
    app.run_frames(2)


@screen("skirrid-hint")
def _skirrid_hint(app: App) -> None:
    """Mid-game, nothing held: the hint's placement ringed in gold, its shape ringed in the
    tray, its one line why in the panel."""
    table = _skirrid(app, ["human", "strong"])
    _skirrid_until(table, 14)
    _skirrid_hinted(app, table)


@screen("skirrid-hint-picked")
def _skirrid_hint_picked(app: App) -> None:
    """The hinted shape picked from the tray by a click: it lies where the hint is lit."""
    from skully_game.shell.scripted import click

    table = _skirrid(app, ["human", "strong", "greedy"], seed=8)
    _skirrid_until(table, 18)
    _skirrid_hinted(app, table)
    moved = table.hinted_move()
    if moved is not None:
        click(app, next(rect for p, rect, _ in table.tray_slots() if p == moved[0]).center)
    app.run_frames(2)


@screen("tuner-out-of-town")
def _tuner_town(app: App) -> None:
    scene = _tuner(app, samples=20)
    app.dispatch(key(pygame.K_v))
    scene.select(27)
    scene.worker.wait(60)
    app.run_frames(120)


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


def key_event(k: int):
    return key(k)


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
    app.run_frames(10)


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
    app.run_frames(10)


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


# --- card galleries: every face of a game at the sizes its table draws them -----------------

Row = tuple[str, list[pygame.Surface], int]  # a label, the faces, the step between them (0: apart)


def _gallery(app: App, title: str, rows: list[Row]) -> None:
    """A page of faces on the table's felt, row by row, each row labelled with what it shows."""
    from skully_game.shell import theme
    from skully_game.shell.scene import Scene

    class Gallery(Scene):
        def draw(self, surface: pygame.Surface, alpha: float) -> None:
            surface.fill((22, 72, 48))
            w = surface.get_width()
            theme.text(surface, title, (12, 8), 26, theme.ACCENT, bold=True)
            y = 40
            for label, faces, step in rows:
                theme.text(surface, label, (12, y), 16, theme.TEXT_DIM)
                y += 18
                x, tallest = 12, 0
                for img in faces:
                    width = step or img.get_width() + 6
                    if x + img.get_width() > w - 8:
                        x, y = 12, y + tallest + 6
                        tallest = 0
                    surface.blit(img, (x, y))
                    x += width
                    tallest = max(tallest, img.get_height())
                y += tallest + 8

    app.stack.push(Gallery(app))
    app.run_frames(1)


def _sk_codes() -> tuple[list[str], list[str]]:
    from skully_game.scenes.skull_king.carddraw import SPECIALS

    return [f"{s}{r}" for s in "GYPB" for r in range(1, 15)], list(SPECIALS)


@screen("card-gallery-skull-king")
def _gallery_sk(app: App) -> None:
    """The special cards and the back at the hand's size, the trick's, the glance's."""
    from skully_game.scenes.skull_king.carddraw import card_back, card_face

    _, specials = _sk_codes()
    rows: list[Row] = []
    for scale, where in ((1.0, "in the hand"), (0.62, "in the trick"), (0.4, "in a glance")):
        faces = [card_face(c, scale) for c in specials] + [card_back(scale)]
        rows.append((f"special cards and the back, {where} ({scale:.0%})", faces, 0))
    _gallery(app, "Skull King: special cards", rows)


@screen("card-gallery-skull-king-suits")
def _gallery_sk_suits(app: App) -> None:
    """Every number card of each suit at the hand's size, fanned as a hand shows them."""
    from skully_game.scenes.skull_king.carddraw import SUIT_WORDS, card_face

    numbers, _ = _sk_codes()
    rows: list[Row] = []
    for k, suit in enumerate("GYPB"):
        faces = [card_face(c, 1.0) for c in numbers[k * 14 : (k + 1) * 14]]
        rows.append((f"{SUIT_WORDS[suit]} 1-14, in the hand (100%)", faces, 54))
    _gallery(app, "Skull King: the four suits", rows)


@screen("card-gallery-skull-king-small")
def _gallery_sk_small(app: App) -> None:
    from skully_game.scenes.skull_king.carddraw import card_face

    numbers, _ = _sk_codes()
    rows: list[Row] = [
        ("number cards in the trick (62%)", [card_face(c, 0.62) for c in numbers], 0)
    ]
    rows.append(("and in a glance, one dimmed (40%)",
                 [card_face(c, 0.4, dim=i == 3) for i, c in enumerate(numbers[::3])], 0))  # fmt: skip
    _gallery(app, "Skull King: number cards, small", rows)


@screen("card-gallery-skull")
def _gallery_skull(app: App) -> None:
    """A deck's every face at the hand's size, fanned as a hand shows them."""
    from cards.skull.cards import RANKS
    from skully_game.scenes.skull.carddraw import card_face

    rows: list[Row] = []
    for suit, name in zip("SHDC", ("spades", "hearts", "diamonds", "clubs"), strict=True):
        faces = [card_face(r + suit, 1.0) for r in RANKS]
        rows.append((f"{name}, ace to king (the King is the Skull), in the hand (100%)", faces, 60))
    _gallery(app, "Skull: a deck", rows)


@screen("card-gallery-skull-small")
def _gallery_skull_small(app: App) -> None:
    """Win Markers face up, the Skull and the back at the sizes of stacks and marks."""
    from skully_game.scenes.cardtable.carddraw import card_back
    from skully_game.scenes.skull.carddraw import card_face

    marks = ["KS", "KH", "QD", "JC", "10H", "AS", "7D"]
    rows: list[Row] = []
    for scale, where in ((0.55, "on the table"), (0.48, "on a table of six"), (0.34, "as a mark")):
        faces = [card_face(c, scale, marker=True) for c in marks]
        faces += [card_face("KS", scale), card_face("KD", scale), card_face("9C", scale)]
        faces += [card_back(scale)]
        rows.append(
            (f"Win Markers, Skulls, a Flower and the back, {where} ({scale:.0%})", faces, 0)
        )
    rows.append(("a seat's count of cards (25%) and a dimmed card in the hand",
                 [card_back(0.25), card_face("5S", 1.0, dim=True)], 0))  # fmt: skip
    _gallery(app, "Skull: markers, Skulls and backs", rows)


@screen("card-gallery-skip-bo")
def _gallery_skip_bo(app: App) -> None:
    """Every card at the hand's size, the wild standing for each number on a building pile."""
    from skully_game.scenes.skip_bo.carddraw import card_image, pile_base, wild_as

    codes = [str(n) for n in range(1, 13)] + ["W"]
    rows: list[Row] = [("1-12 and the SKIP-BO wild, in the hand (100%)",
                        [card_image(c, 1.0) for c in codes], 74)]  # fmt: skip
    rows.append(("a wild on a building pile, standing for 1-12 (90%)",
                 [wild_as(n, 0.9) for n in range(1, 13)], 60))  # fmt: skip
    rows.append(("empty places (72%)", [pile_base(0.72, t) for t in ("1", "2", "empty")], 0))
    _gallery(app, "Skip-Bo: the cards", rows)


@screen("card-gallery-skip-bo-small")
def _gallery_skip_bo_small(app: App) -> None:
    from skully_game.scenes.cardtable.carddraw import card_back
    from skully_game.scenes.skip_bo.carddraw import card_image

    codes = [str(n) for n in range(1, 13)] + ["W"]
    rows: list[Row] = []
    for scale, where in ((0.72, "your stock and piles"), (0.62, "yours, small window"),
                         (0.55, "the others'"), (0.42, "the others', six seats")):  # fmt: skip
        faces = [card_image(c, scale) for c in codes] + [card_back(scale)]
        rows.append((f"{where} ({scale:.0%})", faces, 0))
    _gallery(app, "Skip-Bo: the smaller sizes", rows)


@screen("card-gallery-skirrid")
def _gallery_skirrid(app: App) -> None:
    """Every shape as the board shows it (plain, marked 2 and 3, turned over) and in a tray."""
    from cards.skirrid.board import orientations, standard_board, standard_shapes
    from skully_game.scenes.skirrid.boarddraw import board_surface, seat_colour, shape_cells

    board = standard_board()

    def row(cell: int, seat: int, kind: str) -> list[pygame.Surface]:
        out = []
        for shape in standard_shapes():
            o = orientations(shape)[4 if kind == "block" and len(orientations(shape)) > 4 else 0]
            if kind == "block":
                o = next(x for x in orientations(shape) if x.block)
            cols = max(c for _, c in o.squares) + 1
            rows_ = max(r for r, _ in o.squares) + 1
            ground = board_surface(board, cell)
            img = ground.subsurface((cell, cell, (cols + 2) * cell, (rows_ + 2) * cell)).copy()
            mark = (o.mark, 2 if kind == "x2" else 3) if kind in ("x2", "x3") and o.mark else None
            shape_cells(img, (cell, cell), cell, o.squares, seat_colour(seat),
                        mark=mark, block=o.block)  # fmt: skip
            out.append(img)
        return out

    rows: list[Row] = []
    for cell, seat, kind, where in ((32, 0, "plain", "on the board"), (32, 1, "x2", "marked 2"),
                                    (32, 2, "x3", "marked 3"), (32, 4, "block", "turned over")):  # fmt: skip
        rows.append((f"{where} ({cell}-pixel squares)", row(cell, seat, kind), 0))
    tray = row(15, 0, "plain") + row(15, 3, "x3") + row(15, 5, "block")
    rows.append(("in a tray (15-pixel squares): plain, marked 3, turned over", tray, 0))
    _gallery(app, "Skirrid: the shapes", rows)


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


from tools.render_online import ONLINE_SCREENS  # noqa: E402

SCREENS.update(ONLINE_SCREENS)  # the online pages (tools/render_online.py)


SIZES = ((1280, 800), (1024, 640))


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


def _size(text: str) -> tuple[int, int]:
    """A window size as WxH (argparse's type: a bad one is a one-line usage error)."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r}: expected WIDTHxHEIGHT, e.g. 1024x640"
        ) from None
    if w < 320 or h < 200:
        raise argparse.ArgumentTypeError(f"{text!r}: expected at least 320x200")
    return w, h


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


def _sk_to_reveal(app: App, players: int):
    """A table where the person's bid is the last: it is made, and the reveal starts."""
    table = _skull_king(app, ["human"] + ["heuristic"] * (players - 1), seed=4)
    _sk_until(table, lambda s: s.round_index >= 2 and s.phase.value == "bid")
    table.run_bots_now()
    while table.state.phase.value == "bid":
        seat = table.state.current_player()
        action = table.state.legal_actions()[1] if seat == 0 else None
        table.act(action or table.bots[seat](table.state, seat)())
    for _ in range(200):
        app.run_frames(1)
        if table.bid_reveal is not None:
            break
    return table


@screen("skull-king-bids-revealed")
def _sk_bids_revealed(app: App) -> None:
    """Yo-ho-ho! Every bid at once, large, in front of its seat."""
    _sk_to_reveal(app, 5)
    app.run_frames(10)


@screen("skull-king-bids-revealed-eight")
def _sk_bids_revealed_eight(app: App) -> None:
    """Yo-ho-ho! with eight seats: every bid in front of its seat."""
    _sk_to_reveal(app, 8)
    app.run_frames(10)


@screen("skull-king-bids-kept")
def _sk_bids_kept(app: App) -> None:
    """After the reveal, each bid stays beside its seat while the tricks are played."""
    table = _sk_to_reveal(app, 5)
    table.settle()
    _sk_until(table, lambda s: len(s.tricks) >= 1 and bool(s.trick))
    app.run_frames(2)


@screen("skull-king-bids-kept-eight")
def _sk_bids_kept_eight(app: App) -> None:
    """Eight seats: each bid beside its seat, clear of every box and trick slot."""
    table = _sk_to_reveal(app, 8)
    table.settle()
    _sk_until(table, lambda s: len(s.tricks) >= 1 and len(s.trick) >= 5)
    app.run_frames(2)


@screen("replays-many")
def _replays_many(app: App) -> None:
    """Forty saved shots: the list's second page, Newer and Older along the bottom."""
    import json as _json

    from skully_game.core import saves_index
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.replay.viewer import ReplaysScene
    from skully_game.skully.saves import shots_dir

    shots_dir().mkdir(parents=True, exist_ok=True)
    for i in range(40):
        shot = {"format": "skully-shot", "version": 1, "name": f"Break number {i}", "caps": [{}]}
        (shots_dir() / f"2026-{i:02d}.json").write_text(_json.dumps(shot))
    app.stack.push(MenuScene(app))
    scene = ReplaysScene(app)
    app.stack.push(scene)
    scene._tab("shots")
    saves_index.wait_for_refresh(60)
    app.run_frames(2)
    older = [w for w in scene.widgets.widgets if w.label == "Older"]
    if older:
        older[0].on_click()
    app.run_frames(2)


@screen("resume-looking")
def _resume_looking(app: App) -> None:
    """Resume opened while new saves are still being read: what is read so far, and a line."""
    import shutil

    from skully_game.core import saves_index
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.resume import ResumeScene
    from skully_game.skully.saves import games_dir

    games_dir().mkdir(parents=True, exist_ok=True)
    for i in range(90):
        shutil.copy(DATA / "game-four-players-unfinished.json", games_dir() / f"2026-{i:02d}.json")
    app.stack.push(MenuScene(app))  # reads a few; the rest wait for the background
    scene = ResumeScene(app)
    scene.listed_at = saves_index.generation() - 1  # drawn as it stood: not filled in yet
    app.stack.push(scene)
    app.draw(0.5)


def main(argv: list[str] | None = None) -> int:
    """Every scene (or the named ones) at each size, into DIR/WxH/NAME.png."""
    parser = argparse.ArgumentParser(
        description="Render every scene to PNGs, headless, driven with scripted input."
    )
    parser.add_argument("dir", nargs="?", default="out/screens", help="output folder (out/screens)")
    parser.add_argument("names", nargs="*", metavar="NAME", help="only these scenes (see --list)")
    parser.add_argument(
        "--size", type=_size, help="one window size, WxH (default: 1280x800 and 1024x640)"
    )
    parser.add_argument("--list", action="store_true", help="print the scenes' names and stop")
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(SCREENS))
        return 0
    unknown = set(args.names) - set(SCREENS)
    if unknown:
        parser.error(f"no scene {', '.join(sorted(unknown))} (--list names them)")
    sizes = [args.size] if args.size else list(SIZES)
    out = Path(args.dir)
    for size in sizes:
        # each size from a clean slate: a save one scene leaves (menu-resume's) must not change
        # the next size's pictures
        os.environ["SKULLY_DATA_DIR"] = tempfile.mkdtemp(prefix="skully-data-")
        folder = out / f"{size[0]}x{size[1]}"
        folder.mkdir(parents=True, exist_ok=True)
        for name, build in SCREENS.items():
            if args.names and name not in args.names:
                continue
            app = App(Settings(muted=True), size=size)
            build(app)
            app.draw(0.5)
            path = folder / f"{name}.png"
            pygame.image.save(app.screen, str(path))
            print(path)
            app.stack.clear()
    pygame.quit()
    return 0


# --- Skull (issue 40): a turned card read, a Win Marker flying ---------------------------------


@screen("skull-turned-read")
def _skull_turned_read(app: App) -> None:
    """A computer Challenger's turned card held up over its stack to be read (fast pace)."""
    from skully_game.scenes.cardtable.match import Pace

    table = _skull(app, ["bold", "bold", "bold", "bold"], seed=3)
    table.match.pace = Pace.FAST
    for _ in range(60000):  # the computers play at their pace until one's card is turned
        table.update(1 / 60)
        shown = [f for f in table.flights if type(f).__name__ == "ShownTurn"]
        if shown and shown[0].turned() >= 1.0 and shown[0].t > shown[0].turn + 0.2:
            break


@screen("skull-marker-flies")
def _skull_marker_flies(app: App) -> None:
    """A Win Marker won, on its way from the middle to its winner's side."""
    table = _skull(app, ["human", "random", "random"], seed=2)
    for _ in range(200):
        _skull_until(table, lambda s: s.phase.value == "reveal" and s.current_player() == 0)
        won = sum(table.state.won)
        while table.state.phase.value == "reveal" and table.state.current_player() == 0:
            table.act(table.state.legal_actions()[0])
        if sum(table.state.won) > won:
            break
        table.settle()
    for _ in range(2000):
        app.run_frames(1)
        if any(f.code and f.code.startswith("marker:") and f.t > 0.2 for f in table.flights):
            break


# --- Play again across desks (issue 43) ----------------------------------------------------------


def _online_over(app: App, key: str, host: bool) -> None:
    """A game across desks played to its end at Anne's table (Bea scripted at another desk);
    as a guest's table when `host` is False."""
    import random as _random
    import time as _time

    from tools.render_online import _KEEP, _card_table

    table, bea = _card_table(app, key, {"round_plan": "whirlpool"} if key == "skull-king" else None)
    _KEEP.append(bea)
    rng, end = _random.Random(4), _time.monotonic() + 90
    while not (table.shadow.turn.over and not table.backlog) and _time.monotonic() < end:
        bea.step()
        table.update(0.05)
        if hasattr(table, "settle"):
            table.settle()
        if table.my_turn():
            table.act(rng.choice(table.shadow.turn.legal))
        _time.sleep(0.002)
    if not host:
        table.lobby["seats"][0]["host"] = False
    for _ in range(40):  # the record comes, the game-over view settles
        table.update(0.05)
        _time.sleep(0.005)
    table.relayout()
    app.run_frames(3)


@screen("online-play-again")
def _online_play_again(app: App) -> None:
    """Skull across desks, over: the host's table offers Play again above the panel's buttons."""
    _online_over(app, "skull", True)


@screen("online-play-again-guest")
def _online_play_again_guest(app: App) -> None:
    """Skull King across desks, over, at a guest's table: the host may play again."""
    _online_over(app, "skull-king", False)


@screen("online-play-again-skirrid")
def _online_play_again_skirrid(app: App) -> None:
    """Skirrid across desks, over: Play again over the side panel's buttons."""
    _online_over(app, "skirrid", True)


def _online_skully_over(app: App) -> Any:
    """A Skully game across desks, hosted here, played to its end (Anne's turns as the
    tests play them, Bea scripted at another desk); the game-over screen on top."""
    import random as _random
    import time as _time

    from skully_game.scenes.online.skully import OnlineGameOver
    from skully_game.skully.ai import Planner
    from skully_game.skully.skill import level
    from tests.test_online_ui import play_my_turn
    from tools.render_online import _KEEP, _table

    table, bea = _table(app)
    _KEEP.append(bea)
    table.table.speedup = 60.0
    planner = Planner(level("perfect"), _random.Random(5), samples=1)
    end = _time.monotonic() + 120
    while not isinstance(app.stack.top, OnlineGameOver) and _time.monotonic() < end:
        bea.step()
        play_my_turn(table, planner)
        app.tick()
        _time.sleep(0.001)
    app.run_frames(3)
    return table


@screen("online-skully-play-again")
def _online_skully_play_again(app: App) -> None:
    """Skully across desks, over, at the host's: the game-over screen offers Play again."""
    _online_skully_over(app)


@screen("online-skully-play-again-panel")
def _online_skully_play_again_panel(app: App) -> None:
    """The same, the board looked at: Play again under the players in the side panel."""
    _online_skully_over(app)
    app.stack.pop()
    app.run_frames(3)


@screen("online-chat")
def _online_chat(app: App) -> None:
    """Skull King across desks: the chat box (C) over the table, Bea's last line at her seat."""
    import time as _time

    from tools.render_online import _KEEP, _card_table

    table, bea = _card_table(app, "skull-king", {"round_plan": "whirlpool"})
    _KEEP.append(bea)
    bea.client.say(line="luck")
    end = _time.monotonic() + 5
    while not table.chat.said and _time.monotonic() < end:
        table.update(0.05)
        _time.sleep(0.01)
    table.open_chat()
    app.run_frames(3)


@screen("online-chat-said")
def _online_chat_said(app: App) -> None:
    """Skull King across desks: Bea's line shows in a bubble under her seat's box."""
    import time as _time

    from tools.render_online import _KEEP, _card_table

    table, bea = _card_table(app, "skull-king", {"round_plan": "whirlpool"})
    _KEEP.append(bea)
    bea.client.say(text="nice bid, captain")
    end = _time.monotonic() + 5
    while not table.chat.said and _time.monotonic() < end:
        table.update(0.05)
        _time.sleep(0.01)
    app.run_frames(3)


if __name__ == "__main__":
    sys.exit(main())
