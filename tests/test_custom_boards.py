"""Games and practice on a board a player tuned and saved: the setup screen offers saved boards,
the game plays on the chosen one and its record keeps the board and the file it came from."""

from __future__ import annotations

import json

import pygame

from skully_game.scenes.replay.viewer import saved_games
from skully_game.scenes.skully.practice import PracticeScene, start_positions
from skully_game.scenes.skully.setup import SkullySetupScene
from skully_game.scenes.skully.table import GameOverScene, SkullyGameScene
from skully_game.skully.board import PRESETS, board_label, spec_to_dict
from skully_game.skully.board_files import boards_dir, path_for
from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import GameSetup, Seat
from skully_game.skully.session import load_session
from tests.ui_helpers import click, flick_to_stop_at, key, run_until_still, wait_for_turn

MY_STREET = PRESETS["sidewalk"].with_changes(name="my street", box_side=0.25, pair_gap=0.03)


def saved_board(spec=MY_STREET):
    from skully_game.skully.board import save_board

    path = path_for(spec)
    path.parent.mkdir(parents=True, exist_ok=True)
    save_board(spec, path)
    return path


def widget(scene, label):
    return next(w for w in scene.widgets.widgets if w.label == label)


def pick_board(app, scene, wanted) -> None:
    """Click the right half of the board choice, as a player would, until `wanted` shows."""
    for _ in range(len(widget(scene, "Board").options)):
        if scene.setup.spec() == wanted:
            return
        board = widget(scene, "Board")
        click(app, (board.rect.right - 20, board.rect.centery))
    assert scene.setup.spec() == wanted


def test_setup_defaults_to_the_classic_preset(app):
    setup = GameSetup(seed=1)
    assert setup.spec() == PRESETS["classic"] and setup.board_file == ""
    scene = SkullySetupScene(app, setup)
    app.stack.push(scene)
    board = widget(scene, "Board")
    assert board.value == ("preset", "classic")
    assert [label for _, label in board.options] == [n.capitalize() for n in PRESETS]


def test_setup_lists_a_saved_board_and_choosing_it_sets_spec_and_file(app):
    path = saved_board()
    scene = SkullySetupScene(app, GameSetup(seed=4))
    app.stack.push(scene)
    labels = [label for _, label in widget(scene, "Board").options]
    assert labels[: len(PRESETS)] == [n.capitalize() for n in PRESETS]
    assert labels[len(PRESETS) :] == ["my street (saved)"]
    pick_board(app, scene, MY_STREET)
    assert scene.setup.board_spec == MY_STREET
    assert scene.setup.board_file == str(path)
    # a preset again clears the saved board
    pick_board(app, scene, PRESETS["classic"])
    assert scene.setup.board_spec is None and scene.setup.board_file == ""
    assert scene.setup.board == "classic"
    # the choice survives the screen laying itself out again (a rule option changed)
    pick_board(app, scene, MY_STREET)
    scene._option(holdsies=True)
    assert widget(scene, "Board").value == ("spec", MY_STREET, str(path))


def test_a_broken_board_file_does_not_stop_the_setup_screen(app):
    saved_board()
    folder = boards_dir()
    (folder / "broken.toml").write_text("format = [[[ not toml", encoding="utf-8")
    (folder / "wrong.toml").write_text('format = "skully-board"\nversion = 1\n', encoding="utf-8")
    scene = SkullySetupScene(app, GameSetup(seed=4))
    app.stack.push(scene)
    app.run_frames(2)
    labels = [label for _, label in widget(scene, "Board").options]
    assert labels[len(PRESETS) :] == ["my street (saved)"]


