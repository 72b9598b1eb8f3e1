"""Skirrid's standings box at the game's end: who won, then each player's (or pair's) points
split as the rules score them (shapes placed face up, and blocks, which score half), best
first, with the ways on from there under them (Play again, Watch the replay, Leave).

The rows are worked out from the finished state alone (`standings`), so a test can read them
without drawing; `draw_standings` paints them in a box the table places over its board."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from cards.skirrid import SkirridState
from cards.words import listing, plural, winners_line
from skully_game.shell import theme

HEADINGS = ("Player", "Face up", "Blocks", "Total")
TITLE_Y = 14
BANNER_Y = 42
ROW_H = 30
BUTTON_H = 40
KEYS_LINE = "A: play again · R: watch the replay · Space: see the board · Esc: leave"


@dataclass(frozen=True)
class Standing:
    """One row: a player (a pair, when pairs play) and their points, as scored."""

    place: int  # 1 for the best; equal totals share a place
    name: str
    face_up: int  # points of the shapes placed face up
    blocks: int  # points of the blocks (half each block's sum, rounded down)
    block_count: int
    shapes: int  # shapes placed
    winner: bool

    @property
    def total(self) -> int:
        return self.face_up + self.blocks


@dataclass(frozen=True)
class Standings:
    banner: str  # the winners in words ("Anne wins!", "You and Cy win!")
    rows: tuple[Standing, ...]
    why: str  # how the game ended, in a few words


def _end_words(state: SkirridState) -> str:
    """How the game ended: every shape placed, one player out of shapes (dice), or stuck."""
    if state.end_why == "one placed all":
        return "A player has placed every shape."
    if state.end_why == "no moves":
        return "Nobody could place a shape."
    return "Every shape is on the board."


def standings(
    state: SkirridState, names: Sequence[str], told: Sequence[str] | None = None
) -> Standings:
    """The finished game's rows, best first: one per player, or one per pair (the partners'
    points added, as the rules score pairs), each under the seat's name; the banner says the
    winners as the log does (`told`: "You win!" for the one person at the table)."""
    n = len(names)
    face = [0] * n
    block = [0] * n
    blocks = [0] * n
    shapes = [0] * n
    for seat, _piece, pid, score in state.placed:
        shapes[seat] += 1
        if state.geo.placements[pid].block:
            block[seat] += score
            blocks[seat] += 1
        else:
            face[seat] += score
    winners = set(state.winners())
    groups = state.sides if state.options.pairs else tuple((p,) for p in range(n))
    rows = []
    for side in groups:
        rows.append(
            Standing(
                0,
                listing([names[p] for p in side]),
                sum(face[p] for p in side),
                sum(block[p] for p in side),
                sum(blocks[p] for p in side),
                sum(shapes[p] for p in side),
                any(p in winners for p in side),
            )
        )
    rows.sort(key=lambda r: -r.total)
    placed = tuple(
        Standing(1 + sum(1 for q in rows if q.total > r.total), r.name, r.face_up, r.blocks,
                 r.block_count, r.shapes, r.winner)
        for r in rows
    )  # fmt: skip
    banner = winners_line([(told or names)[p] for p in sorted(winners)])
    return Standings(banner, placed, _end_words(state))


def box_height(rows: int, buttons: bool = True) -> int:
    """The box's height for `rows` standings: title, banner, headings, rows, the end's words,
    the buttons (a replay has none) and the keys' line."""
    return BANNER_Y + 58 + 24 + ROW_H * rows + 28 + (BUTTON_H + 14 if buttons else 0) + 30


def button_row(box: pygame.Rect) -> pygame.Rect:
    """Where the box's buttons lie: across its foot, over the keys' line."""
    return pygame.Rect(box.x + 20, box.bottom - 34 - BUTTON_H, box.w - 40, BUTTON_H)


def _columns(box: pygame.Rect) -> list[int]:
    """The right edge of each number column (the name column starts at the box's left)."""
    right = box.right - 24
    step = min(110, (box.w - 48) // 5)
    return [right - 2 * step, right - step, right]


def draw_standings(
    surface: pygame.Surface, box: pygame.Rect, table: Standings, keys: str = KEYS_LINE
) -> None:
    """The box, opaque: 'Game over', the winners large, a row per player under the headings,
    how the game ended, and the keys' line at the foot (the buttons are the table's widgets,
    drawn over the box in `button_row`)."""
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=10)
    pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=10)
    theme.text(surface, "Game over", (box.centerx, box.y + TITLE_Y), 24, theme.TEXT_DIM, "midtop")
    size = 48
    while size > 26 and theme.font(size, True).size(table.banner)[0] > box.w - 40:
        size -= 4
    theme.text(surface, table.banner, (box.centerx, box.y + BANNER_Y), size, theme.ACCENT,
               "midtop", True)  # fmt: skip
    y = box.y + BANNER_Y + 58
    left = box.x + 24
    cols = _columns(box)
    theme.text(surface, HEADINGS[0], (left, y), 17, theme.TEXT_DIM)
    for k, head in enumerate(HEADINGS[1:]):
        theme.text(surface, head, (cols[k], y), 17, theme.TEXT_DIM, "topright")
    y += 24
    for row in table.rows:
        colour = theme.ACCENT if row.winner else theme.TEXT
        theme.text(surface, str(row.total), (cols[2], y), 22, colour, "topright", True)
        blocks = str(row.blocks) if row.block_count else "-"
        theme.text(surface, blocks, (cols[1], y), 22, colour, "topright")
        face = theme.text(surface, str(row.face_up), (cols[0], y), 22, colour, "topright")
        name = theme.fit(f"{row.place}. {row.name}", 22, face.x - 16 - left)
        theme.text(surface, name, (left, y), 22, colour)
        y += ROW_H
    why = table.why
    blocked = sum(r.block_count for r in table.rows)
    if blocked:
        why += f" {plural(blocked, 'block')} scored half {'its' if blocked == 1 else 'their'} sum."
    theme.text(surface, theme.fit(why, 17, box.w - 40), (box.centerx, y + 4), 17,
               theme.TEXT_DIM, "midtop")  # fmt: skip
    theme.text(surface, theme.fit(keys, 16, box.w - 24), (box.centerx, box.bottom - 12),
               16, theme.TEXT_DIM, "midbottom")  # fmt: skip


__all__ = [
    "HEADINGS",
    "KEYS_LINE",
    "Standing",
    "Standings",
    "box_height",
    "button_row",
    "draw_standings",
    "standings",
]
