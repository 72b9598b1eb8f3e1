"""A damaged file in the data folder never crashes or hangs the program: the menu starts and names
it once, the lists still show every good file and a line for the bad one, and the command line
refuses it in one line with exit status 2."""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from skully_game.cli.main import main
from skully_game.core.fileio import MAX_FILE_BYTES
from skully_game.core.paths import config_dir, data_dir
from skully_game.core.settings import Settings, load_settings, save_settings, settings_path
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.replay.viewer import ReplaysScene
from skully_game.skully.board import preset, save_board
from skully_game.skully.board_files import saved_boards
from tests.ui_helpers import make_app

DATA = Path(__file__).parent / "data"
GAME = "game-two-players-finished.json"
SHOT = "shot-break.json"
GOOD_GAME = "2024-01-01-good.json"
GOOD_SHOT = "2024-01-01-break.json"
GOOD_BOARD = "my-street.toml"
NO_FIFO = not hasattr(os, "mkfifo")

Writer = Callable[[Path], None]


def _deep_json(path: Path) -> None:
    path.write_text("[" * 100_000 + "]" * 100_000)


def _deep_toml(path: Path) -> None:
    path.write_text("a = " + "[" * 100_000 + "]" * 100_000 + "\n")


def _huge(path: Path) -> None:
    with path.open("wb") as handle:  # 17 MiB, sparse: the size alone refuses it
        handle.truncate(MAX_FILE_BYTES + 1024 * 1024)


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _folder(path: Path) -> None:
    path.mkdir()


def _not_utf8(path: Path) -> None:
    path.write_bytes(b'{"format": "skully-shot", "name": "caf\xe9"}')


def _shot_named(length: int) -> Writer:
    def write(path: Path) -> None:
        data = json.loads((DATA / "shot-break.json").read_text(encoding="utf-8"))
        data["name"] = "NAME"
        head, tail = json.dumps(data).split("NAME")
        with path.open("w", encoding="utf-8") as handle:
            handle.write(head)
            handle.write("x" * length)
            handle.write(tail)

    return write


def _game_with_long_name(path: Path) -> None:
    data = json.loads((DATA / "game-two-players-finished.json").read_text(encoding="utf-8"))
    data["players"][0]["name"] = "Ace" * 100_000
    path.write_text(json.dumps(data))


def _long_board_name(path: Path) -> None:
    save_board(preset("classic"), path)
    path.write_text(path.read_text().replace('name = "classic"', f'name = "{"b" * 500_000}"'))


def _dotted_key(path: Path) -> None:
    """A 60 KB TOML file tomllib would spend 3.5 GB on: a dotted key 30,000 parts deep."""
    path.write_text(".".join(["a"] * 30_000) + " = 1\n")


BIG = "9" * 5_000  # Python's int() refuses more than 4,300 digits


def _json_with_big_int(sample: str, where: tuple[str | int, ...]) -> Writer:
    def write(path: Path) -> None:
        data = json.loads((DATA / sample).read_text(encoding="utf-8"))
        inner = data
        for key in where[:-1]:
            inner = inner[key]
        inner[where[-1]] = "BIG"
        path.write_text(json.dumps(data, indent=1).replace('"BIG"', BIG))

    return write


def _board_with_big_int(path: Path) -> None:
    save_board(preset("classic"), path)
    path.write_text(path.read_text().replace("board_side = 2.9", f"board_side = {BIG}"))


