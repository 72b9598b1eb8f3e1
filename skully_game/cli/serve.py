"""`skully serve [--bind ADDR] [--port P]`: a headless game server for a club or a group of
friends (skully_game.net.server). It listens on this machine only unless told an address, and
announces itself on the local network (mDNS) when it listens beyond this machine. With
`--redis URL` it is one of a group of servers sharing that Redis, and `--workers N` runs N of them
on this machine (net/group/)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
from typing import Any

from skully_game.cli.parser import UsageError, command

DESCRIPTION = (
    "Run a game server: friends on other machines play Skully and the table games together "
    "through it, computer players in the free seats. Stop it with Ctrl+C."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from skully_game.net.limits import Limits
    from skully_game.net.server import DEFAULT_PORT

    parser.add_argument(
        "--bind",
        default="127.0.0.1",
        metavar="ADDR",
        help="the address to listen on: 127.0.0.1 (the default) is this machine only; "
        "0.0.0.0 is every network this machine is on",
    )
    parser.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        metavar="P",
        help=f"TCP port (default {DEFAULT_PORT})",
    )
    parser.add_argument(
        "--name", default="Skully", help="the name the server is announced by (default Skully)"
    )
    parser.add_argument(
        "--pace",
        type=float,
        default=0.25,
        metavar="S",
        help="seconds at least between a move and a computer player's next one (default 0.25)",
    )
    limits = Limits()
    parser.add_argument(
        "--rooms-per-address",
        type=int,
        default=limits.rooms_per_address,
        metavar="N",
        help=f"rooms one address may have open at once (default {limits.rooms_per_address})",
    )
    parser.add_argument(
        "--connections-per-address",
        type=int,
        default=limits.connections_per_address,
        metavar="N",
        help="connections one address may have open at once "
        f"(default {limits.connections_per_address})",
    )
    parser.add_argument(
        "--most-grace",
        type=int,
        default=limits.most_grace,
        metavar="S",
        help="seconds a dropped player's seat is kept at most, whatever the host asks "
        f"(default {limits.most_grace})",
    )
    parser.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="URL",
        help="a web page allowed to connect, as its browser names it (https://example.org); "
        "by default no web page may, only the program",
    )
    parser.add_argument(
        "--no-announce",
        action="store_true",
        help="do not announce the server on the local network (mDNS)",
    )
    parser.add_argument(
        "--redis",
        metavar="URL",
        help="join a group of servers that share this Redis (redis://host:6379/0): one address "
        "for all their rooms, and a room taken up by another server when one stops",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help="run N server processes on this machine as one group on --port (default 1); "
        "without --redis they share a private redis-server (the system's package)",
    )
    parser.add_argument(
        "--advertise",
        metavar="URL",
        help="with --redis: the address the other servers send this one's players to "
        "(default ws://ADDR:P from --bind and --port, this machine's name for 0.0.0.0)",
    )
    parser.add_argument(
        "--status",
        action="store_true",
        help="with --redis: show the group's servers (rooms, players, p99 per server) and exit",
    )
    parser.add_argument("--group-port", type=int, default=0, help=argparse.SUPPRESS)


def run(args: argparse.Namespace) -> int:
    from skully_game.net.limits import Limits
    from skully_game.net.mdns import Announcer, is_loopback
    from skully_game.net.server import GameServer, ServerConfig, serve_forever

    if args.status:
        return _status(args.redis)
    if not 0 < args.port < 65536:
        raise UsageError(f"--port: expected 1 to 65535, got {args.port}")
    if not 1 <= args.workers <= 64:
        raise UsageError(f"--workers: expected 1 to 64, got {args.workers}")
    if args.workers > 1:
        if args.port + args.workers > 65535:
            raise UsageError(f"--port: {args.workers} workers need the ports above {args.port}")
        return _workers(args)
    if not 0 <= args.pace <= 10:
        raise UsageError(f"--pace: expected 0 to 10 seconds, got {args.pace}")
    for flag, value in (
        ("--rooms-per-address", args.rooms_per_address),
        ("--connections-per-address", args.connections_per_address),
        ("--most-grace", args.most_grace),
    ):
        if not 1 <= value <= 100_000:
            raise UsageError(f"{flag}: expected 1 to 100000, got {value}")
    limits = Limits(
        rooms_per_address=args.rooms_per_address,
        connections_per_address=args.connections_per_address,
        most_grace=args.most_grace,
        origins=tuple(args.allow_origin),
    )
    group = None
    if args.redis:
        from skully_game.net.group.member import GroupConfig

        group = GroupConfig(args.redis, args.advertise or "", args.group_port)
    config = ServerConfig(
        host=args.bind, port=args.port, pace=args.pace, limits=limits, group=group
    )
    announcer: list[Any] = []

    def ready(server: GameServer) -> None:
        print(f"skully serve: listening on ws://{args.bind}:{server.port}", flush=True)
        if server.group is not None:
            shared = f", and on the group's port {args.group_port}" if args.group_port else ""
            print(f"skully serve: in the group at {args.redis} as {server.group.me}{shared}",
                  flush=True)  # fmt: skip
        if is_loopback(args.bind):
            print("skully serve: this machine only (use --bind 0.0.0.0 for other machines)")
        elif not args.no_announce:
            announcer.append(Announcer(args.name, args.bind, server.port))
            print(f"skully serve: announced on the local network as {args.name!r}", flush=True)

    try:
        asyncio.run(serve_forever(config, ready))
    except KeyboardInterrupt:
        pass
    except ConnectionError as exc:  # the group's Redis did not answer
        print(f"skully serve: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(
            f"skully serve: cannot listen on {args.bind}:{args.port}: {exc.strerror or exc}",
            file=sys.stderr,
        )
        return 1
    finally:
        for a in announcer:
            with contextlib.suppress(Exception):
                a.close()
    return 0


def _status(url: str | None) -> int:
    from skully_game.net.group.status import read_status, status_lines

    if not url:
        raise UsageError("--status: say which group with --redis URL")
    try:
        status = read_status(url)
    except ConnectionError as exc:
        print(f"skully serve: {exc}", file=sys.stderr)
        return 1
    print("\n".join(status_lines(status)))
    return 0


def _workers(args: argparse.Namespace) -> int:
    """N worker processes, one group (net/group/workers.py): every option but --workers and
    --port is handed to each."""
    from skully_game.net.group.redisproc import RedisMissing
    from skully_game.net.group.workers import Workers

    passed = ["--bind", args.bind, "--pace", str(args.pace),
              "--rooms-per-address", str(args.rooms_per_address),
              "--connections-per-address", str(args.connections_per_address),
              "--most-grace", str(args.most_grace)]  # fmt: skip
    for origin in args.allow_origin:
        passed += ["--allow-origin", origin]
    try:
        return Workers(args.workers, args.port, args.redis or "", passed).run()
    except RedisMissing as exc:
        print(f"skully serve: --workers {args.workers}: {exc}", file=sys.stderr)
        return 1


def setup(parser: argparse.ArgumentParser) -> None:
    """`skully serve` in the command tree."""
    parser.description = DESCRIPTION
    add_arguments(parser)
    command(parser, run)
