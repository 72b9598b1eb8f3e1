"""A table game's setup by keyboard, with keys arriving as SDL sends them (a KEYDOWN, then the
TEXTINPUT of its letter): names are typed where the caret is, Tab leaves a name for good, one
focus ring shows, and removing a seat keeps the keys among the seats."""

from __future__ import annotations

import importlib

import pygame
import pytest

from skully_game.core.games import scene_package
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skip_bo.setup import SkipBoSetup
from skully_game.shell.widgets import Button, TextField, Widget
from tests.ui_helpers import click, ev, key, make_app


def typed(app, text: str) -> None:
    for ch in text:
        app.dispatch(ev(pygame.KEYDOWN, key=ord(ch.lower()), mod=0, unicode=ch, scancode=0))
        app.dispatch(ev(pygame.TEXTINPUT, text=ch))


def ctrl_a(app) -> None:
    app.dispatch(ev(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode="\x01"))


def opened(setup_class):
    """A setup screen at 1024x640, opened from the menu."""
    app = make_app((1024, 640))
    app.stack.push(MenuScene(app))
    scene = setup_class(app)
    app.stack.push(scene)
    app.run_frames(1)
    return app, scene


@pytest.fixture
def setup():
    return opened(SkipBoSetup)


def names(scene) -> list[TextField]:
    return [w for w in scene.widgets.widgets if isinstance(w, TextField)]


def rings(app, monkeypatch) -> list[Widget]:
    """The widgets drawn with a focus ring in one frame (a spy on the frame every widget draws)."""
    lit: list[Widget] = []
    frame = Widget._frame

    def spy(self, surface, focused, hovered):
        if focused:
            lit.append(self)
        frame(self, surface, focused, hovered)

    monkeypatch.setattr(Widget, "_frame", spy)
    app.draw(0.0)
    monkeypatch.setattr(Widget, "_frame", frame)
    return lit


def test_the_setup_opens_with_the_keys_on_start_game(setup):
    app, scene = setup
    focused = scene.widgets.widgets[scene.widgets.focus]
    assert focused.label == "Start game"
    app.dispatch(key(pygame.K_RETURN))
    assert app.stack.top is not scene  # the game was dealt


def test_tab_leaves_a_name_for_good_and_one_ring_shows(setup, monkeypatch):
    app, scene = setup
    anne = names(scene)[1]
    click(app, anne.rect.center)
    typed(app, "Z")
    app.dispatch(key(pygame.K_TAB))
    typed(app, "W")
    assert scene.seats[1].name == "AnneZ"
    assert not anne.editing
    assert len(rings(app, monkeypatch)) == 1
    # and with the keys only: back onto the name, Enter to type, shift+Tab away
    app.dispatch(key(pygame.K_TAB, pygame.KMOD_SHIFT))
    assert scene.widgets.widgets[scene.widgets.focus] is anne
    app.dispatch(key(pygame.K_RETURN))
    typed(app, "Y")
    app.dispatch(key(pygame.K_TAB, pygame.KMOD_SHIFT))
    typed(app, "Q")
    assert scene.seats[1].name == "AnneZY"
    assert len(rings(app, monkeypatch)) == 1


def test_ctrl_a_then_a_letter_replaces_the_name(setup):
    app, scene = setup
    click(app, names(scene)[2].rect.center)
    ctrl_a(app)
    typed(app, "Bo")
    assert scene.seats[2].name == "Bo"


def test_a_name_that_is_full_says_so_and_the_word_goes_once_typing_goes_on(setup):
    """Letters past a name's length are refused out loud, not silently dropped."""
    app, scene = setup
    field = names(scene)[1]
    click(app, field.rect.center)
    ctrl_a(app)
    typed(app, "Bartholomew Maximilian")
    app.run_frames(1)
    assert scene.seats[1].name == "Bartholomew Maximilian"[: field.max_length]
    assert scene.message == f"A name has at most {field.max_length} letters"
    app.dispatch(key(pygame.K_BACKSPACE))
    app.run_frames(1)
    assert scene.message == ""


def test_a_skully_name_that_is_full_says_so():
    from skully_game.scenes.skully.setup import NAME_MAX, SkullySetupScene

    app, scene = opened(SkullySetupScene)
    field = names(scene)[0]
    click(app, field.rect.center)
    ctrl_a(app)
    typed(app, "Bartholomew Maximilian")
    app.run_frames(1)
    assert scene.message == f"A name has at most {NAME_MAX} letters"
    typed(app, "x")  # still full: still said
    app.run_frames(1)
    assert scene.message.startswith("A name has at most")
    app.dispatch(key(pygame.K_RETURN))  # done with the name: the word goes
    app.run_frames(1)
    assert scene.message == ""


