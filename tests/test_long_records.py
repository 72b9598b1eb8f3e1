"""A long game (thousands of actions) opens without freezing the window: the replay shows its
first shot at once and simulates a shot only when it is shown, and a large file is read on a
worker thread with the window drawing, answering and able to cancel. (`tools/long_record.py`
writes a 12,000-action record for timing; these tests use shorter games and a lower bar for
"large".)"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pygame
import pytest

from skully_game.core.errors import DataError
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.replay.clips import RESULTS_KEPT, Clips
from skully_game.scenes.replay.viewer import ReplayScene, open_replay
from skully_game.scenes.skully.table import SkullyGameScene, open_saved
from skully_game.shell import loading
from skully_game.shell.loading import LoadingScene
from skully_game.skully.records import ShotRecord
from skully_game.skully.session import Session, ShotAction, load_session
from tests.ui_helpers import key, make_app

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
from long_record import long_session


@pytest.fixture(scope="module")
def game() -> Session:
    return long_session(400, seed=5)


@pytest.fixture()
def saved(game: Session, tmp_path: Path) -> Path:
    path = tmp_path / "long.json"
    game.save(path)
    return path


def count_simulations(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    runs: list[int] = []
    real = ShotRecord.simulate

    def simulate(self: ShotRecord, trace: bool = True):
        runs.append(1)
        return real(self, trace)

    monkeypatch.setattr(ShotRecord, "simulate", simulate)
    return runs


def test_a_long_replay_opens_at_its_first_shot_having_simulated_only_that(game, monkeypatch):
    runs = count_simulations(monkeypatch)
    app = make_app()
    app.stack.push(MenuScene(app))
    scene = ReplayScene(app, game, "long")
    app.stack.push(scene)
    shots = sum(isinstance(a, ShotAction) for a in game.actions)
    assert len(scene.clips) == shots > 300
    assert len(runs) == 1  # the shot on show, not the other hundreds
    assert scene.clips.done < 20  # the rules state readied no further than the first shot
    app.run_frames(3)
    assert scene.table.busy and len(runs) == 1


def test_clips_read_in_any_order_are_the_game_as_played(game):
    ahead, in_order = Clips(game), Clips(game)
    last = ahead[len(ahead) - 1]  # a jump to the end first
    for k in range(len(in_order)):
        clip = in_order[k]
        assert clip.title.startswith(f"Shot {k + 1}: ")
    for k in (0, 1, 57, len(ahead) - 2, len(ahead) - 1):
        a, b = ahead[k], in_order[k]
        assert (a.title, a.before, a.caps, a.events) == (b.title, b.before, b.caps, b.events)
    assert last.result.rest == last.record.rest  # simulated again, exactly as recorded
    assert in_order.ready and in_order.done == len(game.actions)


def test_going_through_a_long_replay_keeps_only_a_few_shots_simulated(game):
    app = make_app()
    scene = ReplayScene(app, game, "long")
    app.stack.push(scene)
    for _ in range(40):
        app.dispatch(key(pygame.K_RIGHT))
    assert scene.index == 40
    assert len(scene.clips.results.kept) <= RESULTS_KEPT


def test_the_replay_readies_the_shots_ahead_a_little_each_frame(game):
    app = make_app()
    scene = ReplayScene(app, game, "long")
    app.stack.push(scene)
    before = scene.clips.done
    app.run_frames(2)
    assert scene.clips.done > before
    for _ in range(2000):
        if scene.clips.ready:
            break
        app.run_frames(1)
    assert scene.clips.ready


def big_files(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every test file 'large', as a 12 MB record is."""
    monkeypatch.setattr(loading, "BIG_FILE", 1)


def finish(app, limit: float = 30.0) -> None:
    """Run frames, as the window does, until the loading screen has handed over."""
    top = app.stack.top
    assert isinstance(top, LoadingScene)
    top.wait(limit)
    app.run_frames(2)


def test_a_large_replay_is_read_with_the_window_answering(saved, monkeypatch):
    big_files(monkeypatch)
    app = make_app()
    app.stack.push(MenuScene(app))
    open_replay(app, saved)
    assert isinstance(app.stack.top, LoadingScene)
    app.run_frames(2)  # frames go on while it reads
    finish(app)
    assert isinstance(app.stack.top, ReplayScene) and app.stack.top.name == "long.json"


def test_cancel_goes_back_and_the_late_result_is_dropped(saved, monkeypatch):
    big_files(monkeypatch)
    app = make_app()
    menu = MenuScene(app)
    app.stack.push(menu)
    open_replay(app, saved)
    loader = app.stack.top
    app.dispatch(key(pygame.K_ESCAPE))
    assert app.stack.top is menu
    loader.wait(30)
    app.run_frames(3)
    assert app.stack.top is menu and len(app.stack.scenes) == 1


def test_a_large_file_that_is_bad_is_named_in_one_line(saved, monkeypatch):
    big_files(monkeypatch)
    data = json.loads(saved.read_text(encoding="utf-8"))
    first = next(a for a in data["actions"] if a["kind"] == "shot")
    first["kind"] = "shoot"
    saved.write_text(json.dumps(data), encoding="utf-8")
    app = make_app()
    menu = MenuScene(app)
    app.stack.push(menu)
    open_replay(app, saved)
    finish(app)
    assert app.stack.top is menu
    assert any(str(saved) in t.message and "kind" in t.message for t in app.toasts)


def test_a_large_game_resumes_with_its_log_as_a_small_one_does(saved, monkeypatch):
    app = make_app()
    app.stack.push(MenuScene(app))
    open_saved(app, saved)  # at once, as any file under the bar
    direct = app.stack.top
    assert isinstance(direct, SkullyGameScene)
    big_files(monkeypatch)
    open_saved(app, saved)
    finish(app)
    resumed = app.stack.top
    assert isinstance(resumed, SkullyGameScene) and resumed is not direct
    assert resumed.log == direct.log and resumed.path == saved
    assert resumed.session.actions == load_session(saved).actions


def test_the_loading_panel_shows_only_once_reading_takes_a_moment(monkeypatch):
    import threading

    app = make_app()
    app.stack.push(MenuScene(app))
    release = threading.Event()
    shown = LoadingScene(app, "Opening the replay", release.wait, lambda _: None, detail="x.json")
    app.stack.push(shown)
    app.draw(0.5)
    quiet = app.screen.copy()
    app.run_frames(int(loading.SHOW_AFTER * 60) + 2)
    assert app.stack.top is shown  # still reading: the window goes on
    box = shown.box  # the panel is drawn there now (not one pixel: a menu button may match it)
    assert pygame.transform.average_color(app.screen, box) != pygame.transform.average_color(
        quiet, box
    )
    release.set()
    finish(app)
    assert isinstance(app.stack.top, MenuScene)


def test_skully_replay_of_a_large_bad_file_is_refused_in_one_line(saved, monkeypatch, capsys):
    from skully_game.cli.main import main

    big_files(monkeypatch)
    saved.write_text(saved.read_text(encoding="utf-8").replace('"seed"', '"seeds"'), "utf-8")
    assert main(["replay", str(saved), "--mute", "--size", "800x500"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(saved) in err[0] and "seed" in err[0]
    assert DataError.__name__ not in err[0]
