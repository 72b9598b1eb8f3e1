"""One server process as a member of a group on Redis: its presence (a key that expires unless
renewed: a lease), the rooms it holds, each room's record written through as moves are applied,
a client routed to the process that holds its room, and the rooms of a dead member taken up.

Routing is Colyseus's way: a client may reach any member (one address for the group: a shared
port, a load balancer, a DNS name); the member that holds its room is looked up in Redis, and the
client is told to connect there (`moved`), once per seat; the game's messages then go straight
between the client and the room's process. Relaying every message through Redis pub/sub would
cost each move two more trips through Redis and the work of two processes (README: measured).

Fencing: every write of a room checks, inside Redis (a script), that this process still holds
it; a process that lost a room (taken up while it was stalled) drops it, and its players come
back to the new holder with their tokens. Redis unreachable: rooms already here go on (their
hosts are told the games would not survive this process), new rooms are refused in one line,
and everything is written again once Redis answers."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import random
import secrets
import socket
import time
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import redis.asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import RedisError

from skully_game.net import PROTOCOL
from skully_game.net.group import records
from skully_game.net.group.batch import MOST, Batcher
from skully_game.net.group.lease import LeaseKeeper, Pulse
from skully_game.net.limits import too_many_connections, too_many_rooms
from skully_game.net.rooms import Room, typed_code

if TYPE_CHECKING:
    from skully_game.net.server import Conn, GameServer

log = logging.getLogger("skully.net.group")

LEASE = 2.5  # seconds a member's presence lasts unless renewed: a dead member's rooms wait this
BEAT = 0.5  # seconds between two renewals (and looks for rooms to take up)
REDIS_WAIT = 2.0  # seconds one Redis command may take before Redis counts as unreachable
CONNECTIONS = 64  # connections to Redis one server holds at most
POOL_WAIT = 5.0  # seconds a write waits for a free one (a burst of new rooms) before giving up
CHUNK = 200  # actions written in one call at most (a long game written again whole)
ADOPT_EACH_BEAT = 64  # rooms one member takes up in one beat at most
BEAT_STOP_WAIT = 1.0  # seconds a stopping member waits for its beat to end
UNCOUNT_WAIT = 0.5  # seconds a stopping member waits for its connections' ends to be written
LEAVING_LOOK = 0.15  # seconds a stopping member waits to see which others stop with it
LEAVING_KEPT_MS = 60_000  # how long a stopping member's mark stays (each start has a new id)
TAKING_WAIT_S = 5.0  # seconds a person coming back waits for a room being rebuilt here
METRICS_EVERY = 10.0  # seconds between two metrics lines in the log
SAMPLES = 2000  # move timings kept for the p99
NO_REDIS = (
    "this server has lost its link to its group (Redis): new rooms are refused for now, "
    "try again in a minute"
)
LINK_LOST = (
    "The server lost its link to its group: this game goes on, but would end if this server "
    "stopped. It is being mended."
)
LINK_BACK = "The server's link to its group is back: this game is safe again."

# Every change of a room in one script: only by the member that holds it (claimed if nobody
# does); -1 when another member holds it now, -2 when the list is shorter than it should be.
# A room's first write also counts it among its creator's rooms (ARGV[5]), and its place in the
# open rooms follows (ARGV[6]: '' as it is, '-' out, else its listing): one call a room, so the
# writes of many rooms go in one pipeline (batch.py) and none waits on another's answer
WRITE = """
local owner = redis.call('HGET', KEYS[1], ARGV[1])
if owner == false then
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
  redis.call('SADD', KEYS[4], ARGV[1])
elseif owner ~= ARGV[2] then
  return -1
end
if ARGV[3] ~= '' then redis.call('SET', KEYS[2], ARGV[3]) end
local start = tonumber(ARGV[4])
if start == 0 then
  redis.call('DEL', KEYS[3])
elseif start > 0 then
  local n = redis.call('LLEN', KEYS[3])
  if n < start then return -2 end
  if n > start then redis.call('LTRIM', KEYS[3], 0, start - 1) end
