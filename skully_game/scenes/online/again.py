"""Play again at a table across desks: at game over the host's table offers another game with
the same seats and rules in the same room (the server deals it anew), a guest's table says the
host may; when the server's setup of the new game comes, its table takes this one's place on the
same connection, with a word that another game begins. Mixed into OnlineTable (cards.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from skully_game.net.client import Client
from skully_game.scenes.online.remote import TableLink, put_back
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.widgets import Button


class PlaysAgain:
    """The table's part in a rematch; the table supplies the attributes named here."""

    app: App
    client: Client
    link: TableLink
    lobby: dict[str, Any] | None
    shadow: Any
    backlog: Any
    lost: str
    ending: dict[str, Any] | None
    chat: Any
    again_asked = False  # the host asked for another game
    handed_over = False  # the next game's table took this one's connection

    if TYPE_CHECKING:  # the table's own (defining them here would hide the table's)

        def hosting(self) -> bool: ...

        def relayout(self) -> None: ...

        def next_table(self, link: TableLink) -> Any: ...

    def play_again(self) -> None:
        """The host, at game over: another game with the same seats and rules, in this room."""
        if self.again_asked or not self.hosting() or not self.shadow.turn.over or self.lost:
            return
        self.again_asked = True
        self.client.again()
        self.relayout()

    def offers_again(self) -> bool:
        """Whether the game is over here and the room still open (Play again has its place)."""
        return self.shadow.turn.over and not self.backlog and not self.lost and self.ending is None

    def deals_again(self) -> bool:
        """Play again is offered (the shared table's hook, where the table has its own row of
        buttons at the game's end, Enter included): the host's, once the game is over here."""
        return self.hosting() and self.offers_again() and not self.again_asked

    def again_buttons(self, rect: pygame.Rect) -> list[Any]:
        """At game over, at `rect` (the table's choice): the host's Play again; a guest is told
        that the host may begin another game here (the table then opens by itself). None where
        the shared table shows its own Play again at the game's end (`end_buttons`)."""
        if not self.offers_again() or hasattr(self, "end_buttons"):
            return []
        if self.hosting():
            return [
                Button(rect, "Play again", on_click=self.play_again, size=22,
                       enabled=not self.again_asked,
                       tooltip="A new game with the same seats and rules, in this room"),
            ]  # fmt: skip
        return [
            Button(rect, "The host may play again", size=18, enabled=False,
                   tooltip="Stay: another game here opens by itself"),
        ]  # fmt: skip

    def end_buttons(self, row: pygame.Rect) -> list[Any]:
        """The shared table's row at the game's end; at a guest's table the host's choice is
        told beside the replay (the host's own row has Play again, which asks the server)."""
        buttons: list[Any] = super().end_buttons(row)  # type: ignore[misc]
        if not buttons or self.hosting() or not self.offers_again():
            return buttons
        half = (row.w - 12) // 2
        buttons[-1].rect = pygame.Rect(row.right - half, row.y, half, row.h)
        told = Button(
            pygame.Rect(row.x, row.y, half, row.h),
            "The host may play again",
            size=18,
            enabled=False,
            tooltip="Stay: another game here opens by itself",
        )
        return [told, *buttons]  # fmt: skip

    def begin_again(self, setup: dict[str, Any], rest: list[dict[str, Any]]) -> None:
        """The host began another game in this room: its table takes this one's place, on the
        same connection (what came after the setup is left for it, in order)."""
        put_back(self.client, rest)
        link = TableLink(self.client, setup, None, self.lobby, self.link.hosting, self.chat)
        self.link.hosting = None  # the new table holds the server hosted here now
        self.handed_over = True
        self.app.toast("Another game begins: the same seats, a new deal.", theme.TEXT, 4.0)
        stack = self.app.stack
        while stack.scenes and stack.scenes[-1] is not self:
            stack.pop()  # a dialog over this table
        stack.replace(self.next_table(link))
