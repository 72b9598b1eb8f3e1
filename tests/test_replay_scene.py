"""The replay viewer and the replays list, driven headless as a player would."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame

from skully_game.scenes.menu import MenuScene
from skully_game.scenes.replay.viewer import (
    NameDialog,
    ReplayScene,
    ReplaysScene,
    Saved,
    entry_label,
    saved_shots,
    shots_dir,
)
from skully_game.scenes.skully.practice import PracticeScene
from skully_game.shell import theme
from skully_game.skully.records import load_shot
from skully_game.skully.replay_check import load_record
from skully_game.skully.saves import MAX_SHOT_NAME, games_dir
from tests.ui_helpers import click, ev, key, make_app

DATA = Path(__file__).parent / "data"


def replay_of(file: str, name: str) -> tuple:
    """The replay of the test file `file` over the menu, in a fresh window."""
    app = make_app()
    app.stack.push(MenuScene(app))
    scene = ReplayScene(app, load_record(DATA / file), name)
    app.stack.push(scene)
    return app, scene


def test_a_game_replays_shot_by_shot_with_its_rulings():
    app, scene = replay_of("game-two-players-finished.json", "two")
    assert len(scene.clips) == 18
    line = scene.source_line()  # whose game and when, not a file name
    assert line.startswith(", ".join(seat.name for seat in scene.record.seats) + " · ")
    assert ".json" not in line and line[-5:-2].endswith(":")
    app.run_frames(5)
    assert scene.table.busy  # the first shot plays
    app.dispatch(key(pygame.K_RIGHT))
    assert scene.index == 1
    app.dispatch(key(pygame.K_SPACE))
    assert scene.table.paused
    app.dispatch(key(pygame.K_RIGHT, pygame.KMOD_SHIFT))  # step within the shot
    assert 0 < scene.time <= 0.06
    app.dispatch(key(pygame.K_PLUS))
    assert scene.table.speedup == 2.0
    scene.scrub(scene.clip.result.duration)
    app.run_frames(3)
    clip = scene.clip
    for k, i in enumerate(clip.caps):
        assert scene.table.positions[i] == clip.result.rest[k]
    assert clip.result.rest == clip.record.rest  # exactly what was recorded
    assert clip.events and any("Ace" in e.text for e in clip.events)
    last = len(scene.clips) - 1
    scene.show(last)
    assert "wins" in " ".join(e.text for e in scene.clips[last].events)


def test_save_a_shot_and_try_it_again_with_a_ghost():
    app, scene = replay_of("shot-break.json", "break")
    app.run_frames(3)
    app.dispatch(key(pygame.K_s))  # a dialog asks for a name
    for _ in range(5):
        app.dispatch(key(pygame.K_BACKSPACE))
    app.dispatch(pygame.event.Event(pygame.TEXTINPUT, text="!"))
    app.dispatch(key(pygame.K_RETURN))
    saved = saved_shots()
    assert len(saved) == 1
    assert saved[0].title.endswith("!")
    assert load_shot(saved[0].path).rest == scene.clip.record.rest
    app.dispatch(key(pygame.K_RETURN))
    practice = app.stack.top
    assert isinstance(practice, PracticeScene)
    assert practice.table.positions == list(scene.clip.record.before)
    assert len(practice.table.ghost) == 8 and len(practice.table.ghost[0]) > 2
    app.run_frames(3)


def test_the_replays_list_shows_saved_games_and_opens_them():
    app = make_app()
    games_dir().mkdir(parents=True)
    shutil.copy(DATA / "game-two-players-finished.json", games_dir() / "a.json")
    app.stack.push(MenuScene(app))
    scene = ReplaysScene(app)
    app.stack.push(scene)
    app.run_frames(2)
    entry = scene.widgets.widgets[2]
    assert "Ace, Bobby" in entry.label and "Ace won" in entry.label and "18 shots" in entry.label
    click(app, entry.rect.center)
    assert isinstance(app.stack.top, ReplayScene)
    app.run_frames(3)
    app.dispatch(key(pygame.K_ESCAPE))
    assert app.stack.top is scene
    click(app, scene.widgets.widgets[1].rect.center)  # the shot library tab
    assert scene.tab == "shots"
    assert shots_dir() is not None


LONG_NAME = "Carmen's impossible bank off the skull into box nine while Dee watched on"


def save_long_named_shot(app) -> Path:
    scene = ReplayScene(app, load_record(DATA / "shot-break.json"), "break")
    assert len(LONG_NAME) <= MAX_SHOT_NAME
    path = scene.save_to_library(LONG_NAME)
    assert path is not None
    return path


def test_the_selected_tab_is_drawn_lit_and_outlined_not_dim():
    app = make_app()
    app.stack.push(MenuScene(app))
    scene = ReplaysScene(app)
    app.stack.push(scene)
    app.draw(0.5)
    games, shots = scene.widgets.widgets[:2]
    assert games.enabled and games.selected and not shots.selected

    def edge(tab) -> tuple[int, int, int]:
        return tuple(app.screen.get_at((tab.rect.centerx, tab.rect.y))[:3])

    assert edge(games) == theme.ACCENT  # outlined in the accent
    assert edge(shots) == theme.PANEL_EDGE  # a plain button to switch to
    click(app, shots.rect.center)
    app.draw(0.5)
    games, shots = scene.widgets.widgets[:2]
    assert shots.selected and edge(shots) == theme.ACCENT and edge(games) == theme.PANEL_EDGE


def test_a_long_shot_name_is_cut_at_a_word_in_the_list_and_wrapped_in_the_viewer():
    app = make_app((1024, 640))
    path = save_long_named_shot(app)
    app.stack.push(MenuScene(app))
    listing = ReplaysScene(app)
    app.stack.push(listing)
    listing._tab("shots")
    entry = listing.widgets.widgets[2]
    font = theme.font(entry.size)
    assert font.size(entry.label)[0] <= entry.rect.w - 20
    assert entry.label == f"{LONG_NAME}   -   8 caps"  # room enough: the whole name
    for width in (300, 420, 560):  # narrower rows: cut between words, the detail whole
        label = entry_label(Saved(path, LONG_NAME, "8 caps"), 21, width)
        assert theme.font(21).size(label)[0] <= width
        title, detail = label.split("   -   ")
        kept = title.removesuffix("...")
        assert detail == "8 caps" and title.endswith("...") and LONG_NAME.startswith(kept)
        assert LONG_NAME[len(kept)] in " ,"
    viewer = ReplayScene.open(app, path)
    app.stack.push(viewer)
    app.run_frames(2)
    lines = viewer.title_lines()
    assert 1 <= len(lines) <= 2
    bold = theme.font(24, True)
    panel_room = 360 - 28
    assert all(bold.size(line)[0] <= panel_room for line in lines)
    assert " ".join(lines).startswith("Carmen's impossible bank")
    assert theme.font(18).size(viewer.source_line())[0] <= panel_room


def test_a_saved_shot_is_named_with_the_games_whole_date():
    app = make_app()
    app.stack.push(MenuScene(app))
    record = load_record(DATA / "game-four-players-unfinished.json")
    scene = ReplayScene(app, record, "2026-11-21T000000_0000-12345.json")  # as games are saved
    app.stack.push(scene)
    scene.show(len(scene.clips) - 1)
    app.dispatch(key(pygame.K_s))
    dialog = app.stack.top
    assert isinstance(dialog, NameDialog)
    assert dialog.field.value == f"{scene.clip.title} (2026-11-21 00:00)"
    app.dispatch(key(pygame.K_RETURN))
    assert saved_shots()[0].title.endswith("(2026-11-21 00:00)")
    long = scene.clips[0]
    object.__setattr__(long, "title", "Shot 1: " + "x" * 90)
    scene.show(0)
    name = scene.default_name()
    assert len(name) <= MAX_SHOT_NAME and name.endswith("... (2026-11-21 00:00)")


def test_the_s_that_opens_the_name_dialog_is_not_typed_into_the_name():
    app, scene = replay_of("game-two-players-finished.json", "two")
    app.dispatch(ev(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s", scancode=0))
    app.dispatch(ev(pygame.TEXTINPUT, text="s"))  # a real window sends the letter after the key
    dialog = app.stack.top
    assert isinstance(dialog, NameDialog) and dialog.field.value == scene.default_name()
    app.dispatch(ev(pygame.TEXTINPUT, text="s"))  # a second s is typed
    assert dialog.field.value == scene.default_name() + "s"


def test_leaving_try_this_shot_comes_back_to_the_replay_at_the_same_shot():
    app = make_app()
    games_dir().mkdir(parents=True)
    shutil.copy(DATA / "game-two-players-finished.json", games_dir() / "a.json")
    menu = MenuScene(app)
    app.stack.push(menu)
    app.stack.push(ReplaysScene(app))
    click(app, app.stack.top.widgets.widgets[2].rect.center)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and len(replay.clips) > 1
    replay.show(1)
    try_button = next(w for w in replay.widgets.widgets if w.label == "Try this shot")
    click(app, try_button.rect.center)
    practice = app.stack.top
    assert isinstance(practice, PracticeScene) and practice.title == "Try again"
    # the caps keep the game's players' names and colours (they were "Cap 1", "Cap 2")
    clip = replay.clips[1]
    players = [replay.looks[seat] for seat in clip.caps]
    assert [look.name for look in practice.table.looks] == [look.name for look in players]
    assert [look.colour for look in practice.table.looks] == [look.colour for look in players]
    assert not any(w.label.startswith("Cap ") for w in practice.widgets.widgets)
    app.run_frames(2)
    back = next(w for w in practice.widgets.widgets if w.label == "Back to the replay")
    click(app, back.rect.center)
    assert app.stack.top is replay and replay.index == 1
    app.run_frames(240)
    assert replay.index == 1  # it waits on that shot
    assert menu in app.stack.scenes


def _play_button(scene: ReplayScene) -> str:
    return next(w.label for w in scene.widgets.widgets if w.label in ("Play", "Pause"))


def test_between_two_shots_the_button_offers_pause_and_space_stops_the_game_there():
    """A game's replay goes on to the next shot by itself: while it will, the button says
    Pause (it said Play), and Space stops it on the shot just shown."""
    app, scene = replay_of("game-two-players-finished.json", "two")
    app.run_frames(3)
    assert _play_button(scene) == "Pause"
    scene.scrub(scene.clip.result.duration)
    for _ in range(30):  # the shot ends; the pause before the next one begins
        app.run_frames(1)
        if scene.table.shot is None:
            break
    assert scene.table.shot is None and scene.index == 0
    assert _play_button(scene) == "Pause"
    app.dispatch(key(pygame.K_SPACE))
    assert _play_button(scene) == "Play"
    app.run_frames(120)  # two seconds: it stays on the first shot
    assert scene.index == 0
    app.dispatch(key(pygame.K_SPACE))  # and goes on to the next
    assert _play_button(scene) == "Pause"
    app.run_frames(120)
    assert scene.index == 1


def test_the_last_shot_ended_offers_play_which_plays_it_again():
    app, scene = replay_of("game-two-players-finished.json", "two")
    scene.show(len(scene.clips) - 1)
    scene.scrub(scene.clip.result.duration)
    for _ in range(30):
        app.run_frames(1)
        if scene.table.shot is None:
            break
    assert _play_button(scene) == "Play"
    app.dispatch(key(pygame.K_SPACE))
    assert scene.table.shot is not None and scene.time < 0.1


def test_space_pauses_even_after_a_click_left_the_focus_on_previous():
    app, scene = replay_of("game-two-players-finished.json", "two")
    for _ in range(3):
        app.dispatch(key(pygame.K_RIGHT))  # on to the fourth shot
    app.run_frames(2)
    previous = next(w for w in scene.widgets.widgets if w.label == "< Previous")
    click(app, previous.rect.center)
    assert scene.index == 2 and _play_button(scene) == "Pause"
    app.dispatch(key(pygame.K_SPACE))
    assert scene.index == 2 and _play_button(scene) == "Play"  # paused, not another shot back


def test_the_replays_list_says_a_games_date_as_the_viewer_and_resume_list_do():
    from skully_game.skully.saves import local_when, summarize_game

    data = {"players": [{"name": "Ace"}, {"name": "Bo"}], "created": "2026-11-21T18:05:00+00:00"}
    title = summarize_game(data, "game.json").title
    when = local_when("2026-11-21T18:05:00+00:00")
    assert title == f"{when}  Ace, Bo" and "2026-" not in title
    assert when.endswith(" 2026 " + when[-5:]) and when[-3] == ":"  # '21 Nov 2026 18:05'


def test_a_game_with_no_shot_yet_replays_its_caps_where_they_were_put_down() -> None:
    from skully_game.scenes.replay.viewer import ReplayScene
    from skully_game.skully.board import preset
    from skully_game.skully.caps import CapType
    from skully_game.skully.rules import RuleOptions, allowed_area, spot_for
    from skully_game.skully.session import Seat, Session
    from tests.ui_helpers import make_app

    seats = (Seat("Ace", CapType.CROWN, 0), Seat("Bo", CapType.LEAD, 1), Seat("Cy", CapType.WAX, 2))
    session = Session(preset("classic"), RuleOptions(), seats, seed=2)
    for who in (0, 1):  # Cy has not put the cap down yet
        d = session.state.decision
        area = allowed_area(session.state, session.options, session.board, d)
        want = area.snap(session.board.box_centre(1))
        session.place(who, spot_for(session.state, session.options, session.board, who, want))
    app = make_app()
    scene = ReplayScene(app, session, "game.json")
    assert scene.table.hidden == {2}
    for i in (0, 1):
        assert scene.table.positions[i] == session.state.players[i].pos
    app.stack.push(scene)
    app.run_frames(3)


def _button(scene, label: str):  # type: ignore[no-untyped-def]
    return next((w for w in scene.widgets.widgets if w.label == label), None)


def test_enter_tries_the_shot_after_saving_it_with_the_button():
    """Save shot clicked, then Save: Enter is *try this shot* again, not another name."""
    app, scene = replay_of("game-two-players-finished.json", "two")
    app.run_frames(3)
    named = scene.index
    click(app, _button(scene, "Save shot").rect.center)
    dialog = app.stack.top
    assert isinstance(dialog, NameDialog)
    click(app, next(w for w in dialog.widgets.widgets if w.label == "Save").rect.center)
    assert app.stack.top is scene and len(saved_shots()) == 1
    app.run_frames(600)  # ten seconds: the replay waits on the shot just named
    assert scene.index == named
    click(app, scene.table.camera.viewport.center)  # a look at the board changes nothing
    app.dispatch(key(pygame.K_RETURN))
    assert isinstance(app.stack.top, PracticeScene), "Enter tries this shot"


def test_a_shot_in_the_library_is_not_offered_for_saving_again():
    from skully_game.scenes.replay.viewer import open_replay

    app = make_app()
    app.stack.push(MenuScene(app))
    game = ReplayScene(app, load_record(DATA / "game-two-players-finished.json"), "two")
    app.stack.push(game)
    path = game.save_to_library("A fine shot")
    assert _button(game, "Save shot") is None, "the shot just saved is in the library"
    app.dispatch(key(pygame.K_RIGHT))
    assert _button(game, "Save shot") is not None, "the next shot is not"
    app.stack.pop()
    open_replay(app, path)
    shot = app.stack.top
    assert isinstance(shot, ReplayScene)
    assert _button(shot, "Save shot") is None
    assert not _button(shot, "In the library").enabled
    app.dispatch(ev(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s", scancode=0))
    assert app.stack.top is shot and len(saved_shots()) == 1, "no copy is made"
