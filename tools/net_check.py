"""Play across desks, proven on the loopback address: for every game, a real server and two
scripted people (one drops out mid-game and comes back with her seat token) and a computer player
play a whole game through real websocket connections; a spy taps every frame each person's client
receives and looks for another seat's hidden card (numbers too: Skip-Bo's hands and the stock
cards under the top), a Skull King bid sent before all bids are in, and the seed. A third
person watches each game as a spectator: the same spy holds every frame they receive against
what every seat knows alike (`"spectator"`), and they must be sent the whole record at the
end. Meanwhile a
hostile client sends nonsense, oversized frames, floods, a stolen token and moves out of turn in
its own room.

    python tools/net_check.py [--games skully skull ...] [--seed 1]

Then one address tries to fill a server with rooms (1000 creates, each closed at once) on a
server with `skully serve`'s own limits, an honest person opens a room once the attacker's
lobbies have gone, and a handshake with a web page's Origin is tried (`"abuse"`); and, on a
`skully serve` process of its own, 24 rooms of seven strong computer players play beside a
victim Skull King room of computer players and a victim Skully room where a person shoots
(`"fairness"`: the victim's computer moves past the pace, and shots, p99 in ms).

Prints a line per game and, last, one JSON line:
{"games": {"skully": {"finished": true, "leaks": 0, "rejoined": true}, ...},
 "hostile": {"messages": N, "rooms_unharmed": true}, "spectator": {"frames": N, "leaks": 0},
 "rematch": true,
 "clock": {"bids_together": true, "stands_until_ready": true, "ready_starts": true,
           "shown_alike": true, "bid_held_unseen": true, "settle_capped": true,
           "stale_dropped": true},
 "chat": {"text_only": true, "muted_delivered": 0, "unmuted_delivered": true,
          "spectators_spoke": true, "spectator_refused": true},
 "abuse": {"creates_tried": 1000, "refused_after": K, "honest_room_opened": true,
           "origin_refused": true},
 "fairness": {"hostile_rooms": 24, "victim_p99_ms": ..., ...}}
Exits 1 if a game did not finish, leaked (to a seat or a spectator), or did not take its person
back, or a spectator was not sent the record, or a room was harmed, or chat misbehaved (a line
not text, a muted person's line delivered, another line lost, a spectator unheard where the host
allowed them, or heard where not),
or the server was not defended (no refusal, no honest room, a web page let in). The fairness
figure is measured, not judged: it follows the machine's load (given beside it).
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
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cards import registry

GAMES = ["skully", *(info.key for info in registry.GAMES if info.table)]  # the registry's order


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", choices=GAMES, default=GAMES)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--drop-after", type=int, default=3, help="Bea's moves before she drops")
    parser.add_argument("--creates", type=int, default=1000, help="rooms the attacker tries")
    parser.add_argument("--hostile-rooms", type=int, default=24, help="busy rooms (0: none)")
    parser.add_argument("--fair-seconds", type=float, default=30.0, help="victims measured for")
    args = parser.parse_args(argv)
    os.environ["SKULLY_DATA_DIR"] = tempfile.mkdtemp(prefix="skully-net-check-")

    from skully_game.net.hostile import attack
    from skully_game.net.limits import Limits
    from skully_game.net.scripted import play_match
    from skully_game.net.server import ServerConfig, ServerThread

    roomy = Limits(rooms_per_address=64, connections_per_address=64)  # every client is 127.0.0.1
    server = ServerThread(ServerConfig(port=0, quick=True, pace=0.0, limits=roomy)).start()
    try:
        found: dict[str, object] = {}
        attacker = threading.Thread(target=lambda: found.update(done=attack(server.url)))
        attacker.start()
        games = {}
        watched = {"frames": 0, "leaks": 0, "records": 0}
        for game in args.games:
            report = play_match(server.url, game, drop_after=args.drop_after, seed=args.seed)
            games[game] = {
                "finished": report.finished,
                "leaks": len(report.leaks),
                "rejoined": bool(report.rejoined),
            }
            if report.watched is not None:
                watched["frames"] += report.watched.frames
                watched["leaks"] += len(report.watched.leaks)
                watched["records"] += report.watched.record
                for leak in report.watched.leaks[:5]:
                    print(f"  spectator's leak: {leak}")
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
        print(
            f"spectator  {watched['frames']} frames watched, leaks={watched['leaks']}, "
            f"whole records received {watched['records']} of {len(games)}",
            flush=True,
        )
        rematch = rematch_check(server.url)
        chat = chat_check(server.url)
        clocks = clock_check(server)
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
    abused = abuse_check(args.creates)
    fair = fairness_check(args.hostile_rooms, args.fair_seconds) if args.hostile_rooms else None
    defended = (
        abused["refused_after"] is not None
        and abused["honest_room_opened"]
        and abused["origin_refused"]
    )
    ok = unharmed and defended and rematch and chat["text_only"] and not chat["muted_delivered"]
    ok = ok and chat["unmuted_delivered"] and chat["spectators_spoke"]
    ok = ok and chat["spectator_refused"]
    ok = ok and not watched["leaks"] and watched["records"] == len(games)
    ok = ok and all(clocks.values())
    line = {"games": games, "hostile": {"messages": messages, "rooms_unharmed": unharmed}}
    line["spectator"] = {"frames": watched["frames"], "leaks": watched["leaks"]}
    line["rematch"] = rematch
    line["chat"] = chat
    line["clock"] = clocks
    line["abuse"] = abused
    if fair is not None:
        line["fairness"] = fair
    print(json.dumps(line))
    return 0 if ok else 1


def rematch_check(url: str, game: str = "skull") -> bool:
    """Play again: a game played to its end, then the host's rematch begins a new game in the
    same room (the same seats, dealt anew) that is played to its end too."""
    import random

    from skully_game.net.scripted import ScriptedPerson, run, seat_three

    seated = seat_three(url, game)
    people = [ScriptedPerson(seated.host, random.Random(1)),
              ScriptedPerson(seated.guest, random.Random(2))]  # fmt: skip
    for person in people:
        person.handle(seated.setup)
    room = seated.host.room
    ok = run(people, lambda: all(p.over for p in people), 60)
    for person in people:  # each is ready for another game: it begins
        person.client.again()
    ok = ok and run(people, lambda: not any(p.over for p in people), 10)
    ok = ok and run(people, lambda: all(p.over for p in people), 60)
    ok = ok and seated.host.room == room and all(p.refused == [] for p in people)
    for person in people:
        person.client.close()
    print(f"rematch    {game}: a second game in room {room} played to its end: {ok}", flush=True)
    return ok


def chat_check(url: str) -> dict[str, object]:
    """Chat, seats and spectators alike: Anne hosts a room whose spectators may chat, Bea
    joins, Cy and Dee watch. Bea and Dee mute Anne (a seat) and Cy (a spectator); Anne says
    every preset line and some words of her own, Cy two lines, Bea and Dee one each. Every chat
    frame anyone receives holds only text, none of a muted person's reaches whoever muted them,
    every unmuted line reaches everyone, and in a room whose host did not allow it a
    spectator's line is refused in words and reaches nobody."""
    import time

    from skully_game.net.client import Client
    from skully_game.net.protocol import CHAT_LINES
    from skully_game.net.watch import NO_CHAT

    def room(watch_chat: bool) -> list[Client]:
        seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "computer", "level": "random"}]
        anne = Client(url).connect()
        anne.create("Anne", "skull", seats, watch_chat=watch_chat)
        code = anne.wait_for("joined")["room"]
        bea = Client(url).connect()
        bea.join("Bea", code)
        bea.wait_for("joined")
        out = [anne, bea]
        for name in ("Cy", "Dee"):
            out.append(Client(url).connect())
            out[-1].watch(name, code)
            out[-1].wait_for("watching")
        return out

    def read(clients: list[Client], names: tuple[str, ...], seconds: float) -> list[dict]:
        frames: list[dict[str, object]] = []
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            frames += [{**m, "to": who} for who, c in zip(names, clients, strict=True)
                       for m in c.poll() if m["type"] in ("chat", "refused")]  # fmt: skip
            time.sleep(0.02)
        return frames

    names = ("anne", "bea", "cy", "dee")
    anne, bea, cy, dee = clients = room(True)
    for reader in (bea, dee):
        reader.mute(0)
        reader.mute(watcher="Cy")
    time.sleep(0.2)
    for k, key in enumerate(CHAT_LINES):
        anne.say(line=key) if k % 2 else anne.say(text=f"line {k}: {CHAT_LINES[key]}")
        if k < 2:
            cy.say(line="well-played") if k else cy.say(text="go Bea")
        time.sleep(1.05)  # a line a second: the server's pace for chat
    bea.say(line="thanks")
    dee.say(line="oops")
    frames = read(clients, names, 2.0)
    chat = [m for m in frames if m["type"] == "chat"]
    keys = (
        {"type", "seat", "name", "text", "to"},
        {"type", "seat", "watcher", "name", "text", "to"},
    )
    text_only = bool(chat) and all(set(m) in keys and isinstance(m["text"], str) for m in chat)
    muted = sum(m["to"] in ("bea", "dee") and (m["seat"] == 0 or m.get("watcher") == "Cy")
                for m in chat)  # fmt: skip
    said = len(CHAT_LINES) + 2 + 1 + 1  # Anne's, Cy's, Bea's and Dee's lines
    heard = {who: sum(m["to"] == who for m in chat) for who in names}
    unmuted = heard["anne"] == heard["cy"] == said  # Anne and Cy muted nobody
    unmuted = unmuted and heard["bea"] == heard["dee"] == 2  # Bea's and Dee's lines only
    spoke = sum(m.get("watcher") == "Cy" for m in chat) == 2 * 2  # to Anne and to Cy
    calm = not [m for m in frames if m["type"] == "refused"]  # nothing refused where allowed
    for client in clients:
        client.close()
    others = room(False)  # a host who did not let spectators chat
    others[2].say(line="hello")
    later = read(others, names, 1.0)
    refused = calm and [m.get("reason") for m in later] == [NO_CHAT]
    refused = refused and not [m for m in later if m["type"] == "chat"]
    for client in others:
        client.close()
    print(f"chat       {len(chat)} lines received, text only: {text_only}; "
          f"a muted person's lines delivered: {muted}; every other line delivered: {unmuted}; "
          f"spectators spoke: {spoke}; refused where not allowed: {refused}", flush=True)  # fmt: skip
    return {"text_only": text_only, "muted_delivered": muted, "unmuted_delivered": unmuted,
            "spectators_spoke": spoke, "spectator_refused": refused}  # fmt: skip


