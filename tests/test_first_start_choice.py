"""The first start asks what the person came for: Learn Skully, the card games (each opens
at once), or just the menu. The focus starts on the menu (Enter takes nobody anywhere), Esc is the
menu too, the answer is remembered, and the offer is made once; someone who came for the cards
finds the menu's focus on the first card game, now and at the next start."""

from __future__ import annotations

import pygame

from skully_game.core.settings import load_settings
from skully_game.scenes.menu import (
    FIRST_CHOICES,
    FirstStartDialog,
    MenuScene,
    first_choice,
    offer_first_start,
)
from skully_game.scenes.skully.tutorial import LessonsScene
from tests.ui_helpers import key, make_app


def _first_start():
    app = make_app()
    app.stack.push(MenuScene(app))
    offer_first_start(app)
    dialog = app.stack.top
    assert isinstance(dialog, FirstStartDialog)
    return app, dialog


def test_three_choices_and_enter_takes_nobody_anywhere():
    app, dialog = _first_start()
    assert [b.label for b in dialog.widgets.widgets] == [label for _, label in FIRST_CHOICES]
    assert load_settings()[0].tutorial_offered, "the offer is made once"
    app.dispatch(key(pygame.K_RETURN))
    assert isinstance(app.stack.top, MenuScene)
    assert first_choice() == "menu"
    assert app.stack.top.widgets.focus == 1  # Play the computer, as before


def test_esc_is_just_the_menu_and_the_offer_is_not_made_again():
    app, _ = _first_start()
    app.dispatch(key(pygame.K_ESCAPE))
    assert isinstance(app.stack.top, MenuScene) and first_choice() == "menu"
    offer_first_start(app)
    assert isinstance(app.stack.top, MenuScene)


def test_learn_skully_opens_the_lessons():
    app, dialog = _first_start()
    dialog.choices[0].on_click()
    assert isinstance(app.stack.top, LessonsScene) and first_choice() == "lessons"


def test_the_card_games_put_the_menu_on_them_now_and_at_the_next_start():
    app, dialog = _first_start()
    app.dispatch(key(pygame.K_LEFT))
    assert dialog.widgets.focus == 1
    app.dispatch(key(pygame.K_RETURN))  # the card games' list opens (test_welcome_card_games)
    assert first_choice() == "cards"
    app.dispatch(key(pygame.K_ESCAPE))  # and Back comes to the menu's card games
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    assert menu.widgets.widgets[menu.widgets.focus].label == "Skull King"
    again = make_app()
    later = MenuScene(again)
    again.stack.push(later)
    assert later.widgets.widgets[later.widgets.focus].label == "Skull King"