end
if #ARGV > 6 then redis.call('RPUSH', KEYS[3], unpack(ARGV, 7)) end
if ARGV[5] ~= '' then redis.call('SADD', KEYS[5], ARGV[1]) end
if ARGV[6] == '-' then
  redis.call('HDEL', KEYS[6], ARGV[1])
elseif ARGV[6] ~= '' then
  redis.call('HSET', KEYS[6], ARGV[1], ARGV[6])
end
return 1
"""
ADOPT = """
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then
  redis.call('SREM', KEYS[2], ARGV[1])
  return 0
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('SREM', KEYS[2], ARGV[1])
redis.call('SADD', KEYS[3], ARGV[1])
return 1
"""
DROP = """
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('SREM', KEYS[2], ARGV[1])
redis.call('DEL', KEYS[3], KEYS[4])
redis.call('HDEL', KEYS[5], ARGV[1])
redis.call('SREM', KEYS[6], ARGV[1])
return 1
"""
# One more connection from an address, if the group holds fewer than the limit from it: KEYS are
# the members' connection counts (this one's first), each a hash of address -> count that
# expires with its member's lease unless renewed (a dead member's counts vanish with it)
CONNECT = """
local total = 0
for i = 1, #KEYS do
  total = total + tonumber(redis.call('HGET', KEYS[i], ARGV[1]) or '0')
