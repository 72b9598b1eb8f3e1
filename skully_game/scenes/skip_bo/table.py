"""Skip-Bo at the shared card table: every player's stock and four discard piles face up on the
table (the others' across the top, the viewer's at the bottom left beside their hand), the four
building piles and the draw pile in the middle.

A card is moved by dragging it from the hand, a stock's top or a discard pile's top onto a
building pile (or, from the hand, onto one of one's own discard piles, which ends the turn); a
click picks a card up and a second click puts it down; with the keys, the arrows choose a card,
Enter (or Space) picks it up, the arrows choose where and Enter puts it down (Esc puts it back);
Enter before any arrow chooses the first card that builds. Every key says what it does in
words, the piles numbered as they are shown. While a
card is held, the places that take it are lit. Computer players' cards fly one at a time, at the
table's pace. Nothing of another hand is ever drawn: hands show as counts. Every card face and
every word about the viewer's own hand goes through the table's gate (`self.face`,
`self.sight`) with its owner: the hand and what is said of it are the viewer's; stocks, discard
piles and building piles lie face up for everyone.
"""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import pygame

from cards.skip_bo import SkipBoOptions, SkipBoState
from cards.skip_bo.cards import WILD, code
from cards.skip_bo.options import HAND
from skully_game.scenes.cardtable import match as tables
from skully_game.scenes.cardtable import panels
from skully_game.scenes.cardtable.carddraw import CARD_H, CARD_W, card_back
from skully_game.scenes.cardtable.game import Dealt, RoundEnded, Shout, Taken
from skully_game.scenes.cardtable.match import HUMAN, Pace, TableSeat
from skully_game.scenes.cardtable.secrecy import EVERYONE
from skully_game.scenes.cardtable.table import PANEL_W, CardReplay, CardTable, Flight, Layout
from skully_game.scenes.cardtable.words import YOU, as_read_by, possessive
from skully_game.scenes.skip_bo.adapter import BUILD_NAMES, GAME, Moved, source_of, target_of
from skully_game.scenes.skip_bo.carddraw import pile_base, wild_as
from skully_game.scenes.skip_bo.layout import FACT_SIZE, TO_PLAY, Geometry, fit_header, lay_out
from skully_game.shell import theme

CLICK = 6  # pixels a press may move and still be a click


class Move(Flight):
    """A card flying to a place, which is drawn without its top card until it lands; it may
    then `linger` there, lit, so that a computer's move is seen before the next."""

    def __init__(self, code: str, start: tuple[float, float], end: tuple[float, float],
                 target: str, scale: float, fly: float = 0.3, linger: float = 0.0) -> None:  # fmt: skip
        super().__init__(code, start, end, duration=fly + linger, waits=True)
        self.target = target
        self.scale = scale
        self.fly = fly
        self.lingers = linger > 0  # a computer's move, watched before anyone goes on
        self.event = -1  # the game's event it shows (see SkipBoTable.told_events)

    def eased(self) -> float:
        f = min(1.0, max(0.0, (self.t - self.delay) / self.fly))
        return 1 - (1 - f) ** 3

    @property
    def landed(self) -> bool:
        return self.t - self.delay >= self.fly


def move_times(pace: Pace, computer: bool, ends_turn: bool) -> tuple[float, float]:
    """How long a card flies and then stays lit where it landed: a person's own move at
    once; a computer's at the match's pace, its last of the turn longest (a pass screen or
    the next person's turn follows it)."""
    if not computer:
        return 0.25, 0.0
    fly = min(0.8, max(0.25, pace.move * 0.6))
    return fly, pace.move if ends_turn else pace.move * 0.3


class Match(tables.Match):
    """A Skip-Bo table: options, seed and seats (the game is always Skip-Bo)."""

    def __init__(
        self, options: SkipBoOptions, seed: int, seats: list[TableSeat], pace: Pace = Pace.NORMAL
    ) -> None:
        super().__init__(GAME, options, seed, seats, pace)

    @staticmethod
    def load(path: Path) -> tables.Match:  # type: ignore[override]
        """A saved Skip-Bo table; a bad file raises DataError naming the file and field."""
        return tables.Match.load(GAME, path)


HAND_ONLY = "Only a card from your hand can be discarded."


