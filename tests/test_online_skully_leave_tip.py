"""The host's Leave tooltip at an online Skully table tells what its confirm box tells: leaving
ends the game for everyone (it said "the game goes on at the server")."""

from __future__ import annotations

from types import SimpleNamespace

from skully_game.scenes.online.skully import OnlineSkullyScene

TIP = OnlineSkullyScene.leave_tip.fget  # type: ignore[attr-defined]


def table(hosting: object, over: bool = False, ending: object = None) -> SimpleNamespace:
    return SimpleNamespace(
        link=SimpleNamespace(hosting=hosting, ending=ending), state=SimpleNamespace(over=over)
    )


def test_the_host_is_told_leaving_ends_the_game_for_everyone() -> None:
    assert "ends the game for everyone" in TIP(table(hosting=object()))
    assert "goes on" not in TIP(table(hosting=object()))


def test_a_friend_is_told_the_game_goes_on_and_a_finished_game_ends_nothing() -> None:
    assert "the game goes on" in TIP(table(hosting=None))
    assert "ends" not in TIP(table(hosting=object(), over=True))
    assert "room is closed" in TIP(table(hosting=None, ending={"reason": "x"}))
