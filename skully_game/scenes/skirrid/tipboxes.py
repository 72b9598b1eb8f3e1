"""Where the Skirrid table's words on a thing of the side panel go (a tray shape, the die, a
seat's row, with that seat's shapes drawn large): beside the panel when that hides no board
number, else inside the panel (issue 40). A mixin of `SkirridPainting`."""

from __future__ import annotations

import pygame

from cards.skirrid.options import NAMES as SHAPE_NAMES
from cards.skirrid.state import piece_shape
from skully_game.scenes.skirrid.badge import numbers_covered
from skully_game.scenes.skirrid.seatview import SeatView, seat_view
from skully_game.scenes.skirrid.tips import tip_lines


def _tray_order(piece: str) -> tuple[int, int]:
    shape, mark = piece_shape(piece)
    return (SHAPE_NAMES.index(shape), mark)


class SkirridTipBoxes:
    """The side panel's tip boxes; attributes are set by `SkirridTable`."""

    def panel_tip_box(self, text: str) -> tuple[list[str], pygame.Rect] | None:
        """The words on a thing of the side panel under the pointer (the die, a seat's row)
        and where they lie: just left of the panel, level with it, over the board's edge, when
        that covers no board number; else inside the panel, just below the thing (else above
        it), off it (over the board's edge they hid its numbers: issue 40). None: the pointer
        is on neither."""
        about = self.die_rect()
        if about is None or not about.collidepoint(self.mouse_at):
            about = next((r for _, r in self.seat_rows() if r.collidepoint(self.mouse_at)), None)
        if about is None:
            return None
        window = pygame.Rect((0, 0), self.app.size)
        panel = self.lay().panel
        lines, size = tip_lines(text, window)
        box = pygame.Rect((0, 0), size)
        box.midright = (panel.x - 6, about.centery)
        box.clamp_ip(window)
        if box.right <= panel.x - 2 and self.numbers_under(box) == 0:
            return lines, box
        rows = [r for _, r in self.seat_rows()]
        if about.collidelist(rows) >= 0:  # below every row: the rows under it stay seen
            return self._in_panel(text, about.unionall(rows), [about])
        return self._in_panel(text, about, [about])

    def pointed_seat_view(self, tip: pygame.Rect) -> tuple[int, SeatView] | None:
        """With the pointer on a seat's row, that seat's shapes still to place drawn large,
        just under its words (`tip`), else over them: (seat, view); None off the rows."""
        seat = next((s for s, r in self.seat_rows() if r.collidepoint(self.mouse_at)), None)
        if seat is None:
            return None
        panel = self.lay().panel
        pieces = sorted(self.state.left[seat].elements(), key=_tray_order)
        width = min(panel.w - 16, max(tip.w, 300))
        x = tip.x if tip.x >= panel.x else panel.x + 8  # in the panel, off the board's numbers
        x = min(x, panel.right - 8 - width)
        view = seat_view(pieces, self.shapes(), (x, tip.bottom + 4), width)
        window = pygame.Rect((0, 0), self.app.size)
        box = view.box.copy()
        box.clamp_ip(window)
        if box.top != view.box.top or box.left != view.box.left:
            box = view.box.copy()
            box.bottom = tip.top - 4
            box.clamp_ip(window)
            view = seat_view(pieces, self.shapes(), box.topleft, width)
        return seat, view

    def _in_panel(
        self, text: str, about: pygame.Rect, keep: list[pygame.Rect]
    ) -> tuple[list[str], pygame.Rect]:
        """`text` wrapped to the side panel, just below `about`, else just above it, clear of
        `keep` (else below it, inside the window): off the board, so it covers no number."""
        window = pygame.Rect((0, 0), self.app.size)
        panel = self.lay().panel
        lines, size = tip_lines(text, panel)
        box = pygame.Rect((0, 0), size)
        tries = []
        for y in (about.bottom + 4, about.top - 4 - size[1]):
            spot = box.copy()
            spot.top = y
            spot.centerx = about.centerx
            spot.clamp_ip(panel.clip(window))
            tries.append(spot)
        clear = [t for t in tries if t.collidelist(keep) < 0]
        return lines, (clear or tries)[0]

    def numbers_under(self, box: pygame.Rect) -> int:
        """How many of the board's numbers `box` would hide."""
        lay = self.lay()
        board = self.state.geo.board
        return numbers_covered(box, lay.board.topleft, lay.cell, board.size,
                               lambda r, c: bool(board.value(r, c)))  # fmt: skip

    def tray_tip_box(self, text: str) -> tuple[list[str], pygame.Rect] | None:
        """The words on the tray's shape under the pointer and where they lie: beside it, just
        left of the panel (over the board's edge) when that covers no board number; else in
        the panel above the whole tray, else below it (over the board they hid rows 5-7's
        numbers: issue 40); never over another shape of the tray (over the upper row, they
        hid the shapes a player was choosing between). None: the pointer is on no shape of
        the tray."""
        slot = next((r for _, r, _ in self.tray_slots() if r.collidepoint(self.mouse_at)), None)
        if slot is None:
            return None
        window = pygame.Rect((0, 0), self.app.size)
        lines, size = tip_lines(text, window)
        box = pygame.Rect((0, 0), size)
        panel = self.lay().panel
        box.midright = (panel.x - 6, slot.centery)
        box.clamp_ip(window)
        if box.right <= panel.x - 2 and self.numbers_under(box) == 0:
            return lines, box
        places = [r for _, r, _ in self._tray_places()]
        tray = slot.unionall(places)
        lines, size = tip_lines(text, panel)
        box = pygame.Rect((0, 0), size)
        box.midbottom = (panel.centerx, tray.top - 4)
        if box.top < window.top:
            box.midtop = (panel.centerx, tray.bottom + 4)
        box.clamp_ip(window)
        return lines, box


__all__ = ["SkirridTipBoxes"]
