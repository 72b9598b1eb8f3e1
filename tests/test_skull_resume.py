"""A Skull game saved just as a round ended, and resumed: the round's end is still shown.

A round ended by a draw from a beaten Challenger puts a pass screen in front of the drawer (only
they may look at the card they drew), then the round's summary for everyone. A game left on that
pass screen and resumed showed neither: the next round simply began (issue 40)."""

from __future__ import annotations

from cards.skull import Phase, SkullOptions
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skull.adapter import GAME as SKULL
from skully_game.scenes.skull.table import SkullTable, TableSeat
from skully_game.shell.app import TICK
from tests.ui_helpers import make_app, take_pass_screen


def _shared_desk(seed: int) -> tuple[object, SkullTable]:
    app = make_app()
    app.stack.push(MenuScene(app))
    seats = [TableSeat("Anne", "human"), TableSeat("Bob", "human"), TableSeat("Cal", "random")]
    table = SkullTable(app, Match(SKULL, SkullOptions(players=3), seed, seats))
    app.stack.push(table)
    return app, table


def _play_to_a_persons_draw(table: SkullTable) -> int:
    """Anne lays her Skull and passes; Bob and Cal lay Flowers and bid high; a Challenger turns
    Anne's stack after their own, so Anne (a person) draws from them."""
    for _ in range(3000):
        state = table.state
        seat = state.current_player()
        if state.phase is Phase.DRAW and seat in (0, 1):
            return seat
        assert not state.is_terminal(), "this seed never lets a person draw"
        legal = state.legal_actions()
        places = [a for a in legal if a.startswith("PLACE:")]
        skulls = [a for a in places if "K" in a]
        flowers = [a for a in places if "K" not in a]
        bids = [a for a in legal if a.startswith("BID:")]
        if seat == 0 and skulls:
            action = skulls[0]
        elif flowers and (seat == 0 or state.phase is Phase.FIRST):
            action = flowers[0]
        elif bids and seat != 0:
            action = bids[-1]
        elif "FLIP:0" in legal:
            action = "FLIP:0"
        else:
            action = "PASS" if "PASS" in legal else legal[0]
        table.act(action)
        table.settle()
    raise AssertionError("no draw")


def _resume(app, table: SkullTable) -> SkullTable:
    app.stack.pop()
    resumed = SkullTable(app, Match.load(SKULL, table.match.path))
    app.stack.push(resumed)
    return resumed


def _run(app, table: SkullTable, seconds: float) -> None:
    for _ in range(round(seconds / TICK)):
        app.tick()


def test_resume_on_the_drawers_pass_screen_still_shows_the_rounds_summary() -> None:
    app, table = _shared_desk(seed=3)
    drawer = _play_to_a_persons_draw(table)
    rounds = len(table.state.rounds)
    table.act("DRAW:0")
    _run(app, table, 1.0)
    assert table.glance == drawer and table.passing == drawer, "the drawer's pass screen"
    resumed = _resume(app, table)
    assert len(resumed.state.rounds) == rounds
    assert resumed.glance == drawer and resumed.passing == drawer, "the same pass screen"
    take_pass_screen(app, resumed)
    assert resumed.viewer == drawer
    _run(app, resumed, 1.5)  # a moment to look at the card drawn
    resumed.done_looking()
    _run(app, resumed, 0.2)
    assert resumed.summary is not None, "the round's summary follows the drawer's look"
    assert resumed.summary.title.startswith(f"Round {rounds}:")


def test_resume_after_an_own_skull_discard_shows_the_rounds_summary() -> None:
    app, table = _shared_desk(seed=3)
    for _ in range(3000):
        state = table.state
        if state.phase is Phase.DISCARD and state.current_player() in (0, 1):
            break
        assert not state.is_terminal(), "this seed never has a person discard"
        legal = state.legal_actions()
        skulls = [a for a in legal if a.startswith("PLACE:") and "K" in a]
        bids = [a for a in legal if a.startswith("BID:")]
        if state.phase is Phase.FIRST and skulls:
            table.act(skulls[0])  # each lays their Skull first, then bids on it
        else:
            table.act(bids[-1] if bids and state.phase is Phase.PLACE else legal[0])
        table.settle()
    rounds = len(table.state.rounds)
    table.act(table.state.legal_actions()[0])
    resumed = _resume(app, table)
    _run(app, resumed, 0.5)
    assert resumed.summary is not None and resumed.summary.title.startswith(f"Round {rounds}:")


def test_resume_in_the_middle_of_a_round_shows_no_old_summary() -> None:
    app, table = _shared_desk(seed=3)
    table.act(table.state.legal_actions()[0])
    table.settle()
    resumed = _resume(app, table)
    _run(app, resumed, 0.5)
    assert resumed.summary is None and resumed.glance is None
