"""A stack's tooltip dropped when its stack changes under a still pointer (a play-tester read
one about a stack that had changed, issue 40). A mixin of the card table's painting."""

from __future__ import annotations

import pygame

from skully_game.scenes.cardtable import spots
from skully_game.scenes.cardtable.secrecy import EVERYONE


class TipWatch:
    """What the tooltip said where the pointer rests; attributes set by `CardTable`."""

    _tip_seen: tuple[tuple[int, ...], str | None, bool] | None = None  # pointer, words, dropped

    def spot_tip_dropped(self, own: bool) -> bool:
        """Whether the stack's tooltip under a still pointer is dropped: its words changed (a
        card placed on the stack, turned, taken) since the pointer came to rest, so the box
        would speak of a stack that is no more (a play-tester read one after the change). It
        shows again once the pointer moves."""
        mouse = tuple(self.widgets.mouse)
        found = spots.tip_at(self.spot_layout(), self.widgets.mouse, own)
        said = found[0] if found is not None else None
        seen = self._tip_seen
        if seen is None or seen[0] != mouse:
            self._tip_seen = (mouse, said, False)
        elif seen[1] != said:
            self._tip_seen = (mouse, said, True)
        return self._tip_seen[2]

    def draw_spot_tip(self, surface: pygame.Surface, table: pygame.Rect, own: bool) -> None:
        """The tooltip of the stack under the pointer, a small stack's faces enlarged in it."""
        spots.draw_tip(surface, self.spot_layout(), self.widgets.mouse, table,
                       self.spot_tip_avoids(), own,
                       self.sight.faces(self.game.card_image, EVERYONE))  # fmt: skip


__all__ = ["TipWatch"]
