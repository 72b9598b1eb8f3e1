"""New game says "Your first game" only before any Skully game was played at this desk: a
game started from the menu's Play the computer leaves New game's choices unmade, and the
heading still said it (a play-test)."""

from __future__ import annotations

from skully_game.scenes.skully.setup import SkullySetupScene
from skully_game.scenes.skully.table import SkullyGameScene
from skully_game.skully.game_setup import FIRST_GAME_NOTE, GameSetup, Seat
from tests.ui_helpers import drawn_texts


def test_the_heading_says_first_game_only_before_one_was_played(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    first = SkullySetupScene(app)
    assert first.first_game
    app.stack.push(first)
    texts = drawn_texts(app, monkeypatch)
    assert any(FIRST_GAME_NOTE.startswith(t) for t in texts if t), "said before any game"
    app.stack.pop()
    # a game against the computer from the menu: saved, with New game's choices never made
    game = SkullyGameScene.new(app, GameSetup(seats=[Seat("Ace", 0), Seat("Bo", 1, kind="beginner")], seed=2))  # fmt: skip
    game.save()
    assert game.path.exists()
    again = SkullySetupScene(app)
    assert not again.first_game
    app.stack.push(again)
    texts = drawn_texts(app, monkeypatch)
    assert any(t == "New game of Skully" for t in texts)
    assert not any(t.startswith("Your first game") for t in texts if t)
    assert not any(w.label == "Warm up first" for w in again.widgets.widgets)
