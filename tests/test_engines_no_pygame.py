"""Engines never import pygame: the board, physics, rules and card games run headless anywhere.

The check runs in a fresh interpreter (this one may already hold pygame from a scene test) and
discovers every module under the engine packages, so a module added later is covered too.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import skully_game

ROOT = Path(skully_game.__file__).resolve().parent.parent

ENGINE_MODULES: list[str] = []
# Whole packages, walked: a module added later is covered without editing this list.
ENGINE_PACKAGES = ["cards", "skully_game.core", "skully_game.skully", "skully_game.net"]

CHECK = """
import importlib, importlib.util, json, pkgutil, sys

modules, packages = json.loads(sys.argv[1])
imported = []
for name in modules:
    importlib.import_module(name)
    imported.append(name)
for name in packages:
    if importlib.util.find_spec(name) is None:
        continue
    package = importlib.import_module(name)
    imported.append(name)
    for info in pkgutil.walk_packages(package.__path__, prefix=name + "."):
        importlib.import_module(info.name)
        imported.append(info.name)
leaked = sorted(m for m in sys.modules if m == "pygame" or m.startswith("pygame."))
print(json.dumps({"imported": imported, "pygame": leaked}))
"""


def run_check(modules: list[str], packages: list[str]) -> dict[str, list[str]]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", CHECK, json.dumps([modules, packages])],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_engine_modules_import_no_pygame() -> None:
    report = run_check(ENGINE_MODULES, ENGINE_PACKAGES)
    imported = report["imported"]
    assert set(ENGINE_PACKAGES) <= set(imported)  # the packages are there and were walked
    for name in (
        "skully_game.skully.physics",
        "skully_game.skully.rules.shot",
        "cards.skull_king.state",
        "skully_game.net.server",
        "skully_game.net.client",
    ):
        assert name in imported
    assert report["pygame"] == [], f"an engine module pulled in pygame: {report['pygame']}"


def test_the_check_would_catch_pygame() -> None:
    report = run_check(["skully_game.skully.physics", "pygame"], [])
    assert "pygame" in report["pygame"]
