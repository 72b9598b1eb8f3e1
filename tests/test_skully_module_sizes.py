"""Skully's screens stay in modules a person can read: none over 700 lines (issue 28, section 2).
A file that grows past it is split by concern, not trimmed of its docstrings."""

from __future__ import annotations

from pathlib import Path

import pytest

SCENES = Path(__file__).resolve().parent.parent / "skully_game" / "scenes"
MOST = 700


@pytest.mark.parametrize("package", ["skully", "tuner", "replay"])
def test_no_skully_scene_module_is_over_700_lines(package: str) -> None:
    files = sorted((SCENES / package).glob("*.py"))
    assert files
    long = {f.name: n for f in files if (n := len(f.read_text().splitlines())) > MOST}
    assert long == {}, f"split these by concern: {long}"
