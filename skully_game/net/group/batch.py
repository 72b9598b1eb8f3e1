"""The rooms' writes of one turn of the event loop sent to Redis together, in one pipeline.

Each move used to be one round trip of its own through the client (a connection taken from the
pool, the command packed, sent, its answer read, the connection given back): about a fifth of
a busy group worker's loop at 200 rooms (bench_server). Moves of many rooms land in the same
turn of the loop, so their writes are queued and sent as one pipeline (not a transaction: each
room's script is atomic on its own, and the rooms share nothing a transaction would guard).

The guarantee is the one a single write gave: `call` returns only once Redis has answered that
room's script, so a move is in Redis before anyone is told of it, and a room taken over after
this process dies replays every move a player saw. Only the answer comes back with those of the
other rooms in its batch; one room's answer (its fencing: -1, held by another member) is its
own. A batch leaves at the next turn of the loop without waiting for the one before to be
answered (each on a connection of its own, from the pool): a loaded machine's round trip is
its scheduling delay, and a write that waited for the batch before its own paid two of them
(the p50 at 300 rooms doubled under load when one batch at a time was in flight)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import NoScriptError

MOST = 256  # writes in one pipeline at most (a burst goes in several, one after the other)
STOP_WAIT = 1.0  # seconds a stopping member waits for its batch under way to end


@dataclass
class Queued:
    """One room's script call waiting for its batch, and where its answer goes."""

    args: tuple[Any, ...]  # keys then arguments, as EVALSHA takes them after its key count
    keys: int
    answer: asyncio.Future[Any] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )


class Batcher:
    """Calls of one Lua script (by its digest, loaded when the member joined), gathered per turn
    of the loop and sent in one pipeline; a script Redis lost (a restart) is loaded again."""

    def __init__(self, redis: aioredis.Redis, script: str, sha: str) -> None:
        self.redis = redis
        self.script = script
        self.sha = sha
        self.waiting: list[Queued] = []  # queued in this turn of the loop
        self.sending: set[asyncio.Task[None]] = set()  # batches under way
        self.due = False  # a batch leaves at the next turn (its task is made)
        # each room's last write sent, until answered: the room's next write waits for it even
        # when its caller gave up (cancelled), so two writes of a room never race in Redis
        self.last: dict[str, asyncio.Future[Any]] = {}
        self.batches = 0  # pipelines sent (the tests read how many calls shared one)
        self.calls = 0

    async def call(self, room: str, keys: list[str], args: list[Any]) -> Any:
        """The script's answer for this call of `room`, once Redis has run it (raises what the
        client raised for its batch: Redis unreachable). A caller cancelled meanwhile leaves
        the write to end: the room's next one goes after it."""
        before = self.last.get(room)
        if before is not None and not before.done():
            await asyncio.wait({before})
        queued = Queued((*keys, *args), len(keys))
        self.last[room] = queued.answer
        queued.answer.add_done_callback(lambda done: self._answered(room, done))
        self.waiting.append(queued)
        if not self.due:
            self._next()
        return await asyncio.shield(queued.answer)

    def _answered(self, room: str, answer: asyncio.Future[Any]) -> None:
        if self.last.get(room) is answer:
            del self.last[room]
        if not answer.cancelled():
            answer.exception()  # read: a write whose caller gave up has no one else to say it

    def _next(self) -> None:
        """A batch leaves at the next turn: a task's first step runs then, so every write queued
        in this turn joins it."""
        self.due = True
        task = asyncio.create_task(self._send())
        self.sending.add(task)
        task.add_done_callback(self.sending.discard)

    async def stop(self) -> None:
        """The member stops: the batches under way end (their callers are cancelled), and the
        writes not yet sent are not sent."""
        tasks = set(self.sending)
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.wait(tasks, timeout=STOP_WAIT)
        for queued in self.waiting:
            if not queued.answer.done():
                queued.answer.cancel()
        self.waiting = []

    async def _send(self) -> None:
        """This turn's writes (MOST at most: the rest leave at the next turn)."""
        self.due = False
        batch, self.waiting = self.waiting[:MOST], self.waiting[MOST:]
        if self.waiting:
            self._next()
        if not batch:  # (the member stopped meanwhile)
            return
        try:
            await self._one(batch)
        finally:  # cancelled (the member stops): nobody waits for an answer forever
            for queued in batch:
                if not queued.answer.done():
                    queued.answer.cancel()

    async def _one(self, batch: list[Queued]) -> None:
        try:
            answers = await self._pipeline(batch)
            lost = [i for i, a in enumerate(answers) if isinstance(a, NoScriptError)]
            if lost:  # Redis restarted and forgot the script: loaded again, those sent again
                self.sha = await self.redis.script_load(self.script)
                again = await self._pipeline([batch[i] for i in lost])
                for i, answer in zip(lost, again, strict=True):
                    answers[i] = answer
        except BaseException as exc:
            for queued in batch:
                if not queued.answer.done():
                    if isinstance(exc, asyncio.CancelledError):
                        queued.answer.cancel()
                    else:
                        queued.answer.set_exception(exc)
            if isinstance(exc, Exception):
                return  # each caller has its batch's error: Redis unreachable is theirs to say
            raise
        for queued, answer in zip(batch, answers, strict=True):
            if queued.answer.done():  # its caller was cancelled meanwhile
                continue
            if isinstance(answer, Exception):
                queued.answer.set_exception(answer)
            else:
                queued.answer.set_result(answer)

    async def _pipeline(self, batch: list[Queued]) -> list[Any]:
        self.batches += 1
        self.calls += len(batch)
        async with self.redis.pipeline(transaction=False) as pipe:
            for queued in batch:
                pipe.evalsha(self.sha, queued.keys, *queued.args)
            return list(await pipe.execute(raise_on_error=False))
