"""H while a Skull King round's end is still on show (its last trick waiting for Continue, its
summary) gives no hint: it hinted a bid for the next hand, not yet dealt on screen (a
play-tester); once the new hand shows, H hints again."""

from __future__ import annotations

import pygame
import pytest

from skully_game.scenes.skull_king.demos import _sk_until, _skull_king
from tests.ui_helpers import key, make_app


@pytest.mark.slow
def test_no_hint_while_the_rounds_last_trick_waits_then_one_for_the_new_hand():
    app = make_app()
    table = _skull_king(app, ["human", "heuristic"])
    for _ in range(6):  # to a round's last trick whose next round the person bids first
        _sk_until(table, lambda s: len(s.tricks) == s.round_index and s.current_player() == 0)
        round_index = table.state.round_index
        table.act(table.state.legal_actions()[0])
        for _ in range(600):
            app.run_frames(1)
            if table.round_wait:
                break
        if table.round_wait and table.game.to_act(table.state) == 0:
            break
        for _ in range(600):  # not this round: on to the next
            if table.round_wait or table.summary is not None:
                app.dispatch(key(pygame.K_RETURN))
            app.run_frames(1)
            if table.state.round_index > round_index and not table.round_end_on_show():
                break
    assert table.round_wait and table.game.to_act(table.state) == 0
    before = table.notice
    app.dispatch(key(pygame.K_h))
    assert table.notice == before  # no search for a hand not shown, and no words behind
    # the Continue button (issue 40: "A hint is for the person to act..." lay under it)
    app.run_frames(60)
    assert table.hinted is None
    for _ in range(3000):  # on to the summary, then past it to the new hand
        if table.round_wait or table.summary is not None:
            app.dispatch(key(pygame.K_RETURN))
        app.run_frames(1)
        if not table.round_end_on_show() and not table.busy() and table.passing is None:
            break
    assert table.may_hint()
