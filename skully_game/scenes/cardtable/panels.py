"""The table's panels, drawn the same for every game: the game log (wrapped, never cut, scrolled),
the score sheet with its graph, a round's summary, the game-over screen and the pass screen."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TYPE_CHECKING

import pygame

from skully_game.scenes.cardtable.carddraw import CARD_H, CARD_W
from skully_game.scenes.cardtable.game import PrivateView, Sheet, Summary
from skully_game.scenes.cardtable.words import plural, winners_line
from skully_game.shell import theme

if TYPE_CHECKING:
    from skully_game.scenes.cardtable.secrecy import Sight

LOG_SIZE = 17
LOG_ROW = 19


def fit_bold(message: str, size: int, width: int) -> str:
    """`theme.fit` for bold text: one line, cut short with "..." to `width` pixels."""
    f = theme.font(size, True)
    if f.size(message)[0] <= width:
        return message
    while message and f.size(message + "...")[0] > width:
        message = message[:-1]
    return message.rstrip() + "..."


NUMBER = re.compile(r"[+-]?\d+([,.;:!?)]*)")  # a number, and what may close its clause
GLUE = "\u00a0"  # a space the wrap does not break at
COUNT = re.compile(r"\d+ of [+-]?\d+")  # "1 of 3", "Round 5 of 10": one piece
SMALL_WORDS = frozenset({"a", "an", "and", "at", "by", "for", "from", "in", "of", "on", "or",
                         "the", "to", "with"})  # fmt: skip


def keep_numbers(line: str) -> str:
    """`line` with each number held to its neighbours by spaces a wrap does not break: to the
    word before ("the black Jolly Roger 8", "the 8"), and to the word after when that is its
    noun ("5 cards", not "the 8 of"), so a wrapped line never leaves a number alone on a row;
    and a count stays whole ("1 of 3": no row begins with "of 3)")."""
    words = COUNT.sub(lambda m: m.group(0).replace(" ", GLUE), line).split(" ")
    out = words[:1]
    for before, word in pairwise(words):
        number = NUMBER.fullmatch(before)
        noun = (
            number is not None
            and not number.group(1)  # "Mary -40," ends its clause
            and word[:1].isalpha()
            and word.lower() not in SMALL_WORDS
        )
        leads = NUMBER.fullmatch(word.split(GLUE)[0])  # "8", or "1" of "1 of 3)"
        out.append((GLUE if before and (leads or noun) else " ") + word)
    return "".join(out)


INDENT = "  "  # before the later rows of a wrapped log line


def wrap_log(lines: Sequence[str], width: int) -> list[tuple[str, bool]]:
    """Every line wrapped at words to `width` pixels, never leaving a number alone on a row
    (`keep_numbers`): (text, first row of its line)."""
    rows: list[tuple[str, bool]] = []
    inside = width - theme.font(LOG_SIZE).size(INDENT)[0]  # a line's later rows are indented
    for line in lines:
        for k, part in enumerate(theme.wrap(keep_numbers(line), LOG_SIZE, inside)):
            part = part.replace(GLUE, " ")
            rows.append((part if k == 0 else INDENT + part, k == 0))
    return rows


def draw_log(
    surface: pygame.Surface,
    rect: pygame.Rect,
    rows: Sequence[tuple[str, bool]] | Sequence[tuple[str, bool, int | None]],
    scroll: int,
    sight: Sight | None = None,
) -> int:
    """The wrapped rows in `rect`, the newest at the bottom, `scroll` rows back; returns the
    largest useful scroll. Rows with an owner go through `sight`: drawn for their owner only."""
    fit = max(1, rect.h // LOG_ROW)
    most = max(0, len(rows) - fit)
    scroll = min(scroll, most)
    end = len(rows) - scroll
    y = rect.y
    for row in rows[max(0, end - fit) : end]:
        text, first = row[0], row[1]
        colour = theme.TEXT if first else theme.TEXT_DIM
        if sight is not None and len(row) > 2:
            sight.text(surface, row[2], text, (rect.x, y), LOG_SIZE, colour)  # type: ignore[misc]
        else:
            theme.text(surface, text, (rect.x, y), LOG_SIZE, colour)
        y += LOG_ROW
    if most:
        # a scroll bar: where these rows sit in the whole log
        bar = pygame.Rect(rect.right + 4, rect.y, 4, rect.h)
        pygame.draw.rect(surface, theme.PANEL_EDGE, bar, border_radius=2)
        knob_h = max(16, rect.h * fit // len(rows))
        top = rect.y + (rect.h - knob_h) * (most - scroll) // most
        pygame.draw.rect(surface, theme.TEXT_DIM, (bar.x, top, 4, knob_h), border_radius=2)
    if scroll:  # scrolled back: the newest lines are out of sight, and it says so
        words = f"{plural(scroll, 'newer line')} below (PgDn)"
        tag = pygame.Rect((0, 0), theme.font(LOG_SIZE).size(words)).inflate(10, 4)
        tag.bottomright = (rect.right, rect.bottom)
        pygame.draw.rect(surface, theme.PANEL_EDGE, tag, border_radius=6)
        theme.text(surface, words, tag.center, LOG_SIZE, theme.ACCENT, "center")
    return most


def _opaque(surface: pygame.Surface, box: pygame.Rect) -> None:
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=10)
    pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=10)


# The score sheet's colours by seat, the most distinct first: the theme's player colours in an
# order where a few players never get two alike (the fourth seat's yellow lay beside the first
# seat's orange in Skull King's graph), then chalk white for an eighth seat.
SHEET_ORDER = ("Orange", "Sky", "Green", "Purple", "Yellow", "Blue", "Vermilion")


def sheet_colours() -> tuple[theme.Colour, ...]:
    named = dict(theme.PLAYER_COLOURS)
    return (*(named[name] for name in SHEET_ORDER), theme.CHALK)


def colour_of(index: int) -> theme.Colour:
    """A seat's colour on the score sheet (its name, its line and its legend)."""
    colours = sheet_colours()
    return colours[index % len(colours)]


