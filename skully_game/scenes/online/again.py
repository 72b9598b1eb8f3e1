"""Play again at a table across desks: at game over each person's table offers Play again,
which says they are ready (a mark at their seat at every table); the server deals another game
with the same seats and rules in the same room once every person is ready, or when the host,
ready, starts it. When the server's setup of the new game comes, its table takes this one's
place on the same connection, with a word that another game begins. Mixed into OnlineTable
(cards.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from cards.words import listing
from skully_game.net.client import Client
from skully_game.scenes.online.remote import TableLink, put_back
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.widgets import Button

READY_TIP = "Ready for another game here: it begins once everyone is ready"
START_NOW = "Start now"
READY_TAG = "Ready"  # the mark at a ready seat
START_TIP = "Begin the next game without waiting for the others"


def waiting_words(lobby: dict[str, Any] | None, me: int | None) -> str:
    """Whom the next game waits for, as a ready person's table says it: 'Waiting for Bea',
    'Waiting for Bea and Cal', 'Waiting for an open seat' ('' once nobody)."""
    seats = (lobby or {}).get("seats")
    names: list[str] = []
    for item in seats if isinstance(seats, list) else []:
        if not isinstance(item, dict) or item.get("seat") == me:
            continue
        if item.get("open"):
            names.append("an open seat")
        elif item.get("kind") == "person" and not item.get("again"):
            names.append(str(item.get("name") or f"Seat {item.get('seat', 0) + 1}")[:24])
    if not names:
        return ""
    return f"Waiting for {listing(names)}"


def ready_seats(lobby: dict[str, Any] | None) -> set[int]:
    """The seats whose person said they are ready to play again (the lobby's marks)."""
    seats = (lobby or {}).get("seats")
    return {
        item["seat"]
        for item in (seats if isinstance(seats, list) else [])
        if isinstance(item, dict) and item.get("again") is True and type(item.get("seat")) is int
    }


def draw_ready_tag(
    surface: pygame.Surface, at: tuple[int, int], anchor: str = "midright"
) -> pygame.Rect:
    """A small green 'Ready' tag at a seat, its `anchor` point at `at`: this person said they
    are ready to play again."""
    words = theme.font(15, True).size(READY_TAG)
    tag = pygame.Rect(0, 0, words[0] + 14, words[1] + 4)
    setattr(tag, anchor, at)
    pygame.draw.rect(surface, theme.PANEL, tag, border_radius=tag.h // 2)
    pygame.draw.rect(surface, theme.OK, tag, 1, border_radius=tag.h // 2)
    theme.text(surface, READY_TAG, tag.center, 15, theme.OK, "center", True)
    return tag


def ready_words(lobby: dict[str, Any] | None, me: int | None) -> str:
    """Who said they are ready to play again (the lobby's marks): 'Ready: you and Bea'."""
    seats = (lobby or {}).get("seats")
    names = []
    for item in seats if isinstance(seats, list) else []:
        if isinstance(item, dict) and item.get("again") is True:
            mine = item.get("seat") == me
            names.append("you" if mine else str(item.get("name") or "")[:24])
    names = sorted(n for n in names if n)
    names.sort(key=lambda n: n != "you")
    if not names:
        return ""
    return f"Ready: {listing(names)}"


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
    again_asked = False  # this person said they are ready for another game
    handed_over = False  # the next game's table took this one's connection
    PLAY_AGAIN_TIP = READY_TIP
    again_in_row = False  # this layout put Start now (or the wait) in the end's own row
    again_at: pygame.Rect | None = None  # where Start now (or the wait) was put last

    if TYPE_CHECKING:  # the table's own (defining them here would hide the table's)

        def hosting(self) -> bool: ...

        def relayout(self) -> None: ...

        def next_table(self, link: TableLink) -> Any: ...

        def again_rect(self) -> pygame.Rect: ...

    def play_again(self) -> None:
        """At game over: this person is ready for another game in this room (every table marks
        their seat); it begins once all are, or when the host starts it."""
        if self.again_asked or not self.offers_again():
            return
        self.again_asked = True
        self.client.again()
        self.relayout()

    def start_now(self) -> None:
        """The host, ready: the next game begins without waiting for the others."""
        if self.again_asked and self.hosting() and self.offers_again():
            self.client.again(now=True)

    def offers_again(self) -> bool:
        """Whether the game is over here and the room still open (Play again has its place)."""
        return self.shadow.turn.over and not self.backlog and not self.lost and self.ending is None

    def deals_again(self) -> bool:
        """Play again is offered (the shared table's hook, where the table has its own row of
        buttons at the game's end): to every person, once the game is over here, until they
        said they are ready."""
        return self.offers_again() and not self.again_asked

    def again_buttons(self, rect: pygame.Rect) -> list[Any]:
        """At game over, at `rect` (the table's choice), once this person is ready: the host's
        Start now, or whom the next game waits for. Before that, the table's own row at the
        game's end offers Play again."""
        if not self.offers_again() or not self.again_asked:
            return []
        self.again_at = rect
        waiting = waiting_words(self.lobby, self.shadow.seat) or "Everyone is ready"
        if self.hosting():
            return [
                Button(rect, START_NOW, on_click=self.start_now, size=22,
                       tooltip=f"{waiting}: {START_TIP[0].lower()}{START_TIP[1:]}"),
            ]  # fmt: skip
        return [Button(rect, theme.fit(waiting, 18, rect.w - 16), size=18, enabled=False,
                       tooltip="You are ready: the next game opens here by itself")]  # fmt: skip

    def end_buttons(self, row: pygame.Rect) -> list[Any]:
        """The shared table's row at the game's end: once this person is ready, Start now (the
        host's) or whom the game waits for takes Play again's place beside the replay."""
        buttons: list[Any] = super().end_buttons(row)  # type: ignore[misc]
        if not buttons or not self.again_asked or not self.offers_again():
            return buttons
        self.again_in_row = True
        if getattr(self, "table_seen", False):  # Skip-Bo's final table: only the way back to
            return buttons  # the result, where Start now waits (it lay over one's own piles)
        half = (row.w - 12) // 2
        buttons[-1].rect = pygame.Rect(row.right - half, row.y, half, row.h)
        return [*self.again_buttons(pygame.Rect(row.x, row.y, half, row.h)), *buttons]

    def standings_keys(self) -> str:
        """The keys' line under a finished game's standings (Skirrid's): once this person is
        ready, 'A: play again' gives way to whom the next game waits for."""
        keys = str(super().standings_keys())  # type: ignore[misc]
        if not self.again_asked or not self.offers_again():
            return keys
        waiting = waiting_words(self.lobby, self.shadow.seat)
        said = (
            f"You are ready: {waiting[0].lower()}{waiting[1:]}" if waiting else "Everyone is ready"
        )
        return keys.replace("A: play again", said)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """The table, and once this person is ready, under Start now (or the wait) who is
        ready so far, by name: the seats' own boxes lie under the game's end."""
        super().draw(surface, alpha)  # type: ignore[misc]
        at = self.again_at
        if at is None or not self.again_asked or not self.offers_again():
            return
        if hasattr(self, "seat_rows") or getattr(self, "table_seen", False):
            return  # the seats are in sight and carry the marks (Skirrid's panel rows, where
            # its next button lies under Start now; Skip-Bo's final table)
        words = ready_words(self.lobby, self.shadow.seat)
        if words:
            width = max(at.w, theme.font(17).size(words)[0])
            theme.text(surface, theme.fit(words, 17, width), (at.centerx, at.bottom + 8), 17,
                       theme.OK, "midtop")  # fmt: skip

    def paint_seats(self, surface: pygame.Surface) -> None:
        """The seats, and at game over a Ready tag at each seat whose person said they are
        ready to play again, wherever the seats are in sight: a card table's box (bottom
        right, where the word for whose turn it is stood), Skirrid's panel row (under the
        name, where a finished game's row has no shapes left to show)."""
        super().paint_seats(surface)  # type: ignore[misc]
        ready = ready_seats(self.lobby) if self.offers_again() else set()
        if not ready:
            return
        if hasattr(self, "seat_rows"):
            for seat, row in self.seat_rows():  # type: ignore[attr-defined]
                if seat in ready:
                    draw_ready_tag(surface, (row.x + 20, row.bottom - 9), "midleft")
            return
        for seat, box in self.seat_rects().items():  # type: ignore[attr-defined]
            if seat in ready:
                draw_ready_tag(surface, (box.right - 6, box.bottom - 4), "bottomright")

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