# (folder, file name, writer): each a kind of damage found in the wild
CASES: dict[str, tuple[str, str, Writer]] = {
    "nested-json-game": ("games", "2025-deep.json", _deep_json),
    "nested-json-shot": ("shots", "2025-deep.json", _deep_json),
    "nested-toml-board": ("boards", "deep.toml", _deep_toml),
    "17-mib-game": ("games", "2025-huge.json", _huge),
    "17-mib-board": ("boards", "huge.toml", _huge),
    "fifo-game": ("games", "2025-pipe.json", _fifo),
    "fifo-board": ("boards", "pipe.toml", _fifo),
    "folder-shot": ("shots", "2025-folder.json", _folder),
    "folder-board": ("boards", "folder.toml", _folder),
    "not-utf8-shot": ("shots", "2025-latin.json", _not_utf8),
    "50-mb-string-shot": ("shots", "2025-long.json", _shot_named(50_000_000)),
    "5-mb-name-shot": ("shots", "2025-longname.json", _shot_named(5_000_000)),
    "long-name-game": ("games", "2025-longname.json", _game_with_long_name),
    "long-name-board": ("boards", "long.toml", _long_board_name),
    "dotted-key-board": ("boards", "dotted.toml", _dotted_key),
    "big-int-game": ("games", "2025-big.json", _json_with_big_int(GAME, ("seed",))),
    "big-int-shot": ("shots", "2025-big.json", _json_with_big_int(SHOT, ("flick", "cap"))),
    "big-int-board": ("boards", "big.toml", _board_with_big_int),
}


def _params() -> list[object]:
    out = []
    for name, case in CASES.items():
        marks = [pytest.mark.skipif(NO_FIFO, reason="no FIFOs here")] if case[2] is _fifo else []
        out.append(pytest.param(case, id=name, marks=marks))
    return out


def _good_files() -> None:
    for folder in ("games", "shots", "boards"):
        (data_dir() / folder).mkdir(parents=True, exist_ok=True)
    shutil.copy(DATA / "game-two-players-finished.json", data_dir() / "games" / GOOD_GAME)
    shutil.copy(DATA / "shot-break.json", data_dir() / "shots" / GOOD_SHOT)
    save_board(replace(preset("classic"), name="my street"), data_dir() / "boards" / GOOD_BOARD)


def _bad_file(case: tuple[str, str, Writer]) -> Path:
    folder, name, write = case
    path = data_dir() / folder / name
    write(path)
    return path


@pytest.mark.parametrize("case", _params())
def test_the_menu_and_the_lists_survive_a_bad_file(case: tuple[str, str, Writer]) -> None:
    _good_files()
    bad = _bad_file(case)
    started = time.perf_counter()
    app = make_app()
    menu = MenuScene(app)
    app.stack.push(menu)
    app.run_frames(3)
    told = [t.message for t in app.toasts if bad.name in t.message]
    assert len(told) == 1 and told[0].startswith("1 saved file could not be read: ")
    replays = ReplaysScene(app)
    app.stack.push(replays)
    app.run_frames(2)
    labels = [w.label for w in replays.widgets.widgets]
    assert any("Ace, Bobby" in label for label in labels)  # the good game is still listed
    if case[0] == "games":
        assert len(replays.bad) == 1 and bad.name in replays.bad[0]
    replays._tab("shots")
    app.run_frames(2)
    assert any("The break" in w.label for w in replays.widgets.widgets)
    if case[0] == "shots":
        assert len(replays.bad) == 1 and bad.name in replays.bad[0]
    boards = saved_boards()
    assert [b.spec.name for b in boards if b.spec is not None] == ["my street"]
    if case[0] == "boards":
        assert [b.path.name for b in boards if b.spec is None] == [bad.name]
    app.stack.pop()
    app.run_frames(2)  # back at the menu: it is not said again
    assert sum(bad.name in t.message for t in app.toasts) == 1
    assert time.perf_counter() - started < 5.0


def test_the_bad_file_line_names_the_field_and_is_short() -> None:
    _good_files()
    _bad_file(CASES["5-mb-name-shot"])
    _bad_file(CASES["long-name-game"])
    app = make_app((1024, 640))
    replays = ReplaysScene(app)
    app.stack.push(replays)
    app.run_frames(1)
    assert "players[0].name" in replays.bad[0] and "characters" in replays.bad[0]
    replays._tab("shots")
    assert "'name'" in replays.bad[0] and len(replays.bad[0]) < 200


