"""The words about the hand find room clear of every seat and stack, smaller if they must (a
long Skull hint at 1024x640 lay over one's own seat box and stack)."""

from __future__ import annotations

import pygame

from skully_game.scenes.cardtable import hintplace
from tests.ui_helpers import make_app

TEXT = "Hint: Place a Flower (the 5 of spades): over your Skull, a Flower you can turn before it is reached · Enter takes it"


def test_words_with_no_room_at_the_usual_size_go_smaller_clear_of_the_seats() -> None:
    make_app((1024, 640))
    x, room, prompt_y = 360, 620, 370
    # seats and stacks everywhere above but a band 44 px tall over the prompt
    avoid = [pygame.Rect(0, 0, 724, prompt_y - 44)]
    lines, top, size = hintplace.place(TEXT, x, room, prompt_y, 24, avoid)
    block = pygame.Rect(0, top - 2, 10, hintplace.row(size) * len(lines) + 4)
    assert size < 20 and block.top >= prompt_y - 44, (lines, top, size)
    assert " ".join(lines).replace("  ", " ") == TEXT


def test_words_with_room_stay_at_the_usual_size_in_one_line() -> None:
    make_app((1280, 800))
    lines, _, size = hintplace.place("Hint: Bid 2", 500, 900, 500, 24, [])
    assert (lines, size) == (["Hint: Bid 2"], 20)
