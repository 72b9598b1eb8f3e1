"""Issue 39, section 3: the replays list names every game's board; stepping in a replay plays
that one shot and stops; in the tuner a key goes to one place (the field being typed in, or
the tuner), and Esc first leaves the field, then the tuner."""

from __future__ import annotations

import json
import shutil
from collections import defaultdict
from pathlib import Path

import pygame
import pytest

from skully_game.scenes.menu import MenuScene
from skully_game.scenes.replay.viewer import ReplayScene, ReplaysScene
from skully_game.scenes.skully.practice import PracticeScene
from skully_game.scenes.tuner.scene import TunerScene
from skully_game.skully.board import PRESETS, preset, spec_to_dict
from skully_game.skully.replay_check import load_record
from skully_game.skully.saves import game_listing, games_dir, summarize_game
from skully_game.skully.tuner_model import show_length
from tests.ui_helpers import click, ev, make_app

DATA = Path(__file__).parent / "data"


def press(app, k: int, text: str = "", mod: int = 0) -> None:
    """A key as SDL sends it: KEYDOWN, then its letter as TEXTINPUT (none with Ctrl)."""
    app.dispatch(ev(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0))
    if text and not mod & pygame.KMOD_CTRL:
        app.dispatch(ev(pygame.TEXTINPUT, text=text))


# --- the replays list names every board ---------------------------------------------------------


def _game(file: str, board: str, created: str) -> dict:
    data = json.loads((DATA / file).read_text())
    data["board"] = spec_to_dict(PRESETS[board])
    data["created"] = created
    return data


def test_every_game_in_the_replays_list_names_its_board_finished_or_not() -> None:
    unfinished = _game("game-four-players-unfinished.json", "classic", "2026-11-23T10:00:00")
    finished = _game("game-two-players-finished.json", "sidewalk", "2026-11-22T10:00:00")
    assert summarize_game(unfinished, "a.json").detail == "not finished, 40 shots, classic board"
    assert summarize_game(finished, "b.json").detail == "Ace won, 18 shots, sidewalk board"


def test_the_resume_list_names_the_board_of_a_skully_game_too() -> None:
    from skully_game.scenes.resume import unfinished_games

    make_app()
    games_dir().mkdir(parents=True)
    data = _game("game-four-players-unfinished.json", "sidewalk", "2026-11-23T10:00:00")
    (games_dir() / "g.json").write_text(json.dumps(data))
    (game,) = unfinished_games()[0]
    assert game.detail == "Shot 40 · sidewalk board · Ace, Bobby, Carmen, Dee"  # where it stands


def test_a_board_named_board_is_not_called_board_board() -> None:
    data = _game("game-two-players-finished.json", "classic", "2026-11-22T10:00:00")
    data["board"]["name"] = "Schoolyard board"
    assert summarize_game(data, "c.json").detail == "Ace won, 18 shots, Schoolyard board"


def test_down_goes_from_game_to_game_in_the_replays_list_never_to_a_delete() -> None:
    app = make_app()
    games_dir().mkdir(parents=True)
    for name in ("a", "b"):
        shutil.copy(DATA / "game-two-players-finished.json", games_dir() / f"{name}.json")
    assert len(game_listing().entries) == 2
    app.stack.push(MenuScene(app))
    scene = ReplaysScene(app)
    app.stack.push(scene)
    labels = lambda: scene.widgets.widgets[scene.widgets.focus].label  # noqa: E731
    press(app, pygame.K_DOWN)  # from nothing: the first game, not the tab beside
    assert scene.widgets.focus == 2 and "Ace won" in labels()
    press(app, pygame.K_DOWN)
    assert scene.widgets.focus == 4 and "Ace won" in labels()  # the next game
    press(app, pygame.K_RIGHT)
    assert labels() == "Delete"
    press(app, pygame.K_UP)
    assert scene.widgets.focus == 3  # Delete to Delete
    press(app, pygame.K_UP)
    assert labels() == "Saved games"
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    assert labels() == "Back"
    press(app, pygame.K_UP)
    assert scene.widgets.focus == 4  # the last game
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, ReplayScene)


# --- stepping in a replay ---------------------------------------------------------------------


def replay() -> tuple:
    app = make_app()
    app.stack.push(MenuScene(app))
    scene = ReplayScene(app, load_record(DATA / "game-two-players-finished.json"), "two")
    app.stack.push(scene)
    app.run_frames(3)
    return app, scene


def _play_label(scene: ReplayScene) -> str:
    return next(w.label for w in scene.widgets.widgets if w.label in ("Play", "Pause"))


