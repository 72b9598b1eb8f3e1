"""The Skirrid table: the board on the left, the side panel on the right (every seat's score and
remaining shapes, the tray of the person to play, what the held shape would score or why it
cannot go there, the die, the log, the buttons).

Play: pick a shape in the tray (a click, or the keys 1-6 by its squares, again for the next
mark); it follows the pointer snapped to the squares; R (or the right button, or the wheel)
turns it, F turns it over as a block; squares framed in green show where it fits as it lies
(the square to point at); click (or Enter) places it. The arrow keys move it square by square,
Esc puts it back. Ctrl+Z takes back the person's last placement against computer players (at a
shared desk a shape stands once placed: undo.py); Esc with nothing held asks before leaving. N shows the numbers under every placed shape; Hint (or
H) lights the strong computer player's placement for the person to act.

Hot seat: everything in Skirrid is open (scores, placed shapes, every tray), so no pass screen
hides anything; the tray simply changes to the person whose turn it is, under their name.

The table sits in the frame every table game shares (cardtable/frame.py: its keys, log, buttons,
game's end and replay), through the frame's public hooks: its areas (`lay`, the tray), its
painting (painting.py: the board as the table's middle, the tray as the hand's area), its
gestures (`pointer`, `key_gesture`) and its game's end (`game_over_view`). A board needs none of
the card table's hands, piles or pass screens, so it sits on the frame, not on `CardTable`.
"""

from __future__ import annotations

import pygame

from cards.skirrid import SkirridState
from cards.skirrid.options import NAMES as SHAPE_NAMES
from cards.skirrid.state import PASS, parse, piece_shape
from skully_game.scenes.cardtable import panels
from skully_game.scenes.cardtable.frame import TableFrame
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.cardtable.replay import Replaying
from skully_game.scenes.cardtable.words import possessive
from skully_game.scenes.skirrid.adapter import SkirridGame
from skully_game.scenes.skirrid.boarddraw import piece_size
from skully_game.scenes.skirrid.die import ROLL_S
from skully_game.scenes.skirrid.held import SkirridHeld, handle
from skully_game.scenes.skirrid.layout import (
    LOG_MIN,
    PROMPT_ROWS,
    ROW_H,
    ROW_H_SHORT,
    TRAY_CELL_MIN,
    TRAY_GAP,
    TRAY_PAD,
    Layout,
    board_layout,
    tray_flow,
)
from skully_game.scenes.skirrid.painting import FADE_IN, SkirridPainting, fit_frame
from skully_game.scenes.skirrid.standings import button_row
from skully_game.scenes.skirrid.undo import SkirridUndo
from skully_game.shell import theme
from skully_game.shell.app import DOUBLE_PRESS_S, App
from skully_game.shell.widgets import Button


def _tray_key(piece: str) -> tuple[int, int]:
    """A piece's place in the tray: by shape (as the keys 1-6 count them), then by mark."""
    shape, mark = piece_shape(piece)
    return (SHAPE_NAMES.index(shape), mark)


CHOOSING = (
    pygame.K_TAB,
    pygame.K_r,
    pygame.K_f,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_LEFT,
    pygame.K_RIGHT,
)


