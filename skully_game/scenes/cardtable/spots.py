"""Spots: cards that lie on the table rather than in a hand or the trick pile — each seat's
stack or piles in front of it, or cards laid out in the middle to pick from.

A game lists its spots (`TableGame.spots`); this module says where each goes and draws it.
A seat's spot lies in front of the seat's box, on the side facing the middle; spots of no seat
go in a row across the middle. Face-down cards pile up with a small offset (their count is
visible), face-up cards fan out beside them so every one can be read.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import pygame

from skully_game.scenes.cardtable.carddraw import CARD_H, CARD_W, card_back
from skully_game.scenes.cardtable.game import Spot
from skully_game.shell import theme

PILE_STEP = 3  # pixels between face-down cards of a pile
FAN = 0.42  # face-up cards overlap: this much of a card's width shows
MARK_SCALE = 0.62  # marks (small cards beside a spot), relative to the spot's cards
FRAME = 7  # px the keys' cursor frame reaches round a stack's cards (`draw`)
MARK_GAP = 4  # pixels between the marks and the cards beside them
NOTE_SIZE = 16
BADGE_SIZE = 15

CardImage = Callable[[str, float], pygame.Surface]
CardBack = Callable[[float], pygame.Surface]  # a game's card back at a scale


@dataclass(frozen=True)
class Placed:
    """A spot where it lies: its cards' rects (bottom first), its marks' and its note's."""

    spot: Spot
    cards: tuple[tuple[str | None, pygame.Rect], ...]
    marks: tuple[tuple[str | None, pygame.Rect], ...]
    note_at: tuple[int, int]
    rect: pygame.Rect  # everything of it: what a click hits
    scale: float = (
        0.0  # its cards' scale as laid out (a crowded ring's are smaller); 0: the table's
    )

    def stack_rect(self) -> pygame.Rect:
        """The cards alone (no marks), for a highlight."""
        if not self.cards:
            return self.rect
        return self.cards[0][1].unionall([r for _, r in self.cards[1:]])

    def last_face_up(self) -> pygame.Rect | None:
        ups = [r for code, r in self.cards if code is not None]
        return ups[-1] if ups else None


def card_size(scale: float) -> tuple[int, int]:
    return round(CARD_W * scale), round(CARD_H * scale)


def size(spot: Spot, scale: float) -> tuple[int, int]:
    """The width and height a spot takes at `scale`, its note included."""
    cw, ch = card_size(scale)
    downs = sum(1 for c in spot.cards if c is None)
    ups = len(spot.cards) - downs
    w = 0
    if downs:
        w = cw
    if ups:
        w += (round(cw * 0.55) if downs else 0) + cw + round(cw * FAN) * (ups - 1)
    if not spot.cards:
        w = cw  # an empty place still shows where the stack goes
    h = ch + PILE_STEP * max(0, downs - 1)
    if spot.marks:
        mw, mh = card_size(scale * MARK_SCALE)
        w += mw + MARK_GAP
        h = max(h, mh + round(mh * 0.45) * (len(spot.marks) - 1))
    return w, h + (NOTE_SIZE + 4 if spot.note else 0)