def _run_to_end_of_shot(app, scene: ReplayScene) -> None:
    for _ in range(1200):
        if scene.table.shot is None:
            return
        app.run_frames(1)
    raise AssertionError("the shot never ended")


@pytest.mark.parametrize("how", ["key", "button"])
def test_a_step_plays_that_shot_and_stops_at_its_end(how: str) -> None:
    app, scene = replay()
    if how == "key":
        press(app, pygame.K_RIGHT)
    else:
        click(app, next(w for w in scene.widgets.widgets if w.label == "Next >").rect.center)
    assert scene.index == 1 and scene.table.shot is not None and scene.time < 0.1
    assert _play_label(scene) == "Pause"  # it plays
    _run_to_end_of_shot(app, scene)
    app.run_frames(240)  # four seconds: no next shot
    assert scene.index == 1 and _play_label(scene) == "Play"
    clip = scene.clip
    for k, i in enumerate(clip.caps):  # stopped at the shot's end, the caps at rest
        assert scene.table.positions[i] == clip.result.rest[k]
    if how == "key":
        press(app, pygame.K_LEFT)
    else:
        click(app, next(w for w in scene.widgets.widgets if w.label == "< Previous").rect.center)
    assert scene.index == 0
    _run_to_end_of_shot(app, scene)
    app.run_frames(240)
    assert scene.index == 0


def test_space_after_a_step_plays_on_through_the_following_shots() -> None:
    app, scene = replay()
    press(app, pygame.K_RIGHT, " ")
    _run_to_end_of_shot(app, scene)
    app.run_frames(120)
    assert scene.index == 1
    press(app, pygame.K_SPACE, " ")  # plays on: the next shot at once, then the ones after
    assert scene.index == 2 and scene.table.shot is not None
    seen = {scene.index}
    for _ in range(40):
        app.run_frames(30)
        seen.add(scene.index)
    assert {2, 3, 4} <= seen


def test_space_in_the_middle_of_a_stepped_shot_pauses_and_plays_on() -> None:
    app, scene = replay()
    press(app, pygame.K_RIGHT)
    app.run_frames(5)
    press(app, pygame.K_SPACE, " ")
    assert scene.table.paused and _play_label(scene) == "Play" and scene.index == 1
    press(app, pygame.K_SPACE, " ")
    assert not scene.table.paused and scene.autoplay  # Space plays on, past this shot
    _run_to_end_of_shot(app, scene)
    app.run_frames(150)
    assert scene.index == 2


def test_stepping_past_the_first_or_last_shot_does_nothing() -> None:
    app, scene = replay()
    app.run_frames(30)
    t = scene.time
    press(app, pygame.K_LEFT)  # Previous is dimmed here, and the key agrees
    assert scene.index == 0 and scene.time >= t and scene.autoplay
    scene.step(len(scene.clips) - 1)
    _run_to_end_of_shot(app, scene)
    press(app, pygame.K_RIGHT)
    assert scene.index == len(scene.clips) - 1 and scene.table.shot is None


def _hold(monkeypatch, *keys: int) -> None:
    held = defaultdict(bool, {k: True for k in keys})
    monkeypatch.setattr(pygame.key, "get_pressed", lambda: held)


def test_the_enter_held_from_the_list_does_not_try_the_shot(monkeypatch) -> None:
    app = make_app()
    games_dir().mkdir(parents=True)
    shutil.copy(DATA / "game-two-players-finished.json", games_dir() / "a.json")
    app.stack.push(MenuScene(app))
    listing = ReplaysScene(app)
    app.stack.push(listing)
    press(app, pygame.K_DOWN)
    _hold(monkeypatch, pygame.K_RETURN)
    press(app, pygame.K_RETURN)  # opens the replay; the key is still down
    scene = app.stack.top
    assert isinstance(scene, ReplayScene)
    for _ in range(5):
        press(app, pygame.K_RETURN)  # its repeats
    assert app.stack.top is scene
    app.dispatch(ev(pygame.KEYUP, key=pygame.K_RETURN, mod=0))
    press(app, pygame.K_RETURN)  # pressed again: Try this shot
    assert isinstance(app.stack.top, PracticeScene)


def test_the_esc_held_from_try_this_shot_does_not_close_the_replay(monkeypatch) -> None:
    app, scene = replay()
    press(app, pygame.K_RETURN)
    practice = app.stack.top
    assert isinstance(practice, PracticeScene)
    _hold(monkeypatch, pygame.K_ESCAPE)
    practice.app.stack.pop()  # as its Esc does: back to the replay with Esc still down
    assert app.stack.top is scene
    press(app, pygame.K_ESCAPE)  # a repeat
    assert app.stack.top is scene
    app.dispatch(ev(pygame.KEYUP, key=pygame.K_ESCAPE, mod=0))
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is not scene


