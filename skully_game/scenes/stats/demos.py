"""The statistics screen for tools/render_scenes.py: empty, and over a data folder of finished
games played by the engines' own computer players (every registered table game) and saved
Skully games, each made by the program's own save code."""

from __future__ import annotations

import os
import random
import threading
import time

import pygame

from skully_game.scenes.demokit import DATA, Demos, collect
from skully_game.shell.app import App
from skully_game.shell.scripted import key

DEMOS: Demos = {}
screen = collect(DEMOS)
DAY = 24 * 3600


def play_tables(per_game: int, seed: int = 1) -> int:
    """`per_game` finished games of every registered table game, "You" against computer
    players (the engine's own players move for "You" too), saved a day apart, and one left
    unfinished; returns how many files were written."""
    from skully_game.scenes.cardtable.match import Match, TableSeat
    from skully_game.scenes.resume import table_games

    written = 0
    rng = random.Random(seed)
    for table in table_games():
        entry = table.engine
        level = table.levels[0][0]
        for k in range(per_game + 1):
            options = entry.make_options(entry.players[0], {})
            seats = [TableSeat("You")]
            seats += [TableSeat(f"Bot {i}", level) for i in range(1, options.players)]
            match = Match(table, options, rng.randrange(10**6), seats)
            bots = [entry.make_bot(level, random.Random(rng.random())) for _ in seats]
            stop = 12 if k == per_game else 20_000  # the last one left unfinished
            for _ in range(stop):
                seat = table.to_act(match.state)
                if seat is None:
                    break
                view = match.state.observation(seat).detached()
                table.apply(match.state, bots[seat].act(view, match.state.legal_actions()))
            match.path = match.path.with_name(f"demo-{table.key}-{k:03d}.json")
            match.save()
            when = time.time() - (per_game - k) * DAY
            os.utime(match.path, (when, when))
            written += 1
    return written


def save_skully(count: int) -> None:
    """`count` finished Skully games (the test data's, saved again by the program: with their
    tally) and one unfinished, a day apart."""
    from skully_game.skully.saves import games_dir
    from skully_game.skully.session import load_session

    games_dir().mkdir(parents=True, exist_ok=True)
    done = load_session(DATA / "game-two-players-finished.json")
    left = load_session(DATA / "game-four-players-unfinished.json")
    for k in range(count + 1):
        path = games_dir() / f"demo-skully-{k:03d}.json"
        (left if k == count else done).save(path)
        when = time.time() - (count - k) * DAY
        os.utime(path, (when, when))


def fresh_data() -> None:
    """A data folder of the demo's own (render_scenes runs every demo in one process, and the
    figures must count only what the demo saved)."""
    import tempfile

    from skully_game.core import saves_index

    os.environ["SKULLY_DATA_DIR"] = tempfile.mkdtemp(prefix="skully-stats-")
    saves_index.forget()


def _open(app: App) -> object:
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.stats.scene import StatsScene

    app.stack.push(MenuScene(app))
    scene = StatsScene(app)
    app.stack.push(scene)
    scene.wait(120)
    app.run_frames(2)
    return scene


@screen("stats-empty")
def _stats_empty(app: App) -> None:
    """Nothing finished yet: the screen says how to get figures."""
    fresh_data()
    _open(app)


@screen("stats-skully")
def _stats_skully(app: App) -> None:
    fresh_data()
    save_skully(6)
    play_tables(3)
    _open(app)


@screen("stats-table")
def _stats_table(app: App) -> None:
    """The first table game's figures (Down from Skully): the best score, the form."""
    fresh_data()
    save_skully(2)
    play_tables(12)
    _open(app)
    app.dispatch(key(pygame.K_DOWN))
    app.run_frames(2)


@screen("stats-counting")
def _stats_counting(app: App) -> None:
    """The first frame, before the saves are counted."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.stats import scene as stats

    fresh_data()
    app.stack.push(MenuScene(app))
    held = stats.gather
    never = threading.Event()  # the counting never ends in the picture
    stats.gather = lambda: never.wait() and []  # type: ignore[assignment]
    try:
        app.stack.push(stats.StatsScene(app))
        app.run_frames(2)
    finally:
        stats.gather = held


@screen("resume-where")
def _resume_where(app: App) -> None:
    """Resume's rows say where each game stands: Skully's shot and leader, a table's round or
    turn and its scores."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.resume import ResumeScene

    fresh_data()
    save_skully(0)
    play_tables(0)
    app.stack.push(MenuScene(app))
    app.stack.push(ResumeScene(app))
    app.run_frames(2)
