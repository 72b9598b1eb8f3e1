"""Skull King's card faces as a player reads them: a 6 and a 9 are told apart upside down."""

from __future__ import annotations

import pygame

from skully_game.scenes.skull_king import carddraw
from tests.ui_helpers import make_app


def _ink_rows(label: pygame.Surface) -> list[int]:
    """The rows of a rank label with any ink in them."""
    w, h = label.get_size()
    return [y for y in range(h) if any(label.get_at((x, y)).a > 128 for x in range(w))]


def test_six_and_nine_are_underlined_and_eight_is_not() -> None:
    make_app()
    colour = (20, 120, 60)
    for scale in (1.0, 0.55):
        font = carddraw._rank_font(scale)
        for rank in ("6", "9"):
            bare = _ink_rows(font.render(rank, True, colour))
            lined = _ink_rows(carddraw._rank_label(rank, scale, colour))
            assert max(lined) > max(bare)  # a line under the number, below its glyph
        eight = carddraw._rank_label("8", scale, colour)
        assert _ink_rows(eight) == _ink_rows(font.render("8", True, colour))
