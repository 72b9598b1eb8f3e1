"""A card table across desks marks the seat of a person who left: "away, 1:40 left" after
the name in their seat's box (as Skully's seats read), with a red edge round the box, while
the room keeps the seat (the clock's or the host's computer player moves for them meanwhile);
"away" alone once the grace is over. The mark goes as soon as the lobby says they are back."""

from __future__ import annotations

from typing import Any

import pygame

from skully_game.scenes.cardtable import panels
from skully_game.scenes.online.link import clock
from skully_game.shell import theme

TAG = 15  # the mark's size, the size of a computer player's level after its name
BAR = 48  # a seat's box lower than this is a one-line bar (Skip-Bo's)


def away_words(left: int) -> str:
    """'away, 1:40 left' while the seat is kept, 'away' once the grace is over."""
    return f"away, {clock(left)} left" if left > 0 else "away"


class AwaySeats:
    """Mixed into a card table across desks (OnlineCardTable): its seat boxes, then the mark on
    each away seat's box. Drawn over the shared table's `paint_seats`, a public hook."""

    names: list[str]
    lobby: dict[str, Any] | None

    def away_left(self, seat: int) -> int | None:
        """Seconds the room still keeps an away person's seat (None: they are here, or the
        seat is open or a computer player's)."""
        items = self.lobby.get("seats") if self.lobby else None
        item = items[seat] if isinstance(items, list) and 0 <= seat < len(items) else None
        if not isinstance(item, dict) or item.get("kind") != "person" or item.get("open"):
            return None
        if self.away(seat) is None:  # type: ignore[attr-defined]
            return None
        return int(self.seconds_left(seat))  # type: ignore[attr-defined]

    def paint_seats(self, surface: pygame.Surface) -> None:
        super().paint_seats(surface)  # type: ignore[misc]
        for seat, box in self.seat_rects().items():  # type: ignore[attr-defined]
            left = self.away_left(seat)
            if left is not None:
                self.mark_away(surface, seat, box, left)

    def mark_away(self, surface: pygame.Surface, seat: int, box: pygame.Rect, left: int) -> None:
        """The red edge, and the words after the name where they fit (the level's place: a
        person has none), else "away" at the box's bottom left; on a one-line bar, at its right
        end."""
        pygame.draw.rect(surface, theme.DANGER, box, 2, border_radius=10)
        words = away_words(left)
        if box.h < BAR:  # a seat's bar (Skip-Bo), its words on the left: the mark at its right
            theme.text(surface, words, (box.right - 10, box.centery), TAG, theme.DANGER,
                       "midright", True)  # fmt: skip
            return
        name = panels.fit_bold(self.names[seat], 20, box.w - 44)  # as the box drew it
        width, height = theme.font(20, True).size(name)
        after = box.x + 8 + width + 6
        room = box.right - 44 - after
        if theme.font(TAG).size(words)[0] > room:
            words = "away"
        if theme.font(TAG).size(words)[0] <= room:
            theme.text(surface, words, (after, box.y + 1 + height), TAG, theme.DANGER, "bottomleft")
        else:
            theme.text(surface, words, (box.x + 8, box.bottom - 4), TAG, theme.DANGER,
                       "bottomleft", True)  # fmt: skip
