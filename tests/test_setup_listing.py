"""The card tables' setups list their saves as the main menu lists them: the first frame never
waits for a folder of saves (only the folder's index and a few files read on the spot), and
Resume last game and Replay last game come in their own places once the background has read
the rest, with nothing else moved, the focus kept and a name being typed left as it was."""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path

import pytest

from skully_game.core import saves_index
from skully_game.scenes.cardtable import match as tables
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.cardtable.replays import OLDER
from skully_game.scenes.cardtable.setup import START
from skully_game.scenes.skull_king.adapter import GAME
from skully_game.scenes.skull_king.setup import SkullKingSetup
from skully_game.scenes.skull_king.table import TableSeat
from skully_game.shell.widgets import TextField
from tests.ui_helpers import make_app

REPLAY, RESUME = "Replay last game", "Resume last game"
OLD = time.time() - 3600  # saved an hour ago: settled, so an index may vouch for it


def saved_tables(unfinished: int, finished: int) -> None:
    """Skull King tables in the game's save folder, as many unfinished and finished ones, none
    of them in an index yet (copies of one real save; a finished one says so)."""
    match = Match(GAME, GAME.info.options(players=2), 7, [TableSeat("Ann"), TableSeat("Bob")])
    data = match.to_dict()
    folder = tables.saves_dir(GAME)
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(unfinished + finished):
        path = folder / f"20250101-{i:06d}.json"
        path.write_text(json.dumps({**data, "over": i >= unfinished}))
        os.utime(path, (OLD + i, OLD + i))


def counted_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The threads that read a save for a list, one name a read."""
    reads: list[str] = []
    real = saves_index.read_entry

    def counting(path, *args):  # type: ignore[no-untyped-def]
        reads.append(threading.current_thread().name)
        return real(path, *args)

    monkeypatch.setattr(saves_index, "read_entry", counting)
    return reads


def labels(setup: SkullKingSetup) -> list[str]:
    return [w.label for w in setup.widgets.widgets]


def test_a_setup_shows_at_once_and_its_saves_come_from_the_background(monkeypatch) -> None:
    many = saves_index.QUICK_READS + 36
    saved_tables(many, 2)
    saves_index.forget()
    reads = counted_reads(monkeypatch)
    app = make_app()
    setup = SkullKingSetup(app)
    app.stack.push(setup)
    on_main = reads.count(threading.main_thread().name)
    assert on_main <= saves_index.QUICK_READS  # not the 62 saves: the first frame waits for none
    before = {w.label: w.rect.copy() for w in setup.widgets.widgets}
    focused = setup.widgets.widgets[setup.widgets.focus]
    assert focused.label == START
    app.run_frames(2)  # the first frame, then the background reads the rest
    saves_index.wait_for_refresh(60)
    app.run_frames(1)
    assert reads.count(threading.main_thread().name) == on_main  # all the rest elsewhere
    assert REPLAY in labels(setup) and RESUME in labels(setup)
    resume = next(w for w in setup.widgets.widgets if w.label == RESUME)
    assert resume.tooltip.endswith(f"lists {many - 1} more")
    # in their own places: nothing that was there moved, and the keys stayed where they were
    assert {w.label: w.rect for w in setup.widgets.widgets if w.label in before} == before
    assert setup.widgets.widgets[setup.widgets.focus] is focused
    # two finished games: Older games beside Replay last game, in the order they stand
    assert labels(setup)[-4:] == [REPLAY, OLDER, RESUME, START]


def test_a_name_being_typed_is_kept_when_the_saves_come(monkeypatch) -> None:
    saved_tables(saves_index.QUICK_READS + 10, 0)
    saves_index.forget()
    app = make_app()
    setup = SkullKingSetup(app)
    app.stack.push(setup)
    name = next(w for w in setup.widgets.widgets if isinstance(w, TextField))
    setup.widgets.focus = setup.widgets.widgets.index(name)
    app.run_frames(2)
    saves_index.wait_for_refresh(60)
    app.run_frames(1)
    assert RESUME in labels(setup)
    assert name in setup.widgets.widgets  # the same field, not a new one
    assert setup.widgets.widgets[setup.widgets.focus] is name


def test_a_setup_with_few_saves_offers_them_from_its_first_frame() -> None:
    saved_tables(2, 1)
    saves_index.forget()
    app = make_app()
    setup = SkullKingSetup(app)
    assert REPLAY in labels(setup) and RESUME in labels(setup)
    resume = next(w for w in setup.widgets.widgets if w.label == RESUME)
    assert resume.tooltip.endswith("lists 1 more")


def test_changing_an_option_reads_no_save(monkeypatch) -> None:
    """The lists are made when the screen opens and when the background has read the saves,
    not again at every change of a seat or a rule."""
    saved_tables(3, 0)
    app = make_app()
    setup = SkullKingSetup(app)
    app.stack.push(setup)
    app.run_frames(2)
    saves_index.wait_for_refresh(60)
    app.run_frames(1)
    looked: list[Path] = []
    real = tables.list_tables

    def counting(game):  # type: ignore[no-untyped-def]
        looked.append(tables.saves_dir(game))
        return real(game)

    monkeypatch.setattr(tables, "list_tables", counting)
    setup._option("pace", setup.pace)
    setup._seats_changed()
    assert looked == []
    assert RESUME in labels(setup)
