"""Skirrid positions as text (cards/position.py has the shared conventions):

    skirrid rules=players:2 seed=4 turn=0 turns=5 passes=0 die=- placed=0:Quoin:R0:8:8,1:Quoin2:R3:9:6,0:Gun:R3:6:10,1:Quoin3:F1:10:10@4 last_block=1 end=-

- `turn`: the seat to act (`-` once the game is over); `turns`: turns begun (passes too; the
  dice variant rolls its die from the seed and this count); `passes`: turns in a row without a
  shape placed; `die`: the die's face this turn (`-` without dice).
- `placed`: every shape on the board in the order laid, `seat:piece:orient:row:col` as in a
  placement's action ("Door3 R1 8,8"), a block (an orientation F0-F3) followed by `@T`, the
  turn it was laid (it binds by turns). Scores and the shapes left follow from it.
- `last_block`: the seats whose last move was a block; `end`: why the game ended
  (`all-placed`, `one-placed-all`, `no-moves`), `-` while it goes on.
Nothing is hidden but the dice to come: a seat's view (`view=SEAT`) leaves out only the seed.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from cards.engine import make_rng
from cards.position import (
    NONE,
    Fields,
    PositionError,
    fail,
    game_key,
    head,
    ints,
    items,
    number,
    read_ints,
    read_rules,
    require,
    seed_or_view,
    settle,
    write,
)
from cards.skirrid.options import SkirridOptions
from cards.skirrid.words import piece_shape

if TYPE_CHECKING:
    from cards.skirrid.state import SkirridState

_ENDS = ("all placed", "one placed all", "no moves")


def write_position(state: SkirridState, viewer: int | None) -> str:
    geo = state.geo
    when = {pid: turn for _, pid, turn in state.blocks}
    placed = []
    for seat, piece, pid, _ in state.placed:
        p = geo.placements[pid]
        text = f"{seat}:{piece}:{p.orient}:{p.row}:{p.col}"
        placed.append(f"{text}@{when[pid]}" if p.block else text)
    pairs = [
        *head(state, viewer),
        ("turn", NONE if state.over else str(state.turn)),
        ("turns", str(state.turn_count)),
        ("passes", str(state.passes)),
        ("die", NONE if state.die is None else str(state.die)),
        ("placed", items(placed)),
        ("last_block", ints(p for p, b in enumerate(state.last_block) if b)),
        ("end", state.end_why.replace(" ", "-") if state.over else NONE),
    ]
    return write(game_key(type(state)), pairs)


def read_position(kind: type[SkirridState], text: str, rng: random.Random | None) -> SkirridState:
    found = Fields(text, game_key(kind))
    options = read_rules(found, SkirridOptions)
    n = options.players
    seed, viewer = seed_or_view(found, n)
    state = kind(options, -1 if seed is None else seed)
    turn = found.seat("turn", n)
    turns = found.int("turns", 1)
    state.turn_count = turns
    state.passes = found.int("passes", 0, n)
    die = found.text("die")
    state.die = None if die == NONE else number("die", die, 1, 6, "a die's face")
    require(
        (state.die is not None) == (options.dice and turn is not None),
        "die",
        ("a face from 1 to 6 in the dice variant while the game goes on, else -"),
        die,
    )
    _place_all(state, found.text("placed"), turns)
    last = read_ints("last_block", found.text("last_block"))
    for p in last:
        require(p < n, "last_block", f"seats below {n}", str(p))
    state.last_block = [p in last for p in range(n)]
    end = found.text("end")
    if turn is None:
        end = end.replace("-", " ")
        require(
            end in _ENDS, "end", "why the game ended (all-placed, one-placed-all, no-moves)", end
        )
        state._finish(end)
    else:
        require(end == NONE, "end", "- while the game goes on (turn names a seat)", end)
        state.turn = turn
    found.done()
    settle(state)
    if viewer is None:
        return state
    return settle(kind.from_view(state.observation(viewer), rng or make_rng(0, "position")))


def _place_all(state: SkirridState, text: str, turns: int) -> None:
    """Lay the shapes of `placed=` in order, each where the rules let it lie."""

    geo = state.geo
    left = [Counter(state.options.pieces(p)) for p in range(state.num_players)]
    touch = 0
    if text == NONE:
        return
    for item in text.split(","):
        body, _, when = item.partition("@")
        parts = body.split(":")
        expected = "seat:piece:orient:row:col items (a block with @turn)"
        if len(parts) != 5:
            raise fail("placed", expected, item)
        seat = number("placed", parts[0], 0, state.num_players - 1, "a seat")
        piece, orient = parts[1], parts[2]
        row, col = number("placed", parts[3]), number("placed", parts[4])
        pid = geo.by_key.get((piece_shape(piece)[0], orient, row, col))
        if pid is None:
            raise fail("placed", "a shape's place on the board", item)
        p = geo.placements[pid]
        if not left[seat][piece]:
            raise fail("placed", f"a shape seat {seat} still holds", item)
        if not state.placed:
            require(
                p.centre and not p.block, "placed", "a first shape on the centre, face up", item
            )
        else:
            require(not p.mask & state.occ, "placed", "shapes on free squares", item)
            require(bool(p.around & state.occ), "placed", "shapes touching face to face", item)
        if p.block:
            require(bool(when), "placed", "a block's turn after '@'", item)
            turn = number("placed", when, 1, turns, "the turn it was laid")
            state.blocks.append((seat, pid, turn))
        elif when:
            raise fail("placed", "'@turn' on a block only", item)
        left[seat][piece] -= 1
        score = state.score_of(piece, p)
        state.scores[seat] += score
        state.placed.append((seat, piece, pid, score))
        state.occ |= p.mask
        touch |= p.around
    state.left = [+c for c in left]
    # The places each shape may go next, worked out once for the board as it stands (what
    # `_cover` keeps up to date shape by shape): on free squares, touching a shape.
    occ = state.occ
    state.touch = touch & ~occ
    places = geo.placements
    for i in (i for i in range(touch.bit_length()) if state.touch >> i & 1):
        for shape, cand in state.cand.items():
            cand.update(q for q in geo.covering[shape][i] if not places[q].mask & occ)
    if len(state.placed) > turns:
        raise PositionError(
            f"position: turns: expected at least {len(state.placed)} (a shape a turn)"
        )