end
if total >= tonumber(ARGV[2]) then return 0 end
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
"""
DISCONNECT = """
if redis.call('HINCRBY', KEYS[1], ARGV[1], -1) <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return 1
"""


@dataclass(frozen=True)
class GroupConfig:
    """How a server joins its group: the Redis URL, the address other members send its rooms'
    clients to (its own port: ws://host:port), and its lease."""

    redis: str
    address: str = ""  # filled in by the server once it listens, unless given
    shared_port: int = 0  # a port every member on this machine also listens on (0: none)
    lease: float = LEASE
    beat: float = BEAT
    prefix: str = "skully:"
    name: str = ""  # this member's id (a fresh one when empty)


@dataclass
class Written:
    """What Redis holds of one room: its facts, its game's number and actions."""

    facts: dict[str, Any] | None = None  # as last written, but the move count
    games: int = 0
    actions: int = -1  # -1: nothing written yet
    listing: str = ""


@dataclass
class Metrics:
    """Moves timed at the server (a move received to its echo queued) for the p99."""

    took: deque[float] = field(default_factory=lambda: deque(maxlen=SAMPLES))
    moves: int = 0

    def add(self, seconds: float) -> None:
        self.took.append(seconds)
        self.moves += 1

    def p99_ms(self) -> float | None:
        if not self.took:
            return None
        ordered = sorted(self.took)
        return round(1000 * ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 2)


def count(n: int, word: str) -> str:
    """'1 room', '2 rooms'."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _sans_moves(facts: dict[str, Any]) -> dict[str, Any]:
    """A room's facts but its move count, to tell whether they changed: the count changes at
    every move and is written only with the other facts (a room taken up counts its moves from
    its actions, records.restore), so a move costs one small write, its actions. Compared as
    data, not text: encoding the facts twice at every move was a tenth of a busy group
    worker's loop (bench_server, 200 rooms a worker)."""
    return {k: v for k, v in facts.items() if k != "moves"}


class Member:
    """This process in its group (created and started by the server when it has a group)."""

    def __init__(self, server: GameServer, config: GroupConfig) -> None:
        self.server = server
        self.config = config
        self.me = config.name or f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"
        self.address = config.address
        pool = aioredis.BlockingConnectionPool.from_url(
            config.redis,
            max_connections=CONNECTIONS,  # a busy server's writes wait their turn for one
            timeout=POOL_WAIT,
            decode_responses=True,
            socket_timeout=REDIS_WAIT,
            socket_connect_timeout=REDIS_WAIT,
            retry=Retry(NoBackoff(), 0),
        )
        self.redis = aioredis.Redis.from_pool(pool)
        self._write = self.redis.register_script(WRITE)
        self.batch = Batcher(self.redis, WRITE, self._write.sha)  # every room's writes
        self._adopt = self.redis.register_script(ADOPT)
        self._drop = self.redis.register_script(DROP)
        self._connect = self.redis.register_script(CONNECT)
        self._disconnect = self.redis.register_script(DISCONNECT)
        self.healthy = True
        self.written: dict[str, Written] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.flushing: dict[str, asyncio.Task[None]] = {}
        self.others: list[dict[str, Any]] = []  # the other members' presence, as last read
        self.listed: list[dict[str, Any]] = []  # the group's open rooms, as last read
        self.told: list[str] = []  # the addresses its clients were last sent (`group`)
        self.metrics = Metrics()
        self.adopted = 0  # rooms taken up from dead members
        # rooms claimed here whose record is still being read: a person coming back meanwhile
        # waits for it (else "the room is gone" while it was being rebuilt here)
        self.taking: dict[str, asyncio.Event] = {}
        self._task: asyncio.Task[None] | None = None
        self.loop: asyncio.AbstractEventLoop | None = None  # the server's, once started
        self.pulse: Pulse | None = None
        self.keeper: LeaseKeeper | None = None  # the lease, renewed from a thread of its own
        self._said_at = 0.0
        self.beating = True  # the beat goes on (False: it ends at its next turn)
        self.leaving = False  # stopping: its rooms go to the members that stay (hand_over)
        self.released = False  # its rooms were handed over: they are the others' to write
        self.uncounting: set[asyncio.Task[None]] = set()  # connections' ends being written
        self.rng = random.Random(secrets.randbits(32))  # only the order rooms are taken up in

    # ---- keys ----------------------------------------------------------------------------

    def key(self, *parts: str) -> str:
        return self.config.prefix + ":".join(parts)

    # ---- start and stop ------------------------------------------------------------------

    async def start(self) -> None:
        """Join: presence first (so nobody takes this member for dead), then the beat. Redis
        must answer now: a server that cannot join its group says so and does not start."""
        try:
            await self.redis.ping()
            for script in (
                WRITE,
                ADOPT,
                DROP,
                CONNECT,
                DISCONNECT,
            ):  # loaded now: a first write is one round trip
                await self.redis.script_load(script)
            await self.redis.delete(self.key("leaving", self.me))  # a name used before
            await self._present()
            await self._read_group()  # the first clients are sent the whole group
        except (RedisError, OSError) as exc:
            await self.redis.aclose()
            raise ConnectionError(
                f"cannot reach the group's Redis at {self.config.redis}: {exc}"
            ) from None
        self.loop = asyncio.get_running_loop()
        self.pulse = Pulse(self.loop)
        keys = [self.key("proc", self.me), self.key("conns", self.me)]
        self.keeper = LeaseKeeper(self.config.redis, keys, self.config.lease, self.config.beat,
                                  self.pulse, wait=REDIS_WAIT).start()  # fmt: skip
        self._task = asyncio.create_task(self._beat())

    def _keep_no_more(self) -> None:
        """The lease is no longer renewed from its thread (stopping, or handed over)."""
        keeper, self.keeper = self.keeper, None
        if keeper is not None:
            keeper.stop()
        if self.pulse is not None:
            self.pulse.stop()

    async def stop(self) -> None:
        """Leave: the rooms here were closed (their people told), so their records go; then the
        presence, so nobody takes them up."""
        self.released = True  # nothing more is written from here: the records go, and the counts
        await self._stop_beat()
        self._keep_no_more()
        for task in self.flushing.values():
            task.cancel()
        await self.batch.stop()
        await self._uncounted()
        with contextlib.suppress(RedisError, OSError):
            for room in list(self.server.rooms.values()):
                await self._forget(room.code, room.creator)
            await self.redis.delete(self.key("proc", self.me), self.key("conns", self.me))
            await self.redis.srem(self.key("members"), self.me)
        await self.redis.aclose()

    # ---- a graceful stop: the rooms handed over ------------------------------------------

    async def mark_leaving(self) -> None:
        """The first thing a stopping member does, with rooms or none: it says so in Redis (a
        key of its own, which no presence written by a beat already under way can undo), so a
        member stopping at the same moment (`--workers` stopped) sends it no room."""
        if self.leaving:
            return
        self.leaving = True
        if not self.healthy:
            return
        try:
            await self.redis.set(self.key("leaving", self.me), "1", px=LEAVING_KEPT_MS)
        except (RedisError, OSError) as exc:
            self._lost(exc)

    async def staying(self) -> list[str]:
        """This member is about to stop (SIGTERM, Ctrl+C): it says it is leaving, waits a
        moment for the members stopping with it to say so too, then names the members alive
        that stay. [] when none does, or Redis does not answer: the rooms are closed as the
        server stops, not handed to nobody."""
        await self.mark_leaving()
        await self._stop_beat()
        if not self.healthy:
            return []
        try:
            await self._present()  # (its status says so too)
            await asyncio.sleep(LEAVING_LOOK)  # a member told to stop with this one says so
        except (RedisError, OSError) as exc:
            self._lost(exc)
            return []
        return await self.still_staying()

    async def still_staying(self) -> list[str]:
        """The addresses of the other members alive (their lease running) that are not
        stopping, read now: asked again just before the rooms are handed over."""
        try:
            found = await self._members()
        except (RedisError, OSError) as exc:
            self._lost(exc)
            return []
        return [o["address"] for o in found if o.get("address") and not o.get("leaving")]

    async def _members(self) -> list[dict[str, Any]]:
        """The other members alive, each marked `leaving` if it said it is stopping."""
        ids = sorted(i for i in await self.redis.smembers(self.key("members")) if i != self.me)
        if not ids:
            return []
        values = await self.redis.mget([self.key("proc", i) for i in ids])
        marks = await self.redis.mget([self.key("leaving", i) for i in ids])
        found = []
        for value, mark in zip(values, marks, strict=True):
            if value is not None:
                other = json.loads(value)
                other["leaving"] = bool(other.get("leaving")) or mark is not None
                found.append(other)
        return found

    async def release(self) -> bool:
        """Every room here is written whole: the presence goes at once, not when its lease
        runs out, so the members that stay take the rooms up now (a person coming back to one
        of them, or their next beat). False if Redis did not answer."""
        self.released = True  # nothing of a room is written from here any more
        self._keep_no_more()
        try:
            await self.redis.delete(self.key("proc", self.me), self.key("conns", self.me))
        except (RedisError, OSError) as exc:
            self._lost(exc)
            return False
        return True

    async def close(self) -> None:
        """Gone from the group after a hand-over: the rooms' records stay in Redis for the
        members that take them up (unlike `stop`, which forgets them)."""
        self._keep_no_more()
        for task in self.flushing.values():
            task.cancel()
        await self.batch.stop()
        await self._uncounted()
        await self.redis.aclose()

    # ---- presence ------------------------------------------------------------------------

    def status(self) -> dict[str, Any]:
        """What `skully serve --status` shows of this member."""
        rooms = self.server.rooms.values()
        return {
            "id": self.me,
            "address": self.address,
            "pid": os.getpid(),
            "rooms": len(self.server.rooms),
            "players": sum(1 for r in rooms for p in r.places if p.conn is not None),
            "moves": self.metrics.moves,
            "p99_ms": self.metrics.p99_ms(),
            "adopted": self.adopted,
            "redis": "ok" if self.healthy else "unreachable",
            "leaving": self.leaving,
        }

    async def _present(self) -> None:
        """The presence renewed, and this member's connections per address written again
        whole from its own count (what a lost write or an outage left wrong is mended), both
        expiring with the lease."""
        if self.released:  # its rooms were handed over: no presence may bring it back
            return
        lease_ms = int(self.config.lease * 1000)
        counts = dict(self.server.book.connections)
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.set(self.key("proc", self.me), json.dumps(self.status()), px=lease_ms)
            pipe.delete(self.key("conns", self.me))
            if counts:
                pipe.hset(self.key("conns", self.me), mapping=counts)
                pipe.pexpire(self.key("conns", self.me), lease_ms)
            pipe.sadd(self.key("members"), self.me)
            await pipe.execute()

    async def _stop_beat(self) -> None:
        """The beat stops, waiting a moment at most: cancelled, and told to, for a cancel that
        lands in a Redis command's own timeout can be swallowed there (then the loop ends at
        its next turn, and writes no presence meanwhile)."""
        self.beating = False
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            await asyncio.wait({task}, timeout=BEAT_STOP_WAIT)

    async def _beat(self) -> None:
        next_metrics = time.monotonic() + METRICS_EVERY
        while self.beating:
            await asyncio.sleep(self.config.beat)
            if not self.beating:
                return
            try:
                await self._present()
                if not self.healthy:
                    await self._mended()
                await self._take_up()
                await self._read_group()
                await self._check_held()
            except (RedisError, OSError) as exc:
                self._lost(exc)
            except Exception:  # a fault in one beat never stops the next
                log.exception("group: a beat failed")
            if time.monotonic() >= next_metrics:
                next_metrics = time.monotonic() + METRICS_EVERY
                self.say_metrics()

    def say_metrics(self) -> None:
        s = self.status()
        p99 = (
            "no moves yet"
            if s["p99_ms"] is None
            else f"p99 {s['p99_ms']} ms over the last " + (count(len(self.metrics.took), "move"))
        )
        line = (
            f"skully serve: member {s['id']}: {count(s['rooms'], 'room')}, "
            f"{count(s['players'], 'player')}, {p99}, {s['adopted']} taken up, redis {s['redis']}, "
            f"{count(self.batch.calls, 'write')} in {count(self.batch.batches, 'pipeline')}"
        )
        print(line, flush=True)

    async def _read_group(self) -> None:
        self.others = await self._members()
        listed = await self.redis.hgetall(self.key("open"))
        self.listed = [json.loads(v) for c, v in listed.items() if c not in self.server.rooms]
        self._tell_addresses()

    def addresses(self) -> list[str]:
        """Every member's own address that a client may come back through, this one's first:
        not a member's that is stopping (its rooms go to the others)."""
        return [self.address, *(o["address"] for o in self.others
                                if o.get("address") and not o.get("leaving"))]  # fmt: skip

    def _tell_addresses(self) -> None:
        """The group changed (a member came, went, or is stopping): every person and spectator
        here is sent its addresses anew (`group`), so a table whose server dies comes back
        through the servers there are now, not those there were when it joined."""
        now = self.addresses()
        if now == self.told or self.leaving:
            return
        self.told = now
        word = {"type": "group", "group": now}
        for room in self.server.rooms.values():
            for place in room.places:
                if place.conn is not None:
                    place.conn.send(word)
            self.server.watch.tell(room, word)

    # ---- Redis unreachable, and back -----------------------------------------------------

    def _lost(self, exc: BaseException) -> None:
        if self.healthy:
            log.warning("group: Redis is unreachable (%s): rooms go on here, new rooms refused",
                        exc)  # fmt: skip
            print(f"skully serve: the group's Redis is unreachable: {exc}", flush=True)
            self.healthy = False
            self._tell_hosts(LINK_LOST)

    async def _mended(self) -> None:
        """Redis answers again: every room here is written again whole, then hosts are told."""
        self.written.clear()
        self.healthy = True
        await self.write_all(list(self.server.rooms.values()))
        if self.healthy:
            print("skully serve: the group's Redis answers again", flush=True)
            self._tell_hosts(LINK_BACK)

    def _tell_hosts(self, words: str) -> None:
        for room in self.server.rooms.values():
            conn = room.places[room.host].conn
            if conn is not None:
                conn.send({"type": "refused", "reason": words})

    # ---- write-through -------------------------------------------------------------------

    def note(self, room: Room) -> None:
        """A room changed (seats, a move, its lobby): written soon, in order (never waits)."""
        if not self.healthy or self.released:
            return
        task = self.flushing.get(room.code)
        if task is None or task.done():
            self.flushing[room.code] = asyncio.create_task(self.write(room))

    async def write(self, room: Room) -> None:
        """Write what changed of `room` since its last write: its facts when they changed, its
        new actions (a new game's from the first). Awaited before a move is told to anyone, so
        a move a player saw is in Redis. Never raises: Redis unreachable is noted."""
        if not self.healthy or self.released or self.server.rooms.get(room.code) is not room:
            return
        lock = self.locks.setdefault(room.code, asyncio.Lock())
        async with lock:
            try:
                await self._write_now(room)
            except (RedisError, OSError) as exc:
                self._lost(exc)

    async def _write_now(self, room: Room) -> None:
        done = self.written.setdefault(room.code, Written())
        facts = records.facts(room)
        core = _sans_moves(facts)
        same = core == done.facts  # the move count alone changed (see records)
        games, total = room.games, records.count(room)
        first = done.actions < 0
        start = 0 if (first or games != done.games) else done.actions
        if same and start == total:
            return
        if start == total and not (first or games != done.games):
            start = -1  # the actions are as written: only the facts changed
        new = records.encoded(room, max(start, 0)) if start >= 0 else []
        keys = [self.key("owner"), self.key("room", room.code), self.key("actions", room.code),
                self.key("held", self.me), self.key("addr", room.creator),
                self.key("open")]  # fmt: skip
        # the move count alone is not worth a write
        facts_arg = "" if same else json.dumps(facts, separators=(",", ":"))
        listing = json.dumps(room.listing()) if room.listed and not room.started else ""
        listing_arg = "" if listing == done.listing else (listing or "-")
        chunks = [new[i : i + CHUNK] for i in range(0, len(new), CHUNK)] or [[]]
        at = start
        for n, chunk in enumerate(chunks):
            last = n == len(chunks) - 1  # the creator's count and the listing go with the last
            extras = ["1" if first and last else "", listing_arg if last else ""]
            result = await self.batch.call(room.code, keys, [room.code, self.me, facts_arg, at,
                                                             *extras, *chunk])  # fmt: skip
            if result == -1:
                self._lose(room)
                return
            if result == -2:  # Redis holds fewer actions than this member thought: all again
                self.written.pop(room.code, None)
                return
            facts_arg = ""
            at = (at if at > 0 else 0) + len(chunk)
        done.facts, done.games, done.actions = core, games, total
        done.listing = listing

    async def write_all(self, rooms: list[Room]) -> None:
        """Every room of `rooms` written whole or brought up to date (Redis answers again after
        an outage; a stopping member hands its rooms over): their writes are queued together,
        so they leave in a few pipelines (batch.py) and not one round trip after another, which
        kept 400 rooms waiting on 400 trips in turn. MOST rooms at a time: a thousand rooms
        never hold a thousand writes in the air, and an outage met on the way stops the rest
        (each write notes it and returns)."""
        for i in range(0, len(rooms), MOST):
            if not self.healthy or self.released:
                return
            await asyncio.gather(*(self.write(room) for room in rooms[i : i + MOST]))

    def _lose(self, room: Room) -> None:
        """Another member holds this room now: it goes from here, and its people are sent
        back (their table comes back to the new holder with its token)."""
        log.warning("group: room %s is held by another member now: dropped here", room.code)
        for place in room.places:
            if place.conn is not None:
                place.conn.room = place.conn.seat = None
                place.conn.close_soon("the game moved to another server: joining again", 1012)
                place.conn = None
        if self.server.rooms.get(room.code) is room:
            self.server._drop(room.code)  # its computer players and clock stop here too

    def forget(self, room: Room) -> None:
        """The room is gone here (expired): its record goes from Redis."""
        self.written.pop(room.code, None)
        self.locks.pop(room.code, None)
        if self.healthy:
            self.flushing[room.code] = asyncio.create_task(
                self._forget_safely(room.code, room.creator)
            )

    async def _forget_safely(self, code: str, creator: str) -> None:
        try:
            await self._forget(code, creator)
        except (RedisError, OSError) as exc:
            self._lost(exc)
        finally:
            self.flushing.pop(code, None)

    async def _forget(self, code: str, creator: str) -> None:
        keys = [self.key("owner"), self.key("held", self.me), self.key("room", code),
                self.key("actions", code), self.key("open"), self.key("addr", creator)]  # fmt: skip
        await self._drop(keys, [code, self.me])

    async def _check_held(self) -> None:
        """Rooms here that Redis says another member holds now go (fencing, read each beat)."""
        codes = list(self.server.rooms)
        if not codes:
            return
        owners = await self.redis.hmget(self.key("owner"), codes)
        for code, owner in zip(codes, owners, strict=True):
            room = self.server.rooms.get(code)
            if owner is not None and owner != self.me and room is not None:
                self._lose(room)

    # ---- connections per address, over the group -----------------------------------------

    async def connected(self, address: str) -> str | None:
        """One more connection from `address`, counted over the whole group (a stranger
        cannot open the limit's worth at every member): the refusal in words, or None.
        Redis unreachable: only this server's own count holds (server.py counts it first)."""
        if not self.healthy or self.released:
            return None
        most = self.server.config.limits.connections_per_address
        ids = [self.me, *(o["id"] for o in self.others if o.get("id"))]
        keys = [self.key("conns", i) for i in ids]
        try:
            allowed = await self._connect(keys, [address, most, int(self.config.lease * 1000)])
        except (RedisError, OSError) as exc:
            self._lost(exc)
            return None
        return None if allowed else too_many_connections(most)

    def disconnected(self, address: str) -> None:
        """A connection counted by `connected` closed (never waits; a lost write is mended at
        the next beat, which writes the counts again whole)."""
        if not self.healthy or self.released:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # the server's loop is closing: the counts expire with the lease
            return
        if loop is not self.loop:  # a connection's end collected as garbage
            return  # on another thread's loop: never a task there (the next beat mends it)
        task = loop.create_task(self._uncount(address))
        self.uncounting.add(task)
        task.add_done_callback(self.uncounting.discard)

    async def _uncounted(self) -> None:
        """Connections' ends still being written, awaited a moment before the client closes
        (each is one quick call), the rest cancelled and awaited: none is left pending on a loop
        about to close (a coroutine destroyed unawaited, said as a warning at a test's end)."""
        pending = set(self.uncounting)
        if not pending:
            return
        _, late = await asyncio.wait(pending, timeout=UNCOUNT_WAIT)
        for task in late:
            task.cancel()
        if late:
            await asyncio.wait(late, timeout=UNCOUNT_WAIT)

    async def _uncount(self, address: str) -> None:
        with contextlib.suppress(RedisError, OSError):
            await self._disconnect([self.key("conns", self.me)], [address])

    # ---- routing -------------------------------------------------------------------------

    async def routed(self, conn: Conn, message: dict[str, Any]) -> bool | str:
        """Before a create, join, rejoin or watch is handled here: True when the client was
        sent to the member that holds its room (`moved`); a room whose member died is taken up
        here first. A create is refused (the reason, in one line) while Redis is unreachable, or
        when its address holds too many rooms in the whole group."""
        if message["type"] == "create":
            if not self.healthy:
                return NO_REDIS
            most = self.server.config.limits.rooms_per_address
            try:
                held = await self.redis.scard(self.key("addr", conn.address))
            except (RedisError, OSError) as exc:
                self._lost(exc)
                return NO_REDIS
            if held >= most:
                return too_many_rooms(most)
            return False
        code = typed_code(message["room"])
        presence = None
        for _ in range(2):  # a second look when another member took the room up first
            if code in self.server.rooms:
                await self._settled(code)
                return False
            if not self.healthy:
                return False
            try:
                owner = await self.redis.hget(self.key("owner"), code)
                if owner == self.me and code in self.taking:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self.taking[code].wait(), TAKING_WAIT_S)
                    return False
                if owner is None or owner == self.me:
                    return False
                presence = await self.redis.get(self.key("proc", owner))
                if presence is not None:
                    break
                await self.take_up(code, owner)  # its member is dead: taken up here, now
            except (RedisError, OSError) as exc:
                self._lost(exc)
                return False
        if presence is None:
            return False
        address = json.loads(presence).get("address", "")
        if not address or address == self.address:
            return False
        conn.send({"type": "moved", "version": PROTOCOL, "url": address})
        conn.close_soon("the room is on another server of the group", 1000)
        return True

    async def _settled(self, code: str) -> None:
        """Wait while a move of the room is being written: it is applied but not yet counted
        nor told, and a person seated now would be sent the game a move ahead of its number.
        The server counts and tells it as soon as the write ends, before this goes on."""
        lock = self.locks.get(code)
        if lock is not None and lock.locked():
            async with lock:
                pass

    # ---- taking up a dead member's rooms -------------------------------------------------

    async def _take_up(self) -> None:
        """Rooms of members whose lease ran out are taken up, a few each beat, by whichever
        member's script claims each first."""
        ids = await self.redis.smembers(self.key("members"))
        ids.discard(self.me)
        if not ids:
            return
        order = sorted(ids)
        alive = await self.redis.mget([self.key("proc", i) for i in order])
        budget = ADOPT_EACH_BEAT
        for dead, presence in zip(order, alive, strict=True):
            if presence is not None:
                continue
            codes = sorted(await self.redis.smembers(self.key("held", dead)))
            self.rng.shuffle(codes)  # two members taking up one dead member's rooms meet less
            for code in codes[:budget]:
                await self.take_up(code, dead)
            budget -= min(budget, len(codes))
            if not codes:
                await self.redis.srem(self.key("members"), dead)
            if budget <= 0:
                return

    async def take_up(self, code: str, dead: str) -> Room | None:
        """Claim `code` from the dead member `dead` and rebuild it from its record: its people
        have the room's grace to come back with their tokens, its computer players go on."""
        keys = [self.key("owner"), self.key("held", dead), self.key("held", self.me)]
        if not await self._adopt(keys, [code, dead, self.me]):
            return None
        done = self.taking[code] = asyncio.Event()
        try:
            return await self._rebuild(code, dead)
        finally:
            done.set()
            self.taking.pop(code, None)

    async def _rebuild(self, code: str, dead: str) -> Room | None:
        """The room `code`, just claimed from `dead`, rebuilt here from its record."""
        began = time.monotonic()
        text = await self.redis.get(self.key("room", code))
        kept = await self.redis.lrange(self.key("actions", code), 0, -1)
        server = self.server
        try:
            if text is None:
                raise ValueError("no record")
            room = records.restore(records.Kept(json.loads(text), kept), time.monotonic())
        except Exception:  # a record that does not replay: said, and taken out of the group
            log.exception("group: room %s could not be taken up from its record", code)
            await self._forget(code, "")
            return None
        server.rooms[code] = room
        server.book.created(room.creator)
        self.written[code] = Written(_sans_moves(json.loads(text)), room.games, len(kept), "")
        self.adopted += 1
        print(
            f"skully serve: took up room {code} of {dead} ({len(kept)} actions) in "
            f"{1000 * (time.monotonic() - began):.0f} ms",
            flush=True,
        )
        if room.game is not None:
            server._wind_clock(room)
            server._drive(room)
        self.note(room)
        return room

    # ---- open rooms ----------------------------------------------------------------------

    def open_rooms(self, here: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """This member's open rooms and the group's (as read at the last beat)."""
        shown = {r["room"] for r in here}
        return here + [r for r in self.listed if r["room"] not in shown]
