"""A card picked from a pile by a click stays drawn where it lies, framed in gold, until it is
put down (a play-tester's clicked discard vanished, leaving an empty slot)."""

from __future__ import annotations

import pygame

from cards.skip_bo.cards import code
from skully_game.shell.scripted import ev
from tests.test_skip_bo_table import _table


def test_a_discard_picked_by_a_click_stays_on_its_pile():
    app, table = _table(["human", "build-first"], seed=5)
    for _ in range(400):
        table.run_bots_now()
        s = table.state
        if s.current_player() == 0 and any(s.discards[0]) and s.played == 0:
            break
        legal = list(s.legal_actions())
        discards = [a for a in legal if a.startswith("H") and ">D" in a]
        table.act(discards[0] if discards and s.current_player() == 0 else legal[0])
        table.settle()
    table.settle()
    mat = table.geometry().mats[0]
    pile = max(range(4), key=lambda k: len(table.state.discards[0][k]))
    top = mat.pile_rects(pile, len(table.state.discards[0][pile]))[-1]
    app.dispatch(ev(pygame.MOUSEMOTION, pos=top.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=top.center, button=1))
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=top.center, button=1))
    assert table.picked == f"D0.{pile}"
    drawn: list[str] = []
    real = table.face
    table.face = lambda c, *rest: drawn.append(c) or real(c, *rest)  # type: ignore[method-assign]
    table.paint_spots(app.screen)
    card = code(table.state.discards[0][pile][-1])
    assert card in drawn, "the picked card is still drawn on its pile"
