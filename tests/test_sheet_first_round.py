"""After the first round the score sheet says where its graph will be, not a blank page."""

from __future__ import annotations

import pygame

from skully_game.scenes.cardtable import panels
from skully_game.scenes.cardtable.game import Sheet
from skully_game.shell import theme


def _sheet(rounds: int) -> Sheet:
    cells = (("1/1 +20", True), ("0/1 -10", False))
    running = tuple(tuple(range(rounds + 1)) for _ in range(2))
    return Sheet(
        players=(0, 1),
        rounds=tuple((f"Round {r + 1}", cells) for r in range(rounds)),
        totals=(20, -10),
        running=running,
    )


def _ink_below_totals(rounds: int) -> int:
    pygame.init()
    surface = pygame.Surface((940, 740))
    box = surface.get_rect().inflate(-40, -40)
    panels.draw_sheet(surface, box, _sheet(rounds), ["Bea", "Anne"])
    below = pygame.Rect(box.x + 10, box.y + 52 + 24 + 20 * rounds + 40, box.w - 20, 40)
    return sum(
        1
        for x in range(below.x, below.right, 2)
        for y in range(below.y, below.bottom, 2)
        if surface.get_at((x, y))[:3] != theme.PANEL[:3]
    )


def test_one_round_says_when_the_graph_comes() -> None:
    assert _ink_below_totals(1) > 20
