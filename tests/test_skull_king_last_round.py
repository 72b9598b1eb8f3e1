"""The game's last round ends as every round does: its last trick waits for the person, then its
summary, then the final standings (the panel, the log and the seats said "Game over" while the
last trick was still on show, so the last summary seemed skipped)."""

from __future__ import annotations

import pygame

from cards.skull_king import Phase, RoundPlan, SkullKingOptions
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skull_king.adapter import GAME
from skully_game.scenes.skull_king.table import SkullKingTable, TableSeat
from skully_game.shell.app import DOUBLE_PRESS_S
from tests.ui_helpers import key, make_app


def _to_the_last_card() -> tuple[object, SkullKingTable]:
    app = make_app()
    app.stack.push(MenuScene(app))
    options = SkullKingOptions(players=3, round_plan=RoundPlan.WHIRLPOOL)
    seats = [
        TableSeat("You", "human"),
        TableSeat("Anne", "heuristic"),
        TableSeat("Bo", "heuristic"),
    ]
    table = SkullKingTable(app, Match(GAME, options, 17, seats))
    app.stack.push(table)
    for _ in range(3000):
        s = table.state
        last = s.round_index == len(s.plan) - 1
        if last and s.phase is Phase.PLAY and sum(s.observation(0).hand_sizes) == 1:
            break
        seat = table.game.to_act(s)
        table.act(s.legal_actions()[0] if seat == 0 else table.bots[seat](s, seat)())
        table.settle()
    table.act(table.state.legal_actions()[0])  # the game's last card
    return app, table


def _labels(table: SkullKingTable) -> list[str]:
    return [b.label for b in table.buttons()]


def test_the_last_round_shows_its_trick_then_its_summary_then_the_standings():
    app, table = _to_the_last_card()
    assert table.state.is_terminal()
    before = list(table.state.scores)
    last = table.state.rounds[-1].totals
    app.run_frames(120)
    # the last trick waits for the person, as every round's does: the game is not over yet
    assert table.round_wait and table.summary is None
    assert "Continue" in _labels(table)
    assert "Watch the replay" not in _labels(table)
    shown = table.drawn_from().observation(0).scores
    assert list(shown) == [b - t for b, t in zip(before, last, strict=True)]
    log = table.game.log(table.drawn_from(), 0, table.told_names())
    assert not any("Game over" in line for line in log)
    app.dispatch(key(pygame.K_RETURN))
    app.run_frames(90)  # the trick goes to its winner, then the summary comes up
    assert table.summary is not None
    assert table.summary.title.startswith("Round 5 of 5")
    assert not table.end_on_show()
    assert "Watch the replay" not in _labels(table)
    app.run_frames(round(DOUBLE_PRESS_S * 60) + 2)
    app.dispatch(key(pygame.K_RETURN))
    app.run_frames(3)
    assert table.summary is None and table.end_on_show()
    assert "Watch the replay" in _labels(table)
    assert list(table.drawn_from().observation(0).scores) == before
