"""A card game saved by the move that ended a round, and resumed, comes back to that round's
end: its summary for everyone, then the next deal (a Skull King game left on its summary came
back at the next bidding, issue 40). Skull's own cases are in test_skull_resume.py."""

from __future__ import annotations

from cards.skull_king import SkullKingOptions
from skully_game.scenes.cardtable.match import Match, Pace, TableSeat
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skull_king.adapter import GAME
from skully_game.scenes.skull_king.table import SkullKingTable
from skully_game.shell.app import TICK
from tests.ui_helpers import make_app


def _run(app, seconds: float) -> None:
    for _ in range(round(seconds / TICK)):
        app.tick()


def _sk_to_a_rounds_end(app) -> SkullKingTable:
    seats = [TableSeat("You", "human"), TableSeat("Anne", "random"), TableSeat("Bo", "random")]
    table = SkullKingTable(app, Match(GAME, SkullKingOptions(players=3), 5, seats, Pace.FAST))
    app.stack.push(table)
    for _ in range(400):  # every seat's first legal move, made here one at a time
        table.act(table.state.legal_actions()[0])
        if table.state.rounds:
            return table
    raise AssertionError("no round ended")


def _resume(app, table: SkullKingTable) -> SkullKingTable:
    app.stack.pop()
    resumed = SkullKingTable(app, Match.load(GAME, table.match.path))
    app.stack.push(resumed)
    return resumed


def test_a_skull_king_game_left_on_a_rounds_summary_comes_back_to_it() -> None:
    app = make_app()
    app.stack.push(MenuScene(app))
    table = _sk_to_a_rounds_end(app)
    assert table.state.round_index == 1
    resumed = _resume(app, table)
    for _ in range(20):  # the last trick waits for the person, then the summary comes
        if resumed.summary is not None:
            break
        resumed.go_on()
        _run(app, 0.3)
    assert resumed.summary is not None and resumed.summary.title.startswith("Round 1")
    _run(app, 1.0)
    resumed.go_past_summary()
    _run(app, 1.0)
    assert resumed.summary is None and resumed.state.round_index == 1


def test_a_game_resumed_mid_round_shows_no_old_summary() -> None:
    app = make_app()
    app.stack.push(MenuScene(app))
    table = _sk_to_a_rounds_end(app)
    table.settle()
    table.act(table.state.legal_actions()[0])  # round 2's first bid
    resumed = _resume(app, table)
    _run(app, 1.0)
    assert resumed.summary is None


def test_a_rounds_summary_goes_on_by_itself_once_every_person_is_out(monkeypatch) -> None:
    """A play-test out of a Skull game pressed Next round for every round the computers played:
    with no person still in the game, a summary goes on by itself after a few moments."""
    app = make_app()
    app.stack.push(MenuScene(app))
    table = _sk_to_a_rounds_end(app)
    table.settle()
    table.show_summary(0)
    assert table.summary is not None and table.summary_left == 0.0, "a person still in: waits"
    table.close_summary()
    monkeypatch.setattr(table.game, "out_of_game", lambda state, names: {0: "out"})
    table.show_summary(0)
    assert table.summary_left > 0
    _run(app, table.summary_left + 0.2)
    assert table.summary is None


def test_a_shared_desk_resumed_on_a_summary_shows_it_at_once_and_no_pass_screen() -> None:
    """The second play-test: Resume showed the round's last trick redrawn with only its first
    card, and a pass screen to a person who held no cards, before the summary."""
    app = make_app()
    app.stack.push(MenuScene(app))
    seats = [TableSeat("You", "human"), TableSeat("Anne", "human"), TableSeat("Bo", "random")]
    table = SkullKingTable(app, Match(GAME, SkullKingOptions(players=3), 5, seats, Pace.FAST))
    app.stack.push(table)
    for _ in range(400):
        table.act(table.state.legal_actions()[0])
        if table.state.rounds:
            break
    resumed = _resume(app, table)
    _run(app, 0.5)
    assert resumed.summary is not None and resumed.summary.title.startswith("Round 1")
    assert resumed.passing is None
