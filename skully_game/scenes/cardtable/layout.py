"""Where the card table's things lie for the window's size (a mixin of `CardTable`, table.py):
the table and its middle, the seats round it, the pile's slots, the hand's fan, the spots, the
choice buttons and the side panel's buttons, the boxes of a summary, a peek and a pass screen."""

from __future__ import annotations

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
CHOICE_PAGE = 10  # numbers in a row of choices, when there are too many for one


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

    def toast_area(self) -> pygame.Rect:
        """Toasts go along the table's foot, clear of the side panel (Scene.toast_area)."""
        return self.lay().table

    def seat_rects(self) -> dict[int, pygame.Rect]:
        """Each seat's box: the viewer bottom left, the others clockwise after them, up the left
        side, across the top and down the right side, in the order they play."""
        lay = self.lay()
        table = lay.table
        order = self.game.table_order(self.drawn())
        pile = self.shown or next((p for p in self.pending if isinstance(p, Taken)), None)
        if pile is not None and sorted(s for s, _ in pile.plays) == sorted(order):
            order = [s for s, _ in pile.plays]  # a pile on show: the order it was played in
        me = order.index(self.viewer) if self.viewer in order else 0
        others = order[me + 1 :] + order[:me]
        n = len(others)
        side = 0 if n <= 4 else 1 if n <= 6 else 2
        top_n = n - 2 * side
        rects: dict[int, pygame.Rect] = {}
        mine = pygame.Rect(table.x + 12, lay.prompt_y - SEAT_H - 6, SEAT_W, SEAT_H)
        rects[self.viewer] = mine
        slots: list[pygame.Rect] = []
        for k in range(side):  # up the left side
            slots.append(pygame.Rect(table.x + 12, mine.y - (k + 1) * (SEAT_H + 8), SEAT_W, SEAT_H))
        span = table.w - 24
        step = span / max(1, top_n)
        for k in range(top_n):  # across the top
            r = pygame.Rect(0, 0, min(SEAT_W, int(step) - 8), SEAT_H)
            r.midtop = (round(table.x + 12 + step * (k + 0.5)), 40)
            slots.append(r)
        for k in range(side):  # down the right side
            slots.append(
                pygame.Rect(
                    table.right - 12 - SEAT_W, mine.y - (side - k) * (SEAT_H + 8), SEAT_W, SEAT_H
                )
            )
        for seat, rect in zip(others, slots, strict=True):
            rects[seat] = rect
        return rects

    def _seat_centre(self, seat: int) -> tuple[int, int]:
        rect = self.seat_rects().get(seat)
        return rect.center if rect else self.lay().pile.center

    def _slot_centre(self, k: int, lay: Layout) -> tuple[int, int]:
        count = max(self.game.seat_count(self.state), 1)
        w, _ = self._pile_card()
        step = min(w + 10, (lay.pile.w - w) / max(1, count - 1)) if count > 1 else 0
        x0 = lay.pile.centerx - step * (count - 1) / 2
        return round(x0 + step * k), lay.pile.centery

    def _pile_card(self) -> tuple[int, int]:
        scale = self.pile_scale()
        return round(CARD_W * scale), round(CARD_H * scale)

    def pile_scale(self) -> float:
        """Pile cards as large as the middle allows for every seat's card, side by side."""
        count = max(self.game.seat_count(self.state), 1)
        fit = (self.lay().pile.w / count - 6) / CARD_W
        return round(max(MIN_PILE_SCALE, min(PILE_SCALE, fit)), 2)

    def buttons(self) -> list[Button]:
        """The side panel's buttons, the choices of the viewer's turn, a card's ways to play
        and the summary's or a peek's Done: the table's own (a game adds to them)."""
        w, h = self.app.size
        lay = self.lay()
        x = w - PANEL_W + 12
        bw = PANEL_W - 24
        widgets: list[Button] = [
            Button(pygame.Rect(x, h - 150, bw, 38), "Score sheet", on_click=self.toggle_sheet,
                   size=22, tooltip="Tab"),
            *([Button(pygame.Rect(x, h - 106, bw, 38), "Replay this game", on_click=self.replay,
                      size=22, tooltip="The whole game again, action by action")]
              if self.over() else self._undo_and_hint(pygame.Rect(x, h - 106, bw, 38))),
            Button(pygame.Rect(x, h - 62, bw, 40),
                   "Back to the menu" if self.over() else "Save and leave",
                   on_click=self.ask_leave, size=22,
                   tooltip="Esc" if self.over() else "Esc: asks first · F6: keys to the buttons"),
        ]  # fmt: skip
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
                    on_click=self.close_summary,
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
                      tooltip=self.undo_tip("Ctrl+Z: take back your last move (not once new "
                                            "cards show)"))  # fmt: skip
        hint = Button(pygame.Rect(row.right - half, row.y, half, row.h), "Hint",
                      self.hints_allowed() and self.my_turn(), on_click=self.ask_hint, size=22,
                      tooltip="H: a good move for you, and why"
                      if self.hints_allowed() else self.HINTS_OFF)  # fmt: skip
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

    def toggle_sheet(self) -> None:
        self.sheet = not self.sheet
        self._layout()

    def hand_layout(self) -> list[tuple[str, pygame.Rect, float]]:
        """The viewer's cards: (code, rect, angle), left to right."""
        if self.secrets_hidden():
            return []
        lay = self.lay()
        hand = self.game.hand(self.drawn(), self.viewer)
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
        if self.passing is not None:
            return []
        drawn = self.drawn()
        # drawing, the pointer and the keys all ask several times a frame: lay out once a move
        key = (self._moves, drawn is self.state, self.viewer, self.app.size)
        if self._spots[0] == key:
            return self._spots[1]
        listed = self.game.spots(drawn, self.viewer, self.names)
        placed: list[spots.Placed] = []
        if listed:
            lay = self.lay()
            scale = self.spot_scale()
            placed = spots.layout(listed, self.seat_rects(), lay.pile, lay.table, scale, self.names)
        self._spots = (key, placed)
        return placed

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

    def pass_button(self) -> pygame.Rect:
        """The pass screen's button, named for the person it waits for, in the table's middle."""
        table = self.lay().table
        rect = pygame.Rect(0, 0, min(380, table.w - 40), 56)
        rect.center = (table.centerx, table.centery + 76)
        return rect


__all__ = [
    "CHOICE_PAGE",
    "PANEL_W",
    "SEAT_BACK",
    "SEAT_H",
    "SEAT_W",
    "CardLayout",
    "Layout",
    "OwnedButton",
]
