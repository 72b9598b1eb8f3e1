"""Games found on the network without typing an address, proven where nothing can leave this
machine: `python tools/mdns_check.py` (as root, on Linux).

mDNS speaks to the multicast group 224.0.0.251, never to one address, so it cannot be tried on the
loopback address of a shared machine without shouting to its whole network. This check starts
itself again inside a network namespace of its own (`unshare --net`) whose only interface is the
loopback one, turns multicast on there, and refuses to go on if any other interface exists: every
packet it sends stays on that loopback interface and ends with the namespace.

Inside, a real game server is announced with the program's own `Announcer`; a second process
looks for games with the same `browse` the Join page uses, must find it under its name with its
address, port, program version and protocol, and opens a room on the address it found (proof it
is the server); then the announcement is withdrawn and a second look must not find it.
Prints a line per step and, last, one JSON line:
{"isolated": true, "found": true, "joined": true, "withdrawn": true}. Exits 1 if a step failed,
2 if no namespace could be made here.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

INSIDE = "SKULLY_MDNS_CHECK_INSIDE"
NAME = "Check table"
LOOK_SECONDS = 2.0


def interfaces() -> list[str]:
    """The network interfaces this process can see."""
    return sorted(name for _, name in socket.if_nameindex())


def isolate() -> str | None:
    """Loopback up with multicast routed on it; why not, if this namespace is not ours alone."""
    if interfaces() != ["lo"]:
        return f"this namespace has interfaces {interfaces()}, not loopback alone"
    for command in (
        ["ip", "link", "set", "lo", "up"],
        ["ip", "link", "set", "lo", "multicast", "on"],
        ["ip", "route", "add", "224.0.0.0/4", "dev", "lo"],
    ):
        done = subprocess.run(command, capture_output=True, text=True, timeout=10)
        if done.returncode != 0:
            return f"{' '.join(command)}: {done.stderr.strip()}"
    return None


def look() -> list[dict[str, object]]:
    """What a second program finds on this network (the Join page's own `browse`)."""
    done = subprocess.run(
        [sys.executable, __file__, "--look"], capture_output=True, text=True, timeout=30, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def inside() -> int:
    """The check itself, in the namespace made for it."""
    why = isolate()
    if why is not None:
        print(f"mdns_check: cannot isolate: {why}")
        return 2
    print(f"interfaces: {interfaces()} (loopback only)")
    os.environ["SKULLY_DATA_DIR"] = tempfile.mkdtemp(prefix="skully-mdns-check-")

    from skully_game import __version__
    from skully_game.net import PROTOCOL
    from skully_game.net.client import Client
    from skully_game.net.mdns import Announcer
    from skully_game.net.server import ServerConfig, ServerThread

    result = {"isolated": True, "found": False, "joined": False, "withdrawn": False}
    server = ServerThread(ServerConfig(port=0, quick=True, pace=0.0)).start()
    announcer = Announcer(NAME, "127.0.0.1", server.port)
    try:
        found = [f for f in look() if f["name"] == NAME]
        print(f"found: {found}")
        want = {"address": "127.0.0.1", "port": server.port}
        want |= {"program": __version__, "protocol": PROTOCOL}
        result["found"] = len(found) == 1 and all(found[0][k] == v for k, v in want.items())
        if found:
            client = Client(f"ws://{found[0]['address']}:{found[0]['port']}").connect()
            try:
                seats = [{"kind": "me"}, {"kind": "computer", "level": "random"}]
                client.create("Ada", "skull", seats)
                room = client.wait_for("joined", timeout=5.0)
                print(f"joined: room {room.get('room')} on the address found")
                result["joined"] = bool(room.get("room"))
            finally:
                client.close()
    finally:
        announcer.close()
    gone = [f for f in look() if f["name"] == NAME]
    print(f"after withdrawing: {gone}")
    result["withdrawn"] = not gone
    server.stop()
    print(json.dumps(result))
    return 0 if all(result.values()) else 1


def main() -> int:
    if sys.argv[1:] == ["--look"]:  # the second program: what it finds, as JSON
        from skully_game.net.mdns import browse

        print(json.dumps([found.__dict__ for found in browse(LOOK_SECONDS)]))
        return 0
    if os.environ.get(INSIDE) == "1":
        return inside()
    unshare = shutil.which("unshare")
    if sys.platform != "linux" or unshare is None or os.geteuid() != 0:
        print("mdns_check: needs Linux, root and unshare(1) to make a network namespace of its own")
        print(json.dumps({"isolated": False}))
        return 2
    env = dict(os.environ, **{INSIDE: "1"})
    done = subprocess.run([unshare, "--net", sys.executable, __file__], env=env, timeout=120)
    return done.returncode


if __name__ == "__main__":
    raise SystemExit(main())
