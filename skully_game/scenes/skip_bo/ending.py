"""Skip-Bo's game's end, and the final table under it (a mixin of `SkipBoTable`, table.py):
the end is one box (endbox.py: the winner, each stock left, the cards played, and its
buttons), not the last game's summary first. Space, or the "See the table" button, takes the
result away to show how the game ended (the building piles, every stock and discard pile, and
every hand face up: the game is over); Space or "Back to the result" brings it back, as
Skirrid's standings do. Enter does neither, and never deals a new game (the frame's rule:
only A plays again)."""

from __future__ import annotations

import pygame

from skully_game.scenes.cardtable.game import Happening, RoundEnded
from skully_game.scenes.cardtable.layout import Layout
from skully_game.scenes.cardtable.secrecy import EVERYONE
from skully_game.scenes.skip_bo import endbox
from skully_game.shell import theme
from skully_game.shell.app import DOUBLE_PRESS_S
from skully_game.shell.widgets import Button

SEE_TABLE = "See the table (Space)"
SEE_RESULT = "Back to the result"
PLAY_AGAIN = "Play again (A)"
WATCH = "Watch the replay (R)"
LEAVE = "Leave (Esc)"
END_KEYS = "Tab: score sheet · Space: the final table"


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

    def happening(self, item: Happening) -> bool:
        """The game's last summary is not shown: the end's box says all it said."""
        if isinstance(item, RoundEnded) and self.over() and item.index == len(self.sk.games) - 1:
            return False
        return super().happening(item)  # type: ignore[misc, no-any-return]

    def _end_buttons(self) -> list[tuple[str, object, str]]:
        again = [(PLAY_AGAIN, self.play_again, self.PLAY_AGAIN_TIP)] if self.deals_again() else []
        return [
            *again,
            (WATCH, self.replay, self.WATCH_REPLAY_TIP),
            (SEE_TABLE, self.see_table, "The table as the game ended, every hand face up"),
            (LEAVE, self.ask_leave, "Back to the menu"),
        ]

    def end_keys(self) -> str:
        """The keys line under the result."""
        return END_KEYS + (", every hand face up" if self.played_here() else "")

    def game_over_box(self) -> pygame.Rect:
        """The end's one box in the table's middle, its buttons inside it."""
        table = self.lay().table
        height = endbox.box_height(self.sk.num_players, len(self._end_buttons()))
        box = pygame.Rect(0, 0, min(640, table.w - 60), min(height, table.h - 20))
        box.center = table.center
        return box

    def end_buttons(self, row: pygame.Rect) -> list[Button]:
        """Inside the end's box: Play again, Watch the replay, See the table and Leave; over
        the final table, only the way back to the result, at the table's foot."""
        if not self.end_on_show():
            return []
        if self.table_seen:
            back = self.back_rect()
            return [Button(back, SEE_RESULT, on_click=self.see_table, size=22, tooltip="Space")]
        wanted = self._end_buttons()
        rects = endbox.button_rects(self.game_over_box(), self.sk.num_players, len(wanted))
        return [
            Button(rect, label, on_click=do, size=20, tooltip=tip)  # type: ignore[arg-type]
            for rect, (label, do, tip) in zip(rects, wanted, strict=True)
        ]

    def back_rect(self) -> pygame.Rect:
        """Back to the result: at the table's foot on the right, clear of one's own piles
        (which lie on the left)."""
        table = self.lay().table
        back = pygame.Rect(0, 0, 260, 40)
        back.bottomright = (table.right - 16, table.bottom - 16)
        return back

    def _draw_game_over(self, surface: pygame.Surface, lay: Layout) -> None:
        """The result, or the final table with every hand, with the way back named."""
        if not self.table_seen:
            title = "Match over" if self.sk.options.match_to else "Game over"
            lines = endbox.end_lines(self.sk, self.names, self.game.winners(self.state))
            endbox.draw_end_box(surface, self.game_over_box(), title, lines, self.end_keys())
            return
        self._draw_public_table(surface, lay)
        back = self.back_rect()
        theme.text(surface, "The table as the game ended", (back.right, back.top - 6), 18,
                   theme.TEXT_DIM, "bottomright")  # fmt: skip
        self._draw_every_hand(surface, back.top - 30)

    def _draw_every_hand(self, surface: pygame.Surface, bottom: int) -> None:
        """Every hand face up where the viewer's hand lay: the game is over, nothing is
        secret. (A game across desks knows only its own hand: the others' are not drawn.)"""
        seats = range(self.sk.num_players) if self.played_here() else [self.viewer]
        order = sorted(seats, key=lambda p: p != self.viewer)
        hands = [(self.names[p], list(self.sk.hands[p])) for p in order]
        area = self.geometry().hand.copy()
        area.h = bottom - area.y
        faces = self.sight.faces(self.game.card_image, EVERYONE)
        self.sight.show(EVERYONE, lambda: endbox.draw_hands(surface, area, hands, faces))


__all__ = ["SEE_RESULT", "SEE_TABLE", "SkipBoEnding"]
