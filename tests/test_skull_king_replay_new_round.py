"""A Skull King replay that steps into a new round shows the new deal, not the last round's
final trick (it stayed in the middle for one step, issue 40); a step that ends a trick inside a
round still holds that trick up until the next step."""

from __future__ import annotations

import pygame

from cards.skull_king import SkullKingOptions
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.skull_king.adapter import GAME as SKULL_KING
from skully_game.scenes.skull_king.table import SkullKingReplay, SkullKingTable, TableSeat
from tests.ui_helpers import key, make_app


def _replay():
    app = make_app()
    seats = [TableSeat("You"), TableSeat("Anne", "heuristic"), TableSeat("Calico", "strong")]
    table = SkullKingTable(app, Match(SKULL_KING, SkullKingOptions(players=3), 5, seats))
    app.stack.push(table)
    for _ in range(400):
        table.run_bots_now()
        if table.state.round_index >= 3:
            break
        table.act(table.state.legal_actions()[0])
    replay = SkullKingReplay(app, Match.load(SKULL_KING, table.match.path))
    app.stack.push(replay)
    return app, replay


def test_stepping_into_a_new_round_leaves_the_last_trick_behind():
    app, replay = _replay()
    rounds = 0
    trick_held = 0
    for _ in range(len(replay.actions)):
        before = replay.state.round_index
        app.dispatch(key(pygame.K_RIGHT))
        app.draw(0.0)
        if replay.state.round_index != before:
            rounds += 1
            assert replay.shown is None, f"step {replay.step}: round {before + 1}'s trick shown"
            assert replay.pile_slots == 0
        elif replay.shown is not None:
            trick_held += 1
    assert rounds >= 2 and trick_held >= 1, (rounds, trick_held)
