"""A look back at the last trick: its cards in the order they were played, by whom, and who took
it. All of it was played face up, so it is public: anyone at the table may look, at any time
of play, with the Last trick button or the L key (a tap opens and closes it, a hold shows it
until the key or button is let go)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from cards.skull_king import events as ev
from skully_game.scenes.cardtable.carddraw import CARD_H, CARD_W
from skully_game.scenes.cardtable.words import obj, says
from skully_game.scenes.skull_king.adapter import card_name
from skully_game.shell import theme

HOLD = 0.35  # seconds: a press longer than this is a hold, shown only until let go
KEY = pygame.K_l
LABEL = "Last trick"
TIP = "L: the last trick (tap to open and close, or hold to look)"


@dataclass(frozen=True)
class LastTrick:
    """A finished trick as the table shows it again."""

    plays: tuple[tuple[int, str], ...]  # (seat, card) in the order played
    winner: int | None  # None: destroyed by the Kraken or discarded by the White Whale
    title: str  # "Last trick: round 2, trick 3"
    words: str  # "Anne took it with the yellow chest 14"
    round_no: int = 0  # its round, from 1
    trick_no: int = 0  # its place in the round, from 1


def finished_tricks(events: Sequence[ev.Event], names: Sequence[str]) -> list[LastTrick]:
    """Every finished trick in `events`, in order, in words for `names` as the viewer reads
    them (each knows its round and its place in the round)."""
    round_no, trick_no = 0, 0
    found: list[LastTrick] = []
    for e in events:
        if isinstance(e, ev.Dealt):
            round_no, trick_no = e.round_index + 1, 0
        elif isinstance(e, ev.TrickWon | ev.TrickDestroyed | ev.TrickDiscarded):
            trick_no += 1
            title = f"Last trick: round {round_no}, trick {trick_no}"
            if isinstance(e, ev.TrickWon):
                words = f"{names[e.seat]} took it with {card_name(e.card)}"
                found.append(LastTrick(tuple(e.plays), e.seat, title, words, round_no, trick_no))
            else:
                leads = says(obj(names[e.next_leader]), "leads", "lead")
                what = (
                    "The Kraken destroyed it"
                    if isinstance(e, ev.TrickDestroyed)
                    else ("The White Whale discarded it")
                )
                words = f"{what}; {leads} next"
                found.append(LastTrick(tuple(e.plays), None, title, words, round_no, trick_no))
    return found


def last_trick(events: Sequence[ev.Event], names: Sequence[str], skip: int = 0) -> LastTrick | None:
    """The last finished trick in `events` (`skip` more recent ones left out: those the table
    has not shown yet), in words for `names` as the viewer reads them."""
    found = finished_tricks(events, names)
    if len(found) <= skip:
        return None
    return found[len(found) - 1 - skip]


def tricks_ended(events: Sequence[ev.Event]) -> int:
    """How many tricks `events` have ended (won, destroyed or discarded): the button to look
    back at the last one stays dimmed until the first has been shown."""
    return sum(isinstance(e, ev.TrickWon | ev.TrickDestroyed | ev.TrickDiscarded) for e in events)


def button_rect(table: pygame.Rect) -> pygame.Rect:
    """The button, at the right of the header line, above the seats across the top."""
    return pygame.Rect(table.right - 12 - 128, 6, 128, 30)


ROOM = 114  # the panel's height besides the cards: the title, the names, the words, the key
LARGEST = 0.8  # the cards' largest scale, the pile's


def scale_for(area: pygame.Rect, largest: float) -> float:
    """The cards' scale on a panel over `area`: as large as its height allows, up to `largest`."""
    return round(max(0.4, min(largest, (area.h - ROOM) / CARD_H)), 2)


def draw(
    surface: pygame.Surface,
    area: pygame.Rect,
    trick: LastTrick | None,
    card_image: Callable[[str, float], pygame.Surface],
    largest: float,
    names: Sequence[str],
) -> pygame.Rect:
    """The trick on a panel over `area` (the middle of the table, the trick in play hidden under
    it), its cards as large as fit up to `largest`; returns the panel."""
    scale = scale_for(area, largest)
    w, h = round(CARD_W * scale), round(CARD_H * scale)
    count = len(trick.plays) if trick else 0
    step = min(w + 12, (area.w - 24 - w) / (count - 1)) if count > 1 else 0
    # the panel grows down when the cards' smallest scale leaves no room for the words and the
    # key (eight seats at 1024x580: the words ran out below it, a play-tester)
    box = area if area.h >= h + ROOM + 8 else pygame.Rect(area.x, area.y, area.w, h + ROOM + 8)
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=10)  # opaque: the trick in play hides
    pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=10)
    title = trick.title if trick else "Last trick"
    y = box.y + max(8, (box.h - h - ROOM) // 2)  # the title, names, cards and words: centred
    theme.text(surface, theme.fit(title, 22, box.w - 24), (box.centerx, y), 22, theme.ACCENT,
               "midtop", True)  # fmt: skip
    top = y + 50
    if trick is None:
        theme.text(surface, "No trick has been played yet.", (box.centerx, top + h // 2), 20,
                   theme.TEXT, "center")  # fmt: skip
    else:
        x0 = box.centerx - (step * (count - 1) + w) / 2
        for k, (seat, code) in enumerate(trick.plays):
            rect = pygame.Rect(round(x0 + step * k), top, w, h)
            surface.blit(card_image(code, scale), rect)
            if seat == trick.winner:
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(8, 8), 3, border_radius=10)
            name = theme.fit(names[seat], 15, round(step) - 2 if count > 1 else w + 20)
            theme.text(surface, name, (rect.centerx, rect.y - 5), 15, theme.TEXT, "midbottom")
        words = theme.fit(trick.words, 18, box.w - 20)
        theme.text(surface, words, (box.centerx, top + h + 8), 18, theme.TEXT, "midtop")
    # the key on a line of its own under the words: in the corner a long line ("Mary took it
    # with the black Jolly Roger 3") ran into it, and out of a short box (a play-tester)
    theme.text(surface, "L or Esc closes", (box.centerx, top + h + 32), 15, theme.TEXT_DIM,
               "midtop")  # fmt: skip
    return box


__all__ = [
    "HOLD",
    "KEY",
    "LABEL",
    "LARGEST",
    "TIP",
    "LastTrick",
    "button_rect",
    "draw",
    "finished_tricks",
    "last_trick",
    "scale_for",
    "tricks_ended",
]
