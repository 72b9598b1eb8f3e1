"""The host's clock at a desk (issue 43): the host page's Time per move row and what it
sends, the countdown a table shows from the server's word, and the log's line when a
person's time ran out."""

from __future__ import annotations

import time

from skully_game.scenes.online.hostrules import CLOCK, HostRules
from skully_game.scenes.online.movetimer import MoveClock, ran_out_words
from skully_game.scenes.online.remote import OnlineGame


def test_the_host_page_offers_a_time_per_move_and_sends_it_only_when_on():
    rules = HostRules("skull")
    rows = {name: (label, choices, value) for label, choices, value, name, _ in rules.rows(3)}
    label, choices, value = rows[CLOCK]
    assert label == "Time per move" and value == 0
    assert [words for _, words in choices] == ["Off", "30 s", "1 min", "2 min"]
    assert CLOCK not in rules.wire(3)  # no clock: nothing sent
    assert rules.choose(CLOCK, 60_000, 3) == ""
    assert rules.wire(3)[CLOCK] == 60_000
    assert CLOCK in rules.tips


def test_the_countdown_follows_the_servers_word():
    clock = MoveClock()
    clock.heard({"clock": {"seat": 1, "left": 24.2}})
    assert clock.left(0) is None  # another seat's move is not timed
    assert clock.left(1) == 25
    assert clock.shown(1, "Bea") == "Bea · 0:25"
    clock.heard({"clock": {"seat": 1, "left": 0.0}})
    time.sleep(0.01)
    assert clock.left(1) == 0  # never below nothing
    clock.heard({"clock": None})
    assert clock.shown(1, "Bea") is None


def test_a_time_run_out_is_said_in_players_words():
    assert ran_out_words("Bea", False) == "Bea's time ran out: a computer player made that move."
    assert ran_out_words("Bea", True).startswith("Your time ran out")


class _Told:
    """A game's log: one line an event."""

    def log(self, state, viewer, names, upto=None):
        return [f"event {i}" for i in range(len(state))][:upto]


class _Online(OnlineGame, _Told):
    pass


def test_the_line_goes_in_the_log_before_the_move_made_for_them():
    game = _Online()
    game.ran_out = [(2, "Bea's time ran out: a computer player made that move.")]
    lines = game.log([0, 1, 2, 3], 0, ["Anne", "Bea"])
    assert lines == ["event 0", "event 1", lines[2], "event 2", "event 3"]
    assert lines[2].startswith("Bea's time ran out")
    assert game.log([0, 1, 2, 3], 0, ["Anne", "Bea"], upto=1) == ["event 0"]  # not told yet
