"""A member's lease kept from a thread of its own, so an overloaded event loop keeps its rooms.

The beat (member.py) renews the presence on the event loop, among the rooms' work: every one of
its steps waits a whole turn of the loop, and an overloaded worker's turn can last a tenth of a
second or more, so a beat of a dozen steps ran past the 2.5 s lease, and the other member took
the rooms up while their games were being played here (their people sent away, and back).

This thread only extends the lease (PEXPIRE: a presence that is gone stays gone, so it never
undoes a release or a stop), on a connection of its own, twice a lease at least. It renews only
while the loop is alive: the loop stamps the time at every turn it gets to (`Pulse`), and a loop
that has not turned for `stall` seconds (stuck, not busy) lets its lease run out, so its rooms
go on elsewhere as when a process dies. Its loop is bounded: it ends when told, or when its
member's loop is gone."""

from __future__ import annotations

import asyncio
import logging
import threading
import time

import redis
from redis.exceptions import RedisError

log = logging.getLogger("skully.net.group")

PULSE = 0.1  # seconds between two stamps of the loop's time
STALL_LEASES = 4  # a loop that has not turned for this many leases is stuck: no renewal


class Pulse:
    """The time the member's event loop last got to a turn, stamped from the loop itself."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.seen = time.monotonic()
        self.handle: asyncio.TimerHandle | None = None
        self._stamp()

    def _stamp(self) -> None:
        self.seen = time.monotonic()
        self.handle = self.loop.call_later(PULSE, self._stamp)

    def stop(self) -> None:
        if self.handle is not None:
            self.handle.cancel()
            self.handle = None


class LeaseKeeper:
    """Renews `keys` (the presence and the connection counts) to `lease` seconds every `every`
    seconds from a thread, while `pulse` says the loop turns."""

    def __init__(
        self,
        url: str,
        keys: list[str],
        lease: float,
        every: float,
        pulse: Pulse,
        stall: float = 0.0,
        wait: float = 2.0,
    ) -> None:
        self.keys = keys
        self.lease_ms = int(lease * 1000)
        self.every = every
        self.pulse = pulse
        self.stall = stall or STALL_LEASES * lease
        self.store = redis.Redis.from_url(url, socket_timeout=wait, socket_connect_timeout=wait)
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, name="skully-lease", daemon=True)
        self.renewals = 0
        self.skipped = 0  # turns a stuck loop was left to lose its lease

    def start(self) -> LeaseKeeper:
        self.thread.start()
        return self

    def stop(self) -> None:
        """Ends the thread (waits for it a moment: one Redis call at most)."""
        self.done.set()
        if self.thread.is_alive() and self.thread is not threading.current_thread():
            self.thread.join(self.every + 3.0)
        self.store.close()

    def _run(self) -> None:
        warned = False
        while not self.done.wait(self.every):
            if self.pulse.loop.is_closed():
                return
            if time.monotonic() - self.pulse.seen > self.stall:
                self.skipped += 1
                if not warned:
                    log.warning("group: the event loop is stuck: its lease is left to run out")
                    warned = True
                continue
            warned = False
            try:
                with self.store.pipeline(transaction=False) as pipe:
                    for key in self.keys:
                        pipe.pexpire(key, self.lease_ms)
                    pipe.execute()
                self.renewals += 1
            except (RedisError, OSError):  # the beat on the loop says Redis is unreachable
                continue
