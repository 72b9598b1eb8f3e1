"""Skip-Bo at the shared card table: every player's stock and four discard piles face up on the
table (the others' across the top, the viewer's at the bottom left beside their hand), the four
building piles and the draw pile in the middle.

A card is moved by dragging it from the hand, a stock's top or a discard pile's top onto a
building pile (or, from the hand, onto one of one's own discard piles, which ends the turn); a
click picks a card up and a second click puts it down; with the keys, the arrows choose a card,
Enter picks it up, the arrows choose where and Enter puts it down (Esc puts it back). While a
card is held, the places that take it are lit. Computer players' cards fly one at a time, at the
table's pace. Nothing of another hand is ever drawn: hands show as counts. Every card face and
every word about the viewer's own hand goes through the table's gate (`self.face`,
`self.sight`) with its owner: the hand and what is said of it are the viewer's; stocks, discard
piles and building piles lie face up for everyone.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
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
from skully_game.scenes.cardtable.words import possessive
from skully_game.scenes.skip_bo.adapter import BUILD_NAMES, GAME, Moved, source_of, target_of
from skully_game.scenes.skip_bo.carddraw import pile_base, wild_as
from skully_game.shell import theme

HEADER_H = 24  # a seat's strip: name, stock, hand
GAP = 6  # between piles
CLICK = 6  # pixels a press may move and still be a click


@dataclass(frozen=True)
class Mat:
    """Where one seat's things lie: its strip, its stock and its four discard piles."""

    seat: int
    strip: pygame.Rect
    stock: pygame.Rect  # the stock's card
    piles: tuple[pygame.Rect, ...]  # each discard pile's first card
    scale: float
    room: int  # how far a discard pile may fan downwards past its first card

    def pile_rects(self, k: int, count: int) -> list[pygame.Rect]:
        """The rects of discard pile k's cards, bottom first, fanned so every one shows."""
        base = self.piles[k]
        if count <= 1:
            return [base.copy()] if count else []
        step = min(round(base.h * 0.24), self.room / (count - 1))
        return [base.move(0, round(step * j)) for j in range(count)]

    def column(self, k: int) -> pygame.Rect:
        """All the room of discard pile k: what a drop hits."""
        base = self.piles[k]
        return pygame.Rect(base.x, base.y, base.w, base.h + self.room)


@dataclass(frozen=True)
class Geometry:
    mats: dict[int, Mat]
    builds: tuple[pygame.Rect, ...]
    draw: pygame.Rect
    build_scale: float
    prompt_y: int
    hand: pygame.Rect  # where the viewer's hand fans


