"""Skull at the shared card table: the table of `scenes.cardtable` with Skull's adapter.

The table only ever draws what the seat it shows may see. With two or more people, a pass screen
hides every hand before each person's turn (the first placement included: it is secret). Every
action is saved at once (options, seed, the action list), so a game resumes exactly and can be
replayed action by action.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from skully_game.scenes.cardtable import panels, spots
from skully_game.scenes.cardtable.flight import Flight
from skully_game.scenes.cardtable.game import Happening, Taken, Turned
from skully_game.scenes.cardtable.match import HUMAN, Pace, TableSeat
from skully_game.scenes.cardtable.secrecy import EVERYONE
from skully_game.scenes.cardtable.table import CardReplay, CardTable, Layout
from skully_game.scenes.skull.adapter import GAME, MarkerWon
from skully_game.shell import theme

# The keys that scroll the score sheet's rounds, by how many rows (Home and End: to the first
# and to the latest): a long game's first rounds were out of reach (issue 40).
FAR = 10_000
SHEET_KEYS: dict[int, int] = {
    pygame.K_UP: -1,
    pygame.K_DOWN: 1,
    pygame.K_PAGEUP: -5,
    pygame.K_PAGEDOWN: 5,
    pygame.K_HOME: -FAR,
    pygame.K_END: FAR,
}

# Seconds a turned card lies face up, shown large over its stack, before the next card may turn
# (a computer Challenger then also waits its pace's `move`): at the fast pace too, long enough
# to read which stack it was and whether it is a Flower or a Skull. A person may click through.
READ = {Pace.SLOW: 1.8, Pace.NORMAL: 1.3, Pace.FAST: 1.0}
SHOWN_SCALE = 1.0  # a turned card's size while it is read


@dataclass
class ShownTurn(Flight):
    """A card turned over where it lies (its first `turn` seconds), then held up to be read."""

    turn: float = 0.25
    words: str = ""  # whose stack, and what it was

    def turned(self) -> float:
        """How far it has turned, 0 to 1."""
        return min(1.0, max(0.0, (self.t - self.delay) / self.turn))


def _area(rect: pygame.Rect) -> int:
    return rect.w * rect.h


def on_show(pace: Pace) -> tuple[float, float]:
    """Seconds a turned card's face shows at `pace`: flat and large (the read), and in all
    (from half way through its turn until the next card may start)."""
    return READ[pace], pace.turn / 2 + READ[pace]


class SkullTable(CardTable):
    """The card table playing Skull: a card of the hand is clicked, chosen with the keys, or
    carried onto one's own mat (the stack in front of one's seat) to be placed."""

    _held_seat = -1  # whose stack the card being held up came from

    def toggle_sheet(self) -> None:
        """The score sheet opens on the latest rounds."""
        self.sheet_first = None
        super().toggle_sheet()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """While the score sheet is open, the arrows, Page Up, Page Down, Home, End and the
        wheel scroll its rounds (a held key goes on scrolling: it makes no move)."""
        if self.sheet and event.type == pygame.KEYDOWN and event.key in SHEET_KEYS:
            self.scroll_sheet(SHEET_KEYS[event.key])
            return None
        if self.sheet and event.type == pygame.MOUSEWHEEL:
            self.scroll_sheet(-3 * event.y)
            return None
        return super().handle_event(event)

    def sheet_rounds(self) -> range:
        """The rounds the score sheet shows now."""
        sheet = self.game.sheet(self.state)
        room = panels.sheet_room(self.sheet_box(self.lay()), sheet)
        return panels.sheet_window(len(sheet.rounds), room, self.sheet_first)

    def scroll_sheet(self, rows: int) -> None:
        """The sheet's rounds moved by `rows` (up is less); at the latest rounds it follows
        the game again."""
        shown = self.sheet_rounds()
        count = len(self.game.sheet(self.state).rounds)
        self.sheet_first = max(0, shown.start + rows)
        if self.sheet_first + len(shown) >= count:
            self.sheet_first = None

    def ring_room(self) -> pygame.Rect | None:
        """A crowded table's stacks go round the middle from under the top seats down to over
        the prompt (not the pile's smaller place): six stacks in a window 580 high were drawn
        27 pixels wide, their names over each other's cards."""
        lay = self.lay()
        pile = lay.pile
        return pygame.Rect(pile.x, pile.y, pile.w, max(pile.h, lay.prompt_y - 12 - pile.y))

    def happening(self, item: Happening) -> bool:
        """A turned card stays on show to be read; a Win Marker won flies to its winner."""
        pace = self.match.pace
        if isinstance(item, Turned):
            at = self._seat_centre(item.seat)
            self.flights.append(
                ShownTurn(
                    item.code,
                    at,
                    at,
                    duration=pace.turn + READ[pace],
                    waits=True,
                    turning=item.seat,
                    turn=pace.turn,
                    words=GAME.turned_words(item.seat, item.code, self.told_names()),
                )
            )
            return True
        if isinstance(item, MarkerWon):
            mark = self._mark_rect(item.seat, item.index)
            if mark is None:
                return False
            start = self.lay().pile.center
            self.flights.append(
                Flight(
                    GAME.marker_code(item.code),
                    start,
                    mark.center,
                    duration=max(0.45, pace.fly * 1.5),
                    waits=True,
                    scale=SHOWN_SCALE,
                    end_scale=self._mark_scale(item.seat) * spots.MARK_SCALE,
                )
            )
            return True
        return super().happening(item)

    def replay_moment(self, item: Happening) -> None:
        """In a replay, a step that turned a card holds it up to be read, as at the table (the
        step's last turned card, fully turned, until the next step); a step that ended the
        reveal shows its news instead."""
        if not isinstance(item, Turned):
            if isinstance(item, Taken) and item.words:  # the reveal's end: its news alone (the
                # turned card lies face up on its stack), not under the card held up
                self.flights = [f for f in self.flights if not isinstance(f, ShownTurn)]
            super().replay_moment(item)
            return
        at = self._seat_centre(item.seat)
        self.flights = [f for f in self.flights if not isinstance(f, ShownTurn)]
        self.flights.append(
            ShownTurn(
                item.code, at, at, duration=float("inf"), turning=item.seat, turn=0.01,
                t=0.02, words=GAME.turned_words(item.seat, item.code, self.told_names()),
            )
        )  # fmt: skip

    def _mark_rect(self, seat: int, index: int) -> pygame.Rect | None:
        """Where `seat`'s Win Marker number `index` lies beside its stack."""
        placed = next((p for p in self.spot_layout() if p.spot.seat == seat), None)
        if placed is None or index >= len(placed.marks):
            return None
        return placed.marks[index][1]

    def _mark_scale(self, seat: int) -> float:
        """The scale `seat`'s stack is drawn at (a crowded table draws it smaller), which its
        Win Markers follow."""
        placed = next((p for p in self.spot_layout() if p.spot.seat == seat), None)
        return (placed.scale if placed is not None else 0.0) or self.spot_scale()

    def paint_flights(self, surface: pygame.Surface) -> None:
        """The shared flights, and each turned card turning where it lies, then held up to be
        read (a stack's tooltip under the pointer is drawn after: a hook to paint over it is
        wanted in the shared table)."""
        shown = [f for f in self.flights if isinstance(f, ShownTurn)]
        if not shown:
            super().paint_flights(surface)
            return
        kept = self.flights
        self.flights = [f for f in kept if not isinstance(f, ShownTurn)]
        try:
            super().paint_flights(surface)
        finally:
            self.flights = kept
        for f in shown:
            rect = self._turned_rect(f)
            if f.flying and rect is not None and f.code is not None:
                faces = self.sight.faces(self.game.card_image, EVERYONE)
                scale = self.spot_scale()
                spots.draw_turning(
                    surface, rect, f.code, faces, scale, f.turned(), back=GAME.card_back
                )
                if f.turned() >= 1.0 and self.summary is None:
                    self._paint_held(surface, f, self.lay())

    def _turned_rect(self, f: ShownTurn) -> pygame.Rect | None:
        placed = next((p for p in self.spot_layout() if p.spot.seat == f.turning), None)
        return placed.last_face_up() if placed is not None else None

    def _paint_held(self, surface: pygame.Surface, f: ShownTurn, lay: Layout) -> None:
        """The turned card, large beside its stack on the side of the table's middle, and
        under it whose stack it was and what it is."""
        rect = self._turned_rect(f)
        if rect is None or f.code is None:
            return
        self._held_seat = f.turning
        big = self.sight.faces(self.game.card_image, EVERYONE)(f.code, SHOWN_SCALE)
        caption = theme.fit(f.words, 20, lay.table.w - 40, bold=True)
        cap = pygame.Rect((0, 0), theme.font(20, True).size(caption)).inflate(16, 8)
        whole = pygame.Rect(0, 0, max(big.get_width(), cap.w), big.get_height() + 4 + cap.h)
        whole = self._held_place(whole, rect, lay)
        box = big.get_rect(midtop=whole.midtop)
        cap.midtop = (box.centerx, box.bottom + 4)
        pygame.draw.rect(surface, (8, 20, 14), box.move(4, 5), border_radius=10)
        surface.blit(big, box)
        theme.panel(surface, cap, 240)
        theme.text(surface, caption, cap.center, 20, theme.ACCENT, "center", True)

    def _held_place(self, whole: pygame.Rect, rect: pygame.Rect, lay: Layout) -> pygame.Rect:
        """Where the held-up card and its words go: beside its stack towards the table's
        middle, wherever it covers least of the other stacks and the seats (at 1024x640 with
        six seats, held over its stack, it hid the person's own stack and the count)."""
        middle = lay.pile.center
        others = [p.rect for p in self.spot_layout() if p.spot.seat != self._held_seat]
        others += list(self.seat_rects().values())  # its own seat's box too: the names
        count = pygame.Rect(0, 0, 240, 40).move(middle[0] - 120, middle[1] - 20)  # "2 of 7 turned"
        tries = []
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (0, 0)):
            place = whole.copy()
            if not dx and not dy:  # in the middle, inside a crowded ring of stacks
                place.center = middle
            elif dx:
                place.midleft = (rect.right + 6, rect.centery)
                if dx < 0:
                    place.midright = (rect.left - 6, rect.centery)
            else:
                place.midtop = (rect.centerx, rect.bottom + 6)
                if dy < 0:
                    place.midbottom = (rect.centerx, rect.top - 6)
            place.clamp_ip(lay.table)
            covered = sum(_area(place.clip(o)) for o in others) + 4 * _area(place.clip(rect))
            covered += _area(place.clip(count)) // 2  # the count may hide a moment
            towards = (place.centerx - rect.centerx) * (middle[0] - rect.centerx) + (
                place.centery - rect.centery
            ) * (middle[1] - rect.centery)
            tries.append((covered, -towards, place))
        return min(tries, key=lambda t: (t[0], t[1]))[2]

    def drop_rect(self) -> pygame.Rect | None:
        """One's own mat: the stack in front of one's seat and its Win Markers, with a margin
        (an empty mat still shows where the stack goes)."""
        mat = next((p.rect for p in self.spot_layout() if p.spot.seat == self.viewer), None)
        return mat.inflate(16, 16) if mat is not None else None

    def hint_by_enter(self) -> bool:
        """Enter makes the hinted move (a card, a bid, a stack to turn)."""
        return True

    def table_under_pass(self) -> bool:
        """A pass screen shows the public table under it: the trick, the bids once revealed,
        the stacks and scores (never a hand)."""
        return True

    def replay_scene(self) -> type[SkullReplay]:
        return SkullReplay


class SkullReplay(CardReplay, SkullTable):
    """A finished Skull game, action by action, drawn as its table draws it (a turned card
    held up to be read, the Win Markers by their stacks)."""


__all__ = [
    "HUMAN",
    "SkullReplay",
    "SkullTable",
    "TableSeat",
]
