"""A private Redis server on 127.0.0.1 and a free port, started and stopped by this program: the
tests' fixture, the tools' groups and `skully serve --workers N` without `--redis` use it. It is
the operating system's `redis-server` (Debian: `apt-get install redis-server`), run with no disk
of its own (the records that must survive live in it only while a game is played)."""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType

INSTALL = (
    "redis-server is not installed: install it from the system's packages "
    "(Debian or Ubuntu: apt-get install -y redis-server), or give --redis URL of a running Redis"
)
START_WAIT = 10.0  # seconds a new server has to answer
POLL = 0.02


class RedisMissing(RuntimeError):
    """No redis-server on this machine: said in one line, with how to install it."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _answers(port: int) -> bool:
    """Whether a Redis server answers PING on 127.0.0.1:port (plain RESP, no client needed)."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


@dataclass
class RedisProcess:
    """One redis-server of our own: `start()`, `url`, `stop()` (or use it as a context)."""

    port: int = 0
    binary: str | None = None
    proc: subprocess.Popen[bytes] | None = None
    folder: Path | None = None
    log: list[str] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisProcess:
        binary = self.binary or shutil.which("redis-server")
        if binary is None:
            raise RedisMissing(INSTALL)
        self.port = self.port or free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="skully-redis-"))
        self.proc = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.folder), "--protected-mode", "yes",
             "--loglevel", "warning"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        end = time.monotonic() + START_WAIT
        while time.monotonic() < end:
            if _answers(self.port):
                return self
            if self.proc.poll() is not None:
                break
            time.sleep(POLL)
        self.stop()
        raise RuntimeError(f"redis-server did not start on 127.0.0.1:{self.port}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None

    def __enter__(self) -> RedisProcess:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        with contextlib.suppress(Exception):
            self.stop()
