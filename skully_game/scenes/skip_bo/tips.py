"""What each thing on the Skip-Bo table is for, in our words, while the pointer rests on it: a
SKIP-BO card (the wild), each stock, each discard pile, each building pile and the draw pile.
Only what everyone sees is told (counts and tops), and a hand's wild only to its owner."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from cards.skip_bo import SkipBoState
from cards.skip_bo.cards import WILD
from cards.skip_bo.words import BUILD_NAMES, card_name
from cards.words import plural, possessive
from skully_game.shell import theme

SIZE = 18  # the tip's words
ROW = 22


def wild_tip(edition_1980: bool) -> list[str]:
    """A SKIP-BO card: what the wild does."""
    onto = (
        "in the 1980 rules even on another SKIP-BO card"
        if edition_1980
        else "never on another SKIP-BO card"
    )
    return [
        "SKIP-BO card: a wild",
        "it becomes the number a building pile needs next,",
        f"shown on its corners there ({onto})",
    ]


def stock_tip(state: SkipBoState, seat: int, names: Sequence[str], viewer: int) -> list[str]:
    who = possessive(names[seat])
    left = len(state.stocks[seat])
    lines = [f"{who} stock: {plural(left, 'card')}, the top face up"]
    lines.append("its top card goes only onto a building pile")
    if state.options.partners:
        lines.append("the pair that empties a stock wins")
    else:
        lines.append("whoever empties their stock first wins")
    if left and state.stocks[seat][-1] == WILD:
        lines[1] = "its top, a SKIP-BO card, goes onto any building pile"
    return lines


def discard_tip(
    state: SkipBoState, seat: int, pile: int, names: Sequence[str], viewer: int
) -> list[str]:
    who = possessive(names[seat])
    count = len(state.discards[seat][pile])
    lines = [f"{who} discard pile {pile + 1}: {plural(count, 'card') if count else 'empty'}"]
    if count > 1:  # a tall pile squares its lowest cards up: every one named here
        cards = ", ".join("SKIP-BO" if c == WILD else str(c) for c in state.discards[seat][pile])
        lines.append(f"from the bottom: {cards} (top)")
    if seat == viewer:
        lines.append("only its top card plays, onto a building pile")
        lines.append("a card from your hand put here ends your turn")
    elif viewer in state.sources[seat] or seat in state.sources[viewer]:
        lines.append("only its top card plays: you and your partner play it")
    else:
        lines.append(f"only its top card plays, and only by {names[seat]}")
    return lines


def build_tip(state: SkipBoState, i: int) -> list[str]:
    need = state.needs()[i]
    count = len(state.build[i])
    head = f"Building pile {BUILD_NAMES[i]}: needs {card_name(need)}"
    return [
        head + (" (it is empty)" if not count else ""),
        "everyone builds here in order, 1 up to 12",
        "at 12 the pile is set aside and starts again at 1",
    ]


def draw_tip(state: SkipBoState) -> list[str]:
    return [
        f"Draw pile: {plural(len(state.draw), 'card')}",
        "each turn starts by drawing up to five cards",
        "play your whole hand and you draw five more",
    ]


def tip_box(
    size: tuple[int, int],
    about: pygame.Rect,
    bounds: pygame.Rect,
    avoid: Sequence[pygame.Rect] = (),
) -> pygame.Rect:
    """Where a tip of `size` goes: beside what it is about (above it, else below, else to a
    side), inside `bounds`, clear of it and of everything in `avoid` (the prompt, the hand);
    else as near above it as that is clear (one's own piles: over the prompt, not on it);
    else above it all the same."""
    box = pygame.Rect((0, 0), size)
    sides = {
        "above": lambda: setattr(box, "midbottom", (about.centerx, about.top - 8)),
        "below": lambda: setattr(box, "midtop", (about.centerx, about.bottom + 8)),
        "right": lambda: setattr(box, "midleft", (about.right + 8, about.centery)),
        "left": lambda: setattr(box, "midright", (about.left - 8, about.centery)),
    }
    for place in sides.values():
        place()
        box.clamp_ip(bounds)
        if not box.colliderect(about) and box.collidelist(list(avoid)) < 0:
            return box
    for bottom in range(about.top - 8, bounds.top + box.h - 1, -4):
        box.midbottom = (about.centerx, bottom)
        box.clamp_ip(bounds)
        if not box.colliderect(about) and box.collidelist(list(avoid)) < 0:
            return box
    sides["above"]()
    box.clamp_ip(bounds)
    return box


def paint_tip(
    surface: pygame.Surface,
    lines: list[str],
    about: pygame.Rect,
    bounds: pygame.Rect,
    avoid: Sequence[pygame.Rect] = (),
) -> pygame.Rect:
    """The tip beside what it is about, inside the table and clear of `avoid` (`tip_box`)."""
    imgs = [theme.rendered(line, SIZE, theme.TEXT) for line in lines]
    size = (max(i.get_width() for i in imgs) + 16, ROW * len(imgs) + 10)
    box = tip_box(size, about, bounds, avoid)
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=6)
    pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=6)
    for k, img in enumerate(imgs):
        surface.blit(img, (box.x + 8, box.y + 5 + ROW * k))
    return box


__all__ = [
    "build_tip",
    "discard_tip",
    "draw_tip",
    "paint_tip",
    "stock_tip",
    "tip_box",
    "wild_tip",
]
