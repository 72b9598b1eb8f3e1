"""`skully saves`: a player's own files listed by mode, each opened as the game opens it with
--check, each bad one named in one line with the reason; exit 0, 1 or 2; no file ever changed."""

from __future__ import annotations

import importlib
import json
import math
from pathlib import Path

import pygame
import pytest
import tomli_w

from cards.registry import GAMES
from skully_game.cli.main import main
from skully_game.core.games import scene_package
from skully_game.core.paths import data_dir
from skully_game.scenes.cardtable.match import Match, TableSeat
from skully_game.skully.board import preset, save_board, spec_to_dict
from skully_game.skully.board_files import boards_dir
from skully_game.skully.caps import CapType
from skully_game.skully.physics import Flick, simulate
from skully_game.skully.records import ShotRecord, save_shot
from skully_game.skully.saves import games_dir, shots_dir
from skully_game.skully.session import load_session

DATA = Path(__file__).parent / "data"
TABLES = [info for info in GAMES if info.table]


def saves(*args: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["saves", *args])
    out, err = capsys.readouterr()
    return code, out, err


def good_files() -> list[Path]:
    """One file of every kind, each written by the program's own save code."""
    made = []
    finished = load_session(DATA / "game-two-players-finished.json")
    unfinished = load_session(DATA / "game-four-players-unfinished.json")
    for name, session in (
        ("20261121-120000-00001", finished),
        ("20261121-130000-00002", unfinished),
    ):
        path = games_dir() / f"{name}.json"
        session.save(path)
        made.append(path)
    spec = preset("classic")
    caps = (CapType.CROWN, CapType.LEAD)
    pos = ((0.5, 0.5), (0.8, 0.8))
    flick = Flick(0, math.pi / 4, 3.0)
    shot = ShotRecord.of(spec, caps, flick, simulate(spec, caps, pos, flick), name="Corner")
    save_shot(shot, shots_dir() / "20261121-140000-corner.json")
    made.append(shots_dir() / "20261121-140000-corner.json")
    save_board(preset("sidewalk"), boards_dir() / "sidewalk.toml")
    made.append(boards_dir() / "sidewalk.toml")
    for info in TABLES:
        game = importlib.import_module(scene_package(info)).TABLE_GAME
        entry = info.entry()
        options = entry.make_options(entry.players[0], {})
        kind = game.levels[0][0]
        seats = [TableSeat("Ann")] + [
            TableSeat(f"Bot {i}", kind) for i in range(1, options.players)
        ]
        match = Match(game, options, 7, seats)
        match.save()
        made.append(match.path)
    return made


def snapshot(root: Path) -> dict[str, tuple[bytes, int]]:
    return {
        str(p.relative_to(root)): (p.read_bytes(), p.stat().st_mtime_ns)
        for p in sorted(root.rglob("*"))
        if p.is_file()
    } | {str(p.relative_to(root)) + "/": (b"", 0) for p in root.rglob("*") if p.is_dir()}


def test_an_empty_data_folder_lists_every_mode_with_none(capsys) -> None:
    code, out, err = saves("--check", capsys=capsys)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].endswith("(nothing saved yet)")
    for heading in ("Skully games: 0", "Skully shots: 0", "Boards: 0", "Skull King games: 0"):
        assert heading in lines
    assert not data_dir().exists()  # looking made no folder
    code, out, _ = saves("--json", capsys=capsys)
    document = json.loads(out)
    assert code == 0 and document["files"] == 0 and document["bad"] == 0
    assert [m["mode"] for m in document["modes"]] == [
        "skully", "skully-shots", "boards", *(info.key for info in TABLES)
    ]  # fmt: skip


def test_good_files_of_every_kind_are_listed_by_mode_and_all_open(capsys) -> None:
    made = good_files()
    pygame.display.quit()
    code, out, err = saves("--check", capsys=capsys)
    assert code == 0 and err == "", out
    assert not pygame.display.get_init()  # headless: opening every file opened no window
    lines = out.splitlines()
    assert "Skully games: 2 (1 unfinished)" in lines
    assert "Skully shots: 1" in lines and "Boards: 1" in lines
    for info in TABLES:
        title = importlib.import_module(scene_package(info)).TABLE_GAME.title
        assert f"{title} games: 1 (1 unfinished)" in lines
    for path in made:  # named relative to the data folder
        assert any(line.startswith(f"  {path.relative_to(data_dir())}  ") for line in lines), path
    assert lines[-1] == f"Every file opens ({len(made)} files)."
    code, out, _ = saves("--check", "--json", capsys=capsys)
    document = json.loads(out)
    assert code == 0 and document["checked"] and document["files"] == len(made)
    skully = document["modes"][0]
    assert skully["count"] == 2 and skully["unfinished"] == 1
    assert {f["path"] for f in skully["files"]} == {
        str(p.relative_to(data_dir())) for p in made[:2]
    }
    assert all(f["problem"] is None for m in document["modes"] for f in m["files"])


