"""Skull King's rules screen: the setup's How to play opens it and Esc comes back; it names every
option the setup offers, the table's own words for the cards, and fits the window at both sizes;
the button stays clear of the setup's other widgets and its message with every option row."""

from __future__ import annotations

import pygame
import pytest

from cards.skull_king.cards import PIRATE_NAMES, SUIT_NAMES
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skull_king.rules import RULES, SkullKingRules
from skully_game.scenes.skull_king.setup import SkullKingSetup
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.reading import LINE
from tests.ui_helpers import click, ev, key, make_app, read_rules

SIZES = [(1024, 640), (1280, 800)]
TEXT = " ".join(heading + " " + " ".join(paragraphs) for heading, paragraphs in RULES).lower()

# Each rule option of the setup (by its name) and words the rules must use to explain it, besides
# the row's own label and its choices; the computer players' pace is the table's, not a rule.
EXPLAINED: dict[str, tuple[str, ...]] = {
    "round_plan": ("rounds option", "9, 7, 5, 3 and then 1"),
    "scoring": ("skull king scoring", "rascal scoring", "one trick off scores half"),
    "cannonball": ("buckshot", "15 for each card dealt"),
    "pirate_powers": tuple(name.lower() for name in PIRATE_NAMES.values()),
    "advanced_cards": ("kraken", "white whale", "loot", "74 cards"),
    "kraken_leader": ("would have taken the trick without the kraken", "played the kraken"),
    "greybeard": ("two players", "ghost of greybeard", "option off"),
}
NOT_RULES = {"pace"}
ON_OFF = {"On", "Off"}


def setup_scene(size: tuple[int, int] = (1280, 800)) -> tuple[App, SkullKingSetup]:
    app = make_app(size)
    app.stack.push(MenuScene(app))
    scene = SkullKingSetup(app)
    app.stack.push(scene)
    return app, scene


def how_to_play(scene: SkullKingSetup):
    return next(w for w in scene.widgets.widgets if w.label == "How to play")


def test_how_to_play_opens_the_rules_which_scroll_and_esc_comes_back() -> None:
    app, setup = setup_scene()
    button = how_to_play(setup)
    assert button.tooltip == "How Skull King is played, at this table"
    assert isinstance(read_rules(app, setup), SkullKingRules)


def test_the_back_button_comes_back_too() -> None:
    app, setup = setup_scene((1024, 640))
    click(app, how_to_play(setup).rect.center)
    back = next(w for w in app.stack.top.widgets.widgets if w.label == "Back")
    click(app, back.rect.center)
    assert app.stack.top is setup


def test_the_rules_explain_every_option_the_setup_offers() -> None:
    _, setup = setup_scene()
    rows = setup.option_rows()
    names = {name for *_, name in rows}
    assert names - NOT_RULES == set(EXPLAINED), "a new option needs its words in the rules"
    for label, choices, _, name in rows:
        if name in NOT_RULES:
            continue
        row = label.split(" (")[0].lower()  # "Greybeard (2 players)": the row is Greybeard
        assert row in TEXT, label
        for _, shown in choices:  # a choice the setup shows by name is named in the rules
            if shown not in ON_OFF:
                assert shown.lower() in TEXT, (label, shown)
        for word in EXPLAINED[name]:
            assert word in TEXT, (label, word)


def test_the_rules_use_the_tables_words_for_the_cards() -> None:
    for suit in SUIT_NAMES.values():  # "green parrot", "black Jolly Roger", as the log says
        assert suit.lower() in TEXT, suit
    for card in ("skull king", "pirate", "mermaid", "tigress", "escape", "trump"):
        assert card in TEXT, card
    for keys in ("tab", "ctrl+z", "f6", "esc", "enter", "arrows", "number key"):
        assert keys in TEXT, keys


@pytest.mark.parametrize("size", SIZES)
def test_the_rules_fit_the_window_and_the_end_can_be_read(size) -> None:
    app = make_app(size)
    page = SkullKingRules(app)
    app.stack.push(page)
    w, h = size
    area = page.area()
    back = next(wd for wd in page.widgets.widgets if wd.label == "Back")
    assert pygame.Rect(0, 0, w, h).contains(area) and area.bottom <= back.rect.top
    assert theme.font(44, True).size(page.title)[0] <= w - area.x
    for text, font_size, bold, indent in page.rows():
        assert indent >= 0 and theme.font(font_size, bold).size(text)[0] + indent <= area.w, text
    app.dispatch(key(pygame.K_END))
    y, shown = area.y, 0
    for _, font_size, _, _ in page.rows()[page.scroll :]:  # as ReadingScene.draw steps
        if y + LINE > area.bottom:
            break
        shown += 1
        y += LINE if font_size != 8 else 8
    assert page.scroll + shown == len(page.rows()), "the last lines cannot be scrolled to"
    app.draw(0.0)


@pytest.mark.parametrize("size", SIZES)
def test_the_button_fits_above_the_bottom_buttons_and_the_message(size) -> None:
    """Eight option rows: at 1024x640 the button must not reach the bottom row of buttons, nor the
    line where the setup writes its message (here the longest, with eight seats)."""
    app, setup = setup_scene(size)
    while len(setup.seats) < 8:
        next(w for w in setup.widgets.widgets if w.label == "Add seat").on_click()
    setup._option("cannonball", True)  # Skull King scoring: the setup says so at the foot
    assert setup.message
    button = how_to_play(setup)
    w, h = size
    assert pygame.Rect(0, 0, w, h).contains(button.rect)
    for other in setup.widgets.widgets:
        if other is not button:
            assert not button.rect.colliderect(other.rect), other.label
    message_top = h - 118  # TableSetup.draw writes its message here
    assert button.rect.bottom < message_top
    app.dispatch(ev(pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    _, box = setup.widgets.tip(pygame.Rect(0, 0, w, h))
    assert pygame.Rect(0, 0, w, h).contains(box)
    app.draw(0.0)
