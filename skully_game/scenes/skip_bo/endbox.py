"""Skip-Bo's game's end in one box: who won, every seat's stock left and cards played in the
game, and the ways on (Play again, Watch the replay, See the table, Leave) inside it; and the
final table's hands, every one face up (the game is over: nothing is secret any more).

A play-tester met two screens at the end (a "You win - Continue" summary, then "Game over"):
the game's last summary is not shown, this box says all of it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from cards.skip_bo import events as ev
from cards.skip_bo.cards import WILD, code
from skully_game.scenes.cardtable.carddraw import CARD_H, CARD_W
from skully_game.scenes.cardtable.words import plural, winners_line
from skully_game.shell import theme

ROW_H = 30  # a seat's line in the box
BUTTON_H = 40
TOP = 112  # the title, the winner's line and the headings above the first seat's line
HINT_H = 24  # the keys' line at the box's foot
READABLE = 0.28  # the least scale at which a small card's number reads: words below it


@dataclass(frozen=True, slots=True)
class EndLine:
    """One seat at the game's end."""

    seat: int
    name: str
    left: int  # cards still in its stock
    played: int  # cards it put on the building piles this game
    points: int | None  # its match total (None: a single game)
    won: bool


def played_this_game(events: Sequence[object], seats: int) -> list[int]:
    """Cards each seat built this game: those played since the last deal."""
    counts = [0] * seats
    for e in reversed(events):
        if isinstance(e, ev.GameDealt):
            break
        if isinstance(e, ev.CardPlayed):
            counts[e.seat] += 1
    return counts


def end_lines(state: object, names: Sequence[str], winners: Sequence[int]) -> list[EndLine]:
    """Every seat, the winners first, then the fewest stock cards left."""
    n = state.num_players  # type: ignore[attr-defined]
    played = played_this_game(state.events, n)  # type: ignore[attr-defined]
    match = bool(state.options.match_to)  # type: ignore[attr-defined]
    lines = [
        EndLine(
            p,
            names[p],
            len(state.stocks[p]),  # type: ignore[attr-defined]
            played[p],
            state.scores[state.side_of[p]] if match else None,  # type: ignore[attr-defined]
            p in winners,
        )
        for p in range(n)
    ]
    return sorted(lines, key=lambda e: (not e.won, e.left, -e.played, e.seat))


def box_height(seats: int, buttons: int) -> int:
    """The box's height: its lines, then its buttons two to a row, then the keys' line."""
    rows = -(-buttons // 2)
    return TOP + ROW_H * seats + 16 + rows * (BUTTON_H + 10) + HINT_H


def button_rects(box: pygame.Rect, seats: int, count: int) -> list[pygame.Rect]:
    """The buttons' places inside the box, two to a row under the seats' lines."""
    y = box.y + TOP + ROW_H * seats + 16
    w = min(260, (box.w - 52) // 2)
    out = []
    for k in range(count):
        row, col = divmod(k, 2)
        alone = col == 0 and k == count - 1  # an odd last one stands in the middle
        x = box.centerx - w // 2 if alone else box.centerx + (6 if col else -6 - w)
        out.append(pygame.Rect(x, y + row * (BUTTON_H + 10), w, BUTTON_H))
    return out


def draw_end_box(
    surface: pygame.Surface, box: pygame.Rect, title: str, lines: Sequence[EndLine], hint: str
) -> None:
    """The box's words: the title, the winner large, each seat's line, the keys at its foot."""
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=10)
    pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=10)
    theme.text(surface, title, (box.centerx, box.y + 12), 22, theme.TEXT_DIM, "midtop")
    banner = winners_line([e.name for e in lines if e.won])
    size = 44
    while size > 24 and theme.font(size, True).size(banner)[0] > box.w - 40:
        size -= 4
    theme.text(surface, banner, (box.centerx, box.y + 38), size, theme.ACCENT, "midtop", True)
    match = any(e.points is not None for e in lines)
    heads = ["Stock left", "Cards played", *(["Points"] if match else [])]
    col = 118 if match else 150
    right = box.right - 24
    xs = [right - col * (len(heads) - 1 - k) for k in range(len(heads))]
    y = box.y + TOP - 26
    for x, head in zip(xs, heads, strict=True):
        theme.text(surface, head, (x, y), 17, theme.TEXT_DIM, "topright")
    y = box.y + TOP
    for e in lines:
        colour = theme.ACCENT if e.won else theme.TEXT
        cells = ["empty" if not e.left else plural(e.left, "card"), str(e.played)]
        cells += [str(e.points)] if match else []
        for x, cell in zip(xs, cells, strict=True):
            theme.text(surface, cell, (x, y), 22, colour, "topright")
        name_room = xs[0] - col + 24 - (box.x + 24)
        theme.text(surface, theme.fit(e.name, 22, name_room), (box.x + 24, y), 22, colour)
        y += ROW_H
    theme.text(surface, hint, (box.centerx, box.bottom - 8), 16, theme.TEXT_DIM, "midbottom")


def draw_hands(
    surface: pygame.Surface,
    area: pygame.Rect,
    hands: Sequence[tuple[str, Sequence[int]]],
    image: Callable[[str, float], pygame.Surface],
) -> None:
    """Every seat's hand face up in `area`, a line each (name, then its cards small), in two
    columns when one would not hold them."""
    if not hands:
        return
    cols = 1 if len(hands) * 50 <= area.h else 2
    per_col = -(-len(hands) // cols)
    row_h = min(70, (area.h - 22) // per_col)
    col_w = area.w // cols
    name_w = min(110, col_w // 3)
    scale = max(0.2, min((row_h - 6) / CARD_H, (col_w - name_w - 20) / (5 * (CARD_W + 4))))
    cw = round(CARD_W * scale)
    theme.text(surface, "Every hand at the end", (area.x, area.y), 17, theme.TEXT_DIM)
    for k, (name, cards) in enumerate(hands):
        c, r = divmod(k, per_col)
        x, y = area.x + c * col_w, area.y + 22 + r * row_h
        label = theme.fit(name, 18, name_w - 8)
        theme.text(surface, label, (x, y + (row_h - 6) // 2), 18, theme.TEXT, "midleft")
        if not cards or scale < READABLE:  # too small to read: the cards in words
            words = ", ".join("SKIP-BO" if c == WILD else str(c) for c in cards) or "no cards"
            words = theme.fit(words, 18, col_w - name_w - 12)
            theme.text(surface, words, (x + name_w, y + (row_h - 6) // 2), 18,
                       theme.TEXT if cards else theme.TEXT_DIM, "midleft")  # fmt: skip
            continue
        for j, card in enumerate(cards):
            surface.blit(image(code(card), scale), (x + name_w + j * (cw + 4), y))


__all__ = [
    "EndLine",
    "box_height",
    "button_rects",
    "draw_end_box",
    "draw_hands",
    "end_lines",
    "played_this_game",
]
