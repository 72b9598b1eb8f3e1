"""Hovering a stock explains it in a tip that never covers the stock's count badge."""

from __future__ import annotations

import pygame

from skully_game.scenes.skip_bo import tips
from skully_game.shell.scripted import ev
from tests.test_skip_bo_table import _table


def test_a_stocks_tip_keeps_off_its_count_badge_at_both_sizes():
    for size in ((1280, 800), (1024, 640)):
        app, table = _table(["human", "build-first"], size=size, stock=10)
        for seat in (0, 1):  # your own stock (the one the play-tester hovered) and Anne's
            mat = table.geometry().mats[seat]
            pos = mat.stock.center
            app.dispatch(ev(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            lines, about = table.tip_at(pos)
            surface = pygame.Surface(size)
            box = tips.paint_tip(surface, lines, about, table.lay().table, table.tip_clear())
            stock = mat.stock  # its badge ("stock 10") hangs under it, a little wider
            badge = pygame.Rect(stock.x - 8, stock.bottom + 2, stock.w + 16, 18)
            assert not box.colliderect(badge), (size, seat, box, badge)
            assert not box.colliderect(mat.stock), (size, seat)
