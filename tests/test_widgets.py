"""Option rows go the way their arrows point, at every width, and read whole."""

from __future__ import annotations

import pygame
import pytest

from skully_game.shell import theme
from skully_game.shell.widgets import Button, Choice, WidgetGroup
from tests.ui_helpers import ev

OPTIONS = [(0, "Official"), (1, "Baby stuff"), (2, "Custom")]
LONG = [(0, "Bot: heuristic"), (1, "would-be winner leads"), (2, "Person")]


@pytest.fixture(autouse=True)
def _fonts():
    pygame.init()
    yield


def click_at(choice: Choice, x: int, button: int = 1) -> bool:
    at = (x, choice.rect.centery)
    return choice.handle(ev(pygame.MOUSEBUTTONUP, pos=at, button=button), False)


def rows():
    for label in ("", "Rules", "Greybeard (2 players)", "After the Kraken, who leads next"):
        for options in (OPTIONS, LONG):
            for width in (90, 140, 200, 245, 320, 480, 700):
                yield Choice(pygame.Rect(30, 50, width, 42), label, options=options, index=1)


def test_the_left_arrow_goes_back_and_the_right_arrow_forward_at_every_width():
    for choice in rows():
        for index in range(len(choice.options)):
            choice.index = index
            parts = choice.parts()
            assert click_at(choice, parts.back.centerx)
            assert choice.index == (index - 1) % 3, (choice.label, choice.rect.w, index)
            choice.index = index
            assert click_at(choice, parts.forward.centerx)
            assert choice.index == (index + 1) % 3, (choice.label, choice.rect.w, index)


def test_a_choice_without_label_goes_back_from_its_left_arrow():
    """The defect: "< Person >" right-aligned in a narrow row put its "<" in the forward zone."""
    choice = Choice(pygame.Rect(200, 110, 245, 42), "", options=LONG, index=2)
    assert click_at(choice, choice.parts().back.centerx)
    assert choice.options[choice.index][1] == "would-be winner leads"


def test_the_left_part_of_a_row_goes_back_and_the_right_part_forward():
    choice = Choice(pygame.Rect(0, 0, 400, 42), "Rules", options=OPTIONS, index=1)
    assert click_at(choice, 10) and choice.index == 0  # on the label
    choice.index = 1
    assert click_at(choice, 395) and choice.index == 2  # past the ">"
    choice.index = 1
    assert click_at(choice, 395, button=3) and choice.index == 0  # right button: always back


def test_arrows_sit_either_side_of_the_value_inside_the_row_and_clear_of_the_label():
    for choice in rows():
        parts = choice.parts()
        font = theme.font(parts.size)
        r = choice.rect
        assert r.x <= parts.back.x and parts.back.right <= parts.shown.x
        assert parts.shown.right <= parts.forward.x and parts.forward.right <= r.right
        assert font.size(parts.value)[0] <= parts.shown.w
        if parts.label:
            assert parts.label_at[0] + font.size(parts.label)[0] < parts.back.x


def test_the_value_is_shown_whole_when_the_row_has_room_and_the_label_gives_way_first():
    choice = Choice(
        pygame.Rect(0, 0, 330, 42), "After the Kraken, who leads", options=LONG, index=1
    )
    parts = choice.parts()
    assert parts.value == "would-be winner leads"
    assert parts.label.endswith("...") and parts.label.startswith("After")


def test_a_narrow_row_tightens_up_before_it_cuts_its_value():
    choice = Choice(pygame.Rect(0, 0, 100, 40), "", options=[(0, "Crown cap"), (1, "Wax")])
    assert choice.parts().value == "Crown cap"
    assert choice.parts().size < 22
    choice.index = 1
    assert choice.parts().size == 22  # a short value keeps the roomy look


