"""Your games says what its numbers count ("10 to 7" was bare: stock cards played, points,
Win Markers, and whose), and a click on one of a game's latest games watches it again."""

from __future__ import annotations

import random
from pathlib import Path

from cards.skull import SkullOptions
from skully_game.core.save_entries import SavedEntry
from skully_game.scenes.cardtable.match import Match, TableSeat
from skully_game.scenes.cardtable.standing import TableGist
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skull.adapter import GAME as SKULL
from skully_game.scenes.skull.setup import SkullSetup
from skully_game.scenes.stats.figures import table_figures
from skully_game.scenes.stats.scene import StatsScene
from skully_game.shell.scripted import click
from tests.ui_helpers import drawn_texts, make_app


def _entry(detail: str, gist: TableGist) -> SavedEntry:
    return SavedEntry(Path("a.json"), "t", detail, True, gist, 10**18)


def test_the_latest_games_say_what_the_scores_count_and_whose_they_are():
    gist = TableGist(("You", "Anne"), (True, False), (0,), (10, 7), "stock cards played")
    f = table_figures("A game", [_entry("won by you · 10 to 7 · 30-card stocks · 80 moves", gist)])
    assert f.recent[0].endswith(
        ": won by you · stock cards played: you 10, Anne 7 · 30-card stocks · 80 moves"
    )
    sides = TableGist(("You", "Anne", "Bo", "Cy"), (True,) * 4, (0,), (120, 90))
    f = table_figures("A game", [_entry("won by you and Bo · 120 to 90", sides)])
    assert f.recent[0].endswith(": won by you and Bo · points: 120 to 90")
    older = TableGist(("You", "Anne"), (True, False))  # an index read before scores were kept
    f = table_figures("A game", [_entry("won by Anne · 60 to 40", older)])
    assert f.recent[0].endswith(": won by Anne · scores 60 to 40")


def _finished_skull() -> Path:
    seats = [TableSeat("You"), TableSeat("Bot 1", "random")]
    match = Match(SKULL, SkullOptions(players=2), 4, seats)
    bots = [SKULL.engine.make_bot("random", random.Random(s)) for s in range(2)]
    while (seat := SKULL.to_act(match.state)) is not None:
        view = match.state.observation(seat).detached()
        SKULL.apply(match.state, bots[seat].act(view, match.state.legal_actions()))
    match.save()
    return match.path


def test_a_click_on_a_latest_game_opens_its_replay(monkeypatch):
    path = _finished_skull()
    app = make_app((1024, 640))
    app.stack.push(MenuScene(app))
    screen = StatsScene(app)
    app.stack.push(screen)
    screen.wait(60)
    screen.chosen = screen.titles.index("Skull")
    texts = drawn_texts(app, monkeypatch)
    assert "Latest games: click one to watch it again" in texts
    assert screen.figures[screen.chosen].recent_paths == (path,)
    [(row, _)] = screen.latest_rows
    click(app, row.center)
    assert isinstance(app.stack.top, SkullSetup.replay_class)
    assert app.stack.top.match.path == path


def test_a_save_gone_since_it_was_counted_is_said_not_opened():
    path = _finished_skull()
    app = make_app()
    app.stack.push(MenuScene(app))
    screen = StatsScene(app)
    app.stack.push(screen)
    screen.wait(60)
    screen.chosen = screen.titles.index("Skull")
    app.draw(0.0)
    path.unlink()
    click(app, screen.latest_rows[0][0].center)
    assert app.stack.top is screen
    assert any("no replay" in t.message for t in app.toasts)