class SkipBoTable(CardTable):
    """The card table playing Skip-Bo."""

    def __init__(self, app, match) -> None:  # type: ignore[no-untyped-def]
        self.picked: str | None = None  # the place whose card the player holds (click or keys)
        self.drag: tuple[str, str, tuple[int, int], tuple[int, int]] | None = None
        self.key_at = -1  # the keyboard's place among sources, or targets once picked
        self.place_hover: str | None = None
        self._geo: tuple[object, Geometry | None] = ((), None)
        self._kept: tuple[tuple[int, int, int], list[str | None]] | None = None  # see _slots
        self._pointed_slot = -1  # the hand slot of the card last found under the pointer
        self._held_slot = -1  # ... and of the card pressed on, which a play leaves empty
        super().__init__(app, match)

    def replay_scene(self) -> type[SkipBoReplay]:
        return SkipBoReplay

    def told_names(self) -> list[str]:
        """The names in the table's sentences as the person at the screen reads them. A seat
        is called "You" only at a desk of one person (the setup allows it nowhere else), so
        when a replay shows a computer's hand, that one person still reads "You draw 5
        cards"; it is '"You" draws' only for another person's eyes."""
        reader, seats = self.viewer, self.match.seats
        if not (0 <= reader < len(seats) and seats[reader].human):
            people = [i for i, seat in enumerate(seats) if seat.human and seat.name == YOU]
            reader = people[0] if people else reader
        return as_read_by(self.names, reader)

    # --- geometry ---------------------------------------------------------------------

    @property
    def sk(self) -> SkipBoState:
        return self.state  # type: ignore[no-any-return]

    def geometry(self) -> Geometry:
        key = (self.app.size, self.sk.num_players, self.viewer)
        if self._geo[0] == key and self._geo[1] is not None:
            return self._geo[1]
        geo = lay_out(self.app.size, self.sk.num_players, self.viewer)
        self._geo = (key, geo)
        return geo

    def lay(self) -> Layout:
        w, h = self.app.size
        table = pygame.Rect(0, 0, w - PANEL_W, h)
        geo = self.geometry()
        middle = geo.draw.union(geo.builds[-1])
        return Layout(table, geo.hand.y, geo.prompt_y - 46, geo.prompt_y, middle)

    def seat_rects(self) -> dict[int, pygame.Rect]:
        return {seat: mat.strip for seat, mat in self.geometry().mats.items()}

    def hand_layout(self) -> list[tuple[str, pygame.Rect, float]]:
        """The viewer's cards side by side in the hand's room (a held card stays in its place)."""
        return [(c, rect, 0.0) for _, c, rect in self._hand_places()]

    def _hand_places(self) -> list[tuple[int, str, pygame.Rect]]:
        """Each card of the viewer's hand with its slot and rect. Laid out as a full hand from
        the left; through a turn every card stays in its slot, a card played leaving a gap, so
        quick clicks never land on a card that slid under the pointer. The hand closes up when
        it is next dealt to (a new turn, or five more drawn) or taken back by undo."""
        if self.secrets_hidden():
            return []
        hand = self.game.hand(self.drawn(), self.viewer)
        area = self.geometry().hand
        if not hand:
            return []
        slots = self._slots(hand)
        count = max(len(slots), HAND)
        step = min(CARD_W + 8, (area.w - CARD_W) / max(1, count - 1))
        x0 = area.centerx - round(step * (count - 1) + CARD_W) // 2
        y = area.bottom - 10 - CARD_H
        return [
            (k, c, pygame.Rect(round(x0 + step * k), y, CARD_W, CARD_H))
            for k, c in enumerate(slots)
            if c is not None
        ]

    def _turn_key(self) -> tuple[int, int, int]:
        return self.viewer, self.sk.game_index, self.sk.turn_count

    def _slots(self, hand: list[str]) -> list[str | None]:
        """The hand's cards by slot: as kept this turn (None: a card played), else in order."""
        if self._kept is not None:
            key, slots = self._kept
            if key == self._turn_key() and Counter(c for c in slots if c) == Counter(hand):
                return slots
        return list(hand)

    def _keep_slots(self, action: str) -> None:
        """Before the viewer plays `action`: the hand's slots after it, the card's left empty
        (the slot the pointer took it from, else the first holding it)."""
        source = source_of(action)
        if not source.startswith("H") or self._to_act() != self.viewer:
            return
        slots = self._slots(self.game.hand(self.drawn(), self.viewer))
        code = source[1:]
        k = self._held_slot
        if not (0 <= k < len(slots) and slots[k] == code):
            k = slots.index(code) if code in slots else -1
        if k >= 0:
            slots = [None if j == k else c for j, c in enumerate(slots)]
        self._kept = (self._turn_key(), slots)

    def place_rect(self, place: str) -> pygame.Rect | None:
        """Where a place's top card lies now ("H7", "S1", "D1.2", "B0")."""
        geo = self.geometry()
        if place.startswith("B"):
            return geo.builds[int(place[1:])]
        if place.startswith("H"):
            for c, rect, _ in self.hand_layout():
                if f"H{c}" == place:
                    return rect
            return None
        if place.startswith("S"):
            mat = geo.mats.get(int(place[1:]))
            return mat.stock if mat else None
        if place.startswith("D") and "." in place:
            seat, k = (int(x) for x in place[1:].split("."))
            mat = geo.mats.get(seat)
            if mat is None:
                return None
            count = len(self.sk.discards[seat][k])
            rects = mat.pile_rects(k, max(1, count))
            return rects[-1]
        return None

    def target_rect(self, target: str) -> pygame.Rect | None:
        """What a drop onto a target hits: a building pile, or a whole discard column."""
        if target.startswith("B"):
            return self.geometry().builds[int(target[1:])]
        mat = self.geometry().mats.get(self.viewer)
        return mat.column(int(target[1:])) if mat else None

    # --- what may move ----------------------------------------------------------------

    def sources(self) -> list[str]:
        """The places the viewer may take a card from now, in the order the keys visit them."""
        if not self.my_turn():
            return []
        seen: list[str] = []
        hand = [f"H{c}" for c, _, _ in self.hand_layout()]
        for place in self.game.legal(self.state):
            src = source_of(place)
            if src and src not in seen and not src.startswith("H"):
                seen.append(src)
        return [*dict.fromkeys(hand), *seen]

    def targets(self, source: str) -> list[str]:
        return [target_of(a) for a in GAME.moves_from(self.sk, self.viewer, source)]

    def _source_at(self, pos: tuple[int, int]) -> str | None:
        for k, c, rect in reversed(self._hand_places()):
            if rect.collidepoint(pos):
                self._pointed_slot = k
                return f"H{c}"
        for place in self.sources():
            if place.startswith("H"):
                continue
            rect = self.place_rect(place)
            if rect is not None and rect.collidepoint(pos):
                return place
        return None

    def _target_at(self, pos: tuple[int, int], source: str) -> str | None:
        for target in [f"B{i}" for i in range(4)] + [f"D{k}" for k in range(4)]:
            if target.startswith("D") and not source.startswith("H"):
                continue
            rect = self.target_rect(target)
            if rect is not None and rect.inflate(12, 12).collidepoint(pos):
                return target
        return None

    def _pile_at(self, pos: tuple[int, int]) -> tuple[int, str] | None:
        """Any seat's stock ("S") or discard pile ("D2") under `pos`, whoever's it is."""
        for seat, mat in self.geometry().mats.items():
            if mat.stock.collidepoint(pos):
                return seat, "S"
            for k in range(4):
                if mat.column(k).collidepoint(pos):
                    return seat, f"D{k}"
        return None

    def _why_not_from(self, seat: int, pile: str) -> str:
        """Why a press on a stock or discard pile picked nothing up, in the player's words."""
        s = self.sk
        if seat not in s.sources[self.viewer]:
            own = "your own and your partner's" if s.options.partners else "your own"
            return f"{possessive(self.names[seat])} piles are not yours: you play from {own}."
        place = f"S{seat}" if pile == "S" else f"D{seat}.{pile[1:]}"
        card = self._card_of(place)
        if card is None:
            return "That pile is empty."
        return f"{_card_words(card)} cannot go anywhere now."

    def _why_not_dropped(self, source: str, pos: tuple[int, int]) -> str:
        """Why a card let go over a discard pile it may not go on went back ("" elsewhere)."""
        hit = self._pile_at(pos)
        if hit is None or not hit[1].startswith("D"):
            return ""
        if not source.startswith("H"):
            return HAND_ONLY
        if hit[0] != self.viewer:
            return "You discard onto your own four piles only."
        return ""

    def _drop(self, source: str, target: str) -> None:
        action = f"{source}>{target}"
        if action in self.game.legal(self.state):
            self.picked = None
            self.key_at = -1
            self.act(action)
            return
        self.notice = self._why_not_there(source, target)

    def _why_not_there(self, source: str, target: str) -> str:
        if target.startswith("D"):
            return HAND_ONLY
        i = int(target[1:])
        pile = self.sk.build[i]
        card = self._card_of(source)
        if card == WILD and pile and pile[-1] == WILD:
            return f"Building pile {BUILD_NAMES[i]}: a SKIP-BO card never goes on another one."
        return f"Building pile {BUILD_NAMES[i]} needs a {len(pile) + 1}."

    def _card_of(self, place: str) -> int | None:
        s = self.sk
        if place.startswith("H"):
            return WILD if place[1:] == "W" else int(place[1:])
        if place.startswith("S"):
            stock = s.stocks[int(place[1:])]
            return stock[-1] if stock else None
        seat, k = (int(x) for x in place[1:].split("."))
        pile = s.discards[seat][k]
        return pile[-1] if pile else None

    def _where(self, place: str) -> str:
        """Where a card the viewer may play lies, in words: "in your hand", "on Mary's stock"."""
        if place.startswith("H"):
            return "in your hand"
        seat = int(place[1:].split(".")[0])
        whose = "your" if seat == self.viewer else possessive(self.names[seat])
        if place.startswith("S"):
            return f"on {whose} stock"
        return f"on {whose} discard pile {int(place.split('.')[1]) + 1}"

    # --- input ------------------------------------------------------------------------

    def _set_viewer(self, seat: int) -> None:
        if seat != self.viewer:
            self.picked, self.drag, self.key_at, self.place_hover = None, None, -1, None
        super()._set_viewer(seat)

    def act(self, action: str) -> None:
        self._keep_slots(action)
        self.picked, self.drag, self.key_at, self._held_slot = None, None, -1, -1
        super().act(action)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        mouse = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
        if event.type not in mouse or self.passing is not None or self.sheet:
            return super().handle_event(event)
        if self.widgets.handle(event):
            return None
        if self.summary is not None:
            return None
        pos = event.pos
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            source = self._source_at(pos)
            if source is not None and not source.startswith("H") and self._lit_at(pos):
                source = None  # a lit pile takes the held card: its own top stays put
            if source is not None and self.my_turn():
                self.drag = (source, code_of(source, self), pos, pos)
                self._held_slot = self._pointed_slot if source.startswith("H") else -1
            elif self.my_turn() and self.picked is None:
                hit = self._pile_at(pos)
                if hit is not None:
                    self.notice = self._why_not_from(*hit)
        elif event.type == pygame.MOUSEMOTION:
            if self.drag is not None:
                src, c, _, start = self.drag
                self.drag = (src, c, pos, start)
            held = self.drag[0] if self.drag else self.picked
            self.place_hover = self._target_at(pos, held) if held else self._source_at(pos)
            src = self._source_at(pos)
            self.hover = src[1:] if src and src.startswith("H") else None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(pos)
        return None

    def _lit_at(self, pos: tuple[int, int]) -> bool:
        """Whether `pos` is on a place lit for the held card (where a click puts it down)."""
        if self.picked is None:
            return False
        return self._target_at(pos, self.picked) in self.targets(self.picked)

    def _release(self, pos: tuple[int, int]) -> None:
        drag, self.drag = self.drag, None
        if drag is not None:
            source, _, _, start = drag
            moved = math.dist(pos, start) > CLICK
            target = self._target_at(pos, source)
            if moved:
                if target is not None:
                    self._drop(source, target)
                else:
                    self.notice = self._why_not_dropped(source, pos) or self.notice
                return
            if self.picked is not None and self.picked != source and target is None:
                self.picked = source  # a click on another card takes that one instead
            elif self.picked == source:
                self.picked = None
            else:
                self.picked = source
            self.key_at = -1  # the mouse leads now: the keys start afresh
            self._pick_notice()
            return
        if self.picked is not None:
            target = self._target_at(pos, self.picked)
            if target is not None:
                self._drop(self.picked, target)
            else:
                self.notice = self._why_not_dropped(self.picked, pos)
                self.picked = None

    def _pick_notice(self) -> None:
        if self.picked is None:
            self.notice = ""
            return
        if not self.targets(self.picked):
            card = self._card_of(self.picked)
            self.notice = f"{_card_words(card)} cannot go anywhere now."
            self.picked = None
        else:
            self.notice = ""

    def _key(self, event: pygame.event.Event) -> None:
        """The arrows choose a card, Enter or Space picks it up; the arrows choose where, Enter
        or Space puts it down; Esc puts it back. Enter with nothing chosen chooses the first
        card that builds (else the first in the hand) and the line under the piles names it.
        The table's own keys (Tab, Ctrl+Z, Esc, the numbers) do what they do at every table;
        the shared table's hand keys never reach it (its menu of ways to play a card is not
        Skip-Bo's: a card goes where it is put)."""
        k = event.key
        arrows = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)
        enter = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
        if self.sheet or self.passing is not None or self.summary is not None:
            super()._key(event)
            return
        if k in arrows or k in enter:
            if self.my_turn():
                self._card_key(k in arrows, k in (pygame.K_RIGHT, pygame.K_DOWN))
            return
        if k == pygame.K_ESCAPE and (self.picked is not None or self.key_at >= 0):
            self.picked, self.key_at, self.notice = None, -1, ""
            return
        super()._key(event)

    def _card_key(self, arrow: bool, forward: bool) -> None:
        """An arrow (moving on, or back) or Enter at the viewer's turn."""
        places = self.targets(self.picked) if self.picked else self.sources()
        if not places:
            return
        self.place_hover = None  # the keys lead now: one place lit, not the mouse's too
        self.notice = ""  # the line under the piles tells of the keys' place now
        if arrow:
            step = 1 if forward else -1
            self.key_at = (self.key_at + step) % len(places) if self.key_at >= 0 else 0
        elif not 0 <= self.key_at < len(places):
            self.key_at = self._first_place(places)
        elif self.picked is None:
            self.picked, self.key_at = places[self.key_at], 0
            self._pick_notice()
            return
        else:
            self._drop(self.picked, places[self.key_at])
            return
        at = places[self.key_at]
        self.hover = at[1:] if at.startswith("H") and not self.picked else None

    def _first_place(self, places: list[str]) -> int:
        """Where Enter starts when the arrows have chosen nothing: a held card's first place,
        else the first card that builds (the keys' order), else the first card in the hand."""
        if self.picked is not None:
            return 0
        builds = [k for k, p in enumerate(places) if any(t[0] == "B" for t in self.targets(p))]
        return builds[0] if builds else 0

    # --- happenings -------------------------------------------------------------------

    def _next_happening(self) -> None:
        """Cards flying from place to place, one at a time; a finished game's summary."""
        while self.pending and not (self.hold > 0 or self.summary is not None):
            item = self.pending.popleft()
            if isinstance(item, Moved):
                end = self.place_rect(item.target) if item.target.startswith("B") else None
                if item.target.startswith("D"):
                    seat, pile = (int(x) for x in item.target[1:].split("."))
                    mat = self.geometry().mats.get(seat)
                    count = len(self.sk.discards[seat][pile])
                    end = mat.pile_rects(pile, max(1, count))[-1] if mat else None
                start = self._from(item.source, item.target, item.seat)
                if end is None:
                    continue
                scale = end.w / CARD_W
                computer = item.seat >= 0 and item.seat not in self.humans
                fly, linger = move_times(self.match.pace, computer, item.target.startswith("D"))
                move = Move(item.code, start, end.center, item.target, scale, fly, linger)
                move.event = item.event
                self.flights.append(move)
                return
            if isinstance(item, Shout):
                self.shout = (item.text, 1.6)
                continue
            if isinstance(item, Dealt | Taken):
                continue
            if isinstance(item, RoundEnded):
                self.show_summary(item.index)
                return

    def _from(self, source: str, target: str, seat: int = -1) -> tuple[float, float]:
        """Where a flying card starts: its place, or the player's strip for another's hand."""
        if source.startswith("H"):
            if seat < 0:
                seat = self.sk.current_player() if not self.sk.is_terminal() else self.viewer
            if target.startswith("D"):
                seat = int(target[1:].split(".")[0])
            if seat == self.viewer and not self.secrets_hidden():
                geo = self.geometry()
                return geo.hand.centerx, geo.hand.bottom - CARD_H // 2
            return self._seat_centre(seat)
        rect = self.place_rect(source)
        return rect.center if rect else self.geometry().draw.center

    def told_events(self) -> int | None:
        """How many of the game's events the log tells now: none past a card still on its way
        (or waiting to fly), so a computer's turn is told as it is seen. None: all."""
        marks = [p.event for p in self.pending if isinstance(p, Moved) and p.event >= 0]
        for f in self.flights:
            if isinstance(f, Move) and f.event >= 0:
                marks.append(f.event + 1 if f.landed else f.event)
        return min(marks) if marks else None

    def log_rows(self, width: int) -> list[tuple[str, bool]]:
        """The log the viewer may read, wrapped, as far as the table has shown (cached)."""
        drawn, upto = self.drawn(), self.told_events()
        key = (GAME.event_count(drawn), upto, self.viewer, width, self.secrets_hidden())
        if self.log_cache[0] != key:
            lines = GAME.log(drawn, self.log_viewer(), self.told_names(), upto)
            self.log_cache = (key, panels.wrap_log(lines, width))
        return self.log_cache[1]

    def showing(self) -> bool:
        """Also a computer's card move, queued or on its way: the next person's pass screen
        waits until it has been seen (it landed behind the pass screen)."""
        computer = [p for p in self.pending if isinstance(p, Moved) and p.seat not in self.humans]
        lingering = [f for f in self.flights if isinstance(f, Move) and f.lingers]
        return super().showing() or bool(computer or lingering)

    def landing(self) -> set[str]:
        return {f.target for f in self.flights if isinstance(f, Move)}

    # --- drawing ----------------------------------------------------------------------

    def _draw_seats(self, surface: pygame.Surface) -> None:
        busy = self.over() or self.passing is not None or self.busy()
        acting = None if busy else self._to_act()
        s = self.drawn()
        for seat, mat in self.geometry().mats.items():
            strip = mat.strip
            theme.panel(surface, strip, 220)
            if seat == acting:
                pygame.draw.rect(surface, theme.ACCENT, strip.inflate(4, 4), 2, border_radius=8)
            badges = self.badges(s, seat)
            said, owner = self.seat_words(s, seat)
            if badges:  # told as the viewer knows them ("your partner")
                owner = self.viewer
            kind = self.match.seats[seat].kind if seat < len(self.match.seats) else ""
            level = "" if kind in (HUMAN, "") else kind
            name, facts, to_play = fit_header(
                self.names[seat],
                level,
                badges,
                said,
                strip.w - 12,
                seat == acting,
            )
            at = theme.text(surface, name, (strip.x + 6, strip.y + 3), 17, theme.TEXT, bold=True)
            if facts:
                self.sight.text(
                    surface, owner, facts, (at.right, strip.y + 5), FACT_SIZE, theme.TEXT_DIM
                )
            if to_play:
                theme.text(surface, TO_PLAY, (strip.right - 6, strip.y + 5), 15, theme.ACCENT,
                           "topright", True)  # fmt: skip

    def _draw_spots(self, surface: pygame.Surface) -> None:
        """Every stock and discard pile, with the held card's places lit."""
        if self.passing is not None:
            return
        s = self.drawn()
        held = self.drag[0] if self.drag else self.picked
        sources = set(self.sources()) if held is None else set()
        keyed = self._keyed()
        landing = self.landing()
        partner = GAME.partner(s, self.viewer)
        for seat, mat in self.geometry().mats.items():
            scale = mat.scale
            stock = s.stocks[seat]
            place = f"S{seat}"
            if stock and place != held:
                surface.blit(self.face(code(stock[-1]), EVERYONE, scale), mat.stock)
                if len(stock) > 1:  # the cards below, face down, peeking out
                    under = card_back(scale)
                    surface.blit(under, mat.stock.move(3, 3))
                    surface.blit(self.face(code(stock[-1]), EVERYONE, scale), mat.stock)
            elif stock:
                surface.blit(card_back(scale), mat.stock)
            else:
                surface.blit(pile_base(scale, "empty"), mat.stock)
            self._frame(surface, mat.stock, place, sources, keyed)
            label = f"stock {len(stock)}"
            if seat == partner:
                label = f"partner's {label}"
            theme.text(surface, label, (mat.stock.centerx, mat.stock.bottom + 2), 14,
                       theme.TEXT_DIM, "midtop")  # fmt: skip
            for k in range(4):
                pile = s.discards[seat][k]
                place = f"D{seat}.{k}"
                if not pile:
                    surface.blit(pile_base(scale, str(k + 1)), mat.piles[k])
                rects = mat.pile_rects(k, len(pile))
                hidden = 1 if (place == held or place in landing) else 0
                for card, rect in zip(pile[: len(pile) - hidden], rects, strict=False):
                    surface.blit(self.face(code(card), EVERYONE, scale), rect)
                if place == held and len(pile) > 1:
                    pass
                top = rects[-1] if rects else mat.piles[k]
                self._frame(surface, top, place, sources, keyed)
                if seat == self.viewer and held is not None and held.startswith("H"):
                    # lit round the pile as it lies (a drop anywhere in its column still hits)
                    lit = rects[0].unionall(rects[1:]) if rects else mat.piles[k]
                    self._target_frame(surface, lit, f"D{k}", held, keyed)

    def _keyed(self) -> str | None:
        places = self.targets(self.picked) if self.picked else self.sources()
        return places[self.key_at] if 0 <= self.key_at < len(places) else None

    def _frame(self, surface: pygame.Surface, rect: pygame.Rect, place: str,
               sources: set[str], keyed: str | None, first: bool = True) -> None:  # fmt: skip
        """A card the viewer may move now: a thin frame; under the mouse: bright; the keys'
        place: a heavy white frame, plain to see from across the room. Alike cards in the hand
        are one place: only the `first` is lit or picked."""
        if place in sources:
            if place == keyed and first:
                pygame.draw.rect(surface, (255, 255, 255), rect.inflate(10, 10), 4, 9)
            else:
                bright = place == self.place_hover and first
                colour = theme.CHALK_BLUE if bright else theme.CHALK_YELLOW
                pygame.draw.rect(surface, colour, rect.inflate(6, 6), 3 if bright else 1, 8)
        if place == self.picked and first:
            pygame.draw.rect(surface, theme.ACCENT, rect.inflate(8, 8), 3, 9)

    def _target_frame(self, surface: pygame.Surface, rect: pygame.Rect, target: str,
                      held: str, keyed: str | None) -> None:  # fmt: skip
        if target not in self.targets(held):
            return
        bright = target == self.place_hover or target == keyed
        colour = theme.CHALK_BLUE if bright else theme.OK
        pygame.draw.rect(surface, colour, rect.inflate(8, 8), 3 if bright else 2, 9)

    def _draw_pile(self, surface: pygame.Surface, lay: Layout) -> None:
        """The draw pile and the four building piles, each with the number it needs."""
        geo = self.geometry()
        s = self.drawn()
        scale = geo.build_scale
        if s.draw:
            surface.blit(card_back(scale), geo.draw)
        else:
            surface.blit(pile_base(scale, "empty"), geo.draw)
        note = f"draw {len(s.draw)}"
        theme.text(surface, note, (geo.draw.centerx, geo.draw.bottom + 3), 15, theme.TEXT_DIM,
                   "midtop")  # fmt: skip
        if s.set_aside:
            theme.text(surface, f"{len(s.set_aside)} set aside",
                       (geo.draw.centerx, geo.draw.bottom + 19), 14, theme.TEXT_DIM, "midtop")  # fmt: skip
        held = self.drag[0] if self.drag else self.picked
        keyed = self._keyed()
        landing = self.landing()
        for i, rect in enumerate(geo.builds):
            pile = s.build[i]
            shown = pile[:-1] if f"B{i}" in landing else pile
            if shown:
                top = shown[-1]
                img = (
                    wild_as(len(shown), scale)
                    if top == WILD
                    else self.face(code(top), EVERYONE, scale)
                )
                surface.blit(img, rect)
            else:
                surface.blit(pile_base(scale, "1"), rect)
            need = len(pile) + 1
            label = f"{BUILD_NAMES[i]} · needs {need}"
            theme.text(surface, label, (rect.centerx, rect.bottom + 3), 15, theme.TEXT, "midtop")
            if held is not None:
                self._target_frame(surface, rect, f"B{i}", held, keyed)

    def _draw_hand(self, surface: pygame.Surface, lay: Layout) -> None:
        mine = self.my_turn()
        held = self.drag[0] if self.drag else None
        sources = set(self.sources()) if self.picked is None and held is None else set()
        keyed = self._keyed()
        skipped = False
        framed: set[str] = set()  # two alike cards are one place: the first is lit
        for c, rect, _ in self.hand_layout():
            place = f"H{c}"
            if place == held and not skipped:
                skipped = True  # the dragged card is drawn under the pointer instead
                continue
            builds = mine and any(t.startswith("B") for t in self.targets(place))
            r = rect.move(0, -14 if builds else 0)
            surface.blit(self.face(c, self.viewer), r)
            self._frame(surface, r, place, sources, keyed, place not in framed)
            framed.add(place)

    def _draw_status(self, surface: pygame.Surface, lay: Layout) -> None:
        """The prompt, or a word about the card under the mouse or held."""
        line = self.status_line()
        if line is None:
            super()._draw_status(surface, lay)
            return
        words, colour = line
        at = (lay.table.centerx, self.geometry().prompt_y)
        fitted = theme.fit(words, 20, lay.table.w - 24)
        self.sight.text(surface, self.viewer, fitted, at, 20, colour, "midtop")  # the viewer's own

    def status_line(self) -> tuple[str, tuple[int, int, int]] | None:
        """The line under the piles when it is not the prompt: a notice, what Enter does at the
        keys' place, the card under the mouse, or where the held card may go."""
        if self.notice:
            return self.notice, theme.TEXT
        if not self.my_turn():
            return None
        keyed = self._keyed() if self.drag is None else None
        if keyed is not None and self.picked is None:  # the keys' place: say what Enter does
            card = _card_words(self._card_of(keyed))
            return f"{card} {self._where(keyed)}: Enter picks it up, arrows move on", theme.TEXT
        if keyed is not None and self.picked is not None:
            card = _card_words(self._card_of(self.picked))
            put = "discards it" if keyed.startswith("D") else "puts it"
            words = f"{card}: Enter {put} {self._target_words(keyed)}, arrows choose another"
            return f"{words} · Esc puts it back", theme.ACCENT
        if self.hover is not None and self.picked is None and self.drag is None:
            reason = self.game.why_not(self.state, self.viewer, self.hover)
            words = self.game.card_words(self.hover) + (
                f": {reason}" if reason else ": drag it onto a pile"
            )
            return words, theme.TEXT
        if self.picked is not None:
            words = "Put it on a lit pile: click it, or arrows and Enter · Esc puts it back"
            return words, theme.ACCENT
        return None

    def _target_words(self, target: str) -> str:
        """Where a held card would go, as the table shows it: "on building pile B", "on your
        discard pile 2" (the piles are numbered from 1 on the table)."""
        if target.startswith("B"):
            return f"on building pile {BUILD_NAMES[int(target[1:])]}"
        return f"on your discard pile {int(target[1:]) + 1}"

    def _draw_flights(self, surface: pygame.Surface) -> None:
        for f in self.flights:
            if f.t < f.delay or not isinstance(f, Move):
                continue
            img = self.face(f.code or "W", EVERYONE, f.scale)  # a move all see
            x, y = f.at()
            rect = surface.blit(img, img.get_rect(center=(round(x), round(y))))
            if f.landed:  # a computer's card where it went, lit for a moment
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(8, 8), 3, 9)
        if self.drag is not None:
            _, c, pos, start = self.drag
            if math.dist(pos, start) > CLICK:
                img = self.face(c, self.viewer, 0.9)
                surface.blit(img, img.get_rect(center=pos))

    def _draw_game_over(self, surface: pygame.Surface, lay: Layout) -> None:
        box = lay.table.inflate(-120, -200)
        box.h = min(box.h, 120 + 30 * self.sk.num_players)
        box.center = lay.table.center
        panels.draw_game_over(
            surface, box, GAME.winners(self.sk), GAME.scores(self.sk), self.names,
            GAME.score_unit(self.sk), title="Match over" if self.sk.options.match_to else "Game over",
        )  # fmt: skip
        theme.text(surface, "Tab: score sheet · Esc: leave the table",
                   (lay.table.centerx, box.bottom + 10), 18, theme.TEXT_DIM, "midtop")  # fmt: skip


class SkipBoReplay(CardReplay, SkipBoTable):
    """A finished Skip-Bo game, action by action."""


def code_of(place: str, table: SkipBoTable) -> str:
    card = table._card_of(place)
    return code(card) if card is not None else "W"


def _card_words(card: int | None) -> str:
    if card is None:
        return "That card"
    return "A SKIP-BO card" if card == WILD else f"The {card}"


__all__ = ["HUMAN", "Match", "SkipBoReplay", "SkipBoTable", "TableSeat"]
