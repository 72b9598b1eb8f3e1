"""A process that serves games sets its garbage collector for short pauses once it has started
(net/server.py `tune_gc`): start-up's objects frozen out of later collections, young objects
collected in larger batches; SKULLY_GC=default leaves Python's settings (the benchmark's
comparison). Each case runs in a fresh interpreter: the settings are the whole process's."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PROBE = (
    "import gc, json; from skully_game.net.server import tune_gc; before = gc.get_threshold(); "
    "tune_gc(); tune_gc(); print(json.dumps([before, gc.get_threshold(), gc.get_freeze_count()]))"
)


@pytest.mark.parametrize("collector", ["", "default"])
def test_a_server_process_tunes_its_collector_unless_told_not_to(collector):
    from skully_game.net.server import GC_YOUNG

    env = dict(os.environ, SKULLY_GC=collector)
    out = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    before, after, frozen = json.loads(out.stdout)
    if collector == "default":
        assert after == before and frozen == 0
    else:
        assert after[0] == max(before[0], GC_YOUNG) and after[1:] == before[1:]
        assert frozen > 1000  # the modules and tables start-up made
