"""The computer players go by names a newcomer understands ("Builder", "Steady", "Expert"),
each with one line on how it plays, at every table's setup and on its seats; the saves keep
the bot names ("build-first"), so old saves load."""

from __future__ import annotations

import re

import pytest

from cards.registry import GAMES
from cards.skull_king import SkullKingOptions
from skully_game.scenes.cardtable.match import Match, Pace, TableSeat
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skip_bo.setup import SkipBoSetup
from skully_game.scenes.skirrid.setup import SkirridSetup
from skully_game.scenes.skull.setup import SkullSetup
from skully_game.scenes.skull_king.adapter import GAME as SKULL_KING
from skully_game.scenes.skull_king.setup import SkullKingSetup
from skully_game.scenes.skull_king.table import SkullKingTable
from skully_game.shell.widgets import Choice
from tests.test_skip_bo_table import _table as skip_bo_table
from tests.ui_helpers import drawn_texts, make_app

# the words a play-tester met and did not understand
JARGON = ("random", "heuristic", "build-first", "build first", "greedy", "strong")


def _jargon(text: str) -> list[str]:
    return [w for w in JARGON if re.search(rf"\b{w}\b", text.lower())]


@pytest.mark.parametrize("info", [g for g in GAMES if g.table], ids=lambda g: g.key)
def test_every_computer_player_has_a_plain_name_and_a_line_on_how_it_plays(info):
    entry = info.entry()
    labels = dict(info.levels)
    assert list(labels) == list(entry.bot_names)  # the saves' names, in order
    for name in entry.bot_names:
        assert labels[name] == f"Computer: {entry.bot_word(name)}"
        assert not _jargon(labels[name]), labels[name]
        tip = entry.bot_tip(name)
        assert tip.startswith(f"{entry.bot_word(name)}: "), tip  # "at random" is plain English
        assert not {"heuristic", "build-first", "greedy"} & set(_jargon(tip)), tip
    assert labels[entry.bot_names[0]] == "Computer: Beginner"
    assert labels[entry.bot_names[-1]] == "Computer: Expert"


@pytest.mark.parametrize("setup_class", [SkullKingSetup, SkullSetup, SkipBoSetup, SkirridSetup])
def test_a_computer_seats_tooltip_says_how_it_plays_and_follows_the_choice(setup_class):
    app = make_app((1024, 640))
    app.stack.push(MenuScene(app))
    scene = setup_class(app)
    app.stack.push(scene)
    app.run_frames(1)
    entry = scene.game.engine
    rows = [
        w for w in scene.widgets.widgets if isinstance(w, Choice) and w.rect in scene.seat_rows_at
    ]
    person, computer = rows[0], rows[1]
    assert person.value == "human" and "person" in person.tooltip.lower()
    assert computer.tooltip == entry.bot_tip(computer.value)
    first = computer.value
    computer._step(-1)  # the computer player before it (never the person: that is first)
    assert computer.value not in (first, "human")
    assert scene.seats[1].kind == computer.value
    assert computer.tooltip == entry.bot_tip(computer.value) != ""


def test_skip_bo_seats_say_builder_not_build_first(monkeypatch):
    app, table = skip_bo_table(["human", "build-first", "strong"], seed=3, stock=10)
    texts = " | ".join(drawn_texts(app, monkeypatch))
    assert "Builder" in texts and "Expert" in texts
    assert "build-first" not in texts and "strong" not in texts
    assert [s.kind for s in table.match.seats] == ["human", "build-first", "strong"]  # saved


def test_skull_king_seats_say_steady_not_heuristic(monkeypatch):
    app = make_app()
    app.stack.push(MenuScene(app))
    seats = [TableSeat("You", "human"), TableSeat("Anne", "heuristic"), TableSeat("Bo", "strong")]
    match = Match(SKULL_KING, SkullKingOptions(players=3), 5, seats, Pace.FAST)
    app.stack.push(SkullKingTable(app, match))
    texts = " | ".join(drawn_texts(app, monkeypatch))
    assert "Steady" in texts and "Expert" in texts
    assert "heuristic" not in texts
    assert match.to_dict()["seats"][1]["kind"] == "heuristic"  # saves keep the bot's name
