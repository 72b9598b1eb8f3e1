"""Skull's held-up card leaves every stack in sight (issue 40: with six seats at 1024x580 and
1024x520 the card or its words lay over a neighbour's stack). Rects at 1024x640, 1024x580 and
1024x520 for 3 to 6 seats, a card of each stack held up in turn: clear of every other stack and
its name, of its own stack, of the seats and the lines; the words in two lines where one had no
room, both drawn."""

from __future__ import annotations

import pygame
import pytest

from skully_game.scenes.cardtable import spots
from skully_game.scenes.skull.table import ShownTurn, SkullTable
from tests.test_skull_small_windows import NAMES, _table
from tests.ui_helpers import drawn_text_rects

SIZES = ((1024, 640), (1024, 580), (1024, 520))


def _hold(table: SkullTable, seat: int) -> ShownTurn:
    """A card of `seat`'s stack held up to be read (as it lies: on its stack)."""
    code = table.state.stacks[seat][-1]
    shown = ShownTurn(code, (0, 0), (0, 0), turning=seat, words=f"{NAMES[seat]}'s stack: a Flower")
    shown.t = 10.0
    stack = next(p for p in table.spot_layout() if p.spot.seat == seat).stack_rect()
    table._turned_rect = lambda f, r=stack: r  # type: ignore[method-assign]
    return shown


@pytest.mark.parametrize("players", (3, 4, 5, 6))
@pytest.mark.parametrize("size", SIZES)
def test_the_held_card_and_its_words_cover_no_stack(size, players) -> None:
    table = _table(size, players, "challenge")
    seats = list(table.seat_rects().values())
    for seat in range(players):
        held = table.held_rects(_hold(table, seat))
        assert held is not None
        card, words, _, _ = held
        for placed in table.spot_layout():
            if placed.spot.seat is None:
                continue
            stack = placed.stack_rect() if placed.spot.seat == seat else spots._with_note(placed)
            for what, rect in (("card", card), ("words", words)):
                assert not rect.colliderect(stack), (seat, what, rect, placed.spot.seat, stack)
        for rect in (card, words):
            assert rect.collidelist(seats) < 0 and table.lay().table.contains(rect)
            assert rect.bottom <= table.prompt_y() - 4 and not rect.colliderect(table.count_rect())


def test_words_in_two_lines_are_both_drawn_on_their_panel(monkeypatch) -> None:
    table = _table((1024, 520), 6, "challenge")
    shown = _hold(table, 2)
    held = table.held_rects(shown)
    assert held is not None and "\n" in held[2], "at 1024x520 the words take two lines"
    table.flights.append(shown)
    drawn = drawn_text_rects(table, monkeypatch)
    for line in held[2].split("\n"):
        at = [r for text, r in drawn if text == line]
        assert at and held[1].contains(pygame.Rect(at[0])), (line, at, held[1])
