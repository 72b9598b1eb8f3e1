"""A Skip-Bo replay closes the hand up after a card leaves it, as the live table does (a
play-tester saw the replay keep a hole where the card had been)."""

from __future__ import annotations

import itertools

import pygame

from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.skip_bo.adapter import GAME as SKIP_BO
from skully_game.scenes.skip_bo.demos import _skip_bo, _skip_bo_until
from skully_game.scenes.skip_bo.handrow import SLIDE
from skully_game.scenes.skip_bo.table import SkipBoReplay
from tests.ui_helpers import key, make_app


def test_the_replayed_hand_closes_up_after_a_card_leaves_it():
    app = make_app()
    table = _skip_bo(app, ["human", "build-first", "build-first"], seed=2, stock=10)
    _skip_bo_until(table, lambda s: s.turn_count > 9)
    replay = SkipBoReplay(app, Match.load(SKIP_BO, table.match.path))
    app.stack.push(replay)
    step = next(
        k
        for k, a in enumerate(replay.actions)
        if a.startswith("H")
        and ">B" in a
        and replay.game.replay(replay.state, replay.actions[:k]).current_player() == 0
        and len(replay.game.replay(replay.state, replay.actions[:k]).hands[0]) >= 3
    )
    replay.goto(step)
    app.run_frames(round(SLIDE * 60) + 6)
    before = [rect.copy() for _, rect, _ in replay.hand_layout()]
    app.dispatch(key(pygame.K_RIGHT))  # the card leaves the hand: closed up at once
    assert len(replay.hand_layout()) == len(before) - 1
    after = [rect for _, rect, _ in replay.hand_layout()]
    gaps = {right.x - left.right for left, right in itertools.pairwise(after)}
    assert len(gaps) == 1 and 0 < gaps.pop() <= 12  # closed up: no hole
    assert after[0].x == before[0].x  # from the right, anchored at the left
