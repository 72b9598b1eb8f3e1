"""What the Skirrid table draws (a mixin of `SkirridTable`, table.py), through the shared
frame's hooks: the board as the table's middle (`paint_middle`: the shapes placed, the blocks,
the held shape with the green frames where it fits and what it would score), the side panel with every seat's
row (`paint_seats`), the tray as the hand's area (`paint_hand`), the prompt and the log, a turn's
banner and the game's end. Everything in Skirrid is open: nothing here has an owner but all."""

from __future__ import annotations

import math
from collections import Counter

import pygame

from cards.skirrid.options import NAMES as SHAPE_NAMES
from cards.skirrid.state import ARENA_SCORE, piece_shape
from skully_game.scenes.cardtable import panels
from skully_game.scenes.cardtable.frame import GameOver
from skully_game.scenes.cardtable.match import HUMAN
from skully_game.scenes.cardtable.words import plural, possessive, says, winners_line
from skully_game.scenes.skirrid.adapter import piece_words
from skully_game.scenes.skirrid.badge import badge_spot, tip_spot
from skully_game.scenes.skirrid.boarddraw import (
    board_surface,
    draw_symbol,
    mark_badge,
    number_chip,
    number_size,
    piece_size,
    seat_colour,
    seat_symbol,
    shape_cells,
)
from skully_game.scenes.skirrid.die import DIE, DIE_GAP, die_tip, draw_banner, draw_die
from skully_game.scenes.skirrid.held import handle, refusal
from skully_game.scenes.skirrid.layout import Layout
from skully_game.scenes.skirrid.seatview import draw_seat_view
from skully_game.scenes.skirrid.standings import (
    KEYS_LINE,
    Standings,
    box_height,
    draw_standings,
    standings,
)
from skully_game.scenes.skirrid.tipboxes import SkirridTipBoxes
from skully_game.scenes.skirrid.tips import (
    draw_tip,
    paint_tip,
    placed_tip,
    seat_tip,
    tip_lines,
    tray_tip,
)
from skully_game.shell import theme

FADE_IN = 0.45  # seconds a new shape takes to appear
FIT_GREEN = (70, 215, 120)  # where the held shape fits


def fit_frame(square: pygame.Rect) -> tuple[pygame.Rect, int]:
    """Where the held shape fits, on one square: a green frame just inside the square's own
    edges (which square it marks is plain, and the number in its middle stays clear), and the
    frame's width."""
    return framed(square)


def framed(square: pygame.Rect) -> tuple[pygame.Rect, int]:
    """A frame just inside a square's own edges, and its width (a green frame's, the held
    shape's white one)."""
    return square.inflate(-4, -4), 2 if square.w < 36 else 3


def _tray_order(piece: str) -> tuple[int, int]:
    shape, mark = piece_shape(piece)
    return (SHAPE_NAMES.index(shape), mark)


