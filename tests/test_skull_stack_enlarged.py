"""Issue 40, the second play-test: with eight Skull seats at 1024x640 the Win Markers and turned
cards are drawn about 14 pixels wide; pointing at a stack shows its face-up cards and markers
again, large, in its tooltip (face-down cards never)."""

from __future__ import annotations

import pygame

from skully_game.scenes.cardtable import spots
from tests.test_skull_small_windows import _table


def test_a_small_stack_shows_its_face_up_cards_large_in_its_tip() -> None:
    table = _table((1024, 640), 8, "challenge")
    placed = table.spot_layout()
    item = next(p for p in placed if p.marks)
    assert min(r.w for _, r in item.marks) < spots.SMALL_CARD_W  # the trouble itself
    at = item.stack_rect().center
    codes = spots.enlarged(placed, at)
    faces = [c for c, _ in (*item.marks, *item.cards) if c is not None]
    assert codes == faces and codes  # every face-up card and marker, no back
    drawn: list[tuple[str, float]] = []

    def image(code: str, scale: float) -> pygame.Surface:
        drawn.append((code, scale))
        return pygame.Surface(spots.card_size(scale))

    surface = pygame.Surface((1024, 640))
    spots.draw_tip(surface, placed, at, table.lay().table, (), False, image)
    assert [c for c, _ in drawn] == codes
    assert all(round(spots.CARD_W * s) >= spots.ENLARGED_W - 1 for _, s in drawn)


def test_a_stack_drawn_large_enough_is_not_enlarged() -> None:
    table = _table((1280, 800), 3, "challenge")
    placed = table.spot_layout()
    item = placed[0]
    assert spots.enlarged(placed, item.stack_rect().center) == []
