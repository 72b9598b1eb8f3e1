"""The shape a person holds at the Skirrid table (a mixin of `SkirridTable`, table.py): picking
it from the tray, turning it, where it would go and what it would score or why not (the engine's
word), the squares framed in green where it fits as it lies, and putting it down."""

from __future__ import annotations

from collections.abc import Sequence

from cards.skirrid.board import Orientation, Placement, orientations
from cards.skirrid.state import PASS, parse, piece_shape
from skully_game.scenes.cardtable.words import plural


def handle(o: Orientation) -> tuple[int, int]:
    """The square of an orientation that sits under the pointer: the one nearest its middle."""
    rows = sum(r for r, _ in o.squares) / len(o.squares)
    cols = sum(c for _, c in o.squares) / len(o.squares)
    return min(o.squares, key=lambda s: ((s[0] - rows) ** 2 + (s[1] - cols) ** 2, s))


def refusal(reason: str) -> str:
    """What the table says when a shape is put down where it may not go."""
    return f"Not there: {reason}."


class SkirridHeld:
    """The held shape; its attributes are set by `SkirridTable`."""

    def legal(self) -> Sequence[str]:
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
        green frame nearest where it would lie, so Enter can place it at once."""
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
        hinted = self.hinted_move()
        if hinted is not None and hinted[0] == piece:  # the lit shape: it lies where it is lit
            p = self.state.geo.placements[hinted[1]]
            options = self.shapes()[p.shape]
            self.orient = next(i for i, o in enumerate(options) if o.code == p.orient)
            hr, hc = handle(options[self.orient])
            self.at = (p.row + hr, p.col + hc)
        elif self.at is None or (by_key and self.verdict()[1] is not None):
            self.at = self._start_square(self.at)

    def _start_square(self, near: tuple[int, int] | None = None) -> tuple[int, int]:
        """Where a shape picked by the keyboard lies: on the green frame nearest `near` (else
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
        return self.my_turn() and tuple(self.legal()) == (PASS,)

    def pass_reason(self) -> str:
        """Why the person must pass: no shape of the die's size left, or none that fits."""
        die = self.state.die
        if die is None:
            return "No shape of yours fits anywhere: you pass."
        sizes = {len(self.shapes()[piece_shape(p)[0]][0].squares) for p, _, _ in self.tray_slots()}
        if die not in sizes:
            return f"No shape of {plural(die, 'square')} left in your tray: you pass."
        return f"No shape of {plural(die, 'square')} fits anywhere: you pass."

    def frame_scores(self) -> dict[tuple[int, int], int]:
        """The score the held shape, as it lies, would make from each green frame's square
        (worked out once a move, shape and turn, as `hints` is)."""
        o = self.held_orientation()
        if o is None or self.held is None:
            return {}
        key = (len(self.game.history(self.state)), self.held, o.code, self.state)
        if self._frame_scores[0] != key:
            n = self.state.geo.board.size
            hr, hc = handle(o)
            out = {}
            for action in self.legal():
                if action == PASS:
                    continue
                piece, pid = parse(action, self.state.geo)
                p = self.state.geo.placements[pid]
                if piece == self.held and p.orient == o.code:
                    square = (p.row + hr, p.col + hc)
                    if 0 <= square[0] < n and 0 <= square[1] < n:
                        out[square] = self.state.score_of(piece, p)
            self._frame_scores = (key, out)
        return self._frame_scores[1]

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


__all__ = ["SkirridHeld", "handle", "refusal"]
