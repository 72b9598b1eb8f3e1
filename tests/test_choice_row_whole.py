"""A choice's row shows its label whole when a smaller style has room for it and the value:
the warm-up's 'Shoot with' beside 'Sling, street legend' in a panel 1024 px wide read
'Shoot...' (issue 39)."""

from __future__ import annotations

import pygame

from skully_game.shell.widgets import CHOICE_STYLES, Choice
from skully_game.skully.game_setup import SEAT_CHOICES
from tests.ui_helpers import make_app


def test_a_narrow_row_takes_smaller_text_before_it_cuts_its_label() -> None:
    app = make_app((1024, 640))
    try:
        hands = [(v, label) for v, label, _ in SEAT_CHOICES if ":" in v or v == "flick"]
        row = Choice(pygame.Rect(710, 160, 298, 34), "Shoot with", options=hands)
        for value, label in hands:
            row.set_value(value)
            parts = row.parts()
            assert parts.value == label and parts.label == "Shoot with", (label, parts)
        legend = next(v for v, label in hands if label == "Sling, street legend")
        row.set_value(legend)
        roomy = Choice(pygame.Rect(0, 0, 520, 34), "Shoot with", options=hands)
        roomy.set_value(legend)
        assert roomy.parts() == roomy._parts(
            "Sling, street legend", *CHOICE_STYLES[0]
        )  # roomy look
    finally:
        app.stack.clear()
