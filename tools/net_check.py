"""Play across desks, proven on the loopback address: for every game, a real server and two
scripted people (one drops out mid-game and comes back with her seat token) and a computer player
play a whole game through real websocket connections; a spy taps every frame each person's client
receives and looks for another seat's hidden card and for the seed. Meanwhile a hostile client
sends nonsense, oversized frames, floods, a stolen token and moves out of turn in its own room.

    python tools/net_check.py [--games skully skull ...] [--seed 1]

Prints a line per game and, last, one JSON line:
{"games": {"skully": {"finished": true, "leaks": 0, "rejoined": true}, ...},
 "hostile": {"messages": N, "rooms_unharmed": true}}
Exits 1 if a game did not finish, leaked, or did not take its person back, or a room was harmed.
Saves go to a temporary data folder (SKULLY_DATA_DIR), never the user's.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cards import registry

GAMES = ["skully", *(info.key for info in registry.GAMES if info.table)]  # the registry's order


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", choices=GAMES, default=GAMES)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--drop-after", type=int, default=3, help="Bea's moves before she drops")
    args = parser.parse_args(argv)
    os.environ["SKULLY_DATA_DIR"] = tempfile.mkdtemp(prefix="skully-net-check-")

    from skully_game.net.hostile import attack
    from skully_game.net.scripted import play_match
    from skully_game.net.server import ServerConfig, ServerThread

    server = ServerThread(ServerConfig(port=0, quick=True, pace=0.0)).start()
    try:
        found: dict[str, object] = {}
        attacker = threading.Thread(target=lambda: found.update(done=attack(server.url)))
        attacker.start()
        games = {}
        for game in args.games:
            report = play_match(server.url, game, drop_after=args.drop_after, seed=args.seed)
            games[game] = {
                "finished": report.finished,
                "leaks": len(report.leaks),
                "rejoined": bool(report.rejoined),
            }
            moves = sum(p.moves for p in report.people)
            extra = f", {report.replayed} shots replayed exactly" if game == "skully" else ""
            print(
                f"{game:10} finished={report.finished} leaks={len(report.leaks)} "
                f"rejoined={report.rejoined} people's moves={moves}{extra} "
                f"({report.seconds:.1f} s)",
                flush=True,
            )
            for leak in report.leaks[:5]:
                print(f"  leak: {leak}")
        attacker.join(120)
        done = found.get("done")
        rooms = server.call(lambda: [r.game_key for r in server.server.rooms.values()])
        unharmed = (
            done is not None
            and all(g["finished"] and g["rejoined"] and g["leaks"] == 0 for g in games.values())
            and "skull" in rooms  # the hostile client's own room is still there
        )
        messages = done.messages if done is not None else 0  # type: ignore[attr-defined]
        if done is not None:
            print(
                f"hostile    messages={messages} connections closed={done.closed} "  # type: ignore[attr-defined]
                f"moves refused={done.refused}"  # type: ignore[attr-defined]
            )
    finally:
        server.stop()
    ok = unharmed
    print(
        json.dumps({"games": games, "hostile": {"messages": messages, "rooms_unharmed": unharmed}})
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
