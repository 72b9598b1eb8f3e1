"""Keys never betray the player: the focus rule of shell/focus.py on its own, the confirm dialog,
and at the Skully table no sequence of keys leaves the game unless a question was answered Yes."""

from __future__ import annotations

import copy
import itertools
import math
import random

import pygame
import pytest

from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skully.practice import PracticeScene
from skully_game.scenes.skully.setup import Seat as SetupSeat
from skully_game.scenes.skully.table import SkullyGameScene
from skully_game.shell.dialogs import ConfirmDialog
from skully_game.shell.focus import PANEL_KEY, Keys
from skully_game.shell.scene import Scene
from skully_game.shell.widgets import Button, Choice, WidgetGroup
from skully_game.skully.game_setup import GameSetup
from skully_game.skully.session import Session
from tests.ui_helpers import (
    ask_leave,
    click,
    ev,
    flick_to_stop_at,
    key,
    make_app,
    run_until_still,
)

TABLE_KEYS = (
    pygame.K_TAB,
    pygame.K_SPACE,
    pygame.K_RETURN,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_ESCAPE,
)


def up(pos: tuple[int, int]) -> pygame.event.Event:
    return ev(pygame.MOUSEBUTTONUP, pos=pos, button=1)


def down(pos: tuple[int, int]) -> pygame.event.Event:
    return ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


class Pressed:
    """Buttons that count their presses."""

    def __init__(self, *labels: str, hotkey: int | None = None) -> None:
        self.count = dict.fromkeys(labels, 0)
        self.buttons = [
            Button(pygame.Rect(10, 10 + 50 * i, 200, 40), label, on_click=self._press(label))
            for i, label in enumerate(labels)
        ]
        if hotkey is not None:
            self.buttons[-1].hotkey = hotkey

    def _press(self, label: str):
        def press() -> None:
            self.count[label] += 1

        return press


# --- the rule on its own ---------------------------------------------------------------------


def test_a_form_moves_focus_with_the_keys_and_presses_with_enter():
    pressed = Pressed("Start", "Settings", "Quit")
    group = WidgetGroup(pressed.buttons)  # a form: the widgets are the screen
    assert group.has_keys
    assert group.handle(key(pygame.K_DOWN)) and group.focus == 0
    assert group.handle(key(pygame.K_TAB)) and group.focus == 1
    assert group.handle(key(pygame.K_TAB, pygame.KMOD_SHIFT)) and group.focus == 0
    assert group.handle(key(pygame.K_UP)) and group.focus == 2
    assert group.handle(key(pygame.K_RETURN))
    assert pressed.count == {"Start": 0, "Settings": 0, "Quit": 1}
    # a click presses the button and focuses it, as on any form
    assert group.handle(up(pressed.buttons[1].rect.center))
    assert group.focus == 1 and pressed.count["Settings"] == 1


def test_beside_a_table_the_widgets_take_none_of_the_tables_keys():
    pressed = Pressed("Computer pace", "Save and leave")
    group = WidgetGroup(pressed.buttons, keys=Keys.TABLE)
    assert not group.has_keys
    for k in TABLE_KEYS:
        for mod in (0, pygame.KMOD_SHIFT):
            assert not group.handle(key(k, mod)), pygame.key.name(k)
    assert group.focus == -1
    assert pressed.count == {"Computer pace": 0, "Save and leave": 0}


def test_a_click_beside_a_table_presses_but_leaves_no_focus():
    pressed = Pressed("Computer pace", "Save and leave")
    group = WidgetGroup(pressed.buttons, keys=Keys.TABLE)
    at = pressed.buttons[0].rect.center
    group.handle(down(at))
    assert group.handle(up(at))
    assert pressed.count["Computer pace"] == 1
    assert group.focus == -1
    for k in TABLE_KEYS:  # and so the keys after it are still the table's
        assert not group.handle(key(k))
    assert pressed.count == {"Computer pace": 1, "Save and leave": 0}


def test_a_widgets_own_hotkey_works_beside_a_table():
    pressed = Pressed("Save", "Computer pace", hotkey=pygame.K_p)
    group = WidgetGroup(pressed.buttons, keys=Keys.TABLE)
    assert group.handle(key(pygame.K_p))
    assert pressed.count["Computer pace"] == 1 and group.focus == -1


