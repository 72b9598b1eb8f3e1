"""A group of servers proven on the loopback address (issues 43 and 44): a private redis-server and
two `skully serve --redis` workers sharing one port; for every game, Anne opens a room on one
worker and Bea reaches it through the other (sent to the room's worker), a computer player sits
third, and Cy watches as a spectator (also sent there from the other worker); mid-game the room's
worker is killed with SIGKILL, the other takes the room up from its record in Redis, both come
back with their seat tokens through the group's port, Cy watches again, and they play to the end.
The killed worker is started again before the next game (as `skully serve --workers` does).
Last, one more game (Skull) whose worker is stopped gracefully with SIGTERM instead: it hands its
room over at once, and the people and Cy follow to the other worker by themselves.

    python tools/group_check.py [--games skully skull ...] [--seed 1] [--kill-after 6]

Per game: `finished`; `lost_actions`, the actions the people had been shown before the kill
that the finished game's record lacks (Skully: the actions the people's clients had rebuilt,
compared one by one with the record's); `leaks`, the wire spy over every frame either person
and the spectator received, before and after the takeover (another seat's hidden cards, the
seed; for the spectator, anything not every seat knows alike). `takeover_s` is the longest time
from the SIGKILL until both people were seated again and sent the game; `handover_s` the time
from the SIGTERM until they were (the room playable again), with no retry of their own.
`spectator_frames` counts the frames Cy received over every game, `spectator_leaks` what the
spy found in them.

Prints a line per game and, last, one JSON line:
{"games": {GAME: {"finished": true, "lost_actions": 0, "leaks": 0}, ...}, "takeover_s": S,
 "handover": {"finished": true, "lost_actions": 0, "leaks": 0}, "handover_s": S,
 "spectator_frames": N, "spectator_leaks": 0}
Exits 1 if a game did not finish, lost an action or leaked, or the hand-over did not take the
people along by themselves. Every wait is bounded; saves go to a temporary folder.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cards import registry

GAMES = ["skully", *(info.key for info in registry.GAMES if info.table)]


@dataclass
class Outcome:
    """One game of the check: its figures, the time from the signal until both people were
    seated again and sent the game, whether the guest was sent to the room's worker, whether
    everyone followed a hand-over by themselves, and what the spectator received."""

    result: dict[str, Any]
    took: float
    moved: bool
    followed: bool
    watched: int
    seen_leaks: int


def one_game(  # type: ignore[no-untyped-def]
    game: str, owner, other, shared: int, seed: int, kill_after: int, stop: int = signal.SIGKILL
) -> Outcome:
    from skully_game.net.client import Client
    from skully_game.net.group.takeover import come_back, watch_back
    from skully_game.net.scripted import COMPUTER, ScriptedPerson, record_shown, run
    from skully_game.net.spy import Tap, card_leaks, seed_leaks

    taps = [Tap(0), Tap(1)]
    eye = Tap(None)  # Cy's frames: a spectator's, held against what every seat knows alike
    host = Client(owner.url, on_frame=taps[0]).connect()
    seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "computer", "level": COMPUTER[game]}]
    host.create("Anne", game, seats)
    room = host.wait_for("joined")["room"]
    guest = Client(other.url, on_frame=taps[1]).connect()  # the other worker: sent to the room's
    guest.join("Bea", room)
    guest.wait_for("joined")
    moved = guest.url == owner.url
    cy = Client(other.url, on_frame=eye).connect()  # a spectator, sent to the room's worker too
    cy.watch("Cy", room)
    cy.wait_for("watching")
    moved = moved and cy.url == owner.url
    people = [
        ScriptedPerson(host, random.Random(seed)),
        ScriptedPerson(guest, random.Random(seed + 1)),
    ]
    host.start()

    def shown() -> int:
        return max((p.last["move"] for p in people if p.last), default=0)

    run(people, lambda: shown() >= kill_after or any(p.over for p in people), 60)
    seen = shown() - 1  # the start is move 1: the actions the people were shown
    before = [len(t.frames) for t in taps]  # the frames each person had before the kill
    mirror = next((list(p.mirror.actions) for p in people if p.mirror is not None), None)
    killed = time.monotonic()
    owner.proc.send_signal(stop)
    urls = [f"ws://127.0.0.1:{shared}", other.url]
    followed = False
    if stop != signal.SIGKILL:  # handed over: everyone follows by themselves, nobody retries
        followed = run(people, lambda: all(p.syncs > 0 for p in people), 10)
    with contextlib.suppress(subprocess.TimeoutExpired):
        owner.proc.wait(15)
    if not followed:
        back = [come_back(p, urls, 20, on_frame=taps[i]) for i, p in enumerate(people)]
        ok = all(b is not None for b in back)
        people = [b for b in back if b is not None]
        ok = ok and run(people, lambda: all(p.syncs > 0 for p in people), 10)
    else:
        ok = True
    takeover = time.monotonic() - killed
    if not followed:
        again = watch_back(cy, urls, 20, on_frame=eye)
        if again is not None:
            cy = again
    finished = ok and run(people, lambda: all(p.over for p in people), 120)
    record: dict = {}
    if finished:
        people[0].client.ask_record()
        record = people[0].client.wait_for("record", 10)["record"]
        record_shown(eye, 10)
    for p in people:
        p.client.close()
    cy.close()
    if not record:
        failed = {"finished": False, "lost_actions": None, "leaks": None}
        return Outcome(failed, takeover, moved, followed, len(eye.frames), 0)
    actions = record["actions"] if game == "skully" else record["game"]["actions"]
    lost = max(0, seen - len(actions))
    if game != "skully":  # what each person was told before the kill is the record's own
        lost = max(lost, seen - kept_actions(taps, before, record, game))
    if mirror is not None:  # Skully: every action a client rebuilt is the record's own
        lost = max(
            lost, sum(1 for i, a in enumerate(mirror) if i >= len(actions) or actions[i] != a)
        )
    seed_value = record["seed"] if game == "skully" else record["game"]["seed"]
    found = [] if game == "skully" else card_leaks(taps, record, game)
    seen_by_cy = [] if game == "skully" else card_leaks([eye], record, game)
    for leak in (found + seen_by_cy)[:3]:
        print(f"  leak: {leak}", flush=True)
    if (found or seen_by_cy) and os.environ.get("GROUP_CHECK_DUMP"):
        Path(os.environ["GROUP_CHECK_DUMP"]).write_text(
            json.dumps({"taps": [t.frames for t in taps], "record": record, "seen": seen})
        )
    cy_leaks = seed_leaks([eye], seed_value) + len(seen_by_cy)
    leaks = seed_leaks(taps, seed_value) + len(found) + cy_leaks
    result = {"finished": True, "lost_actions": lost, "leaks": leaks}
    return Outcome(result, takeover, moved, followed, len(eye.frames), cy_leaks)


def kept_actions(taps, before: list[int], record: dict, game: str) -> int:  # type: ignore[no-untyped-def]
    """How many of the record's first actions match every event each person was sent before
    the kill: the finished game replayed, each seat's events as the server sends them
    (`visible`, on the wire), held against the events in the updates it had received."""
    from cards.events import visible
    from skully_game.net.wire import to_wire

    entry = registry.game(game).entry()
    kept = record["game"]
    options = entry.state.OPTIONS.from_dict(dict(kept["options"]))
    state = entry.new_state(options, kept["seed"])
    state.listen()
    told = []
    for tap, count in zip(taps, before, strict=True):
        got = []
        for text in tap.frames[:count]:
            data = json.loads(text)
            if data.get("type") == "update":
                got += data.get("events", [])
        told.append(got)
    for applied, action in enumerate([None, *kept["actions"]]):
        if action is not None:
            state.apply_action(action)
        for tap, got in zip(taps, told, strict=True):
            want = json.loads(json.dumps(to_wire(visible(state.events, tap.seat))))
            if want[: len(got)] != got[: len(want)]:
                return max(0, applied - 1)  # the action before this one was the last kept
    return len(kept["actions"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", choices=GAMES, default=GAMES)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kill-after", type=int, default=6, help="moves shown before the kill")
    args = parser.parse_args(argv)
    os.environ["SKULLY_DATA_DIR"] = tempfile.mkdtemp(prefix="skully-group-check-")

    from skully_game.net.group.redisproc import RedisProcess, free_port
    from skully_game.net.group.takeover import start_worker

    games: dict[str, dict[str, object]] = {}
    slowest = 0.0
    watched = cy_leaks = 0
    handover: dict[str, object] = {}
    handover_s = None
    followed = False
    with RedisProcess() as store:
        shared = free_port()
        workers = [start_worker(store.url, shared), start_worker(store.url, shared)]
        try:
            rounds = [(g, signal.SIGKILL) for g in args.games] + [("skull", signal.SIGTERM)]
            for i, (game, stop) in enumerate(rounds):
                owner, other = workers[i % 2], workers[1 - i % 2]
                began = time.monotonic()
                out = one_game(game, owner, other, shared, args.seed, args.kill_after, stop)
                watched += out.watched
                cy_leaks += out.seen_leaks
                result = out.result
                if stop == signal.SIGKILL:
                    games[game] = result
                    slowest = max(slowest, out.took)
                    how = "SIGKILL: taken up and back in"
                else:
                    handover, handover_s, followed = result, out.took, out.followed
                    how = f"SIGTERM: followed by themselves {out.followed}, playable again in"
                print(
                    f"{game:10} finished={result['finished']} lost_actions={result['lost_actions']} "
                    f"leaks={result['leaks']} {how} {out.took:.2f} s; the guest and the "
                    f"spectator were sent to the room's worker: {out.moved}; the spectator had "
                    f"{out.watched} frames ({time.monotonic() - began:.1f} s)",
                    flush=True,
                )
                if stop != signal.SIGKILL and not out.followed:  # all it said, to see why
                    for said in owner.said:
                        print(f"  worker {owner.port}: {said}", flush=True)
                for w in workers:
                    for said in w.said:
                        if "unreachable" in said or "took up" in said or "handed" in said:
                            print(f"  worker {w.port}: {said}", flush=True)
                    w.said.clear()
                workers[i % 2] = start_worker(store.url, shared)  # started again, as --workers does
        finally:
            for w in workers:
                w.stop()
    line = {
        "games": games,
        "takeover_s": round(slowest, 2),
        "handover": handover,
        "handover_s": None if handover_s is None else round(handover_s, 2),
        "spectator_frames": watched,
        "spectator_leaks": cy_leaks,
    }
    print(json.dumps(line))
    ok = all(g["finished"] and g["lost_actions"] == 0 and g["leaks"] == 0 for g in games.values())
    ok = ok and bool(handover.get("finished")) and handover.get("lost_actions") == 0
    ok = ok and handover.get("leaks") == 0 and followed and cy_leaks == 0 and watched > 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
