"""`skully serve --workers 2 --redis URL` runs two workers as one group on one port, and
`skully serve --status` shows them (rooms, players, p99 each); stopped, they leave the group."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from skully_game.net.client import Client, NetError
from skully_game.net.group.redisproc import free_port

ROOT = Path(__file__).resolve().parent.parent


def _status(redis_url: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "skully_game", "serve", "--status", "--redis", redis_url],
        cwd=ROOT, capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.slow
def test_two_workers_one_port_and_their_status(redis_url: str) -> None:
    port = free_port()
    while port + 2 > 65535:
        port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "skully_game", "serve", "--workers", "2", "--redis", redis_url,
         "--port", str(port)],
        cwd=ROOT, env=dict(os.environ), stdout=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        end = time.monotonic() + 30
        host = None
        while host is None and time.monotonic() < end:
            try:
                host = Client(f"ws://127.0.0.1:{port}").connect()  # the group's one address
            except NetError:
                time.sleep(0.2)
        assert host is not None
        host.create("Anne", "skull", [{"kind": "me"}, {"kind": "computer", "level": "random"}])
        assert host.wait_for("joined")["seat"] == 0
        shown = ""
        end = time.monotonic() + 30  # (its own time: two workers may start slowly on a busy CI)
        while time.monotonic() < end and "2 servers in the group, 1 room " not in shown:
            time.sleep(0.5)
            shown = _status(redis_url)
        assert "2 servers in the group, 1 room (0 open lobbies)" in shown, shown
        assert "1 player " in shown and "p99" in shown, shown
        host.close()
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(30)
    assert "0 servers in the group" in _status(redis_url)


def test_status_without_redis_says_what_to_give() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "skully_game", "serve", "--status"],
        cwd=ROOT, capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert done.returncode != 0 and "--redis URL" in done.stderr