def test_left_and_right_move_along_a_row_of_buttons():
    """Buckshot | Cannonball, or a row of bids: after F6, Left and Right go to the button
    beside, so Enter presses the one the player moved to (they did nothing before)."""
    row = [
        Button(pygame.Rect(10 + 110 * i, 300, 100, 40), label, on_click=lambda n=label: hit(n))
        for i, label in enumerate(("Buckshot", "Cannonball", "Bid 3"))
    ]
    hits: list[str] = []

    def hit(label: str) -> None:
        hits.append(label)

    sheet = Button(pygame.Rect(10, 400, 320, 40), "Score sheet")
    group = WidgetGroup([*row, sheet], keys=Keys.TABLE)
    group.handle(key(PANEL_KEY))
    group.focus = 1  # on Cannonball
    assert group.handle(key(pygame.K_LEFT)) and group.focus == 0
    assert group.handle(key(pygame.K_LEFT)) and group.focus == 0  # nothing further left
    assert group.handle(key(pygame.K_RIGHT)) and group.handle(key(pygame.K_RIGHT))
    assert group.focus == 2
    group.handle(key(pygame.K_RETURN))
    assert hits == ["Bid 3"]
    group.focus = 3  # alone in its row: Left and Right stay
    assert group.handle(key(pygame.K_RIGHT)) and group.focus == 3


def test_f6_hands_the_keys_to_the_widgets_and_esc_or_a_click_gives_them_back():
    pressed = Pressed("Computer pace", "Save and leave")
    choice = Choice(pygame.Rect(10, 200, 200, 40), "Switchsies", options=[(1, "a"), (2, "b")])
    group = WidgetGroup([choice, *pressed.buttons], keys=Keys.TABLE)
    assert group.handle(key(PANEL_KEY))
    assert group.has_keys and group.focus == 0
    assert group.handle(key(pygame.K_RIGHT)) and choice.value == 2  # a choice takes Left/Right
    assert group.handle(key(pygame.K_DOWN)) and group.focus == 1
    assert group.handle(key(pygame.K_SPACE))
    assert pressed.count["Computer pace"] == 1
    assert group.handle(key(pygame.K_LEFT))  # held by the widgets, not half passed to the table
    assert group.handle(key(pygame.K_ESCAPE)) and not group.has_keys
    assert not group.handle(key(pygame.K_ESCAPE))  # the next Esc is the table's again
    assert group.handle(key(PANEL_KEY)) and group.has_keys
    assert group.handle(key(PANEL_KEY)) and not group.has_keys
    group.handle(key(PANEL_KEY))
    group.handle(down((900, 700)))  # a click anywhere, on the board too
    assert not group.has_keys


def test_a_new_layout_beside_a_table_never_moves_the_focus_to_another_widget():
    def layout(*labels: str) -> list[Button]:
        return [
            Button(pygame.Rect(10, 10 + 50 * i, 200, 40), label) for i, label in enumerate(labels)
        ]

    group = WidgetGroup(layout("Move cap within 3", "Save and leave"), keys=Keys.TABLE)
    group.set(layout("Computer pace", "Save and leave"))  # a computer's move changes the panel
    assert group.focus == -1, "nothing takes the focus by itself"
    group.handle(key(PANEL_KEY))
    assert group.widgets[group.focus].label == "Computer pace"
    group.set(layout("Switchsies", "Computer pace", "Save and leave"))
    assert group.widgets[group.focus].label == "Computer pace", "the focus stays on its widget"
    group.set(layout("Save and leave"))
    assert group.focus == -1, "its widget is gone: the keys go back to the game"


# --- the confirm dialog ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("keys", "answer"),
    [
        ((pygame.K_RETURN,), False),
        ((pygame.K_SPACE,), False),
        ((pygame.K_ESCAPE,), False),
        ((pygame.K_n,), False),
        ((pygame.K_y,), True),
        ((pygame.K_RIGHT, pygame.K_RETURN), True),
        ((pygame.K_TAB, pygame.K_RETURN), True),  # Tab walks to Yes, as in every form
        ((pygame.K_TAB, pygame.K_TAB, pygame.K_SPACE), False),  # and round again
        ((pygame.K_TAB, pygame.K_RIGHT, pygame.K_RETURN), False),
        ((pygame.K_RIGHT, pygame.K_ESCAPE), False),
    ],
)
def test_the_confirm_dialog_stays_unless_told_yes(keys, answer):
    app = make_app()
    dialog, answers = ask_leave(app)
    for k in keys:
        app.dispatch(key(k))
    assert answers == [answer] and dialog.answer is answer
    assert app.stack.top is not dialog
    app.dispatch(key(pygame.K_y))  # answered once: a later key asks nothing
    assert answers == [answer]


def test_the_confirm_dialog_answers_clicks_and_keeps_every_other_event():
    app = make_app()
    dialog, answers = ask_leave(app)
    app.run_frames(2)
    click(app, (5, 5))  # outside the box: the screen below gets nothing
    assert answers == [] and app.stack.top is dialog
    click(app, dialog.yes_button.rect.center)
    assert answers == [True] and app.stack.top is not dialog


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640), (640, 400)])
def test_the_confirm_dialog_fits_the_window(size):
    app = make_app(size)
    dialog, _ = ask_leave(app)
    app.run_frames(1)
    screen = pygame.Rect(0, 0, *size)
    assert screen.contains(dialog.box)
    for button in (dialog.yes_button, dialog.no_button):
        assert dialog.box.contains(button.rect)
    assert not dialog.yes_button.rect.colliderect(dialog.no_button.rect)