def _one_line_exit_2(argv: list[str], bad: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(bad) in err
    assert "Error" not in err and "Traceback" not in err


@pytest.mark.parametrize(
    "case",
    [p for p in _params() if p.values[0][0] != "boards"],  # type: ignore[attr-defined]
)
def test_replay_refuses_a_bad_record_in_one_line(
    case: tuple[str, str, Writer], capsys: pytest.CaptureFixture[str]
) -> None:
    _good_files()
    bad = _bad_file(case)
    _one_line_exit_2(["replay", str(bad)], bad, capsys)
    _one_line_exit_2(["replay", "--check", str(bad)], bad, capsys)


@pytest.mark.parametrize(
    "case",
    [p for p in _params() if p.values[0][0] == "boards"],  # type: ignore[attr-defined]
)
def test_board_commands_refuse_a_bad_board_in_one_line(
    case: tuple[str, str, Writer], capsys: pytest.CaptureFixture[str]
) -> None:
    _good_files()
    bad = _bad_file(case)
    _one_line_exit_2(["practice", "--board", str(bad)], bad, capsys)
    _one_line_exit_2(["tune", str(bad)], bad, capsys)
    _one_line_exit_2(["analyze", str(bad), "--samples", "1"], bad, capsys)


SETTINGS_CASES = {
    "nested-toml": _deep_toml,
    "dotted-key": _dotted_key,
    "big-int": lambda path: path.write_text(f'format = "skully-settings"\nmax_fps = {BIG}\n'),
    "huge": _huge,
    "fifo": _fifo,
    "folder": _folder,
    "not-utf8": _not_utf8,
}


@pytest.mark.parametrize("write", SETTINGS_CASES.values(), ids=SETTINGS_CASES.keys())
def test_a_bad_settings_file_gives_defaults_once_and_is_kept(write: Writer) -> None:
    if write is _fifo and NO_FIFO:
        pytest.skip("no FIFOs here")
    config_dir().mkdir(parents=True, exist_ok=True)
    path = settings_path()
    write(path)
    settings, warning = load_settings()
    assert settings == Settings()
    assert warning is not None and str(path) in warning and "\n" not in warning
    assert "default" in warning
    save_settings(Settings(volume=0.5))  # the player changes a setting: the bad one is kept
    kept = path.with_suffix(".toml.bad")
    assert os.path.lexists(kept)
    assert load_settings() == (Settings(volume=0.5), None)
    path.unlink()
    write(path)
    save_settings(Settings(volume=0.25))  # a second bad file never overwrites the first copy
    assert os.path.lexists(kept) and os.path.lexists(path.with_suffix(".toml.bad-2"))


def _temp(folder: Path, name: str, age: float) -> Path:
    path = folder / name
    path.write_text('{"format": "skully-game-record", "half": ')
    when = time.time() - age
    os.utime(path, (when, when))
    return path


def test_temp_files_a_kill_left_are_cleaned_up_when_the_folder_is_listed() -> None:
    from skully_game.skully.saves import game_listing, games_dir

    _good_files()
    folder = games_dir()
    stale = _temp(folder, f".{GOOD_GAME}.k3x9_q0a.tmp", 120)  # a save killed two minutes ago
    fresh = _temp(folder, ".2025-01-02-other.json.a1b2c3d4.tmp", 5)  # another copy, writing
    theirs = [
        _temp(folder, name, 3600)
        for name in (".notes.tmp", "notes.tmp", ".game.json.ABCDEFGH.tmp", ".game.json.tmp")
    ]
    listing = game_listing()
    assert [e.path.name for e in listing.entries] == [GOOD_GAME] and listing.bad == ()
    assert not stale.exists()
    assert fresh.exists() and all(p.exists() for p in theirs)  # only ours, only old ones


def test_temp_files_a_kill_left_are_cleaned_up_when_the_folder_is_written(tmp_path: Path) -> None:
    from skully_game.core.fileio import write_atomic

    stale = _temp(tmp_path, ".settings.toml.zz9_8y7x.tmp", 120)
    fresh = _temp(tmp_path, ".settings.toml.abcdefgh.tmp", 1)
    write_atomic(tmp_path / "settings.toml", "x = 1\n")
    assert not stale.exists() and fresh.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == [fresh.name, "settings.toml"]
