"""For the tests and tools: `skully serve --redis` workers in processes of their own, and a
scripted person who comes back after their server died, through the group's addresses in turn,
as the table's link does (scenes/online/link.py). Loopback only; every wait is bounded."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from skully_game.net.client import Client, NetError
from skully_game.net.group.redisproc import free_port
from skully_game.net.scripted import ScriptedPerson, run

ROOT = Path(__file__).resolve().parents[3]
START_WAIT = 20.0  # seconds a worker has to say it listens
RETRY = 0.25  # seconds between two tries to come back


@dataclass
class Worker:
    proc: subprocess.Popen[str]
    port: int
    said: list[str] = field(default_factory=list)  # its log lines, read in a thread

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


def start_worker(redis: str, shared: int, extra: tuple[str, ...] = ()) -> Worker:
    """One `skully serve --redis` on a free loopback port (and the group's port `shared`, if
    any), quick to answer (pace 0), with roomy limits (every client here is 127.0.0.1)."""
    port = free_port()
    env = dict(os.environ)
    env.setdefault("SKULLY_DATA_DIR", tempfile.mkdtemp(prefix="skully-group-"))
    command = [sys.executable, "-m", "skully_game", "serve", "--redis", redis, "--port", str(port),
               "--no-announce", "--pace", "0", "--rooms-per-address", "500",
               "--connections-per-address", "2000", *extra]  # fmt: skip
    if shared:
        command += ["--group-port", str(shared)]
    proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    worker = Worker(proc, port)
    assert proc.stdout is not None
    end = time.monotonic() + START_WAIT
    while time.monotonic() < end:
        line = proc.stdout.readline()
        if not line:
            break
        worker.said.append(line.rstrip())
        if "in the group" in line:
            _drain(worker)
            return worker
    worker.stop()
    raise RuntimeError(f"skully serve --redis did not start on port {port}")


def _drain(worker: Worker) -> None:
    """Read what the worker says from now on in a thread (its pipe never fills)."""
    import threading

    def read() -> None:
        assert worker.proc.stdout is not None
        for line in worker.proc.stdout:
            worker.said.append(line.rstrip())

    threading.Thread(target=read, daemon=True).start()


def _reach(
    urls: list[str],
    seconds: float,
    ask: Callable[[Client], None],
    answer: str,
    on_frame: Callable[[str], None] | None,
) -> tuple[Client, int] | None:
    """Connect through `urls` in turn, send `ask`, until the group gives `answer`: the client
    and the tries it took; None if the time runs out."""
    end = time.monotonic() + seconds
    tries = 0
    while time.monotonic() < end:
        url = urls[tries % len(urls)]
        tries += 1
        try:
            client = Client(url, on_frame=on_frame, timeout=2.0).connect()
        except NetError:
            time.sleep(RETRY)
            continue
        ask(client)
        try:
            client.wait_for(answer, 3)
        except NetError:
            client.close()
            time.sleep(RETRY)
            continue
        return client, tries
    return None


def come_back(
    person: ScriptedPerson,
    urls: list[str],
    seconds: float,
    on_frame: Callable[[str], None] | None = None,
) -> ScriptedPerson | None:
    """The person's seat taken back with its token through `urls` in turn (the group's port
    first), until the group answers with the seat: a new scripted person on the new client
    that goes on from the move it last acted on; None if the time runs out."""
    room, token = person.client.room, person.client.token
    assert room is not None and token is not None
    reached = _reach(urls, seconds, lambda c: c.rejoin(room, token), "joined", on_frame)
    if reached is None:
        return None
    client, tries = reached
    back = ScriptedPerson(client, random.Random(tries), person.skully_level)
    back.acted_at = person.acted_at
    return back


def watch_back(
    watcher: Client,
    urls: list[str],
    seconds: float,
    on_frame: Callable[[str], None] | None = None,
    name: str = "Cy",
) -> Client | None:
    """A spectator whose line dropped watches the room again through `urls` in turn (as the
    program's link does), until the group answers: the new client, shown the table as it is
    now; None if the time runs out."""
    room = watcher.room
    assert room is not None
    reached = _reach(urls, seconds, lambda c: c.watch(name, room), "watching", on_frame)
    return reached[0] if reached is not None else None


def play_until(people: list[ScriptedPerson], until: Callable[[], bool], seconds: float) -> bool:
    return run(people, until, seconds)
