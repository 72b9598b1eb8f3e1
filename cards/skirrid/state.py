"""The Skirrid game state: open_spiel's shape (cards/engine.py), rebuilt from (options, seed, actions).

Actions are strings, so a save is a JSON list:
  "Door3 R1 4,7"   place a Door marked 3, face up, turned once (R0-R3), its bounding box's top-left
                   square at row 4, column 7 ("Gun", "Gun2": unmarked, marked 2)
  "Gun F2 10,3"    turn a Gun over as a block, mirrored and turned twice (F0-F3)
  "PASS"           no shape can be placed (or, in the dice variant, none of the die's size)
A position is written and read as one line of text: see `position.py`.

Rulings (the seed, shared/design/table-games.md, and where they are silent):
- The board is our reconstruction (data/board.json); the shapes are read from their names
  (data/shapes.json). A score is the sum of the numbers a shape covers, its mark (2 or 3)
  multiplying only the number under it; a block (a shape turned over: its mirror image, its mark
  hidden) scores half its plain sum, rounded down. With three, five or six players every shape
  counts as unmarked.
- The first shape lies on or across the centre square and may not be a block. Every later shape
  lies on free squares inside the board and touches a placed shape face to face (a diagonal
  touch alone is not enough).
- The Arena (two or three players): until a player's own score reaches 75, they play wholly
  inside the Arena, the diamond |row-9| + |col-9| <= 9.
- Blocking. Two players, and pairs: for the next player's turn only, nothing may touch the block
  face to face (a diagonal touch is allowed while the shape touches another face to face); a
  block may follow a block. Three players, four playing individually, five and six: a block holds
  until its player's next turn, against everyone else; and nobody may block twice running with
  a block lying wholly inside the Arena (the seed's "in the Arena"). Partners may touch each
  other's blocks.
- Players: two have 18 shapes each (three of each shape: unmarked, marked 2, marked 3); three have
  twelve (two of each); four share two sets, each pair's 18 split as the seed lists (the first of
  each pair, seats 0 and 1, the first list; the partners, seats 2 and 3, the second), and four
  playing individually are dealt the same way; five and six have one of each shape. There is no
  Arena rule with four, five or six players. Partners sit opposite (seats 0 and 2, 1 and 3).
- The dice variant: at the start of a turn a die (the game's own seeded generator) names the
  shape by its squares (1 Eye ... 6 Gun); a player with none of that size left, or no room for
  one, misses the turn (PASS). The game ends as soon as one player has placed all their shapes.
- A player with no legal placement passes ("PASS", our ruling: the rules do not say). The game
  ends when every shape is placed, or when a whole round has passed with no shape placed and no
  player has a legal place for any shape left (blocks aside, which expire). The highest score
  wins; pairs add the partners' scores; a tie shares the win.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from cards.engine import TERMINAL, IllegalActionError, RecordedGame, SeatView, make_rng, observed
from cards.skirrid import events as ev
from cards.skirrid import words
from cards.skirrid.board import Geometry, Placement, standard_geometry
from cards.skirrid.options import SkirridOptions
from cards.skirrid.position import read_position, write_position
from cards.skirrid.words import piece_shape

SAVE_FORMAT = "skully.skirrid.game"
SAVE_VERSION = 1
FIRST_BOARD = 1  # the board of every game saved before boards had editions
ARENA_SCORE = 75
PASS = "PASS"

_ACTIONS: dict[tuple[str, int], str] = {}  # (piece, placement id) -> its action string
_PARSED: dict[str, tuple[str, int]] = {}  # and back


def action_of(piece: str, p: Placement) -> str:
    key = (piece, p.id)
    text = _ACTIONS.get(key)
    if text is None:
        text = _ACTIONS[key] = f"{piece} {p.orient} {p.row},{p.col}"
        _PARSED[text] = key
    return text


def parse(action: str, geo: Geometry | None = None) -> tuple[str, int]:
    """(piece, placement id) of a placement's action string; ValueError for anything else."""
    hit = _PARSED.get(action)
    if hit is not None:
        return hit
    geo = geo or standard_geometry()
    try:
        piece, orient, at = action.split(" ")
        row, col = (int(v) for v in at.split(","))
        pid = geo.by_key[(piece_shape(piece)[0], orient, row, col)]
    except (ValueError, KeyError, AttributeError):
        raise ValueError(f"{action!r} is not a Skirrid placement") from None
    action_of(piece, geo.placements[pid])
    return piece, pid


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class SkirridState(RecordedGame[str]):
    """A whole game of Skirrid; `apply_action` checks, `apply_unchecked` is for search."""

    SAVE_FORMAT = SAVE_FORMAT
    SAVE_VERSION = SAVE_VERSION
    OPTIONS = SkirridOptions

    options: SkirridOptions

    def _begin(self) -> None:
        o = self.options
        self.geo = standard_geometry(o.board)
        self.numbers = self.geo.board.numbers
        n = self._n = o.players
        self.sides = o.sides
        self.side_of = [0] * n
        for s, side in enumerate(self.sides):
            for p in side:
                self.side_of[p] = s
        self.left: list[Counter[str]] = [Counter(o.pieces(p)) for p in range(n)]
        self.scores = [0] * n
        self.occ = 0  # squares covered
        self.touch = 0  # free squares touching a placed shape face to face
        self.placed: list[tuple[int, str, int, int]] = []  # (seat, piece, placement id, score)
        self.blocks: list[tuple[int, int, int]] = []  # (seat, placement id, turn placed)
        self.last_block = [False] * n  # each seat's last move was a block
        # Placements of each shape on free squares touching a placed shape: kept as shapes land.
        self.cand: dict[str, set[int]] = {s.name: set() for s in self.geo.shapes}
        self.turn = 0
        self.turn_count = 0  # turns begun (passes too)
        self.passes = 0  # turns in a row without a shape placed
        self.die: int | None = None
        self.over = False
        self.won_by: tuple[int, ...] = ()  # winners(): the seats that won, once over
        self.end_why = ""
        self._begin_turn(0)

    # ---- turns ----------------------------------------------------------------------------------

    def _begin_turn(self, seat: int) -> None:
        self.turn = seat
        self.turn_count += 1
        if self.options.dice:
            rng = make_rng(self.seed, "die", self.turn_count)
            self.die = 1 + int(rng.random() * 6)
            if self.recording:
                self._events.append(ev.DieRolled(seat, self.die))

    def _next(self) -> None:
        n = self._n
        o = self.options
        if o.dice:
            done = [p for p in range(n) if not self.left[p]]
            if done:
                self._finish("one placed all")
                return
        elif not any(self.left):
            self._finish("all placed")
            return
        if self.passes >= n and not self._anyone_can_move():
            self._finish("no moves")
            return
        self._begin_turn((self.turn + 1) % n)

    def _finish(self, why: str) -> None:
        totals = [sum(self.scores[p] for p in side) for side in self.sides]
        best = max(totals)
        self.won_by = tuple(
            sorted(p for s, side in enumerate(self.sides) if totals[s] == best for p in side)
        )
        self.over = True
        self.end_why = why
        self.die = None
        if self.recording:
            self._events.append(ev.GameOver(self.won_by, tuple(self.scores), why))

    # ---- the rules of a placement ---------------------------------------------------------------

    def active_blocks(self, seat: int) -> list[tuple[int, int, int]]:
        """The blocks `seat` may not touch on this turn (a partner's never bind)."""
        if not self.blocks:
            return []
        o, now = self.options, self.turn_count
        out = []
        for b in self.blocks:
            owner, _, when = b
            if self.side_of[owner] == self.side_of[seat]:
                continue
            if o.block_for_one_turn:
                if when == now - 1:
                    out.append(b)
            elif now - when < self._n:
                out.append(b)
        return out

    def arena_bound(self, seat: int) -> bool:
        """Still held inside the Arena (two or three players, under 75 points)."""
        return self.options.arena and self.scores[seat] < ARENA_SCORE

    def _limits(self, seat: int) -> tuple[int, bool, bool]:
        """What holds `seat` back now: the squares around running blocks, the Arena, and whether a
        block inside the Arena is barred (its last one still runs there)."""
        forbidden = 0
        for _, pid, _ in self.active_blocks(seat):
            forbidden |= self.geo.placements[pid].around
        no_arena_block = not self.options.block_for_one_turn and self.last_block[seat]
        return forbidden, self.arena_bound(seat), no_arena_block

    @staticmethod
    def _open(p: Placement, limits: tuple[int, bool, bool]) -> bool:
        forbidden, arena, no_arena_block = limits
        if p.mask & forbidden or (arena and not p.arena):
            return False
        return not (no_arena_block and p.block and p.arena)

    def _placements(self, seat: int, shape: str) -> list[Placement]:
        """The placements of `shape` open to `seat` now (blocks included)."""
        geo = self.geo
        if not self.placed:
            at = geo.board.centre
            return [
                geo.placements[i] for i in geo.covering[shape][at] if not geo.placements[i].block
            ]
        limits = self._limits(seat)
        places = geo.placements
        out = [places[i] for i in self.cand[shape] if self._open(places[i], limits)]
        out.sort(key=lambda p: p.id)
        return out

    def placements_for(self, seat: int) -> list[tuple[str, Placement]]:
        """Every (piece, placement) `seat` may make now, the die's size only in the dice game."""
        out = []
        by_shape: dict[str, list[Placement]] = {}
        size = {s.name: s.size for s in self.geo.shapes}
        for piece in sorted(self.left[seat]):
            shape, _ = piece_shape(piece)
            if self.die is not None and size[shape] != self.die:
                continue
            if shape not in by_shape:
                by_shape[shape] = self._placements(seat, shape)
            out += [(piece, p) for p in by_shape[shape]]
        return out

    def _anyone_can_move(self) -> bool:
        """Whether any seat has a place for any shape it holds, blocks and die aside."""
        geo = self.geo
        for seat in range(self._n):
            arena = self.arena_bound(seat)
            for shape in {piece_shape(p)[0] for p in self.left[seat]}:
                for i in self.cand[shape]:
                    if not arena or geo.placements[i].arena:
                        return True
        return False

    def why_not(self, piece: str, pid: int) -> str | None:
        """Why the player to act may not put `piece` at placement `pid` now, in a player's words
        (the table shows it under the pointer); None when they may. Agrees with legal_actions."""
        if self.over:
            return "the game is over"
        seat = self.turn
        p = self.geo.placements[pid]
        shape, _ = piece_shape(piece)
        if not self.left[seat][piece] or p.shape != shape:
            return "that shape is not in the tray"
        if self.die is not None and len(p.squares) != self.die:
            return f"the die asks for a shape of {self.die} square{'s' if self.die > 1 else ''}"
        if not self.placed:
            if p.block:
                return "the first shape may not be turned over"
            return None if p.centre else "the first shape must cover the centre square"
        if p.mask & self.occ:
            return "a shape is already there"
        if not p.around & self.occ:
            return "it must touch a shape face to face"
        if self.arena_bound(seat) and not p.arena:
            return f"inside the Arena until you have {ARENA_SCORE}"
        forbidden, _, no_arena_block = self._limits(seat)
        if p.mask & forbidden:
            return "it touches a block: closed to you this turn"
        if no_arena_block and p.block and p.arena:
            return "no second block in a row inside the Arena"
        return None

    def score_of(self, piece: str, p: Placement) -> int:
        _, mark = piece_shape(piece)
        return p.score(mark if self.options.marks else 1, self.numbers)

    # ---- the shared interface -------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self._n

    def current_player(self) -> int:
        return TERMINAL if self.over else self.turn

    def _legal_actions(self) -> list[str]:
        if self.over:
            return []
        out = [action_of(piece, p) for piece, p in self.placements_for(self.turn)]
        return out or [PASS]

    def _is_legal(self, action: str) -> bool:
        """The one-action check apply_action makes, without listing every placement."""
        if self.over:
            return False
        seat = self.turn
        if action == PASS:
            return not self.placements_for(seat)
        try:
            piece, pid = parse(action, self.geo)
        except ValueError:
            return False
        p = self.geo.placements[pid]
        shape, _ = piece_shape(piece)
        if not self.left[seat][piece] or p.shape != shape:
            return False
        if self.die is not None and len(p.squares) != self.die:
            return False
        if not self.placed:
            return not p.block and pid in self.geo.covering[shape][self.geo.board.centre]
        return pid in self.cand[shape] and self._open(p, self._limits(seat))

    def illegal_message(self, action: str) -> str:
        return (
            f"{action!r} is not legal for seat {self.turn} (turn {self.turn_count}): "
            f"{self.refusal(action)}"
        )

    def refusal(self, action: str) -> str | None:
        """Why the seat to act may not make `action` now, in its words (None: it may)."""
        if self.allows(action):
            return None
        if self.over:
            return "The game is over: no more moves."
        if action == PASS:
            return "You can't pass: a shape of yours has a place on the board."
        try:
            piece, pid = parse(action, self.geo)
        except (ValueError, TypeError):
            return "That is not a place on this board."
        shape = words.an(words.piece_words(piece))
        why = self.why_not(piece, pid) or "not now"
        return f"You can't place {shape} there: {why}."

    def event_words(self, event: Any, viewer: int | None, names: Sequence[str]) -> str:
        return words.event_words(event, names)

    def _apply(self, action: str) -> None:
        seat = self.turn
        if action == PASS:
            self._history.append(action)
            self.passes += 1
            self.last_block[seat] = False
            if self.recording:
                why = "no such shape" if self.die is not None else "no room"
                self._events.append(ev.Passed(seat, why))
            self._next()
            return
        try:
            piece, pid = parse(action, self.geo)
        except ValueError as err:
            raise IllegalActionError(str(err)) from None
        self._history.append(action)
        p = self.geo.placements[pid]
        score = self.score_of(piece, p)
        self.left[seat][piece] -= 1
        if not self.left[seat][piece]:
            del self.left[seat][piece]
        self.scores[seat] += score
        self.placed.append((seat, piece, pid, score))
        self.passes = 0
        self.last_block[seat] = p.block
        if p.block:
            self.blocks.append((seat, pid, self.turn_count))
        self._cover(p)
        if self.recording:
            placed = ev.Placed(
                seat, piece, p.orient, p.row, p.col, p.squares, p.block, score, self.scores[seat]
            )
            self._events.append(placed)
        self._next()

    def _cover(self, p: Placement) -> None:
        """The shape lands: its squares leave every candidate; the squares it newly touches
        bring in the placements that cover them and are free."""
        geo = self.geo
        self.occ |= p.mask
        occ = self.occ
        for shape, cand in self.cand.items():
            cover = geo.covering[shape]
            for i in p.squares:
                cand.difference_update(cover[i])
        fresh = p.around & ~occ & ~self.touch
        self.touch = (self.touch | p.around) & ~occ
        places = geo.placements
        for i in _bits(fresh):
            for shape, cand in self.cand.items():
                for q in geo.covering[shape][i]:
                    if not places[q].mask & occ:
                        cand.add(q)

    def is_terminal(self) -> bool:
        return self.over

    def winners(self) -> list[int]:
        """The seats that won (a pair, or those sharing a tie); [] before the end."""
        return list(self.won_by)

    def returns(self) -> list[float]:
        """Each winner's share of the win (a pair both 1 unless sides tie); 0 before the end."""
        if not self.over:
            return [0.0] * self._n
        sides = len({self.side_of[p] for p in self.won_by})
        return [1.0 / sides if p in self.won_by else 0.0 for p in range(self._n)]

    def clone(self) -> SkirridState:
        new = self._shallow_copy()
        new.left = [Counter(c) for c in self.left]
        new.scores = self.scores[:]
        new.placed = self.placed[:]
        new.blocks = self.blocks[:]
        new.last_block = self.last_block[:]
        new.cand = {k: set(v) for k, v in self.cand.items()}
        new._history = self._history[:]
        new._events = self._events[:]
        return new

    def observation(self, player: int) -> Observation:
        if not 0 <= player < self._n:
            raise ValueError(f"no seat {player}")
        return Observation(self, player)

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> SkirridState:
        """Load a save; one made before boards had editions was played on the first board
        (its options name none), and replays on it."""
        options = record.get("options")
        if isinstance(options, dict) and "board" not in options:
            record = {**record, "options": {**options, "board": FIRST_BOARD}}
        return super().from_record(record)

    def position(self, viewer: int | None = None) -> str:
        """This position as text: see cards/skirrid/position.py."""
        return write_position(self, viewer)

    @classmethod
    def from_position(cls, text: str, rng: random.Random | None = None) -> SkirridState:
        """The game at a position text (cards/skirrid/position.py)."""
        return read_position(cls, text, rng)

    @classmethod
    def from_view(cls, obs: Observation, rng: random.Random | None = None) -> SkirridState:
        """A game standing where a seat's view shows it, for a bot's search: everything on the
        board is open, and the dice to come are drawn from another generator than the game's
        (a bot must not know them); nothing is hidden, so `rng` is not needed."""
        state = cls(obs.options, seed=-1)
        state._replayable = False  # set by hand below: its actions alone do not rebuild it
        geo = state.geo
        for _, _, pid, _ in obs.placed:
            state._cover(geo.placements[pid])
        state.placed = list(obs.placed)
        state.scores = list(obs.scores)
        state.left = [Counter(dict(pieces)) for pieces in obs.left]
        state.blocks = list(obs.all_blocks)
        state.last_block = list(obs.last_block)
        state.over = obs.current_player == TERMINAL  # a finished game's copy is finished
        state.turn = 0 if state.over else obs.current_player
        state.won_by = tuple(obs.winners)
        state.turn_count = obs.turn_count
        state.passes = obs.passes
        state.die = obs.die
        return state

    def side_totals(self) -> list[int]:
        return [sum(self.scores[p] for p in side) for side in self.sides]


