"""People away from a table across desks. A card table marks the seat of a person who left:
"away, 1:40 left" after the name in their seat's box (as Skully's seats read), with a red edge
round the box, while the room keeps the seat (the clock's or the host's computer player moves
for them meanwhile); "away" alone once the grace is over. The mark goes as soon as the lobby
says they are back.

Back at the table, a person is told what they missed, in plain words: "While you were away: 3
shots" / "2 tricks". The server says how much of the news their seat had been sent before it
left (the catch-up's "seen", net/hosted.py `seen`), so only what came after is counted: not
the whole game, as when a program opened again caught up from the first shot."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from skully_game.scenes.cardtable import panels
from skully_game.scenes.online.link import clock
from skully_game.shell import theme
from skully_game.shell.app import App

TAG = 15  # the mark's size, the size of a computer player's level after its name
BAR = 48  # a seat's box lower than this is a one-line bar (Skip-Bo's)


# What a card table counts of what one missed, by the events' own names (no game named here:
# each game's events say what happened), the first kind that happened; else the moves.
MISSED: tuple[tuple[frozenset[str], str, str], ...] = (
    (frozenset({"TrickWon", "TrickDestroyed", "TrickDiscarded"}), "trick", "tricks"),
    (frozenset({"ChallengeBegun"}), "challenge", "challenges"),
    (frozenset({"Discarded", "TurnPassed"}), "turn", "turns"),
    (frozenset({"Placed"}), "shape placed", "shapes placed"),
    (frozenset({"BidMade"}), "bid", "bids"),
    (frozenset({"CardPlaced"}), "card placed", "cards placed"),
    (frozenset({"CardPlayed"}), "card played", "cards played"),
    (frozenset({"Passed"}), "pass", "passes"),
)
AWAY = "While you were away"


def counted(count: int, one: str, many: str) -> str:
    """'1 trick', '3 tricks', 'no tricks'."""
    return f"{count} {one}" if count == 1 else f"{count or 'no'} {many}"


def missed_words(events: Sequence[Any], moves: int) -> str:
    """What a card table's person missed, from the events and moves that came after they left:
    'While you were away: 2 tricks', '... 1 bid', '... nothing was played'."""
    names = [type(event).__name__ for event in events]
    for kinds, one, many in MISSED:
        count = sum(name in kinds for name in names)
        if count:
            return f"{AWAY}: {counted(count, one, many)}"
    if moves > 0:
        return f"{AWAY}: {counted(moves, 'move', 'moves')}"
    return f"{AWAY}: nothing was played"


def shots_missed(shots: int, for_you: int = 0) -> str:
    """Skully's: 'While you were away: 3 shots', and how many of them a computer player took
    for this person when their turn came (the away rule, or their clock running out):
    '... 3 shots (1 by a computer player for you)'."""
    words = f"{AWAY}: {counted(shots, 'shot', 'shots')}"
    return f"{words} ({for_you} by a computer player for you)" if for_you else words


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


class CaughtUp:
    """Mixed into a table across desks (OnlineTable): after a catch-up (coming back, or the
    program opened again on a kept seat) the table says what was missed since the seat left."""

    app: App
    link: Any
    shadow: Any
    backlog: Any

    told_first = False  # the first update (the table opened on it) was looked at

    def update(self, dt: float) -> None:
        super().update(dt)  # type: ignore[misc]
        if not self.told_first:  # opened on a catch-up: a seat kept while the program was shut
            self.told_first = True
            self.tell_missed(self.link.update)

    def think(self, dt: float, ready: bool = True) -> None:
        update = self.backlog[0] if ready and self.backlog else None
        super().think(dt, ready)  # type: ignore[misc]
        if update is not None and (not self.backlog or self.backlog[0] is not update):
            self.tell_missed(update)  # it was taken and shown

    def tell_missed(self, update: Any) -> None:
        """Said over the table once a catch-up is shown: only what came after what the seat
        had seen (the server's "seen"); nothing when the server did not say."""
        seen = update.get("seen") if isinstance(update, dict) and update.get("sync") else None
        if not isinstance(seen, dict):
            return
        start, move = seen.get("events"), seen.get("move")
        if type(start) is not int or type(move) is not int:
            return
        now = update.get("move")
        moves = now - move if type(now) is int else 0
        words = missed_words(self.shadow.events[start:], moves)
        self.app.toast(words, theme.TEXT, 6.0)
