"""Where the card table's things lie for the window's size (a mixin of `CardTable`, table.py):
the table and its middle, the seats round it, the pile's slots, the hand's fan, the spots, the
choice buttons and the side panel's buttons, the boxes of a summary, a peek and a pass screen."""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Any

import pygame

from skully_game.scenes.cardtable import spots
from skully_game.scenes.cardtable.carddraw import CARD_H, CARD_W, fan_positions
from skully_game.scenes.cardtable.game import Taken
from skully_game.scenes.cardtable.gestures import word_key
from skully_game.scenes.cardtable.secrecy import EVERYONE, Sight
from skully_game.shell.widgets import Button

PANEL_W = 300
SEAT_W, SEAT_H = 184, 84
PILE_SCALE = 0.8
SEAT_BACK = 0.25  # the small card back in a seat's corner, by its count of cards
MIN_PILE_SCALE = 0.55
CRAMPED_PILE_SCALE = 0.4  # smaller still only where no trick slot is clear at the least
SLOT_GAP = 6  # between a trick slot and a seat's box, the prompt or another slot
SLOT_LABEL = 16  # the player's name over the card in a trick slot
WORDS_H = 48  # the felt inside the trick slots: two lines of the trick's words
PASS_BOX_H = 170  # a pass screen's panel over the public table: its words and its button
CHOICE_PAGE = 10  # numbers in a row of choices, when there are too many for one


@functools.cache
def _side_moves(h: int) -> tuple[tuple[int, int], ...]:
    """Ways a side seat's trick slot may move off its place, nearest first: towards the
    middle, and up or down by up to a card's height."""
    moves = [(dx, dy) for dx in range(0, 241, 6) for dy in range(-h, h + 1, 4)]
    return tuple(sorted(moves, key=lambda m: math.hypot(*m)))


