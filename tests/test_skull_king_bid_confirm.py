"""At a shared desk a Skull King bid is chosen, then confirmed: a misclicked number is not a lost
round (the next person's pass screen came the moment a bid was clicked, and the bid stood). The
choice is the bidder's alone: it never reaches the next person's screen."""

from __future__ import annotations

import pygame

from cards.skull_king import SkullKingOptions
from skully_game.scenes.cardtable.match import Match, Pace
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skull_king.adapter import GAME as SKULL_KING
from skully_game.scenes.skull_king.table import SkullKingTable, TableSeat
from tests.ui_helpers import key, make_app, take_pass_screen


def _table(kinds: list[str]):
    app = make_app()
    app.stack.push(MenuScene(app))
    names = ["Anne", "Bob", "Cy"]
    match = Match(
        SKULL_KING,
        SkullKingOptions(players=len(kinds)),
        5,
        [TableSeat(names[i], k) for i, k in enumerate(kinds)],
        Pace.FAST,
    )
    table = SkullKingTable(app, match)
    app.stack.push(table)
    table.settle()
    return app, table


def _open_hand(app, table: SkullKingTable) -> int:
    """The person to bid opens their hand (past their pass screen)."""
    table.run_bots_now()
    seat = table.state.current_player()
    if table.passing is not None:
        take_pass_screen(app, table)
    assert table.passing is None and table.viewer == seat and table.my_turn()
    return seat


def _button(table: SkullKingTable, label: str):
    return next(b for b in table.widgets.widgets if b.label == label)


def test_a_shared_desks_bid_waits_for_confirm_and_a_misclick_is_changed() -> None:
    app, table = _table(["human", "human", "heuristic"])
    seat = _open_hand(app, table)
    _button(table, "1").on_click()  # the misclick
    assert table.state.bids[seat] is None and table.state.current_player() == seat
    assert table.bid_chosen == "BID:1" and table.passing is None
    assert any(w.label.startswith("Confirm bid of 1") for w in table.widgets.widgets)
    _button(table, "0").on_click()  # the bid meant
    assert table.bid_chosen == "BID:0" and table.state.bids[seat] is None
    app.dispatch(key(pygame.K_RETURN))
    assert table.state.bids[seat] is not None and table.bid_chosen is None
    # the next person's screen: nothing of the choice on it
    table.run_bots_now()
    assert table.viewer != seat or table.passing is not None
    assert not any(w.label.startswith("Confirm bid") for w in table.widgets.widgets)


def test_the_number_keys_choose_and_confirm_makes_the_bid() -> None:
    app, table = _table(["human", "human", "heuristic"])
    seat = _open_hand(app, table)
    app.dispatch(key(pygame.K_1))
    assert table.bid_chosen == "BID:1" and table.state.bids[seat] is None
    next(w for w in table.widgets.widgets if w.label.startswith("Confirm bid of 1")).on_click()
    assert table.state.bids[seat] is not None


def test_a_person_alone_with_computers_bids_at_once() -> None:
    app, table = _table(["human", "heuristic", "heuristic"])
    seat = _open_hand(app, table)
    _button(table, "1").on_click()
    assert table.state.bids[seat] is not None and table.bid_chosen is None