def test_the_arrows_are_drawn_where_they_are_clicked():
    """The "<" is drawn left of the value and the ">" right of it: bright pixels in each."""
    surface = pygame.Surface((400, 60))
    choice = Choice(pygame.Rect(0, 0, 400, 60), "Units", options=OPTIONS)
    choice.draw(surface, False, False)
    parts = choice.parts()

    def inked(rect: pygame.Rect) -> int:
        return sum(
            1
            for x in range(rect.x, rect.right)
            for y in range(rect.y + 10, rect.bottom - 10)
            if sum(surface.get_at((x, y))[:3]) > 300
        )

    assert inked(parts.back) > 5 and inked(parts.forward) > 5
    gap_left = pygame.Rect(parts.back.right, 0, parts.shown.x - parts.back.right, 60)
    assert inked(gap_left) == 0  # nothing between "<" and the value: it is one "< value >"


def test_a_long_name_being_typed_shows_its_end_inside_the_field():
    from skully_game.shell.widgets import TextField

    field = TextField(pygame.Rect(0, 0, 480, 40), "name", value="x" * 10, max_length=80)
    assert field.shown_text() == "x" * 10
    field.value = "Shot 12: Carmen, the long way round (2026-11-21 00:00) and then some more"
    field.editing = True
    shown = field.shown_text()
    assert shown.startswith("...") and shown.endswith("some more|")
    assert theme.font(22).size(shown)[0] <= field.rect.w - 20


def test_text_still_draws_after_pygame_is_quit_and_started_again():
    """Fonts are cached; pygame.quit() closes them (a benchmark run twice, the tests)."""
    theme.text(pygame.Surface((100, 30)), "before", (0, 0))
    pygame.quit()
    pygame.init()
    assert theme.font(22).size("after")[0] > 0
    assert theme.text(pygame.Surface((100, 30)), "before", (0, 0)).w > 0


def test_a_tooltip_never_covers_a_neighbouring_buttons_label() -> None:
    """A stack of menu buttons 14 px apart: the tip goes beside the button, not on the next one."""
    buttons = [
        Button(pygame.Rect(470, 336 + 62 * k, 340, 48), name, tooltip=f"What {name} does, in words")
        for k, name in enumerate(("New game", "Practice", "Board tuner", "Replays"))
    ]
    group = WidgetGroup()
    group.set(buttons)
    group.handle(ev(pygame.MOUSEMOTION, pos=(640, 420), rel=(0, 0), buttons=(0, 0, 0)))
    found = group.tip(pygame.Rect(0, 0, 1280, 800))
    assert found is not None
    text, box = found
    assert text == "What Practice does, in words"
    assert box.collidelist([b.rect for b in buttons]) < 0
    assert pygame.Rect(0, 0, 1280, 800).contains(box)


def test_a_form_keeps_the_focus_on_its_widget_when_an_entry_comes_above_it() -> None:
    """The menu gains Resume game after a game is left: the focus stays on that game's entry;
    among like-named buttons (each seat's "x") it keeps its place."""
    group = WidgetGroup()

    def buttons(*labels: str) -> list[Button]:
        return [Button(pygame.Rect(0, 50 * k, 100, 40), name) for k, name in enumerate(labels)]

    group.set(buttons("New game", "Skip-Bo", "Skirrid", "Quit"))
    group.focus = 2
    group.set(buttons("Resume game", "New game", "Skip-Bo", "Skirrid", "Quit"))
    assert group.widgets[group.focus].label == "Skirrid"
    group.set(buttons("x", "x", "x"))
    group.focus = 1
    group.set(buttons("x", "x", "x", "x"))
    assert group.focus == 1


def test_ctrl_a_in_a_text_field_selects_the_name_so_backspace_or_a_letter_replaces_it() -> None:
    from skully_game.shell.widgets import TextField

    seen: list[str] = []
    field = TextField(pygame.Rect(0, 0, 200, 36), "name", value="You", on_change=seen.append)
    field.handle(ev(pygame.MOUSEBUTTONUP, pos=(10, 10), button=1), True)
    field.handle(ev(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode="\x01"), True)
    field.handle(ev(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b"), True)
    assert field.value == ""
    field.handle(ev(pygame.TEXTINPUT, text="Al"), True)
    field.handle(ev(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode="\x01"), True)
    field.handle(ev(pygame.TEXTINPUT, text="B"), True)
    assert field.value == "B" and seen[-1] == "B"
    field.handle(ev(pygame.TEXTINPUT, text="o"), True)
    assert field.value == "Bo"
