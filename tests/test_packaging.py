"""Every package in the source tree is installed: a package missing from pyproject.toml would
work in an editable checkout and break for a player who ran `pip install .`."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_is_listed_in_pyproject():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(config["packages"])
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for top in ("skully_game", "cards")
        for init in (ROOT / top).rglob("__init__.py")
    }
    assert found <= listed, f"add to pyproject.toml packages: {sorted(found - listed)}"
    assert config["package-dir"]["skully_game.assets"] == "assets"


def test_sounds_ship_as_package_data():
    from importlib import resources

    sounds = resources.files("skully_game.assets") / "sounds"
    assert all(
        (sounds / f"{n}.wav").is_file()
        for n in ("flick", "click_soft", "click_hard", "ui", "award", "stuck")
    )
