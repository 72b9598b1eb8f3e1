"""The `skully` command line: help, version, and one-line refusals with exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from skully_game import __version__
from skully_game.cli.main import main, parse
from skully_game.cli.selfplay import main as selfplay_main

DATA = Path(__file__).parent / "data"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "skully_game", *args], capture_output=True, text=True, timeout=60
    )


def test_version():
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"skully {__version__}"


def test_help_lists_the_commands():
    result = run("--help")
    assert result.returncode == 0
    assert "practice" in result.stdout and "play" in result.stdout


def test_unknown_argument_is_one_line_and_exit_2():
    result = run("--no-such-flag")
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "--no-such-flag" in result.stderr


def test_unknown_command_is_one_line_and_exit_2():
    result = run("fly")
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1


def test_bad_board_file_is_refused_in_one_line(tmp_path):
    bad = tmp_path / "board.toml"
    bad.write_text('format = "skully-board"\nversion = 1\nboard_side = -2\n')
    result = run("practice", "--board", str(bad))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and str(bad) in lines[0] and "field" in lines[0]


def test_bad_cap_type_is_refused_in_one_line():
    result = run("practice", "--caps", "crown,hexnut")
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "caps" in result.stderr


def test_bad_window_size_is_refused():
    result = run("play", "--size", "huge")
    assert result.returncode == 2
    assert "WIDTHxHEIGHT" in result.stderr


def test_tune_refuses_a_broken_board_file_in_one_line_before_opening_a_window(tmp_path):
    bad = tmp_path / "street.toml"
    bad.write_text('format = "skully-board"\nversion = 1\nbox_side = "wide"\n')
    result = run("tune", str(bad))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and str(bad) in lines[0]
    assert bad.read_text().endswith('"wide"\n')  # the file is left as it was


def test_tune_and_analyze_are_listed_in_the_help():
    result = run("--help")
    assert "tune" in result.stdout and "analyze" in result.stdout


# ---- every command refuses a bad argument in one line ---------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["--no-such-flag"],
        ["fly"],
        ["play", "--size", "huge"],
        ["play", "--loud"],
        ["practice", "--caps", "crown,hexnut"],
        ["practice", "--nope"],
        ["replay"],
        ["replay", "game.json", "--nope"],
        ["tune", "a.toml", "b.toml"],
        ["judge"],
        ["judge", "x.json", "--nope"],
        ["selfplay"],
        ["selfplay", "chess"],
        ["selfplay", "skully"],
        ["selfplay", "skully", "--bots", "pro"],
        ["selfplay", "skully", "--bots", "skilled", "--players", "9"],
        ["selfplay", "skully", "--bots", "skilled", "--games", "many"],
        ["selfplay", "skull-king", "--players", "2", "--games", "1"],
        ["selfplay", "skull-king", "--players", "2", "--games", "1", "--bots", "random,genius"],
        ["analyze"],
        ["analyze", "classic", "--samples", "0"],
        ["analyze", "classic", "--skill", "wizard"],
    ],
)
def test_each_command_refuses_a_bad_argument_in_one_line_starting_skully(argv, capsys):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert out == "" and len(lines) == 1, err
    assert lines[0].startswith("skully"), lines[0]
    assert "Error" not in lines[0] and "usage:" not in lines[0]


def test_selfplay_skully_refuses_a_bad_argument_in_one_line_not_a_usage_block():
    result = run("selfplay", "skully", "--players", "two", "--bots", "skilled")
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "skully selfplay skully: error: argument --players: expected a whole number from 2 to 6, "
        "got 'two' (see 'skully selfplay skully --help')"
    ]


# ---- the window options work without the word play ------------------------------------------


@pytest.mark.parametrize(
    ("argv", "field", "value"),
    [
        (["--windowed"], "windowed", True),
        (["--fullscreen"], "fullscreen", True),
        (["--mute"], "mute", True),
        (["--size", "1280x800"], "size", "1280x800"),
    ],
)
def test_window_options_without_play_mean_play(argv, field, value):
    args = parse(argv)
    assert args.command == "play"
    assert getattr(args, field) == value
    assert parse(argv).run == parse(["play", *argv]).run


def test_no_arguments_mean_play():
    args = parse([])
    assert args.command == "play" and not args.windowed and args.size is None


def test_help_names_every_command_and_says_analyze_prints_a_table():
    result = run("--help")
    assert result.returncode == 0
    for name in ("play", "practice", "replay", "tune", "judge", "selfplay", "analyze"):
        assert f"    {name}" in result.stdout, name
    analyze_line = result.stdout[result.stdout.index("    analyze") :]
    assert "table" in analyze_line and "--json" in analyze_line
    assert "--windowed" in result.stdout  # says the window options work without `play`


def test_each_command_has_its_own_help(capsys):
    for argv in (["judge"], ["selfplay"], ["selfplay", "skully"], ["selfplay", "skull-king"]):
        assert main([*argv, "--help"]) == 0
        assert capsys.readouterr().out.startswith(f"usage: skully {' '.join(argv)}")


# ---- the messages a player met (issue 13) ----------------------------------------------------


def test_selfplay_skully_says_how_many_levels_it_wants(capsys):
    assert main(["selfplay", "skully", "--players", "2", "--bots", "skilled,regular,perfect"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (
        "skully selfplay skully: argument --bots: expected 2 levels (one per player) or 1 for "
        "all of them, got 3"
    )


def test_judge_on_a_game_record_says_it_is_a_game_record(capsys):
    path = DATA / "game-two-players-finished.json"
    assert main(["judge", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert err[0].startswith(f"skully judge: {path}: this is a Skully game record, not a scenario")
    assert "actions" not in err[0]


def test_judge_on_a_shot_record_says_it_is_a_shot_record(capsys):
    path = DATA / "shot-break.json"
    assert main(["judge", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert "this is a Skully shot record, not a scenario" in err


@pytest.mark.parametrize(
    "argv",
    [["judge", "{}"], ["replay", "{}"], ["replay", "{}", "--check"], ["practice", "--board", "{}"]],
)
def test_a_missing_file_says_no_such_file_not_an_exception_name(argv, tmp_path, capsys):
    missing = str(tmp_path / "none.json")
    assert main([a.replace("{}", missing) for a in argv]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("skully") and missing in err[0]
    assert "no such file" in err[0]
    assert "Error" not in err[0]


def test_judge_errors_start_with_the_command_name(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert main(["judge", str(bad)]) == 2
    assert capsys.readouterr().err.startswith(f"skully judge: {bad}")


def test_replay_check_counts_one_shot_in_the_singular(capsys):
    path = DATA / "shot-break.json"
    assert main(["replay", str(path), "--check"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last == f"{path}: 1 shot re-simulated, it matches"


# ---- selfplay of the table games (moved here from test_skull_king_bots.py with the command) ---


def test_selfplay_json_last_line(capsys: pytest.CaptureFixture[str]) -> None:
    code = selfplay_main(
        [
            "skull-king",
            "--players",
            "4",
            "--games",
            "8",
            "--seed",
            "3",
            "--bots",
            "heuristic,random,heuristic,random",
            "--options",
            "round_plan=blitz",
            "--json",
        ]
    )
    assert code == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    data = json.loads(last)
    assert data["games"] == 8 and data["players"] == 4 and data["games_per_second"] > 0
    rows = {r["bot"]: r for r in data["results"]}
    assert rows["heuristic"]["copies"] == 2 and rows["heuristic"]["equal_share"] == 0.25
    assert sum(r["wins"] for r in data["results"]) == pytest.approx(8)
    lo, hi = rows["heuristic"]["ci95"]
    assert lo <= rows["heuristic"]["win_rate"] <= hi
    assert 0 <= rows["random"]["bid_accuracy"] <= 1


def test_selfplay_seat_rotation_and_workers_do_not_change_results(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = [
        "skull-king",
        "--players",
        "3",
        "--games",
        "6",
        "--seed",
        "1",
        "--bots",
        "heuristic,random,random",
        "--options",
        "round_plan=whirlpool",
        "--json",
    ]
    selfplay_main(args)
    one = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    selfplay_main([*args, "--workers", "2"])
    two = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert one["results"] == two["results"]


def test_selfplay_table_without_json(capsys: pytest.CaptureFixture[str]) -> None:
    selfplay_main(
        [
            "skull-king",
            "--players",
            "2",
            "--games",
            "2",
            "--bots",
            "heuristic,random",
            "--options",
            "round_plan=whirlpool",
        ]
    )
    assert "win rate" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        ["chess", "--players", "2", "--games", "1", "--bots", "random,random"],
        ["skull-king", "--players", "4", "--games", "1", "--bots", "random,random"],
        ["skull-king", "--players", "2", "--games", "1", "--bots", "random,genius"],
        ["skull-king", "--players", "2", "--games", "0", "--bots", "random,random"],
        ["skull-king", "--players", "9", "--games", "1", "--bots", ",".join(["random"] * 9)],
        [
            "skull-king",
            "--players",
            "2",
            "--games",
            "1",
            "--bots",
            "random,random",
            "--options",
            "scoring=golf",
        ],
        ["skull-king", "--players", "2", "--games", "x", "--bots", "random,random"],
        ["skull-king", "--players", "2", "--games", "1", "--bots", "random:depth=3,random"],
    ],
)
def test_selfplay_bad_arguments_one_line_exit_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert selfplay_main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("skully selfplay")


def test_a_file_of_the_wrong_shape_is_described_in_words_not_python_types(tmp_path, capsys):
    path = tmp_path / "list.json"
    path.write_text("[1, 2]", encoding="utf-8")
    assert main(["judge", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert "got 'a list'" in err and "'list'" not in err


def test_the_readme_command_table_lists_every_command_and_only_those():
    import re

    from skully_game.cli.main import parser

    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    rows = [line.split(" | ")[0] for line in readme.splitlines() if line.startswith("| `skully")]
    listed = {word for row in rows for word in re.findall(r"`skully ([a-z][\w-]*)", row)}
    sub = next(a for a in parser()._actions if a.dest == "command")
    assert listed == set(sub.choices)
    for game in re.findall(r"^\| `skully selfplay ([\w-]+)", readme, flags=re.MULTILINE):
        assert main(["selfplay", game, "--help"]) == 0