class SkirridTable(SkirridUndo, SkirridHeld, SkirridPainting, TableFrame):
    game: SkirridGame

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app, match)
        self.held: str | None = None  # the piece picked from the tray ("Door3")
        self.orient = 0  # index into the held shape's orientations
        self.at: tuple[int, int] | None = None  # the board square under the pointer (row, col)
        self.mouse_at = (-1, -1)  # where the mouse was last seen
        self.notice = ""
        self.banner = ("", 0.0)  # whose turn it is, over the board for a moment (hot seat)
        self.fade = 0.0  # the newest shape fading in
        self.die_roll = 0.0  # the dice game: the die's roll, seconds left to tumble
        self._die_seen: tuple[int, int | None] = (-1, None)  # the turn and face last rolled
        self._hints: tuple[tuple[object, ...], set[tuple[int, int]]] = ((), set())
        self._frame_scores: tuple[object, dict[tuple[int, int], int]] = ((), {})
        self._legal: tuple[int, list[str], object] = (-1, [], None)
        self._log: tuple[object, list[tuple[str, bool]]] = ((), [])
        self._owners: tuple[object, dict[int, int]] = ((), {})  # square -> the shape on it
        self._tray: tuple[object, list[tuple[str, pygame.Rect, int]]] = ((), [])
        self.show_numbers = False  # N: the numbers under every placed shape
        self._turn_seen = -1
        self.over_shown = True  # the result over the board (Space or a click shows the board)
        self._layout()

    # --- the game ---------------------------------------------------------------------

    @property
    def state(self) -> SkirridState:
        return self.match.state  # type: ignore[no-any-return]

    def to_act(self) -> int | None:
        return self.game.to_act(self.state)

    def my_turn(self) -> bool:
        seat = self.to_act()
        return seat is not None and seat in self.humans

    def act(self, action: str) -> None:
        """Apply an action for the seat to act (a person's placement or a computer player's)."""
        self.game.apply(self.state, action)
        self.forget_hint()
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
                self.person_changed()  # hover, focus and a hint start afresh for this person
                self.gate.let_in()  # the last person's double press makes no move of theirs
            self.viewer = seat
            self.held = None
            self.notice = ""
            self._layout()

    def _die_rolled(self) -> None:
        """The dice game: a new turn's die tumbles a moment before it shows its face."""
        seen = (self.state.turn_count, self.state.die)
        if seen != self._die_seen:
            self._die_seen = seen
            self.die_roll = ROLL_S if self.state.die is not None else 0.0

    def forget_shown(self) -> None:
        self.forget_hint()
        seat = self.to_act()  # the person's turn again: no banner, and "Undone." stays
        self.held, self.fade, self._turn_seen = None, 0.0, -1 if seat is None else seat

    def replay_scene(self) -> type[SkirridReplay]:
        return SkirridReplay

    def rules(self) -> None:
        from skully_game.scenes.skirrid.rules import SkirridRules

        self.app.stack.push(SkirridRules(self.app))

    # --- areas (hooks) ----------------------------------------------------------------

    def lay(self) -> Layout:
        return board_layout(self.app.size, self.state.geo.board.size)

    def buttons(self) -> list[Button]:
        lay = self.lay()
        p = lay.panel
        x, width = p.x + 8, p.w - 20
        y = p.bottom - 46
        if self.game.is_over(self.state):
            # Play again (A) and Watch the replay (R) over the way back to the menu; the same
            # on the standings while they lie over the board
            ends = self.end_buttons(pygame.Rect(x, y - 46, width, 38))
            out = [*ends, Button(pygame.Rect(x, y, width, 38), "Back to the menu",
                                 on_click=self.leave, size=20, tooltip="Esc")]  # fmt: skip
            return out + self.standings_row()
        quarter = (width - 24) // 4
        at = [x + k * (quarter + 8) for k in range(4)]
        buttons = [
            Button(pygame.Rect(at[0], y, quarter, 38), "Rules", on_click=self.rules, size=20),
            Button(pygame.Rect(at[1], y, quarter, 38), "Undo",
                   self.undo_target() is not None, on_click=self.undo, size=20,
                   tooltip=self.undo_tip("Ctrl+Z: take back your shape and the replies "
                                         "since (a practice aid)")),
            Button(pygame.Rect(at[2], y, quarter, 38), "Hint",
                   self.my_turn() and self.hints_allowed(), on_click=self.ask_hint, size=20,
                   tooltip=self.hint_tip()),
            Button(pygame.Rect(at[3], y, quarter, 38), "Leave",
                   on_click=self.ask_leave, size=20,
                   tooltip="Esc: the game is saved, to carry on later"),
        ]  # fmt: skip
        if self.must_pass():
            buttons.append(
                Button(pygame.Rect(x, y - 46, width, 38), "Pass (Enter)",
                       on_click=lambda: self.act(PASS), size=22)
            )  # fmt: skip
        return buttons

    def standings_row(self) -> list[Button]:
        """Play again, Watch the replay and Leave across the standings' foot, once they are on
        show (none in a game played elsewhere but the replay and Leave)."""
        if not self.shows_result() or not self.end_armed():
            return []
        row = button_row(self.standings_box())
        again = self.deals_again()
        count = 3 if again else 2
        w = (row.w - 10 * (count - 1)) // count
        rects = [pygame.Rect(row.x + k * (w + 10), row.y, w, row.h) for k in range(count)]
        out = []
        if again:
            out.append(Button(rects[0], self.PLAY_AGAIN, on_click=self.play_again, size=20,
                              tooltip=self.PLAY_AGAIN_TIP))  # fmt: skip
        out += [
            Button(rects[-2], self.WATCH_REPLAY, on_click=self.replay, size=20,
                   tooltip=self.WATCH_REPLAY_TIP),
            Button(rects[-1], "Leave", on_click=self.leave, size=20,
                   tooltip="Esc: back to the menu (the game is over: nothing is lost)"),
        ]  # fmt: skip
        return out

    def end_armed(self) -> bool:
        """The game's end has been on show for a moment: a press now was meant for it (the
        second press of a double click that placed the last shape was not)."""
        return self.end_since is not None and self.gate.clock - self.end_since >= DOUBLE_PRESS_S

    def see_board(self) -> None:
        """Space, or a click on the board beside the standings: the finished board, or the
        standings again. Not in the moment after the end came (a double click or a double
        Space that placed the last shape must not hide the standings unseen)."""
        if not self.end_armed():
            return
        self.over_shown = not self.over_shown
        self._layout()

    def hint_by_enter(self) -> bool:
        """Enter places the hinted shape, a shape held when H was pressed included (Enter
        tried the held one at its old spot, "Not there"); a shape picked, turned or moved by
        the keys after the hint came is the person's own choice, placed by Enter instead."""
        return True

    def hint_tip(self) -> str:
        """The Hint button's tooltip: what it does, or why it is off."""
        if not self.hints_allowed():
            return self.HINTS_OFF
        return "H: the strong computer player's choice for you, lit in gold, with one line why"

    def hinted_move(self) -> tuple[str, int] | None:
        """The hint on show as (piece, placement id), for the person to act (None: none, or
        a pass)."""
        hint = self.hinted
        if hint is None or hint.action == PASS or not self.my_turn():
            return None
        return parse(hint.action, self.state.geo)

    def tray_slots(self) -> list[tuple[str, pygame.Rect, int]]:
        """The viewer's shapes in the tray (the hand's area): (piece, rect, cell size). Each
        shape keeps the place it had at the game's start (by shape then mark, in rows that
        wrap within the panel, layout.tray_flow, as large as the room above the prompt and
        the log allows): a placed shape leaves a hole, and the others do not move (players
        aim by place; the tray closing up under the pointer took the wrong shape)."""
        return [slot for slot in self._tray_places() if self.state.left[self.viewer][slot[0]]]

    def _tray_places(self) -> list[tuple[str, pygame.Rect, int]]:
        """Every shape the viewer started with, where it lies in the tray (held or not)."""
        panel = self.lay().panel
        top = self.tray_top()
        key = (self.viewer, panel.size, top, self.panel_reserved())
        if self._tray[0] == key:
            return self._tray[1]
        shapes = self.shapes()
        pieces = sorted(set(self.state.options.pieces(self.viewer)), key=_tray_key)
        sizes = [piece_size(shapes[piece_shape(p)[0]][0]) for p in pieces]
        log = 26 + LOG_MIN * panels.LOG_ROW
        room = panel.bottom - self.panel_reserved() - top - 10 - 21 * PROMPT_ROWS - log
        cell, rects = tray_flow(sizes, panel.w - 20, room)
        x = panel.x + 8
        out = [(p, r.move(x, top), cell) for p, r in zip(pieces, rects, strict=True)]
        self._tray = (key, out)
        return out

    def seats_top(self) -> int:
        return 50

    def row_h(self) -> int:
        """A seat's row: shorter in a short window, so the log keeps its room."""
        return ROW_H if self.app.size[1] >= 720 else ROW_H_SHORT

    def tray_top(self) -> int:
        n = self.game.players(self.state)
        return self.seats_top() + n * self.row_h() + (22 if self.state.options.pairs else 0) + 28

    def tray_bottom(self) -> int:
        """Under the tray's last row (a row's room when every shape is placed: "All placed.")."""
        if not self.tray_slots():
            return self.tray_top() + 2 * TRAY_CELL_MIN + 2 * TRAY_PAD + TRAY_GAP
        return max(rect.bottom for _, rect, _ in self._tray_places()) + TRAY_GAP  # (steady)

    def square_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        lay = self.lay()
        if not lay.board.collidepoint(pos):
            return None
        return ((pos[1] - lay.board.y) // lay.cell, (pos[0] - lay.board.x) // lay.cell)

    # --- gestures (hooks) -------------------------------------------------------------

    def pointer(self, event: pygame.event.Event) -> bool:
        """The held shape follows the pointer; a click picks a shape from the tray or places the
        held one; the right button or the wheel over the board turns it."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse_at = event.pos
            square = self.square_at(event.pos)
            if square is not None or self.held is None:
                self.move_to(square)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for piece, rect, _ in self.tray_slots():
                if rect.collidepoint(event.pos):
                    self.pick(piece)
                    return True
            square = self.square_at(event.pos)
            if square is not None and self.game.is_over(self.state):
                if not (self.shows_result() and self.standings_box().collidepoint(event.pos)):
                    self.see_board()
            elif square is not None and self.held is not None:
                self.at = square
                self.place()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self.turn()
        elif event.type == pygame.MOUSEWHEEL:
            if self.held is None or self.square_at(self.mouse_at) is None:
                return False  # the frame scrolls the log
            self.turn(back=event.y < 0)  # the wheel one way turns it, the other way back
        return True

    def key_gesture(self, event: pygame.event.Event) -> bool:
        """Esc puts the held shape back; 1-6 and Tab pick, R and F turn, the arrows move, Enter
        places or passes; N shows the numbers under the shapes, H asks for a hint. Ctrl+Z,
        PgUp/PgDn and Esc with nothing held are the frame's."""
        k = event.key
        if self.hinted is not None and (pygame.K_1 <= k <= pygame.K_6 or k in CHOOSING):
            self.hint_chosen = True  # a shape picked or turned since the hint: Enter places it
        if k == pygame.K_ESCAPE and self.held is not None:
            self.held, self.notice = None, ""
            return True
        if k in (pygame.K_ESCAPE, pygame.K_PAGEUP, pygame.K_PAGEDOWN) or (
            k == pygame.K_z and event.mod & pygame.KMOD_CTRL
        ):
            return False
        if k == pygame.K_n:
            self.show_numbers = not self.show_numbers
        elif self.game.is_over(self.state):
            if k == pygame.K_SPACE:
                self.see_board()
            else:  # A plays again, R watches it back; Enter does nothing here
                return self.end_key(event)
        elif k == pygame.K_h:
            self.ask_hint()
        elif not self.my_turn():
            pass
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.take_hinted():
            pass  # a hint on show, nothing chosen since: Enter places the hinted shape
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
        return True

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
        armed = self.end_armed()
        self.tick_seated(dt)
        if self.end_armed() != armed:
            self._layout()  # the standings' buttons come
        text, left = self.banner
        self.banner = (text, max(0.0, left - dt))
        self.fade = max(0.0, self.fade - dt)
        self.die_roll = max(0.0, self.die_roll - dt)
        self._turn_changed()
        self._die_rolled()
        self.think(dt, ready=self.fade <= 0)

    def run_bots_now(self, limit: int = 500) -> None:
        """Headless: every computer player acts at once until a person must act."""
        super().run_bots_now(limit)
        self.fade = 0.0
        self._turn_changed()


class SkirridReplay(Replaying, SkirridTable):
    """A saved game placement by placement: Left/Right step, Home/End jump."""

    def __init__(self, app: App, match: Match) -> None:
        self.actions = match.game.history(match.state)
        self.step = len(self.actions)
        super().__init__(app, match)
        self.humans, self.bots = [], {}
        self.goto(0)

    def goto(self, step: int) -> None:
        self.step = max(0, min(step, len(self.actions)))
        self.match.state = self.game.replay(self.state, self.actions[: self.step])
        self.fade = 0.0
        seat = self.to_act()
        self.viewer = seat if seat is not None else self.viewer
        self._layout()

    def update(self, dt: float) -> None:
        self.play_on(dt)

    def key_gesture(self, event: pygame.event.Event) -> bool:
        """Only the steps, N (the numbers under the shapes), Esc (closes the replay) and the
        log's PgUp/PgDn."""
        if self.step_key(event):
            return True
        if event.key == pygame.K_n:
            self.show_numbers = not self.show_numbers
            return True
        if event.key == pygame.K_ESCAPE:
            self.leave()
            return True
        return event.key not in (pygame.K_PAGEUP, pygame.K_PAGEDOWN)

    def buttons(self) -> list[Button]:
        if not hasattr(self, "actions"):
            return []
        lay = self.lay()
        x, width = lay.panel.x + 8, lay.panel.w - 20
        y = lay.panel.bottom - 46
        close = Button(pygame.Rect(x, y, width, 38), "Close replay", on_click=self.leave,
                       size=20, tooltip="Esc")  # fmt: skip
        return [*self.step_buttons(x, y - 46, width), close]

    def panel_reserved(self) -> int:
        return 102

    def prompt_lines(self, width: int) -> list[tuple[str, theme.Colour]]:
        line = (
            f"Replay: move {self.step} of {len(self.actions)} (Left/Right, Home/End, Space plays)"
        )
        return [(part, theme.CHALK_BLUE) for part in theme.wrap(line, 19, width)]

    def shows_result(self) -> bool:
        return super().shows_result() and self.step == len(self.actions)

    def standings_keys(self) -> str:
        return "Left: back a move · Home: the start · Esc: close the replay"

    def standings_buttons(self) -> bool:
        return False

    def standings_row(self) -> list[Button]:
        return []

    def see_board(self) -> None:
        self.over_shown = not self.over_shown  # a replay's end comes by a step: no double press


__all__ = ["SkirridReplay", "SkirridTable", "fit_frame", "handle"]
