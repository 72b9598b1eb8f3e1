"""Skull's words say what the rules and the game do (issue 40): the hint for a Skull laid first
(a Challenger turns their own stack first, so it stops only another Challenger), the Open Bid
option's tooltip (a round of offers in turn), and the score sheet's "your Skull" in one's own
column."""

from __future__ import annotations

from dataclasses import fields

from cards.skull import Phase, SkullOptions, SkullState
from cards.skull.cards import is_skull
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.skull.adapter import GAME
from skully_game.scenes.skull.table import SkullTable, TableSeat
from tests.ui_helpers import make_app


def _skull_first() -> tuple[SkullState, int]:
    """Everyone lays their Skull first; the seat to act next, and its state."""
    state = SkullState(SkullOptions(players=3), 8)
    while state.phase is Phase.FIRST:
        seat = state.current_player()
        state.apply_action("PLACE:" + next(c for c in state.hands[seat] if is_skull(c)))
    return state, state.current_player()


def test_the_hint_for_a_skull_laid_first_states_the_rule() -> None:
    state = SkullState(SkullOptions(players=3), 8)
    seat = state.current_player()
    skull = next(c for c in state.hands[seat] if is_skull(c))
    words = GAME.hint_words(state.observation(seat), seat, f"PLACE:{skull}")
    assert words == "Place your Skull first: it stops any other Challenger who turns your stack"
    assert "bids past" not in words and "must turn" not in words


def test_no_skull_hint_says_a_bid_past_a_stack_must_turn_it() -> None:
    state, seat = _skull_first()
    obs = state.observation(seat)
    for action in ("BID:2", "PLACE:" + state.hands[seat][0]):
        words = GAME.hint_words(obs, seat, action)
        assert "bids past" not in words and "raises past" not in words, words


def test_the_open_bid_tooltip_says_bids_are_offered_in_turn() -> None:
    tip = next(f.metadata["tip"] for f in fields(SkullOptions) if f.name == "open_bid")
    assert "any time" not in tip and "not only in turn" not in tip
    assert "in turn" in tip and "raise" in tip and "let it stand" in tip


def _my_skull_stops_anne() -> SkullState:
    """Seat 0 ("You") lays their Skull; Anne challenges, turns her own Flower, then the Skull."""
    state = SkullState(SkullOptions(players=3), 8)
    for _ in range(200):
        if state.rounds:
            return state
        seat, legal = state.current_player(), state.legal_actions()
        if state.phase is Phase.FIRST:
            want = (lambda c: is_skull(c)) if seat == 0 else (lambda c: not is_skull(c))
            action = "PLACE:" + next(c for c in state.hands[seat] if want(c))
        elif state.phase is Phase.REVEAL:
            action = f"FLIP:{seat}" if f"FLIP:{seat}" in legal else "FLIP:0"
        elif seat == 0 and "BID:1" in legal:
            action = "BID:1"  # (bid at once: no Flower laid over the Skull)
        elif seat == 1 and "BID:2" in legal:
            action = "BID:2"
        elif "PASS" in legal:
            action = "PASS"
        else:
            action = next(a for a in legal if not a.startswith("BID"))
        state.apply_action(action)
    raise AssertionError("the round did not end")


def test_the_score_sheet_says_your_skull_in_your_own_column() -> None:
    state = _my_skull_stops_anne()
    record = state.rounds[0]
    assert record.challenger == 1 and record.skull_owner == 0
    app = make_app()
    seats = [TableSeat("You"), TableSeat("Anne", "cautious"), TableSeat("Calico", "cautious")]
    match = Match(GAME, SkullOptions(players=3), 8, seats)
    match.state = GAME.replay(match.state, state.history())
    table = SkullTable(app, match)
    cells = table.sheet_shown().rounds[0][1]
    assert cells[0][0] == "your Skull"
    assert GAME.sheet(state, ["Bea", "Anne", "Calico"]).rounds[0][1][0][0] == "their Skull"