@functools.cache
def _top_moves(h: int) -> tuple[tuple[int, int], ...]:
    """Ways a top seat's trick slot may move off its place, nearest first: either way along
    the row, and down by up to half a card's height."""
    moves = [(dx, dy) for dx in range(-400, 401, 3) for dy in range(0, h // 2 + 1, 4)]
    return tuple(sorted(moves, key=lambda m: math.hypot(*m)))


@dataclass
class Layout:
    """Where things go for the window's size."""

    table: pygame.Rect
    hand_top: int  # a playable card rises to here
    choices_y: int
    prompt_y: int
    pile: pygame.Rect


@dataclass
class OwnedButton(Button):
    """A button only its owner may see (a way to play a card of their hand)."""

    sight: Sight | None = None
    owner: int | None = EVERYONE

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        if self.sight is None:
            super().draw(surface, focused, hovered)
            return
        self.sight.show(self.owner, lambda: Button.draw(self, surface, focused, hovered))


class CardLayout:
    """Where things lie; its attributes are set by `CardTable`."""

    # --- layout -----------------------------------------------------------------------

    def lay(self) -> Layout:
        w, h = self.app.size
        table = pygame.Rect(0, 0, w - PANEL_W, h)
        hand_top = h - 16 - CARD_H - 18
        choices_y = hand_top - 50
        prompt_y = choices_y - 34
        top = 40 + SEAT_H + 8
        pile = pygame.Rect(0, 0, min(table.w - 2 * (SEAT_W + 16), 520), prompt_y - top - 40)
        pile.midtop = (table.centerx, top)
        return Layout(table, hand_top, choices_y, prompt_y, pile)

    def tip_avoid(self) -> list[pygame.Rect]:
        """The prompt's line (with the words over it) and the hand: a side panel button's
        tooltip goes over the table clear of them."""
        lay = self.lay()
        table = lay.table
        words = pygame.Rect(table.x, lay.prompt_y - 2 * 20 - 4, table.w, 2 * 20 + 4 + 32)
        hand = pygame.Rect(table.x, lay.choices_y - 4, table.w, table.bottom - lay.choices_y + 4)
        return [words, hand]

    def toast_area(self) -> pygame.Rect:
        """Toasts go along the table's foot, clear of the side panel (Scene.toast_area)."""
        return self.lay().table

    def seat_rects(self) -> dict[int, pygame.Rect]:
        """Each seat's box, clockwise from the viewer's at the bottom left (up the left side,
        across the top, down the right side, last the bottom right) in the order they play, no
        box over another or over the line at the top: a side holds only the seats that fit
        between the top row and the viewer's row, and when the top row would be crowded one
        seat sits at the bottom right, level with the viewer's (eight seats at 1024x580 drew
        boxes over each other, and six at 1024x520)."""
        lay = self.lay()
        table = lay.table
        order = self.game.table_order(self.drawn_from())
        pile = self.shown or next((p for p in self.pending if isinstance(p, Taken)), None)
        if pile is not None and sorted(s for s, _ in pile.plays) == sorted(order):
            order = [s for s, _ in pile.plays]  # a pile on show: the order it was played in
        me = order.index(self.viewer) if self.viewer in order else 0
        others = order[me + 1 :] + order[:me]
        n = len(others)
        mine = pygame.Rect(table.x + 12, lay.prompt_y - SEAT_H - 6, SEAT_W, SEAT_H)
        top_y, gap = 40, 8
        fit = max(0, (mine.y - (top_y + SEAT_H + 4)) // (SEAT_H + gap))
        side = min(fit, 0 if n <= 4 else 1 if n <= 6 else 2)
        span = table.w - 24
        top_n = n - 2 * side
        corner = top_n > 1 and span / top_n < SEAT_W + gap  # crowded: one seat bottom right
        top_n -= corner
        rects: dict[int, pygame.Rect] = {self.viewer: mine}
        slots: list[pygame.Rect] = []
        for k in range(side):  # up the left side
            slots.append(
                pygame.Rect(table.x + 12, mine.y - (k + 1) * (SEAT_H + gap), SEAT_W, SEAT_H)
            )
        step = span / max(1, top_n)
        for k in range(top_n):  # across the top
            r = pygame.Rect(0, 0, min(SEAT_W, int(step) - gap), SEAT_H)
            r.midtop = (round(table.x + 12 + step * (k + 0.5)), top_y)
            slots.append(r)
        for k in range(side):  # down the right side
            y = mine.y - (side - k) * (SEAT_H + gap)
            slots.append(pygame.Rect(table.right - 12 - SEAT_W, y, SEAT_W, SEAT_H))
        if corner:
            slots.append(pygame.Rect(table.right - 12 - SEAT_W, mine.y, SEAT_W, SEAT_H))
        for seat, rect in zip(others, slots, strict=True):
            rects[seat] = rect
        return rects

    def _seat_centre(self, seat: int) -> tuple[int, int]:
        rect = self.seat_rects().get(seat)
        return rect.center if rect else self.lay().pile.center

    def _slot_centre(self, seat: int, lay: Layout) -> tuple[int, int]:
        """Where the card `seat` plays to a trick lies: the middle of its trick slot."""
        slot = self.trick_slots().get(seat)
        return slot.center if slot is not None else lay.pile.center

    def _pile_card(self) -> tuple[int, int]:
        scale = self.pile_scale()
        return round(CARD_W * scale), round(CARD_H * scale)

    def pile_scale(self) -> float:
        """Trick cards as large as every seat's trick slot allows, all clear of the seats, the
        prompt and each other."""
        return self._trick_fit()[0]

    def trick_slots(self) -> dict[int, pygame.Rect]:
        """Each seat's trick slot: where the card it plays to a trick lies, in front of its box
        (under a seat across the top, beside a seat at a side, over the prompt for the
        viewer), clear of every seat's box, the prompt and every other slot, with room for the
        player's name over the card (`SLOT_LABEL`). Any trick game's middle."""
        return self._trick_fit()[1]

    def trick_words_box(self) -> pygame.Rect:
        """The felt inside the ring of trick slots: for the trick's words ("Suit to follow",
        "Trick to Anne") and a shout, clear of every card in a slot."""
        return self._words_box(self.trick_slots())

    def _words_box(self, slots: dict[int, pygame.Rect]) -> pygame.Rect:
        lay = self.lay()
        rects = self.seat_rects()
        top_y = min((r.y for r in rects.values()), default=0)
        on_top = [r for s, r in slots.items() if s != self.viewer and rects[s].y == top_y]
        top = max([lay.pile.y, *(r.bottom for r in on_top)]) + 6
        mine = slots.get(self.viewer)
        bottom = (mine.y - SLOT_LABEL if mine is not None else lay.pile.bottom) - 6
        box = pygame.Rect(lay.table.x + 12, top, lay.table.w - 24, max(0, bottom - top))
        for seat, r in slots.items():  # narrowed to between the slots beside side seats
            if seat == self.viewer or rects[seat].y == top_y:
                continue
            full = pygame.Rect(r.x, r.y - SLOT_LABEL, r.w, r.h + SLOT_LABEL)
            if full.top < box.bottom and full.bottom > box.top:
                if full.centerx < box.centerx:
                    box.width, box.x = box.right - full.right - 8, full.right + 8
                else:
                    box.width = full.x - 8 - box.x
        for r in rects.values():  # and between the seats' boxes beside it (a short window's
            if r.top < box.bottom and r.bottom > box.top:  # words lay over a side seat)
                if r.centerx < box.centerx:
                    left = max(box.x, r.right + 8)
                    box.width, box.x = box.right - left, left
                else:
                    box.width = min(box.width, r.x - 8 - box.x)
        return box

    def _trick_fit(self) -> tuple[float, dict[int, pygame.Rect]]:
        """The largest trick card scale at which every seat's slot is clear, and the slots
        (worked out once for each window size and seating)."""
        rects = self.seat_rects()
        key = (self.app.size, self.viewer, tuple((s, tuple(r)) for s, r in rects.items()))
        cached = getattr(self, "_trick_cache", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        scale = PILE_SCALE
        slots = self._trick_slots_at(scale, rects)
        while scale > MIN_PILE_SCALE and (slots is None or not self._roomy(slots)):
            scale = round(max(MIN_PILE_SCALE, scale - 0.05), 2)
            slots = self._trick_slots_at(scale, rects)
        while slots is None and scale > CRAMPED_PILE_SCALE:  # a short, crowded window
            scale = round(max(CRAMPED_PILE_SCALE, scale - 0.05), 2)  # (1024x520, 6-8 seats)
            slots = self._trick_slots_at(scale, rects)
        if slots is None:  # no clear place at the smallest size: the nearest places
            slots = self._trick_slots_at(scale, rects, strict=False) or {}
        self._trick_cache = (key, (scale, slots))
        return scale, slots

    def _roomy(self, slots: dict[int, pygame.Rect]) -> bool:
        """Whether the felt inside the slots holds two lines of the trick's words."""
        box = self._words_box(slots)
        return box.h >= WORDS_H and box.w >= 160

    def _trick_slots_at(
        self, scale: float, rects: dict[int, pygame.Rect], strict: bool = True
    ) -> dict[int, pygame.Rect] | None:
        """The trick slots for cards of `scale`, or None if one cannot be clear (`strict`)."""
        lay = self.lay()
        table = lay.table
        w, h = round(CARD_W * scale), round(CARD_H * scale)
        floor = lay.prompt_y - SLOT_GAP  # the prompt's line under the middle
        top_y = min(r.y for r in rects.values())
        taken = [r.inflate(2 * SLOT_GAP, 2 * SLOT_GAP) for r in rects.values()]
        slots: dict[int, pygame.Rect] = {}

        def clear(card: pygame.Rect) -> bool:
            full = pygame.Rect(card.x, card.y - SLOT_LABEL, card.w, card.h + SLOT_LABEL)
            inside = full.left >= table.x + 4 and full.right <= table.right - 4
            return (
                inside
                and full.top >= top_y
                and card.bottom <= floor
                and (full.collidelist(taken) < 0)
            )

        def take(seat: int, card: pygame.Rect) -> bool:
            if strict and not clear(card):
                return False
            slots[seat] = card
            full = pygame.Rect(card.x, card.y - SLOT_LABEL, card.w, card.h + SLOT_LABEL)
            taken.append(full.inflate(2 * SLOT_GAP, 2 * SLOT_GAP))
            return True

        if self.viewer in rects:  # the viewer's card: over the prompt, before the hand
            card = pygame.Rect(0, 0, w, h)
            card.midbottom = (lay.pile.centerx, floor)
            if not take(self.viewer, card):
                return None
        others = [(s, r) for s, r in rects.items() if s != self.viewer]
        sides = [item for item in others if item[1].y != top_y]
        sides.sort(key=lambda item: -item[1].y)  # nearest the viewer first, up each side
        tops = sorted((item for item in others if item[1].y == top_y), key=lambda i: i[1].x)
        for seat, box in sides + tops:
            card = pygame.Rect(0, 0, w, h)
            if box.y != top_y:  # beside a seat at the side, towards the middle
                card.centery = box.centery + SLOT_LABEL // 2
                inward = 1 if box.centerx < table.centerx else -1
                if inward > 0:
                    card.left = box.right + SLOT_GAP
                else:
                    card.right = box.left - SLOT_GAP
                moves = _side_moves(h)
            else:  # under a seat across the top
                inward = 1
                card.midtop = (box.centerx, box.bottom + SLOT_GAP + SLOT_LABEL)
                moves = _top_moves(h)
            placed = next(
                (moved for dx, dy in moves if clear(moved := card.move(dx * inward, dy))), None
            )
            if not take(seat, placed or card):
                return None
        return slots

    def buttons(self) -> list[Button]:
        """The side panel's buttons, the choices of the viewer's turn, a card's ways to play
        and the summary's or a peek's Done: the table's own (a game adds to them)."""
        w, h = self.app.size
        lay = self.lay()
        x = w - PANEL_W + 12
        bw = PANEL_W - 24
        ended = self.end_on_show()  # not while the last trick or summary is still on show
        widgets: list[Button] = [
            Button(pygame.Rect(x, h - 150, bw, 38), "Score sheet", on_click=self.toggle_sheet,
                   size=22, tooltip="Tab"),
            *([Button(pygame.Rect(x, h - 106, bw, 38), self.WATCH_REPLAY, on_click=self.replay,
                      size=22, tooltip=self.WATCH_REPLAY_TIP)]
              if ended else self._undo_and_hint(pygame.Rect(x, h - 106, bw, 38))),
            Button(pygame.Rect(x, h - 62, bw, 40),
                   "Back to the menu" if ended else "Save and leave",
                   on_click=self.ask_leave, size=22,
                   tooltip="Esc" if ended else "Esc: asks first · F6: keys to the buttons"),
        ]  # fmt: skip
        if self.end_on_show() and self.passing is None and not self.sheet:
            row = pygame.Rect(0, 0, min(520, lay.table.w - 40), 44)
            row.midtop = (lay.table.centerx, self.game_over_box().bottom + 40)
            widgets += self.end_buttons(row)
        self.choice_buttons = []
        if self.my_turn() and not self.card_menu and not self.sheet:
            labels = self.game.choices(self.state, self.viewer, self.told_names())
            items = self._paged(labels)
            if items:
                room = lay.table.w - 24
                bw2 = 64 if len(items) > 6 else 120
                while len(items) * (bw2 + 8) > room and bw2 > 40:
                    bw2 -= 4
                total = len(items) * (bw2 + 8) - 8
                bx = lay.table.centerx - total // 2
                for k, (label, do, tip) in enumerate(items):
                    self.choice_buttons.append(
                        Button(
                            pygame.Rect(bx + k * (bw2 + 8), lay.choices_y, bw2, 40),
                            label,
                            on_click=do,
                            size=22,
                            tooltip=" · ".join(
                                t for t in (tip, self._key_tip(label, k, items)) if t
                            ),
                        )
                    )
        widgets += self.choice_buttons
        if self.card_menu:
            total = len(self.card_menu) * 228 - 8
            for k, (label, action) in enumerate(self.card_menu):
                widgets.append(
                    OwnedButton(
                        pygame.Rect(
                            lay.table.centerx - total // 2 + k * 228, lay.choices_y, 220, 42
                        ),
                        label,
                        on_click=lambda a=action: self.act(a),
                        size=22,
                        tooltip=f"key {k + 1}",
                        sight=self.sight,
                        owner=self.viewer,
                    )
                )
        if self.glance is not None and self.passing is None and not self.sheet:
            widgets.append(
                OwnedButton(
                    pygame.Rect(lay.table.centerx - 110, self._glance_box().bottom - 62, 220, 44),
                    "Done",
                    on_click=self.done_looking,
                    size=24,
                    tooltip="Enter: hide it and go on",
                    sight=self.sight,
                    owner=self.glance,
                )
            )
        if self.summary is not None and not self.sheet:  # the sheet lies over the summary
            widgets.append(
                Button(
                    pygame.Rect(lay.table.centerx - 110, self._summary_box().bottom - 62, 220, 44),
                    "Continue" if self.over() and not self.pending else self.game.next_label,
                    on_click=self.go_past_summary,
                    size=24,
                    tooltip="Enter",
                )
            )
        return widgets

    def _undo_and_hint(self, row: pygame.Rect) -> list[Button]:
        """Undo and Hint, side by side in one row of the side panel."""
        half = (row.w - 8) // 2
        undo = Button(pygame.Rect(row.x, row.y, half, row.h), "Undo",
                      self.undo_target() is not None, on_click=self.undo, size=22,
                      tooltip=self.undo_tip("Ctrl+Z: take back your move and the replies "
                                            "since (a practice aid; not once new cards show)"))  # fmt: skip
        hint = Button(pygame.Rect(row.right - half, row.y, half, row.h), "Hint",
                      self.hints_allowed() and self.my_turn() and not self.round_end_on_show(),
                      on_click=self.ask_hint, size=22,
                      tooltip="H: a good move for you, and why"
                      + ("; Enter then makes it" if self.hint_by_enter() else "")
                      if self.hints_allowed() else self.HINTS_OFF)  # fmt: skip
        if self.hinted is not None:
            hint.tooltip = ""  # the hint's own line says it: the tip lay over its reason
        return [undo, hint]

    def _paged(self, labels: list[tuple[str, str]]) -> list[tuple[str, Any, str]]:
        """The choice buttons: (label, on_click, tooltip). Too many numbers for one row (a bid
        of up to 32 cards) come CHOICE_PAGE at a time, with buttons to the lower and higher."""
        tip = self.game.choice_tip
        items: list[tuple[str, Any, str]] = [
            (t, lambda a=a: self.act(a), tip(a)) for t, a in labels
        ]
        numbers = [item for item in items if item[0].isdigit()]
        if len(items) <= CHOICE_PAGE + 3:
            return items
        rest = [item for item in items if not item[0].isdigit()]
        pages = -(-len(numbers) // CHOICE_PAGE)
        page = self.choice_page = max(0, min(self.choice_page, pages - 1))

        def turn(to: int) -> None:
            self.choice_page = to
            self._layout()

        out = []
        if page > 0:
            out.append(("<", lambda: turn(page - 1), "Lower numbers"))
        out += numbers[page * CHOICE_PAGE : (page + 1) * CHOICE_PAGE]
        if page < pages - 1:
            out.append((">", lambda: turn(page + 1), "Higher numbers"))
        return out + rest

    @staticmethod
    def _key_tip(label: str, k: int, items: list[tuple[str, Any, str]]) -> str:
        """The key that gives a choice (see `_number`): its own digit when the choices are
        numbers, else its place in the row."""
        if any(t.isdigit() for t, _, _ in items):
            if label.isdigit():
                return f"key {label}" if len(label) == 1 else ""
            letter = word_key(label, [t for t, _, _ in items])
            return f"key {letter}" if letter else ""
        return f"key {k}" if len(items) <= 10 else ""

    def _summary_box(self) -> pygame.Rect:
        """The round's summary: as tall as its rows and its button, in the table's middle."""
        table = self.lay().table
        box = table.inflate(-40, -60)
        rows = len(self.summary.rows) if self.summary is not None else 8
        box.h = min(box.h, max(280, 64 + 62 + 26 * rows + 90))
        box.centery = table.centery
        return box

    def _glance_box(self) -> pygame.Rect:
        table = self.lay().table
        box = pygame.Rect(0, 0, min(table.w - 60, 640), 250)
        box.center = table.center
        return box

    def covered(self) -> bool:
        """The score sheet lies over the table: the game waits for its reader."""
        return bool(self.sheet)

    def toggle_sheet(self) -> None:
        self.sheet = not self.sheet
        self._layout()

    def hand_layout(self) -> list[tuple[str, pygame.Rect, float]]:
        """The viewer's cards: (code, rect, angle), left to right."""
        if self.secrets_hidden():
            return []
        lay = self.lay()
        hand = self.game.hand(self.drawn_from(), self.viewer)
        out = []
        for code, (x, y, angle) in zip(
            hand,
            fan_positions(len(hand), lay.table.centerx, lay.table.bottom - 16, lay.table.w - 80),
            strict=True,
        ):
            rect = pygame.Rect(0, 0, CARD_W, CARD_H)
            rect.center = (round(x), round(y))
            out.append((code, rect, angle))
        return out

    def playable(self, code: str) -> list[str]:
        """The actions that use the held card `code`, if it is the viewer's turn."""
        if not self.my_turn():
            return []
        return self.game.card_actions(self.state, self.viewer, code)

    def spot_scale(self) -> float:
        """Spot cards as the game wants them for its seats, a little smaller in a small window."""
        shrink = min(1.0, (self.lay().table.w / 980) ** 0.5)
        return round(self.game.spot_scale(self.game.seat_count(self.state)) * shrink, 2)

    def spot_layout(self) -> list[spots.Placed]:
        """The game's spots where they lie, as the viewer may see them (none on a pass screen)."""
        if self.passing is not None and not self.table_under_pass():
            return []
        drawn = self.drawn_from()
        # drawing, the pointer and the keys all ask several times a frame: lay out once a move
        key = (self._moves, drawn is self.state, self.viewer, self.app.size, self.passing)
        if self._spots[0] == key:
            return self._spots[1]
        listed = self.game.spots(drawn, self.viewer, self.names)
        placed: list[spots.Placed] = []
        if listed:
            lay = self.lay()
            scale = self.spot_scale()
            placed = spots.layout(
                listed, self.seat_rects(), lay.pile, lay.table, scale, self.names, self.ring_room()
            )
        self._spots = (key, placed)
        return placed

    def ring_room(self) -> pygame.Rect | None:
        """Where a crowded table's ring of seats' spots may lie (a hook); None: the pile's
        place in the middle."""
        return None

    def _spot_rect(self, seat: int) -> pygame.Rect | None:
        for placed in self.spot_layout():
            if placed.spot.seat == seat:
                return placed.stack_rect()
        return None

    def choosable_spots(self) -> list[spots.Placed]:
        """The spots the viewer may choose now (a stack to turn, a card to draw)."""
        if not self.my_turn() or self.card_menu:
            return []
        legal = set(self.game.legal(self.state))
        return [p for p in self.spot_layout() if p.spot.action in legal]

    def _spot_at(self, pos: tuple[int, int]) -> spots.Placed | None:
        for placed in reversed(self.choosable_spots()):
            if placed.rect.collidepoint(pos):
                return placed
        return None

    def pass_box(self) -> pygame.Rect | None:
        """The pass screen's panel when the public table shows under it: where the hand goes,
        under the prompt's line, clear of the trick (None: the screen is the pass screen's
        alone)."""
        if not self.table_under_pass():
            return None
        lay = self.lay()
        bottom = lay.table.bottom - 12
        top = max(lay.prompt_y + 4, bottom - PASS_BOX_H)
        return pygame.Rect(lay.table.x + 20, top, lay.table.w - 40, bottom - top)

    def pass_button(self) -> pygame.Rect:
        """The pass screen's button, named for the person it waits for, in the table's middle
        (at the foot of its panel, when the public table shows under it)."""
        table = self.lay().table
        rect = pygame.Rect(0, 0, min(380, table.w - 40), 56)
        box = self.pass_box()
        if box is not None:
            rect.midbottom = (box.centerx, box.bottom - 18)
            return rect
        rect.center = (table.centerx, table.centery + 76)
        return rect


__all__ = [
    "CHOICE_PAGE",
    "PANEL_W",
    "SEAT_BACK",
    "SEAT_H",
    "SEAT_W",
    "SLOT_LABEL",
    "CardLayout",
    "Layout",
    "OwnedButton",
]
