"""The board tuner: edits from sliders, typed values and handles on the board; invalid edits never
applied and never saved; files saved and loaded; practice and play on the tuned board; the
analysis shown when it is done."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from ui_helpers import click, drag, ev, key, make_app

from skully_game.core.settings import Units
from skully_game.scenes.skully.practice import PracticeScene
from skully_game.scenes.skully.setup import SkullySetupScene
from skully_game.scenes.tuner.leave import LeaveDialog
from skully_game.scenes.tuner.scene import TunerScene
from skully_game.skully.board import PRESETS, BoardSpec, load_board, preset, save_board
from skully_game.skully.board_files import boards_dir
from skully_game.skully.geometry import Trapezoid
from skully_game.skully.tuner_model import (
    FIELD_BY_NAME,
    LENGTH_FIELDS,
    drag_value,
    handles,
    parse_length,
    propose,
    show_length,
)


@pytest.fixture
def app():
    app = make_app()
    yield app
    app.stack.clear()  # a tuner leaving stops its analysis


def open_tuner(app, spec: BoardSpec | None = None, path: Path | None = None) -> TunerScene:
    scene = TunerScene(app, spec=spec, path=path)
    scene.worker.stop()  # tests that want the analysis start it themselves
    app.stack.push(scene)
    app.run_frames(2)
    return scene


def type_into(app, widget, text: str) -> None:
    click(app, widget.rect.center)
    app.dispatch(key(pygame.K_END))  # the click put the caret where it landed: go to the end
    for _ in range(len(widget.value)):
        app.dispatch(key(pygame.K_BACKSPACE))
    app.dispatch(ev(pygame.TEXTINPUT, text=text))
    app.dispatch(key(pygame.K_RETURN))


# --- the model -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "units", "metres"),
    [
        ("28", Units.METRIC, 0.28),
        ("28 cm", Units.IMPERIAL, 0.28),
        ("0.3m", Units.METRIC, 0.3),
        ("11", Units.IMPERIAL, 11 * 0.0254),
        ('11"', Units.METRIC, 11 * 0.0254),
        ("9.5 ft", Units.METRIC, 9.5 * 12 * 0.0254),
        ("13 mm", Units.METRIC, 0.013),
    ],
)
def test_typed_lengths_understand_units(text: str, units: Units, metres: float) -> None:
    assert parse_length(text, units) == pytest.approx(metres)


@pytest.mark.parametrize("text", ["", "abc", "-3", "3 furlongs", "1e3"])
def test_a_typed_length_that_is_not_one_is_refused_saying_what_was_expected(text: str) -> None:
    with pytest.raises(ValueError, match="expected"):
        parse_length(text, Units.METRIC)


def test_a_shown_length_reads_back_as_the_same_length() -> None:
    """What a field shows, typed back, is the length shown: within half its last digit, and
    shown again the same way (a tenth of an inch is 2.54 mm, so imperial allows 1.27 mm)."""
    for spec in PRESETS.values():
        for f in LENGTH_FIELDS:
            value = getattr(spec, f.name)
            for units in Units:
                shown = show_length(value, units)
                tolerance = 3e-4 if units is Units.METRIC else 0.05 * 0.0254 + 1e-9
                assert parse_length(shown, units) == pytest.approx(value, abs=tolerance), shown
                assert show_length(parse_length(shown, units), units) == shown


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_handle_sits_where_its_own_value_puts_it(name: str) -> None:
    """Dragging a handle to where it already is changes nothing: the pointer-to-value mapping
    is the inverse of where the handle is drawn."""
    spec = replace(preset(name), pair_gap=0.03, corner_inset=0.02, pair_inset=0.04)
    for handle in handles(spec):
        assert drag_value(spec, handle.field, handle.at) == pytest.approx(
            getattr(spec, handle.field)
        ), handle.field


def test_every_length_field_has_a_slider_range_holding_every_preset() -> None:
    for f in LENGTH_FIELDS:
        for spec in PRESETS.values():
            assert f.low <= getattr(spec, f.name) <= f.high, (f.name, spec.name)
    assert {h.field for h in handles(preset("classic"))} == set(FIELD_BY_NAME)


def test_propose_returns_the_reason_instead_of_an_invalid_board() -> None:
    spec, problem = propose(preset("classic"), box_side=0.9)
    assert spec is None
    assert problem.startswith("Box side: boxes ") and "would overlap" in problem
    assert "\n" not in problem and "box_side" not in problem and "field" not in problem
    spec, problem = propose(preset("classic"), box_side=0.3)
    assert spec is not None and spec.box_side == 0.3 and problem == ""


# --- the scene ---------------------------------------------------------------------------------


def test_a_slider_changes_the_board_live_and_the_typed_value_follows(app) -> None:
    scene = open_tuner(app)
    slider = scene.sliders["box_side"]
    track = slider.track()
    click(app, (track.right - 2, track.centery))
    assert scene.spec.box_side > 0.28
    assert scene.entries["box_side"].value == show_length(scene.spec.box_side, Units.METRIC)
    assert scene.dirty
    assert scene.painter().board.spec == scene.spec  # what is drawn is the new board
    app.run_frames(2)


def test_an_invalid_typed_value_is_not_applied_and_says_why(app) -> None:
    scene = open_tuner(app)
    before = scene.spec
    type_into(app, scene.entries["skull_side"], "250")  # over the box pairs
    assert scene.spec == before
    assert scene.message.startswith("Skull side: the skull would overlap box")
    assert "at most 234 cm" in scene.message  # the furthest it can go, in the player's units
    entry = scene.entries["skull_side"]
    assert entry.value == "250" and entry.editing and entry.selected  # to be put right
    app.dispatch(key(pygame.K_ESCAPE))  # or given up: the old value back
    assert entry.value == "100" and not entry.editing and app.stack.top is scene
    type_into(app, scene.entries["box_side"], "30 cm")
    assert scene.spec.box_side == pytest.approx(0.30)
    assert scene.message == ""


def test_a_slider_pushed_past_a_valid_board_stops_at_the_last_valid_value(app) -> None:
    scene = open_tuner(app)
    slider = scene.sliders["skull_side"]
    track = slider.track()
    drag(app, (track.x + track.w * 0.2, track.centery), (track.right, track.centery))
    # the skull may not run over the box pairs at the middle of each side
    assert 2.0 < scene.spec.skull_side <= scene.spec.board_side - 2 * scene.spec.box_side
    assert "skull" in scene.message
    assert slider.value == scene.spec.skull_side


def test_dragging_a_handle_on_the_board_changes_its_field(app) -> None:
    scene = open_tuner(app)
    box = next(h for h in handles(scene.spec) if h.field == "box_side")
    at = scene.camera.to_screen(box.at)
    px = scene.camera.length(0.05)  # 5 cm further along the diagonal
    drag(app, at, (at[0] + px, at[1] - px))
    assert scene.spec.box_side == pytest.approx(0.33, abs=0.006)
    assert scene.dragging is None
    assert scene.sliders["box_side"].value == scene.spec.box_side


def test_clicking_a_skull_number_on_the_board_changes_it(app) -> None:
    scene = open_tuner(app)
    from skully_game.skully.geometry import Board

    centre = Board(scene.spec).trapezoid_centre(Trapezoid.TOP)
    click(app, scene.camera.to_screen(centre))
    assert scene.spec.skull_numbers == (2, 4, 7, 8)
    click(app, scene.camera.to_screen(centre), button=3)
    assert scene.spec.skull_numbers == (2, 4, 6, 8)


def test_undo_puts_the_board_back(app) -> None:
    scene = open_tuner(app)
    type_into(app, scene.entries["board_side"], "320")
    assert scene.spec.board_side == pytest.approx(3.2)
    app.dispatch(key(pygame.K_z, pygame.KMOD_CTRL))
    assert scene.spec == preset("classic")


def test_invalid_edits_never_reach_the_saved_file(app) -> None:
    scene = open_tuner(app)
    type_into(app, scene.name_entry, "my street")
    type_into(app, scene.entries["board_side"], "250")
    type_into(app, scene.entries["box_side"], "95")  # refused: beyond any playable box
    type_into(app, scene.entries["skull_side"], "270")  # refused: the skull over the pairs
    type_into(app, scene.entries["thirteen_side"], "150")  # refused: bigger than the skull
    type_into(app, scene.entries["line_width"], "oops")  # refused: not a length
    app.dispatch(key(pygame.K_s, pygame.KMOD_CTRL))
    path = boards_dir() / "my-street.toml"
    saved = load_board(path)  # validates, or raises
    assert saved == scene.spec
    assert saved.name == "my street"
    assert saved.board_side == pytest.approx(2.5)
    assert saved.box_side == pytest.approx(0.28)
    assert saved.thirteen_side == pytest.approx(0.20)
    assert not scene.dirty


def test_a_board_opened_from_a_file_is_saved_back_to_it(app, tmp_path: Path) -> None:
    path = tmp_path / "corner.toml"
    save_board(replace(preset("sidewalk"), name="corner"), path)
    scene = open_tuner(app, load_board(path), path)
    assert not scene.dirty
    type_into(app, scene.entries["pair_gap"], "4")
    assert scene.dirty
    app.dispatch(key(pygame.K_s, pygame.KMOD_CTRL))
    assert load_board(path).pair_gap == pytest.approx(0.04)
    assert scene.save_as_new()
    assert (boards_dir() / "corner.toml").exists()
    assert scene.save_as_new()
    assert (boards_dir() / "corner-2.toml").exists()


def test_a_new_file_named_on_the_command_line_starts_from_classic(app, tmp_path: Path) -> None:
    path = tmp_path / "fresh.toml"
    scene = open_tuner(app, None, path)
    assert scene.spec.name == "fresh" and scene.dirty
    assert scene.save()
    assert load_board(path).name == "fresh"


def test_the_board_choice_loads_presets_and_saved_boards(app) -> None:
    save_board(replace(preset("bronx"), name="uptown"), boards_dir() / "uptown.toml")
    (boards_dir() / "broken.toml").write_text("nonsense = =", encoding="utf-8")
    scene = open_tuner(app)
    choice = scene.widgets.widgets[0]
    labels = [label for _, label in choice.options]
    assert "uptown (saved)" in labels and "bronx" in labels
    assert not any("broken" in label for label in labels)
    assert any("broken.toml" in t.message for t in app.toasts)  # but the player is told why
    while scene.spec.name != "uptown":
        click(app, (choice.rect.right - 10, choice.rect.centery))
        choice = scene.widgets.widgets[0]
    assert scene.path == boards_dir() / "uptown.toml"
    assert not scene.dirty


def test_practice_and_play_here_use_the_tuned_board(app) -> None:
    scene = open_tuner(app)
    type_into(app, scene.entries["board_side"], "310")
    scene.practice()
    practice = app.stack.top
    assert isinstance(practice, PracticeScene)
    assert practice.spec == scene.spec
    app.dispatch(key(pygame.K_ESCAPE))
    assert app.stack.top is scene
    scene.save()
    scene.play()
    setup = app.stack.top
    assert isinstance(setup, SkullySetupScene)
    assert setup.setup.spec() == scene.spec
    assert setup.setup.board_file == str(scene.path)


def _menu_and_edited_tuner(app) -> tuple[object, TunerScene]:
    from skully_game.scenes.menu import MenuScene

    menu = MenuScene(app)
    app.stack.push(menu)
    scene = open_tuner(app)
    type_into(app, scene.entries["pair_gap"], "2")
    return menu, scene


def _leave_button(scene: TunerScene):
    return next(w for w in scene.widgets.widgets if getattr(w, "label", "") == "Back to menu")


def _answer(app, label: str) -> None:
    dialog = app.stack.top
    assert isinstance(dialog, LeaveDialog)
    button = next(w for w in dialog.widgets.widgets if w.label == label)
    click(app, button.rect.center)


@pytest.mark.parametrize("how", ["mouse", "esc"])
def test_leaving_with_unsaved_changes_asks_in_a_dialog(app, how: str) -> None:
    """Back to menu (or Esc) over unsaved changes asks; a second click or Esc keeps editing,
    never leaves; Leave without saving leaves."""
    menu, scene = _menu_and_edited_tuner(app)
    leave = _leave_button(scene)
    for _ in range(2):  # asking twice is not an answer
        if how == "mouse":
            click(app, leave.rect.center)
        else:
            app.dispatch(key(pygame.K_ESCAPE))
        assert isinstance(app.stack.top, LeaveDialog)
        app.run_frames(1)
        app.dispatch(key(pygame.K_ESCAPE))  # Esc in the dialog: keep editing
        assert app.stack.top is scene and scene.dirty
    click(app, leave.rect.center)
    _answer(app, "Keep editing")
    assert app.stack.top is scene and scene.spec.pair_gap == pytest.approx(0.02)
    click(app, leave.rect.center)
    _answer(app, "Leave without saving")
    assert app.stack.top is menu
    assert not (boards_dir() / "classic.toml").exists()


def test_save_and_leave_saves_the_board_then_leaves(app) -> None:
    menu, scene = _menu_and_edited_tuner(app)
    click(app, _leave_button(scene).rect.center)
    _answer(app, "Save and leave")
    assert app.stack.top is menu
    assert load_board(scene.path).pair_gap == pytest.approx(0.02)


def test_leaving_an_unchanged_board_asks_nothing(app) -> None:
    from skully_game.scenes.menu import MenuScene

    menu = MenuScene(app)
    app.stack.push(menu)
    scene = open_tuner(app)
    click(app, _leave_button(scene).rect.center)
    assert app.stack.top is menu


def test_the_analysis_runs_in_the_background_and_fills_the_chart(app) -> None:
    scene = open_tuner(app)
    scene.samples = 4
    scene._restart_analysis()
    assert scene.worker.wait(120)
    analysis = scene.worker.analysis()
    assert analysis is not None and len(analysis.per_step) == 30
    scene.select(5)
    app.run_frames(2)
    assert scene._shown_step() is not None
    assert scene._shown_step().step == 5
    type_into(app, scene.entries["box_side"], "32")
    assert scene._shown_step() is None  # the figures were for the board before the edit
    app.run_frames(int(0.5 * 120))  # the board settles: a new study starts
    assert scene.worker.study is not None and scene.worker.study.spec == scene.spec
    assert scene.worker.wait(120)


def test_the_tuner_is_in_the_menu(app) -> None:
    from skully_game.modes import load_modes

    modes = {m.key: m for m in load_modes()}
    assert isinstance(modes["tuner"].make(app), TunerScene)


def test_undo_after_loading_a_board_puts_its_file_back_too(app) -> None:
    mine = boards_dir() / "mine.toml"
    save_board(replace(preset("sidewalk"), name="mine"), mine)
    scene = open_tuner(app)
    scene.load(load_board(mine), mine)
    app.dispatch(key(pygame.K_z, pygame.KMOD_CTRL))
    assert scene.spec == preset("classic") and scene.path is None
    app.dispatch(key(pygame.K_s, pygame.KMOD_CTRL))  # saves a new file, not over mine.toml
    assert load_board(mine).name == "mine"


def test_choosing_another_board_with_unsaved_changes_asks_first(app) -> None:
    scene = open_tuner(app)
    type_into(app, scene.entries["pair_gap"], "2")
    choice = scene.board_choice
    click(app, (choice.rect.right - 10, choice.rect.centery))
    assert scene.spec.pair_gap == pytest.approx(0.02)  # nothing lost yet
    assert choice.value == scene._board_key()
    click(app, (choice.rect.right - 10, choice.rect.centery))
    assert scene.spec.pair_gap == 0.0 and not scene.dirty
    app.dispatch(key(pygame.K_z, pygame.KMOD_CTRL))  # and the edit can still be had back
    assert scene.spec.pair_gap == pytest.approx(0.02)


def test_confirming_a_shown_value_changes_nothing(app) -> None:
    app.update_settings(units=Units.IMPERIAL)
    scene = open_tuner(app)
    entry = scene.entries["start_distance"]
    click(app, entry.rect.center)
    app.dispatch(key(pygame.K_RETURN))
    assert scene.spec == preset("classic") and not scene.history


def test_one_drag_is_one_undo_step(app) -> None:
    scene = open_tuner(app)
    track = scene.sliders["box_side"].track()
    drag(app, (track.x + track.w * 0.3, track.centery), (track.x + track.w * 0.5, track.centery))
    assert scene.spec.box_side != 0.28
    assert len(scene.history) == 1 and scene.undo_button.enabled
    scene.undo()
    assert scene.spec == preset("classic")


def test_typing_into_one_field_then_clicking_the_next_types_there(app) -> None:
    scene = open_tuner(app)
    first, second = scene.entries["pair_gap"], scene.entries["pair_inset"]
    click(app, first.rect.center)
    app.dispatch(key(pygame.K_BACKSPACE))
    app.dispatch(ev(pygame.TEXTINPUT, text="2"))
    click(app, second.rect.center)  # commits the first field and starts editing the second
    assert scene.spec.pair_gap == pytest.approx(0.02)
    assert scene.entries["pair_inset"] is second and second.editing
    app.dispatch(key(pygame.K_BACKSPACE))
    app.dispatch(ev(pygame.TEXTINPUT, text="3"))
    app.dispatch(key(pygame.K_RETURN))
    assert scene.spec.pair_inset == pytest.approx(0.03)


def test_a_typed_value_outside_the_sliders_range_is_refused(app) -> None:
    scene = open_tuner(app)
    type_into(app, scene.entries["box_side"], "5")
    assert scene.spec.box_side == 0.28
    assert scene.message == "Box side: from 10 to 60 cm, not 5"
    app.update_settings(units=Units.IMPERIAL)
    scene = open_tuner(app)
    type_into(app, scene.entries["box_side"], "3 in")
    assert scene.message == "Box side: from 3.9 in to 1 ft 11.6 in, not 3 in"


def test_a_refusal_names_the_limit_in_the_players_units_and_typing_it_works() -> None:
    from skully_game.skully.tuner_model import parse_length

    classic = preset("classic")
    spec, problem = propose(classic, Units.IMPERIAL, skull_side=2.61)
    assert spec is None
    assert problem == "Skull side: the skull would overlap box 1; at most 7 ft 8.1 in"
    limit = parse_length("7 ft 8.1 in", Units.IMPERIAL)
    assert propose(classic, Units.IMPERIAL, skull_side=limit)[0] is not None
    _, problem = propose(classic, Units.METRIC, line_width=0.05)
    assert problem == "Line width: the chalk would be too wide for the boxes; at most 4.99 cm"
    _, problem = propose(classic, Units.METRIC, board_side=1.2)
    assert problem.startswith("Board side: ") and problem.endswith("at least 156 cm")


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_view_takes_in_first_shots_that_stop_beyond_the_board(size, monkeypatch) -> None:
    from ui_helpers import drawn_texts

    app = make_app(size)
    scene = open_tuner(app)
    scene.samples = 4
    scene._restart_analysis()
    assert scene.worker.wait(120)
    s, o = scene.spec.board_side, scene.spec.out_of_town
    far = [(s / 2, s + 1.5), (s + 2.0, s / 2), (-1.0, -1.0)]  # beyond the board, in town
    gone = (s / 2, s + o + 1.0)  # past the out-of-town line: said, not framed
    figures = scene.worker.figures[1]
    scene.worker.figures[1] = replace(figures, landings=(*figures.landings, *far, gone))
    scene.select(1)
    app.run_frames(240)  # the view eases out
    view = scene.viewport()
    for point in (*figures.landings, *far):
        x, y = scene.camera.to_screen(point)
        assert view.inflate(-8, -8).collidepoint(x, y), (point, (x, y), view)
    assert not view.collidepoint(scene.camera.to_screen(gone))
    assert "1 shot stopped out of town, beyond the view" in drawn_texts(app, monkeypatch)
    app.stack.clear()


def test_a_length_fields_tip_gives_examples_of_its_own_size_and_goes_while_typing(app) -> None:
    scene = open_tuner(app)
    box = scene.entries["box_side"]
    assert box.tooltip == "Box side: type a length, such as 28, 28 cm, 11 in"  # not 9 ft 6 in
    board = scene.entries["board_side"]
    assert "290 cm, 9 ft 6.2 in" in board.tooltip
    app.dispatch(ev(pygame.MOUSEMOTION, pos=box.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    assert scene.widgets.tip(app.screen.get_rect())[0] == box.tooltip  # hovered: said
    click(app, box.rect.center)  # typing in it: the tip would hide the rows below
    assert box.editing
    assert scene.widgets.tip(app.screen.get_rect()) is None


def test_a_bars_tip_is_not_drawn_under_a_dialog(monkeypatch) -> None:
    """The chart's hover tip goes with every other tooltip while a dialog (Leave the board
    tuner?) is over the tuner, as widgets' tips do."""
    from skully_game.scenes.tuner.chart import Chart
    from skully_game.shell.widgets import AWAKE
    from skully_game.skully.analysis import StepFigures

    chart = Chart()
    chart.rect = pygame.Rect(0, 0, 800, 240)
    figures = {0: StepFigures(0, "start", "1", 50, 0.5, 2.0, 0.0, 0.0, False, (0, 0), (1, 1), ())}
    tips: list[int] = []
    monkeypatch.setattr(Chart, "_tooltip", lambda self, surface, f, bar: tips.append(f.step))
    surface = pygame.Surface((800, 240))
    chart.draw(surface, figures, 0, hover=0)
    assert tips == [0]
    AWAKE[0] = False  # as the scene stack draws a screen under a dialog
    try:
        chart.draw(surface, figures, 0, hover=0)
    finally:
        AWAKE[0] = True
    assert tips == [0]
