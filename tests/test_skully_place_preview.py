"""The cap shown where a player is about to put it down is drawn at the size of the caps on the
table, not about half of it (issue 39, item 4)."""

from __future__ import annotations

import pytest

import skully_game.scenes.skully.captable as captable
import skully_game.scenes.skully.gamedraw as gamedraw
from skully_game.scenes.skully.table import SkullyGameScene
from skully_game.skully.game_setup import GameSetup, Seat
from skully_game.skully.rules import suggested_spot
from tests.ui_helpers import make_app, settle_view


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_preview_cap_behind_the_start_line_is_the_real_caps_size(size, monkeypatch) -> None:
    app = make_app(size)
    scene = SkullyGameScene.new(app, GameSetup(seats=[Seat("Ace", 0), Seat("Bo", 1)], seed=4))
    app.stack.push(scene)
    session = scene.session
    first = session.state.pending[0]
    session.place(first.player, suggested_spot(session.state, session.board, first))
    scene._sync()
    settle_view(app, scene.table)
    assert scene.ghost is not None, "Bo is putting a cap down"
    preview: list[float] = []
    real: list[float] = []
    real_draw, real_ghost = captable.draw_cap, gamedraw.draw_cap

    def on_table(surface, kind, colour, symbol, at, r, *rest):
        real.append(r)
        return real_draw(surface, kind, colour, symbol, at, r, *rest)

    def ghost(surface, kind, colour, symbol, at, r, *rest):
        preview.append(r)
        return real_ghost(surface, kind, colour, symbol, at, r, *rest)

    monkeypatch.setattr(captable, "draw_cap", on_table)
    monkeypatch.setattr(gamedraw, "draw_cap", ghost)
    app.draw(0.0)
    assert preview and real
    assert preview[0] == pytest.approx(max(real), rel=0.05)
