"""Issue 40, the second play-test: Skull's replay jumps by round as the Skully replay jumps by
turn: ] to the next round's start, [ to the previous one's, said in the replay's key line."""

from __future__ import annotations

import pygame

from cards.skull import SkullOptions, SkullState
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skull.adapter import GAME
from skully_game.scenes.skull.table import SkullReplay, TableSeat
from tests.ui_helpers import drawn_texts, key, make_app


def _two_rounds(state: SkullState) -> None:
    """Everyone lays a Flower, the first to bid bids 1 and turns their own: twice."""
    for _ in range(200):
        if len(state.rounds) >= 2:
            return
        legal = state.legal_actions()
        flowers = [a for a in legal if a.startswith("PLACE:") and not a.startswith("PLACE:K")]
        bids = [a for a in legal if a.startswith("BID:")]
        pick = (flowers if flowers and not bids else None) or (["BID:1"] if "BID:1" in legal
                else ["PASS"] if "PASS" in legal else legal)  # fmt: skip
        state.apply_action(pick[0])
    raise AssertionError("no second round")


def test_brackets_jump_to_each_rounds_start(monkeypatch) -> None:
    app = make_app()
    app.stack.push(MenuScene(app))
    seats = [TableSeat(n, "human") for n in ("You", "Anne", "Cy")]
    match = Match(GAME, SkullOptions(players=3), 3, seats)
    state = GAME.replay(match.state, [])
    _two_rounds(state)
    match.state = state
    replay = SkullReplay(app, match)
    app.stack.push(replay)
    starts = replay.round_starts()
    assert len(starts) >= 3 and starts[0] == 0
    app.dispatch(key(pygame.K_RIGHTBRACKET))
    assert replay.step == starts[1] and len(replay.state.rounds) == 1
    app.dispatch(key(pygame.K_RIGHT))
    app.dispatch(key(pygame.K_LEFTBRACKET))
    assert replay.step == starts[1], "back to this round's start"
    app.dispatch(key(pygame.K_LEFTBRACKET))
    assert replay.step == 0
    assert any("[ ] the previous or next round" in t for t in drawn_texts(app, monkeypatch))
