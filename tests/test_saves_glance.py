"""The menu's look at years of saves: the newest unfinished game and the files that cannot be
read, counted from each folder's index without an entry made for every save (a start with ten
thousand saves makes the one it shows), and always what the whole list says."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from skully_game.core import saves_index
from skully_game.core.saves import Summary, glance_saves, list_saves
from skully_game.scenes.resume import newest_unfinished
from skully_game.skully.saves import game_listing, games_dir
from tests.test_many_saves import copy_games

OLD = time.time() - 3600


def tiny(data: dict, source: str) -> Summary:
    return Summary(str(data.get("name", "")), finished=bool(data.get("done")))


def write(folder: Path, name: str, body: object, when: float) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(body if isinstance(body, str) else json.dumps(body))
    os.utime(path, (when, when))


def mixed(folder: Path) -> None:
    """Finished and unfinished saves whose file times are not in name order, and a bad one."""
    for i, (done, age) in enumerate(
        [(True, 10), (False, 500), (False, 20), (True, 5), (False, 300)]
    ):
        body = {"format": "tiny", "version": 1, "name": f"n{i}", "done": done}
        write(folder, f"{i:03d}.json", body, OLD - age)
    write(folder, "999.json", "{not json", OLD)


def counted_entries(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the index lines made into entries (each makes its file's path)."""
    made: list[str] = []
    real = saves_index._child

    def counting(folder: Path, name: str) -> Path:
        made.append(name)
        return real(folder, name)

    monkeypatch.setattr(saves_index, "_child", counting)
    return made


@pytest.mark.parametrize("indexed", [False, True])
def test_a_glance_says_what_the_whole_list_says(tmp_path: Path, indexed: bool) -> None:
    mixed(tmp_path)
    if indexed:
        list_saves(tmp_path, "tiny", tiny)  # keeps the index
        saves_index.forget()  # a new start: the rows come from the index
    glance = glance_saves(tmp_path, "tiny", tiny)
    listing = list_saves(tmp_path, "tiny", tiny)
    unfinished = listing.unfinished()
    newest = max(unfinished, key=lambda e: e.saved_ns)
    assert glance.newest == newest and glance.newest.title == "n2"
    assert glance.newest_ns == newest.saved_ns
    assert (glance.unfinished, glance.finished) == (len(unfinished), len(listing.finished()))
    assert glance.bad == listing.bad and len(glance.bad) == 1
    assert glance.pending == listing.pending == 0


def test_a_start_with_an_index_makes_only_the_entry_the_menu_shows(tmp_path, monkeypatch) -> None:
    copy_games(60)
    whole = game_listing()  # the index is kept
    saves_index.forget()
    made = counted_entries(monkeypatch)
    with saves_index.quick_listing():
        newest = newest_unfinished()
    assert newest is not None and len(made) == 1  # (it made 60 before)
    assert newest[0] == max(whole.unfinished(), key=lambda e: e.saved_ns).path
    # the whole list, made later, is the same as before, and kept for the next list
    assert game_listing() == whole
    made.clear()
    assert game_listing() == whole and made == []


def test_an_index_written_from_unmade_lines_keeps_them_as_they_were(tmp_path) -> None:
    copy_games(5)
    game_listing()
    index = games_dir() / saves_index.INDEX_NAME
    before = json.loads(index.read_text())
    saves_index.forget()
    with saves_index.quick_listing():
        newest_unfinished()  # the lines held, only one made
    write(games_dir(), "20270101-000000.json", "{broken", OLD)  # a new file: the index is written
    listing = game_listing()
    after = json.loads(index.read_text())
    assert len(listing.bad) == 1 and len(listing.entries) == 5
    kept = {name: line for name, line in after["files"].items() if name in before["files"]}
    assert kept == before["files"]
    saves_index.forget()
    assert game_listing() == listing


def test_a_damaged_index_line_is_read_again_from_its_file(tmp_path) -> None:
    copy_games(3)
    whole = game_listing()
    index = games_dir() / saves_index.INDEX_NAME
    data = json.loads(index.read_text())
    name = sorted(data["files"])[0]
    data["files"][name][5] = {"type": "skully_game.skully.saves:GameGist", "fields": [1]}
    index.write_text(json.dumps(data))
    saves_index.forget()
    with saves_index.quick_listing():
        assert newest_unfinished() is not None
    assert game_listing() == whole


def test_a_quick_look_at_many_folders_reads_a_few_files_in_all(tmp_path, monkeypatch) -> None:
    from tests.test_many_saves import no_reading, write_tiny

    folders = [tmp_path / f"mode{k}" for k in range(4)]
    for folder in folders:
        write_tiny(folder, saves_index.QUICK_READS + 5)
    read = no_reading(monkeypatch)
    with saves_index.quick_listing():
        pending = sum(glance_saves(f, "tiny", tiny).pending for f in folders)
        listed = sum(len(list_saves(f, "tiny", tiny).entries) for f in folders)
    # a first start with no index reads a few files in all, not a few of every folder
    assert len(read) == saves_index.QUICK_READS == listed
    assert pending == 4 * (saves_index.QUICK_READS + 5) - saves_index.QUICK_READS
    whole = [list_saves(f, "tiny", tiny) for f in folders]  # as the background does
    assert all(len(x.entries) == saves_index.QUICK_READS + 5 and not x.pending for x in whole)


def test_a_listing_makes_its_entries_only_when_asked_for_them(tmp_path, monkeypatch) -> None:
    mixed(tmp_path)
    whole = list_saves(tmp_path, "tiny", tiny)  # keeps the index
    saves_index.forget()
    made = counted_entries(monkeypatch)
    listing = list_saves(tmp_path, "tiny", tiny)
    made.remove("999.json")  # (the bad file's line, named when the index is read)
    assert len(listing.bad) == 1 and listing.pending == 0 and made == []  # the menu's look
    assert listing == whole and len(made) == 5  # asked for: every good file's entry, once
    assert listing.unfinished() == whole.unfinished() and len(made) == 5
    assert (listing + listing).entries == whole.entries * 2
