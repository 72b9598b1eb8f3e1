"""The Skully setup: each seat is a person (flick, or a slingshot with a hand level) or a computer
player; rule presets cycle both ways; every rule's tooltip says what the value shown does."""

from __future__ import annotations

import pygame
import pytest

from skully_game.scenes.skully.setup import SkullySetupScene, option_tip
from skully_game.scenes.skully.table import SkullyGameScene
from skully_game.shell.widgets import Choice, Dropdown
from skully_game.skully.game_setup import SEAT_CHOICES, GameSetup
from skully_game.skully.hand import HandLevel, Input
from skully_game.skully.rules.options import HitAKiller
from tests.ui_helpers import click, ev, key, make_app


@pytest.fixture
def app():
    app = make_app()
    yield app
    app.stack.clear()


def tap(app, k: int) -> None:
    """A key pressed and let go."""
    app.dispatch(key(k))
    app.dispatch(ev(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))


def choice(scene: SkullySetupScene, label: str) -> Choice:
    return next(w for w in scene.widgets.widgets if isinstance(w, Choice) and w.label == label)


def seat_choices(scene: SkullySetupScene) -> list[Dropdown]:
    values = {v for v, _, _ in SEAT_CHOICES}
    return [
        w
        for w in scene.widgets.widgets
        if isinstance(w, Dropdown) and w.options and w.options[0][0] in values
    ]


def test_every_seat_kind_can_be_chosen_and_reaches_the_game(app) -> None:
    scene = SkullySetupScene(app, GameSetup(seed=5))
    app.stack.push(scene)
    scene._add()
    for seat, who in zip(
        scene.setup.seats, ("flick", "slingshot:beginner", "street-legend"), strict=True
    ):
        seat.choose(who)
    scene.setup.distance_guide = True
    scene._start()
    game = app.stack.top
    assert isinstance(game, SkullyGameScene)
    seats = game.session.seats
    assert (seats[0].kind, seats[0].input) == ("human", Input.FLICK)
    assert (seats[1].kind, seats[1].input, seats[1].hand) == (
        "human",
        Input.SLINGSHOT,
        HandLevel.BEGINNER,
    )
    assert seats[2].kind == "street-legend"
    assert game.session.distance_guide


def test_a_seat_row_offers_people_and_computer_players(app) -> None:
    scene = SkullySetupScene(app, GameSetup(seed=5))
    app.stack.push(scene)
    first = seat_choices(scene)[0]
    labels = [label for _, label in first.options]
    assert "Flick" in labels and "Steady (assist)" in labels and "Computer, street legend" in labels
    assert scene.setup.seats[0].who == "slingshot:skilled"  # a person with a skilled hand
    assert "4°" in first.tooltip  # the wobble is told, not hidden
    scene.widgets.focus = scene.widgets.widgets.index(first)
    tap(app, pygame.K_RETURN)  # Enter opens the list, on the seat's own choice
    assert first.expanded and first.lit == first.index
    tap(app, pygame.K_DOWN)
    tap(app, pygame.K_RETURN)  # the next one down: taken
    assert scene.setup.seats[0].who == "slingshot:street-legend"


def test_rule_presets_cycle_both_ways_and_custom_is_a_state(app) -> None:
    scene = SkullySetupScene(app, GameSetup(seed=5))
    app.stack.push(scene)
    rules = choice(scene, "Rules")
    assert [v for v, _ in rules.options] == ["official", "baby stuff"]
    rules.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""), True)
    assert choice(scene, "Rules").value == "baby stuff"
    assert scene.setup.options.holdsies
    rules = choice(scene, "Rules")
    rules.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""), True)
    assert choice(scene, "Rules").value == "official"  # not stuck on baby stuff
    linesies = choice(scene, "Linesies")
    click(app, linesies.rect.center)
    assert choice(scene, "Rules").value == "custom"


@pytest.mark.parametrize(
    ("name", "on", "off"),
    [
        ("linesies", True, False),
        ("blastsies", True, False),
        ("holdsies", True, False),
        ("switchsies", True, False),
        ("killer_owns_board", True, False),
        ("hit_a_killer", HitAKiller.BECOME_KILLER, HitAKiller.ELIMINATED),
        ("pipsies_bonus", 2, 0),
    ],
)
def test_each_rule_tooltip_explains_the_value_shown(name: str, on: object, off: object) -> None:
    assert option_tip(name, on) and option_tip(name, off)
    assert option_tip(name, on) != option_tip(name, off)


def test_the_setup_starts_from_the_last_games_choices(app) -> None:
    first = SkullySetupScene(app)
    app.stack.push(first)
    first._add()
    first.setup.seats[2].choose("skilled")
    first.setup.seats[0].choose("flick")
    first.setup.options = first.setup.options.with_changes(holdsies=True)
    first.setup.distance_guide = True
    first._start()
    again = SkullySetupScene(app)
    seats = again.setup.seats
    assert [s.name for s in seats] == ["Ace", "Bobby", "Carmen"]
    # Bobby stays the first game's beginner computer player, as it was left
    assert [s.who for s in seats] == ["flick", "beginner", "skilled"]
    assert again.setup.options.holdsies and again.setup.distance_guide


def test_a_damaged_choices_file_starts_from_the_usual_choices(app) -> None:
    from skully_game.core.choices import choices_path

    path = choices_path("skully")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json")
    scene = SkullySetupScene(app)
    assert len(scene.setup.seats) == 2
    assert any("skully.json" in t.message for t in app.toasts)
    path.write_text(
        '{"format": "skully-setup-choices", "choices": {"seats": [{"who": 7}], "board": "moon"}}'
    )
    scene = SkullySetupScene(app)  # nonsense inside a good file: each part falls back
    assert len(scene.setup.seats) == 2 and scene.setup.board == "classic"


def test_the_first_new_game_suggests_a_gentle_set_up_says_so_and_it_can_be_changed(
    app, monkeypatch
) -> None:
    from skully_game.skully.game_setup import FIRST_GAME_NOTE
    from tests.ui_helpers import drawn_text_rects

    first = SkullySetupScene(app)
    app.stack.push(first)
    assert first.first_game and first.setup.board == "sidewalk"
    # you, with a steadier hand, against a beginner computer player: not against yourself
    assert [s.who for s in first.setup.seats] == ["slingshot:steadier", "beginner"]
    assert first.setup.take_backs
    app.run_frames(1)  # the note is drawn beside the title
    assert "first game" in FIRST_GAME_NOTE

    def note_shown() -> bool:
        return any("first game" in text for text, _ in drawn_text_rects(first, monkeypatch))

    assert note_shown()
    board = next(w for w in first.widgets.widgets if w.label == "Board")
    board._step(1)  # the next board, as a click on ">" would
    assert first.setup.board != "sidewalk"
    assert not note_shown(), "it names the sidewalk board: no longer true"
    first._start()
    again = SkullySetupScene(app)
    assert not again.first_game and again.setup.board == first.setup.board


def test_how_to_play_opens_from_the_setup_by_its_button_and_f1(app) -> None:
    from skully_game.scenes.skully.howto import HowToPlay
    from tests.ui_helpers import read_rules

    setup = SkullySetupScene(app)
    app.stack.push(setup)
    assert isinstance(read_rules(app, setup), HowToPlay)
    app.dispatch(key(pygame.K_F1))
    assert isinstance(app.stack.top, HowToPlay)
