"""Skull at the shared card table: the table of `scenes.cardtable` with Skull's adapter.

The table only ever draws what the seat it shows may see. With two or more people, a pass screen
hides every hand before each person's turn (the first placement included: it is secret). Every
action is saved at once (options, seed, the action list), so a game resumes exactly and can be
replayed action by action.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from skully_game.scenes.cardtable import panels, spots
from skully_game.scenes.cardtable.flight import Flight
from skully_game.scenes.cardtable.game import Happening, Sheet, Taken, Turned
from skully_game.scenes.cardtable.match import HUMAN, Pace, TableSeat
from skully_game.scenes.cardtable.painting import HEADER_H
from skully_game.scenes.cardtable.secrecy import EVERYONE
from skully_game.scenes.cardtable.table import CardReplay, CardTable, Layout
from skully_game.scenes.skull.adapter import GAME, MarkerWon
from skully_game.scenes.skull.held import Caption, captions
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
HELD_SCALES = (SHOWN_SCALE, 0.8, 0.65, 0.5, 0.4)  # smaller only where the full size covers more
SIDES = ("under", "right", "left", "above")  # where the held card's words go, in preference
LOOSE_SCALES = (1.0, 0.8, 0.65, 0.5)  # the beaten Challenger's cards: smaller if that clears them
COUNT_SIZE = 30
SHOUT_SIZES = (
    40,
    32,
    26,
)  # a shout's text sizes, smaller only where it would cover more  # "2 of 7 turned", in the table's middle


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


def _named(placed: spots.Placed) -> pygame.Rect:
    """A stack and its name under it."""
    return spots._with_note(placed)


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

    def sheet_shown(self) -> Sheet:
        """The sheet's "their Skull" is "your Skull" in the viewer's own column."""
        return GAME.sheet(self.state, self.told_names())

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
        27 pixels wide, their names over each other's cards). It keeps 6 more pixels from
        the side seats' boxes: a name wider than its stack reached into its seat's box."""
        lay = self.lay()
        pile = lay.pile
        room = pygame.Rect(pile.x, pile.y, pile.w, max(pile.h, lay.prompt_y - 12 - pile.y))
        return room.inflate(-12, 0)

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

    def spot_tip_avoids(self) -> list[pygame.Rect]:
        """A stack's tooltip also keeps off the card held up to be read and its words (a
        play-tester's pointer, left on a stack, hid the card just turned)."""
        held = []
        for f in self.flights:
            if isinstance(f, ShownTurn) and f.flying and f.turned() >= 1.0:
                found = self.held_rects(f)
                if found is not None:
                    held += [found[0], found[1]]
        return [*super().spot_tip_avoids(), *held]

    def _turned_rect(self, f: ShownTurn) -> pygame.Rect | None:
        placed = next((p for p in self.spot_layout() if p.spot.seat == f.turning), None)
        return placed.last_face_up() if placed is not None else None

    def _paint_held(self, surface: pygame.Surface, f: ShownTurn, lay: Layout) -> None:
        """The turned card, large beside its stack on the side of the table's middle, and
        under it whose stack it was and what it is."""
        held = self._held(f)
        if held is None or f.code is None:
            return
        box, cap, caption, scale = held
        big = self.sight.faces(self.game.card_image, EVERYONE)(f.code, scale)
        box = big.get_rect(midtop=box.midtop)
        pygame.draw.rect(surface, (8, 20, 14), box.move(4, 5), border_radius=10)
        surface.blit(big, box)
        caption.draw(surface, cap)

    def held_rects(self, f: ShownTurn) -> tuple[pygame.Rect, pygame.Rect, str, float] | None:
        """Where the card held up is drawn and its words' panel: (card, panel, words (their
        lines joined by a line break), the card's scale)."""
        held = self._held(f)
        return None if held is None else (held[0], held[1], held[2].text, held[3])

    def _held(self, f: ShownTurn) -> tuple[pygame.Rect, pygame.Rect, Caption, float] | None:
        """`held_rects`, with the words as they are drawn."""
        rect = self._turned_rect(f)
        if rect is None or f.code is None:
            return None
        lay = self.lay()
        ways = captions(f.words, lay.table.w - 40)
        key = (self._spots[0], rect.topleft, f.words, f.turning, tuple(lay.table))
        if self._held_cache[0] != key:
            self._held_seat = f.turning
            sizes = []
            for scale in HELD_SCALES:
                big = self.sight.faces(self.game.card_image, EVERYONE)(f.code, scale)
                sizes.append(big.get_size())
            caps = [way.panel_size() for way in ways]
            self._held_cache = (key, self._held_place(sizes, caps, rect, lay))
        whole, k = self._held_cache[1]
        way, k = divmod(k, len(SIDES) * len(HELD_SCALES))
        side, k = divmod(k, len(HELD_SCALES))  # where the words go: SIDES
        face = self.sight.faces(self.game.card_image, EVERYONE)(f.code, HELD_SCALES[k])
        cap = pygame.Rect((0, 0), ways[way].panel_size())
        box = face.get_rect()
        if SIDES[side] == "under":
            box.midtop = whole.midtop
            cap.midtop = (box.centerx, box.bottom + 4)
        elif SIDES[side] == "above":
            box.midbottom = whole.midbottom
            cap.midbottom = (box.centerx, box.top - 4)
        elif SIDES[side] == "right":
            box.topleft = whole.topleft
            cap.midleft = (box.right + 6, box.centery)
        else:
            box.topright = whole.topright
            cap.midright = (box.left - 6, box.centery)
        return box, cap, ways[way], HELD_SCALES[k]

    _held_cache: tuple[object, tuple[pygame.Rect, int]] = (None, (pygame.Rect(0, 0, 0, 0), 0))

    def _held_place(
        self,
        sizes: Sequence[tuple[int, int]],
        caps: Sequence[tuple[int, int]],
        rect: pygame.Rect,
        lay: Layout,
    ) -> tuple[pygame.Rect, int]:
        """Where the held-up card and its words go, and the card's size: never on the line
        over the table, the status line or the count ("2 of 7 turned"), and wherever it covers
        least of the stacks (its own most of all), their names and the seats; at full size if
        that covers no more, near its stack (at 1024x640 with six seats it hid the status line,
        a seat's box and the count); the words in two lines only where one line covers more
        (at 1024x580 and 1024x520 with six seats it lay over a neighbour's stack)."""
        table = lay.table
        lines = [
            pygame.Rect(table.x, 0, table.w, HEADER_H),
            pygame.Rect(table.x, self.prompt_y() - 4, table.w, table.bottom - self.prompt_y() + 4),
            self.count_rect().inflate(8, 8),
        ]
        seats = list(self.seat_rects().values())
        placed = self.spot_layout()
        others = [_named(p) for p in placed if p.spot.seat != self._held_seat]
        # per way of saying it (one line, then two), per side of the card the words go on
        # (SIDES: a short window's middle, split by the count, had no room for them under),
        # each size of the card
        shapes = []
        for cw, ch in caps:
            for side in SIDES:
                if side in ("under", "above"):
                    shapes += [(max(w, cw), h + 4 + ch) for w, h in sizes]
                else:
                    shapes += [(w + 6 + cw, max(h, ch)) for w, h in sizes]
        for hard in ([*lines, *seats], lines):  # clear of every seat's box if it can be
            found = self._held_best(shapes, rect, lay, hard, others)
            if found is not None:
                return found
        w, h = sizes[-1]  # nowhere clear of the lines: the smallest, over its own stack
        whole = pygame.Rect(0, 0, max(w, caps[0][0]), h + 4 + caps[0][1])
        whole.center = rect.center
        whole.clamp_ip(table)
        return whole, len(sizes) - 1

    def _held_best(
        self,
        shapes: Sequence[tuple[int, int]],
        rect: pygame.Rect,
        lay: Layout,
        hard: list[pygame.Rect],
        others: list[pygame.Rect],
    ) -> tuple[pygame.Rect, int] | None:
        """The held card's best place clear of `hard` (as the `shapes` of the card and its
        words, the first preferred), covering least of `others` (and its own stack least of
        all); (the place, the shape's index), None: no place."""
        table = lay.table
        placed = self.spot_layout()
        seats = [r for r in self.seat_rects().values() if r not in hard]
        own = next((_named(p) for p in placed if p.spot.seat == self._held_seat), rect)
        middle = lay.pile.center
        best: tuple[tuple[int, int, int, float], pygame.Rect, int] | None = None
        for k, size in enumerate(shapes):
            whole = pygame.Rect((0, 0), size)
            for place in self._held_tries(whole, rect, middle, table):
                if place.collidelist(hard) >= 0 or not table.contains(place):
                    continue
                # the stacks first (each one to choose from), its own most of all; then seats
                stacks = sum(_area(place.clip(others[i])) for i in place.collidelistall(others))
                stacks += 4 * _area(place.clip(own))
                covered = sum(_area(place.clip(seats[i])) for i in place.collidelistall(seats))
                if best is not None and (stacks, covered, k) > best[0][:3]:
                    continue  # (no nearer place makes it better: most are passed over here)
                near = (
                    (place.centerx - rect.centerx) ** 2 + (place.centery - rect.centery) ** 2
                ) ** 0.5
                score = (stacks, covered, k, near)
                if best is None or score < best[0]:
                    best = (score, place, k)
            if best is not None and best[0][:2] == (0, 0):
                break  # covers nothing: no shape after this one is preferred
        return None if best is None else (best[1], best[2])

    @staticmethod
    def _held_tries(
        whole: pygame.Rect, rect: pygame.Rect, middle: tuple[int, int], table: pygame.Rect
    ) -> list[pygame.Rect]:
        """Places to try: beside the stack on each side, the table's middle, and a grid over
        the table."""
        out = []
        for anchor, at in (
            ("midleft", (rect.right + 6, rect.centery)),
            ("midright", (rect.left - 6, rect.centery)),
            ("midtop", (rect.centerx, rect.bottom + 6)),
            ("midbottom", (rect.centerx, rect.top - 6)),
            ("center", middle),
        ):
            place = whole.copy()
            setattr(place, anchor, at)
            place.clamp_ip(table)
            out.append(place)
        for y in range(table.y, table.bottom - whole.h + 1, 16):
            for x in range(table.x, table.right - whole.w + 1, 16):
                out.append(pygame.Rect((x, y), whole.size))
        return out

    def count_rect(self) -> pygame.Rect:
        """Where the reveal's count ("2 of 7 turned") lies: the middle, or the nearest place to
        it clear of the stacks, their names and the seats (at 1024x640 it lay over names)."""
        note = self.game.pile_note(self.drawn_from()) or "0 of 0 turned"
        return self.clear_rect(theme.font(COUNT_SIZE, True).size(note), ("count", note))

    def clear_rect(self, size: tuple[int, int], what: object) -> pygame.Rect:
        """The place of `size` nearest the table's middle that covers least of the stacks,
        their names, the seats, the line at the top and the prompt (worked out once a move)."""
        return self._clear(size, what)[0]

    def _clear(
        self, size: tuple[int, int], what: object, extra: Sequence[pygame.Rect] = ()
    ) -> tuple[pygame.Rect, int]:
        """`clear_rect`'s place and how many pixels of those things (and `extra`) it covers."""
        lay = self.lay()
        w, h = size
        if "_clear_cache" not in self.__dict__:
            self._clear_cache: dict[object, tuple[pygame.Rect, int]] = {}
        key = (self._spots[0], what, size, tuple(lay.table), tuple(map(tuple, extra)))
        if key in self._clear_cache:
            return self._clear_cache[key]
        placed = self.spot_layout()
        clear = [_named(p).inflate(6, 6) for p in placed if p.spot.seat is not None]
        clear += [r.inflate(6, 6) for r in [*self.seat_rects().values(), *extra]]
        table = lay.table
        clear.append(pygame.Rect(table.x, 0, table.w, HEADER_H))
        clear.append(pygame.Rect(table.x, self.prompt_y() - 4, table.w, table.h))
        middle = lay.pile.center
        best: tuple[tuple[int, float], pygame.Rect] | None = None
        for dy in range(-200, 201, 8):
            for dx in range(-300, 301, 12):
                place = pygame.Rect(0, 0, w, h)
                place.center = (middle[0] + dx, middle[1] + dy)
                if not table.contains(place):
                    continue
                covered = sum(_area(place.clip(o)) for o in clear)
                score = (covered, (dx * dx + 4 * dy * dy) ** 0.5)
                if best is None or score < best[0]:
                    best = (score, place)
        found = (best[1], best[0][0]) if best is not None else (pygame.Rect(0, 0, w, h), w * h)
        if best is None:
            found[0].center = middle
        if len(self._clear_cache) > 32:
            self._clear_cache.clear()
        self._clear_cache[key] = found
        return found

    def shout_at(self, text: str, lay: Layout) -> tuple[tuple[int, int], int]:
        """A shout ("Mary bids 3") where it covers no stack, name or seat, smaller if that is
        what clears them (at 1024x580 it lay over the stacks, at 1024x520 over a seat)."""
        rect, size = self._shout_place(text)
        return rect.midbottom, size

    def _shout_place(self, text: str) -> tuple[pygame.Rect, int]:
        best: tuple[int, pygame.Rect, int] | None = None
        # the count too: a bid of every card brings it while "You bid 6" still shows
        count = [self.count_rect()] if self.game.pile_note(self.drawn_from()) else []
        for size in SHOUT_SIZES:
            rect, covered = self._clear(theme.font(size, True).size(text), ("shout", text), count)
            if best is None or covered < best[0]:
                best = (covered, rect, size)
            if covered == 0:
                break
        assert best is not None
        return best[1], best[2]

    def shout_rect(self) -> pygame.Rect | None:
        """Where the shout on show lies, if one is."""
        text, left = self.shout
        return self._shout_place(text)[0] if left > 0 and text else None

    def spot_layout(self) -> list[spots.Placed]:
        """The shared layout, the beaten Challenger's cards (the spots of no seat) moved
        together to the place nearest the middle clear of the stacks, their names and the
        seats, smaller if that is what clears them (at 1024x580 they lay over the stacks'
        names)."""
        placed = super().spot_layout()
        loose = [p for p in placed if p.spot.seat is None]
        if not loose or self._loose_done is placed:
            return placed
        self._loose_done = placed  # (the search asks for the layout: it is final but these)
        best: tuple[int, list[spots.Placed], pygame.Rect] | None = None
        for shrink in LOOSE_SCALES:
            laid, x = [], 0
            for p in loose:  # side by side, 8 pixels apart
                laid.append(spots.place(p.spot, (x, 0), p.scale * shrink))
                x = laid[-1].rect.right + 8
            whole = laid[0].rect.unionall([p.rect for p in laid[1:]])
            target, covered = self._clear(whole.size, ("loose", whole.size))
            moved = [p.rect.move(target.x - whole.x, target.y - whole.y) for p in laid]
            if best is None or covered < best[0]:
                best = (covered, [spots.place(p.spot, r.topleft, p.scale) for p, r in
                                  zip(laid, moved, strict=True)], target)  # fmt: skip
            if covered == 0:
                break
        assert best is not None
        new = iter(best[1])
        placed[:] = [next(new) if p.spot.seat is None else p for p in placed]
        return placed

    _loose_done: object = None

    def paint_middle(self, surface: pygame.Surface, lay: Layout) -> None:
        """The reveal's count where it covers no stack, name or seat; the rest as shared."""
        telling = self.shown is not None or any(isinstance(p, Taken) for p in self.pending)
        note = self.game.pile_note(self.drawn_from())
        if telling or not note or self.game.pile(self.drawn_from()):
            super().paint_middle(surface, lay)
            return
        theme.text(
            surface, note, self.count_rect().center, COUNT_SIZE, theme.ACCENT, "center", True
        )

    def bubble_rect(
        self, seat: int, size: tuple[int, int], taken: Sequence[pygame.Rect] = ()
    ) -> pygame.Rect | None:
        """A seat's bubble ("Pass") is never laid on the reveal's count or on a shout ("You
        bid 2" lay over Anne's "Pass" in a 1024x580 window) either."""
        avoid = list(taken)
        if self.game.pile_note(self.drawn_from()):
            avoid.append(self.count_rect())
        shout = self.shout_rect()
        if shout is not None:
            avoid.append(shout)
        return super().bubble_rect(seat, size, avoid)

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
    held up to be read, the Win Markers by their stacks); [ and ] jump to the previous or next
    round's start, as the Skully replay jumps by turn."""

    _round_starts: list[int] | None = None

    def round_starts(self) -> list[int]:
        """The step each round begins at, the first at 0 (the game played through once)."""
        if self._round_starts is None:
            state = self.game.replay(self.state, [])
            starts, rounds = [0], 0
            for k, action in enumerate(self.actions):
                state.apply_action(action)
                if len(state.rounds) > rounds:
                    rounds = len(state.rounds)
                    starts.append(k + 1)
            self._round_starts = sorted(set(starts))
        return self._round_starts

    def replay_keys(self) -> str:
        return "[ ] the previous or next round"

    def step_key(self, event: pygame.event.Event) -> bool:
        """The shared step keys, and [ ] by round."""
        if event.key not in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET):
            return super().step_key(event)
        starts = self.round_starts()
        if event.key == pygame.K_RIGHTBRACKET:
            self.step_to(next((s for s in starts if s > self.step), len(self.actions)))
        else:
            self.step_to(next((s for s in reversed(starts) if s < self.step), 0))
        return True


__all__ = [
    "HUMAN",
    "SkullReplay",
    "SkullTable",
    "TableSeat",
]
