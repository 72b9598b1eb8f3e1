"""Your games (the statistics screen) and the Resume list's standing: both read from the saves
index (each save's own summary of where it stands or who won with what), never by replaying a
game; ten thousand saves do not hold up the first frame; the words are grammatical."""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path

import pygame
import pytest

from skully_game.core import saves_index
from skully_game.core.save_entries import SavedEntry
from skully_game.scenes.cardtable.match import Match, TableSeat, list_tables, saves_dir
from skully_game.scenes.cardtable.standing import TableGist, scores_words
from skully_game.scenes.stats.figures import skully_figures, table_figures
from skully_game.shell.scripted import key
from skully_game.skully.saves import GameGist, game_listing, games_dir
from tests.test_many_saves import no_reading
from tests.ui_helpers import make_app

DATA = Path(__file__).parent / "data"
OLD = time.time() - 3600


def _entry(n: int, gist: object, finished: bool) -> SavedEntry:
    return SavedEntry(Path(f"{n:05d}.json"), "t", "d", finished, gist, (10**9 + n) * 10**9)


def _table(winners: tuple[int, ...], scores: tuple[int, ...], unit: str = "points") -> TableGist:
    return TableGist(("You", "Bot 1"), (True, False), winners, scores, unit)


# --- the figures, from entries --------------------------------------------------------------


def test_a_table_games_figures_count_wins_here_the_best_score_and_the_form() -> None:
    entries = [_entry(i, _table((i % 2,), (100 + i, 50)), True) for i in range(12)]
    entries.append(_entry(99, TableGist(("You", "Bot 1"), (True, False), standing="x"), False))
    f = table_figures("Skull King", entries)
    assert (f.finished, f.unfinished, f.won_here) == (12, 1, 6)
    assert f.form == (False, True) * 5  # the newest (11: Bot 1 won) first, ten of them
    assert f.counts() == "12 games finished, 6 of them won by a person at this desk"
    assert f.form_words() == "Last 10 games: 5 won here, 5 by the computer"
    assert f.best.startswith("Best score here: 111, by you on ")
    assert f.leaders_words() == "Most wins: you 6"


def test_one_game_reads_as_one_and_no_best_where_the_scores_are_not_points() -> None:
    f = table_figures("Skull", [_entry(1, _table((1,), (0, 2), "Win Markers"), True)])
    assert f.counts() == "1 game finished, won by the computer"
    assert f.summary == "1 game · 0 won here"
    assert f.form_words() == "Last game: won by the computer"
    assert f.best == ""
    assert table_figures("Skull", []).summary == "No games finished yet"


def test_skullys_figures_count_shots_hits_and_killers_of_the_people_here() -> None:
    names = ("Ace", "Bobby (computer)")
    won = GameGist(names, 30, "", "", "", (True, False), 0, (31, 9), (16, 14), (4, 2), (1, 0))
    lost = GameGist(names, 50, "", "", "", (True, False), 1, (20, 31), (25, 25), (3, 6), (0, 1))
    f = skully_figures([_entry(1, won, True), _entry(2, lost, True)])
    assert (f.finished, f.won_here, f.form) == (2, 1, (False, True))
    assert f.best.startswith("Fewest shots to win: 16, by Ace on ")
    assert "Shots a game: 40 on average" in f.lines
    assert "Hits by people here: 7 (3.5 a game)" in f.lines
    assert "Killers made by people here: 1" in f.lines


def test_scores_are_said_highest_first_with_what_they_count() -> None:
    assert scores_words(["Anne", "Bob"], [40, 60], ("point", "points")) == "Bob 60, Anne 40"
    said = scores_words(["Anne", "Bob"], [1, 0], ("Win Marker", "Win Markers"))
    assert said == "Win Markers: Anne 1, Bob 0"
    assert scores_words(["Anne", "Bob"], [0, 0], ("point", "points")) == "no points yet"


# --- what the saves keep, and the Resume list ----------------------------------------------


def _skull_king(moves: int, finish: bool = False) -> Match:
    from skully_game.scenes.skull_king.adapter import GAME

    entry = GAME.engine
    options = entry.make_options(2, {})
    match = Match(GAME, options, 3, [TableSeat("Anne"), TableSeat("Bob", GAME.levels[0][0])])
    bots = [entry.make_bot(GAME.levels[0][0], random.Random(i)) for i in range(2)]
    for _ in range(20_000 if finish else moves):
        seat = GAME.to_act(match.state)
        if seat is None:
            break
        view = match.state.observation(seat).detached()
        GAME.apply(match.state, bots[seat].act(view, match.state.legal_actions()))
    match.save()
    os.utime(match.path, (OLD, OLD))
    return match


def test_the_resume_list_says_the_round_and_the_scores_from_the_index(monkeypatch) -> None:
    from skully_game.scenes.resume import unfinished_games

    match = _skull_king(40)
    state = match.state
    found, _ = unfinished_games()
    [row] = [u for u in found if u.path == match.path]
    scores = sorted(zip(state.scores, ("Anne", "Bob"), strict=True), reverse=True)
    said = ", ".join(f"{name} {score}" for score, name in scores)
    bidding = ", bidding" if state.phase.value == "bid" else ""  # (Skull King says so)
    assert row.detail.startswith(f"Round {state.round_index + 1} of 10{bidding} · {said} · ")
    saves_index.forget()  # a new start: the row comes from the index, no save is opened
    read = no_reading(monkeypatch)
    again, _ = unfinished_games()
    assert [u.detail for u in again if u.path == match.path] == [row.detail]
    assert read == []


