"""Every screen's code stays in modules a person can read: none under `skully_game/scenes/` over
700 lines (issue 28, section 2). A file that grows past it is split by concern, not trimmed of
its docstrings."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards.registry import GAMES
from skully_game.core.games import scene_package

SCENES = Path(__file__).resolve().parent.parent / "skully_game" / "scenes"
MOST = 700
PACKAGES = sorted(p.name for p in SCENES.iterdir() if (p / "__init__.py").exists())


def test_every_scene_package_is_walked() -> None:
    games = {
        scene_package(info).removeprefix("skully_game.scenes.")
        for info in GAMES
        if info.table and scene_package(info).startswith("skully_game.scenes.")
    }
    assert {"cardtable", "skully", "online", *games} <= set(PACKAGES)


@pytest.mark.parametrize("package", [".", *PACKAGES])
def test_no_scene_module_is_over_700_lines(package: str) -> None:
    files = sorted((SCENES / package).glob("*.py"))
    assert files
    long = {f.name: n for f in files if (n := len(f.read_text().splitlines())) > MOST}
    assert long == {}, f"split these by concern: {long}"
