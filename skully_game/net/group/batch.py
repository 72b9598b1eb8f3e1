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
own. One batch is in flight at a time: the writes that arrive meanwhile wait for it and go in
the next, so a burst costs a round trip or two, not one per room."""

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
        self.waiting: list[Queued] = []
        self.task: asyncio.Task[None] | None = None
        self.batches = 0  # pipelines sent (the tests read how many calls shared one)
        self.calls = 0

    async def call(self, keys: list[str], args: list[Any]) -> Any:
        """The script's answer for this call, once Redis has run it (raises what the client
        raised for its batch: Redis unreachable)."""
        queued = Queued((*keys, *args), len(keys))
        self.waiting.append(queued)
        if self.task is None or self.task.done():
            # its first step runs in the loop's next turn: every write queued in this one joins
            self.task = asyncio.create_task(self._send())
        return await queued.answer

    async def stop(self) -> None:
        """The member stops: a batch under way ends (its callers are cancelled), none follows."""
        task, self.task = self.task, None
        if task is not None and not task.done():
            task.cancel()
            await asyncio.wait({task}, timeout=STOP_WAIT)

    async def _send(self) -> None:
        """Batch after batch while writes wait (each batch takes at least one of them)."""
        batch: list[Queued] = []
        try:
            while self.waiting:
                batch, self.waiting = self.waiting[:MOST], self.waiting[MOST:]
                await self._one(batch)
                batch = []
        finally:  # cancelled (the member stops): nobody waits for an answer forever
            for queued in [*batch, *self.waiting]:
                if not queued.answer.done():
                    queued.answer.cancel()
            self.waiting = []

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