def test_the_caret_moves_and_typing_goes_where_it_is(setup):
    app, scene = setup
    field = names(scene)[1]
    click(app, field.rect.center)
    app.dispatch(key(pygame.K_HOME))
    typed(app, "J")
    assert scene.seats[1].name == "JAnne"
    app.dispatch(key(pygame.K_RIGHT))
    app.dispatch(key(pygame.K_DELETE))
    assert scene.seats[1].name == "JAne"
    app.dispatch(key(pygame.K_END))
    app.dispatch(key(pygame.K_BACKSPACE))
    app.dispatch(key(pygame.K_LEFT))
    typed(app, "x")
    assert scene.seats[1].name == "JAxn"
    assert field.shown_text() == "JAx|n"


def test_a_long_name_keeps_the_caret_in_sight():
    pygame.init()
    field = TextField(pygame.Rect(0, 0, 120, 36), "name", value="Maximiliana Ann", max_length=20)
    field.editing, field.caret = True, 1
    shown = field.shown_text()
    assert shown.startswith("M|") and shown.endswith("...")
    field.caret = len(field.value)
    assert field.shown_text().startswith("...") and field.shown_text().endswith("Ann|")
    field.editing = False
    assert field.shown_text().startswith("Max") and field.shown_text().endswith("...")


def test_removing_a_seat_keeps_the_keys_among_the_seats(setup):
    app, scene = setup
    w = app.size[0]
    for _ in range(2):  # four seats, then three, then two (the last x's are disabled)
        xs = [i for i, widget in enumerate(scene.widgets.widgets) if widget.label == "x"]
        scene.widgets.focus = xs[1]
        app.dispatch(key(pygame.K_RETURN))
        focused = scene.widgets.widgets[scene.widgets.focus]
        assert focused.rect.right < w // 2, focused.label  # still in the seats' column
        assert focused.enabled and isinstance(focused, Button)
    assert len(scene.seats) == 2
    assert scene.widgets.widgets[scene.widgets.focus].label == "Add seat"


