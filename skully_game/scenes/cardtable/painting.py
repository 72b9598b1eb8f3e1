"""The card table's painting (a mixin of `CardTable`, table.py): the felt, the seats, the spots,
the pile, the hand, the prompt, the flights, the pass screen, a peek, a summary, the game's end
and the side panel with the log.

Everything goes through the table's gate (`Sight`, cardtable/secrecy.py): every card face and
private word is drawn with its owner, and shows only when the frame's viewer is that owner.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import pygame

from skully_game.scenes.cardtable import hintplace, panels, spots
from skully_game.scenes.cardtable.flight import Flight
from skully_game.scenes.cardtable.frame import GameOver
from skully_game.scenes.cardtable.game import PrivateView, Taken
from skully_game.scenes.cardtable.layout import PANEL_W, SEAT_BACK, Layout
from skully_game.scenes.cardtable.secrecy import EVERYONE
from skully_game.scenes.cardtable.tipwatch import TipWatch
from skully_game.scenes.cardtable.words import opening, possessive
from skully_game.shell import theme

HEADER_H = 36  # the line over the table
STATUS_SMALL = 17  # px: a status line too long for one line at 20 wraps in two at this size


def places_round(box: pygame.Rect, size: tuple[int, int]) -> Iterator[pygame.Rect]:
    """Places of `size` round `box` (none on it), nearest first; at one distance, under it
    (towards the middle) before beside it, right before left, and over it last, each side
    from its middle outwards."""
    x0, y0 = box.centerx - size[0] // 2, box.centery - size[1] // 2  # centred on the box
    for dx, dy in _offsets_round(box.w, box.h, *size):
        yield pygame.Rect((x0 + dx, y0 + dy), size)


@functools.cache
def _offsets_round(
    box_w: int, box_h: int, w: int, h: int, reach: int = 150, step: int = 6
) -> tuple[tuple[int, int], ...]:
    """`places_round` as offsets from the place centred on the box (boxes and bubbles come in
    a few sizes, so each order is worked out once)."""
    across, along = (box_w + w) // 2, (box_h + h) // 2  # nearer than this: on the box
    ranked = []
    for dx in range(-across - reach, across + reach + 1, step):
        gap_x = max(abs(dx) - across, 0)
        for dy in range(-along - reach, along + reach + 1, step):
            gap_y = max(abs(dy) - along, 0)
            if not gap_x and not gap_y:
                continue
            side = 0 if dy >= along else 1 if dx >= across else 2 if dx <= -across else 3
            ranked.append((round(math.hypot(gap_x, gap_y) / step), side, abs(dx) + abs(dy), dx, dy))
    ranked.sort()
    return tuple((dx, dy) for *_, dx, dy in ranked)


def gap(a: pygame.Rect, b: pygame.Rect) -> float:
    """How far apart two rects are (0: they touch or overlap)."""
    x = max(a.x - b.right, b.x - a.right, 0)
    y = max(a.y - b.bottom, b.y - a.bottom, 0)
    return math.hypot(x, y)


def clear_place(
    box: pygame.Rect,
    bubble: pygame.Rect,
    table: pygame.Rect,
    badges: list[pygame.Rect],
    stacks: list[pygame.Rect],
    others: list[pygame.Rect],
) -> pygame.Rect:
    """The nearest place for `bubble` round `box` on the table, clear of the badges and the
    stacks and nearer `box` than any of the `others` (so it reads as that seat's word); else
    clear of them wherever it is nearest; else of the badges alone; else just under the box."""
    passes = ((badges + stacks, others), (badges + stacks, []), (badges, []))
    for avoid, rivals in passes:
        for place in places_round(box, bubble.size):
            if not table.contains(place) or place.collidelist(avoid) >= 0:
                continue
            near = gap(place, box)
            if all(gap(place, other) > near for other in rivals):
                return place
    bubble.midtop = (box.centerx, box.bottom + 4)
    bubble.clamp_ip(table)
    return bubble


class CardPainting(TipWatch):
    """What the card table draws; its attributes are set by `CardTable`."""

    # --- drawing ----------------------------------------------------------------------

    sheet_first: int | None = None  # the score sheet's first round shown (None: the latest)

    def sheet_box(self, lay: Layout) -> pygame.Rect:
        """Where the score sheet lies, over the whole table."""
        return pygame.Rect(lay.table.x + 20, 40, lay.table.w - 40, lay.table.h - 60)

    def face(
        self, code: str, owner: int | None = EVERYONE, scale: float = 1.0, dim: bool = False
    ) -> pygame.Surface:
        """A card's face as the gate shows it: `owner`'s card, face up only for its owner."""
        return self.sight.face(self.game.card_image, code, owner, scale, dim)

    def paint(self, surface: pygame.Surface) -> None:
        """The whole table, inside one frame of the gate: the felt, the side panel, then the
        pass screen, the game's end or the table, and the score sheet over it all."""
        lay = self.lay()
        self.paint_felt(surface, lay)
        self._draw_panel(surface)
        if self.passing is not None:
            if self.table_under_pass():
                self._draw_public_table(surface, lay)
            self._draw_pass(surface, lay)
        elif self.over() and not self.busy():
            self._draw_game_over(surface, lay)
        else:
            self._draw_table(surface, lay)
            if self.glance is not None:
                self._veil(surface, lay)
                self._draw_glance(surface, lay)
        if self.sheet:  # over the whole table: nothing of it shows round the sheet's edges
            veil = pygame.Surface(lay.table.size, pygame.SRCALPHA)
            veil.fill((10, 14, 12, 240))
            surface.blit(veil, lay.table)
            box = self.sheet_box(lay)
            panels.draw_sheet(surface, box, self.sheet_shown(), self.names, self.sheet_first)
        self.draw_widgets(surface, over_table=bool(self.sheet))

    def paint_felt(self, surface: pygame.Surface, lay: Layout) -> None:  # a game may lay its own
        surface.fill((22, 60, 44), lay.table)
        pygame.draw.ellipse(surface, (28, 74, 54), lay.table.inflate(-80, -120))

    def _draw_pass(self, surface: pygame.Surface, lay: Layout) -> None:
        """The pass screen: whom it waits for, and their button greying in until it arms."""
        name = self.names[self.passing] if self.passing is not None else ""
        if self.glance is not None:
            why = f"Only {name} may see what comes next: the others look away."
        else:
            why = f"{name}: when the others cannot see, click the button or press Enter or Space."
        panels.draw_pass(
            surface,
            lay.table,
            name,
            why,
            self.pass_button(),
            self.gate.readiness,
            f"{name}: show me" if self.glance is not None else f"{name}: show my hand",
            self.pass_box(),
        )

    def table_under_pass(self) -> bool:
        """Whether a pass screen shows the public table under it (a hook: the trick, the
        stacks, the seats' scores; never a hand, a prompt, a hint or a tooltip)."""
        return False

    def header_room(self, lay: Layout) -> int:
        """How wide the line over the table may be (a hook: a game with buttons at the right
        of that line keeps it clear of them)."""
        return lay.table.w - 32

    def _draw_public_table(self, surface: pygame.Surface, lay: Layout) -> None:
        """What everyone may see of the table, under a pass screen: the line over it, the
        seats as everyone knows them, the stacks and the middle. The screen's viewer is
        nobody (the gate shows no one's own words or faces), and nothing of a hand is drawn."""
        header = self.game.header(self.drawn_from(), self.viewer)
        theme.text(surface, theme.fit(header, 22, self.header_room(lay)), (16, 10), 22, theme.TEXT)
        self.paint_seats(surface)
        self.paint_spots(surface)
        self.paint_middle(surface, lay)

    def _draw_glance(self, surface: pygame.Surface, lay: Layout) -> None:
        """What the peeking person alone may see, large in the middle (theirs only)."""
        seat = self.glance
        views = self.game.private_views(self.drawn_from(), seat) if seat is not None else []

        def draw() -> None:
            box = self._glance_box()
            view = views[-1] if views else None
            panels.draw_glance(surface, box, view, self.sight.faces(self.game.card_image, seat))

        self.sight.show(seat, draw)

    def _draw_table(self, surface: pygame.Surface, lay: Layout) -> None:
        header = self.game.header(self.drawn_from(), self.viewer)
        theme.text(surface, theme.fit(header, 22, self.header_room(lay)), (16, 10), 22, theme.TEXT)
        self.paint_seats(surface)
        self.paint_spots(surface)
        self.paint_middle(surface, lay)
        if self.summary is None:
            self._draw_status(surface, lay)  # (a hint with no room over it stands over it)
            self.paint_hand(surface, lay)
        self.paint_flights(surface)
        if self.summary is None:
            self.paint_bubbles(surface)
            self._paint_carried(surface)
            self.sight.show(self.viewer, lambda: self.paint_hinted(surface))
        text, left = self.shout
        if left > 0 and self.summary is None:
            at, size = self.shout_at(text, lay)
            theme.text(surface, text, at, size, theme.ACCENT, "midbottom", True)
        if self.summary is None and self.carried() is None:
            # a stack's words under the pointer ("Bea's stack: ..."), none under a carried card;
            # one's own stack also says what one placed, to oneself alone
            own = not self.secrets_hidden() and self.viewer in self.humans
            if not self.spot_tip_dropped(own):
                self.sight.show(self.viewer if own else EVERYONE, lambda: self.draw_spot_tip(
                    surface, lay.table, own))  # fmt: skip
        if self.summary is not None:
            self._veil(surface, lay)
            box = self._summary_box()
            panels.draw_summary(surface, box, self.summary, self.names)

    def shout_at(self, text: str, lay: Layout) -> tuple[tuple[int, int], int]:
        """Where a shout's words stand (their bottom middle), and their size: over the table's
        felt above the pile, never over a card (a game may move them)."""
        _, card_h = self._pile_card()
        return (lay.pile.centerx, lay.pile.centery - card_h // 2 - 24), 40

    def spot_tip_avoids(self) -> list[pygame.Rect]:
        """What a stack's tooltip never covers: the seats' boxes, the prompt, and the news
        in the middle ("Bob makes it: a Win Marker!")."""
        news = self.news_rect()
        words = self.tip_avoid()[0]  # the prompt with the lines over it (a hint's reason)
        return [*self.seat_rects().values(), words, *([news] if news else [])]

    @staticmethod
    def _veil(surface: pygame.Surface, lay: Layout, alpha: int = 110) -> None:
        """Dim the table under a panel that waits for the player (a summary, a peek): the
        table still shows through, and no seat's edge sticking out past the panel reads as
        part of it."""
        veil = pygame.Surface(lay.table.size, pygame.SRCALPHA)
        veil.fill((10, 14, 12, alpha))
        surface.blit(veil, lay.table)

    def paint_seats(self, surface: pygame.Surface) -> None:
        busy = self.over() or self.passing is not None or self.busy()
        acting = None if busy else self._to_act()  # nobody is asked while a pile is on show
        drawn = self.drawn_from()
        for seat, box in self.seat_rects().items():
            theme.panel(surface, box, 235)
            if seat == acting:
                pygame.draw.rect(surface, theme.ACCENT, box.inflate(6, 6), 3, border_radius=12)
                theme.text(surface, self.game.acting_word(drawn), (box.right - 6, box.bottom - 4),
                           15, theme.ACCENT, "bottomright", True)  # fmt: skip
            kind = self.match.seats[seat].kind if seat < len(self.match.seats) else ""
            room = box.w - 44
            level = "" if kind in ("human", "") else self.game.engine.bot_word(kind)
            if level and theme.font(20, True).size(self.names[seat])[0] > room - 40:
                level = ""  # a narrow box: the whole name before the level (it read "…")
            name = panels.fit_bold(self.names[seat], 20, room - (40 if level else 0))
            at = theme.text(surface, name, (box.x + 8, box.y + 4), 20, theme.TEXT, bold=True)
            if level:  # a computer player's level, smaller, after the name
                level = theme.fit(level, 15, box.x + 8 + room - at.right - 6)
                theme.text(surface, level, (at.right + 6, at.bottom - 3), 15, theme.TEXT_DIM,
                           "bottomleft")  # fmt: skip
            y = box.y + 24
            said, owner = self.seat_words(drawn, seat)
            for line in said[:2]:
                self.sight.text(surface, owner, theme.fit(line, 17, room), (box.x + 8, y), 17,
                                theme.TEXT_DIM)  # fmt: skip
                y += 16
            badges = " · ".join(self.badges(drawn, seat))
            if badges:  # up to two short lines, clear of "to play" at the bottom right
                room = box.w - 16 - (60 if seat == acting else 0)
                lines = theme.wrap(badges, 15, room)
                if len(lines) > 2:
                    lines = [lines[0], theme.fit(" ".join(lines[1:]), 15, room)]
                for k, line in enumerate(lines):
                    self.sight.text(surface, self.viewer, line, (box.x + 8, y + 14 * k), 15,
                                    theme.CHALK_BLUE)  # fmt: skip
            count = self.game.hand_size(drawn, self.viewer, seat)
            # the hand's size: a card back and a number, in their own corner
            back = self.game.card_back(SEAT_BACK)
            surface.blit(back, (box.right - back.get_width() - 8, box.y + 6))
            theme.text(surface, str(count), (box.right - 8 - back.get_width() // 2,
                       box.y + 10 + back.get_height()), 16, theme.TEXT, "midtop")  # fmt: skip

    def seat_words(self, drawn: Any, seat: int) -> tuple[list[str], int | None]:
        """A seat's lines and whose they are: the viewer's own box, as they know it, is theirs;
        every other box is everyone's, and so is the viewer's own on a public screen, told as
        the others know it."""
        sight = self.seeing()
        if seat == sight:
            return self.game.seat_lines(drawn, seat, seat), seat
        other = self.viewer
        if seat == other:  # a public screen: the seat as the next player knows it
            other = (seat + 1) % max(2, self.game.players(drawn))
        return self.game.seat_lines(drawn, other, seat), EVERYONE

    def paint_middle(self, surface: pygame.Surface, lay: Layout) -> None:
        if self.shown is not None:
            pile, winner, words = list(self.shown.plays), self.shown.winner, self.shown.words
        elif self.pending and any(isinstance(p, Taken) for p in self.pending):
            nxt = next(p for p in self.pending if isinstance(p, Taken))
            pile, winner, words = list(nxt.plays), None, ""
        else:
            pile = self.game.pile(self.drawn_from())
            winner, words = self.game.pile_leader(self.drawn_from()), ""
        landing = {f.slot for f in self.flights if f.slot >= 0}
        visible = self.pile_slots if self.pending or self.shown else len(pile)
        w, _ = self._pile_card()
        for k, (seat, code) in enumerate(pile[:visible]):
            if k in landing:
                continue
            img = self.face(code, EVERYONE, self.pile_scale())
            rect = img.get_rect(center=self._slot_centre(seat, lay))  # in front of its seat
            surface.blit(img, rect)
            if seat == winner:
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(8, 8), 3, border_radius=10)
            name = theme.fit(self.names[seat], 15, w + 6)
            theme.text(surface, name, (rect.centerx, rect.y - 3), 15, theme.TEXT, "midbottom")
        words_box = self.trick_words_box() if pile else lay.pile
        if words and not pile:  # no cards in the middle (Skull): the words are the news
            self._draw_news(surface, words, lay)
        elif words:
            self._trick_words(surface, words, words_box, 26, theme.ACCENT, True)
        elif not self.busy() or not pile:
            note = self.game.pile_note(self.drawn_from())
            if note and pile:
                self._trick_words(surface, note, words_box, 20, theme.TEXT_DIM, False)
            elif note:  # nothing else in the middle: the note is the table's news
                at = lay.pile.center
                theme.text(surface, note, at, 30, theme.ACCENT, "center", True)

    @staticmethod
    def _trick_words(
        surface: pygame.Surface, words: str, box: pygame.Rect, size: int, colour: Any, bold: bool
    ) -> None:
        """The trick's words in the felt inside the ring of slots: in two lines if one is
        too wide for it, each line fitted to it."""
        lines = theme.wrap_lines(words, size, box.w, 2, bold)
        if len(lines) > 1 and size > 18:
            size -= 4
            lines = theme.wrap_lines(words, size, box.w, 2, bold)
        row = theme.font(size, bold).get_linesize()
        top = box.centery - row * len(lines) // 2
        for k, line in enumerate(lines):
            fitted = theme.fit(line, size, box.w, bold=bold)
            theme.text(surface, fitted, (box.centerx, top + row * k), size, colour, "midtop", bold)

    def _draw_news(self, surface: pygame.Surface, words: str, lay: Layout) -> None:
        """Words with no pile to go under ('A Skull! Al's Skull stops Calico'): in the middle
        of the table on a panel of their own, so the stacks and seats around never show
        through them."""
        text, box = self._news_place(words, lay)
        theme.panel(surface, box, 245)
        theme.text(surface, text, box.center, 26, theme.ACCENT, "center", True)

    @staticmethod
    def _news_place(words: str, lay: Layout) -> tuple[str, pygame.Rect]:
        """The news fitted to the table, and its panel in the middle."""
        text = theme.fit(words, 26, lay.table.w - 60, bold=True)
        box = pygame.Rect((0, 0), theme.font(26, True).size(text)).inflate(28, 16)
        box.center = lay.pile.center
        return text, box

    def news_rect(self) -> pygame.Rect | None:
        """Where the news with no pile under it lies now ("Bob makes it"), if it is on show:
        a tooltip goes clear of it."""
        if self.shown is None or not self.shown.words or self.shown.plays:
            return None
        return self._news_place(self.shown.words, self.lay())[1]

    def paint_spots(self, surface: pygame.Surface) -> None:
        placed = self.spot_layout()
        if not placed:
            return
        turning = {f.turning for f in self.flights if f.turning >= 0}
        onto = {f.onto for f in self.flights if f.onto >= 0}
        self._kept_spot()  # the keys' stack stays lit after it was turned, while it may be again
        choosable = [p.spot.action for p in self.choosable_spots()]
        scale = self.spot_scale()
        faces = self.sight.faces(self.game.card_image, EVERYONE)  # what lies face up
        keyed = choosable[self.spot_cursor] if 0 <= self.spot_cursor < len(choosable) else None
        for item in placed:
            action = item.spot.action
            lit = action is not None and action in choosable and action == self.spot_hover
            cursor = action is not None and keyed == action
            spots.draw(
                surface,
                item,
                faces,
                scale,
                hidden_top=item.spot.seat in turning,
                hidden_down=item.spot.seat in onto,
                lit=lit,
                cursor=cursor,
                choosable=action is not None and action in choosable,
                back=self.game.card_back,
            )
        # the marks over every frame, its neighbours' too
        spots.draw_marks(surface, placed, faces, scale, self.game.card_back)

    def paint_flights(self, surface: pygame.Surface) -> None:
        for f in self.flights:
            if f.t < f.delay:
                continue
            if f.turning >= 0 and f.code is not None:
                rect = next(
                    (
                        p.last_face_up()
                        for p in self.spot_layout()
                        if p.spot.seat == f.turning and p.last_face_up() is not None
                    ),
                    None,
                )
                if rect is not None:
                    progress = min(1.0, (f.t - f.delay) / f.duration)
                    spots.draw_turning(
                        surface,
                        rect,
                        f.code,
                        self.sight.faces(self.game.card_image, EVERYONE),
                        self.spot_scale(),
                        progress,
                        back=self.game.card_back,
                    )
                continue
            self.paint_flight(surface, f)

    def paint_flight(self, surface: pygame.Surface, f: Flight) -> pygame.Rect:
        """One card on its way, where it is now and at its size now: its face only for its
        owner (everyone else sees its back, through the gate)."""
        img = self.face(f.code, f.owner, f.size()) if f.code else self.game.card_back(f.size())
        x, y = f.at()
        return surface.blit(img, img.get_rect(center=(round(x), round(y))))

    def paint_bubbles(self, surface: pygame.Surface) -> None:
        """A seat's public word ("Bid 3", "Pass") in a bubble beside its box, for a moment."""
        taken: list[pygame.Rect] = []  # two seats speaking at once never share a place
        for seat, (words, left) in self.bubbles.items():
            if left <= 0:
                continue
            img = theme.rendered(words, 22, theme.ACCENT, True)
            bubble = self.bubble_rect(seat, img.get_size(), taken)
            if bubble is None:
                continue
            taken.append(bubble)
            pygame.draw.rect(surface, theme.PANEL, bubble, border_radius=12)
            pygame.draw.rect(surface, theme.ACCENT, bubble, 2, border_radius=12)
            surface.blit(img, img.get_rect(center=bubble.center))

    def bubble_rect(
        self, seat: int, size: tuple[int, int], taken: Sequence[pygame.Rect] = ()
    ) -> pygame.Rect | None:
        """Where a seat's bubble of words of `size` goes: the nearest place round its box
        (under it first, then beside it, then over it) clear of every seat's box, every stack,
        the line over the table, the prompt, the buttons and the hand, and the bubbles already
        `taken`. A seat's box holds its name and score, so no bubble ever lies on one (at
        1024x640 a "Pass" under a top seat, with no room there, was laid over its edge); a
        stack is covered only when nothing round the box is clear of them."""
        rects = self.seat_rects()
        box = rects.get(seat)
        if box is None:
            return None
        table = self.lay().table
        header = pygame.Rect(table.x, 0, table.w, HEADER_H)
        below = pygame.Rect(table.x, self.prompt_y(), table.w, table.bottom - self.prompt_y())
        badges = [*rects.values(), header, below, *taken]
        stacks = [p.rect for p in self.spot_layout()]
        bubble = pygame.Rect((0, 0), size).inflate(18, 10)
        key = (
            bubble.size, tuple(box), tuple(table),
            tuple(map(tuple, badges)), tuple(map(tuple, stacks)),
        )  # fmt: skip
        if key not in self._bubble_places:
            if len(self._bubble_places) > 64:
                self._bubble_places.clear()  # places for a table long gone
            others = [r for s, r in rects.items() if s != seat]
            self._bubble_places[key] = clear_place(box, bubble, table, badges, stacks, others)
        return self._bubble_places[key]

    def paint_hand(self, surface: pygame.Surface, lay: Layout) -> None:
        if any(f.dealt and f.t >= f.delay for f in self.flights):
            return  # the deal is still flying: the new hand shows once it has landed
        mine = self.my_turn()
        carried = self.carried()
        codes = []
        for k, (code, rect, angle) in enumerate(self.hand_layout()):
            codes.append(code)
            if carried is not None and code == carried.code:
                carried = None  # this one is under the pointer (drawn by _paint_carried)
                continue
            ok = bool(self.playable(code))
            dim = mine and not ok and self.game.plays_cards_now(self.state, self.viewer)
            img = self.face(code, self.viewer, 1.0, dim)
            r = rect.move(0, -18 if ok else 0)
            if angle:
                img = pygame.transform.rotate(img, angle)
            target = img.get_rect(center=r.center)
            surface.blit(img, target)
            if k == self.cursor:
                pygame.draw.rect(surface, theme.CHALK_BLUE, target.inflate(6, 6), 3, 10)
        if self.hinted is not None and self.notice:
            self._draw_hint(surface, self.notice, theme.TEXT, lay)  # the hint's why comes first
        elif self.hover is not None and self.hover in codes:
            reason = self.game.why_not(self.state, self.viewer, self.hover) if mine else None
            text = self.game.card_words(self.hover) + (f": {reason}" if reason else "")
            self._draw_hint(surface, text, theme.TEXT, lay)
        elif self.notice:
            self._draw_hint(surface, self.notice, theme.TEXT_DIM, lay)

    def hint_rects(self) -> list[pygame.Rect]:
        """Where the hint on show lies (a hook): the card of the hand that makes it, the
        choice button, the stack to choose. A game whose moves go from place to place (Skip-Bo)
        lights both places."""
        hint = self.hinted
        if hint is None or not self.my_turn():
            return []
        out = [
            rect.move(0, -18)
            for code, rect, _ in self.hand_layout()
            if hint.action in self.playable(code)
        ][:1]
        labels = self.game.choices(self.state, self.viewer, self.told_names())
        label = next((text for text, action in labels if action == hint.action), None)
        out += [b.rect for b in self.choice_buttons if b.label == label]
        out += [p.stack_rect() for p in self.spot_layout() if p.spot.action == hint.action]
        return out

    def paint_hinted(self, surface: pygame.Surface) -> None:
        """The hint's places, ringed in gold that breathes (the viewer's own: through the
        gate, for the hint says which card of their hand to play)."""
        glow = 0.25 + 0.25 * math.sin(self.app.game_time * 5)  # 0 to a half, towards white
        colour = tuple(
            round(a + (b - a) * glow) for a, b in zip(theme.ACCENT, theme.TEXT, strict=True)
        )
        for rect in self.hint_rects():
            pygame.draw.rect(surface, colour, rect.inflate(10, 10), 4, border_radius=12)

    def _paint_carried(self, surface: pygame.Surface) -> None:
        """A card of the hand being carried, under the pointer, face up for its owner alone
        (the gate), over the place that takes it, lit while the pointer is on it."""
        drag = self.carried()
        drop = self.drop_rect()
        if drag is None or drop is None:
            return
        over = drop.collidepoint(drag.pos)
        colour = theme.ACCENT if over else theme.CHALK_BLUE
        pygame.draw.rect(surface, colour, drop, 4 if over else 2, border_radius=10)
        drag.paint(surface, self.face(drag.code, self.viewer, 0.9))

    def _draw_hint(self, surface: pygame.Surface, text: str, colour: Any, lay: Layout) -> None:
        """Words about the hand (a card's name, why not now), centred on the hand: where the
        buttons go when there are none, else the lowest room above the prompt clear of all."""
        x = self._hand_middle(lay)
        if not self.choice_buttons and not self.card_menu:  # (the Tigress's two ways: buttons)
            room = 2 * min(x - lay.table.x, lay.table.right - x) - 24  # a long hint: two rows
            size = 20 if theme.font(20).size(text)[0] <= room else 16  # (one ran off the table)
            for k, row in enumerate(rows := theme.wrap_lines(text, size, room, 2)):
                at = (x, lay.choices_y + 20 + 18 * k - 9 * (len(rows) - 1))
                self.sight.text(surface, self.viewer, row, at, size, colour, "center")
            return
        avoid = [*self.seat_rects().values(), *(p.rect for p in self.spot_layout())]
        placed = hintplace.place_in(text, x, lay.table, self.prompt_y(), HEADER_H, avoid)
        hintplace.draw(surface, placed, lambda line, at, size: self.sight.text(
            surface, self.viewer, line, at, size, colour, "midtop"))  # fmt: skip

    def _hand_middle(self, lay: Layout) -> int:
        """The middle of the viewer's hand as it lies (of the table, with no hand shown)."""
        hand = [rect for _, rect, _ in self.hand_layout()]
        return hand[0].unionall(hand[1:]).centerx if hand else lay.table.centerx

    def _draw_status(self, surface: pygame.Surface, lay: Layout) -> None:
        """The game's own line (`status_line`, the viewer's), else the prompt: what the viewer
        is asked, whose turn it is, or who is thinking."""
        line = self.status_line()
        if line is not None:
            (words, colour), width = line, lay.table.w - 24
            size = 20 if theme.font(20).size(words)[0] <= width else STATUS_SMALL
            rows = theme.wrap_lines(words, size, width, 2)  # a long hint: its end still reads
            y = self.prompt_y() - (STATUS_SMALL + 3) // 2 * (len(rows) - 1)
            for k, row in enumerate(rows):
                at = (lay.table.centerx, y + k * (size + 3))
                self.sight.text(surface, self.viewer, row, at, size, colour, "midtop")
            return
        if self.busy():
            return
        seat = self._to_act()
        if seat is None:
            return
        name = self.told_names()[seat]
        owner = EVERYONE
        if self.my_turn():  # asked of the viewer: theirs, or everyone's in a public turn
            ask = self.game.prompt(self.state, self.viewer, self.told_names())
            msg = opening(ask) if name == "You" else f"{name}: {ask}"
            owner = self.seeing()
        elif seat in self.humans:
            msg = f"{possessive(name)} turn"
        else:
            msg = f"{name} is thinking..." if seat in self.bots else ""
        msg = panels.fit_bold(msg, 26, lay.table.w - 24)  # over the hand, under the seats
        self.sight.text(surface, owner, msg, (lay.table.centerx, self.prompt_y()), 26,
                        theme.ACCENT, "midtop", True)  # fmt: skip

    def status_line(self) -> tuple[str, theme.Colour] | None:
        """The game's line under the table in place of the prompt (None: the prompt)."""
        return None

    def prompt_y(self) -> int:
        return self.lay().prompt_y

    def private_views(self) -> list[PrivateView]:
        """Cards only the viewer may see (a power showed them): none on a pass screen."""
        if self.secrets_hidden() or (self.over() and not self.busy()):
            return []
        return self.game.private_views(self.drawn_from(), self.viewer)

    def _draw_game_over(self, surface: pygame.Surface, lay: Layout) -> None:
        self.paint_game_over(surface, self.game_over_box(), inside=False)

    def game_over_box(self) -> pygame.Rect:
        """The game's end in the table's middle, a little above it: its keys' line and its
        buttons (Play again, Watch the replay) go under it."""
        table = self.lay().table
        scores = len(self.game.scores(self.state))
        box = table.inflate(-120, -200)
        box.h = min(box.h, 120 + 30 * scores)
        box.center = (table.centerx, table.centery - 30)
        return box

    def game_over_view(self) -> GameOver:
        """The game's end as the adapter tells it: winners, scores, who went out."""
        return GameOver(
            self.game.winners(self.state),
            self.game.scores(self.state),
            self.names,
            self.game.score_word,
            out=self.game.out_of_game(self.state, self.names),
        )

    def log_rows(self, width: int) -> list[tuple[str, bool]]:
        """The log the viewer may read, wrapped: (text, first row of its line)."""
        return [(text, first) for text, first, _ in self.owned_log(width)]

    def owned_log(self, width: int) -> list[tuple[str, bool, int | None]]:
        """The log as the screen's viewer may read it, wrapped, each row with its owner: a
        line the public log lacks is the viewer's own (cached: wrapping is slow)."""
        drawn = self.drawn_from()  # the log stops where the table's showing has got to
        sight = self.seeing()
        key = (self.game.event_count(drawn), self.viewer, width, sight)
        if self.log_cache[0] != key:
            lines = self.game.log(drawn, sight, self.told_names())
            public = Counter(
                lines if sight is EVERYONE else self.game.log(drawn, None, self.told_names())
            )
            rows: list[tuple[str, bool, int | None]] = []
            for line in lines:
                owner = EVERYONE if public[line] > 0 else sight
                public[line] -= 1
                rows += [(text, first, owner) for text, first in panels.wrap_log([line], width)]
            self.log_cache = (key, rows)  # type: ignore[assignment]
        return self.log_cache[1]  # type: ignore[return-value]

    def badges(self, drawn: Any, seat: int) -> list[str]:
        """A seat's badges as the viewer knows them ("your Skull is gone"): none while the
        viewer's secrets are hidden."""
        if self.secrets_hidden():
            return []
        return self.game.seat_badges(drawn, self.viewer, seat, self.told_names())

    def log_viewer(self) -> int | None:
        """Whose secrets the log may tell: the viewer's, and nobody's while they are hidden."""
        return self.seeing()

    def _draw_panel(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        rect = pygame.Rect(w - PANEL_W, 0, PANEL_W, h)
        pygame.draw.rect(surface, theme.PANEL, rect)
        x = rect.x + 12
        theme.text(surface, self.game.title, (x, 12), 32, theme.ACCENT, bold=True)
        top = 52
        for view in self.private_views():  # the viewer's own, above the log
            box = pygame.Rect(x - 4, top, PANEL_W - 16, h // 3)
            faces = self.sight.faces(self.game.card_image, self.viewer)
            bottom = self.sight.show(
                self.viewer,
                lambda box=box, view=view, faces=faces: panels.draw_private(
                    surface, box, view, faces
                ),
            )
            top = top if bottom is None else bottom + 8
        theme.text(surface, "Game log", (x, top), 20, theme.TEXT)
        theme.text(surface, "wheel or PgUp/PgDn", (rect.right - 12, top + 3), 15, theme.TEXT_DIM,
                   "topright")  # fmt: skip
        area = pygame.Rect(x, top + 24, PANEL_W - 32, h - top - 24 - self._panel_bottom())
        self.paint_log(surface, area, self.owned_log(area.w), self.sight)

    def _panel_bottom(self) -> int:
        return 166


__all__ = ["CardPainting"]