def clock_check(server: Any, clock_ms: int = 400) -> dict[str, bool]:
    """A fair move clock (issue 43), on Skull King with a short time per move, two people, a
    computer player and a spectator: every person yet to bid is offered the bid and timed at
    once; a clock stands (the whole time, waiting) until the person's table says it shows the
    move, then starts, every seat and the spectator told the same; a bid made before its turn
    is held, never sent to another seat; a table that never says ready is timed from the cap
    (the clock's own length here) at the latest; a move made for an older position than the one
    to play (a click as the time ran out) makes no move and gets no refusal."""
    import time

    from skully_game.net.client import Client
    from skully_game.net.scripted import read_until

    url, limit = server.url, clock_ms / 1000
    anne, bea, cy = Client(url).connect(), Client(url).connect(), Client(url).connect()
    seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "computer", "level": "random"}]
    anne.create("Anne", "skull-king", seats, {"clock_ms": clock_ms})
    code = anne.wait_for("joined")["room"]
    bea.join("Bea", code)
    bea.wait_for("joined")
    cy.watch("Cy", code)
    cy.wait_for("watching")
    lobby = None
    while lobby is None or lobby["seats"][1]["open"]:
        lobby = anne.wait_for("lobby", 5)
    anne.start()
    clients, heard = [anne, bea, cy], [[], [], []]  # type: ignore[var-annotated]

    def read(done: Any, seconds: float) -> bool:
        return read_until(clients, heard, done, seconds)

    def newest(box: list[dict[str, Any]], kind: str = "update") -> dict[str, Any] | None:
        return next((m for m in reversed(box) if m["type"] == kind), None)

    def bidding(box: list[dict[str, Any]]) -> bool:
        m = newest(box)
        return m is not None and len((m.get("clock") or {}).get("timed", [])) == 2

    out = dict.fromkeys(("bids_together", "stands_until_ready", "ready_starts", "shown_alike",
                         "bid_held_unseen", "settle_capped", "stale_dropped"), False)  # fmt: skip
    try:
        if not read(lambda: bidding(heard[0]) and bidding(heard[1]), 10):
            return out
        first = [newest(box) for box in heard[:2]]
        actor = first[0]["actor"]  # type: ignore[index]
        later = 1 - actor
        out["bids_together"] = all(bool(m and m.get("legal")) for m in first)
        out["stands_until_ready"] = all(
            t["left"] == limit and t["wait"] > 0
            for m in first
            for t in m["clock"]["timed"]  # type: ignore[index]
        )
        began = time.monotonic()
        clients[later].ready(first[later]["move"])  # type: ignore[index]
        if read(lambda: all(newest(box, "clock") for box in heard), 3):
            words = [newest(box, "clock")["clock"]["timed"] for box in heard]  # type: ignore[index]
            mine = [next(t for t in w if t["seat"] == later) for w in words]
            other = [next(t for t in w if t["seat"] == actor) for w in words]
            out["ready_starts"] = all(t["wait"] == 0 for t in mine) and all(
                t["wait"] > 0 for t in other
            )
            out["shown_alike"] = max(t["left"] for t in mine) - min(t["left"] for t in mine) < 0.05
        clients[later].act("BID:0", first[later]["move"])  # type: ignore[index]
        read(lambda: any(m.get("held") for m in heard[later] if m["type"] == "update"), 3)
        held = any(m.get("held") for m in heard[later] if m["type"] == "update")
        out["bid_held_unseen"] = held and not any(
            "held" in m for box in (heard[actor], heard[2]) for m in box
        )
        if read(lambda: any(m["type"] == "timeout" for m in heard[actor]), 5):
            out["settle_capped"] = time.monotonic() - began >= 1.5 * limit
        # a person's card turn runs out; at their next card turn, a move for the old one lands
        stale: dict[str, Any] | None = None
        end = time.monotonic() + 20
        while time.monotonic() < end and not out["stale_dropped"]:
            for client, box in zip(clients, heard, strict=True):
                box.extend(client.poll())
            m = newest(heard[0])
            if m is None or m["over"] or m["actor"] != 0 or m["view"].get("phase") != "play":
                time.sleep(0.002)
                continue
            if stale is None:
                stale = m  # Anne lets this card's time run out
            elif m["move"] > stale["move"] + 1:
                moves = server.call(lambda: next(iter(server.server.rooms.values())).moves)
                anne.act(m["legal"][0], stale["move"])
                time.sleep(0.05)
                after = server.call(lambda: next(iter(server.server.rooms.values())).moves)
                refused = any(x["type"] == "refused" for x in anne.poll())
                out["stale_dropped"] = after == moves and not refused
                break
            time.sleep(0.002)
    finally:
        for client in clients:
            client.close()
    print(f"clock      {clock_ms} ms a move: " + ", ".join(f"{k}={v}" for k, v in out.items()),
          flush=True)  # fmt: skip
    return out


