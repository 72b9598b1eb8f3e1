"""Replays play on by themselves (issue 40: card replays only stepped): Space (or Play) shows a
move every PLAY_STEP_S till the end or Space again; a step the watcher chooses stops it; from
the end, Play starts over. At a card table and at Skirrid's board alike."""

from __future__ import annotations

import random

import pygame

from cards.skirrid import SkirridOptions, SkirridState
from cards.skirrid.bots import make_bot
from cards.skull_king import SkullKingOptions
from skully_game.scenes.cardtable.match import Match as CardMatch
from skully_game.scenes.cardtable.match import TableSeat
from skully_game.scenes.cardtable.replay import PLAY_STEP_S
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skirrid.adapter import GAME as SKIRRID
from skully_game.scenes.skirrid.table import SkirridReplay
from skully_game.scenes.skull_king.adapter import GAME as SKULL_KING
from skully_game.scenes.skull_king.table import SkullKingReplay, SkullKingTable
from skully_game.shell.app import TICK
from tests.ui_helpers import key, make_app


def _run(app, seconds: float) -> None:
    for _ in range(round(seconds / TICK)):
        app.tick()


def _sk_replay(app) -> SkullKingReplay:
    seats = [TableSeat("You", "human"), TableSeat("Anne", "random"), TableSeat("Bo", "random")]
    table = SkullKingTable(app, CardMatch(SKULL_KING, SkullKingOptions(players=3), 5, seats))
    app.stack.push(table)
    for _ in range(12):  # round 1 and round 2's bids: enough moves to watch
        table.act(table.state.legal_actions()[0])
    assert len(table.state.history()) == 12
    app.stack.pop()
    replay = SkullKingReplay(app, CardMatch.load(SKULL_KING, table.match.path))
    app.stack.push(replay)
    return replay


def test_space_plays_a_card_replay_on_and_a_chosen_step_stops_it() -> None:
    app = make_app()
    app.stack.push(MenuScene(app))
    replay = _sk_replay(app)
    assert replay.step == 0 and not replay.playing
    app.dispatch(key(pygame.K_SPACE))
    assert replay.playing
    _run(app, 3 * PLAY_STEP_S + 0.2)
    assert replay.step == 3
    assert replay.state.history() == replay.actions[:3]
    app.dispatch(key(pygame.K_LEFT))  # the watcher's own step: it stops to be looked at
    assert not replay.playing and replay.step == 2
    _run(app, 2 * PLAY_STEP_S)
    assert replay.step == 2
    app.dispatch(key(pygame.K_SPACE))
    app.dispatch(key(pygame.K_SPACE))  # Space again: it stops
    _run(app, 2 * PLAY_STEP_S)
    assert not replay.playing and replay.step == 2


def test_a_skirrid_replay_plays_to_its_end_and_play_starts_it_over() -> None:
    app = make_app()
    app.stack.push(MenuScene(app))
    state = SkirridState(SkirridOptions(players=2), 3)
    bots = [make_bot("greedy", random.Random(p)) for p in range(2)]
    for _ in range(4):
        seat = state.turn
        state.apply_action(bots[seat].act(state.observation(seat), state.legal_actions()))
    match = CardMatch(SKIRRID, SkirridOptions(players=2), 3, [TableSeat("You"), TableSeat("Bo")])
    match.state = SKIRRID.replay(match.state, state.history())
    replay = SkirridReplay(app, match)
    app.stack.push(replay)
    play = next(b for b in replay.widgets.widgets if getattr(b, "label", "") == "Play")
    play.on_click()
    _run(app, 5 * PLAY_STEP_S + 0.2)
    assert replay.step == 4 and not replay.playing, "it stops at the end"
    play = next(b for b in replay.widgets.widgets if getattr(b, "label", "") == "Play")
    play.on_click()
    assert replay.step == 0 and replay.playing, "from the end it starts over"