# --- at the Skully table -----------------------------------------------------------------------


def settle(app, scene: SkullyGameScene, limit: int = 4000) -> None:
    """Let placements and computer players act until a person must shoot."""
    for _ in range(limit):
        state = scene.state
        who = scene.actor()
        if (
            who is not None
            and who not in scene.planners
            and state.can_shoot
            and not state.pending
            and not scene.table.busy
        ):
            return
        if who is not None and who not in scene.planners and scene._placement() is not None:
            app.dispatch(key(pygame.K_RETURN))
        app.run_frames(1)
        if scene.thinking is not None:
            scene.thinking.result()
    raise AssertionError("a person never got the turn")


@pytest.fixture(scope="module")
def games() -> dict[str, Session]:
    """A game of a person (Ace) and a computer player (Cy): just after Ace's first shot, the
    computer to move; and after the computer's move, Ace's turn again."""
    app = make_app()
    app.stack.push(MenuScene(app))
    setup = GameSetup(seats=[SetupSeat("Ace", 0), SetupSeat("Cy", 1, kind="regular")], seed=11)
    scene = SkullyGameScene.new(app, setup)
    app.stack.push(scene)
    app.dispatch(key(pygame.K_p))  # P: the computer's pace, fast
    assert scene.fast
    settle(app, scene)
    assert scene.state.to_play == 0
    shots = scene.state.shots
    x, y = scene.table.positions[0]
    flick_to_stop_at(app, scene.table, 0, (x - 0.1, y - 0.1))  # short of box 1: a miss
    run_until_still(app, scene.table)
    for _ in range(100):
        if scene.actor() == 1:
            break
        if scene._placement() is not None:
            app.dispatch(key(pygame.K_RETURN))
        app.run_frames(1)
    assert scene.actor() == 1
    computer_to_move = copy.deepcopy(scene.session)
    settle(app, scene)
    assert scene.state.shots >= shots + 2, "Ace shot, and so did the computer"
    assert scene.state.to_play == 0
    computer_moved = copy.deepcopy(scene.session)
    app.stack.clear()
    return {"computer to move": computer_to_move, "computer moved": computer_moved}


def table_at(session: Session, tmp_path, app=None) -> tuple:
    """The game at the table, over the screen it was started from (a plain one: quicker than
    the menu), in a fresh window unless one is given."""
    app = app or make_app()
    app.stack.clear()
    app.stack.push(Scene(app))
    scene = SkullyGameScene(app, copy.deepcopy(session), tmp_path / "game.json")
    app.stack.push(scene)
    scene.opened_by_click = False  # (the last table's click was moments ago: not a double click)
    return app, scene


def widget(scene: SkullyGameScene, prefix: str) -> Button:
    return next(w for w in scene.widgets.widgets if w.label.startswith(prefix))


def sequences(count: int, seed: int) -> list[tuple[int, ...]]:
    """Every sequence of one or two keys, Esc then a move then Enter (the way to Yes), and a
    seeded sample of three and four."""
    short = [s for n in (1, 2) for s in itertools.product(TABLE_KEYS, repeat=n)]
    rng = random.Random(seed)
    longer = [
        tuple(rng.choice(TABLE_KEYS) for _ in range(rng.choice((3, 4)))) for _ in range(count)
    ]
    toward_yes = [
        (pygame.K_ESCAPE, move, pygame.K_RETURN) for move in TABLE_KEYS[:1] + TABLE_KEYS[3:7]
    ]
    return short + toward_yes + longer


def play_keys(app, scene: SkullyGameScene, keys: tuple[int, ...]) -> bool:
    """Press the keys; True when a leave question was answered Yes on the way."""
    said_yes = False
    for k in keys:
        top = app.stack.top
        app.dispatch(key(k))
        if isinstance(top, ConfirmDialog) and top.answer:
            said_yes = True
    return said_yes


@pytest.mark.slow
@pytest.mark.parametrize("before", ["computer moved", "pace clicked", "computer to move"])
def test_no_key_sequence_leaves_the_table_without_a_yes(games, tmp_path, before):
    session = games["computer to move" if before == "computer to move" else "computer moved"]
    left = 0
    app = make_app()
    for keys in sequences(50, seed=len(before)):
        app.update_settings(fast_computers=False)  # (the pace is kept from game to game)
        app, scene = table_at(session, tmp_path, app)
        if before == "pace clicked":
            click(app, widget(scene, "Computer pace").rect.center)
            assert scene.fast and scene.widgets.focus == -1
        said_yes = play_keys(app, scene, keys)
        names = [pygame.key.name(k) for k in keys]
        if scene not in app.stack.scenes:
            assert said_yes, f"{names} left the game without asking"
            left += 1
        else:
            assert not said_yes or app.stack.top is not scene, names
        app.stack.clear()
    assert left > 0, "Esc, then Yes, does leave"


