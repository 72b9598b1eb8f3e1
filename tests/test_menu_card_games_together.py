"""The main menu keeps the card games together (issue 40): with two columns, Skull King heads
the second column over Skull, Skip-Bo and Skirrid (it sat alone at the foot of the first, under
Skully's entries), at every size the menu takes two columns."""

from __future__ import annotations

import itertools

import pytest

from cards.registry import GAMES
from skully_game.scenes.menu import MenuScene
from tests.ui_helpers import make_app

TABLES = [g.title for g in sorted(GAMES, key=lambda g: g.order) if g.table]


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640), (1024, 520), (800, 500)])
def test_the_card_games_stand_together_in_one_column(size):
    app = make_app(size)
    menu = MenuScene(app)
    app.stack.push(menu)
    rects = {b.label: b.rect for b in menu.widgets.widgets}
    tables = [rects[t] for t in TABLES]
    assert menu.columns == 2
    assert len({r.x for r in tables}) == 1, tables  # one column
    steps = {b.top - a.top for a, b in itertools.pairwise(tables)}
    assert len(steps) == 1 and steps.pop() > 0  # one under another, in the registry's order
    assert tables[0].top == min(r.top for r in rects.values())  # heading the second column
    assert rects["Resume game"].x != tables[0].x  # Skully's entries keep the first
    app.stack.clear()
