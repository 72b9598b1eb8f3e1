"""A card game across desks in a real window, without the menu's Host and Join screens: host a room
or join one, wait in the terminal until the game starts, then play at the game's online table
(skully_game/scenes/online/cards.py). For trying the tables out, two windows on one machine.

    skully serve --port 8765                                  # in one terminal
    python tools/online_table.py --url ws://127.0.0.1:8765 --host skull-king --name Anne
        (prints the room's code; starts the game once every open seat is taken)
    python tools/online_table.py --url ws://127.0.0.1:8765 --room K7PMQ-X4R2T --name Bea

--seats lists the host's seats in order: `me` (the host), `open` (a person who joins) and
`computer:LEVEL`; by default me,open,computer:<the game's usual level>. --options sets rule
options (name=value, several). --size WxH opens the window at that size; --shot PATH saves a
picture of the window every --every seconds (for looking at the table from a script).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cards import registry
from skully_game.net.client import Client, NetError
from skully_game.net.scripted import COMPUTER


def seats_of(text: str | None, game: str) -> list[dict[str, Any]]:
    """me,open,computer:heuristic as the server's seat list."""
    if not text:
        return [{"kind": "me"}, {"kind": "open"}, {"kind": "computer", "level": COMPUTER[game]}]
    out: list[dict[str, Any]] = []
    for part in text.split(","):
        kind, _, level = part.strip().partition(":")
        seat: dict[str, Any] = {"kind": kind}
        if kind == "computer":
            seat["level"] = level or COMPUTER[game]
        out.append(seat)
    return out


def seated(args: argparse.Namespace) -> tuple[Client, dict[str, Any], dict[str, Any] | None]:
    """Join or host, then wait for the game to start: the client, its setup and newest lobby."""
    client = Client(args.url).connect()
    if args.host:
        options = dict(item.split("=", 1) for item in args.options)
        client.create(args.name, args.host, seats_of(args.seats, args.host), options or None)
    else:
        client.join(args.name, args.room)
    joined = client.wait_for("joined", 10)
    print(f"room {joined['room']}, seat {joined['seat'] + 1}", flush=True)
    lobby: dict[str, Any] | None = None
    started = False
    while True:
        message = client.next(3600)
        kind = message["type"]
        if kind == "lobby":
            lobby = message
            waiting = [s["seat"] + 1 for s in message["seats"] if s["open"]]
            print("waiting for seat " + ", ".join(map(str, waiting)) if waiting else "all seated")
            if args.host and not waiting and not started:
                client.start()
                started = True
        elif kind == "setup":
            return client, message, lobby
        elif kind in ("closed", "error"):
            raise NetError(str(message.get("reason")))
        elif kind == "refused":
            print("refused:", message["reason"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="ws://127.0.0.1:8765")
    parser.add_argument("--name", default="Anne")
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--host", choices=[g.key for g in registry.GAMES], help="a game to host")
    group.add_argument("--room", help="the code of a room to join")
    parser.add_argument("--seats", help="me,open,computer:LEVEL (the host's seats)")
    parser.add_argument("--options", nargs="*", default=[], help="rule options, name=value")
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--shot", help="save a picture of the window here, every --every s")
    parser.add_argument("--every", type=float, default=2.0)
    args = parser.parse_args(argv)
    try:
        client, setup, lobby = seated(args)
    except NetError as exc:
        print(f"could not join: {exc}", file=sys.stderr)
        return 1

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from skully_game.core.settings import load_settings
    from skully_game.scenes.online.cards import TableLink, card_table_scene
    from skully_game.shell.app import App

    width, height = (int(v) for v in args.size.lower().split("x"))
    settings, _ = load_settings()
    app = App(settings.with_changes(fullscreen=False), size=(width, height))
    pygame.display.set_caption(f"Skully online: {args.name}")
    table = card_table_scene(app, TableLink(client, setup, None, lobby))
    if args.shot:
        shot, last = Path(args.shot), [0.0]
        real = app.draw

        def draw(alpha: float) -> None:
            real(alpha)
            if time.monotonic() - last[0] >= args.every:
                last[0] = time.monotonic()
                pygame.image.save(app.screen, shot)

        app.draw = draw  # type: ignore[method-assign]
    app.run(table)
    client.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
