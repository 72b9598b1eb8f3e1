"""The `skully` command line: help, version, and one-line refusals with exit status 2."""

from __future__ import annotations

import subprocess
import sys

from skully_game import __version__


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
