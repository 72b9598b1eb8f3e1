"""The welcome's "The card games" takes the player to the card games: a short list of the
table games, each opening its setup; a double Enter or a held Enter on the welcome chooses no
game; Back, there or from the game, goes to the menu."""

from __future__ import annotations

import pygame

from cards.registry import GAMES
from skully_game.scenes.cardgames import CardGamesScene
from skully_game.scenes.menu import MenuScene, offer_first_start
from skully_game.scenes.skip_bo.setup import SkipBoSetup
from skully_game.shell.app import DOUBLE_PRESS_S, TICK
from skully_game.shell.scripted import click
from tests.ui_helpers import drawn_texts, ev, key, make_app


def _welcome(size=(1280, 800)):
    app = make_app(size)
    app.stack.push(MenuScene(app))
    offer_first_start(app)
    return app, app.stack.top


def test_the_card_games_open_a_list_of_every_table_game():
    app, dialog = _welcome()
    click(app, dialog.choices[1].rect.center)
    scene = app.stack.top
    assert isinstance(scene, CardGamesScene)
    labels = [b.label for b in scene.widgets.widgets]
    tables = [g.title for g in sorted(GAMES, key=lambda g: g.order) if g.table]
    assert labels == [*tables, "Back"]


def test_a_game_in_the_list_opens_its_setup_in_the_lists_place():
    app, dialog = _welcome()
    dialog.choose("cards")
    scene = app.stack.top
    skip_bo = next(b for b in scene.widgets.widgets if b.label == "Skip-Bo")
    for _ in range(round(DOUBLE_PRESS_S / TICK) + 5):
        app.tick()
    click(app, skip_bo.rect.center)
    assert isinstance(app.stack.top, SkipBoSetup)
    app.stack.pop()  # the setup's Back: the menu, as a table's "Back to the menu" says
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    assert menu.widgets.widgets[menu.widgets.focus].label == "Skull King"


def test_back_goes_to_the_menu():
    app, dialog = _welcome()
    dialog.choose("cards")
    back = next(b for b in app.stack.top.widgets.widgets if b.label == "Back")
    click(app, back.rect.center)
    assert isinstance(app.stack.top, MenuScene)


def test_a_double_enter_or_a_held_enter_on_the_welcome_opens_no_game():
    app, dialog = _welcome()
    dialog.widgets.focus = 1
    app.dispatch(key(pygame.K_RETURN))
    assert isinstance(app.stack.top, CardGamesScene)
    app.dispatch(key(pygame.K_RETURN))  # the double Enter's second press, at once
    assert isinstance(app.stack.top, CardGamesScene)
    for _ in range(round(DOUBLE_PRESS_S / TICK) + 5):
        app.tick()
    app.dispatch(key(pygame.K_RETURN))  # still held since the welcome: a repeat
    assert isinstance(app.stack.top, CardGamesScene)
    app.dispatch(ev(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    app.dispatch(key(pygame.K_RETURN))  # a fresh press: the game in focus
    assert not isinstance(app.stack.top, CardGamesScene)


def test_each_game_says_what_it_is_and_how_many_play_at_both_sizes(monkeypatch):
    for size in ((1280, 800), (1024, 640)):
        app, dialog = _welcome(size)
        dialog.choose("cards")
        texts = drawn_texts(app, monkeypatch)
        assert "2 to 6 players" in texts and "The card games" in texts
        scene = app.stack.top
        rows = [b.rect for b in scene.widgets.widgets]
        assert all(pygame.Rect((0, 0), size).contains(r) for r in rows)
        assert all(not a.colliderect(b) for i, a in enumerate(rows) for b in rows[i + 1 :])
