"""How many rooms one server process carries: `skully serve` in its own process on the loopback
address, and one person per room (a scripted client picking a random legal move the moment its
turn comes) beside two computer players, in 1, 50 and 200 rooms at once. Each level runs for a
bounded time; a room whose game ends is replaced by a new one.

    python tools/bench_server.py [--rooms 1 50 200] [--seconds 10] [--game skull-king] [--pace 0.25]
                                 [--gc tuned|default|both] [--workers N [--redis URL]]
                                 [--profile DIR]

The computer players move at the server's pace (`skully serve --pace`, 0.25 s by default: the
table's fast pace, so each move can be shown); `--pace 0` runs them flat out, which measures how
many moves one process can apply at most.

Prints, per level: moves applied per second (every seat's) and the person's latency from sending
a move to receiving its echo (the server's update after it): median, p99 and worst, in ms, after
the first second (when every room is created at once; its worst echo is given apart), and the
machine's load average as the level ends (the clients share the machine with the server, and
the p99 follows the load: read it beside it); last, one JSON line with the same figures. Saves go to a temporary folder (the server saves every game
after every move, as it does in use).

What one move costs the server: the seat's view (glanced, read once), the events and log lines
since its last update (a log is never sent whole twice), one JSON encoding per connection
(each seat's frame is its own), and a record written at most every half second per room in a
worker thread. Computer players that answer in microseconds think on the loop; any that ever
takes longer than QUICK_THOUGHT thinks in a worker thread, so a search never stalls other rooms.

The server's garbage collector: `skully serve` freezes what start-up made out of every later
collection and collects young objects in larger batches (net/server.py `tune_gc`), since a full
collection walks every live object of every room and was the p99 at 200 rooms. `--gc both`
measures Python's own settings and the server's one after the other at each level, each in a
fresh server process, so the two are compared under the same load.

A group that outgrows one server splits by room: `skully serve --workers N` (or one `skully serve
--redis URL` per process, on any machines) runs a group of processes that share a Redis
(net/group/). `--workers N [--redis URL]` measures such a group at each level of `--rooms`
spread over its workers, then one worker of a group with the largest level's rooms, in the same
run (`--group-only` leaves it out); last, one JSON line: {"workers", "rooms", "moves_per_s",
"p50_ms", "p99_ms", "max_ms", "errors", "load_average", "worker_cpu_s", "cpu_ms_per_move",
"rooms_per_worker", ..., "levels": [the smaller levels], "one_worker": {the same for one
worker}}. Each worker's CPU seconds over the level say what it cost apart from the machine's
load (the clients' own CPU is printed too), and each worker's last metrics line says how many
writes it sent in how many pipelines. `--profile DIR` samples each worker with py-spy for the
level and prints the functions its samples fell in (own and inclusive); py-spy samples wall
time, so a send to a socket that wakes another process weighs more there than in CPU. Each move is written to Redis
before it is told, so these figures include the write-through. One process uses one core
(Python's lock): run as many as there are cores.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from skully_game import __version__
from skully_game.net import PROTOCOL
from skully_game.net.protocol import MAX_SERVER_MESSAGE

ROOT = Path(__file__).resolve().parent.parent
WARM_UP = 1.0  # seconds at the start (every room created at once) whose echoes count apart


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Tally:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.moves = 0  # moves applied in all rooms (every seat's), counted from the updates
        self.games = 0
        self.warm = 0.0  # echoes before this moment (every room being created) count apart
        self.early: list[float] = []
        self.errors: list[str] = []


async def one_room(url: str, game: str, tally: Tally, end: float, rng: random.Random) -> None:
    """One person's seat, room after room, until `end` (a room refused or closed is counted
    among the errors, and another is opened)."""
    while time.monotonic() < end:
        try:
            await _room(url, game, tally, end, rng)
        except ConnectionClosed as exc:
            tally.errors.append(str(exc))
            await asyncio.sleep(0.5)


async def _room(url: str, game: str, tally: Tally, end: float, rng: random.Random) -> None:
    if time.monotonic() < end:
        async with connect(url, max_size=MAX_SERVER_MESSAGE, compression=None, proxy=None) as ws:
            seats = [{"kind": "me"}] + [{"kind": "computer", "level": "random"}] * 2
            await ws.send(
                json.dumps(
                    {
                        "type": "create",
                        "version": PROTOCOL,
                        "program": __version__,
                        "name": "Bench",
                        "game": game,
                        "seats": seats,
                    }
                )
            )
            token = None
            seen = 0
            sent_at: float | None = None
            async for frame in ws:
                message = json.loads(frame)
                kind = message["type"]
                if kind == "joined":
                    token = message["token"]
                    await ws.send(
                        json.dumps({"type": "start", "version": PROTOCOL, "token": token})
                    )
                elif kind == "update":
                    move = message["move"]
                    if sent_at is not None and move > seen:
                        lag = time.perf_counter() - sent_at
                        (tally.latencies if time.monotonic() > tally.warm else tally.early).append(
                            lag
                        )
                        sent_at = None
                    tally.moves += max(0, move - seen)
                    seen = max(seen, move)
                    if message["over"]:
                        tally.games += 1
                        break
                    if time.monotonic() >= end:
                        return
                    if message["actor"] == message["seat"] and message.get("legal"):
                        action = rng.choice(message["legal"])
                        sent_at = time.perf_counter()
                        await ws.send(
                            json.dumps(
                                {
                                    "type": "act",
                                    "version": PROTOCOL,
                                    "token": token,
                                    "action": action,
                                }
                            )
                        )
                elif kind in ("refused", "error"):
                    tally.errors.append(message["reason"])


async def level(url: str | list[str], rooms: int, seconds: float, game: str) -> dict[str, float]:
    tally = Tally()
    began = time.monotonic()
    tally.warm = began + WARM_UP
    end = began + seconds
    urls = [url] if isinstance(url, str) else url  # a group's workers: rooms spread over them
    tasks = [one_room(urls[i % len(urls)], game, tally, end, random.Random(i))
             for i in range(rooms)]  # fmt: skip
    await asyncio.wait_for(asyncio.gather(*tasks), seconds + 30)
    wall = time.monotonic() - began
    lat = sorted(tally.latencies)
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] if lat else float("nan")
    return {
        "rooms": rooms,
        "seconds": round(wall, 1),
        "moves": tally.moves,
        "moves_per_s": round(tally.moves / wall, 1),
        "echoes": len(lat),
        "median_ms": round(1000 * statistics.median(lat), 2) if lat else None,
        "p50_ms": round(1000 * statistics.median(lat), 2) if lat else None,
        "p99_ms": round(1000 * p99, 2) if lat else None,
        "max_ms": round(1000 * lat[-1], 2) if lat else None,
        "warm_up_worst_ms": round(1000 * max(tally.early), 2) if tally.early else None,
        "games_finished": tally.games,
        "errors": len(tally.errors),
        # what the refusals and closes said, the most frequent first (a group's lost rooms
        # read "the game moved to another server", an exhausted pool "No connection available")
        "error_reasons": [f"{n} x {why[:60]}" for why, n in Counter(tally.errors).most_common(3)],
        "load_average": round(os.getloadavg()[0], 2),  # the machine's, as the level ends
    }


def start_server(pace: float, collector: str) -> tuple[subprocess.Popen[str], str] | None:
    """`skully serve` in its own process on a free loopback port, its garbage collector as
    `collector` says ("tuned": the server's own settings; "default": Python's); None if it did
    not start."""
    port = free_port()
    env = dict(os.environ, SKULLY_DATA_DIR=tempfile.mkdtemp(prefix="skully-bench-server-"))
    env["SKULLY_GC"] = collector
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "skully_game",
            "serve",
            "--port",
            str(port),
            "--pace",
            str(pace),
            "--rooms-per-address",
            "1000",
            "--connections-per-address",
            "2000",
        ],  # one address here
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None
    if "listening" not in server.stdout.readline():
        server.terminate()
        server.wait(10)
        return None
    return server, f"ws://127.0.0.1:{port}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", nargs="+", type=int, default=[1, 50, 200])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--game", default="skull-king")
    parser.add_argument(
        "--pace",
        type=float,
        default=0.25,
        help="the server's least seconds between moves of a computer player (0: flat out)",
    )
    parser.add_argument(
        "--gc",
        choices=("tuned", "default", "both"),
        default="tuned",
        help="the server's garbage collector: its own settings (tuned), Python's (default), "
        "or both, one after the other at each level, each in a fresh server",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="a group of N `skully serve --redis` workers (rooms spread over them), measured "
        "beside one worker of the same group with the same rooms, in the same run",
    )
    parser.add_argument("--redis", default="", help="the group's Redis (default: a private one)")
    parser.add_argument(
        "--group-only",
        action="store_true",
        help="with --workers: leave out the one worker measured at the largest level",
    )
    parser.add_argument(
        "--profile",
        default="",
        help="with --workers: sample each worker with py-spy over each level, its stacks "
        "written to this folder (py-spy installed beside this Python)",
    )
    args = parser.parse_args(argv)
    if args.workers > 1 or args.redis:
        return group_bench(args)
    if any(not 1 <= r <= 500 for r in args.rooms) or not 1 <= args.seconds <= 120:
        parser.error("rooms 1 to 500, seconds 1 to 120")
    collectors = ["default", "tuned"] if args.gc == "both" else [args.gc]
    results = []
    for rooms in args.rooms:
        for collector in collectors:
            started = start_server(args.pace, collector)
            if started is None:
                print("bench_server: the server did not start", file=sys.stderr)
                return 1
            server, url = started
            try:
                result = asyncio.run(level(url, rooms, args.seconds, args.game))
            finally:
                server.terminate()
                server.wait(10)
            result["gc"] = collector
            results.append(result)
            print(
                f"{rooms:4d} rooms, gc {collector:7s}: {result['moves_per_s']:8.1f} moves/s, "
                f"echo median {result['median_ms']} ms, p99 {result['p99_ms']} ms, worst "
                f"{result['max_ms']} ms ({result['echoes']} echoes, {result['games_finished']} "
                f"games finished, {result['errors']} refusals; load average "
                f"{result['load_average']})",
                flush=True,
            )
    print(json.dumps({"game": args.game, "pace": args.pace, "levels": results}))
    return 0


def cpu_seconds(pid: int) -> float | None:
    """A process's CPU time so far (user and system, from /proc), None where there is no
    /proc: beside a loaded machine's latency, what each worker itself cost."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def group_level(redis: str, count: int, rooms: int, args: argparse.Namespace) -> dict[str, Any]:
    """`count` workers of one group carrying `rooms` rooms for `args.seconds`: the level's
    figures, with each worker's CPU seconds (and per 1,000 moves) and the clients' own."""
    from skully_game.net.group.takeover import start_worker

    # every client is 127.0.0.1, and the group counts an address's rooms across levels (the
    # last level's rooms are still listed while they expire): 942 of a 400-room level were
    # refused as "you already have 500 rooms open" after a 300-room one
    extra = ("--pace", str(args.pace), "--rooms-per-address", "5000")
    workers = [start_worker(redis, 0, extra) for _ in range(count)]
    spies: list[subprocess.Popen[bytes]] = []
    try:
        if args.profile:
            spies = [profile(w.proc.pid, rooms, i, args) for i, w in enumerate(workers)]
        began = [cpu_seconds(w.proc.pid) for w in workers]
        clients = time.process_time()
        result: dict[str, Any] = dict(
            asyncio.run(level([w.url for w in workers], rooms, args.seconds, args.game))
        )
        clients = time.process_time() - clients
        ended = [cpu_seconds(w.proc.pid) for w in workers]
    finally:
        for spy in spies:
            with contextlib.suppress(subprocess.TimeoutExpired):
                spy.wait(args.seconds + 30)
        for w in workers:
            w.stop()
    for w in workers:  # each worker's last metrics line: its writes and the pipelines they took
        said = [line for line in w.said if " member " in line]
        if said:
            print(f"  {said[-1]}", flush=True)
    for i in range(len(spies)):
        out = Path(args.profile) / f"workers-{args.workers}-rooms-{rooms}-worker-{i}.txt"
        if out.exists():
            print("\n".join(profile_summary(out)), flush=True)
    used = [
        round(e - b, 2)
        for b, e in zip(began, ended, strict=True)
        if b is not None and e is not None
    ]
    result["workers"] = count
    result["worker_cpu_s"] = used
    moves = result["moves"] or 1
    result["cpu_ms_per_move"] = round(1000 * sum(used) / moves, 3) if used else None
    result["client_cpu_s"] = round(clients, 2)
    print(
        f"{count} worker(s), {rooms} rooms: {result['moves_per_s']} moves/s, echo p50 "
        f"{result['p50_ms']} ms, p99 {result['p99_ms']} ms, worst {result['max_ms']} ms "
        f"({result['errors']} refusals; load average {result['load_average']}); "
        f"{rooms / count:.0f} rooms a worker; workers' CPU {used} s "
        f"({result['cpu_ms_per_move']} ms a move), clients' CPU {result['client_cpu_s']} s",
        flush=True,
    )
    if result["error_reasons"]:
        print(f"  refusals: {'; '.join(result['error_reasons'])}", flush=True)
    return result


