"""A client that misbehaves in every way the server must survive, for the tests and
tools/net_check.py: frames that are not JSON, not objects, of unknown types, with missing, extra
or wrong fields, the wrong version, far too big, a flood, someone else's token, and moves out of
turn or against the rules. Each bad frame must close only its own connection, with a reason."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from skully_game.net import PROTOCOL
from skully_game.net.client import Client, NetError
from skully_game.net.protocol import MAX_MESSAGE

# Frames refused on arrival: each closes the connection that sent it.
BAD_FRAMES: list[str | bytes] = [
    "not json at all",
    b"\xff\xfe\x00 not utf-8",
    "[1, 2, 3]",
    '{"type": "act"}',
    json.dumps({"type": "teleport", "version": PROTOCOL}),
    json.dumps({"type": "start", "version": PROTOCOL + 1, "token": "x"}),
    json.dumps({"type": "act", "version": PROTOCOL, "token": "x", "action": "A", "extra": 1}),
    json.dumps({"type": "act", "version": PROTOCOL, "token": "x", "action": {"kind": "nuke"}}),
    json.dumps(
        {
            "type": "act",
            "version": PROTOCOL,
            "token": "x",
            "action": {"kind": "shot", "angle": "NaN", "speed": 1},
        }
    ),
    '{"type": "act", "version": 1, "token": "x", "action": {"kind": "shot", "angle": NaN, "speed": 1}}',
    "[" * 100_00 + "]" * 100_00,
    json.dumps({"type": "join", "version": PROTOCOL, "name": "\x00evil", "room": "AAAAA"}),
    json.dumps(
        {
            "type": "create",
            "version": PROTOCOL,
            "name": "Eve",
            "game": "chess",
            "seats": [],
            "program": "x",
        }
    ),
    "x" * (MAX_MESSAGE + 1),
]


@dataclass
class Hostility:
    """What the hostile client did and what came back."""

    messages: int = 0
    closed: int = 0  # connections the server closed for a bad message
    refused: int = 0  # moves refused with a reason (the connection kept)
    reasons: list[str] = field(default_factory=list)


def _closed(client: Client) -> dict[str, Any] | None:
    try:
        return client.wait_for("closed", 5)
    except NetError as exc:  # closed with a reason first: wait_for says it
        return {"reason": str(exc)}


def attack(url: str, flood: int = 300) -> Hostility:
    """Create a room of one's own (Eve and a computer player), start it, then misbehave."""
    done = Hostility()
    eve = Client(url).connect()
    eve.create("Eve", "skull", [{"kind": "me"}, {"kind": "computer", "level": "random"}])
    joined = eve.wait_for("joined")
    room, token = joined["room"], joined["token"]
    eve.start()
    update = eve.wait_for("update")
    # moves out of turn, against the rules, of the wrong kind: refused, the connection kept
    for action in ("PLACE:ZZ", "BID:99", "FLIP:7", {"kind": "keep", "keep": True}, "PASS") * 4:
        eve.act(action)
        done.messages += 1
    eve.send({"type": "computer", "seat": 1, "level": "random"})  # not an absent person's seat
    eve.send({"type": "record"})  # the game is not over
    done.messages += 2
    for message in _drain(eve, 2.0):
        if message["type"] == "refused":
            done.refused += 1
            done.reasons.append(message["reason"])
    del update
    # frames refused on arrival: each closes its connection; Eve comes back with her token
    for frame in BAD_FRAMES:
        eve.close()
        eve = Client(url).connect()
        eve.rejoin(room, token)
        eve.wait_for("joined")
        eve.send_raw(frame)
        done.messages += 1
        closed = _closed(eve)
        if closed is not None:
            done.closed += 1
            done.reasons.append(closed["reason"])
    # someone else's token, and a flood
    eve.close()
    for frames in ([_act("not-my-token")], [_act(token)] * flood):
        eve = Client(url).connect()
        eve.rejoin(room, token)
        eve.wait_for("joined")
        for frame in frames:
            eve.send_raw(frame)
            done.messages += 1
        closed = _closed(eve)
        if closed is not None:
            done.closed += 1
            done.reasons.append(closed["reason"])
        eve.close()
    return done


def _act(token: str) -> str:
    return json.dumps({"type": "act", "version": PROTOCOL, "token": token, "action": "PASS"})


def _drain(client: Client, seconds: float) -> list[dict[str, Any]]:
    import time

    end = time.monotonic() + seconds
    out = []
    while time.monotonic() < end:
        out += client.poll()
        if sum(m["type"] == "refused" for m in out) >= 22:
            break
        time.sleep(0.01)
    return out