def test_tab_and_the_arrows_aim_at_the_table_after_a_click_on_a_button(games, tmp_path):
    app, scene = table_at(games["computer moved"], tmp_path)
    table = scene.table
    click(app, widget(scene, "Computer pace").rect.center)
    app.dispatch(key(pygame.K_TAB))
    assert table.selected == 0, "Tab picks the cap to shoot"
    power = table.power
    app.dispatch(key(pygame.K_UP))
    assert math.isclose(table.power, power + 0.02), "Up adds power"
    app.dispatch(key(pygame.K_DOWN))
    app.dispatch(key(pygame.K_DOWN))
    assert math.isclose(table.power, max(0.0, power - 0.02)), "Down takes it away"
    angle = table.aim_angle
    app.dispatch(key(pygame.K_LEFT))
    assert math.isclose(table.aim_angle, angle + math.radians(1)), "Left turns the aim"
    assert app.stack.top is scene and scene.widgets.focus == -1
    app.dispatch(key(pygame.K_UP))
    app.dispatch(key(pygame.K_UP))
    app.dispatch(key(pygame.K_SPACE))
    assert table.busy, "Space flicks"
    app.stack.clear()


def test_save_and_leave_asks_and_stay_keeps_the_game(games, tmp_path):
    app, scene = table_at(games["computer moved"], tmp_path)
    click(app, widget(scene, "Save and leave").rect.center)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog)
    assert dialog.question == "Leave the game?"
    assert "resume it from the menu" in dialog.detail
    app.dispatch(key(pygame.K_RETURN))
    assert app.stack.top is scene and scene.widgets.focus == -1
    click(app, widget(scene, "Save and leave").rect.center)
    below = app.stack.scenes[0]
    click(app, app.stack.top.yes_button.rect.center)
    assert app.stack.top is below
    assert (tmp_path / "game.json").exists(), "left saved"


def test_a_pull_let_go_over_the_panel_flicks_and_presses_no_button(games, tmp_path):
    app, scene = table_at(games["computer moved"], tmp_path)
    app.run_frames(1)
    table = scene.table
    at = table.camera.to_screen(table.positions[0])
    over = widget(scene, "Save and leave").rect.center
    app.dispatch(
        ev(pygame.MOUSEMOTION, pos=(round(at[0]), round(at[1])), rel=(0, 0), buttons=(0, 0, 0))
    )
    app.dispatch(down((round(at[0]), round(at[1]))))
    app.dispatch(ev(pygame.MOUSEMOTION, pos=over, rel=(0, 0), buttons=(1, 0, 0)))
    app.dispatch(up(over))
    assert app.stack.top is scene
    assert table.busy, "the pull was a flick"
    app.stack.clear()


def test_practice_keys_stay_with_the_table_after_a_click_on_a_button():
    app = make_app()
    scene = PracticeScene(app)
    app.stack.push(scene)
    app.run_frames(1)
    click(app, widget(scene, "Add cap").rect.center)
    assert len(scene.kinds) == 3 and scene.widgets.focus == -1
    app.dispatch(key(pygame.K_RETURN))
    assert len(scene.kinds) == 3, "Enter does not press the button clicked before"
    app.dispatch(key(pygame.K_TAB))
    assert scene.table.selected == 0
    app.dispatch(key(pygame.K_UP))
    app.dispatch(key(pygame.K_SPACE))  # aimed with the keys, then flicked: no button pressed
    assert scene.table.busy and len(scene.kinds) == 3
    assert app.stack.top is scene
    app.stack.clear()


def test_enter_never_changes_a_choice_a_click_focused() -> None:
    """A play-test clicked the board's ">" and pressed Enter twice to start: the board became
    another, silently. A choice steps with its arrows, a click, Left/Right and Space, not Enter."""
    seen: list[str] = []
    choice = Choice(
        pygame.Rect(10, 10, 300, 40),
        "Board",
        options=[("classic", "Classic"), ("sidewalk", "Sidewalk")],
        on_change=seen.append,
    )
    group = WidgetGroup([choice])
    group.handle(up((300, 30)))  # a click on its ">" focuses it and steps it
    assert seen == ["sidewalk"] and group.focus == 0
    for k in (pygame.K_RETURN, pygame.K_RETURN, pygame.K_KP_ENTER):
        group.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="\r"))
    assert seen == ["sidewalk"]
    group.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
    assert seen == ["sidewalk", "classic"]
