"""`skully serve [--bind ADDR] [--port P]`: a headless game server for a club or a group of
friends (skully_game.net.server). It listens on this machine only unless told an address, and
announces itself on the local network (mDNS) when it listens beyond this machine."""

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


def run(args: argparse.Namespace) -> int:
    from skully_game.net.limits import Limits
    from skully_game.net.mdns import Announcer, is_loopback
    from skully_game.net.server import GameServer, ServerConfig, serve_forever

    if not 0 < args.port < 65536:
        raise UsageError(f"--port: expected 1 to 65535, got {args.port}")
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
    config = ServerConfig(host=args.bind, port=args.port, pace=args.pace, limits=limits)
    announcer: list[Any] = []

    def ready(server: GameServer) -> None:
        print(f"skully serve: listening on ws://{args.bind}:{server.port}", flush=True)
        if is_loopback(args.bind):
            print("skully serve: this machine only (use --bind 0.0.0.0 for other machines)")
        elif not args.no_announce:
            announcer.append(Announcer(args.name, args.bind, server.port))
            print(f"skully serve: announced on the local network as {args.name!r}", flush=True)

    try:
        asyncio.run(serve_forever(config, ready))
    except KeyboardInterrupt:
        pass
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


def setup(parser: argparse.ArgumentParser) -> None:
    """`skully serve` in the command tree."""
    parser.description = DESCRIPTION
    add_arguments(parser)
    command(parser, run)
