"""A Skip-Bo replay's end says the replay's own keys (its result box said "Space: the final
table", and Space started the replay over) and keeps no empty room for buttons it has not."""

from __future__ import annotations

import pygame

from skully_game.scenes.skip_bo.demos import _skip_bo_replay_end
from skully_game.scenes.skip_bo.table import SkipBoReplay
from tests.ui_helpers import make_app


def test_the_replays_end_names_what_space_does_there() -> None:
    app = make_app((1024, 640))
    _skip_bo_replay_end(app)
    replay = app.stack.top
    assert isinstance(replay, SkipBoReplay) and replay.end_on_show()
    assert "final table" not in replay.end_keys() and "again" in replay.end_keys()
    assert replay.end_buttons(pygame.Rect(0, 0, 400, 40)) == []
    steps = replay.step
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
    assert replay.step < steps  # Space plays it again from the start, as the box says
