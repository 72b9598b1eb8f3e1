"""Years of saves: lists come from each folder's index (read again only where a file is new,
changed or gone), the menu's first frame never waits for saves, and no folder is cut short."""

from __future__ import annotations

import json
import os
import shutil
import threading
import time
from pathlib import Path

import pytest

from skully_game.core import saves, saves_index
from skully_game.core.saves import Summary, list_saves
from skully_game.skully.saves import game_listing, games_dir

DATA = Path(__file__).parent / "data"
ON_MAIN: list[Path] = []  # the files the last counted list read on the main thread
OLD = time.time() - 3600  # saved an hour ago: settled, so the index may vouch for it


def tiny(data: dict, source: str) -> Summary:
    return Summary(str(data.get("name", "")), finished=bool(data.get("done")))


def write_tiny(folder: Path, count: int, start: int = 0) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(start, start + count):
        path = folder / f"{i:06d}.json"
        path.write_text(json.dumps({"format": "tiny", "version": 1, "name": f"n{i}"}))
        os.utime(path, (OLD, OLD))


def copy_games(count: int) -> None:
    games_dir().mkdir(parents=True, exist_ok=True)
    for i in range(count):
        path = games_dir() / f"20260101-{i:06d}.json"
        shutil.copy(DATA / "game-four-players-unfinished.json", path)
        os.utime(path, (OLD, OLD))


