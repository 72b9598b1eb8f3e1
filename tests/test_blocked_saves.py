"""A save folder that cannot be written (a file where the folder should be) never crashes a game
or leaves the player guessing: starting says, once, in their words, that the game is not being
kept and why; the game can still be played; leaving says it ends it; the lists say why they are
empty. Nothing in the way is touched."""

from __future__ import annotations

import errno
from pathlib import Path

from skully_game.core.paths import data_dir
from skully_game.core.saves import folder_problem, why_not_saved
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.replay.viewer import ReplaysScene
from skully_game.scenes.skull_king.adapter import GAME
from skully_game.scenes.skull_king.setup import SkullKingSetup
from skully_game.shell.dialogs import ConfirmDialog
from skully_game.skully.saves import games_dir, shots_dir
from tests.ui_helpers import click, drawn_texts, make_app

IN_THE_WAY = "not a folder: a file someone put here"


def block(folder: Path) -> Path:
    """Put a file where the folder should be."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text(IN_THE_WAY, encoding="utf-8")
    return folder


def unsaved_toasts(app) -> list[str]:
    return [t.message for t in app.toasts if "not being saved" in t.message]


def test_a_card_game_starts_unsaved_and_says_so_once_when_a_file_is_in_the_way(monkeypatch):
    folder = block(data_dir() / GAME.key)
    app = make_app()
    app.stack.push(MenuScene(app))
    setup = SkullKingSetup(app)
    app.stack.push(setup)
    assert "a file is in the way" in setup.folder_said  # said before Start is pressed
    assert any("a file is in the way" in t for t in drawn_texts(app, monkeypatch))
    start = next(w for w in setup.widgets.widgets if w.label == "Start game")
    click(app, start.rect.center)
    table = app.stack.top
    assert table is not setup and table.save_problem == "a file is in the way"
    [told] = unsaved_toasts(app)
    assert told.startswith("Can't save games in ") and str(folder) in told
    assert told.endswith("a file is in the way; this game is not being saved.")
    assert "Errno" not in told and "FileExists" not in told
    for _ in range(3):  # the game is played on, and the same trouble is not said at each move
        table.act(table.game.legal(table.state)[0])
    assert len(unsaved_toasts(app)) == 1
    table.ask_leave()
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog)
    assert "could not be saved" in dialog.detail and dialog.yes_button.label == "Leave"
    assert folder.read_text(encoding="utf-8") == IN_THE_WAY


def test_saving_comes_back_once_the_file_is_moved():
    folder = block(data_dir() / GAME.key)
    app = make_app()
    setup = SkullKingSetup(app)
    app.stack.push(setup)
    setup._start()
    table = app.stack.top
    assert table.save_problem
    folder.unlink()
    table.act(table.game.legal(table.state)[0])
    assert table.save_problem == "" and table.match.path.is_file()
    assert any(t.message == "The game is saved again." for t in app.toasts)
    assert table.game_save().problem == ""


def test_a_skully_game_started_with_a_file_in_the_way_says_why_in_words():
    from skully_game.scenes.skully.table import SkullyGameScene
    from skully_game.skully.game_setup import GameSetup, Seat

    block(games_dir())
    app = make_app()
    scene = SkullyGameScene.new(app, GameSetup(seats=[Seat("Ace", 0), Seat("Bo", 1)], seed=3))
    [told] = unsaved_toasts(app)
    assert "a file is in the way" in told and "Errno" not in told
    assert scene.game_save().problem == "a file is in the way"


def test_the_replays_list_says_why_it_is_empty(monkeypatch):
    block(games_dir())
    block(shots_dir())
    app = make_app()
    app.stack.push(MenuScene(app))
    scene = ReplaysScene(app)
    app.stack.push(scene)
    shown = " ".join(drawn_texts(app, monkeypatch))
    assert "Can't keep or read saved games in" in shown and "a file is in the way" in shown
    assert "No saved Skully games yet" not in shown
    click(app, scene.widgets.widgets[1].rect.center)  # the shot library
    shown = " ".join(drawn_texts(app, monkeypatch))
    assert "Can't keep or read shots in" in shown and "No saved shots yet" not in shown


def test_an_empty_list_with_nothing_in_the_way_says_there_is_nothing_yet(monkeypatch):
    app = make_app()
    app.stack.push(ReplaysScene(app))
    shown = " ".join(drawn_texts(app, monkeypatch))
    assert "No saved Skully games yet" in shown and "Can't" not in shown


def test_why_a_save_failed_in_words(tmp_path):
    assert folder_problem(tmp_path / "not-made-yet") == ""
    assert folder_problem(tmp_path) == ""
    blocked = block(tmp_path / "games")
    assert folder_problem(blocked) == "a file is in the way"
    assert folder_problem(blocked / "deeper") == f"{blocked} is a file"
    exists = FileExistsError(errno.EEXIST, "File exists", str(blocked))
    assert why_not_saved(exists, blocked) == "a file is in the way"
    full = OSError(errno.ENOSPC, "No space left on device")
    assert why_not_saved(full, tmp_path) == "the disk is full"
