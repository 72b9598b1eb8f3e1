"""An error in a screen never closes the window: the player sees what happened in their words
(the game saved after its last action is said to be, and nothing untrue is said when there was
none), a report they can send is written, and the button takes them back to the menu. Errors
that keep coming stop the program cleanly, in one line; Ctrl+C still ends it."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from skully_game.core.paths import data_dir
from skully_game.scenes.menu import MenuScene
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.crash import ARM_DELAY, CrashScreen, path_lines
from skully_game.shell.scene import GameSave, Scene
from tests.ui_helpers import click, drawn_texts, ev, key, make_app

ARMED = int(ARM_DELAY * 60) + 4  # frames (two ticks of 1/120 s each) until the button wakes


class Broken(Scene):
    """A screen that fails in one of its hooks, as a bug would."""

    def __init__(self, app: App, where: str, save: GameSave | None = None) -> None:
        super().__init__(app)
        self.where = where
        self.save = save

    def _fail(self, where: str) -> None:
        if self.where == where:
            raise RuntimeError(f"injected in {where}")

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self._fail("event")
        return None

    def update(self, dt: float) -> None:
        self._fail("update")

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self._fail("draw")

    def game_save(self) -> GameSave | None:
        return self.save


def guarded_app(size: tuple[int, int] = (1280, 800)) -> App:
    app = make_app(size)
    app.catch_crashes = True  # as App.run has it
    app.stack.push(MenuScene(app))
    return app


def reports() -> list[Path]:
    return sorted((data_dir() / "crashes").glob("crash-*.txt"))


@pytest.mark.parametrize("where", ["update", "draw", "event"])
def test_an_error_in_a_screen_shows_the_crash_screen_and_the_button_goes_to_the_menu(
    where, tmp_path, monkeypatch
):
    app = guarded_app()
    saved = GameSave(tmp_path / "game.json")
    app.stack.push(Broken(app, where, saved))
    app.run_frames(2, lambda f: [key(pygame.K_a)] if f == 0 else [])
    assert app.running
    crash = app.stack.top
    assert isinstance(crash, CrashScreen)
    assert [type(s) for s in app.stack.scenes] == [MenuScene, CrashScreen]  # the broken one gone
    [report] = reports()
    text = report.read_text(encoding="utf-8")
    assert f"RuntimeError: injected in {where}" in text and "Traceback" in text
    for field in ("skully:", "python:", "pygame-ce:", "pymunk:", "screen: Broken", "time:"):
        assert field in text
    shown = " ".join(drawn_texts(app, monkeypatch))
    assert "Something went wrong" in shown and "Your game is saved" in shown
    assert "Error" not in shown and "Traceback" not in shown  # a player's words only
    app.run_frames(ARMED)
    button = crash.button
    assert button.label == "Back to the menu" and button.enabled
    click(app, button.rect.center)
    assert isinstance(app.stack.top, MenuScene) and app.running
    app.run_frames(3)  # the menu runs on
    assert isinstance(app.stack.top, MenuScene)


def test_with_no_game_open_nothing_is_said_of_saves(monkeypatch):
    app = guarded_app()
    app.stack.push(Broken(app, "update"))
    app.run_frames(1)
    shown = " ".join(drawn_texts(app, monkeypatch)).lower()
    assert "something went wrong" in shown
    assert "saved" not in shown and "game" not in shown


def test_a_game_whose_last_save_failed_is_not_said_to_be_saved(tmp_path, monkeypatch):
    app = guarded_app()
    problem = GameSave(tmp_path / "g.json", problem="the disk is full")
    app.stack.push(Broken(app, "draw", problem))
    app.run_frames(1)
    shown = " ".join(drawn_texts(app, monkeypatch))
    assert "could not be saved" in shown and "the disk is full" in shown
    assert "Your game is saved" not in shown


def test_a_key_held_down_when_it_broke_does_not_press_the_button():
    app = guarded_app()
    app.stack.push(Broken(app, "update"))
    app.run_frames(1)
    crash = app.stack.top
    app.dispatch(key(pygame.K_RETURN))  # too soon: the button is not awake
    assert app.stack.top is crash
    app.run_frames(ARMED)
    app.dispatch(key(pygame.K_RETURN))  # the same key repeating, never let go
    assert app.stack.top is crash
    app.dispatch(ev(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    app.dispatch(key(pygame.K_ESCAPE))  # a fresh press, once awake
    assert isinstance(app.stack.top, MenuScene)


def boom(*args: object) -> None:
    raise RuntimeError("injected")


def test_an_error_in_the_menu_gives_a_fresh_menu(monkeypatch):
    app = guarded_app()
    first = app.stack.top
    with monkeypatch.context() as patch:
        patch.setattr(MenuScene, "update", boom)
        app.run_frames(1)
    assert isinstance(app.stack.top, CrashScreen) and app.running
    app.run_frames(ARMED)
    app.dispatch(key(pygame.K_SPACE))
    assert isinstance(app.stack.top, MenuScene) and app.stack.top is not first


def test_a_menu_that_fails_every_time_stops_the_program_in_one_line(monkeypatch, capsys):
    app = guarded_app()

    def broken_draw(self, surface, alpha):
        raise RuntimeError("the menu cannot draw")

    monkeypatch.setattr(MenuScene, "draw", broken_draw)
    for _ in range(10):
        app.run_frames(ARMED)
        if not app.running:
            break
        app.dispatch(key(pygame.K_RETURN))
    assert not app.running and app.gave_up
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "stopped after repeated errors" in err[0]
    named = Path(err[0].split("the details are in ")[1])
    assert named in reports()
    assert "the menu cannot draw" in named.read_text(encoding="utf-8")


def test_a_crash_screen_that_fails_stops_the_program(monkeypatch, capsys):
    app = guarded_app()
    app.stack.push(Broken(app, "update"))
    monkeypatch.setattr(CrashScreen, "draw", boom)
    app.run_frames(2)
    assert not app.running
    assert "stopped after repeated errors" in capsys.readouterr().err


@pytest.mark.parametrize("stop", [KeyboardInterrupt, SystemExit])
def test_ctrl_c_and_an_exit_still_end_the_program(stop):
    app = guarded_app()

    class Stops(Scene):
        def update(self, dt: float) -> None:
            raise stop()

    app.stack.push(Stops(app))
    with pytest.raises(stop):
        app.run_frames(1)


def test_a_report_that_cannot_be_written_is_said_and_the_menu_still_comes_back(monkeypatch):
    data_dir().mkdir(parents=True, exist_ok=True)
    (data_dir() / "crashes").write_text("in the way", encoding="utf-8")
    app = guarded_app()
    app.stack.push(Broken(app, "update"))
    app.run_frames(1)
    shown = " ".join(drawn_texts(app, monkeypatch))
    assert "No report could be written" in shown
    app.run_frames(ARMED)
    app.dispatch(key(pygame.K_RETURN))
    assert isinstance(app.stack.top, MenuScene)


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640), (800, 500)])
def test_a_long_report_path_wraps_inside_the_box(size, monkeypatch):
    deep = Path("/home") / ("a-very-long-folder-name-" * 3) / ("b" * 90) / "skully"
    monkeypatch.setenv("SKULLY_DATA_DIR", str(deep))
    app = guarded_app(size)
    app.stack.push(Broken(app, "draw"))
    app.run_frames(1)
    crash = app.stack.top
    assert isinstance(crash, CrashScreen) and crash.report is not None
    width = crash.box.w - 56
    lines = path_lines(str(crash.report), 20, width)
    assert 1 < len(lines) <= 3
    assert all(theme.font(20).size(line)[0] <= width for line in lines)
    assert "".join(lines) == str(crash.report)  # all of it, when it fits in three lines
    assert app.screen.get_rect().contains(crash.box)
    assert crash.box.contains(crash.button.rect)


def test_a_path_too_long_for_three_lines_is_cut_in_the_middle():
    long = "/" + "/".join(["folder" * 6] * 20) + "/crash-20260101-120000.txt"
    lines = path_lines(long, 20, 400)
    assert len(lines) == 3 and "..." in lines[-1] and lines[-1].endswith(".txt")
    assert all(theme.font(20).size(line)[0] <= 400 for line in lines)


def test_a_real_game_that_breaks_is_on_disk_and_resumes(monkeypatch):
    from skully_game.scenes.resume import unfinished_games
    from skully_game.scenes.skully.table import SkullyGameScene
    from skully_game.skully.game_setup import GameSetup, Seat
    from skully_game.skully.session import load_session

    app = guarded_app()
    game = SkullyGameScene.new(app, GameSetup(seats=[Seat("Ace", 0), Seat("Bo", 1)], seed=4))
    app.stack.push(game)
    app.run_frames(2)
    with monkeypatch.context() as patch:
        patch.setattr(SkullyGameScene, "update", boom)
        app.run_frames(1)
    assert isinstance(app.stack.top, CrashScreen)
    shown = " ".join(drawn_texts(app, monkeypatch))
    assert "Your game is saved" in shown
    assert load_session(game.path).seats[0].name == "Ace"
    saved, _ = unfinished_games()
    assert [s.path for s in saved] == [game.path]
