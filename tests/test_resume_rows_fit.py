"""The Resume list's rows fit the window and still say whose turn it is (issue 40: at 1024x640
an eight-seat Skull King line was cut at "Grac..."), and a Skull King game saved during the
bidding says so: "Anne to bid", or "bidding" while a computer player is to bid."""

from __future__ import annotations

import pytest

from cards.skull_king import SkullKingOptions
from skully_game.scenes.cardtable.match import Match, TableSeat
from skully_game.scenes.resume import DELETE_W, fitted_row, unfinished_games
from skully_game.scenes.skull_king.adapter import GAME
from skully_game.shell import theme
from tests.ui_helpers import make_app

NAMES = ["You", "Anne", "Calico", "Mary", "Edward", "Grace", "Ching", "Henry"]


def _saved(kinds: list[str], until_round: int) -> Match:
    seats = [TableSeat(NAMES[i], k) for i, k in enumerate(kinds)]
    match = Match(GAME, SkullKingOptions(players=len(kinds)), 7, seats)
    state = match.state
    for _ in range(400):
        if state.round_index >= until_round and state.phase.value == "bid":
            break
        GAME.apply(state, GAME.legal(state)[-1])
    match.save()
    return match


def _row(match: Match):
    found, _ = unfinished_games()
    return next(u for u in found if u.path == match.path)


@pytest.mark.parametrize("width", [1024, 1280])
def test_an_eight_seat_line_fits_and_says_whose_turn(width) -> None:
    make_app((width, 640))
    match = _saved(["human"] * 8, 2)
    item = _row(match)
    assert "Grace" in item.detail and " to bid · " in item.detail, item.detail
    label = fitted_row(item, width - 110 - DELETE_W, 21)
    assert theme.font(21).size(label)[0] <= width - 110 - DELETE_W
    assert not label.endswith("..."), label
    assert "Round 3 of 10, bidding" in label
    turn = GAME.to_act(match.state)
    assert f"{NAMES[turn]} to bid" in label or (turn == 0 and "Your turn" in label), label


def test_a_computer_to_bid_still_reads_as_bidding() -> None:
    make_app((1024, 640))
    match = _saved(["human", "heuristic"], 1)
    match.state.apply_action(GAME.legal(match.state)[0])  # you bid: the computer is to bid
    match.save()
    item = _row(match)
    assert item.detail.startswith("Round 2 of 10, bidding · "), item.detail
