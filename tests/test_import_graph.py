"""The layout holds: no import cycles anywhere, and every module imports on its own.

A cycle works or breaks depending on which module is imported first, so it shows up as a crash
for a player who opened the screens in an unusual order. The graph is read from the source
(lazy imports inside functions count; `if TYPE_CHECKING:` imports never run and do not).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from import_graph import ROOT, cycles, graph, modules

ALONE = """
import importlib, json, sys
names = json.loads(sys.argv[1])
ours = ("skully_game", "cards")
failed = {}
for name in names:
    for loaded in [m for m in sys.modules if m.split(".")[0] in ours]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except Exception as exc:  # report every module that fails, not only the first
        failed[name] = f"{type(exc).__name__}: {exc}"
print(json.dumps(failed))
"""


def test_no_import_cycles() -> None:
    found = cycles(graph())
    assert found == [], f"modules that import each other: {found}"


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_layout_has_its_parts() -> None:
    names = set(modules())
    for package in (
        "cards.engine",
        "cards.registry",
        "skully_game.core.errors",
        "skully_game.core.fileio",
        "skully_game.core.paths",
        "skully_game.skully.physics",
        "skully_game.skully.rules",
        "skully_game.cli.main",
        "skully_game.shell.app",
        "skully_game.scenes.cardtable",
        "skully_game.scenes.skull_king",
        "skully_game.scenes.skully",
    ):
        assert package in names


PARTS = 3  # the modules in parts, each its own process: xdist runs them side by side


@pytest.mark.slow
@pytest.mark.parametrize("part", range(PARTS))
def test_every_module_imports_alone(part: int) -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            ALONE,
            json.dumps(sorted(m for m in modules() if not m.endswith("__main__"))[part::PARTS]),
        ],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == {}
