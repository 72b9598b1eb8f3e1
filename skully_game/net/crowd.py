"""A crowd on one server, for tools/net_check.py: what one stranger's address can do to it and
whether a quiet room still plays at its pace beside many busy ones. All over the address given
(127.0.0.1), every loop bounded in count and time.

`abuse`: one address creates room after room (each with an open seat and a long grace, closing
at once) until the server refuses it; then, once its lobbies have gone, an honest person opens a
room; and a handshake claiming a web page's Origin is refused.

`fairness`: rooms of seven strong computer players (and one scripted person each) play beside a
victim: a Skull King room of three strong computer players and a Skully room where a person
shoots. How long each victim computer move takes past the server's pace, and each of the
person's shots from sending to the update, are measured at the client: their p50 and p99.
"""

from __future__ import annotations

import itertools
import json
import random
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from skully_game.net.client import Client, NetError
from skully_game.net.scripted import ScriptedPerson

HOSTILE_SEATS = [{"kind": "me"}] + [{"kind": "computer", "level": "strong"}] * 7
VICTIM_CARDS = [{"kind": "me"}] + [{"kind": "computer", "level": "strong"}] * 3
VICTIM_SKULLY = [{"kind": "me"}, {"kind": "computer", "level": "skilled"}]


@dataclass
class Abuse:
    creates_tried: int = 0
    refused_after: int | None = None  # rooms opened before the first refusal
    refusal: str = ""
    honest_room_opened: bool = False
    honest_waited: float = 0.0  # seconds after the attack until an honest room opened
    origin_refused: bool = False

    def summary(self) -> dict[str, Any]:
        return {
            "creates_tried": self.creates_tried,
            "refused_after": self.refused_after,
            "honest_room_opened": self.honest_room_opened,
            "origin_refused": self.origin_refused,
        }


def abuse(url: str, creates: int = 1000, wait: float = 90.0) -> Abuse:
    """1000 creates from one address, each closed at once; then an honest create, tried every
    second for at most `wait` seconds (the attacker's lobbies expire); then a web page."""
    done = Abuse()
    for _ in range(creates):
        done.creates_tried += 1
        client = Client(url, timeout=5.0)
        try:
            client.connect()
            client.create("Eve", "skull", [{"kind": "me"}, {"kind": "open"}], grace=3600)
            client.wait_for("joined", 5)
        except NetError as exc:
            if done.refused_after is None:
                done.refused_after = done.creates_tried - 1
                done.refusal = str(exc)
        finally:
            client.close()
    began = time.monotonic()
    while time.monotonic() - began < wait and not done.honest_room_opened:
        honest = Client(url, timeout=5.0)
        try:
            honest.connect()
            honest.create("Anne", "skull", [{"kind": "me"}, {"kind": "open"}])
            honest.wait_for("joined", 5)
            done.honest_room_opened = True
        except NetError:
            time.sleep(1.0)
        finally:
            honest.close()
    done.honest_waited = time.monotonic() - began
    done.origin_refused = origin_refused(url)
    return done


def origin_refused(url: str, origin: str = "http://evil.example") -> bool:
    """Whether a handshake claiming a web page's Origin is refused (the program sends none)."""
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    try:
        with connect(url, origin=origin, open_timeout=5, proxy=None):  # type: ignore[arg-type]
            return False
    except InvalidStatus:
        return True


# ---- fairness --------------------------------------------------------------------------------


@dataclass
class Watch:
    """Every update one victim client received, with when it arrived (the reader thread's
    clock), and when its person sent each move."""

    updates: list[tuple[float, int, int | None]] = field(default_factory=list)  # when, move, actor
    sent: list[tuple[float, int]] = field(default_factory=list)  # when, the move it answered
    lock: threading.Lock = field(default_factory=threading.Lock)

    def frame(self, text: str) -> None:
        now = time.perf_counter()
        if '"type":"update"' not in text.replace(" ", ""):
            return
        message = json.loads(text)
        with self.lock:
            self.updates.append((now, message["move"], message["actor"]))


