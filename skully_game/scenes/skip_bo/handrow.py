"""The viewer's Skip-Bo hand in a row: where its cards lie (in fixed slots, a full hand's row
round the room's middle, as small as five side by side need to show every corner), and how
they slide together when a card leaves: from the right, so the cards left of the gap never
move under the pointer."""

from __future__ import annotations

from collections import Counter

import pygame

from cards.skip_bo.options import HAND
from skully_game.scenes.cardtable.carddraw import CARD_H, CARD_W

GAP = 8  # between two cards of the hand: no corner hidden under the next card
LIFT = 14  # a card that builds stands this much higher
SLIDE = 0.16  # seconds the hand takes to close up
LEAST = 0.6  # the hand's cards at their smallest


def hand_scale(width: int) -> float:
    """The cards' size that lays five side by side in `width` with a gap between (at most
    whole, in steps of 0.05: their faces are kept by size)."""
    room = (width - (HAND - 1) * GAP) / (HAND * CARD_W)
    return max(LEAST, min(1.0, int(room * 20) / 20))


def closed_up(area: pygame.Rect, count: int, scale: float) -> list[pygame.Rect]:
    """`count` cards at `scale` side by side on `area`'s bottom edge, in the first `count` of
    the slots a full hand takes round the middle of `area`: a shorter hand keeps its left end
    where a full one starts (a card leaving only moves the cards right of it, and a second
    quick drag from the same spot still finds the card it saw there)."""
    cw, ch = round(CARD_W * scale), round(CARD_H * scale)
    slots = max(count, HAND)
    step = min(float(cw + GAP), (area.w - cw) / (slots - 1))
    x0 = area.centerx - (step * (slots - 1) + cw) / 2
    y = area.bottom - 10 - ch
    return [pygame.Rect(round(x0 + step * k), y, cw, ch) for k in range(count)]


def matched(
    shown: tuple[object, ...], xs: list[float], now: tuple[object, ...], left: int
) -> list[float | None]:
    """Where each card of the hand `now` was shown (None: it was not, it is new), from the
    hand `shown` last drawn at `xs`; keys are (viewer, cards). `left`: the index of the card
    the viewer played, when one did (of alike cards, the others stay put)."""
    if len(shown) != 2 or len(now) != 2 or shown[0] != now[0] or len(xs) != len(shown[1]):  # type: ignore[arg-type]
        return [None] * len(now[1])  # type: ignore[arg-type]
    old: tuple[str, ...] = shown[1]  # type: ignore[assignment]
    new: tuple[str, ...] = now[1]  # type: ignore[assignment]
    if len(old) == len(new) + 1 and 0 <= left < len(old) and old[:left] + old[left + 1 :] == new:
        return xs[:left] + xs[left + 1 :]
    seen: Counter[str] = Counter()
    out: list[float | None] = []
    for c in new:
        at = [x for x, o in zip(xs, old, strict=True) if o == c]
        out.append(at[seen[c]] if seen[c] < len(at) else None)
        seen[c] += 1
    return out


__all__ = ["GAP", "LIFT", "SLIDE", "closed_up", "hand_scale", "matched"]
