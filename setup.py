"""The package list, found rather than listed: a new game's engine and scene packages ship
without an edit here (pyproject.toml holds everything else). `skully_game.assets` lives in the
top-level `assets/` folder (pyproject's package-dir), where discovery cannot name it."""

from pathlib import Path

from setuptools import find_packages, setup

HERE = Path(__file__).resolve().parent

setup(
    packages=[
        *find_packages(str(HERE), include=["skully_game", "skully_game.*", "cards", "cards.*"]),
        "skully_game.assets",
    ]
)