def profile(pid: int, rooms: int, index: int, args: argparse.Namespace) -> subprocess.Popen[bytes]:
    """py-spy sampling one worker for the level's time (not stopping it: --nonblocking), its
    stacks written collapsed (one line a stack and its samples) to
    PROFILE/workers-N-rooms-R-worker-I.txt, summed up by `profile_summary`."""
    out = Path(args.profile) / f"workers-{args.workers}-rooms-{rooms}-worker-{index}.txt"
    out.parent.mkdir(parents=True, exist_ok=True)
    spy = Path(sys.executable).with_name("py-spy")
    command = [str(spy), "record", "--pid", str(pid), "--nonblocking", "--format", "raw",
               "--rate", "200", "--duration", str(int(args.seconds)), "--output", str(out)]  # fmt: skip
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def profile_summary(path: Path, top: int = 25) -> list[str]:
    """The functions a worker spent its samples in: own time (the stack's last frame) and
    inclusive time (anywhere on the stack, once a stack), as shares of every sample."""
    own: Counter[str] = Counter()
    inside: Counter[str] = Counter()
    total = 0
    for line in path.read_text().splitlines():
        stack, _, n = line.rpartition(" ")
        if not n.isdigit():
            continue
        frames = [f.split(" (")[0] + " " + f.rsplit("/", 1)[-1].split(":")[0]
                  for f in stack.split(";")[1:]]  # fmt: skip
        count = int(n)
        total += count
        if frames:
            own[frames[-1]] += count
        for frame in set(frames):
            inside[frame] += count
    if not total:
        return [f"{path.name}: no samples"]
    lines = [f"{path.name}: {total} samples; own time"]
    lines += [f"  {100 * n / total:5.1f} %  {f}" for f, n in own.most_common(top)]
    lines.append("inclusive")
    lines += [f"  {100 * n / total:5.1f} %  {f}" for f, n in inside.most_common(top)]
    return lines