def test_the_tuner_hands_a_board_to_the_setup_and_the_game_plays_on_it(app):
    path = saved_board()
    tuned = MY_STREET.with_changes(box_side=0.24)  # tuned further after saving
    scene = SkullySetupScene(app, GameSetup(board_spec=tuned, board_file=str(path)))
    app.stack.push(scene)
    board = widget(scene, "Board")
    assert board.index == 0 and board.options[0][1] == "my street"
    assert board.value == ("spec", tuned, str(path))
    app.run_frames(2)
    click(app, widget(scene, "Start game").rect.center)
    game = app.stack.top
    assert isinstance(game, SkullyGameScene)
    assert game.session.board_spec == tuned and game.table.spec == tuned
    assert game.session.board_file == str(path)


def test_an_unsaved_tuned_classic_is_told_apart_from_the_preset(app):
    tuned = PRESETS["classic"].with_changes(box_side=0.3)
    scene = SkullySetupScene(app, GameSetup(board_spec=tuned))
    app.stack.push(scene)
    options = widget(scene, "Board").options
    assert options[0] == (("spec", tuned, ""), "classic (tuned)")
    assert board_label(PRESETS["classic"]) == "" and board_label(PRESETS["bronx"]) == "bronx"


def test_a_game_on_a_saved_board_records_the_board_and_its_file(app):
    path = saved_board()
    setup = GameSetup(
        seats=[Seat("Ace", 0, CapType.CROWN), Seat("Bobby", 1, CapType.WAX)],
        seed=8,
        board_spec=MY_STREET,
        board_file=str(path),
    )
    scene = SkullyGameScene.new(app, setup)
    app.stack.push(scene)
    assert scene.session.board.spec == MY_STREET and scene.table.board.spec == MY_STREET
    # put both caps down and take one shot at box 1 of this board
    for _ in range(4):
        if scene._placement() is None:
            break
        wait_for_turn(app)
        app.dispatch(key(pygame.K_RETURN))
        app.run_frames(1)
    assert scene.state.can_shoot
    table = scene.table
    flick_to_stop_at(app, table, scene.state.to_play, scene.session.board.box_centre(1))
    run_until_still(app, table)
    app.run_frames(2)
    assert scene.state.shots == 1
    data = json.loads(scene.path.read_text(encoding="utf-8"))
    assert data["board"] == spec_to_dict(MY_STREET)
    assert data["board_file"] == str(path)
    resumed = load_session(scene.path)
    assert resumed.board_spec == MY_STREET and resumed.board_file == str(path)
    assert resumed.state == scene.state
    # the replays list and the game-over screen name the board
    listed = next(g for g in saved_games() if g.path == scene.path)
    assert listed.detail.endswith(", my street board")
    over = GameOverScene(app, scene)
    app.stack.push(over)
    app.run_frames(1)
    assert over.board_line == "Board: my street"


def test_a_classic_game_is_listed_with_its_board_as_every_other_game_is(app):
    setup = GameSetup(seats=[Seat("Ace", 0), Seat("Bobby", 1)], seed=8)
    scene = SkullyGameScene.new(app, setup)
    app.stack.push(scene)
    data = json.loads(scene.path.read_text(encoding="utf-8"))
    assert data["board"] == spec_to_dict(PRESETS["classic"]) and data["board_file"] == ""
    listed = next(g for g in saved_games() if g.path == scene.path)
    assert listed.detail == "not finished, 0 shots, classic board"  # as "..., sidewalk board"
    assert GameOverScene(app, scene).board_line == ""


def test_practice_keeps_a_custom_board_through_reset_and_cap_changes(app):
    scene = PracticeScene(app, spec=MY_STREET, kinds=[CapType.CROWN])
    app.stack.push(scene)
    app.run_frames(2)
    assert scene.table.spec == MY_STREET
    start = start_positions(scene.table.board, scene.kinds)
    assert scene.table.positions == start
    app.dispatch(key(pygame.K_r))
    assert scene.table.spec == MY_STREET and scene.table.positions == start
    scene.add_cap()
    scene.set_kind(1, CapType.LEAD)
    assert scene.table.spec == MY_STREET
    scene.remove_cap()
    scene.reset()
    assert scene.table.spec == MY_STREET and scene.table.board.spec == MY_STREET
    assert scene.table.positions == start
    app.run_frames(1)
