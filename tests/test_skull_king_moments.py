"""The moments of a Skull King round a player watches: every bid revealed together on the
table and kept by its seat, a round's last trick waiting for the person, and the last trick
looked back at over the round's summary."""

from __future__ import annotations

import pygame

from cards.skull_king import SkullKingOptions
from skully_game.scenes.cardtable.match import Match, Pace
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skull_king.adapter import GAME as SKULL_KING
from skully_game.scenes.skull_king.bids import BidsShown
from skully_game.scenes.skull_king.table import SkullKingTable, TableSeat
from tests.ui_helpers import ev as event
from tests.ui_helpers import key, make_app


def _table(kinds: list[str], pace: Pace = Pace.FAST):
    app = make_app()
    app.stack.push(MenuScene(app))
    names = ["You", "Anne", "Bo", "Cy"]
    match = Match(
        SKULL_KING,
        SkullKingOptions(players=len(kinds)),
        5,
        [TableSeat(names[i], k) for i, k in enumerate(kinds)],
        pace,
    )
    table = SkullKingTable(app, match)
    app.stack.push(table)
    table.settle()
    return app, table


def _bots_act(table: SkullKingTable) -> None:
    state = table.state
    while state.current_player() not in table.humans and not state.is_terminal():
        seat = state.current_player()
        table.act(table.bots[seat](state, seat)())


def test_bids_are_revealed_together_in_front_of_each_seat_and_stay_by_it():
    app, table = _table(["human", "heuristic", "heuristic"])
    _bots_act(table)
    assert table.state.phase.value == "bid"
    table.act("BID:1")
    _bots_act(table)
    assert any(isinstance(p, BidsShown) for p in table.pending)
    assert table.shown_bids() == {}  # nothing shows before the reveal's moment
    for _ in range(60):
        app.run_frames(1)
        if table.bid_reveal is not None:
            break
    reveal = table.bid_reveal
    assert reveal is not None and len(reveal.bids) == 3 and reveal.bids[0] == 1
    assert table.busy()  # the table holds on the bids: nobody plays over them
    for _ in range(300):
        app.run_frames(1)
        if table.bid_reveal is None:
            break
    shown = table.shown_bids()
    assert shown == dict(enumerate(table.state.observation(0).bids))
    rests = table.bid_rests()
    for seat, box in table.seat_rects().items():
        assert box.contains(rests[seat])  # on the seat's own box, for the round


def test_a_rounds_last_trick_waits_for_the_person_to_go_on():
    app, table = _table(["human", "heuristic", "heuristic"])
    _bots_act(table)
    table.act("BID:0")
    _bots_act(table)
    table.settle()
    _bots_act(table)
    table.act(table.state.legal_actions()[0])  # round 1: one card each, the last trick
    _bots_act(table)
    for _ in range(600):
        app.run_frames(1)
        if table.round_wait:
            break
    assert table.round_wait and table.shown is not None
    app.run_frames(300)  # ten seconds: still the last trick, no summary yet
    assert table.round_wait and table.summary is None
    app.dispatch(key(pygame.K_RETURN))
    for _ in range(300):
        app.run_frames(1)
        if table.summary is not None:
            break
    assert table.summary is not None and table.summary.title.startswith("Round 1")
    app.dispatch(key(pygame.K_l))  # L over the summary: the trick that ended the round
    assert table.peeking and table.last_trick() is not None
    app.dispatch(event(pygame.KEYUP, key=pygame.K_l, mod=0))


def test_with_no_person_at_the_table_the_last_trick_pauses_and_goes_on():
    app, table = _table(["heuristic", "heuristic", "heuristic"])
    waited = 0.0
    for _ in range(3000):
        app.run_frames(1)
        if table.shown is not None and table.summary is None:
            waited += 1 / 60
        if table.summary is not None:
            break
        if table.thinking is None and not table.busy():
            table.think(1.0)
    assert table.summary is not None and not table.round_wait
    assert waited >= 2 * Pace.FAST.hold * 0.9