def group_bench(args: argparse.Namespace) -> int:
    """N workers of one group at each level of `--rooms`, then one worker of a group with the
    largest level's rooms (unless `--group-only`); last, one JSON line: the group's figures at
    the largest level, the others under "levels" and, under "one_worker", one worker's."""
    from skully_game.net.group.redisproc import RedisProcess

    if not 1 <= args.workers <= 16:
        print("bench_server: --workers 1 to 16", file=sys.stderr)
        return 1
    if any(not 1 <= r <= 1000 for r in args.rooms) or not 1 <= args.seconds <= 120:
        print("bench_server: rooms 1 to 1000, seconds 1 to 120", file=sys.stderr)
        return 1
    own = None if args.redis else RedisProcess().start()
    redis = args.redis or (own.url if own is not None else "")
    rooms = max(args.rooms)
    levels: list[dict[str, Any]] = []
    one: dict[str, Any] | None = None
    try:
        for each in args.rooms:
            levels.append(group_level(redis, args.workers, each, args))
        if args.workers != 1 and not args.group_only:
            one = group_level(redis, 1, rooms, args)
    finally:
        if own is not None:
            own.stop()
    keys = ("workers", "rooms", "moves_per_s", "p50_ms", "p99_ms", "max_ms", "errors",
            "load_average", "worker_cpu_s", "cpu_ms_per_move")  # fmt: skip
    last = max(levels, key=lambda r: r["rooms"])
    line: dict[str, object] = {k: last[k] for k in keys}
    line["rooms_per_worker"] = round(rooms / args.workers)
    line["game"], line["pace"] = args.game, args.pace
    line["levels"] = [{k: r[k] for k in keys} for r in levels if r is not last]
    if one is not None:
        line["one_worker"] = {k: one[k] for k in keys}
    print(json.dumps(line))
    return 0


if __name__ == "__main__":
    sys.exit(main())