def no_reading(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Count the files read for a list (the index should spare them)."""
    read: list[Path] = []
    on_main = ON_MAIN
    on_main.clear()
    real = saves_index.read_entry

    def counting(path, *args):  # type: ignore[no-untyped-def]
        read.append(path)
        if threading.current_thread() is threading.main_thread():
            on_main.append(path)
        return real(path, *args)

    monkeypatch.setattr(saves_index, "read_entry", counting)
    return read


def test_every_file_is_listed_past_two_thousand(tmp_path: Path) -> None:
    write_tiny(tmp_path, 2005)
    listing = list_saves(tmp_path, "tiny", tiny)
    assert len(listing.entries) == 2005 and not listing.bad


def test_a_second_start_reads_no_file_from_a_kept_index(tmp_path, monkeypatch) -> None:
    copy_games(30)
    first = game_listing()
    assert (games_dir() / saves_index.INDEX_NAME).is_file()
    saves_index.forget()  # a new start: nothing held in memory
    read = no_reading(monkeypatch)
    again = game_listing()
    assert read == []
    assert again == first  # the same titles, details, finished and who plays (GameGist)


def test_the_index_follows_files_changed_added_and_removed(tmp_path, monkeypatch) -> None:
    write_tiny(tmp_path, 5)
    list_saves(tmp_path, "tiny", tiny)
    saves_index.forget()
    changed = tmp_path / "000001.json"
    changed.write_text(json.dumps({"format": "tiny", "version": 1, "name": "renamed", "done": 1}))
    os.utime(changed, (OLD + 5, OLD + 5))
    (tmp_path / "000002.json").unlink()
    write_tiny(tmp_path, 1, start=9)
    read = no_reading(monkeypatch)
    listing = list_saves(tmp_path, "tiny", tiny)
    assert sorted(p.name for p in read) == ["000001.json", "000009.json"]
    titles = {e.path.name: (e.title, e.finished) for e in listing.entries}
    assert titles == {
        "000009.json": ("n9", False),
        "000004.json": ("n4", False),
        "000003.json": ("n3", False),
        "000001.json": ("renamed", True),
        "000000.json": ("n0", False),
    }


def test_a_damaged_index_is_rebuilt(tmp_path) -> None:
    write_tiny(tmp_path, 3)
    (tmp_path / saves_index.INDEX_NAME).write_text('{"format": "skully-save-index", "files": [')
    assert len(list_saves(tmp_path, "tiny", tiny).entries) == 3
    saves_index.forget()
    kept = json.loads((tmp_path / saves_index.INDEX_NAME).read_text())
    assert sorted(kept["files"]) == ["000000.json", "000001.json", "000002.json"]


def test_a_file_saved_just_now_is_not_vouched_for(tmp_path, monkeypatch) -> None:
    """A clock that ticks coarsely: the same size in the same tick must still be read again."""
    path = tmp_path / "a.json"
    path.write_text(json.dumps({"format": "tiny", "version": 1, "name": "aa"}))
    list_saves(tmp_path, "tiny", tiny)
    info = path.stat()
    path.write_text(json.dumps({"format": "tiny", "version": 1, "name": "bb"}))
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))  # same size, same time
    assert list_saves(tmp_path, "tiny", tiny).entries[0].title == "bb"


def test_the_menu_waits_for_no_save_and_fills_in_from_the_background(app, monkeypatch) -> None:
    from skully_game.scenes.menu import MenuScene

    copy_games(saves_index.QUICK_READS + 40)
    saves_index.forget()
    read = no_reading(monkeypatch)
    app.stack.clear()
    menu = MenuScene(app)
    app.stack.push(menu)
    assert len(ON_MAIN) <= 2 * saves_index.QUICK_READS  # not the 64 games
    app.run_frames(2)  # the first frame, then the background starts reading
    saves_index.wait_for_refresh(60)
    app.run_frames(1)
    labels = [w.label for w in menu.widgets.widgets]
    assert labels[0] == "Resume game"
    assert len({p for p in read if p.parent == games_dir()}) == saves_index.QUICK_READS + 40


def test_resume_reaches_every_unfinished_game(app, monkeypatch) -> None:
    from skully_game.scenes.resume import ResumeScene, unfinished_games

    copy_games(45)
    games, bad = unfinished_games()
    assert len(games) == 45 and not bad
    scene = ResumeScene(app)
    app.stack.push(scene)
    saves_index.wait_for_refresh(60)
    app.run_frames(1)
    assert len(scene.games) == 45 and scene.pending == 0


def test_saves_check_changes_nothing_and_leaves_a_killed_saves_temporary_file(capsys) -> None:
    from skully_game.cli.main import main

    copy_games(2)
    temp = games_dir() / ".20260101-000000.json.abcd1234.tmp"
    temp.write_text("half a save")
    os.utime(temp, (OLD, OLD))
    assert main(["saves", "--check"]) == 0
    assert temp.exists()
    assert not (games_dir() / saves_index.INDEX_NAME).exists()


def test_saves_check_opens_every_file_and_counts_them_all(capsys) -> None:
    from skully_game.cli.main import main
    from skully_game.skully.saves import shots_dir

    shots_dir().mkdir(parents=True)
    for i in range(2001):
        (shots_dir() / f"{i:05d}.json").write_text("{}")
    assert main(["saves", "--check"]) == 1
    out = capsys.readouterr().out
    assert "2,001 files of 2,001 cannot be opened." in out or "2001 files of 2001" in out


def test_saves_check_says_when_the_data_folder_is_a_file(capsys) -> None:
    from skully_game.cli.main import main
    from skully_game.core.paths import data_dir

    data_dir().parent.mkdir(parents=True, exist_ok=True)
    data_dir().write_text("not a folder")
    assert main(["saves", "--check"]) == 1
    out = capsys.readouterr().out
    assert "it is a file, not a folder" in out
    assert "Every file opens" not in out and "nothing saved yet" not in out


def test_a_read_only_disk_is_named_as_such(tmp_path, monkeypatch) -> None:
    class ReadOnly:
        f_flag = getattr(os, "ST_RDONLY", 1)

    monkeypatch.setattr(saves.os, "access", lambda *a, **k: False)
    monkeypatch.setattr(saves.os, "statvfs", lambda place: ReadOnly())
    assert saves.folder_problem(tmp_path) == "the disk is read-only"


def test_replays_page_through_every_saved_shot(app) -> None:
    from skully_game.scenes.replay.viewer import ReplaysScene
    from skully_game.skully.saves import shots_dir

    shots_dir().mkdir(parents=True)
    for i in range(30):
        shot = {"format": "skully-shot", "version": 1, "name": f"Shot {i:02d}", "caps": [{}]}
        (shots_dir() / f"2026-{i:02d}.json").write_text(json.dumps(shot))
    scene = ReplaysScene(app)
    app.stack.push(scene)
    scene._tab("shots")
    saves_index.wait_for_refresh(60)  # more new files than a quick look reads
    app.run_frames(1)
    assert scene.pending == 0
    seen = [item.title for item in scene.items]
    for _ in range(10):
        older = [w for w in scene.widgets.widgets if w.label == "Older"]
        if not older or not older[0].enabled:
            break
        older[0].on_click()
        seen += [item.title for item in scene.items if item.title not in seen]
    assert sorted(seen) == [f"Shot {i:02d}" for i in range(30)]
    assert seen[0] == "Shot 29"  # newest first
