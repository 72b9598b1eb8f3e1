"""The words about the hand sit just over the prompt where any way of wrapping them fits there
(issue 40: in a real 1280x800 Skull King window, a card's two wide lines rose over the seat
box at the left, a hundred pixels above the hand, where three narrower lines sat low)."""

from __future__ import annotations

import pygame

from skully_game.scenes.cardtable import hintplace
from skully_game.scenes.skull_king.cardwords import card_tip

PROMPT_Y = 560  # the prompt's top at 1280x800
SEAT = pygame.Rect(10, 470, 188, 88)  # the viewer's box at the left, beside the prompt


def test_a_long_card_tip_while_bidding_keeps_down_by_the_prompt():
    pygame.font.init()
    text = card_tip("G13") + ": cards are played once everyone has bid"
    lines, top, size = hintplace.place(text, 490, 956, PROMPT_Y, 48, [SEAT])
    bottom = top + hintplace.row(size) * len(lines)
    assert bottom >= PROMPT_Y - 12, (lines, top, size)  # right over the prompt
    assert not hintplace._box(lines, top, size, 490).colliderect(SEAT)  # and clear of the seat