class SkirridPainting(SkirridTipBoxes):
    """The Skirrid table's painting; its attributes are set by `SkirridTable`."""

    def paint(self, surface: pygame.Surface) -> None:
        """The board as the table's middle, the side panel (its seats, the tray as the hand's
        area, the prompt, the log), the buttons, a turn's banner and the game's end."""
        lay = self.lay()
        surface.fill((26, 34, 30))
        self.paint_middle(surface, lay)
        self._draw_panel(surface, lay)
        if self.shows_result():  # under the widgets: its buttons lie on it
            self._draw_game_over(surface, lay)
        self.widgets.draw(surface)
        text, left = self.banner
        if left > 0 and not self.shows_result():  # never a turn's banner over the standings
            draw_banner(surface, lay.panel, text)  # over the panel's title: the board stays seen
        if not self.shows_result():
            tip = self.tip_text()
            pointed = self.pointed_shape()
            if tip is not None and pointed is not None and self.square_at(self.mouse_at):
                self._draw_placed_tip(surface, lay, tip[0], pointed)
            elif tip is not None and (tray := self.tray_tip_box(tip[0])) is not None:
                paint_tip(surface, *tray)
            elif tip is not None and (beside := self.panel_tip_box(tip[0])) is not None:
                paint_tip(surface, *beside)
                if (view := self.pointed_seat_view(beside[1])) is not None:
                    seat, shown = view
                    draw_seat_view(surface, shown, self.shapes(), seat_colour(seat),
                                   self.state.options.marks)  # fmt: skip
            elif tip is not None:
                draw_tip(surface, tip[0], self.mouse_at, surface.get_rect(), tip[1])

    def placed_tip_box(self, text: str, k: int) -> tuple[list[str], pygame.Rect]:
        """The words on the `k`th shape placed, wrapped, and where they lie: clear of the
        board's numbers and the shape (badge.tip_spot), else beside the board."""
        lay = self.lay()
        window = pygame.Rect((0, 0), self.app.size)
        beside_w = window.right - lay.board.right - 12
        lines, size = tip_lines(text, pygame.Rect(0, 0, min(window.w, beside_w + 16), window.h))
        n = self.state.geo.board.size
        squares = self.state.geo.placements[self.state.placed[k][2]].squares
        board = self.state.geo.board
        beside = pygame.Rect(lay.board.right + 6, 6, window.right - lay.board.right - 12,
                             window.h - 12)  # fmt: skip
        box = tip_spot(size, [divmod(i, n) for i in squares], lay.board.topleft, lay.cell,
                       lay.board, beside, lambda r, c: bool(board.value(r, c)))  # fmt: skip
        return lines, box

    def _draw_placed_tip(self, surface: pygame.Surface, lay: Layout, text: str, k: int) -> None:
        """A placed shape's words where they cover least, edged in the chalk blue of the
        shape's outline (which shape they speak of); beside the board, a pointer towards it."""
        lines, box = self.placed_tip_box(text, k)
        if box.left >= lay.board.right:
            y = max(box.top + 8, min(box.bottom - 8, box.top + lay.cell // 2))
            tip = [(box.left - 7, y), (box.left + 1, y - 7), (box.left + 1, y + 7)]
            pygame.draw.polygon(surface, theme.CHALK_BLUE, tip)
        paint_tip(surface, lines, box, theme.CHALK_BLUE)

    def shows_result(self) -> bool:
        """The result lies over the board at the end, until Space or a click hides it."""
        return self.game.is_over(self.state) and self.over_shown

    def paint_middle(self, surface: pygame.Surface, lay: Layout) -> None:
        """The board, every shape placed on it, the blocks and the held shape."""
        state, cell, origin = self.state, lay.cell, lay.board.topleft
        geo = state.geo
        n = geo.board.size
        surface.blit(board_surface(geo.board, cell), origin)
        places = geo.placements
        newest = len(state.placed) - 1
        for k, (seat, piece, pid, _) in enumerate(state.placed):
            p = places[pid]
            _, mark = piece_shape(piece)
            at = divmod(p.mark, n) if p.mark >= 0 else (0, 0)
            fade = int(255 * (1 - self.fade / FADE_IN)) if k == newest and self.fade > 0 else 230
            shape_cells(surface, origin, cell, [divmod(i, n) for i in p.squares],
                        seat_colour(seat), mark=(at, mark if state.options.marks else 1),
                        block=p.block, alpha=max(40, fade), symbol=seat_symbol(seat))  # fmt: skip
        if state.placed and not self.game.is_over(state):
            self._outline(surface, lay, places[state.placed[-1][2]].squares, (255, 255, 255), 3)
        pointed = self.pointed_shape()
        if self.show_numbers:  # N: the numbers under every shape
            for _, _, pid, _ in state.placed:
                self._numbers_on(surface, lay, places[pid].squares)
        if pointed is not None:  # the shape pointed at: its numbers, and which squares are its
            squares = places[state.placed[pointed][2]].squares
            self._numbers_on(surface, lay, squares)
            self._outline(surface, lay, squares, theme.CHALK_BLUE, 2)
        for _, pid, _ in state.active_blocks(state.turn) if not state.over else ():
            self._outline(surface, lay, places[pid].squares, theme.DANGER, 3)
            ring = places[pid].around & ~state.occ
            for i in range(n * n):
                if ring >> i & 1:
                    r, c = divmod(i, n)
                    rect = pygame.Rect(origin[0] + c * cell, origin[1] + r * cell, cell, cell)
                    pygame.draw.line(surface, theme.DANGER, rect.topleft, rect.bottomright, 2)
                    pygame.draw.line(surface, theme.DANGER, rect.topright, rect.bottomleft, 2)
        # what is drawn over what, the nearest last: the green frames where the held shape
        # fits (none under the shape itself), the hint's gold outline round the squares it
        # names (an outline only: the frames and numbers inside stay readable), and on top
        # the held shape, green or red, with its score
        holding = self.my_turn() and self.held is not None
        if holding:
            self._draw_frames(surface, lay)
        hinted = self.hinted_move()
        if hinted is not None:  # the hint: its squares ringed in gold that breathes
            squares = places[hinted[1]].squares
            self._outline(
                surface, lay, squares, (40, 30, 8), 7
            )  # dark under it: seen on any square
            self._outline(surface, lay, squares, self.hint_gold(), 4)
        if holding:
            self._draw_held(surface, lay)

    def hint_gold(self) -> theme.Colour:
        """The hint's gold, breathing towards white."""
        glow = 0.25 + 0.25 * math.sin(self.app.game_time * 5)
        return tuple(
            round(a + (b - a) * glow) for a, b in zip(theme.ACCENT, theme.TEXT, strict=True)
        )

    def _numbers_on(self, surface: pygame.Surface, lay: Layout, squares: tuple[int, ...]) -> None:
        """The board's numbers under a placed shape, on small dark chips over it: readable on
        any seat's colour."""
        board, cell = self.state.geo.board, lay.cell
        n, size = board.size, number_size(lay.cell)
        for i in squares:
            value = board.numbers[i]
            if value:
                r, c = divmod(i, n)
                centre = (lay.board.x + c * cell + cell // 2, lay.board.y + r * cell + cell // 2)
                chip = number_chip(value, size)
                surface.blit(chip, chip.get_rect(center=centre))

    def placed_at(self, square: tuple[int, int]) -> int | None:
        """Which shape placed (its place in the order placed) lies on `square`, if any."""
        state = self.state
        key = (state, len(state.placed))
        if self._owners[0] != key:  # (a state compares by identity)
            places = state.geo.placements
            owners = {i: k for k, (_, _, pid, _) in enumerate(state.placed)
                      for i in places[pid].squares}  # fmt: skip
            self._owners = (key, owners)
        return self._owners[1].get(square[0] * state.geo.board.size + square[1])

    def pointed_shape(self) -> int | None:
        """The placed shape under the pointer, when it is what the person looks at: nothing
        held to place, and the board not under the game's result."""
        if (self.held is not None and self.my_turn()) or self.shows_result():
            return None
        square = self.square_at(self.mouse_at)
        return None if square is None else self.placed_at(square)

    def seat_rows(self) -> list[tuple[int, pygame.Rect]]:
        """Each seat's row in the panel: (seat, rect)."""
        p = self.lay().panel
        y = self.seats_top() + (22 if self.state.options.pairs else 0)
        rows = []
        for seat in range(self.state.num_players):
            rows.append((seat, pygame.Rect(p.x + 8, y, p.w - 20, self.row_h() - 4)))
            y += self.row_h()
        return rows

    def tip_text(self) -> tuple[str, int | None] | None:
        """What the thing under the pointer is, in words (tips.py): a shape in the tray (its
        words over the tray, the prompt under it kept clear), a seat's row, a shape, block or
        mark on the board; and where the words' box ends above (None: under the pointer)."""
        pos, state = self.mouse_at, self.state
        die = self.die_rect()
        if die is not None and die.collidepoint(pos) and state.die is not None:
            seat = self.to_act()
            shape = next((sh.name for sh in state.geo.shapes if len(sh.squares) == state.die), None)
            own = seat == self.viewer and self.my_turn() and self.humans == [seat]
            return die_tip(state.die, self.names[seat], shape, own), die.top - 6
        slots = self.tray_slots()
        for piece, rect, _ in slots:
            if rect.collidepoint(pos):
                shape = piece_shape(piece)[0]
                size = len(self.shapes()[shape][0].squares)
                count = state.left[self.viewer][piece]
                kinds = sum(piece_shape(other)[0] == shape for other, _, _ in slots)
                words = tray_tip(piece, count, state.options.marks, size, state.die, kinds)
                return words, rect.top - 6
        for seat, rect in self.seat_rows():
            if rect.collidepoint(pos):
                return seat_tip(state, seat, self.you_names()), None
        k = self.pointed_shape()
        square = self.square_at(pos)
        if k is None or square is None:
            return None
        index = square[0] * state.geo.board.size + square[1]
        return placed_tip(state, k, index, self.you_names()), None

    def _outline(self, surface: pygame.Surface, lay: Layout, squares: tuple[int, ...],
                 colour: theme.Colour, width: int) -> None:  # fmt: skip
        n, cell = self.state.geo.board.size, lay.cell
        cells = {divmod(i, n) for i in squares}
        ox, oy = lay.board.topleft
        for r, c in cells:
            x, y = ox + c * cell, oy + r * cell
            if (r - 1, c) not in cells:
                pygame.draw.line(surface, colour, (x, y), (x + cell, y), width)
            if (r + 1, c) not in cells:
                pygame.draw.line(surface, colour, (x, y + cell), (x + cell, y + cell), width)
            if (r, c - 1) not in cells:
                pygame.draw.line(surface, colour, (x, y), (x, y + cell), width)
            if (r, c + 1) not in cells:
                pygame.draw.line(surface, colour, (x + cell, y), (x + cell, y + cell), width)

    def held_cells(self) -> list[tuple[int, int]]:
        """The squares the held shape lies over now, as it is drawn (none: not on the board)."""
        o = self.held_orientation()
        if o is None or self.at is None or self.held is None:
            return []
        hr, hc = handle(o)
        return [(self.at[0] - hr + r, self.at[1] - hc + c) for r, c in o.squares]

    def _draw_frames(self, surface: pygame.Surface, lay: Layout) -> None:
        """A green frame on each square where the held shape fits as it lies, round the
        square's edge (its number stays readable), none under the shape itself; with N on,
        each frame shows the score the shape would make there in place of the number."""
        cell, (ox, oy) = lay.cell, lay.board.topleft
        under = set(self.held_cells())
        scores = self.frame_scores() if self.show_numbers else {}
        for r, c in self.hints():
            if (r, c) in under:
                continue
            square = pygame.Rect(ox + c * cell, oy + r * cell, cell, cell)
            frame, width = fit_frame(square)
            pygame.draw.rect(surface, (16, 50, 28), frame, width + 2, border_radius=3)
            pygame.draw.rect(surface, FIT_GREEN, frame.inflate(-2, -2), width, border_radius=3)
            if (r, c) in scores:
                inside = frame.inflate(-2 * width - 2, -2 * width - 2)
                pygame.draw.rect(surface, (20, 90, 50), inside, border_radius=2)
                size = max(10, min(number_size(cell), round(cell * 0.5)))
                theme.text(surface, str(scores[(r, c)]), inside.center, size, (255, 255, 255),
                           "center", True)  # fmt: skip

    def _draw_held(self, surface: pygame.Surface, lay: Layout) -> None:
        cell, (ox, oy) = lay.cell, lay.board.topleft
        o = self.held_orientation()
        cells = self.held_cells()
        if o is None or not cells or self.at is None or self.held is None:
            return
        _, reason = self.verdict()
        hr, hc = handle(o)
        top, left = self.at[0] - hr, self.at[1] - hc
        colour = (60, 200, 110) if reason is None else (220, 70, 60)
        _, mark = piece_shape(self.held)
        at = (top + o.mark[0], left + o.mark[1]) if o.mark is not None else (0, 0)
        clip = surface.get_clip()
        surface.set_clip(lay.board)
        shape_cells(surface, (ox, oy), cell, cells, colour, block=o.mark is None,
                    mark=(at, mark if self.state.options.marks else 1), alpha=170,
                    edge=(255, 255, 255))  # fmt: skip
        board, n = self.state.geo.board, self.state.geo.board.size
        for r, c in cells:  # the numbers it would cover, crisp on top: what it scores
            value = board.value(r, c) if 0 <= r < n and 0 <= c < n else 0
            if value:
                centre = (ox + c * cell + cell // 2, oy + r * cell + cell // 2)
                theme.text(surface, str(value), centre, number_size(cell), (24, 24, 24), "center",
                           bold=value >= 20)  # fmt: skip
        # the square the pointer holds it by, framed in white: it goes on a green frame
        grip, width = framed(
            pygame.Rect(ox + self.at[1] * cell, oy + self.at[0] * cell, cell, cell)
        )
        pygame.draw.rect(surface, (24, 24, 24), grip, width + 2)
        pygame.draw.rect(surface, (255, 255, 255), grip.inflate(-2, -2), width)
        surface.set_clip(clip)
        badge = self.score_badge()
        if badge is not None:
            label, box = badge
            pygame.draw.rect(surface, (20, 90, 50), box, border_radius=6)
            surface.blit(label, label.get_rect(center=box.center))

    def score_badge(self) -> tuple[pygame.Surface, pygame.Rect] | None:
        """The held shape's "+N" where it fits, and where it lies: beside the shape, clear of
        the board's numbers (badge.py). None: nothing to score."""
        cells = self.held_cells()
        if self.held is None or not cells:
            return None
        p, reason = self.verdict()
        if p is None or reason is not None:
            return None
        lay = self.lay()
        board = self.state.geo.board
        label = theme.rendered(f"+{self.state.score_of(self.held, p)}", 24, (255, 255, 255), True)

        def shown(r: int, c: int) -> bool:  # a number, free or under a shape: both are read
            return bool(board.value(r, c))

        size = (label.get_width() + 10, label.get_height() + 6)
        return label, badge_spot(size, cells, lay.board.topleft, lay.cell, lay.board, shown)

    def die_rect(self) -> pygame.Rect | None:
        """Where the dice game's die lies: under the tray, beside the words of the roll (None:
        no die on show)."""
        if self.state.die is None or self.to_act() is None:
            return None
        return pygame.Rect(self.lay().panel.x + 8, self.tray_bottom() + 4, DIE, DIE)

    def _draw_panel(self, surface: pygame.Surface, lay: Layout) -> None:
        p = lay.panel
        pygame.draw.rect(surface, theme.PANEL, p)
        x, width = p.x + 8, p.w - 20
        theme.text(surface, "Skirrid", (x, 10), 30, theme.ACCENT, bold=True)
        theme.text(surface, theme.fit(self.rules_line(), 17, width - 110), (p.right - 12, 18), 17,
                   theme.TEXT_DIM, "topright")  # fmt: skip
        self.paint_seats(surface)
        self.paint_hand(surface, lay)
        y = self.tray_bottom() + 4
        die = self.die_rect()
        indent = 0 if die is None else DIE + DIE_GAP  # the die beside the words of the roll
        if die is not None:
            draw_die(surface, die, self.state.die, self.die_roll)
        for line in self.prompt_lines(width - indent)[:4]:
            theme.text(surface, line[0], (x + indent, y), 19, line[1])
            y += 21
        y = max(y, die.bottom if die is not None else y) + 6
        bottom = p.bottom - self.panel_reserved()
        if bottom - y > 60:
            theme.text(surface, "Log", (x, y), 18, theme.TEXT_DIM)
            what = (
                "numbers, scores in the frames"
                if self.held is not None and self.my_turn()
                else "numbers under the shapes"
            )
            keys = f"N: {what}" + ("" if self.show_numbers else " (off)")
            theme.text(surface, keys, (x + width, y + 1), 16, theme.TEXT_DIM, "topright")
            area = pygame.Rect(x, y + 20, width - 8, bottom - y - 20)
            self.paint_log(surface, area, self.log_rows(area.w))

    def paint_seats(self, surface: pygame.Surface) -> None:
        """Every seat's row in the panel (the pairs' totals first): name, points, shapes left."""
        state, p = self.state, self.lay().panel
        x, width = p.x + 8, p.w - 20
        y = self.seats_top()
        if state.options.pairs:
            totals = state.side_totals()
            pairs = "  ·  ".join(
                f"{' & '.join(self.names[q] for q in side)} {totals[s]}"
                for s, side in enumerate(state.sides)
            )
            theme.text(surface, theme.fit(f"Pairs: {pairs}", 18, width), (x, y), 18, theme.TEXT)
            y += 22
        for seat, rect in self.seat_rows():
            self._draw_seat_row(surface, rect, seat)

    def log_rows(self, width: int) -> list[tuple[str, bool]]:
        """The log wrapped to `width`, made again only when something happened."""
        key = (self.state, len(self.state.events), width, tuple(self.you_names()))
        if self._log[0] != key:  # (a state compares by identity)
            lines = self.game.log(self.state, None, self.you_names())
            self._log = (key, panels.wrap_log(lines, width))
        return self._log[1]

    def panel_reserved(self) -> int:
        """The panel's bottom rows the buttons take (a row more for Pass, or for Play again
        and the replay at the game's end)."""
        return 56 + (46 if self.must_pass() or self.game.is_over(self.state) else 0)

    def you_names(self) -> list[str]:
        """The names as the log says them: 'You' for the one person at a one-person table."""
        names = self.names
        if len(self.humans) == 1:
            names = names[:]
            names[self.humans[0]] = "You"
        return names

    def rules_line(self) -> str:
        o = self.state.options
        parts = [plural(o.players, "player")]
        if o.pairs:
            parts.append("pairs")
        if o.arena:
            parts.append(f"Arena to {ARENA_SCORE}")
        if not o.marks:
            parts.append("no marks")
        if o.dice:
            parts.append("dice")
        return " · ".join(parts)

    def _draw_seat_row(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        state = self.state
        acting = self.to_act() == seat
        if acting:
            pygame.draw.rect(surface, (48, 52, 44), rect.inflate(6, 2), border_radius=6)
        swatch = pygame.Rect(rect.x, rect.y + 2, 16, 16)  # its colour, and its symbol on it
        pygame.draw.rect(surface, seat_colour(seat), swatch, border_radius=3)
        draw_symbol(surface, seat_symbol(seat), swatch.center, 10, (20, 20, 20))
        kind = "" if self.match.seats[seat].kind == HUMAN else " (computer)"  # here or not
        name = theme.fit(self.names[seat] + kind, 20, rect.w // 2)
        named = theme.text(surface, name, (rect.x + 20, rect.y + 2), 20,
                           theme.ACCENT if acting else theme.TEXT, bold=acting)  # fmt: skip
        points = state.scores[seat]
        towards = state.arena_bound(seat)  # the Arena holds them until 75: "41 / 75"
        score = f"{points} / {ARENA_SCORE}" if towards else plural(points, "point")
        scored = theme.text(surface, score, (rect.right, rect.y + 2), 20, theme.TEXT, "topright",
                            True)  # fmt: skip
        right = rect.right
        if towards:  # and how far: a bar under the figure
            bar = pygame.Rect(scored.x, scored.bottom + 3, scored.w, 5)
            pygame.draw.rect(surface, (60, 62, 56), bar, border_radius=2)
            if points:
                done = bar.copy()
                done.w = max(2, bar.w * points // ARENA_SCORE)
                pygame.draw.rect(surface, seat_colour(seat), done, border_radius=2)
            right = bar.x - 10
        tags = []
        if state.arena_bound(seat):
            tags.append("in the Arena")
        if state.last_block[seat] and state.placed:
            tags.append("blocked last")
        room = scored.x - named.right - 16
        if tags and room > 40:
            tag = theme.fit(", ".join(tags), 15, room)
            theme.text(surface, tag, (scored.x - 8, rect.y + 4), 15, theme.CHALK_BLUE, "topright")
        # the shapes still to place, small
        shapes = self.shapes()
        pieces = sorted(state.left[seat].elements(), key=_tray_order)
        widths = [max(c for _, c in shapes[piece_shape(p)[0]][0].squares) + 1 for p in pieces]
        room = right - rect.x - 24 - 5 * len(pieces)
        cell = max(3, min(6, (rect.h - 20) // 3, room // max(1, sum(widths))))  # in the row
        cx = rect.x + 20
        for k, piece in enumerate(pieces):
            o = shapes[piece_shape(piece)[0]][0]
            cols = max(c for _, c in o.squares) + 1
            if cx + cols * cell > right - (24 if k < len(pieces) - 1 else 0):  # how many more
                theme.text(surface, f"+{len(pieces) - k}", (cx, rect.y + 18), 15, theme.TEXT)
                break
            _, mark = piece_shape(piece)
            shape_cells(surface, (cx, rect.y + 20), cell, o.squares, seat_colour(seat),
                        mark=(o.mark or (0, 0), mark if state.options.marks else 1),
                        edge=(10, 10, 10))  # fmt: skip
            cx += cols * cell + 5

    def paint_hand(self, surface: pygame.Surface, lay: Layout) -> None:
        """The tray of the person to play: their shapes, the held one as it will lie."""
        x = lay.panel.x + 8
        seat = self.viewer
        mine = self.my_turn()
        yours = self.humans == [seat]
        # how many of each are held (three players and more hold two of each), said once in
        # the title; a shape whose count differs from the rest says its own in its slot
        counts = Counter(self.state.left[seat].values())
        usual = counts.most_common(1)[0][0] if counts else 1
        each = f", {usual} of each" if usual > 1 else ""
        again = " (again: the next mark)" if self.state.options.marks else ""
        title = (
            ("Your shapes" if yours else f"{possessive(self.names[seat])} shapes")
            + each
            + (f": pick with 1-6{again}" if mine else "")
        )
        theme.text(surface, theme.fit(title, 19, lay.panel.w - 20), (x, self.tray_top() - 24), 19,
                   theme.TEXT)  # fmt: skip
        shapes = self.shapes()
        die = self.state.die
        hinted = self.hinted_move()
        for piece, rect, cell in self.tray_slots():
            o = shapes[piece_shape(piece)[0]][0]
            if piece == self.held:  # as it will be placed: turned, or turned over as a block
                o = self.held_orientation() or o
            usable = mine and (die is None or len(o.squares) == die)
            fill = (62, 66, 58) if piece == self.held else (38, 40, 36)
            pygame.draw.rect(surface, fill, rect, border_radius=6)
            if piece == self.held:
                pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=6)
            elif hinted is not None and piece == hinted[0]:  # the hint's shape: pick it
                pygame.draw.rect(surface, self.hint_gold(), rect.inflate(4, 4), 3, border_radius=7)
            cols, rows = piece_size(o)
            # turned, it may stand taller than its slot: smaller then, still whole
            cell = max(3, min(cell, (rect.w - 4) // cols, (rect.h - 4) // rows))
            origin = (rect.centerx - cols * cell // 2, rect.centery - rows * cell // 2)
            colour = seat_colour(seat) if usable else theme.shade_alpha(seat_colour(seat), 0.45)
            _, mark = piece_shape(piece)
            marks = self.state.options.marks
            shape_cells(surface, origin, cell, o.squares, colour, block=o.mark is None)
            if mark > 1 and marks:  # its factor as a badge on the marked square (turned
                # over, a block has no mark: the badge then says which piece it is, dimmed)
                sq = o.mark if o.mark is not None else (0, 0)
                centre = (
                    origin[0] + sq[1] * cell + cell // 2,
                    origin[1] + sq[0] * cell + cell // 2,
                )
                mark_badge(surface, centre, mark, rect.inflate(-2, -2), dim=o.mark is None)
            count = self.state.left[seat][piece]
            if count != usual:
                theme.text(surface, f"{count} left", (rect.right - 4, rect.top + 2), 14,
                           theme.TEXT_DIM, "topright")  # fmt: skip
        if not self.state.left[seat]:
            theme.text(surface, "All placed.", (x, self.tray_top()), 19, theme.TEXT_DIM)

    def prompt_lines(self, width: int) -> list[tuple[str, theme.Colour]]:
        """What the person is told now: whose turn, the held shape and its score or why not
        (once: a refused placement's "Not there" takes the place of the reason it repeats)."""
        state = self.state
        seat = self.to_act()
        out: list[tuple[str, theme.Colour]] = []
        if seat is None:
            return []
        if state.die is not None:
            out.append((f"{says(self.you_names()[seat], 'rolled', 'rolled')} {state.die}: "
                        f"a shape of {plural(state.die, 'square')}.", theme.TEXT))  # fmt: skip
        notice = (self.notice, theme.CHALK_YELLOW)
        if not self.my_turn():
            out.append((f"{self.names[seat]} is thinking…", theme.TEXT))
        elif self.must_pass():
            out.append((self.pass_reason(), theme.CHALK_YELLOW))
        elif self.held is None and self.hinted is not None:
            pass  # the hint says what to pick, and the log keeps its rows
        elif self.held is None:
            out.append(("Pick a shape. R turns it, F turns it over (a block), click to place.",
                        theme.TEXT))  # fmt: skip
        else:
            p, reason = self.verdict()
            name = piece_words(self.held)
            o = self.held_orientation()
            if o is not None and o.mark is None:
                name = f"{piece_shape(self.held)[0]} turned over (a block)"
            if reason is not None and self.notice == refusal(reason):
                notice = (self.notice, theme.DANGER)  # Space or a click there: said once
            elif reason is not None:
                out.append((f"{name}: {reason}.", theme.DANGER))
            elif p is not None:
                score = plural(state.score_of(self.held, p), "point")
                out.append((f"{name} here scores {score}.", theme.OK))
            else:
                out.append((f"{name}: its square framed in white goes on a square framed "
                            "in green (N: what each would score).", theme.TEXT))  # fmt: skip
        hint = self.hinted if self.my_turn() else None
        if hint is not None:  # kept while the person looks where it points
            enter = " · Enter takes it" if self.hint_by_enter() else ""
            out.append((f"Hint: {hint.words}{enter}", theme.ACCENT))
        said = self.notice.rstrip(".").lower()
        again = any(said and said in line.lower() for line, _ in out)  # said once, not twice
        if (
            self.notice
            and not again
            and not (hint is not None and self.notice.startswith(f"Hint: {hint.words}"))
        ):
            out.append(notice)
        return [(part, tint) for line, tint in out for part in theme.wrap(line, 19, width)]

    def _draw_game_over(self, surface: pygame.Surface, lay: Layout) -> None:
        draw_standings(surface, self.standings_box(), self.standings(), self.standings_keys())

    def standings_keys(self) -> str:
        """The keys' line at the standings' foot."""
        return KEYS_LINE

    def standings_buttons(self) -> bool:
        """Whether the standings carry their buttons (Play again, the replay, Leave)."""
        return True

    def standings(self) -> Standings:
        """The finished game's standings, each row under the seat's name (as the side panel
        has it: a person named Bea read 'You' there), the banner as the log says it."""
        return standings(self.state, self.names, self.you_names())

    def standings_box(self) -> pygame.Rect:
        """The standings over the board's middle, as tall as their rows."""
        board = self.lay().board
        rows = len(self.state.sides) if self.state.options.pairs else len(self.names)
        box = pygame.Rect(0, 0, min(560, board.w - 32), box_height(rows, self.standings_buttons()))
        box.center = board.center
        return box

    def game_over_view(self) -> GameOver:
        """The winners (a pair: they win), then every seat's or pair's points."""
        state = self.state
        you_names = self.you_names()
        banner = winners_line([you_names[p] for p in sorted(state.winners())])
        if state.options.pairs:
            names = self.game.side_names(state, you_names)
            scores = state.side_totals()
            winners = sorted({state.side_of[p] for p in state.winners()})
        else:
            names, scores, winners = you_names, list(state.scores), state.winners()
        hint = "Space or a click: see the board"
        return GameOver(winners, scores, names, banner=banner, hint=hint)


__all__ = ["FADE_IN", "FIT_GREEN", "SkirridPainting", "fit_frame"]
