"""The Practice panel as a player reads it: tooltips on top, and all of the help in sight."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skully import practice
from skully_game.scenes.skully.practice import HOW_TO, KEYS_HELP, MAX_CAPS, PracticeScene
from skully_game.shell import theme
from skully_game.skully.hand import Input
from tests.ui_helpers import click, ev, make_app

SIZES = [(1280, 800), (1024, 640)]


def _open(size: tuple[int, int]) -> tuple:
    app = make_app(size)
    app.stack.push(MenuScene(app))
    scene = PracticeScene(app, seed=1)
    app.stack.push(scene)
    app.run_frames(2)
    return app, scene


def _widget(scene: PracticeScene, label: str):
    return next(w for w in scene.widgets.widgets if w.label == label)


def _add_caps(app, scene: PracticeScene, count: int) -> None:
    while len(scene.kinds) < count:
        click(app, _widget(scene, "Add cap").rect.center)
        app.run_frames(1)


def _hover(app, pos: tuple[int, int]) -> None:
    app.dispatch(ev(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(1)


@pytest.mark.parametrize("size", SIZES)
def test_a_cap_rows_tooltip_hides_the_cap_drawn_beside_the_row(size):
    app, scene = _open(size)
    _add_caps(app, scene, 3)
    row = _widget(scene, "Cap 3")
    _hover(app, row.rect.center)
    tip = scene.widgets.tip(app.screen.get_rect())
    assert tip is not None
    text, box = tip
    assert text == scene.kinds[2].spec.blurb
    icon = (row.rect.left - 20, row.rect.centery)
    assert box.collidepoint(icon)  # the tooltip lies over the cap beside the row

    def tooltip_pixels() -> list:
        app.draw(0.5)
        inner = box.inflate(-8, -8)  # clear of the rounded corners
        return [
            app.screen.get_at((x, y))
            for x in range(inner.left, inner.right, 2)
            for y in range(inner.top, inner.bottom, 2)
        ]

    before = tooltip_pixels()
    look = scene.table.looks[2]
    scene.table.looks[2] = dataclasses.replace(look, colour=(255, 0, 255))
    assert tooltip_pixels() == before, "the cap shows through the tooltip"
    app.stack.clear()


def _drawn_text(monkeypatch, app) -> list[tuple[str, pygame.Rect]]:
    """Every line of text the frame draws, and where."""
    drawn: list[tuple[str, pygame.Rect]] = []
    real = theme.text

    def spy(surface, message, pos, *args, **kwargs):
        rect = real(surface, message, pos, *args, **kwargs)
        drawn.append((message, rect))
        return rect

    monkeypatch.setattr(theme, "text", spy)
    app.draw(0.5)
    monkeypatch.setattr(theme, "text", real)
    return drawn


@pytest.mark.parametrize("size", SIZES)
def test_with_the_most_caps_all_the_help_shows_above_back_to_menu(size, monkeypatch):
    app, scene = _open(size)
    _add_caps(app, scene, MAX_CAPS)
    assert len(scene.kinds) == MAX_CAPS
    _hover(app, (5, 5))
    drawn = _drawn_text(monkeypatch, app)
    help_drawn = [(m, r) for m, r in drawn if any(item in m for item in KEYS_HELP)]
    shown = " ".join(m for m, _ in drawn)
    assert HOW_TO[scene.hand.input] in shown
    for item in KEYS_HELP:
        assert item in shown, f"the help leaves out {item!r}"
    assert not any(m.endswith("...") for m, _ in help_drawn)
    back = _widget(scene, "Back to menu").rect
    panel = pygame.Rect(size[0] - practice.PANEL_W, 0, practice.PANEL_W, size[1])
    for message, rect in help_drawn:
        assert panel.contains(rect), message
        assert rect.bottom <= back.top, f"{message!r} runs into Back to menu"
        assert rect.collidelist([w.rect for w in scene.widgets.widgets]) < 0, message
    app.stack.clear()


def test_the_help_says_how_to_shoot_with_the_hand_chosen(monkeypatch):
    app, scene = _open((1024, 640))
    scene.set_hand("flick")
    shown = " ".join(m for m, _ in _drawn_text(monkeypatch, app))
    assert HOW_TO[Input.FLICK] in shown and HOW_TO[Input.SLINGSHOT] not in shown
    scene.set_hand("slingshot:steady")
    shown = " ".join(m for m, _ in _drawn_text(monkeypatch, app))
    assert HOW_TO[Input.SLINGSHOT] in shown and HOW_TO[Input.FLICK] not in shown
    app.stack.clear()
