"""The chat box warns of one's own clock (issue 43): while this person's move is timed, the
open box shows the time left, and a warning under 10 s, so chatting never costs a turn
unawares; on another's move, or untimed, it shows its usual hint. Before, the box covered the
table's countdown and said nothing of it."""

from __future__ import annotations

import time
from types import SimpleNamespace

from skully_game.scenes.online.chat import Chat, ChatDialog
from skully_game.scenes.online.movetimer import MoveClock, MoveClocked
from skully_game.shell import theme
from skully_game.shell.scene import Scene
from tests.test_online_chat_history import Wire
from tests.ui_helpers import drawn_texts, make_app


class Table(Scene):
    """The table under the box: its own clock as an online table reads it."""

    def __init__(self, app, left: float | None, mine: bool = True) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.move_clock = MoveClock()
        if left is not None:
            self.move_clock.clocks[0] = (time.monotonic(), time.monotonic() + left)
        turn = SimpleNamespace(over=False)
        self.shadow = SimpleNamespace(seat=0, turn=turn, my_turn=lambda: mine)
        self.backlog, self.lost = [], ""

    own_clock_left = MoveClocked.own_clock_left


def _box(left: float | None, mine: bool = True):  # type: ignore[no-untyped-def]
    app = make_app()
    app.stack.push(Table(app, left, mine))
    Chat(lambda: Wire()).open(app, [(1, "Bea")])
    box = app.stack.top
    assert isinstance(box, ChatDialog)
    return app, box


def test_the_box_shows_ones_own_time_left(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    app, box = _box(24.5)
    words, colour = box.clock_warning()
    assert words == "Your move: 0:25 left" and colour == theme.ACCENT
    assert "Your move: 0:25 left" in drawn_texts(app, monkeypatch)


def test_under_ten_seconds_it_warns() -> None:
    _, box = _box(6.2)
    assert box.clock_warning() == ("Only 7 s left for your move!", theme.DANGER)


def test_no_word_of_a_clock_on_anothers_move_or_untimed(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    for left, mine in ((30.0, False), (None, True)):
        app, box = _box(left, mine)
        assert box.clock_warning() is None
        assert "Text only: a line, or a few words of your own" in drawn_texts(app, monkeypatch)
