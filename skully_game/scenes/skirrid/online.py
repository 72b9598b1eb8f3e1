"""Skirrid's table across desks: what differs from the card tables' online line (its board
has a panel, not a line under the hand)."""

from __future__ import annotations

from typing import Any

import pygame

from skully_game.scenes.online.cards import OnlineTable
from skully_game.shell import theme


class OnlineSkirrid(OnlineTable):
    """Mixed in before SkirridTable across desks (by online.cards.online_table_class): the
    board's prompt says whose turn it is; the host's hand-over buttons sit above the panel's
    own."""

    def buttons(self) -> list[Any]:
        widgets = super().buttons()
        p = self.lay().panel
        y = p.bottom - 46 - (46 if self.must_pass() else 0)
        rects = []
        for _ in self.away_seats():
            y -= 44
            rects.append(pygame.Rect(p.x + 8, y, p.w - 20, 36))
        return [*self.hand_over_buttons(rects), *widgets]

    def panel_reserved(self) -> int:
        return int(super().panel_reserved()) + 44 * len(self.away_seats())

    def prompt_lines(self, width: int) -> list[tuple[str, theme.Colour]]:
        lines = super().prompt_lines(width)
        said = self.someone_else()
        if said is None:
            return lines
        colour = theme.CHALK_YELLOW if self.lost else theme.TEXT
        kept = [(text, tint) for text, tint in lines if not text.endswith("is thinking…")]
        return kept + [(part, colour) for part in theme.wrap(said, 19, width)]


ONLINE_MIXIN = OnlineSkirrid
