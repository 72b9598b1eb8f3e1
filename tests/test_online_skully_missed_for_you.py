"""Back at an online Skully table, a person is told how many of the shots they missed a computer
player took for them (their clock ran out, or the away rule): "While you were away: 3 shots (1 by
a computer player for you)"; it said only "3 shots"."""

from __future__ import annotations

from collections import deque
from types import SimpleNamespace
from typing import Any

from skully_game.scenes.online.away import shots_missed
from skully_game.scenes.online.skully import OnlineSkullyScene
from skully_game.skully.session import ShotAction
from tests.test_online_missed import FakeSession


def shot_by(seat: int) -> ShotAction:
    shot = ShotAction.__new__(ShotAction)
    object.__setattr__(shot, "player", seat)
    return shot


def test_the_words_say_how_many_a_computer_took_for_you() -> None:
    assert shots_missed(3, 1) == "While you were away: 3 shots (1 by a computer player for you)"
    assert shots_missed(4, 2) == "While you were away: 4 shots (2 by a computer player for you)"
    assert shots_missed(2, 0) == "While you were away: 2 shots"


def test_a_catch_up_counts_the_shots_taken_for_this_seat_after_it_left() -> None:
    told: list[str] = []
    scene: Any = SimpleNamespace(
        me=1,
        table=SimpleNamespace(finish_playback=lambda: None),
        session=FakeSession(0),
        # seen before leaving: the first shot (this seat's own, by the person)
        queue=deque([shot_by(1), shot_by(0), shot_by(1), shot_by(2)]),
        seen_from=1,
        state=None,
        log=[],
        sent=True,
        _story=lambda *_: [],
        _narrate=lambda lines, *_: told.extend(lines),
        _sync=lambda: None,
    )
    OnlineSkullyScene._catch_up(scene)
    assert told == ["While you were away: 3 shots (1 by a computer player for you)"]