class Observation(SeatView):
    """What a seat sees: everything (Skirrid has no hidden information but the coming die)."""

    options: SkirridOptions

    @observed
    def placed(self, s: SkirridState) -> tuple[tuple[int, str, int, int], ...]:
        """(seat, piece, placement id, score) of every shape on the board, in order."""
        return tuple(s.placed)

    @observed
    def occupied(self, s: SkirridState) -> int:
        """The covered squares, as a bit mask over square indices."""
        return s.occ

    @observed
    def scores(self, s: SkirridState) -> tuple[int, ...]:
        return tuple(s.scores)

    @observed
    def left(self, s: SkirridState) -> tuple[tuple[tuple[str, int], ...], ...]:
        """Per seat, the shapes still to place: (piece, how many), in name order."""
        return tuple(tuple(sorted(c.items())) for c in s.left)

    @observed
    def die(self, s: SkirridState) -> int | None:
        return s.die

    @observed
    def blocks(self, s: SkirridState) -> tuple[tuple[int, int, int], ...]:
        """The blocks binding the player to act now: (owner, placement id, turn placed)."""
        return tuple(s.active_blocks(s.turn)) if not s.over else ()

    @observed
    def all_blocks(self, s: SkirridState) -> tuple[tuple[int, int, int], ...]:
        """Every block placed: (owner, placement id, turn placed)."""
        return tuple(s.blocks)

    @observed
    def last_block(self, s: SkirridState) -> tuple[bool, ...]:
        """Whether each seat's last move was a block."""
        return tuple(s.last_block)

    @observed
    def passes(self, s: SkirridState) -> int:
        return s.passes

    @observed
    def arena_bound(self, s: SkirridState) -> tuple[bool, ...]:
        return tuple(s.arena_bound(p) for p in range(s.num_players))

    @observed
    def sides(self, s: SkirridState) -> tuple[tuple[int, ...], ...]:
        return s.sides

    @observed
    def turn_count(self, s: SkirridState) -> int:
        return s.turn_count

    @observed
    def winners(self, s: SkirridState) -> tuple[int, ...]:
        return s.won_by


__all__ = [
    "ARENA_SCORE",
    "PASS",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "Observation",
    "SkirridState",
    "action_of",
    "parse",
    "piece_shape",
]
