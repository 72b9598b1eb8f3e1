"""The Skirrid table: the board on the left, the side panel on the right (every seat's score and
remaining shapes, the tray of the person to play, what the held shape would score or why it
cannot go there, the die, the log, the buttons).

Play: pick a shape in the tray (a click, or the keys 1-6 by its squares, again for the next
mark); it follows the pointer snapped to the squares; R (or the right button, or the wheel)
turns it, F turns it over as a block; green dots show where it fits as it lies; click (or Enter)
places it. The arrow keys move it square by square, Esc puts it back. Ctrl+Z takes back the
person's last placement when one person plays; Esc with nothing held asks before leaving.

Hot seat: everything in Skirrid is open (scores, placed shapes, every tray), so no pass screen
hides anything; the tray simply changes to the person whose turn it is, under their name.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from cards.skirrid import SkirridState
from cards.skirrid.board import Orientation, Placement, orientations
from cards.skirrid.options import NAMES as SHAPE_NAMES
from cards.skirrid.state import ARENA_SCORE, PASS, parse, piece_shape
from skully_game.scenes.cardtable import panels
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.cardtable.seated import SeatedScene
from skully_game.scenes.cardtable.words import plural, possessive, says, winners_line
from skully_game.scenes.skirrid.adapter import SkirridGame, piece_words
from skully_game.scenes.skirrid.boarddraw import (
    board_surface,
    number_size,
    seat_colour,
    shape_cells,
)
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.focus import Keys
from skully_game.shell.scene import GameSave
from skully_game.shell.widgets import Button, WidgetGroup

MARGIN = 12
PANEL_MIN = 340
ROW_H = 42  # a seat's row in the panel
ROW_H_SHORT = 36  # in a short window (under 720 pixels): more room for the log
SLOT = 72  # a tray slot's largest size
SLOT_MIN = 40  # and its smallest, where the panel is short of room
LOG_MIN = 6  # the log rows the tray leaves room for, with a prompt of PROMPT_ROWS lines
PROMPT_ROWS = 2
FADE_IN = 0.45  # seconds a new shape takes to appear


@dataclass(frozen=True)
class Layout:
    board: pygame.Rect
    cell: int
    panel: pygame.Rect


def hint_dot(square: pygame.Rect) -> tuple[tuple[int, int], int]:
    """A green dot's centre and radius: small, in the bottom right corner of its square, clear of
    the number in the middle."""
    radius = max(2, square.w // 10)
    inset = radius + max(2, square.w // 12)
    return (square.right - inset, square.bottom - inset), radius


def handle(o: Orientation) -> tuple[int, int]:
    """The square of an orientation that sits under the pointer: the one nearest its middle."""
    rows = sum(r for r, _ in o.squares) / len(o.squares)
    cols = sum(c for _, c in o.squares) / len(o.squares)
    return min(o.squares, key=lambda s: ((s[0] - rows) ** 2 + (s[1] - cols) ** 2, s))


class SkirridTable(SeatedScene):
    game: SkirridGame

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app, match)
        self.viewer = self.humans[0] if self.humans else 0
        self.held: str | None = None  # the piece picked from the tray ("Door3")
        self.orient = 0  # index into the held shape's orientations
        self.at: tuple[int, int] | None = None  # the board square under the pointer (row, col)
        self.pointer = (-1, -1)  # where the mouse was last seen
        self.notice = ""
        self.banner = ("", 0.0)  # whose turn it is, over the board for a moment (hot seat)
        self.fade = 0.0  # the newest shape fading in
        self.log_scroll = 0
        self.widgets = WidgetGroup(keys=Keys.TABLE)
        self._hints: tuple[tuple[object, ...], set[tuple[int, int]]] = ((), set())
        self._legal: tuple[int, list[str], object] = (-1, [], None)
        self._log: tuple[object, list[tuple[str, bool]]] = ((), [])
        self._turn_seen = -1
        self.over_shown = True  # the result over the board (Space or a click shows the board)
        self._layout()

    # --- the game ---------------------------------------------------------------------

    @property
    def state(self) -> SkirridState:
        return self.match.state  # type: ignore[no-any-return]

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.match.seats]

    def to_act(self) -> int | None:
        return self.game.to_act(self.state)

    def my_turn(self) -> bool:
        seat = self.to_act()
        return seat is not None and seat in self.humans

    def act(self, action: str) -> None:
        """Apply an action for the seat to act (a person's placement or a computer player's)."""
        self.game.apply(self.state, action)
        self.app.sound.play("ui", 0.5)
        self.held, self.notice = None, ""
        self.fade = FADE_IN if action != PASS else 0.0
        self.save()
        self._layout()

    def _turn_changed(self) -> None:
        """A person's turn begins: the tray is theirs, and with two or more people, their name
        is called over the board."""
        seat = self.to_act()
        if seat is None or seat == self._turn_seen:
            return
        self._turn_seen = seat
        if seat in self.humans:
            if len(self.humans) > 1 and seat != self.viewer:
                self.banner = (f"{possessive(self.names[seat])} turn", 1.4)
            self.viewer = seat
            self.held = None
            self.notice = ""
            self._layout()

    def forget_shown(self) -> None:
        seat = self.to_act()  # the person's turn again: no banner, and "Undone." stays
        self.held, self.fade, self._turn_seen = None, 0.0, -1 if seat is None else seat

    def relayout(self) -> None:
        self._layout()

    def replay_scene(self) -> type[SkirridReplay]:
        return SkirridReplay

    def rules(self) -> None:
        from skully_game.scenes.skirrid.rules import SkirridRules

        self.app.stack.push(SkirridRules(self.app))

    # --- the held shape ---------------------------------------------------------------

    def legal(self) -> list[str]:
        """The legal actions now, worked out once a move (the board asks every frame)."""
        key = len(self.game.history(self.state))
        if self._legal[0] != key or self._legal[2] is not self.state:
            self._legal = (key, self.game.legal(self.state), self.state)
        return self._legal[1]

    def shapes(self) -> dict[str, tuple[Orientation, ...]]:
        return {s.name: orientations(s) for s in self.state.geo.shapes}

    def held_orientation(self) -> Orientation | None:
        if self.held is None:
            return None
        options = self.shapes()[piece_shape(self.held)[0]]
        return options[self.orient % len(options)]

    def placement(self) -> Placement | None:
        """Where the held shape would go, as it lies, at the square under the pointer."""
        o = self.held_orientation()
        if o is None or self.at is None or self.held is None:
            return None
        hr, hc = handle(o)
        key = (piece_shape(self.held)[0], o.code, self.at[0] - hr, self.at[1] - hc)
        pid = self.state.geo.by_key.get(key)
        return None if pid is None else self.state.geo.placements[pid]

    def verdict(self) -> tuple[Placement | None, str | None]:
        """The placement under the pointer and why it may not be made (None: it may)."""
        if self.held is None or self.at is None:
            return None, None
        p = self.placement()
        if p is None:
            return None, "it does not fit on the board there"
        return p, self.state.why_not(self.held, p.id)

    def pick(self, piece: str, by_key: bool = False) -> None:
        """Take a shape from the tray (again: put it back). Picked `by_key`, it goes to the
        green dot nearest where it would lie, so Enter can place it at once."""
        if not self.my_turn():
            return
        if self.held == piece:
            self.held = None
            return
        die = self.state.die
        size = len(self.shapes()[piece_shape(piece)[0]][0].squares)
        if die is not None and size != die:
            self.notice = f"The die says {die}: pick a shape of {plural(die, 'square')}."
            return
        if self.held is None or piece_shape(self.held)[0] != piece_shape(piece)[0]:
            self.orient = 0
        self.held, self.notice = piece, ""
        if self.at is None or (by_key and self.verdict()[1] is not None):
            self.at = self._start_square(self.at)

    def _start_square(self, near: tuple[int, int] | None = None) -> tuple[int, int]:
        """Where a shape picked by the keyboard lies: on the green dot nearest `near` (else
        the last shape placed, else the centre), so Enter can place it at once; there itself
        when it fits nowhere as it lies."""
        n = self.state.geo.board.size
        if near is None:
            near = (n // 2, n // 2)
            if self.state.placed:
                near = divmod(self.state.geo.placements[self.state.placed[-1][2]].squares[0], n)
        dots = self.hints()
        if not dots:
            return near
        return min(dots, key=lambda sq: ((sq[0] - near[0]) ** 2 + (sq[1] - near[1]) ** 2, sq))

    def move_to(self, square: tuple[int, int] | None) -> None:
        """The held shape follows the pointer (or the arrows) to `square`: what was said of
        the last square it tried no longer holds."""
        if square != self.at:
            self.at = square
            if self.held is not None:
                self.notice = ""

    def turn(self, flip: bool = False, back: bool = False) -> None:
        """R: a quarter turn (`back`: the other way); F: turned over (a block) or back face up."""
        o = self.held_orientation()
        if o is None or self.held is None:
            return
        self.notice = ""
        options = self.shapes()[piece_shape(self.held)[0]]
        letter = o.code[0]
        if flip:
            want = ("F" if letter == "R" else "R") + o.code[1]
            same = [i for i, x in enumerate(options) if x.code[0] == want[0]]
            self.orient = next((i for i in same if options[i].code == want), same[0])
            if want[0] == "F" and not self.state.placed:
                self.notice = "The first shape may not be turned over."
            return
        same = [i for i, x in enumerate(options) if x.code[0] == letter]
        k = same.index(self.orient % len(options))
        self.orient = same[(k + (-1 if back else 1)) % len(same)]

    def place(self) -> None:
        p, reason = self.verdict()
        if self.held is None or not self.my_turn():
            return
        if p is None or reason is not None:
            self.notice = refusal(reason or "")
            return
        action = f"{self.held} {p.orient} {p.row},{p.col}"
        if action in self.legal():
            self.act(action)

    def must_pass(self) -> bool:
        return self.my_turn() and self.legal() == [PASS]

    def pass_reason(self) -> str:
        """Why the person must pass: no shape of the die's size left, or none that fits."""
        die = self.state.die
        if die is None:
            return "No shape of yours fits anywhere: you pass."
        sizes = {len(self.shapes()[piece_shape(p)[0]][0].squares) for p, _, _ in self.tray_slots()}
        if die not in sizes:
            return f"No shape of {plural(die, 'square')} left in your tray: you pass."
        return f"No shape of {plural(die, 'square')} fits anywhere: you pass."

    def hints(self) -> set[tuple[int, int]]:
        """The squares where the held shape, as it lies, may be put down (its handle square)."""
        o = self.held_orientation()
        if o is None or self.held is None:
            return set()
        key = (self.legal(), self.held, o.code)
        if not (self._hints[0] and self._hints[0][0] is key[0] and self._hints[0][1:] == key[1:]):
            n = self.state.geo.board.size
            hr, hc = handle(o)
            out = set()
            for action in self.legal():
                if action == PASS:
                    continue
                piece, pid = parse(action, self.state.geo)
                p = self.state.geo.placements[pid]
                if piece == self.held and p.orient == o.code:
                    out.add((p.row + hr, p.col + hc))
            self._hints = (key, {sq for sq in out if 0 <= sq[0] < n and 0 <= sq[1] < n})
        return self._hints[1]

    # --- layout -----------------------------------------------------------------------

    def lay(self) -> Layout:
        w, h = self.app.size
        n = self.state.geo.board.size
        side = min(h - 2 * MARGIN, w - PANEL_MIN - 3 * MARGIN)
        cell = max(8, side // n)
        board = pygame.Rect(MARGIN, (h - cell * n) // 2, cell * n, cell * n)
        panel = pygame.Rect(board.right + MARGIN, 0, w - board.right - MARGIN, h)
        return Layout(board, cell, panel)

    def _layout(self) -> None:
        lay = self.lay()
        p = lay.panel
        x, width = p.x + 8, p.w - 20
        y = p.bottom - 46
        buttons: list[Button] = []
        if self.game.is_over(self.state):
            half = (width - 8) // 2
            buttons += [
                Button(pygame.Rect(x, y, half, 38), "Replay game", on_click=self.replay, size=20,
                       tooltip="The game again, placement by placement"),
                Button(pygame.Rect(x + half + 8, y, half, 38), "Menu", on_click=self.leave,
                       size=20, tooltip="Esc"),
            ]  # fmt: skip
        else:
            third = (width - 16) // 3
            buttons += [
                Button(pygame.Rect(x, y, third, 38), "Rules", on_click=self.rules, size=20),
                Button(pygame.Rect(x + third + 8, y, third, 38), "Undo",
                       self.undo_target() is not None, on_click=self.undo, size=20,
                       tooltip=self.undo_tip("Ctrl+Z: take back your last shape")),
                Button(pygame.Rect(x + 2 * (third + 8), y, third, 38), "Leave",
                       on_click=self.ask_leave, size=20,
                       tooltip="Esc: the game is saved, to carry on later"),
            ]  # fmt: skip
            if self.must_pass():
                buttons.append(
                    Button(pygame.Rect(x, y - 46, width, 38), "Pass (Enter)",
                           on_click=lambda: self.act(PASS), size=22)
                )  # fmt: skip
        self.widgets.set(buttons)

    def resized(self, size: tuple[int, int]) -> None:
        self._layout()

    def tray_slots(self) -> list[tuple[str, pygame.Rect, int]]:
        """The viewer's shapes in the tray: (piece, rect, cell size), a column per shape and a
        row per mark."""
        lay = self.lay()
        left = self.state.left[self.viewer]
        top = self.tray_top()
        slot = self.tray_slot()
        cell = max(6, (slot - 12) // 4)
        out = []
        marks = sorted({piece_shape(p)[1] for p in left})
        for col, name in enumerate(SHAPE_NAMES):
            for row, mark in enumerate(marks):
                piece = name if mark == 1 else f"{name}{mark}"
                if left[piece]:
                    rect = pygame.Rect(lay.panel.x + 8 + col * slot, top + row * slot, slot - 4,
                                       slot - 4)  # fmt: skip
                    out.append((piece, rect, cell))
        return out

    def seats_top(self) -> int:
        return 50

    def row_h(self) -> int:
        """A seat's row: shorter in a short window, so the log keeps its room."""
        return ROW_H if self.app.size[1] >= 720 else ROW_H_SHORT

    def tray_top(self) -> int:
        n = self.game.players(self.state)
        return self.seats_top() + n * self.row_h() + (22 if self.state.options.pairs else 0) + 28

    def tray_slot(self) -> int:
        """A tray slot's size: as large as the panel's width allows, smaller (not under SLOT_MIN)
        where the rows of the tray would leave the log fewer than LOG_MIN rows."""
        panel = self.lay().panel
        widest = min(SLOT, (panel.w - 20) // 6)
        log = 26 + LOG_MIN * panels.LOG_ROW
        room = panel.bottom - self.panel_reserved() - self.tray_top() - 10 - 21 * PROMPT_ROWS - log
        return max(SLOT_MIN, min(widest, room // self.tray_slots_count()))

    def tray_bottom(self) -> int:
        return self.tray_top() + self.tray_slots_count() * self.tray_slot()

    def tray_slots_count(self) -> int:
        return len({piece_shape(p)[1] for p in self.state.left[self.viewer]}) or 1

    # --- input ------------------------------------------------------------------------

    def square_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        lay = self.lay()
        if not lay.board.collidepoint(pos):
            return None
        return ((pos[1] - lay.board.y) // lay.cell, (pos[0] - lay.board.x) // lay.cell)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.routed(event):
            return None
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            square = self.square_at(event.pos)
            if square is not None or self.held is None:
                self.move_to(square)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for piece, rect, _ in self.tray_slots():
                if rect.collidepoint(event.pos):
                    self.pick(piece)
                    return None
            square = self.square_at(event.pos)
            if square is not None and self.game.is_over(self.state):
                self.over_shown = not self.over_shown
            elif square is not None and self.held is not None:
                self.at = square
                self.place()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self.turn()
        elif event.type == pygame.MOUSEWHEEL:
            if self.held is not None and self.square_at(self.pointer) is not None:
                self.turn(back=event.y < 0)  # the wheel one way turns it, the other way back
            else:
                self.log_scroll = max(0, self.log_scroll + event.y)
        return None

    def _key(self, event: pygame.event.Event) -> None:
        """Every key at the table; none leaves the game without asking."""
        k = event.key
        if k == pygame.K_ESCAPE:
            if self.held is not None:
                self.held, self.notice = None, ""
            else:
                self.ask_leave()
        elif k == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
        elif k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.log_scroll = max(0, self.log_scroll + (5 if k == pygame.K_PAGEUP else -5))
        elif self.game.is_over(self.state):
            if k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.over_shown = not self.over_shown
        elif not self.my_turn():
            return
        elif pygame.K_1 <= k <= pygame.K_6:
            self._pick_size(k - pygame.K_0)
        elif k == pygame.K_TAB:
            slots = [piece for piece, _, _ in self.tray_slots()]
            if slots:
                at = slots.index(self.held) + 1 if self.held in slots else 0
                step = -2 if event.mod & pygame.KMOD_SHIFT else 0
                self.pick(slots[(at + step) % len(slots)], by_key=True)
        elif k == pygame.K_r:
            self.turn()
        elif k == pygame.K_f:
            self.turn(flip=True)
        elif k in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT) and self.held:
            dr, dc = {pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0), pygame.K_LEFT: (0, -1),
                      pygame.K_RIGHT: (0, 1)}[k]  # fmt: skip
            n = self.state.geo.board.size
            r, c = self.at or self._start_square()
            self.move_to((min(n - 1, max(0, r + dr)), min(n - 1, max(0, c + dc))))
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.must_pass():
                self.act(PASS)
            elif self.held is not None:
                self.place()

    def _pick_size(self, size: int) -> None:
        """The key of a shape's squares picks it; pressed again, the next mark of that shape."""
        name = next((s.name for s in self.state.geo.shapes if len(s.squares) == size), None)
        if name is None:
            return
        held = [p for p, _, _ in self.tray_slots() if piece_shape(p)[0] == name]
        if not held:
            self.notice = f"No {name} left in your tray."
            return
        nxt = held[(held.index(self.held) + 1) % len(held)] if self.held in held else held[0]
        if nxt != self.held:
            self.pick(nxt, by_key=True)

    # --- time -------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        text, left = self.banner
        self.banner = (text, max(0.0, left - dt))
        self.fade = max(0.0, self.fade - dt)
        self._turn_changed()
        self.think(dt, ready=self.fade <= 0)

    def run_bots_now(self, limit: int = 500) -> None:
        """Headless: every computer player acts at once until a person must act."""
        for _ in range(limit):
            seat = self.to_act()
            if seat is None or seat in self.humans:
                break
            self.act(self.bots[seat](self.state, seat)())
        self.fade = 0.0
        self._turn_changed()

    # --- drawing ----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        lay = self.lay()
        surface.fill((26, 34, 30))
        self._draw_board(surface, lay)
        self._draw_panel(surface, lay)
        self.widgets.draw(surface)
        text, left = self.banner
        if left > 0:
            box = pygame.Rect(0, 0, lay.board.w * 2 // 3, 70)
            box.center = lay.board.center
            theme.panel(surface, box)
            theme.text(surface, text, box.center, 40, theme.ACCENT, "center", True)
        if self.shows_result():
            self._draw_game_over(surface, lay)

    def shows_result(self) -> bool:
        """The result lies over the board at the end, until Space or a click hides it."""
        return self.game.is_over(self.state) and self.over_shown

    def _draw_board(self, surface: pygame.Surface, lay: Layout) -> None:
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
                        block=p.block, alpha=max(40, fade))  # fmt: skip
        if state.placed and not self.game.is_over(state):
            self._outline(surface, lay, places[state.placed[-1][2]].squares, (255, 255, 255), 3)
        for _, pid, _ in state.active_blocks(state.turn) if not state.over else ():
            self._outline(surface, lay, places[pid].squares, theme.DANGER, 3)
            ring = places[pid].around & ~state.occ
            for i in range(n * n):
                if ring >> i & 1:
                    r, c = divmod(i, n)
                    rect = pygame.Rect(origin[0] + c * cell, origin[1] + r * cell, cell, cell)
                    pygame.draw.line(surface, theme.DANGER, rect.topleft, rect.bottomright, 2)
                    pygame.draw.line(surface, theme.DANGER, rect.topright, rect.bottomleft, 2)
        if self.my_turn() and self.held is not None:
            self._draw_held(surface, lay)

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

    def _draw_held(self, surface: pygame.Surface, lay: Layout) -> None:
        cell, (ox, oy) = lay.cell, lay.board.topleft
        for r, c in self.hints():  # in the square's corner: its number stays readable
            centre, radius = hint_dot(pygame.Rect(ox + c * cell, oy + r * cell, cell, cell))
            pygame.draw.circle(surface, (20, 60, 34), centre, radius + 1)
            pygame.draw.circle(surface, (60, 200, 110), centre, radius)
        o = self.held_orientation()
        if o is None or self.at is None or self.held is None:
            return
        p, reason = self.verdict()
        hr, hc = handle(o)
        top, left = self.at[0] - hr, self.at[1] - hc
        cells = [(top + r, left + c) for r, c in o.squares]
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
        surface.set_clip(clip)
        if p is not None and reason is None:
            score = self.state.score_of(self.held, p)
            x = ox + (max(c for _, c in cells) + 1) * cell + 4
            y = oy + top * cell - 4
            label = theme.rendered(f"+{score}", 24, (255, 255, 255), True)
            box = label.get_rect(topleft=(x, y)).inflate(10, 6)
            box.clamp_ip(lay.board)
            pygame.draw.rect(surface, (20, 90, 50), box, border_radius=6)
            surface.blit(label, label.get_rect(center=box.center))

    def _draw_panel(self, surface: pygame.Surface, lay: Layout) -> None:
        state, p = self.state, lay.panel
        pygame.draw.rect(surface, theme.PANEL, p)
        x, width = p.x + 8, p.w - 20
        theme.text(surface, "Skirrid", (x, 10), 30, theme.ACCENT, bold=True)
        theme.text(surface, theme.fit(self.rules_line(), 17, width - 110), (p.right - 12, 18), 17,
                   theme.TEXT_DIM, "topright")  # fmt: skip
        y = self.seats_top()
        if state.options.pairs:
            totals = state.side_totals()
            pairs = "  ·  ".join(
                f"{' & '.join(self.names[q] for q in side)} {totals[s]}"
                for s, side in enumerate(state.sides)
            )
            theme.text(surface, theme.fit(f"Pairs: {pairs}", 18, width), (x, y), 18, theme.TEXT)
            y += 22
        for seat in range(state.num_players):
            self._draw_seat_row(surface, pygame.Rect(x, y, width, self.row_h() - 4), seat)
            y += self.row_h()
        self._draw_tray(surface, lay)
        y = self.tray_bottom() + 4
        for line in self.prompt_lines(width)[:4]:
            theme.text(surface, line[0], (x, y), 19, line[1])
            y += 21
        y += 6
        bottom = p.bottom - self.panel_reserved()
        if bottom - y > 60:
            theme.text(surface, "Log", (x, y), 18, theme.TEXT_DIM)
            area = pygame.Rect(x, y + 20, width - 8, bottom - y - 20)
            most = panels.draw_log(surface, area, self.log_rows(area.w), self.log_scroll)
            self.log_scroll = min(self.log_scroll, most)

    def log_rows(self, width: int) -> list[tuple[str, bool]]:
        """The log wrapped to `width`, made again only when something happened."""
        key = (self.state, len(self.state.events), width, tuple(self.you_names()))
        if self._log[0] != key:  # (a state compares by identity)
            lines = self.game.log(self.state, None, self.you_names())
            self._log = (key, panels.wrap_log(lines, width))
        return self._log[1]

    def panel_reserved(self) -> int:
        """The panel's bottom rows the buttons take."""
        return 56 + (46 if self.must_pass() else 0)

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
        pygame.draw.rect(surface, seat_colour(seat), (rect.x, rect.y + 4, 14, 14), border_radius=3)
        kind = "" if self.match.seats[seat].human else " (computer)"
        name = theme.fit(self.names[seat] + kind, 20, rect.w // 2)
        named = theme.text(surface, name, (rect.x + 20, rect.y + 2), 20,
                           theme.ACCENT if acting else theme.TEXT, bold=acting)  # fmt: skip
        score = plural(state.scores[seat], "point")
        scored = theme.text(surface, score, (rect.right, rect.y + 2), 20, theme.TEXT, "topright",
                            True)  # fmt: skip
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
        room = rect.w - 24 - 5 * len(pieces)
        cell = max(3, min(6, (rect.h - 20) // 3, room // max(1, sum(widths))))  # in the row
        cx = rect.x + 20
        for piece in pieces:
            o = shapes[piece_shape(piece)[0]][0]
            cols = max(c for _, c in o.squares) + 1
            if cx + cols * cell > rect.right:
                break
            _, mark = piece_shape(piece)
            shape_cells(surface, (cx, rect.y + 20), cell, o.squares, seat_colour(seat),
                        mark=(o.mark or (0, 0), mark if state.options.marks else 1),
                        edge=(10, 10, 10))  # fmt: skip
            cx += cols * cell + 5

    def _draw_tray(self, surface: pygame.Surface, lay: Layout) -> None:
        x = lay.panel.x + 8
        seat = self.viewer
        mine = self.my_turn()
        yours = self.humans == [seat]
        title = ("Your shapes" if yours else f"{possessive(self.names[seat])} shapes") + (
            ": pick one (keys 1-6)" if mine else ""
        )
        theme.text(surface, theme.fit(title, 19, lay.panel.w - 20), (x, self.tray_top() - 24), 19,
                   theme.TEXT)  # fmt: skip
        shapes = self.shapes()
        die = self.state.die
        for piece, rect, cell in self.tray_slots():
            o = shapes[piece_shape(piece)[0]][0]
            if piece == self.held:  # as it will be placed: turned, or turned over as a block
                o = self.held_orientation() or o
            usable = mine and (die is None or len(o.squares) == die)
            fill = (62, 66, 58) if piece == self.held else (38, 40, 36)
            pygame.draw.rect(surface, fill, rect, border_radius=6)
            if piece == self.held:
                pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=6)
            cols = max(c for _, c in o.squares) + 1
            rows = max(r for r, _ in o.squares) + 1
            origin = (rect.centerx - cols * cell // 2, rect.centery - rows * cell // 2)
            colour = seat_colour(seat) if usable else theme.shade_alpha(seat_colour(seat), 0.45)
            _, mark = piece_shape(piece)
            marks = self.state.options.marks
            shape_cells(surface, origin, cell, o.squares, colour, block=o.mark is None,
                        mark=(o.mark or (0, 0), mark if marks and o.mark else 1))  # fmt: skip
            if mark > 1 and marks:  # which piece it is, even turned over (its mark hidden)
                theme.text(surface, f"x{mark}", (rect.right - 4, rect.bottom - 2), 15,
                           theme.TEXT_DIM, "bottomright")  # fmt: skip
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
                out.append((f"{name}: put it on a green dot.", theme.TEXT))
        if self.notice:
            out.append(notice)
        return [(part, tint) for line, tint in out for part in theme.wrap(line, 19, width)]

    def _draw_game_over(self, surface: pygame.Surface, lay: Layout) -> None:
        state = self.state
        box = pygame.Rect(0, 0, min(520, lay.board.w - 40), 0)
        you_names = self.you_names()
        banner = winners_line([you_names[p] for p in sorted(state.winners())])  # a pair: they win
        if state.options.pairs:
            names = self.game.side_names(state, you_names)
            scores = state.side_totals()
            winners = sorted({state.side_of[p] for p in state.winners()})
        else:
            names, scores, winners = you_names, list(state.scores), state.winners()
        box.h = 150 + 30 * len(scores)
        box.center = lay.board.center
        panels.draw_game_over(surface, box, winners, scores, names, banner=banner)
        theme.text(surface, "Space or a click: see the board", (box.centerx, box.bottom - 10),
                   17, theme.TEXT_DIM, "midbottom")  # fmt: skip


def refusal(reason: str) -> str:
    """What the table says when a shape is put down where it may not go."""
    return f"Not there: {reason}."


def _tray_order(piece: str) -> tuple[int, int]:
    shape, mark = piece_shape(piece)
    return (SHAPE_NAMES.index(shape), mark)


class SkirridReplay(SkirridTable):
    """A saved game placement by placement: Left/Right step, Home/End jump."""

    def __init__(self, app: App, match: Match) -> None:
        self.actions = match.game.history(match.state)
        self.step = len(self.actions)
        super().__init__(app, match)
        self.humans, self.bots = [], {}
        self.goto(0)

    def game_save(self) -> GameSave | None:
        return None  # a replay keeps nothing: the game it shows was saved as it was played

    def goto(self, step: int) -> None:
        self.step = max(0, min(step, len(self.actions)))
        self.match.state = self.game.replay(self.state, self.actions[: self.step])
        self.fade = 0.0
        seat = self.to_act()
        self.viewer = seat if seat is not None else self.viewer
        self._layout()

    def update(self, dt: float) -> None:
        return

    def _key(self, event: pygame.event.Event) -> None:
        steps = {
            pygame.K_RIGHT: self.step + 1,
            pygame.K_LEFT: self.step - 1,
            pygame.K_HOME: 0,
            pygame.K_END: len(self.actions),
        }
        if event.key in steps:
            self.goto(steps[event.key])
        elif event.key == pygame.K_ESCAPE:
            self.leave()
        elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            super()._key(event)

    def _layout(self) -> None:
        if not hasattr(self, "actions"):
            return
        lay = self.lay()
        x, width = lay.panel.x + 8, lay.panel.w - 20
        half = (width - 8) // 2
        y = lay.panel.bottom - 46
        self.widgets.set(
            [
                Button(pygame.Rect(x, y - 46, half, 38), "< Back", self.step > 0,
                       on_click=lambda: self.goto(self.step - 1), size=20, tooltip="Left"),
                Button(pygame.Rect(x + half + 8, y - 46, half, 38), "Next >",
                       self.step < len(self.actions), on_click=lambda: self.goto(self.step + 1),
                       size=20, tooltip="Right"),
                Button(pygame.Rect(x, y, width, 38), "Close replay", on_click=self.leave,
                       size=20, tooltip="Esc"),
            ]
        )  # fmt: skip

    def panel_reserved(self) -> int:
        return 102

    def prompt_lines(self, width: int) -> list[tuple[str, theme.Colour]]:
        line = f"Replay: move {self.step} of {len(self.actions)} (Left/Right, Home/End)"
        return [(part, theme.CHALK_BLUE) for part in theme.wrap(line, 19, width)]

    def shows_result(self) -> bool:
        return super().shows_result() and self.step == len(self.actions)


__all__ = ["SkirridReplay", "SkirridTable", "handle", "hint_dot"]