@dataclass(frozen=True, slots=True)
class TwoGraphSheet(Sheet):
    """A sheet whose game is told by two counts per round (Skull: Win Markers won, and cards
    left): its graph is two graphs, one above the other, each with its axis from 0 to its own
    top, every whole number labelled (a graph that lay flat at 0 read as nothing)."""

    top: int = 2  # the upper graph's axis, from 0 (the count that wins)
    lower: tuple[tuple[int, ...], ...] = field(default=())  # per player: start, after r1, ...
    lower_unit: str = ""
    lower_top: int = 4


def sheet_room(box: pygame.Rect, sheet: Sheet) -> int:
    """How many rounds' rows fit on the sheet in `box` above its totals and graph."""
    return max(1, (box.h - (400 if isinstance(sheet, TwoGraphSheet) else 330)) // 20)


def sheet_window(count: int, room: int, first: int | None = None) -> range:
    """Which of `count` rounds the sheet shows in `room` rows, from round `first` (None: the
    latest). When they do not all fit, one row says which show and how to reach the others."""
    if count <= room:
        return range(count)
    shown = max(1, room - 1)
    start = count - shown if first is None else max(0, min(first, count - shown))
    return range(start, start + shown)


def draw_sheet(
    surface: pygame.Surface,
    box: pygame.Rect,
    sheet: Sheet,
    names: Sequence[str],
    first: int | None = None,
) -> None:
    """The score sheet, opaque over the table: rounds by players, totals, and a graph of the
    running totals with a legend, axes and the zero line. A long game's rounds are shown from
    `first` (None: the latest), with a line saying which show (after 15 rounds at 1024x640
    the first ones were dropped without a word)."""
    _opaque(surface, box)
    theme.text(surface, "Score sheet", (box.x + 20, box.y + 12), 30, theme.ACCENT, bold=True)
    theme.text(surface, "Tab closes", (box.right - 16, box.y + 16), 18, theme.TEXT_DIM, "topright")
    n = len(sheet.players)
    label_w = 86
    col = max(60, min(120, (box.w - label_w - 30) // max(1, n)))
    cell = 18 if col >= 80 else 16
    if sheet.cell_note:
        room = box.right - 130 - (box.x + 220)  # clear of "Tab closes" at the right
        note = theme.fit(sheet.cell_note, 18, room)
        theme.text(surface, note, (box.x + 220, box.y + 20), 18, theme.TEXT_DIM)
    y = box.y + 52
    for k, seat in enumerate(sheet.players):
        name = theme.fit(names[seat], 20, col - 6)
        theme.text(surface, name, (box.x + label_w + k * col, y), 20, colour_of(k), bold=True)
    y += 24
    rounds = list(sheet.rounds)
    window = sheet_window(len(rounds), sheet_room(box, sheet), first)  # the graph stays on
    if len(window) < len(rounds):
        steps = f"{sheet.step.capitalize()}s"
        line = (
            f"{steps} {window.start + 1} to {window.stop} of {len(rounds)}: the arrows, "
            "Page Up, Page Down or the wheel show the others"
        )
        theme.text(surface, theme.fit(line, 16, box.w - 32), (box.x + 16, y), 16, theme.ACCENT)
        y += 20
    rounds = [rounds[k] for k in window]
    if not rounds:
        line = f"Nothing scored yet: a line is added as each {sheet.step} ends."
        theme.text(surface, line, (box.x + 16, y), cell, theme.TEXT_DIM)
        y += 20
    for label, cells in rounds:
        theme.text(surface, label, (box.x + 16, y), cell, theme.TEXT_DIM)
        for k, (text, good) in enumerate(cells):
            c = theme.TEXT if good is None else theme.OK if good else theme.DANGER
            theme.text(surface, text, (box.x + label_w + k * col, y), cell, c)
        y += 20
    theme.text(surface, "Total", (box.x + 16, y + 4), 20, theme.TEXT)
    for k, total in enumerate(sheet.totals):
        theme.text(
            surface, str(total), (box.x + label_w + k * col, y + 4), 20, theme.ACCENT, bold=True
        )
    graph = pygame.Rect(box.x + 70, y + 44, box.w - 100, box.bottom - y - 100)
    if graph.h > 50 and sheet.running and len(sheet.running[0]) > 2:  # a line needs 2 games
        if isinstance(sheet, TwoGraphSheet):
            high = (graph.h - 44) // 2
            upper = pygame.Rect(graph.x, graph.y, graph.w, high)
            below = pygame.Rect(graph.x, graph.bottom - high, graph.w, high)
            _graph(surface, upper, sheet, names, axis=(sheet.running, sheet.unit, sheet.top))
            lower = (sheet.lower, sheet.lower_unit, sheet.lower_top)
            _graph(surface, below, sheet, names, axis=lower, legend=False)
        else:
            _graph(surface, graph, sheet, names)
    elif graph.h > 50 and rounds:  # say what will fill the empty sheet, not leave it blank
        line = f"The graph of the running totals appears after the second {sheet.step}."
        theme.text(surface, line, (box.x + 16, y + 44), cell, theme.TEXT_DIM)


def _graph(
    surface: pygame.Surface,
    graph: pygame.Rect,
    sheet: Sheet,
    names: Sequence[str],
    axis: tuple[tuple[tuple[int, ...], ...], str, int] | None = None,
    legend: bool = True,
) -> None:
    """The running totals' lines; `axis` (series, unit, top) instead draws those series on an
    axis from 0 to at least `top`, each whole number labelled."""
    running, unit = (axis[0], axis[1]) if axis else (sheet.running, sheet.unit)
    lo = min(0, min(min(r) for r in running))
    hi = max(0, max(max(r) for r in running), axis[2] if axis else 0)
    span = max(1, hi - lo)
    steps = len(running[0]) - 1

    def at(k: int, v: float) -> tuple[float, float]:
        return graph.x + graph.w * k / max(1, steps), graph.bottom - graph.h * (v - lo) / span

    # axes: points up the left, rounds along the bottom, and the zero line across
    pygame.draw.line(surface, theme.TEXT_DIM, graph.topleft, graph.bottomleft, 1)
    pygame.draw.line(surface, theme.TEXT_DIM, graph.bottomleft, graph.bottomright, 1)
    zero_y = at(0, 0)[1]
    pygame.draw.line(surface, theme.TEXT, (graph.x, zero_y), (graph.right, zero_y), 1)
    labelled = range(lo, hi + 1) if axis and span <= 8 else sorted({lo, 0, hi})
    for value in labelled:
        if axis and value not in (lo, hi):  # a faint line across at each whole number
            y = at(0, value)[1]
            pygame.draw.line(surface, theme.PANEL_EDGE, (graph.x + 1, y), (graph.right, y), 1)
        theme.text(
            surface, str(value), (graph.x - 6, at(0, value)[1]), 16, theme.TEXT_DIM, "midright"
        )
    for k in range(1, steps + 1):
        x = at(k, 0)[0]
        pygame.draw.line(surface, theme.TEXT_DIM, (x, graph.bottom), (x, graph.bottom + 4), 1)
        if steps <= 12 or k % 2 == 0:
            theme.text(surface, str(k), (x, graph.bottom + 5), 15, theme.TEXT_DIM, "midtop")
    theme.text(
        surface, sheet.step, (graph.right, graph.bottom + 20), 15, theme.TEXT_DIM, "topright"
    )
    theme.text(
        surface, unit, (graph.x, graph.y - 4), 15, theme.TEXT_DIM, "bottomleft"
    )  # clear of the frame
    for k, series in enumerate(running):
        # equal totals (partners always) lie side by side, a line's width apart, not hidden
        lift = 3 * k - 3 * (len(running) - 1) / 2
        pts = [(x, y + lift) for x, y in (at(i, v) for i, v in enumerate(series))]
        pygame.draw.lines(surface, colour_of(k), False, pts, 3)
    if not legend:
        return
    # the legend, along the top of the graph
    x = graph.x + 8
    for k, seat in enumerate(sheet.players):
        name = theme.fit(names[seat], 16, 110)
        pygame.draw.line(surface, colour_of(k), (x, graph.y + 8), (x + 18, graph.y + 8), 3)
        r = theme.text(surface, name, (x + 22, graph.y + 1), 16, theme.TEXT)
        x = r.right + 14
        if x > graph.right - 60:
            break


def summary_columns(summary: Summary, room: int) -> list[int]:
    """Each column of a summary as wide as its longest cell (a heading may wrap at its words),
    the room left over shared out evenly; when the room is short, every column gives up the
    same share of its width."""
    cols = len(summary.headings)
    need = []
    for k, head in enumerate(summary.headings):
        cells = [row[k] for row in summary.rows if k < len(row)]
        words = max((theme.font(18, True).size(w)[0] for w in head.split()), default=0)
        widest = max((theme.font(20).size(c)[0] for c in cells), default=0)
        need.append(max(words, widest) + 12)
    total = sum(need)
    if total <= room:
        spare = (room - total) // max(1, cols)
        return [n + spare for n in need]
    return [n * room // total for n in need]


def draw_summary(
    surface: pygame.Surface, box: pygame.Rect, summary: Summary, names: Sequence[str]
) -> pygame.Rect:
    """A round's summary, opaque; returns the rect left for its button below the rows."""
    _opaque(surface, box)
    # the title's size: the largest that fits the box (a long one ran into both edges)
    size = next((z for z in (32, 28, 24) if theme.font(z, True).size(summary.title)[0] <= box.w - 40),
                20)  # fmt: skip
    title = theme.fit(summary.title, size, box.w - 40, True)
    theme.text(surface, title, (box.centerx, box.y + 16 + (32 - size) // 2), size, theme.ACCENT,
               "midtop", True)  # fmt: skip
    widths = summary_columns(summary, box.w - 40)
    lefts = [box.x + 20 + sum(widths[:k]) for k in range(len(widths))]
    y = box.y + 64
    tall = 1
    for k, head in enumerate(summary.headings):
        lines = theme.wrap(head, 18, widths[k] - 8, True)  # never into the next column
        tall = max(tall, len(lines))
        for j, line in enumerate(lines):
            theme.text(surface, line, (lefts[k], y + 18 * j), 18, theme.TEXT_DIM, bold=True)
    y += 8 + 18 * tall
    for r, row in enumerate(summary.rows):
        good = summary.good[r] if r < len(summary.good) else None
        c = theme.TEXT if good is None else theme.OK if good else theme.DANGER
        for k, cell in enumerate(row[: len(widths)]):
            width = widths[k] - 8
            colour = sign_colour(cell) if k in summary.signed else c if k else theme.TEXT
            theme.text(surface, theme.fit(cell, 20, width), (lefts[k], y), 20, colour)
        y += 26
    return pygame.Rect(box.x, y + 10, box.w, box.bottom - y - 10)


def sign_colour(cell: str) -> theme.Colour:
    """A signed number's colour: green above 0, red below, plain at 0 (or not a number)."""
    try:
        value = int(cell)
    except ValueError:
        return theme.TEXT
    return theme.OK if value > 0 else theme.DANGER if value < 0 else theme.TEXT


def draw_game_over(
    surface: pygame.Surface,
    box: pygame.Rect,
    winners: Sequence[int],
    scores: Sequence[int],
    names: Sequence[str],
    unit: tuple[str, str] = ("point", "points"),
    banner: str | None = None,
    title: str = "Game over",
    out: Mapping[int, str] | None = None,
) -> None:
    """The winner named first and largest (`banner`, else from the winners' names), then every
    player's or side's score, best first: equal scores share a place, and a long name is cut
    short before it reaches its score. Seats `out` of the game before its end are ranked with
    nobody: they come last, apart, each with when they went out ("Out: Cy (lost all cards in
    round 4)")."""
    _opaque(surface, box)
    banner = banner or winners_line([names[s] for s in winners])
    theme.text(surface, title, (box.centerx, box.y + 18), 26, theme.TEXT_DIM, "midtop")
    size = 56
    while size > 28 and theme.font(size, True).size(banner)[0] > box.w - 40:
        size -= 4
    theme.text(surface, banner, (box.centerx, box.y + 50), size, theme.ACCENT, "midtop", True)
    y = box.y + 60 + size
    left, right = box.centerx - min(190, box.w // 2 - 20), box.centerx + min(190, box.w // 2 - 20)
    out = out or {}
    order = sorted((p for p in range(len(scores)) if p not in out), key=lambda p: -scores[p])
    for p in order:
        place = 1 + sum(1 for q in order if scores[q] > scores[p])
        pts = plural(scores[p], *unit) if scores[p] >= 0 else f"{scores[p]} {unit[1]}"
        colour = theme.ACCENT if p in winners else theme.TEXT
        shown = theme.text(surface, pts, (right, y), 24, colour, "topright")
        line = theme.fit(f"{place}. {names[p]}", 24, shown.x - 16 - left)
        theme.text(surface, line, (left, y), 24, colour)
        y += 30
    for p, when in out.items():
        line = theme.fit(f"Out: {names[p]} ({when})", 22, right - left)
        theme.text(surface, line, (left, y + 2), 22, theme.TEXT_DIM)
        y += 30


def draw_private(
    surface: pygame.Surface,
    box: pygame.Rect,
    view: PrivateView,
    card_image: Callable[[str, float], pygame.Surface],
) -> int:
    """Cards only the viewer may see, in a box at the top of `box`: their lines in words when
    the game gives them (many cards), else the cards, small; returns the box's bottom."""
    title = theme.wrap(view.title, 17, box.w - 16)
    rows = [part for line in view.lines for part in theme.wrap(line, 16, box.w - 16)]
    scale = 0.4
    w, h = round(CARD_W * scale), round(CARD_H * scale)
    per_row = max(1, (box.w - 12) // (w + 3))
    cards = [] if rows else list(view.cards)
    card_rows = -(-len(cards) // per_row)
    height = 10 + 20 * len(title) + 18 * len(rows) + (h + 3) * card_rows + 6
    frame = pygame.Rect(box.x, box.y, box.w, min(height, box.h))
    pygame.draw.rect(surface, theme.PANEL_EDGE, frame, border_radius=8)
    y = frame.y + 6
    for line in title:
        theme.text(surface, line, (frame.x + 8, y), 17, theme.CHALK_BLUE)
        y += 20
    for line in rows:
        if y + 18 > frame.bottom:
            break
        theme.text(surface, line, (frame.x + 8, y), 16, theme.TEXT)
        y += 18
    for k, code in enumerate(cards):
        at = (frame.x + 6 + (k % per_row) * (w + 3), y + (k // per_row) * (h + 3))
        if at[1] + h <= frame.bottom:
            surface.blit(card_image(code, scale), at)
    return frame.bottom


def draw_pass(
    surface: pygame.Surface,
    area: pygame.Rect,
    name: str,
    why: str,
    button: pygame.Rect,
    readiness: float,
    label: str,
    box: pygame.Rect | None = None,
) -> None:
    """The pass screen: nothing of any hand, only whom it waits for, and their button greying
    in (`readiness` 0 to 1) until it takes a click. With a `box`, the public table drawn under
    it shows through a veil, and the words and the button lie on that panel (where the hand
    goes), clear of the trick in the middle."""
    if box is not None:
        veil = pygame.Surface(area.size, pygame.SRCALPHA)
        veil.fill((10, 24, 18, 110))
        surface.blit(veil, area)
        _opaque(surface, box)
        title = fit_bold(f"Pass the screen to {name}", 34, box.w - 32)
        theme.text(surface, title, (box.centerx, box.y + 12), 34, theme.ACCENT, "midtop", True)
        line = theme.fit(why, 20, box.w - 32)
        theme.text(surface, line, (box.centerx, box.y + 56), 20, theme.TEXT, "midtop")
    else:
        surface.fill((18, 40, 32), area)
        title = fit_bold(f"Pass the screen to {name}", 44, area.w - 40)
        theme.text(surface, title, (area.centerx, area.centery - 44), 44, theme.ACCENT, "center",
                   True)  # fmt: skip
        for k, line in enumerate(theme.wrap_lines(why, 22, area.w - 60, 2)):
            theme.text(surface, line, (area.centerx, area.centery + 4 + 26 * k), 22, theme.TEXT,
                       "center")  # fmt: skip
    armed = readiness >= 1.0
    pygame.draw.rect(surface, theme.PANEL, button, border_radius=8)
    if not armed:  # greying in: a bar fills the button, left to right
        fill = button.inflate(-6, -6)
        fill.w = round(fill.w * readiness)
        pygame.draw.rect(surface, (46, 64, 56), fill, border_radius=6)
    edge = theme.ACCENT if armed else theme.PANEL_EDGE
    pygame.draw.rect(surface, edge, button, 3 if armed else 1, border_radius=8)
    text = theme.fit(label, 24, button.w - 20)
    theme.text(surface, text, button.center, 24, theme.TEXT if armed else theme.TEXT_DIM,
               "center", armed)  # fmt: skip


def draw_glance(
    surface: pygame.Surface,
    box: pygame.Rect,
    view: PrivateView | None,
    card_image: Callable[[str, float], pygame.Surface],
) -> None:
    """What one person alone may look at (a Peek), large in the table's middle, opaque."""
    _opaque(surface, box)
    if view is None:
        return
    y = box.y + 16
    for line in theme.wrap_lines(view.title, 22, box.w - 40, 3):
        theme.text(surface, line, (box.centerx, y), 22, theme.ACCENT, "midtop")
        y += 26
    scale = 0.8
    w = round(CARD_W * scale)
    cards = list(view.cards)[-6:]  # the newest, the one just seen last
    x = box.centerx - (len(cards) * (w + 8) - 8) // 2
    for k, code in enumerate(cards):
        surface.blit(card_image(code, scale), (x + k * (w + 8), y + 8))


__all__ = [
    "SHEET_ORDER",
    "TwoGraphSheet",
    "colour_of",
    "draw_game_over",
    "draw_glance",
    "draw_log",
    "draw_pass",
    "draw_private",
    "draw_sheet",
    "draw_summary",
    "fit_bold",
    "keep_numbers",
    "sheet_colours",
    "sign_colour",
    "summary_columns",
    "wrap_log",
]