def test_the_replays_key_hint_says_what_the_arrows_and_space_do(monkeypatch) -> None:
    from tests.ui_helpers import drawn_texts

    for size in ((1280, 800), (1024, 640)):
        app = make_app(size)
        app.stack.push(ReplayScene(app, load_record(DATA / "shot-break.json"), "break"))
        app.run_frames(2)
        said = drawn_texts(app, monkeypatch)
        assert any(
            t.startswith("Left/Right: a shot, then stop") and "Space: play on" in t for t in said
        )


# --- the tuner: one key, one place --------------------------------------------------------------


@pytest.fixture
def tuner():
    app = make_app()
    app.stack.push(MenuScene(app))
    scene = TunerScene(app)
    scene.worker.stop()
    app.stack.push(scene)
    app.run_frames(2)
    yield app, scene
    app.stack.clear()


def _retype(app, entry, text: str) -> None:
    click(app, entry.rect.center)
    press(app, pygame.K_a, "a", pygame.KMOD_CTRL)  # select it all: the next letter replaces it
    for ch in text:
        press(app, 0, ch)


def test_after_a_refused_value_a_bracket_is_typed_into_the_field_only(tuner) -> None:
    app, scene = tuner
    entry = scene.entries["box_side"]
    _retype(app, entry, "90")
    press(app, pygame.K_RETURN)
    assert scene.message.startswith("Box side:") and scene.spec.box_side == 0.28
    assert entry.editing and entry.selected and entry.value == "90"  # kept, to be put right
    assert scene._way_out() == "Type another, or Esc to keep 28 cm"  # said under the refusal
    step = scene.selected
    press(app, pygame.K_RIGHTBRACKET, "]")
    assert entry.value == "]" and scene.selected == step  # the map stays where it was


def test_esc_after_a_refused_value_puts_the_old_one_back_then_leaves_the_tuner(tuner) -> None:
    app, scene = tuner
    entry = scene.entries["box_side"]
    _retype(app, entry, "90")
    press(app, pygame.K_RETURN)
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is scene  # the first Esc leaves the field only
    assert entry.value == "28" and not entry.editing and scene.spec == preset("classic")
    assert scene._way_out() == ""
    step = scene.selected
    press(app, pygame.K_RIGHTBRACKET, "]")  # the tuner's key again, typed nowhere
    assert scene.selected == (step + 1) and entry.value == "28" and not entry.editing
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is not scene  # the second leaves the tuner (nothing to save)


def test_with_the_field_focused_but_not_typed_in_brackets_and_v_are_the_tuners(tuner) -> None:
    app, scene = tuner
    entry = scene.entries["box_side"]
    _retype(app, entry, "30")
    press(app, pygame.K_RETURN)
    assert scene.spec.box_side == pytest.approx(0.30) and not entry.editing
    step = scene.selected
    press(app, pygame.K_RIGHTBRACKET, "]")
    press(app, pygame.K_LEFTBRACKET, "[")
    press(app, pygame.K_RIGHTBRACKET, "]")
    assert scene.selected == step + 1
    press(app, pygame.K_v, "v")
    assert scene.town_view
    assert entry.value == "30" and not entry.editing  # not one letter typed
    press(app, 0, "3")  # a digit starts typing in the focused field: a new number
    press(app, 0, "2")
    assert entry.editing and entry.value == "32"


def test_held_bracket_moves_the_map_once_per_repeat_and_types_nothing(tuner) -> None:
    """Held down in a real window, a key's repeats come as KEYDOWNs in a row with their
    letters bunched after them (or not at all), not in pairs."""
    app, scene = tuner
    entry = scene.entries["pair_gap"]
    click(app, entry.rect.center)
    press(app, pygame.K_RETURN)  # Enter leaves the typing; the focus stays on the field
    assert not entry.editing
    before = entry.value
    press(app, pygame.K_RIGHTBRACKET, "]")
    for _ in range(6):
        app.dispatch(ev(pygame.KEYDOWN, key=pygame.K_RIGHTBRACKET, mod=0, unicode="]", scancode=0))
    for _ in range(2):
        app.dispatch(ev(pygame.TEXTINPUT, text="]"))
    assert scene.selected == 8 and entry.value == before and not entry.editing