class Move(Flight):
    """A card flying to a place, which is drawn without its top card until it lands."""

    def __init__(self, code: str, start: tuple[float, float], end: tuple[float, float],
                 target: str, scale: float) -> None:  # fmt: skip
        super().__init__(code, start, end, duration=0.3, waits=True)
        self.target = target
        self.scale = scale


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
        super().__init__(app, match)

    def replay_scene(self) -> type[SkipBoReplay]:
        return SkipBoReplay

    # --- geometry ---------------------------------------------------------------------

    @property
    def sk(self) -> SkipBoState:
        return self.state  # type: ignore[no-any-return]

    def geometry(self) -> Geometry:
        n = self.sk.num_players
        key = (self.app.size, n, self.viewer)
        if self._geo[0] == key and self._geo[1] is not None:
            return self._geo[1]
        w, h = self.app.size
        table = pygame.Rect(0, 0, w - PANEL_W, h)
        order = [(self.viewer + k) % n for k in range(1, n)]
        cols = len(order) if len(order) <= 3 else math.ceil(len(order) / 2)
        rows = math.ceil(len(order) / cols)
        col_w = (table.w - 16) / cols
        small = h < 720
        # the others' mats: five cards side by side in a column, fans below
        s_opp = min(0.55, (col_w - 24 - 4 * GAP - 8) / (5 * CARD_W))
        if rows > 1:
            s_opp = min(s_opp, 0.42 if small else 0.5)
        opp_room = round(CARD_H * s_opp * (0.6 if rows > 1 else 0.9))
        mats: dict[int, Mat] = {}
        top = 34
        mat_h = HEADER_H + 4 + round(CARD_H * s_opp) + opp_room + 6
        for k, seat in enumerate(order):
            r, c = divmod(k, cols)
            x0 = round(8 + col_w * c)
            y0 = top + r * mat_h
            mats[seat] = _mat(seat, x0, y0, round(col_w) - 8, s_opp, opp_room)
        # the viewer's mat, bottom left, and the hand beside it
        s_own = 0.62 if small else 0.72
        own_room = round(CARD_H * s_own * 0.8)
        own_w = round(5 * CARD_W * s_own + 4 * GAP + 8)
        own_y = h - 10 - round(CARD_H * s_own) - own_room - HEADER_H - 4
        mats[self.viewer] = _mat(self.viewer, 8, own_y, own_w, s_own, own_room)
        hand = pygame.Rect(own_w + 28, own_y, table.w - own_w - 36, h - own_y)
        prompt_y = own_y - 32
        # the middle: the draw pile and the four building piles
        mid_top = top + rows * mat_h + 4
        mid_h = prompt_y - 6 - mid_top
        s_mid = max(0.4, min(0.9, (mid_h - 22) / CARD_H, (table.w - 80) / (5.6 * CARD_W)))
        cw, ch = round(CARD_W * s_mid), round(CARD_H * s_mid)
        step = cw + max(14, round(cw * 0.3))
        x = table.centerx - round(step * 4.4 + cw) // 2
        y = mid_top + (mid_h - 22 - ch) // 2
        draw = pygame.Rect(x, y, cw, ch)
        builds = tuple(pygame.Rect(x + round(step * (1.4 + k)), y, cw, ch) for k in range(4))
        geo = Geometry(mats, builds, draw, s_mid, prompt_y, hand)
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
        if self.secrets_hidden():
            return []
        hand = self.game.hand(self.drawn(), self.viewer)
        area = self.geometry().hand
        if not hand:
            return []
        # laid out as a full hand from the left: a card played takes only the cards right of
        # it one place along, so the next card is still under the pointer for a quick drag
        slots = max(len(hand), HAND)
        step = min(CARD_W + 8, (area.w - CARD_W) / max(1, slots - 1))
        x0 = area.centerx - round(step * (slots - 1) + CARD_W) // 2
        out = []
        for k, c in enumerate(hand):
            rect = pygame.Rect(round(x0 + step * k), area.bottom - 10 - CARD_H, CARD_W, CARD_H)
            out.append((c, rect, 0.0))
        return out

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
        for c, rect, _ in reversed(self.hand_layout()):
            if rect.collidepoint(pos):
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
        self.picked, self.drag, self.key_at = None, None, -1
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
            if source is not None and self.my_turn():
                self.drag = (source, code_of(source, self), pos, pos)
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
        k = event.key
        arrows = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)
        enter = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
        if self.sheet or self.passing is not None or self.summary is not None or not self.my_turn():
            super()._key(event)
            return
        if k == pygame.K_ESCAPE and (self.picked is not None or self.key_at >= 0):
            self.picked, self.key_at, self.notice = None, -1, ""
            return
        places = self.targets(self.picked) if self.picked else self.sources()
        if k in arrows and places:
            step = 1 if k in (pygame.K_RIGHT, pygame.K_DOWN) else -1
            self.key_at = (self.key_at + step) % len(places) if self.key_at >= 0 else 0
            self.place_hover = None  # the keys lead now: one place lit, not the mouse's too
            self.notice = ""  # the line under the piles tells of the keys' place now
            at = places[self.key_at]
            self.hover = at[1:] if at.startswith("H") and not self.picked else None
            return
        if k in enter and 0 <= self.key_at < len(places):
            at = places[self.key_at]
            if self.picked is None:
                self.picked, self.key_at = at, 0
                self._pick_notice()
            else:
                self._drop(self.picked, at)
            return
        super()._key(event)

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
                start = self._from(item.source, item.target)
                if end is None:
                    continue
                scale = end.w / CARD_W
                self.flights.append(Move(item.code, start, end.center, item.target, scale))
                return
            if isinstance(item, Shout):
                self.shout = (item.text, 1.6)
                continue
            if isinstance(item, Dealt | Taken):
                continue
            if isinstance(item, RoundEnded):
                self.show_summary(item.index)
                return

    def _from(self, source: str, target: str) -> tuple[float, float]:
        """Where a flying card starts: its place, or the player's strip for another's hand."""
        if source.startswith("H"):
            seat = self.sk.current_player() if not self.sk.is_terminal() else self.viewer
            if target.startswith("D"):
                seat = int(target[1:].split(".")[0])
            if seat == self.viewer and not self.secrets_hidden():
                geo = self.geometry()
                return geo.hand.centerx, geo.hand.bottom - CARD_H // 2
            return self._seat_centre(seat)
        rect = self.place_rect(source)
        return rect.center if rect else self.geometry().draw.center

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
            # what matters most first, as a narrow strip cuts from the end: the partner, then
            # the seat's figures, the computer's level last
            badges = self.badges(s, seat)
            said, owner = self.seat_words(s, seat)
            facts = [*badges, *said]
            if badges:  # told as the viewer knows them ("your partner")
                owner = self.viewer
            kind = self.match.seats[seat].kind if seat < len(self.match.seats) else ""
            if kind not in (HUMAN, ""):
                facts.append(kind)
            room = strip.w - 14 - (52 if seat == acting else 0)
            name = panels.fit_bold(self.names[seat], 17, max(40, room // 2))
            at = theme.text(surface, name, (strip.x + 6, strip.y + 3), 17, theme.TEXT, bold=True)
            left = strip.x + 6 + room - at.right
            while len(facts) > 1 and theme.font(15).size(" · " + " · ".join(facts))[0] > left:
                facts.pop()  # whole facts go, the least telling first, rather than half a word
            rest = theme.fit(" · " + " · ".join(facts), 15, left)
            self.sight.text(surface, owner, rest, (at.right, strip.y + 5), 15, theme.TEXT_DIM)
            if seat == acting:
                theme.text(surface, "to play", (strip.right - 6, strip.y + 5), 15, theme.ACCENT,
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
        geo = self.geometry()
        at = (lay.table.centerx, geo.prompt_y)
        mine = self.viewer  # every word here is about the viewer's own cards
        if self.notice:
            self.sight.text(surface, mine, theme.fit(self.notice, 20, lay.table.w - 24), at, 20,
                            theme.TEXT, "midtop")  # fmt: skip
            return
        keyed = self._keyed() if self.picked is None and self.drag is None else None
        if keyed is not None and self.my_turn():  # the keys' place: say what Enter does
            card = _card_words(self._card_of(keyed))
            words = f"{card} {self._where(keyed)}: Enter picks it up, arrows move on"
            self.sight.text(
                surface, mine, theme.fit(words, 20, lay.table.w - 24), at, 20, theme.TEXT, "midtop"
            )
            return
        if self.hover is not None and self.my_turn() and self.picked is None and self.drag is None:
            reason = self.game.why_not(self.state, self.viewer, self.hover)
            words = self.game.card_words(self.hover) + (
                f": {reason}" if reason else ": drag it onto a pile"
            )
            self.sight.text(
                surface, mine, theme.fit(words, 20, lay.table.w - 24), at, 20, theme.TEXT, "midtop"
            )
            return
        if self.picked is not None and self.my_turn():
            words = "Put it on a lit pile: click it, or arrows and Enter · Esc puts it back"
            self.sight.text(
                surface, mine, theme.fit(words, 20, lay.table.w - 24), at, 20, theme.ACCENT,
                "midtop",
            )  # fmt: skip
            return
        super()._draw_status(surface, lay)

    def _draw_flights(self, surface: pygame.Surface) -> None:
        for f in self.flights:
            if f.t < f.delay or not isinstance(f, Move):
                continue
            img = self.face(f.code or "W", EVERYONE, f.scale)  # a move all see
            x, y = f.at()
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
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


def _mat(seat: int, x: int, y: int, width: int, scale: float, room: int) -> Mat:
    cw, ch = round(CARD_W * scale), round(CARD_H * scale)
    strip = pygame.Rect(x, y, width, HEADER_H)
    top = y + HEADER_H + 4
    stock = pygame.Rect(x, top, cw, ch)
    piles = tuple(pygame.Rect(x + cw + 8 + GAP + (cw + GAP) * k, top, cw, ch) for k in range(4))
    return Mat(seat, strip, stock, piles, scale, room)


__all__ = ["HUMAN", "Match", "SkipBoReplay", "SkipBoTable", "TableSeat"]
