"""`skully serve --status --redis URL`: what an operator watches, read from the group's Redis:
each live member's rooms, players, moves and p99 move time, and the rooms taken up from dead
members; members whose lease ran out are said to be gone."""

from __future__ import annotations

import json
from typing import Any

import redis
from redis.exceptions import RedisError

from skully_game.net.group.member import REDIS_WAIT, count


def read_status(url: str, prefix: str = "skully:") -> dict[str, Any]:
    """The group as Redis holds it now (ConnectionError in one line if it cannot be read)."""
    client = redis.Redis.from_url(
        url, decode_responses=True, socket_timeout=REDIS_WAIT, socket_connect_timeout=REDIS_WAIT
    )
    try:
        ids = sorted(client.smembers(prefix + "members"))
        values = client.mget([prefix + "proc:" + i for i in ids]) if ids else []
        rooms = client.hlen(prefix + "owner")
        listed = client.hlen(prefix + "open")
    except (RedisError, OSError) as exc:
        raise ConnectionError(f"cannot read the group's Redis at {url}: {exc}") from None
    finally:
        client.close()
    members = [json.loads(v) for v in values if v is not None]
    gone = [i for i, v in zip(ids, values, strict=True) if v is None]
    return {"members": members, "gone": gone, "rooms": rooms, "open_rooms": listed}


def status_lines(status: dict[str, Any]) -> list[str]:
    members = status["members"]
    lines = [
        f"{count(len(members), 'server')} in the group, {count(status['rooms'], 'room')} "
        f"({count(status['open_rooms'], 'open lobby').replace('lobbys', 'lobbies')})"
    ]
    for m in members:
        p99 = "p99: no moves yet" if m["p99_ms"] is None else f"p99 {m['p99_ms']} ms"
        lines.append(
            f"  {m['address']:28} {count(m['rooms'], 'room'):>10} "
            f"{count(m['players'], 'player'):>12}  {p99}, {count(m['moves'], 'move')}, "
            f"{m['adopted']} taken up, redis {m['redis']}  ({m['id']})"
        )
    for gone in status["gone"]:
        lines.append(f"  {gone}: gone (its lease ran out; its rooms are being taken up)")
    return lines