def test_tab_out_of_a_typed_value_applies_it_and_out_of_a_refused_one_puts_it_back(tuner) -> None:
    app, scene = tuner
    gap = scene.entries["pair_gap"]
    _retype(app, gap, "3")
    press(app, pygame.K_TAB)
    assert scene.spec.pair_gap == pytest.approx(0.03) and gap.value == "3" and not gap.editing
    box = scene.entries["box_side"]
    _retype(app, box, "90")
    press(app, pygame.K_TAB)
    assert box.value == "28" and not box.editing and scene.message.startswith("Box side:")


def test_a_click_on_the_board_while_typing_applies_the_value(tuner) -> None:
    app, scene = tuner
    gap = scene.entries["pair_gap"]
    _retype(app, gap, "3")
    click(app, scene.viewport().center)
    assert scene.spec.pair_gap == pytest.approx(0.03) and not gap.editing


def test_ctrl_z_while_typing_takes_back_the_typing_not_the_last_edit(tuner) -> None:
    app, scene = tuner
    gap = scene.entries["pair_gap"]
    _retype(app, gap, "3")
    press(app, pygame.K_RETURN)
    edited = scene.spec
    box = scene.entries["box_side"]
    _retype(app, box, "35")
    press(app, pygame.K_z, "z", pygame.KMOD_CTRL)
    assert scene.spec == edited and box.value == "28" and not box.editing
    press(app, pygame.K_z, "z", pygame.KMOD_CTRL)  # not typing now: the board's undo
    assert scene.spec == preset("classic")


def test_ctrl_s_while_typing_saves_the_value_typed(tuner) -> None:
    app, scene = tuner
    _retype(app, scene.entries["pair_gap"], "3")
    press(app, pygame.K_s, "s", pygame.KMOD_CTRL)
    assert scene.spec.pair_gap == pytest.approx(0.03) and not scene.dirty
    assert scene.entries["pair_gap"].value == show_length(0.03, app.settings.units)


def test_a_held_esc_asks_to_leave_once_and_does_not_flicker_the_question(
    tuner, monkeypatch
) -> None:
    from skully_game.scenes.tuner.leave import LeaveDialog

    app, scene = tuner
    _retype(app, scene.entries["pair_gap"], "3")
    press(app, pygame.K_RETURN)
    assert scene.dirty
    _hold(monkeypatch, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)
    dialog = app.stack.top
    assert isinstance(dialog, LeaveDialog)
    for _ in range(5):
        press(app, pygame.K_ESCAPE)  # its repeats: the question stays up
    assert app.stack.top is dialog
    app.dispatch(ev(pygame.KEYUP, key=pygame.K_ESCAPE, mod=0))
    press(app, pygame.K_ESCAPE)  # pressed again: Keep editing, and the key is down once more
    assert app.stack.top is scene
    for _ in range(5):
        press(app, pygame.K_ESCAPE)  # held on: not asked again
    assert app.stack.top is scene
    app.dispatch(ev(pygame.KEYUP, key=pygame.K_ESCAPE, mod=0))
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, LeaveDialog)


def test_tab_to_a_length_then_enter_or_a_digit_types_a_new_number(tuner) -> None:
    app, scene = tuner
    entry = scene.entries["box_side"]
    scene.widgets.focus = scene.widgets.widgets.index(entry)  # as Tab brings it there
    press(app, pygame.K_RETURN)
    assert entry.editing and entry.selected
    press(app, 0, "3")
    press(app, 0, "0")
    press(app, pygame.K_RETURN)
    assert scene.spec.box_side == pytest.approx(0.30)
    press(app, pygame.K_TAB)
    press(app, pygame.K_TAB)  # on to the next field (past its slider): "20" at rest
    thirteen = scene.entries["thirteen_side"]
    assert scene.widgets.widgets[scene.widgets.focus] is thirteen and not thirteen.editing
    press(app, 0, "2")
    press(app, 0, "5")
    press(app, pygame.K_RETURN)
    assert scene.spec.thirteen_side == pytest.approx(0.25)


def test_a_computer_seat_is_named_so_in_the_lists() -> None:
    """A play-test found two Resume rows "Ace, Bobby" and could not tell the game against the
    computer from the one at a shared desk."""
    data = _game("game-two-players-finished.json", "classic", "2026-11-22T10:00:00")
    data["players"][0]["kind"] = "human"
    data["players"][1]["kind"] = "regular"
    people = _game("game-two-players-finished.json", "classic", "2026-11-22T10:00:00")
    for player in people["players"]:
        player["kind"] = "human"
    names = [p["name"] for p in data["players"]]
    against = summarize_game(data, "a.json")
    assert against.title.endswith(f"{names[0]}, {names[1]} (computer)")
    assert against.value.line().endswith(f"{names[0]}, {names[1]} (computer)")
    assert summarize_game(people, "b.json").title.endswith(f"{names[0]}, {names[1]}")
