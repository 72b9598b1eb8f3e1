"""Play the computer offers the warm-up to a player who never used it, once: W warms up first
(over the game, which waits below), Enter plays now; either answer is remembered, and a warm-up
opened anywhere counts as used. Esc goes back to the menu and asks again next time."""

from __future__ import annotations

import pygame

from skully_game.core.choices import recall
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skully.practice import PracticeScene
from skully_game.scenes.skully.setup import WARM_UP_OFFER, WarmUpOffer
from skully_game.scenes.skully.table import SkullyGameScene
from skully_game.scenes.skully.warmup import WARM_UP_CHOICES, WarmUpScene, warm_up_settled
from tests.ui_helpers import click, key


def _play_the_computer(app) -> None:
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    click(app, next(w for w in menu.widgets.widgets if w.label == "Play the computer").rect.center)


def test_w_warms_up_first_on_the_games_board_with_your_cap_then_the_game_waits(app):
    menu = app.stack.top
    _play_the_computer(app)
    offer = app.stack.top
    assert isinstance(offer, WarmUpOffer) and offer.question == WARM_UP_OFFER
    assert "W: warm up first" in offer.detail
    app.dispatch(key(pygame.K_w))
    warm = app.stack.top
    assert isinstance(warm, WarmUpScene)
    game = app.stack.scenes[-2]
    assert isinstance(game, SkullyGameScene), "the game is there, under the warm-up"
    you = game.session.seats[0]
    assert warm.spec == game.session.board_spec and warm.kinds == [you.cap]
    assert warm_up_settled() and recall(WARM_UP_CHOICES)[0] == {"warm_up": "used"}
    app.dispatch(key(pygame.K_ESCAPE))
    assert app.stack.top is game and game.state.shots == 0, "back to the game, not yet begun"
    while app.stack.top is not menu:
        app.stack.pop()
    _play_the_computer(app)
    assert isinstance(app.stack.top, SkullyGameScene), "asked once: now straight to the game"


def test_enter_plays_now_and_is_remembered(app):
    _play_the_computer(app)
    assert isinstance(app.stack.top, WarmUpOffer)
    app.dispatch(key(pygame.K_RETURN))
    assert isinstance(app.stack.top, SkullyGameScene)
    assert recall(WARM_UP_CHOICES)[0] == {"warm_up": "declined"}


def test_esc_goes_back_to_the_menu_and_asks_again_next_time(app):
    menu = app.stack.top
    _play_the_computer(app)
    app.dispatch(key(pygame.K_ESCAPE))
    assert app.stack.top is menu and not warm_up_settled(), "no game, no answer kept"
    _play_the_computer(app)
    assert isinstance(app.stack.top, WarmUpOffer)


def test_a_warm_up_used_from_practice_counts(app):
    app.stack.push(PracticeScene(app, seed=2))
    assert not warm_up_settled()
    app.stack.push(WarmUpScene(app))
    assert warm_up_settled()


def test_the_way_of_shooting_warmed_up_with_is_the_games(app):
    """Play the computer, W, Shoot with: Flick, back to the game: the game's seat flicks (it
    kept its Sling: a play-test), and the unbegun game it replaced leaves no save behind."""
    from skully_game.skully.hand import Input

    _play_the_computer(app)
    app.dispatch(key(pygame.K_w))
    warm = app.stack.top
    old = app.stack.scenes[-2]
    assert isinstance(warm, WarmUpScene) and isinstance(old, SkullyGameScene)
    assert old.session.seats[0].input is not Input.FLICK
    warm.set_hand("flick")
    app.dispatch(key(pygame.K_ESCAPE))
    game = app.stack.top
    assert isinstance(game, SkullyGameScene) and game is not old
    assert game.session.seats[0].input is Input.FLICK and game.state.shots == 0
    assert game.path.exists()
    assert [f.name for f in game.path.parent.glob("*.json")] == [game.path.name]
