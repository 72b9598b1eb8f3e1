"""Shed at the shared card table: its hand, the pile's top card in the middle, a draw or a pass
as buttons, a single deal with no rounds to sum up."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import pygame

from skully_game.scenes.cardtable.carddraw import size_of
from skully_game.scenes.cardtable.game import Dealt, Happening, Said, Spot, TableGame
from skully_game.shell import theme
from tests.shedding import INFO
from tests.shedding.engine import events as ev
from tests.shedding.engine.state import DRAW, PASS, PLAY, ShedState, describe, matches

INKS = {"R": (196, 52, 52), "G": (40, 140, 70), "B": (50, 90, 190)}


@lru_cache(maxsize=128)
def _face(code: str, scale: float, dim: bool) -> pygame.Surface:
    w, h = size_of(scale)
    img = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(img, (245, 240, 228), img.get_rect(), border_radius=max(3, w // 10))
    pygame.draw.rect(img, INKS[code[-1]], img.get_rect().inflate(-6, -6), 3, max(3, w // 10))
    theme.text(img, code[:-1], (w // 2, h // 2), max(12, h // 3), INKS[code[-1]], "center", True)
    if dim:
        img.fill((120, 120, 120, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return img


class ShedGame(TableGame):
    """Shed's own part at the table."""

    score_word = ("win", "wins")

    def seat_lines(self, state: ShedState, viewer: int, seat: int) -> list[str]:  # type: ignore[override]
        return [f"{len(state.hands[seat])} cards"]

    def hand_size(self, state: ShedState, viewer: int, seat: int) -> int:  # type: ignore[override]
        return len(state.hands[seat])

    def hand(self, state: ShedState, viewer: int) -> list[str]:  # type: ignore[override]
        return list(state.hands[viewer])

    def card_image(self, code: str, scale: float = 1.0, dim: bool = False) -> pygame.Surface:
        return _face(code, scale, dim)

    def card_words(self, code: str) -> str:
        return describe(code).capitalize()

    def card_actions(self, state: ShedState, viewer: int, code: str) -> list[str]:  # type: ignore[override]
        if state.is_terminal() or state.current_player() != viewer:
            return []
        return [PLAY + code] if PLAY + code in state.legal_actions() else []

    def why_not(self, state: ShedState, viewer: int, code: str) -> str | None:  # type: ignore[override]
        if state.is_terminal() or state.current_player() != viewer:
            return "Not your turn"
        if matches(code, state.top()):
            return None
        return f"It matches neither the colour nor the number of {describe(state.top())}"

    def choices(self, state: ShedState, viewer: int, names: Sequence[str]) -> list[tuple[str, str]]:  # type: ignore[override]
        if state.is_terminal() or state.current_player() != viewer:
            return []
        legal = state.legal_actions()
        return [(label, a) for label, a in (("Draw a card", DRAW), ("Pass", PASS)) if a in legal]

    def prompt(self, state: ShedState, viewer: int, names: Sequence[str] = ()) -> str:  # type: ignore[override]
        legal = state.legal_actions()
        if DRAW in legal:
            return "nothing matches: draw a card"
        if PASS in legal:
            return "nothing to play or draw, so pass"
        return f"play a card that matches {describe(state.top())}"

    def spots(self, state: ShedState, viewer: int, names: Sequence[str]) -> list[Spot]:  # type: ignore[override]
        left = len(state.deck)
        return [Spot(None, (state.top(),), note=f"{left} in the deck", tip="The pile's top card")]

    def happenings(self, state: ShedState, start: int, names: Sequence[str]) -> list[Happening]:  # type: ignore[override]
        out: list[Happening] = []
        for event in state.events[start:]:
            if isinstance(event, ev.Started):
                out.append(Dealt(state.options.hand))
            elif isinstance(event, ev.Played):
                out.append(Said(event.seat, describe(event.card).removeprefix("the ")))
            elif isinstance(event, ev.Drew):
                out.append(Said(event.seat, "Draws"))
            elif isinstance(event, ev.Passed):
                out.append(Said(event.seat, "Passes"))
        return out


GAME = ShedGame(INFO)

__all__ = ["GAME", "ShedGame"]
