"""Skip-Bo's game's end, and the final table under it (a mixin of `SkipBoTable`, table.py):
Space, or the "See the table" button, takes the result away to show how the game ended (the
building piles, every stock and discard pile, as anyone may see them: never a hand); Space or
"Back to the result" brings it back, as Skirrid's standings do. Enter does neither, and never
deals a new game (the frame's rule: only A plays again)."""

from __future__ import annotations

import pygame

from skully_game.scenes.cardtable.layout import Layout
from skully_game.shell import theme
from skully_game.shell.app import DOUBLE_PRESS_S
from skully_game.shell.widgets import Button

SEE_TABLE = "See the table"
SEE_RESULT = "Back to the result"


class SkipBoEnding:
    """The final table behind the result; its attributes are set by `SkipBoTable`."""

    table_seen = False  # the game is over and the final table is on show, not the result

    def end_armed(self) -> bool:
        """The end has been on show a moment: a press now was meant for it (the second press
        of a double Space that played the last card was not)."""
        since = self.end_since
        return since is not None and self.gate.clock - since >= DOUBLE_PRESS_S

    def see_table(self) -> None:
        """The final table, or the result again."""
        if not self.end_armed():
            return
        self.table_seen = not self.table_seen
        self._layout()

    def end_key(self, event: pygame.event.Event) -> bool:
        """Space swaps the result and the final table; A and R are the frame's."""
        if self.end_on_show() and event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            self.see_table()
            return True
        if self.table_seen and not self.end_on_show():
            self.table_seen = False  # a new game was dealt (Play again): its own table
        return super().end_key(event)  # type: ignore[misc, no-any-return]

    def end_buttons(self, row: pygame.Rect) -> list[Button]:
        """Under the result: Play again and Watch the replay, and See the table under them;
        over the final table, only the way back to the result, at the table's foot."""
        if not self.end_on_show():
            return []
        if self.table_seen:
            back = self.back_rect()
            return [Button(back, SEE_RESULT, on_click=self.see_table, size=22, tooltip="Space")]
        out: list[Button] = super().end_buttons(row)  # type: ignore[misc]
        see = pygame.Rect(0, 0, 300, row.h)
        see.midtop = (row.centerx, row.bottom + 12)
        out.append(Button(see, SEE_TABLE, on_click=self.see_table, size=22,
                          tooltip="Space: the table as the game ended"))  # fmt: skip
        return out

    def back_rect(self) -> pygame.Rect:
        """Back to the result: at the table's foot on the right, clear of one's own piles
        (which lie on the left)."""
        table = self.lay().table
        back = pygame.Rect(0, 0, 260, 40)
        back.bottomright = (table.right - 16, table.bottom - 16)
        return back

    def _draw_game_over(self, surface: pygame.Surface, lay: Layout) -> None:
        """The result, or the final table as everyone may see it, with the way back named."""
        if not self.table_seen:
            super()._draw_game_over(surface, lay)  # type: ignore[misc]
            return
        self._draw_public_table(surface, lay)
        back = self.back_rect()
        theme.text(surface, "The table as the game ended", (back.right, back.top - 6), 18,
                   theme.TEXT_DIM, "bottomright")  # fmt: skip


__all__ = ["SEE_RESULT", "SEE_TABLE", "SkipBoEnding"]