class TimedClient(Client):
    """A client that notes when each move is sent (the person's shots are timed from there)."""

    watch: Watch
    person: ScriptedPerson | None = None

    def act(self, action: Any) -> None:
        answered = self.person.acted_at if self.person is not None else -1
        with self.watch.lock:
            self.watch.sent.append((time.perf_counter(), answered))
        super().act(action)


@dataclass
class Fairness:
    hostile_rooms: int
    computer_moves: list[float] = field(default_factory=list)  # seconds past the pace
    shots: list[float] = field(default_factory=list)  # a person's shot: sent to its update
    seconds: float = 0.0
    errors: list[str] = field(default_factory=list)

    def p(self, q: float, values: list[float] | None = None) -> float | None:
        data = sorted(self.computer_moves + self.shots if values is None else values)
        return round(1000 * data[min(len(data) - 1, int(len(data) * q))], 1) if data else None

    def summary(self) -> dict[str, Any]:
        return {
            "hostile_rooms": self.hostile_rooms,
            "victim_p99_ms": self.p(0.99),
            "victim_p50_ms": self.p(0.5),
            "computer_moves": len(self.computer_moves),
            "computer_p99_ms": self.p(0.99, self.computer_moves),
            "shots": len(self.shots),
            "shots_p99_ms": self.p(0.99, self.shots),
        }


def _seat(url: str, seats: list[dict[str, Any]], game: str, name: str, rng: random.Random,
          watch: Watch | None = None) -> ScriptedPerson:  # fmt: skip
    client: Client
    if watch is not None:
        client = TimedClient(url, on_frame=watch.frame, timeout=10.0)
        client.watch = watch  # type: ignore[attr-defined]
    else:
        client = Client(url, timeout=10.0)
    client.connect()
    client.create(name, game, seats)
    client.wait_for("joined", 10)
    person = ScriptedPerson(client, rng)
    if isinstance(client, TimedClient):
        client.person = person
    client.start()
    return person


def _drive(people: list[ScriptedPerson], end: float, stop: threading.Event) -> None:
    while time.monotonic() < end and not stop.is_set():
        for person in people:
            person.step()
        time.sleep(0.002)


def fairness(url: str, hostile_rooms: int = 24, seconds: float = 30.0, pace: float = 0.25,
             warm_up: float = 5.0) -> Fairness:  # fmt: skip
    """The victim rooms' latencies while `hostile_rooms` busy rooms play beside them."""
    report = Fairness(hostile_rooms)
    stop = threading.Event()
    hostile = [
        _seat(url, HOSTILE_SEATS, "skull-king", f"Busy {i + 1}", random.Random(i))
        for i in range(hostile_rooms)
    ]
    began = time.monotonic()
    end = began + warm_up + seconds
    busy = threading.Thread(target=_drive, args=(hostile, end, stop), daemon=True)
    busy.start()
    time.sleep(min(warm_up, 30.0))  # the busy rooms under way before the victims begin
    cards, skully = Watch(), Watch()
    victims = [
        _seat(url, VICTIM_CARDS, "skull-king", "Anne", random.Random(101), cards),
        _seat(url, VICTIM_SKULLY, "skully", "Bea", random.Random(102), skully),
    ]
    _drive(victims, end, stop)
    stop.set()
    busy.join(10)
    report.seconds = round(time.monotonic() - began, 1)
    for person in [*hostile, *victims]:
        report.errors += person.refused
        person.client.close()
    report.computer_moves = _computer_moves(cards, pace, seat=0)
    report.computer_moves += _computer_moves(skully, pace, seat=0)
    report.shots = _shots(skully)
    return report


def _computer_moves(watch: Watch, pace: float, seat: int) -> list[float]:
    """Each computer move's time past the pace: from the update before it (the computer's turn
    came) to its own update."""
    out = []
    ups = sorted(watch.updates)
    for (t0, move0, actor0), (t1, move1, _) in itertools.pairwise(ups):
        if actor0 is not None and actor0 != seat and move1 == move0 + 1:
            out.append(max(0.0, t1 - t0 - pace))
    return out


def _shots(watch: Watch) -> list[float]:
    """Each of the person's moves from sending to the update that applied it."""
    out = []
    for sent_at, answered in watch.sent:
        later = [t for t, move, _ in watch.updates if t > sent_at and move > answered]
        if later:
            out.append(min(later) - sent_at)
    return out
