"""The host of a game across desks hands an absent person's seat to a computer player: the
'Computer plays for Bea' buttons beside the table, offered only to the host, only for people
away now. Mixed into the online card table (cards.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from skully_game.scenes.online.remote import hand_over_level
from skully_game.shell import theme
from skully_game.shell.widgets import Button


class HandsOver:
    """Mixed into OnlineTable: who may hand which seat over, and the buttons that do it."""

    lobby: Any
    shadow: Any
    lost: Any
    match: Any
    client: Any
    link: Any

    if TYPE_CHECKING:  # the table's own (defining it here would hide the table's)

        def away(self, seat: int) -> float | None: ...

    def hosting(self) -> bool:
        """Whether this seat is the room's host (only the host hands a seat over)."""
        seats = self.lobby.get("seats") if self.lobby else None
        if not isinstance(seats, list):
            return False
        return any(
            isinstance(s, dict) and s.get("host") is True and s.get("seat") == self.shadow.seat
            for s in seats
        )

    def away_seats(self) -> list[int]:
        """The seats of people away now that this host may hand to a computer player."""
        if not self.hosting() or self.shadow.turn.over or self.lost:
            return []
        seats = self.lobby.get("seats") if self.lobby else None
        return [
            k
            for k in range(len(self.match.seats))
            if k != self.shadow.seat
            and isinstance(seats, list)
            and isinstance(seats[k], dict)
            and seats[k].get("kind") == "person"
            and self.away(k) is not None
        ]

    def hand_over(self, seat: int) -> None:
        """A computer player of the game's middle level takes the absent person's seat."""
        if seat in self.away_seats():
            self.client.give_to_computer(seat, hand_over_level(self.link.key))

    def hand_over_buttons(self, rects: list[pygame.Rect]) -> list[Button]:
        """'Computer plays for Bea' for each absent seat (the host's table only), in `rects`;
        F6 gives the keys to them as to every button beside the table."""
        out = []
        for seat, rect in zip(self.away_seats(), rects, strict=False):
            name = self.match.seats[seat].name
            out.append(
                Button(
                    rect,
                    theme.fit(f"Computer plays for {name}", 20, rect.w - 16),
                    on_click=lambda s=seat: self.hand_over(s),
                    size=20,
                    tooltip=f"{name} is away: a computer player takes the seat from now on",
                )
            )
        return out
