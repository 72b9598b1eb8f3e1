"""Skip-Bo's table is worth looking at (issue 40: it looked plain next to Mattel's app): number
cards carry a band of their value's colour at each end (1-4 blue, 5-8 green, 9-12 red; the
SKIP-BO wild orange), which is all a fanned discard pile shows of a card; each stock's count
is on a badge under it, clear of every card; each building pile shows the number it needs next
on a disc of that number's colour; the felt lies in a wooden rim."""

from __future__ import annotations

import itertools

import pygame
import pytest

from skully_game.scenes.skip_bo import felt
from skully_game.scenes.skip_bo.carddraw import (
    BLUE,
    GREEN,
    RED,
    WILD_ORANGE,
    band_height,
    card_image,
    number_colour,
)
from skully_game.scenes.skip_bo.demos import _skip_bo
from skully_game.scenes.skip_bo.layout import squared_under
from tests.ui_helpers import drawn_texts, make_app


@pytest.mark.parametrize("scale", (0.45, 0.7, 1.0))
def test_each_number_card_has_its_colour_band_at_both_ends(scale) -> None:
    for value, colour in ((1, BLUE), (4, BLUE), (5, GREEN), (8, GREEN), (9, RED), (12, RED)):
        img = card_image(str(value), scale)
        w, h = img.get_size()
        band = band_height(h)
        at = (w * 3 // 4, band // 2)  # the band's right side: clear of its number (at the left)
        assert img.get_at(at)[:3] == colour, (value, scale)
        assert img.get_at((w // 4, h - band // 2 - 1))[:3] == colour
        assert img.get_at((w // 10, band + 3))[:3] != colour  # paper between the bands
    wild = card_image("W", scale)
    r, g, b = wild.get_at((wild.get_width() // 2, 3))[:3]
    assert r > 180 and 60 < g < 140 and b < 60, "the wild is orange, unlike any number"
    assert WILD_ORANGE not in (BLUE, GREEN, RED)


def test_a_fanned_discard_pile_shows_each_cards_whole_band() -> None:
    app = make_app((1024, 640))
    table = _skip_bo(app, ["human", "strong", "strong", "strong", "strong", "strong"], stock=20)
    for mat in table.geometry().mats.values():
        for k in range(4):
            rects = mat.pile_rects(k, 6)
            fanned = rects[squared_under(rects) :]
            steps = [b.y - a.y for a, b in itertools.pairwise(fanned)]
            assert min(steps) >= band_height(fanned[0].h) - 1, (k, steps)


@pytest.mark.parametrize("size", ((1280, 800), (1024, 640)))
@pytest.mark.parametrize("players", (2, 6))
def test_stock_counts_and_next_numbers_are_badges_clear_of_the_cards(
    monkeypatch, size, players
) -> None:
    app = make_app(size)
    table = _skip_bo(app, ["human"] + ["strong"] * (players - 1), stock=20)
    geo, s = table.geometry(), table.state
    surface = pygame.Surface(size)
    cards = [geo.draw, *geo.builds]
    for mat in geo.mats.values():
        cards += [mat.stock, mat.strip, *mat.piles]
    for seat, mat in geo.mats.items():
        box = felt.count_badge(surface, mat.stock, "stock", len(s.stocks[seat]))
        assert table.lay().table.contains(box)
        assert box.collidelist([c for c in cards if c is not mat.stock]) < 0, (seat, box)
    texts = drawn_texts(app, monkeypatch)
    assert "20" in texts, "the stock's count is drawn"
    for i, rect in enumerate(geo.builds):
        needs = len(s.build[i]) + 1
        line = felt.next_badge(surface, rect, "A", needs)
        assert line.top >= rect.bottom and line.collidelist(cards) < 0
        centre = (line.right - 12, line.centery)
        assert surface.get_at((centre[0] - 8, centre[1]))[:3] == number_colour(needs)
        assert str(needs) in texts


def test_the_felt_lies_in_a_wooden_rim() -> None:
    cloth = felt.felt((980, 800))
    assert cloth.get_at((3, 400))[:3] not in (felt.CLOTH, felt.CLOTH_EDGE)  # the wood
    assert cloth.get_at((490, 400))[:3] != cloth.get_at((40, 400))[:3]  # lighter in the middle
