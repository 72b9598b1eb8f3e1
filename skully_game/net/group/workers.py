"""`skully serve --workers N`: N server processes on this machine, one group. Every worker listens
on the group's port (the kernel hands each new connection to one of them) and on its own port
just above it (where the group sends a room's clients); a private redis-server holds their
directory unless `--redis` names one. A worker that dies is started again; its rooms were taken
up by the others meanwhile."""

from __future__ import annotations

import contextlib
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field

from skully_game.net.group.redisproc import RedisProcess

WATCH = 0.5  # seconds between two looks at the workers
RESTARTS = 100  # workers started again at most in one run (a worker that cannot start stops it)
STOP_WAIT = 10.0  # seconds a worker has to close its rooms when stopped


@dataclass
class Workers:
    """The worker processes of one `skully serve --workers N`."""

    count: int
    port: int  # the group's port; worker i listens on port + 1 + i too
    redis: str  # "" : a private redis-server is started
    passed: list[str]  # the other `skully serve` options, handed to every worker
    procs: list[subprocess.Popen[bytes] | None] = field(default_factory=list)
    own_redis: RedisProcess | None = None
    stopping: bool = False

    def command(self, i: int) -> list[str]:
        return [sys.executable, "-m", "skully_game", "serve", "--redis", self.redis,
                "--port", str(self.port + 1 + i), "--group-port", str(self.port),
                "--no-announce", *self.passed]  # fmt: skip

    def start_worker(self, i: int) -> subprocess.Popen[bytes]:
        return subprocess.Popen(self.command(i))

    def run(self) -> int:
        """Start everything, watch, and stop everything on Ctrl+C or a stop signal."""
        if not self.redis:
            self.own_redis = RedisProcess().start()
            self.redis = self.own_redis.url
            print(f"skully serve: the group's directory: a private redis-server at {self.redis}",
                  flush=True)  # fmt: skip
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, self._stop)
        restarts = 0
        try:
            self.procs = [self.start_worker(i) for i in range(self.count)]
            print(
                f"skully serve: {self.count} workers, one group on port {self.port} (their own "
                f"ports {self.port + 1} to {self.port + self.count})",
                flush=True,
            )
            while not self.stopping:
                time.sleep(WATCH)
                for i, proc in enumerate(self.procs):
                    if proc is None or proc.poll() is None or self.stopping:
                        continue
                    print(f"skully serve: worker {i + 1} stopped (exit {proc.returncode}); "
                          "its rooms go on in the others; starting it again", flush=True)  # fmt: skip
                    restarts += 1
                    if restarts > RESTARTS:
                        print("skully serve: workers keep stopping: giving up", file=sys.stderr)
                        return 1
                    self.procs[i] = self.start_worker(i)
        finally:
            self.stop_all()
        return 0

    def _stop(self, signum: int, frame: object) -> None:
        self.stopping = True

    def stop_all(self) -> None:
        for proc in self.procs:
            if proc is not None and proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        end = time.monotonic() + STOP_WAIT
        for proc in self.procs:
            if proc is None:
                continue
            try:
                proc.wait(max(0.1, end - time.monotonic()))
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)
        if self.own_redis is not None:
            with contextlib.suppress(Exception):
                self.own_redis.stop()