def abuse_check(creates: int) -> dict[str, object]:
    """One address tries to fill a server that has `skully serve`'s own limits (issue 43)."""
    from skully_game.net.crowd import abuse
    from skully_game.net.server import ServerConfig, ServerThread

    server = ServerThread(ServerConfig(port=0, quick=True, pace=0.0, save=False)).start()
    try:
        done = abuse(server.url, creates)
    finally:
        server.stop()
    print(
        f"abuse      {done.creates_tried} creates from one address: refused after "
        f"{done.refused_after} ({done.refusal}); an honest room opened "
        f"{done.honest_waited:.0f} s later: {done.honest_room_opened}; "
        f"a web page refused: {done.origin_refused}",
        flush=True,
    )
    return done.summary()


def fairness_check(rooms: int, seconds: float) -> dict[str, object]:
    """Busy rooms beside victim rooms on a `skully serve` process of its own (its pace 0.25 s,
    its computer players at their full strength), the victims timed at their clients."""
    import socket
    import subprocess

    from skully_game.net.crowd import fairness

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    limit = str(rooms + 8)
    server = subprocess.Popen(
        [sys.executable, "-m", "skully_game", "serve", "--port", str(port), "--pace", "0.25",
         "--rooms-per-address", limit, "--connections-per-address", limit, "--no-announce"],
        cwd=Path(__file__).resolve().parent.parent,
        stdout=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        if "listening" not in server.stdout.readline():
            return {"hostile_rooms": rooms, "victim_p99_ms": None, "error": "no server"}
        report = fairness(f"ws://127.0.0.1:{port}", rooms, seconds, pace=0.25)
    finally:
        server.terminate()
        server.wait(20)
    summary = report.summary()
    summary["load_average"] = round(os.getloadavg()[0], 2)
    print(
        f"fairness   {rooms} busy rooms: victim p50 {summary['victim_p50_ms']} ms, "
        f"p99 {summary['victim_p99_ms']} ms ({summary['computer_moves']} computer moves, "
        f"{summary['shots']} shots; load {summary['load_average']})",
        flush=True,
    )
    return summary


if __name__ == "__main__":
    sys.exit(main())
