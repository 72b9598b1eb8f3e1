"""Skip-Bo's table uses its felt: the others' mats are centred along the top with cards that
read, and no two areas (a mat with its fan's room, the middle, the hand) overlap."""

from __future__ import annotations

import pygame

from skully_game.scenes.skip_bo.layout import lay_out

SIZES = ((1280, 800), (1024, 640))
LEAST_H = {(1280, 800): 70, (1024, 640): 60}  # the others' cards at least this tall


def _areas(size: tuple[int, int], n: int):
    geo = lay_out(size, n, 0)
    mats = {s: m.strip.union(m.stock).union(m.column(3)) for s, m in geo.mats.items()}
    middle = geo.draw.union(geo.builds[-1])
    middle.h += 40  # the words under the piles
    return geo, mats, middle


def test_no_two_areas_overlap_and_each_lies_on_the_table_at_every_seat_count_and_size():
    for size in SIZES:
        table = pygame.Rect(0, 0, size[0] - 300, size[1])
        for n in range(2, 7):
            geo, mats, middle = _areas(size, n)
            areas = [*mats.values(), middle, geo.hand]
            for i, a in enumerate(areas):
                assert table.contains(a), (size, n, i, a)
                for b in areas[i + 1 :]:
                    assert not a.colliderect(b), (size, n, a, b)


def test_the_others_cards_read_and_their_rows_are_centred_on_the_felt():
    for size in SIZES:
        centre = (size[0] - 300) // 2
        for n in range(2, 7):
            geo, mats, _middle = _areas(size, n)
            others = [m for s, m in geo.mats.items() if s != 0]
            assert all(m.stock.h >= LEAST_H[size] for m in others), (size, n)
            assert all(m.stock.h <= geo.mats[0].stock.h for m in others), (size, n)
            for y in {m.strip.y for m in others}:
                row = [mats[s] for s, m in geo.mats.items() if s != 0 and m.strip.y == y]
                span = row[0].unionall(row[1:])
                assert abs(span.centerx - centre) <= 2, (size, n, span)