def make_bad_files() -> dict[str, str]:
    """Bad files made here, by relative path, with a word their reason must name."""
    root = data_dir()
    (root / "games").mkdir(parents=True, exist_ok=True)
    (root / "games" / "20260101-000000-torn.json").write_text('{"format": "skully-game-rec')
    record = json.loads((DATA / "game-four-players-unfinished.json").read_text())
    record["actions"][0]["at"] = [1.45, 1.45]  # the first cap put down in the middle of the board
    (root / "games" / "20260101-000001-moved.json").write_text(json.dumps(record))
    (root / "shots").mkdir(parents=True, exist_ok=True)
    (root / "shots" / "wrong.json").write_text(json.dumps({"format": "skully-board"}))
    (root / "boards").mkdir(parents=True, exist_ok=True)
    board = {**spec_to_dict(preset("classic")), "name": "negative", "board_side": -2.0}
    (root / "boards" / "negative.toml").write_text(tomli_w.dumps(board))
    table = json.loads(next((root / "skull-king").glob("*.json")).read_text())
    table["game"]["actions"] = ["BID:99"]
    (root / "skull-king" / "20260101-000002-99999.json").write_text(json.dumps(table))
    return {
        "games/20260101-000000-torn.json": "JSON",
        "games/20260101-000001-moved.json": "actions[0]",
        "shots/wrong.json": "format",
        "boards/negative.toml": "board_side",
        "skull-king/20260101-000002-99999.json": "game",
    }


def test_each_bad_file_is_named_in_one_line_with_its_reason(capsys) -> None:
    good = good_files()
    bad = make_bad_files()
    code, out, err = saves("--check", capsys=capsys)
    assert code == 1 and err == ""
    lines = out.splitlines()
    for path, word in bad.items():
        named = [line for line in lines if line.startswith(f"  {path}: cannot be opened: ")]
        assert len(named) == 1 and word in named[0], (path, out)
        assert str(data_dir()) not in named[0]  # the folder is said once, at the top
    assert "Skully games: 2 (1 unfinished); 2 files that cannot be opened" in lines
    assert lines[-1] == f"{len(bad)} files of {len(bad) + len(good)} cannot be opened."
    document = json.loads(saves("--check", "--json", capsys=capsys)[1])
    problems = {f["path"]: f["problem"] for m in document["modes"] for f in m["files"]}
    assert document["bad"] == len(bad)
    assert all(bad[p] in problems[p] for p in bad)


def test_without_check_only_what_the_lists_refuse_is_named(capsys) -> None:
    good_files()
    make_bad_files()
    code, out, _ = saves(capsys=capsys)
    assert code == 1
    assert "  games/20260101-000000-torn.json: cannot be opened: " in out
    # a file that lists well but does not replay is found by opening it: --check
    assert "  games/20260101-000001-moved.json  " in out
    assert "'skully saves --check'" not in out.splitlines()[-1]


def test_a_file_the_loader_cannot_handle_is_named_not_a_crash(capsys, monkeypatch) -> None:
    good_files()
    import skully_game.skully.session as session

    def broken(path: object) -> object:
        raise TypeError("unhashable type: 'list'")

    monkeypatch.setattr(session, "load_session", broken)
    code, out, _ = saves("--check", capsys=capsys)
    assert code == 1
    named = [line for line in out.splitlines() if "cannot be opened" in line and "games/" in line]
    assert len(named) == 2 and "the game cannot open it (unhashable type: 'list')" in named[0]


def test_a_bad_argument_is_one_line_and_exit_2(capsys) -> None:
    code, out, err = saves("--fix", capsys=capsys)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "--fix" in err


def test_no_file_is_changed_or_made(capsys) -> None:
    good_files()
    make_bad_files()
    root = data_dir()
    before = snapshot(root)
    for args in ((), ("--check",), ("--json",), ("--check", "--json")):
        saves(*args, capsys=capsys)
    assert snapshot(root) == before


def test_the_command_is_in_the_help(capsys) -> None:
    assert main(["--help"]) == 0
    assert "saves" in capsys.readouterr().out
