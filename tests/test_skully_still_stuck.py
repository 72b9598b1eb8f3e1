"""A hit that leaves a cap stuck in the skull says so at that cap: "Still stuck" (issue 39,
item 5), whether it stayed in its section or was knocked into another."""

from __future__ import annotations

from dataclasses import replace

from skully_game.skully.game_setup import GameSetup, Seat
from skully_game.skully.rules.events import Hit
from tests.ui_helpers import open_skully_game


def said_at(scene, who: int) -> list[str]:
    at = scene.table.positions[who]
    return [text for text, where, _c, _u in scene.callouts if where == at]


def test_a_hit_that_leaves_the_cap_stuck_says_still_stuck_at_it(app) -> None:
    scene = open_skully_game(app, GameSetup(seats=[Seat("Ace", 0), Seat("Bo", 1)], seed=4))
    state = scene.session.state
    side = scene.session.board_spec.board_side
    stuck = replace(state.players[1], pos=(side * 0.55, side * 0.8), stuck=True)
    before = replace(state, players=(state.players[0], stuck))
    scene.session.state = before
    scene._sync()
    for hit in (
        Hit("Ace hit Bo, still stuck in skull 6: +1", 0, 1, 1),
        Hit("Ace hit Bo in the skull: +6", 0, 1, 6, None, 6),
    ):
        scene.callouts = []
        scene._after((hit,), before)
        assert "Still stuck" in said_at(scene, 1), scene.callouts


def test_a_hit_out_of_the_skull_does_not_say_still_stuck(app) -> None:
    scene = open_skully_game(app, GameSetup(seats=[Seat("Ace", 0), Seat("Bo", 1)], seed=4))
    state = scene.session.state
    side = scene.session.board_spec.board_side
    was = replace(state.players[1], pos=(side * 0.55, side * 0.8), stuck=True)
    before = replace(state, players=(state.players[0], was))
    scene.session.state = replace(state, players=(state.players[0], replace(was, stuck=False)))
    scene._sync()
    scene.callouts = []
    scene._after((Hit("Ace hit Bo out of the skull: +6", 0, 1, 6, None, 6),), before)
    assert "Still stuck" not in said_at(scene, 1)
