"""The challenge at six seats lays itself out with nothing over the status line or the count
(issue 40: at 1024x640 the large turned card covered the status line and a seat's box, "Pass"
and the card covered "1 of 3 turned", and "0 of 8 turned" lay over the stacks' names)."""

from __future__ import annotations

import pygame
import pytest

from skully_game.scenes.cardtable import spots
from skully_game.scenes.cardtable.painting import HEADER_H
from skully_game.scenes.skull.demos import _skull_six_reveal
from skully_game.scenes.skull.table import ShownTurn, SkullTable
from tests.ui_helpers import drawn_text_rects, make_app

SIZES = ((1024, 580), (1024, 640), (1280, 800))


def _reveal(size: tuple[int, int]) -> tuple[SkullTable, ShownTurn]:
    app = make_app(size)
    _skull_six_reveal(app)
    table = app.stack.top
    assert isinstance(table, SkullTable)
    shown = [f for f in table.flights if isinstance(f, ShownTurn)]
    assert shown and shown[0].turned() >= 1.0, "a turned card is held up to be read"
    return table, shown[0]


def _lines(table: SkullTable) -> list[pygame.Rect]:
    """The line over the table and the status line under the stacks."""
    t = table.lay().table
    return [
        pygame.Rect(t.x, 0, t.w, HEADER_H),
        pygame.Rect(t.x, table.prompt_y(), t.w, 24),
    ]


@pytest.mark.parametrize("size", SIZES)
def test_the_held_card_keeps_off_the_lines_and_the_count(size, monkeypatch) -> None:
    table, shown = _reveal(size)
    held = table.held_rects(shown)
    assert held is not None
    card, words, _, _ = held
    count = table.count_rect()
    t = table.lay().table
    for rect in (card, words):
        assert t.contains(rect), (size, rect)
        assert rect.collidelist([*_lines(table), count]) < 0, (size, rect, count)
    own = next(p for p in table.spot_layout() if p.spot.seat == shown.turning)
    assert not card.colliderect(own.stack_rect()), "its own stack stays in sight"
    drawn = drawn_text_rects(table, monkeypatch)
    assert any(text == words_text for text, _ in drawn for words_text in [held[2]])


@pytest.mark.parametrize("size", SIZES)
def test_the_count_lies_clear_of_every_stack_name_and_seat(size, monkeypatch) -> None:
    table, _ = _reveal(size)
    note = table.game.pile_note(table.drawn_from())
    assert note.endswith("turned")
    drawn = [r for text, r in drawn_text_rects(table, monkeypatch) if text == note]
    assert len(drawn) == 1, "the count is drawn once"
    count = drawn[0]
    assert count.center == table.count_rect().center
    for placed in table.spot_layout():
        assert not count.colliderect(spots._with_note(placed)), (size, placed.spot.seat)
    assert count.collidelist(list(table.seat_rects().values())) < 0
    assert count.collidelist(_lines(table)) < 0


@pytest.mark.parametrize("size", SIZES)
def test_a_seat_s_bubble_never_covers_the_count(size) -> None:
    table, _ = _reveal(size)
    count = table.count_rect()
    for seat in range(6):
        bubble = table.bubble_rect(seat, (62, 26))
        assert bubble is None or not bubble.colliderect(count), (size, seat, bubble)
