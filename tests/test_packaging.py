"""Every package in the source tree is installed: a package left out would work in an editable
checkout and break for a player who ran `pip install .`."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_is_installed_without_a_list_to_keep():
    """setup.py finds the packages (a new game's two packages ship without an edit anywhere,
    issue 42); the assets folder is added by name, where discovery cannot name it."""
    from setuptools._distutils.core import run_setup

    dist = run_setup(str(ROOT / "setup.py"), stop_after="init")
    installed = set(dist.packages)
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for top in ("skully_game", "cards")
        for init in (ROOT / top).rglob("__init__.py")
    }
    assert found <= installed, f"not installed: {sorted(found - installed)}"
    assert "skully_game.assets" in installed
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert config["package-dir"]["skully_game.assets"] == "assets"


def test_sounds_ship_as_package_data():
    from importlib import resources

    sounds = resources.files("skully_game.assets") / "sounds"
    assert all(
        (sounds / f"{n}.wav").is_file()
        for n in ("flick", "click_soft", "click_hard", "ui", "award", "stuck")
    )
