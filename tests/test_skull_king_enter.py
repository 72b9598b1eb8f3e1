"""Enter on a Skull King hand plays only a card the person chose themselves since their hand was
shown (pointed at, or a fresh arrow press); otherwise its first press picks a card and names it,
and the next plays it. A key held from before names nothing."""

from __future__ import annotations

import pygame

from cards.skull_king import Phase, RoundPlan, SkullKingOptions
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.skull_king.adapter import GAME
from skully_game.scenes.skull_king.table import SkullKingTable, TableSeat
from tests.ui_helpers import ev, key, make_app


def _my_card_turn() -> tuple[object, SkullKingTable]:
    app = make_app()
    options = SkullKingOptions(players=3, round_plan=RoundPlan.BLITZ)
    seats = [TableSeat("Me"), TableSeat("B", "heuristic"), TableSeat("C", "heuristic")]
    table = SkullKingTable(app, Match(GAME, options, 8, seats))
    app.stack.push(table)
    for _ in range(50):
        table.run_bots_now()
        if table.state.phase is not Phase.BID:
            break
        table.act(table.state.legal_actions()[0])
    assert table.my_turn() and table.state.phase is Phase.PLAY
    return app, table


def _release(app, k: int) -> None:
    app.dispatch(ev(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))


def _played(table: SkullKingTable, before: int) -> list[str]:
    return table.state.history()[before:]


def test_a_first_enter_with_nothing_chosen_picks_a_card_and_a_second_plays_it():
    app, table = _my_card_turn()
    before = len(table.state.history())
    app.dispatch(key(pygame.K_RETURN))
    _release(app, pygame.K_RETURN)
    assert _played(table, before) == []
    named = table.hand_layout()[table.cursor][0]
    assert table.hover == named and table.playable(named)
    app.dispatch(key(pygame.K_RETURN))
    assert _played(table, before) and named in _played(table, before)[0]


def test_a_fresh_arrow_chooses_and_one_enter_plays():
    app, table = _my_card_turn()
    before = len(table.state.history())
    app.dispatch(key(pygame.K_RIGHT))
    _release(app, pygame.K_RIGHT)
    named = table.hand_layout()[table.cursor][0]
    app.dispatch(key(pygame.K_RETURN))
    assert _played(table, before) and named in _played(table, before)[0]


def test_pointing_at_a_card_chooses_it_and_one_enter_plays():
    app, table = _my_card_turn()
    before = len(table.state.history())
    hand = table.hand_layout()
    k = max(i for i, (code, _, _) in enumerate(hand) if table.playable(code))
    code, rect, _ = hand[k]
    app.dispatch(
        ev(pygame.MOUSEMOTION, pos=rect.move(0, -18).center, rel=(0, 0), buttons=(0, 0, 0))
    )
    app.dispatch(key(pygame.K_RETURN))
    assert _played(table, before) and code in _played(table, before)[0]


def test_an_arrow_held_from_before_the_turn_chooses_nothing_for_enter():
    app, table = _my_card_turn()
    before = len(table.state.history())
    table.gate.held.add(pygame.K_RIGHT)  # held down since before the hand was shown
    app.dispatch(key(pygame.K_RIGHT))  # its repeat moves the keys, but chooses nothing
    assert table.cursor >= 0
    app.dispatch(key(pygame.K_RETURN))
    _release(app, pygame.K_RETURN)
    assert _played(table, before) == []  # the first Enter names the card
    app.dispatch(key(pygame.K_RETURN))
    assert len(_played(table, before)) == 1