def test_an_older_save_is_replayed_once_in_the_background_not_on_a_quick_look() -> None:
    match = _skull_king(40)
    data = json.loads(match.path.read_text())
    del data["standing"]
    match.path.write_text(json.dumps(data))
    os.utime(match.path, (OLD, OLD))
    saves_index.forget()
    with saves_index.quick_listing():
        [quick] = list_tables(match.game).entries
    assert quick.value.partial and quick.value.standing == ""
    [whole] = list_tables(match.game).entries  # the background's whole list replays it
    assert not whole.value.partial and whole.value.standing.startswith("Round ")
    kept = json.loads((saves_dir(match.game) / saves_index.INDEX_NAME).read_text())
    assert match.path.name in kept["files"]


def test_a_finished_table_keeps_its_winners_and_scores() -> None:
    match = _skull_king(0, finish=True)
    [entry] = list_tables(match.game).entries
    assert entry.finished
    assert entry.value.winners == tuple(match.state.winners())
    assert entry.value.scores == tuple(match.state.scores)
    assert entry.value.people == (True, False)


def test_a_skully_save_keeps_its_tally_and_the_list_names_the_leader() -> None:
    from skully_game.skully.session import load_session

    games_dir().mkdir(parents=True, exist_ok=True)
    session = load_session(DATA / "game-four-players-unfinished.json")
    path = games_dir() / "a.json"
    session.save(path)
    assert len(json.loads(path.read_text())["tally"]) == 4
    [entry] = game_listing().entries
    assert entry.value.standing().startswith(
        f"Shot {session.state.shots} · Ace going for 5 backwards"
    )
    assert load_session(path).state == session.state  # the tally is a field it reads back


def test_an_older_skully_save_is_tallied_by_a_replay_of_its_rules() -> None:
    games_dir().mkdir(parents=True, exist_ok=True)
    data = json.loads((DATA / "game-two-players-finished.json").read_text())
    data.pop("tally", None)
    (games_dir() / "old.json").write_text(json.dumps(data))
    with saves_index.quick_listing():
        [quick] = game_listing().entries
    assert quick.value.partial and not quick.value.tallied
    saves_index.forget()
    [whole] = game_listing().entries
    assert whole.value.tallied and whole.value.winner >= 0


# --- the screen --------------------------------------------------------------------------


def _synthetic_index(folder: Path, fmt: str, n: int, gist: object) -> None:
    """`n` saves the index vouches for: small files, and an index line for each."""
    folder.mkdir(parents=True, exist_ok=True)
    kind = f"{type(gist).__module__}:{type(gist).__qualname__}"
    fields = [list(x) if isinstance(x, tuple) else x for x in gist]  # type: ignore[attr-defined]
    first = folder / f"2020{0:06d}.json"
    first.write_text("{}")
    os.utime(first, (OLD, OLD))
    info = first.stat()
    line = [info.st_size, info.st_mtime_ns, "t", "d", True, {"type": kind, "fields": fields}]
    files = {first.name: line}
    for i in range(1, n):  # (links to one file: the same size and time, made far quicker)
        path = folder / f"2020{i:06d}.json"
        os.link(first, path)
        files[path.name] = line
    index = {
        "format": saves_index.INDEX_FORMAT,
        "version": saves_index.INDEX_VERSION,
        "summary": saves_index.SUMMARY_VERSION,
        "fmt": fmt,
        "suffix": ".json",
        "files": files,
    }
    (folder / saves_index.INDEX_NAME).write_text(json.dumps(index))


def test_ten_thousand_saves_never_hold_up_the_first_frame(monkeypatch) -> None:
    from skully_game.scenes.skull_king.adapter import GAME
    from skully_game.scenes.stats import scene as stats

    _synthetic_index(saves_dir(GAME), GAME.save_format, 10_000, _table((0,), (120, 80)))
    saves_index.forget()
    read = no_reading(monkeypatch)
    app = make_app()
    started = time.perf_counter()
    screen = stats.StatsScene(app)
    app.stack.push(screen)
    app.run_frames(1)
    first = time.perf_counter() - started
    assert first < 0.5, f"the first frame took {first:.2f} s"
    screen.wait(60)
    assert screen.figures is not None, screen.problem
    assert read == []  # every save from the index
    figures = {f.title: f for f in screen.figures}
    assert figures["Skull King"].finished == 10_000
    assert figures["Skull King"].summary == "10,000 games · 10,000 won here"


def test_the_screens_keys_move_and_go_back_and_nothing_else_acts() -> None:
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.stats.scene import StatsScene

    app = make_app()
    app.stack.push(MenuScene(app))
    screen = StatsScene(app)
    app.stack.push(screen)
    screen.wait(60)
    app.dispatch(key(pygame.K_DOWN))
    app.dispatch(key(pygame.K_TAB))
    assert screen.chosen == 2
    app.dispatch(key(pygame.K_TAB, pygame.KMOD_SHIFT))
    assert screen.chosen == 1
    for k in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_a, pygame.K_DELETE):
        app.dispatch(key(k))
    assert app.stack.top is screen and screen.chosen == 1
    app.dispatch(key(pygame.K_ESCAPE))
    assert isinstance(app.stack.top, MenuScene)


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_menu_opens_your_games(size) -> None:
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.stats.scene import StatsScene

    app = make_app(size)
    menu = MenuScene(app)
    app.stack.push(menu)
    app.run_frames(1)
    [entry] = [w for w in menu.widgets.widgets if w.label == "Your games"]
    assert entry.rect.bottom <= size[1]
    entry.on_click()
    assert isinstance(app.stack.top, StatsScene)


def test_a_save_that_says_over_while_its_game_is_not_is_listed_not_refused() -> None:
    match = _skull_king(10)
    data = json.loads(match.path.read_text())
    del data["standing"]
    match.path.write_text(json.dumps({**data, "over": True}))
    listing = list_tables(match.game)
    assert listing.bad == () and listing.entries[0].value.winners == ()