def test_two_people_cannot_sit_down_while_one_is_called_you(setup):
    """At one screen "You" would be either person ("Pass the screen to You")."""
    app, scene = setup
    kind = [w for w in scene.widgets.widgets if w.label == ""][1]  # Anne's kind
    while scene.seats[1].kind != "human":
        click(app, kind.rect.move(-kind.rect.w // 2 + 12, 0).center)  # "<": towards Person
    scene._start()
    assert scene.message.startswith('With 2 people at this screen, "You" could be any of them')
    assert app.stack.top is scene
    typed_over = names(scene)[0]
    click(app, typed_over.rect.center)
    ctrl_a(app)
    typed(app, "Pat")
    app.run_frames(1)
    assert scene.message == ""
    scene._start()
    assert app.stack.top is not scene


def test_skip_bo_offers_only_the_stocks_the_seats_can_have(setup):
    """Four players: the standard 30 once (not also "30"), no 40 (4 x 45 cards > 162), and
    the "<" of the stock row moves through the sizes rather than sticking on Standard."""
    app, scene = setup
    row = next(w for w in scene.widgets.widgets if w.label == "Stock cards each")
    assert [label for _, label in row.options] == ["10", "15", "20", "Standard (30)"]
    seen = []
    for _ in range(4):
        click(app, (row.rect.right - row.rect.w // 2 + 8, row.rect.centery))
        row = next(w for w in scene.widgets.widgets if w.label == "Stock cards each")
        seen.append(scene.options.stock)
    assert sorted(set(seen)) == [0, 10, 15, 20] and scene.message == ""
    scene.seats.pop()  # three players may have 40; then a fourth seat cannot
    scene._seats_changed()
    row = next(w for w in scene.widgets.widgets if w.label == "Stock cards each")
    assert [label for _, label in row.options] == ["10", "15", "20", "Standard (30)", "40"]
    scene._option("stock", 40)
    assert scene.options.stock == 40
    add = next(w for w in scene.widgets.widgets if w.label == "Add seat")
    add.on_click()
    assert scene.options.stock == 0
    assert scene.message == "40 stock cards each are too many for 4 players: the standard 30 it is."


def test_no_tooltip_is_left_over_from_before_the_rules_screen(setup):
    app, scene = setup
    rules = next(w for w in scene.widgets.widgets if w.label == "How to play")
    app.dispatch(ev(pygame.MOUSEMOTION, pos=rules.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    assert scene.widgets.tip(pygame.Rect(0, 0, *app.size)) is not None
    click(app, rules.rect.center)
    assert app.stack.top is not scene
    app.dispatch(ev(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    app.dispatch(key(pygame.K_ESCAPE))
    assert app.stack.top is scene
    assert scene.widgets.tip(pygame.Rect(0, 0, *app.size)) is None


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_every_option_row_of_every_table_game_says_what_it_does_inside_the_window(size):
    from cards.registry import GAMES

    for info in (g for g in GAMES if g.table):
        setup_class = importlib.import_module(scene_package(info)).SetupScene
        app = make_app(size)
        app.stack.push(MenuScene(app))
        scene = setup_class(app)
        app.stack.push(scene)
        labels = {label for label, *_ in scene.option_rows()}
        rows = [w for w in scene.widgets.widgets if w.label in labels]
        assert rows and all(row.tooltip for row in rows), setup_class.__name__
        for row in rows:
            scene.widgets.mouse = row.rect.center
            _, box = scene.widgets.tip(pygame.Rect(0, 0, *size))
            assert pygame.Rect(0, 0, *size).contains(box), (row.label, row.tooltip)


def test_a_setup_message_follows_what_is_wrong_now(setup):
    app, scene = setup
    scene.seats[0].name = "Pat"
    scene.seats[1].name = "You"  # a computer called You
    scene._start()
    assert "Only a person's seat may be called You" in scene.message
    scene.seats[0].name = "Anne"
    scene.seats[1].name = "anne"  # now the names clash instead
    app.run_frames(1)
    assert scene.message == "Every seat needs a different name."
    scene.seats[1].name = "Bo"
    app.run_frames(1)
    assert scene.message == ""


def test_skull_king_says_when_scoring_turns_cannonball_off_and_forgets_it_with_the_seats():
    from skully_game.scenes.skull_king.setup import SkullKingSetup

    _, scene = opened(SkullKingSetup)
    scene._option("cannonball", True)
    assert "scoring is now Rascal" in scene.message
    add = next(w for w in scene.widgets.widgets if w.label == "Add seat")
    add.on_click()
    assert scene.message == ""
    from cards.skull_king.options import Scoring

    scene._option("scoring", Scoring.SKULL_KING)
    assert not scene.options.cannonball and "Cannonball" in scene.message


def test_the_seats_show_who_partners_whom(setup, monkeypatch):
    from skully_game.shell import theme

    app, scene = setup
    said: list[str] = []
    real = theme.text
    monkeypatch.setattr(theme, "text", lambda s, m, *a, **k: said.append(m) or real(s, m, *a, **k))
    app.draw(0.0)
    assert not any(m.startswith("Partners:") for m in said)
    scene._option("partners", True)
    said.clear()
    app.draw(0.0)
    assert "Partners: You and Calico; Anne and Mary" in said


def test_a_click_on_the_last_seats_x_or_add_seat_keeps_the_focus_there(setup):
    app, scene = setup
    last_x = [w for w in scene.widgets.widgets if w.label == "x"][-1]
    click(app, last_x.rect.center)
    focused = scene.widgets.widgets[scene.widgets.focus]
    assert len(scene.seats) == 3 and focused.label == "x"
    add = next(w for w in scene.widgets.widgets if w.label == "Add seat")
    click(app, add.rect.center)
    assert len(scene.seats) == 4
    assert scene.widgets.widgets[scene.widgets.focus].label == "Add seat"


def test_letters_typed_on_past_a_name_change_no_choice(setup):
    app, scene = setup
    anne = names(scene)[1]
    click(app, anne.rect.center)
    typed(app, "x")
    app.dispatch(key(pygame.K_TAB))  # onto Anne's kind
    kind = scene.seats[1].kind
    typed(app, "dad")
    assert scene.seats[1].kind == kind and scene.seats[1].name == "Annex"


def test_a_click_on_nothing_leaves_a_name(setup):
    app, scene = setup
    field = names(scene)[0]
    click(app, field.rect.center)
    typed(app, "Zed")
    click(app, (300, app.size[1] - 170))  # empty table between the seats and the buttons
    typed(app, "k")
    assert scene.seats[0].name == "YouZed" and not field.editing


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_a_rows_tooltip_covers_no_row_value_or_button_of_the_setup(size):
    """The rows stand 6-8 px apart: a tip under or over one lay on its neighbour's value (an
    option's, or the next seat's kind)."""
    from cards.registry import GAMES

    for info in (g for g in GAMES if g.table):
        setup_class = importlib.import_module(scene_package(info)).SetupScene
        app = make_app(size)
        app.stack.push(MenuScene(app))
        scene = setup_class(app)
        app.stack.push(scene)
        for most in (False, True):  # the first seats, then every seat the game takes
            while most and len(scene.seats) < scene.max_seats:
                next(w for w in scene.widgets.widgets if w.label == "Add seat").on_click()
            _tips_clear(app, scene, size)


def _tips_clear(app, scene, size) -> None:
    name = type(scene).__name__
    rows = [w for w in scene.widgets.widgets if w.rect in scene.option_rows_at]
    assert len(rows) == len(scene.option_rows())
    rows += [w for w in scene.widgets.widgets if w.rect in scene.seat_rows_at and w.tooltip]
    for message in ("", "A word about the seats"):
        scene.message = message
        for row in rows:
            app.dispatch(ev(pygame.MOUSEMOTION, pos=row.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
            text, box = scene.widgets.tip(pygame.Rect(0, 0, *size))
            assert text == row.tooltip
            assert pygame.Rect(0, 0, *size).contains(box)
            hit = [w.label for w in scene.widgets.widgets if w.rect.colliderect(box)]
            assert hit == [], (name, len(scene.seats), message, row.label, hit)
            if message:
                line = pygame.Rect(0, size[1] - 118, size[0], 44)
                assert not box.colliderect(line), (name, row.label)