def place(spot: Spot, topleft: tuple[int, int], scale: float) -> Placed:
    """Lay a spot out with its top left corner at `topleft`."""
    x, y = topleft
    cw, ch = card_size(scale)
    marks: list[tuple[str | None, pygame.Rect]] = []
    if spot.marks:
        mw, mh = card_size(scale * MARK_SCALE)
        for k, code in enumerate(spot.marks):
            marks.append((code, pygame.Rect(x, y + round(mh * 0.45) * k, mw, mh)))
        x += mw + MARK_GAP
    downs = [c for c in spot.cards if c is None]
    ups = [c for c in spot.cards if c is not None]
    cards: list[tuple[str | None, pygame.Rect]] = []
    top = PILE_STEP * max(0, len(downs) - 1)
    for k in range(len(downs)):  # the bottom card lowest, the top one highest
        cards.append((None, pygame.Rect(x, y + top - PILE_STEP * k, cw, ch)))
    fx = x + (round(cw * 0.55) if downs else 0)
    for k, code in enumerate(ups):
        cards.append((code, pygame.Rect(fx + round(cw * FAN) * k, y + top, cw, ch)))
    w, h = size(spot, scale)
    rect = pygame.Rect(topleft[0], y, w, h)
    body = rect.h - (NOTE_SIZE + 4 if spot.note else 0)
    note_at = (x + (rect.right - x) // 2, y + body + 2)
    return Placed(spot, tuple(cards), tuple(marks), note_at, rect, scale)


def layout(
    spots: Sequence[Spot],
    seat_rects: dict[int, pygame.Rect],
    middle: pygame.Rect,
    table: pygame.Rect,
    scale: float,
    names: Sequence[str] = (),
    ring: pygame.Rect | None = None,
) -> list[Placed]:
    """Every spot where it goes: a seat's in front of its box, facing the middle; the others
    side by side across the middle (several rows if need be). A crowded table's seats' spots
    go round a ring in `ring` (by default the middle)."""
    out: list[Placed] = []
    loose = [s for s in spots if s.seat is None or s.seat not in seat_rects]
    mine = [s for s in spots if s.seat is not None and s.seat in seat_rects]
    for spot in mine:
        out.append(_in_front(spot, seat_rects[spot.seat], middle, table, scale))  # type: ignore[index]
    if _crowded(out, seat_rects):
        if ring is not None:
            out = _rim(mine, seat_rects, ring, scale, names)
        else:
            out = _ring(mine, seat_rects, middle, scale, names)
    if loose:
        sizes = [size(s, scale) for s in loose]
        gap = 12
        rows: list[list[int]] = [[]]
        width = 0
        for k, (w, _) in enumerate(sizes):
            if rows[-1] and width + gap + w > middle.w:
                rows.append([])
                width = 0
            rows[-1].append(k)
            width += w + (gap if len(rows[-1]) > 1 else 0)
        row_h = max(h for _, h in sizes) + 10
        y = middle.centery - row_h * len(rows) // 2
        for row in rows:
            total = sum(sizes[k][0] for k in row) + gap * (len(row) - 1)
            x = middle.centerx - total // 2
            for k in row:
                out.append(place(loose[k], (x, y), scale))
                x += sizes[k][0] + gap
            y += row_h
    return out


def _in_front(
    spot: Spot, box: pygame.Rect, middle: pygame.Rect, table: pygame.Rect, scale: float
) -> Placed:
    """A seat's spot beside its box, on the side that faces the middle."""
    w, h = size(spot, scale)
    if box.y <= table.y + 48:  # across the top: below the box
        at = (box.centerx - w // 2, box.bottom + 8)
    elif middle.centerx >= box.centerx:  # the left side and the viewer's seat: to the right
        at = (box.right + 10, box.centery - h // 2)
    else:
        at = (box.x - 10 - w, box.centery - h // 2)
    x = max(table.x + 4, min(at[0], table.right - 4 - w))
    return place(spot, (x, at[1]), scale)


def _crowded(placed: Sequence[Placed], seat_rects: dict[int, pygame.Rect]) -> bool:
    """Some spot lies on a seat's box or on another spot."""
    boxes = list(seat_rects.values())
    for k, item in enumerate(placed):
        if item.rect.collidelist(boxes) >= 0:
            return True
        if any(item.rect.colliderect(other.rect) for other in placed[k + 1 :]):
            return True
    return False


def _ring(
    spots: Sequence[Spot],
    seat_rects: dict[int, pygame.Rect],
    middle: pygame.Rect,
    scale: float,
    names: Sequence[str],
) -> list[Placed]:
    """A crowded table: the seats' spots evenly spaced along an ellipse in the middle (equal
    lengths of its rim between neighbours, not equal angles, which crowd them where it bends),
    in the seats' order from the viewer's (bottom left) round to the right, so each lies
    towards its seat. Marks are left out here (the seats' own lines say them), and each is
    named. In a middle too small for them (six seats in a window 580 high), the cards are
    drawn smaller until no two spots overlap (they lay over each other and the names)."""
    for _ in range(6):
        out = _ring_at(spots, seat_rects, middle, scale, names)
        apart = all(
            not a.rect.inflate(4, 4).colliderect(b.rect)
            for k, a in enumerate(out)
            for b in out[k + 1 :]
        )
        if apart:
            break
        scale *= 0.85
    return out


def _named_in_order(
    spots: Sequence[Spot],
    seat_rects: dict[int, pygame.Rect],
    names: Sequence[str],
    keep_marks: bool,
) -> list[Spot]:
    """The spots from the viewer's round, each named for its seat (unless it has a note of its
    own), with or without its marks."""
    order = {seat: k for k, seat in enumerate(seat_rects)}  # the viewer first, then round
    ranked = sorted(spots, key=lambda s: order.get(s.seat, 0))  # type: ignore[arg-type]
    out = []
    for spot in ranked:
        seat = spot.seat if spot.seat is not None else -1
        name = names[seat] if 0 <= seat < len(names) else ""
        marks = spot.marks if keep_marks else ()
        out.append(replace(spot, marks=marks, note=spot.note or name))
    return out


def _ring_at(
    spots: Sequence[Spot],
    seat_rects: dict[int, pygame.Rect],
    middle: pygame.Rect,
    scale: float,
    names: Sequence[str],
) -> list[Placed]:
    """The ring of spots at one card scale."""
    bare = _named_in_order(spots, seat_rects, names, keep_marks=False)
    sizes = [size(b, scale) for b in bare]
    w = max((sw for sw, _ in sizes), default=0)
    h = max((sh for _, sh in sizes), default=0)
    rx, ry = max(0, middle.w / 2 - w / 2), max(0, middle.h / 2 - h / 2)
    angles = _even_on_ellipse(rx, ry, len(bare))
    out = []
    for spot, (sw, sh), angle in zip(bare, sizes, angles, strict=True):
        cx = middle.centerx + rx * math.cos(angle)
        cy = middle.centery + ry * math.sin(angle)
        out.append(place(spot, (round(cx - sw / 2), round(cy - sh / 2)), scale))
    return out


def _rim(
    spots: Sequence[Spot],
    seat_rects: dict[int, pygame.Rect],
    room: pygame.Rect,
    scale: float,
    names: Sequence[str],
) -> list[Placed]:
    """A crowded table whose game gave the ring a room of its own: the seats' spots along
    that room's left, top and right edges at equal steps, from the viewer's (bottom left) round
    to the right, each named under it. A rectangle's rim holds more than the ellipse inside it
    (six Skull stacks were drawn 27 pixels wide in a window 580 high); the cards are drawn
    smaller only until no two spots, names and marks included, touch. Each keeps its marks
    beside it (six seats' Win Markers went undrawn at 1024x640: only their words showed)."""
    out: list[Placed] = []
    for _ in range(12):
        out = _rim_at(spots, seat_rects, room, scale, names)
        boxes = [_with_note(p) for p in out]
        if all(
            not a.inflate(6, 6).colliderect(b) for k, a in enumerate(boxes) for b in boxes[k + 1 :]
        ):
            break
        scale *= 0.93
    return out


def _with_note(placed: Placed) -> pygame.Rect:
    """A spot and its name under it (a name may be wider than the cards)."""
    if not placed.spot.note:
        return placed.rect
    w, h = theme.font(NOTE_SIZE).size(placed.spot.note)
    note = pygame.Rect(0, 0, w, h)
    note.midtop = placed.note_at
    return placed.rect.union(note)


def _rim_at(
    spots: Sequence[Spot],
    seat_rects: dict[int, pygame.Rect],
    room: pygame.Rect,
    scale: float,
    names: Sequence[str],
) -> list[Placed]:
    """The spots round the room's rim at one card scale."""
    bare = _named_in_order(spots, seat_rects, names, keep_marks=True)  # Skull's Win Markers
    sizes = [size(b, scale) for b in bare]
    font = theme.font(NOTE_SIZE)
    w = max(
        (max(sw, font.size(b.note)[0]) for b, (sw, _) in zip(bare, sizes, strict=True)), default=0
    )
    h = max((sh for _, sh in sizes), default=0)
    left, right = room.x + w / 2, max(room.x + w / 2, room.right - w / 2)
    top, bottom = room.y + h / 2, max(room.y + h / 2, room.bottom - h / 2)
    side, across = bottom - top, right - left
    total = 2 * side + across
    out = []
    for k, (spot, (sw, sh)) in enumerate(zip(bare, sizes, strict=True)):
        d = total * k / (len(bare) - 1) if len(bare) > 1 else 0.0
        if d <= side:  # up the left edge
            cx, cy = left, bottom - d
        elif d <= side + across:  # along the top
            cx, cy = left + d - side, top
        else:  # down the right edge
            cx, cy = right, top + d - side - across
        out.append(place(spot, (round(cx - sw / 2), round(cy - sh / 2)), scale))
    return out


def _even_on_ellipse(rx: float, ry: float, count: int, steps: int = 540) -> list[float]:
    """`count` angles from 135 to 405 degrees (round the ellipse past the top, leaving a gap
    at the bottom) at equal lengths of the rim apart."""
    start, span = math.radians(135), math.radians(270)
    if count <= 1:
        return [start] * count
    lengths = [0.0]
    for i in range(1, steps + 1):
        a0, a1 = start + span * (i - 1) / steps, start + span * i / steps
        dx = rx * (math.cos(a1) - math.cos(a0))
        dy = ry * (math.sin(a1) - math.sin(a0))
        lengths.append(lengths[-1] + math.hypot(dx, dy))
    total = lengths[-1] or 1.0
    out, i = [], 0
    for k in range(count):
        goal = total * k / (count - 1)
        while i < steps and lengths[i + 1] < goal:
            i += 1
        out.append(start + span * i / steps)
    return out


def draw(
    surface: pygame.Surface,
    placed: Placed,
    card_image: CardImage,
    scale: float,
    hidden_top: bool = False,
    hidden_down: bool = False,
    lit: bool = False,
    cursor: bool = False,
    choosable: bool = False,
    back: CardBack = card_back,
) -> None:
    """One spot; `hidden_top` leaves out its last face-up card (a flip is showing it),
    `hidden_down` its top face-down card (it is still on its way there). Its cards are drawn
    at the scale they were laid out at (a crowded ring's smaller cards were drawn full size,
    over their names)."""
    scale = placed.scale or scale
    last = placed.last_face_up() if hidden_top else None
    downs = [r for code, r in placed.cards if code is None]
    coming = downs[-1] if hidden_down and downs else None
    if not placed.cards:
        cw, ch = card_size(scale)
        x = placed.rect.right - cw
        empty = pygame.Rect(x, placed.rect.y, cw, ch)
        pygame.draw.rect(surface, (40, 92, 68), empty, 2, border_radius=round(8 * scale))
    for code, rect in placed.cards:
        if last is not None and rect == last and code is not None:
            continue
        if coming is not None and rect is coming:
            continue
        surface.blit(back(scale) if code is None else card_image(code, scale), rect)
    if placed.spot.lit or lit:
        pygame.draw.rect(surface, theme.ACCENT, placed.stack_rect().inflate(8, 8), 3, 10)
    elif choosable:  # it may be chosen now: a thin frame says so before the mouse finds it
        pygame.draw.rect(surface, theme.CHALK_YELLOW, placed.stack_rect().inflate(8, 8), 1, 10)
    if cursor:
        frame = placed.stack_rect().inflate(2 * FRAME, 2 * FRAME)
        pygame.draw.rect(surface, theme.CHALK_BLUE, frame, 3, 12)
    if placed.spot.badge:
        draw_badge(surface, placed)
    draw_marks(surface, [placed], card_image, scale, back)  # over its own frames
    if placed.spot.note:
        theme.text(surface, placed.spot.note, placed.note_at, NOTE_SIZE, theme.TEXT, "midtop")


def draw_marks(
    surface: pygame.Surface,
    placed: Sequence[Placed],
    card_image: CardImage,
    scale: float,
    back: CardBack = card_back,
) -> None:
    """Spots' marks (Skull's Win Markers), drawn after every frame round the cards: a frame
    never lies over them (the keys' frame reached 3 px over them, a crowded table's over a
    neighbour's)."""
    for item in placed:
        mark_scale = round((item.scale or scale) * MARK_SCALE, 3)
        for code, rect in item.marks:
            img = back(mark_scale) if code is None else card_image(code, mark_scale)
            surface.blit(img, rect)


def badge_rect(placed: Placed) -> pygame.Rect | None:
    """Where a spot's badge goes: a disc on the top left corner of its face-down pile's top
    card, inside the card so it covers neither a neighbour nor the face-up cards fanned over
    the pile's right side."""
    downs = [r for code, r in placed.cards if code is None]
    if not downs or not placed.spot.badge:
        return None
    top = downs[-1]
    side = max(18, theme.font(BADGE_SIZE, True).size(placed.spot.badge)[0] + 10)
    return pygame.Rect(top.x + 3, top.y + 3, side, side)


def draw_badge(surface: pygame.Surface, placed: Placed) -> None:
    """The count on a face-down pile: light on dark, read at a glance."""
    rect = badge_rect(placed)
    if rect is None:
        return
    pygame.draw.ellipse(surface, theme.CHALK, rect)
    pygame.draw.ellipse(surface, (20, 24, 30), rect.inflate(-3, -3))
    theme.text(surface, placed.spot.badge, rect.center, BADGE_SIZE, theme.CHALK, "center", True)


def tip_at(
    placed: Sequence[Placed], pos: tuple[int, int], own: bool = False
) -> tuple[str, pygame.Rect] | None:
    """The words for what lies under the pointer, a stack or its marks, and what they are
    about (a tooltip goes beside that, not on it); `own`: the owner's own words where a stack has them."""
    for item in reversed(placed):
        for rect, text in (
            (_marks_rect(item), item.spot.marks_tip),
            (item.stack_rect(), (own and item.spot.own_tip) or item.spot.tip),
        ):
            if text and rect is not None and rect.collidepoint(pos):
                return text, rect
    return None


def _marks_rect(placed: Placed) -> pygame.Rect | None:
    if not placed.marks:
        return None
    return placed.marks[0][1].unionall([r for _, r in placed.marks[1:]])


SMALL_CARD_W = 36  # px: a stack's cards or markers narrower than this show enlarged in its tip
ENLARGED_W = 64  # px: how wide they are shown there


def enlarged(placed: Sequence[Placed], pos: tuple[int, int]) -> list[str]:
    """The face-up cards and marks (a Win Marker's) of the stack under the pointer, when it is
    drawn too small to read (eight Skull seats at 1024x640 drew them 14 px wide): its tip shows
    them again, large. Face-down cards stay out: nothing hidden is shown."""
    for item in reversed(placed):
        marks = _marks_rect(item)
        if not (item.rect.collidepoint(pos) or (marks is not None and marks.collidepoint(pos))):
            continue
        small = [code for code, r in (*item.marks, *item.cards) if r.w < SMALL_CARD_W]
        if not small:
            return []
        return [code for code, _ in (*item.marks, *item.cards) if code is not None]
    return []


def draw_tip(
    surface: pygame.Surface,
    placed: Sequence[Placed],
    pos: tuple[int, int],
    bounds: pygame.Rect,
    avoid: Sequence[pygame.Rect] = (),
    own: bool = False,
    card_image: CardImage | None = None,
) -> None:
    """A tooltip for the stack or marks under the pointer (see `tip_place`); with
    `card_image`, a stack drawn small shows its face-up cards and marks enlarged under the
    words (`enlarged`)."""
    codes = enlarged(placed, pos) if card_image is not None else []
    scale = ENLARGED_W / CARD_W
    cw, ch = card_size(scale)
    row_w = len(codes) * (cw + 4) - 4 if codes else 0
    found = tip_place(placed, pos, bounds, avoid, own, (row_w + 12, ch + 6) if codes else None)
    if found is None:
        return
    text, box = found
    img = theme.rendered(text, 20, theme.TEXT)
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=6)
    pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=6)
    if not codes or card_image is None:
        surface.blit(img, img.get_rect(center=box.center))
        return
    surface.blit(img, img.get_rect(midtop=(box.centerx, box.y + 4)))
    x = box.centerx - row_w // 2
    for code in codes:
        surface.blit(card_image(code, scale), (x, box.bottom - ch - 6))
        x += cw + 4


def tip_place(
    placed: Sequence[Placed],
    pos: tuple[int, int],
    bounds: pygame.Rect,
    avoid: Sequence[pygame.Rect] = (),
    own: bool = False,
    extra: tuple[int, int] | None = None,
) -> tuple[str, pygame.Rect] | None:
    """The tooltip for the stack or marks under the pointer and where it goes: below them,
    above, right or left, the first place inside `bounds` (the table) that covers no other
    spot and nothing of `avoid` (the seats' boxes, the prompt, the news). `extra`: the size
    of what it shows under its words (enlarged cards)."""
    found = tip_at(placed, pos, own)
    if found is None:
        return None
    text, about = found
    box = pygame.Rect((0, 0), theme.font(20).size(text)).inflate(12, 8)
    if extra is not None:
        box.w = max(box.w, extra[0])
        box.h += extra[1]
    stacks = [p.rect for p in placed if not p.rect.colliderect(about)]
    x = pos[0]
    sides = [
        ("midtop", (x, about.bottom + 6)),
        ("midbottom", (x, about.top - 6)),
        ("midleft", (about.right + 8, about.centery)),
        ("midright", (about.x - 8, about.centery)),
    ]
    # under or over it, slid along and then further off (a long tip by a stack over the news)
    for dy in range(0, 161, 8):
        for dx in (0, *(sign * d for d in range(20, bounds.w, 20) for sign in (1, -1))):
            sides += [("midtop", (x + dx, about.bottom + 6 + dy)),
                      ("midbottom", (x + dx, about.top - 6 - dy))]  # fmt: skip
    # clear of every other stack if it can be, else of what matters more (`avoid`) alone
    for others in (stacks + list(avoid), list(avoid)):
        for name, at in sides:
            setattr(box, name, at)
            box.clamp_ip(bounds)
            if not box.colliderect(about) and box.collidelist(others) < 0:
                return text, box
    # nowhere clear: off what it is about, covering the least of `avoid` (it lay on the stack)
    best: tuple[int, pygame.Rect] | None = None
    for name, at in sides:
        setattr(box, name, at)
        box.clamp_ip(bounds)
        if box.colliderect(about):
            continue
        covered = sum(box.clip(a).w * box.clip(a).h for a in avoid)
        if best is None or covered < best[0]:
            best = (covered, box.copy())
    if best is not None:
        return text, best[1]
    box.midtop = (x, about.bottom + 6)
    box.clamp_ip(bounds)
    return text, box


def draw_turning(
    surface: pygame.Surface,
    rect: pygame.Rect,
    code: str,
    card_image: CardImage,
    scale: float,
    f: float,
    back: CardBack = card_back,
) -> None:
    """A card being turned over, `f` of the way (0: its back flat, 1: its face flat)."""
    img = back(scale) if f < 0.5 else card_image(code, scale)
    width = max(1, round(rect.w * abs(math.cos(math.pi * f))))
    lift = round(10 * math.sin(math.pi * f))  # it comes up off the table as it turns
    squeezed = pygame.transform.smoothscale(img, (width, rect.h))
    surface.blit(squeezed, squeezed.get_rect(center=(rect.centerx, rect.centery - lift)))


__all__ = [
    "Placed",
    "badge_rect",
    "draw",
    "draw_badge",
    "draw_marks",
    "draw_tip",
    "draw_turning",
    "enlarged",
    "layout",
    "place",
    "size",
    "tip_at",
    "tip_place",
]
