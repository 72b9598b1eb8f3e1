"""Replays: jump to what matters. The game's moments (kills, hits, the skull, a new killer) are
found in its rulings; N, Shift+N, K, Home, End and the Moments list land at the start of a shot
and stop at its end."""

from __future__ import annotations

from pathlib import Path

import pygame

from skully_game.scenes.menu import MenuScene
from skully_game.scenes.replay.moments import Moment, MomentKind, moment_of, moments_of
from skully_game.scenes.replay.momentsdialog import MomentsDialog
from skully_game.scenes.replay.viewer import ReplayScene
from skully_game.shell.widgets import Button
from skully_game.skully.replay_check import load_record
from skully_game.skully.rules.events import Hit, Missed, Stuck, Winner
from tests.ui_helpers import click, key, make_app

DATA = Path(__file__).parent / "data"
# the two-player game's moments: Ace's pipsies on shots 2-9, Ace becomes a killer (shot 14),
# hits Bobby twice, and wins
PIPSIES = list(range(1, 9))
MOMENT_SHOTS = [*PIPSIES, 13, 15, 16, 17]


def replay(file: str = "game-two-players-finished.json") -> tuple:
    app = make_app()
    app.stack.push(MenuScene(app))
    scene = ReplayScene(app, load_record(DATA / file), "game")
    app.stack.push(scene)
    return app, scene


def landed_at_start(scene: ReplayScene, index: int) -> bool:
    """The shot shown is `index`, from its start, and the replay will stop at its end."""
    return (
        scene.index == index
        and scene.table.shot is not None
        and scene.time == 0.0
        and not scene.autoplay
    )


def test_a_shot_is_named_for_its_weightiest_ruling_and_a_plain_one_is_no_moment():
    hit = Hit("Ace hit Bobby", 0, 1, 1)
    assert moment_of(4, [Missed("Ace missed", 0)]) is None
    assert moment_of(4, [hit, Stuck("Bobby is stuck", 1)]) == Moment(
        4, MomentKind.SKULL, "Bobby is stuck"
    )
    assert moment_of(2, [hit, Winner("Ace wins!", 0)]).kind is MomentKind.WIN
    assert moment_of(4, [hit]).label == "Shot 5: Ace hit Bobby"


def test_the_games_moments_are_its_killer_its_hits_and_its_end():
    _app, scene = replay()
    moments = moments_of(scene.clips)
    assert [m.shot for m in moments] == MOMENT_SHOTS
    assert [m.kind for m in moments] == [MomentKind.PIPSIES] * len(PIPSIES) + [
        MomentKind.KILLER,
        MomentKind.HIT,
        MomentKind.HIT,
        MomentKind.WIN,
    ]
    assert moments[len(PIPSIES) + 1].label == "Shot 16: Ace hit Bobby (1/3)"
    assert moments[0].label == "Shot 2: Ace made 2, pipsies +2"


def test_n_and_shift_n_jump_to_the_next_and_previous_moment_from_its_start():
    app, scene = replay()
    app.dispatch(key(pygame.K_n))
    assert landed_at_start(scene, 1)  # pipsies
    scene.step(9)
    app.dispatch(key(pygame.K_n))
    assert landed_at_start(scene, 13)
    app.dispatch(key(pygame.K_n))
    assert landed_at_start(scene, 15)
    app.dispatch(key(pygame.K_n, pygame.KMOD_SHIFT))
    assert landed_at_start(scene, 13)
    app.dispatch(key(pygame.K_k))  # the next player put out: the winning shot
    assert landed_at_start(scene, 17)
    app.dispatch(key(pygame.K_n))  # nothing after the last: said, and the shot stays
    assert scene.index == 17
    assert app.toasts[-1].message == "No moment after this shot"


def test_home_and_end_and_the_last_button_go_to_the_first_and_last_shot():
    app, scene = replay()
    app.dispatch(key(pygame.K_END))
    assert landed_at_start(scene, 17)
    app.dispatch(key(pygame.K_HOME))
    assert landed_at_start(scene, 0)
    last = next(w for w in scene.widgets.widgets if w.label == "Last >|")
    click(app, last.rect.center)
    assert landed_at_start(scene, 17)


def test_the_moments_list_names_each_with_its_shot_and_a_click_jumps_there():
    app, scene = replay()
    app.dispatch(key(pygame.K_m))
    dialog = app.stack.top
    assert isinstance(dialog, MomentsDialog)
    rows = [w.label for w in dialog.widgets.widgets if w.label.startswith("Shot ")]
    assert rows[0] == "Shot 2: Ace made 2, pipsies +2"
    assert rows[len(PIPSIES) :] == [
        "Shot 14: Ace is a killer",
        "Shot 16: Ace hit Bobby (1/3)",
        "Shot 17: Ace hit Bobby (2/3)",
        "Shot 18: Ace wins!",
    ]
    hits = next(w for w in dialog.widgets.widgets if w.label == "Hits")
    click(app, hits.rect.center)  # the tab narrows the list, the last shot still offered
    rows = [w for w in dialog.widgets.widgets if isinstance(w, Button) and "Shot " in w.label]
    assert [r.label for r in rows] == [
        "Shot 16: Ace hit Bobby (1/3)",
        "Shot 17: Ace hit Bobby (2/3)",
        "Shot 18: Ace hit Bobby (3/3)",  # the winning shot's hit is a hit too
    ]
    click(app, rows[1].rect.center)
    assert app.stack.top is scene
    assert landed_at_start(scene, 16)


def test_a_single_saved_shot_offers_no_moments():
    app, scene = replay("shot-break.json")
    moments = next(w for w in scene.widgets.widgets if w.label == "Moments")
    assert not moments.enabled
    app.dispatch(key(pygame.K_m))
    assert app.stack.top is scene


def test_a_long_list_scrolls_and_no_row_runs_under_the_close_button():
    for size in ((1280, 800), (1024, 640)):
        app = make_app(size)
        jumps: list[int] = []
        many = [Moment(3 * k, MomentKind.HIT, "Ace hit Bobby") for k in range(40)]
        dialog = MomentsDialog(app, many, 130, 0, jumps.append)
        app.stack.push(dialog)
        close = next(w for w in dialog.widgets.widgets if w.label == "Close")
        rows = [w for w in dialog.widgets.widgets if w.label.startswith("Shot ")]
        assert 5 < len(rows) < 41
        assert all(r.rect.bottom < close.rect.top for r in rows)
        assert all(dialog.box.contains(w.rect) for w in dialog.widgets.widgets)
        app.dispatch(key(pygame.K_PAGEDOWN))
        first = next(w for w in dialog.widgets.widgets if w.label.startswith("Shot "))
        assert first.label == f"Shot {3 * len(rows) + 1}: Ace hit Bobby"
        dialog.scroll(1000)  # the end: the last shot is the last row
        last = [w for w in dialog.widgets.widgets if w.label.startswith("Shot ")][-1]
        assert last.label == "Shot 130: the last shot"
