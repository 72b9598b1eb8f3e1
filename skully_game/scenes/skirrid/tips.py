"""What the Skirrid table says of a thing under the pointer, in a player's words: a shape in the
tray (what it is, what its mark does), a shape on the board (whose, the numbers it covers and
what it scored), a block (what it scored and whom it binds now), a ×2 or ×3 mark (what it
multiplies), and a seat's points towards the Arena's 75. Everything in Skirrid is open, so any
of it may be said to anyone. `draw_tip` draws one beside the pointer; a placed shape's goes
where it covers least (badge.tip_spot)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from cards.skirrid import SkirridState
from cards.skirrid.board import Placement
from cards.skirrid.state import ARENA_SCORE, piece_shape
from cards.skirrid.words import an, piece_words
from skully_game.scenes.cardtable.words import plural, possessive, says
from skully_game.shell import theme

# The shapes as the rules name them (their Figure 1 was lost: cards/skirrid/data/shapes.json)
SHAPE_WORDS = {
    "Eye": "a single square",
    "Rod": "2 squares in a row",
    "Quoin": "an L of 3 squares",
    "Snake": "an S of 4 squares",
    "Door": "an arch of 5 squares",
    "Gun": "a pistol of 6 squares",
}
TIMES = {2: "doubles", 3: "triples"}
COUNTS = {2: "twice", 3: "three times"}
TIP_SIZE = 18
TIP_ROW = 21


def _lower(name: str) -> str:
    """'You' as it reads mid-sentence ('your next turn'); a name as it is."""
    return name.lower() if name == "You" else name


def tray_tip(
    piece: str, count: int, marks: bool, size: int, die: int | None, kinds: int = 1
) -> str:
    """A shape in the tray: 'Door marked 3: an arch of 5 squares (key 5; again for the next
    mark). The 3 on it triples the one number under that square, not the whole shape.'
    `kinds`: how many of the tray's slots hold this shape (its marks), which the key goes
    through one press after another."""
    shape, mark = piece_shape(piece)
    key = f"key {size}" + ("; press it again for the next mark" if kinds > 1 else "")
    out = [f"{piece_words(piece)}: {SHAPE_WORDS.get(shape, plural(size, 'square'))} ({key})."]
    if mark > 1 and marks:
        out.append(
            f"The {mark} on it {TIMES[mark]} the one number under that square, not the whole shape."
        )
    elif mark > 1:
        out.append("Its mark does not count in this game: it scores as a plain shape.")
    else:
        out.append("It scores the numbers it covers.")
    if count > 1:
        out.append(f"{count} in the tray.")
    if die is not None and size != die:
        out.append(f"The die asks for {plural(die, 'square')}.")
    return " ".join(out)


def score_sum(state: SkirridState, piece: str, p: Placement) -> str:
    """The numbers a shape covers, added as a player would: '5 + 6 + 25×3'."""
    _, mark = piece_shape(piece)
    factor = mark if state.options.marks and not p.block else 1
    terms = []
    for i in sorted(p.squares, key=lambda i: -state.numbers[i]):
        value = state.numbers[i]
        if value and i == p.mark and factor > 1:
            terms.append(f"{value}×{factor}")
        elif value:
            terms.append(str(value))
    return " + ".join(terms) if terms else "no numbers"


def placed_tip(state: SkirridState, k: int, square: int, names: Sequence[str]) -> str:
    """The `k`th shape placed, pointed at on `square`: whose it is, what it covers and scored;
    a block, whom it binds now; its mark, what it multiplied."""
    seat, piece, pid, score = state.placed[k]
    p = state.geo.placements[pid]
    _, mark = piece_shape(piece)
    owner = names[seat]
    if p.block:
        return f"{possessive(owner)} block: {_block_words(state, k, names)}"
    said = f"{possessive(owner)} {piece_words(piece)}: {plural(score, 'point')}"
    added = score_sum(state, piece, p)
    said += f" ({added})." if "+" in added or "×" in added else "."
    if square != p.mark or mark == 1 or not state.options.marks:
        return said
    value = state.numbers[square]
    if not value:
        return f"×{mark} on a square with no number: nothing to multiply. {said}"
    return (
        f"×{mark} on the {value}: that number counts {COUNTS[mark]} ({value * mark}), the "
        f"shape's other numbers once. {said}"
    )


def _block_words(state: SkirridState, k: int, names: Sequence[str]) -> str:
    """A block's score and whom it binds now."""
    seat, piece, pid, score = state.placed[k]
    p = state.geo.placements[pid]
    shape, _ = piece_shape(piece)
    plain = sum(state.numbers[i] for i in p.squares)
    half = f"half of {plain}" + (", rounded down" if plain % 2 else "")
    said = f"{an(shape)} turned over, {plural(score, 'point')} ({half}). "
    when = next((w for s, b, w in state.blocks if b == pid), -1)
    to_act = state.turn
    if not state.over and any(b == pid for _, b, _ in state.active_blocks(to_act)):
        return said + f"{says(names[to_act], 'may', 'may')} not play beside it on this turn."
    running = not state.options.block_for_one_turn and state.turn_count - when < state.num_players
    if not state.over and running:
        return (
            said
            + f"Nobody else may play beside it until {_lower(possessive(names[seat]))} next turn."
        )
    return said + "Its turn is over: a shape may lie beside it now."


