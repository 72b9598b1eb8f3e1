"""Lengths on screen in the player's units: feet and inches read as "2 ft 11 in", type back as
they are shown, and the board tuner's words fit a 1024x640 window."""

from __future__ import annotations

from itertools import pairwise

import pygame
import pytest
from ui_helpers import click, ev, key, make_app

from skully_game.core.settings import Units
from skully_game.scenes.tuner import scene as tuner_scene
from skully_game.scenes.tuner.chart import STEPS, labelled
from skully_game.scenes.tuner.scene import TunerScene
from skully_game.shell import theme
from skully_game.skully.misses import format_length
from skully_game.skully.tuner_model import feet_and_inches, parse_length, show_length

INCH = 0.0254
IMPERIAL = Units.IMPERIAL


@pytest.mark.parametrize(
    ("metres", "shown"),
    [
        (0.889, "2 ft 11 in"),
        (35 * INCH, "2 ft 11 in"),
        (114.17 * INCH, "9 ft 6 in"),
        (11.02 * INCH, "11 in"),
        (12 * INCH, "1 ft"),
        (11.6 * INCH, "1 ft"),  # rounds up to a whole foot, never "12 in"
        (0.0, "0 in"),
    ],
)
def test_the_aim_guide_says_feet_and_whole_inches(metres: float, shown: str) -> None:
    assert format_length(metres, IMPERIAL) == shown


def test_the_aim_guide_in_metric_is_unchanged() -> None:
    assert format_length(0.889, Units.METRIC) == "89 cm"
    assert format_length(2.9, Units.METRIC) == "2.90 m"


@pytest.mark.parametrize(
    ("metres", "shown"),
    [
        (2.9, "9 ft 6.2 in"),
        (0.28, "11 in"),
        (0.20, "7.9 in"),
        (0.3048, "1 ft"),
        (0.0127, "0.5 in"),  # the chalk: under an inch, to a hundredth
        (0.005, "0.2 in"),
        (10.0, "32 ft 9.7 in"),
    ],
)
def test_tuner_fields_show_feet_and_inches(metres: float, shown: str) -> None:
    assert show_length(metres, IMPERIAL) == shown
    assert "." not in feet_and_inches(metres, 1)


@pytest.mark.parametrize(
    ("text", "inches"),
    [
        ("9 ft 6.2 in", 114.2),
        ("9ft 6.2in", 114.2),
        ("9 ft", 108),
        ("114 in", 114),
        ("114", 114),
        ("9'6\"", 114),
        ("9' 6.2\"", 114.2),
        ("9 feet 6 inches", 114),
        ("9 ft 6", 114),  # a bare number after feet is inches
        ("0.5 in", 0.5),
    ],
)
def test_feet_and_inches_are_typed_the_way_they_are_shown(text: str, inches: float) -> None:
    assert parse_length(text, IMPERIAL) == pytest.approx(inches * INCH)


@pytest.mark.parametrize("text", ["6 in 9 ft", "9 ft 6 ft", "1 2", "ft", "9 ft -2 in"])
def test_a_length_in_the_wrong_shape_is_refused_saying_what_was_expected(text: str) -> None:
    with pytest.raises(ValueError, match=r"^expected "):
        parse_length(text, IMPERIAL)


@pytest.fixture
def imperial_app():
    app = make_app()
    app.update_settings(units=IMPERIAL)
    yield app
    app.stack.clear()


def _type(app, widget, text: str) -> None:
    click(app, widget.rect.center)
    app.dispatch(key(pygame.K_a, pygame.KMOD_CTRL))
    app.dispatch(ev(pygame.TEXTINPUT, text=text))
    app.dispatch(key(pygame.K_RETURN))


def test_the_tuner_shows_and_takes_feet_and_inches(imperial_app) -> None:
    app = imperial_app
    scene = TunerScene(app)
    scene.worker.stop()
    app.stack.push(scene)
    app.run_frames(2)
    assert scene.entries["board_side"].value == "9 ft 6.2 in"
    assert scene.entries["box_side"].value == "11 in"
    _type(app, scene.entries["board_side"], "9 ft 8.5 in")
    assert scene.spec.board_side == pytest.approx(116.5 * INCH)
    assert scene.entries["board_side"].value == "9 ft 8.5 in"
    _type(app, scene.entries["box_side"], "one foot")
    assert scene.message == 'Box side: expected a length such as 11 in or 9 ft 6 in, not "one foot"'
    assert scene.entries["box_side"].value == "one foot"  # kept in the field, to be put right
    app.dispatch(key(pygame.K_ESCAPE))
    assert scene.entries["box_side"].value == "11 in"


def _drawn_text(monkeypatch) -> list[tuple[str, pygame.Rect]]:
    drawn: list[tuple[str, pygame.Rect]] = []
    real = theme.text

    def record(surface, message, pos, size=22, colour=theme.TEXT, anchor="topleft", bold=False):
        rect = real(surface, message, pos, size, colour, anchor, bold)
        drawn.append((message, rect))
        return rect

    monkeypatch.setattr(tuner_scene.theme, "text", record)
    return drawn


def test_the_tuner_says_everything_at_1024x640(monkeypatch) -> None:
    """No cut words in the heat map's header or the chart's title, the legend and the rules'
    verdict shown, and no two axis labels touching."""
    app = make_app((1024, 640))
    scene = TunerScene(app)
    scene.worker.stop()
    app.stack.push(scene)
    scene.samples = 4
    scene._restart_analysis()
    assert scene.worker.wait(120)
    app.run_frames(2)
    drawn = _drawn_text(monkeypatch)
    scene.draw(app.screen, 0.5)
    app.stack.clear()
    words = [message for message, _ in drawn]
    assert not [m for m in words if m.endswith(("...", "…"))]
    assert any("first shots of" in m and m.endswith(" stopped") for m in words)
    assert any(m.startswith("How hard is each shot") for m in words)
    assert "bars: chance in one shot" in words and "line: expected shots" in words
    assert any(m.startswith("rules 1.6.7") for m in words)
    width = scene.chart.rect.w
    left = [r for _, r in drawn if r.x < width]  # the board's side, not the panel
    header = [r for r in left if r.centery < tuner_scene.HEADER_H]
    assert header and all(r.right <= width for r in header)
    top = [r for r in left if scene.chart.rect.y < r.centery < scene.chart.rect.y + 50]
    assert all(r.right <= width for r in top)
    assert all(a.colliderect(b) is False for i, a in enumerate(top) for b in top[i + 1 :])


@pytest.mark.parametrize("slot", [16.4, 24.9])
def test_axis_labels_never_run_together(slot: float) -> None:
    for selected in (0, 7, STEPS - 1):
        shown = [i for i in range(STEPS) if labelled(i, selected, slot)]
        assert selected in shown
        widest = theme.font(15).size("d1")[0]
        assert min((b - a) * slot - widest for a, b in pairwise(shown)) >= 5