def seat_tip(state: SkirridState, seat: int, names: Sequence[str]) -> str:
    """A seat's points: towards the Arena's 75 while it binds, else its points alone; and how
    many shapes it has still to place (drawn large under the words: seatview.py)."""
    name, score = names[seat], state.scores[seat]
    left = sum(state.left[seat].values())
    still = f" {plural(left, 'shape')} still to place." if left else " No shapes left to place."
    if state.arena_bound(seat):
        return (
            f"{says(name, 'has', 'have')} {score} of the {ARENA_SCORE} points that open the "
            "whole board: until then, every shape lies inside the Arena (the light squares)."
            + still
        )
    if state.options.arena:
        return (
            f"{says(name, 'has', 'have')} {plural(score, 'point')}: past {ARENA_SCORE}, "
            "the whole board is open." + still
        )
    return f"{says(name, 'has', 'have')} {plural(score, 'point')}." + still


def tip_lines(text: str, bounds: pygame.Rect) -> tuple[list[str], tuple[int, int]]:
    """`text` wrapped to at most 340 pixels (less in narrow `bounds`), and its box's size."""
    width = min(340, bounds.w - 16)
    lines = theme.wrap(text, TIP_SIZE, width - 14)
    widest = max(theme.font(TIP_SIZE).size(line)[0] for line in lines)
    return lines, (widest + 14, TIP_ROW * len(lines) + 8)


def paint_tip(
    surface: pygame.Surface, lines: list[str], box: pygame.Rect,
    edge: theme.Colour = theme.PANEL_EDGE,
) -> None:  # fmt: skip
    """The wrapped lines in their box."""
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=6)
    pygame.draw.rect(surface, edge, box, 1, border_radius=6)
    for n, line in enumerate(lines):
        theme.text(surface, line, (box.x + 7, box.y + 4 + TIP_ROW * n), TIP_SIZE, theme.TEXT)


def draw_tip(
    surface: pygame.Surface,
    text: str,
    pointer: tuple[int, int],
    bounds: pygame.Rect,
    over: int | None = None,
) -> pygame.Rect:
    """`text` in a box beside the pointer (below and right of it, else wherever it fits inside
    `bounds`; with `over`, its bottom there, so that what lies under the pointer's row stays
    clear), wrapped to at most 340 pixels; the box."""
    lines, size = tip_lines(text, bounds)
    box = pygame.Rect((0, 0), size)
    box.topleft = (pointer[0] + 14, pointer[1] + 22)
    if box.right > bounds.right:
        box.right = pointer[0] - 10
    if over is not None:
        box.bottom = over
    elif box.bottom > bounds.bottom:
        box.bottom = pointer[1] - 12
    box.clamp_ip(bounds)
    paint_tip(surface, lines, box)
    return box


__all__ = [
    "SHAPE_WORDS",
    "draw_tip",
    "paint_tip",
    "placed_tip",
    "score_sum",
    "seat_tip",
    "tip_lines",
    "tray_tip",
]
