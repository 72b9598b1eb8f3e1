"""Scripted remote people for the tests and tools: each plays its seat through a real client,
as a person at another desk would, acting only on what the server sent it. A table game's person
picks among the legal moves it was sent; a Skully person rebuilds the game from the server's
actions (mirror.py), plans its flick with a computer player's planner and sends the flick."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from cards import registry
from skully_game.net.client import Client
from skully_game.net.mirror import SkullyMirror
from skully_game.skully.ai import Planner
from skully_game.skully.session import KeepAction, PlaceAction, SwitchAction
from skully_game.skully.skill import level


@dataclass
class ScriptedPerson:
    """One person's seat played by a script through `client`."""

    client: Client
    rng: random.Random
    skully_level: str = "perfect"
    mirror: SkullyMirror | None = None
    last: dict[str, Any] | None = None  # the newest update
    acted_at: int = -1  # the move number it last acted on
    refused: list[str] = field(default_factory=list)
    lobby: dict[str, Any] | None = None
    over: bool = False
    closed: dict[str, Any] | None = None
    moves: int = 0
    syncs: int = 0  # whole catch-ups received (on coming back)

    def step(self) -> None:
        """Read what came and act if it is this seat's turn (never waits)."""
        for message in self.client.poll():
            self.handle(message)

    def handle(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "setup":  # a game begins (again, after a rematch)
            self.acted_at, self.over = -1, False
        if kind == "setup" and message["game"] == "skully":
            self.mirror = SkullyMirror(message)
        elif kind == "lobby":
            self.lobby = message
        elif kind == "refused":
            self.refused.append(message["reason"])
            self.acted_at = -1  # choose again from the newest update
            self._maybe_act()
        elif kind == "closed":
            self.closed = message
        elif kind == "update":
            if self.mirror is not None:
                if message["sync"]:
                    self.mirror.actions = []  # the catch-up sends every action again
                self.mirror.add(message.get("actions", []))
            self.syncs += message["sync"]
            self.last = message
            self.over = message["over"]
            self._maybe_act()

    def _maybe_act(self) -> None:
        update = self.last
        if update is None or update["over"] or update["actor"] != update["seat"]:
            return
        if update["move"] <= self.acted_at:
            return
        self.acted_at = update["move"]
        self.client.act(self.choose(update))
        self.moves += 1

    def choose(self, update: dict[str, Any]) -> Any:
        if self.mirror is None:
            return self.rng.choice(update["legal"])
        session = self.mirror.copy()
        planner = Planner(level(self.skully_level), self.rng, samples=1)
        state = session.state
        if state.pending or state.offers:
            count = len(session.actions)
            planner.decide(session)
            if len(session.actions) > count:
                return _move(session.actions[-1])
        flick, _ = planner.flick(session)
        return {"kind": "shot", "angle": flick.angle, "speed": flick.speed, "offset": flick.offset}


def _move(action: Any) -> dict[str, Any]:
    """A decision the planner made on a copy, as the move a client sends."""
    if isinstance(action, PlaceAction):
        return {"kind": "place", "at": list(action.at)}
    if isinstance(action, KeepAction):
        return {"kind": "keep", "keep": action.keep}
    if isinstance(action, SwitchAction):
        return {"kind": "switch", "cap": action.cap.value}
    raise TypeError(f"not a decision: {action!r}")


def run(people: list[ScriptedPerson], until: Any, timeout: float, pause: float = 0.001) -> bool:
    """Step every person until `until()` is true (True) or `timeout` seconds pass (False)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for person in people:
            person.step()
        if until():
            return True
        time.sleep(pause)
    return False


@dataclass
class MatchReport:
    """How one game across desks went: for the tests and tools/net_check.py."""

    game: str
    finished: bool
    leaks: list[str]
    rejoined: bool | None  # None: nobody was dropped
    record: dict[str, Any]
    people: list[ScriptedPerson]
    seconds: float
    replayed: int = 0  # Skully shots a client simulated again to the server's rest exactly
    watched: Watched | None = None  # what a spectator of the game was sent


@dataclass
class Watched:
    """A spectator's side of a proof match: how many frames, the spy's findings in them, and
    whether the whole record reached them at the end."""

    frames: int
    leaks: list[str]
    record: bool


class _Levels(Mapping[str, str]):
    """A computer seat's level per game in the proof matches: quick, yet a real player (Skully's
    perfect aim; a table game's `GameEntry.match_bot`), for every registered game."""

    def __getitem__(self, game: str) -> str:
        if game == "skully":
            return "perfect"
        try:
            return registry.game(game).entry().match_bot
        except KeyError:
            raise KeyError(game) from None

    def __iter__(self) -> Iterator[str]:
        return iter(["skully", *(info.key for info in registry.GAMES)])

    def __len__(self) -> int:
        return 1 + len(registry.GAMES)


COMPUTER: Mapping[str, str] = _Levels()


@dataclass(frozen=True)
class Seated:
    """A room of three begun: Anne hosts it (her client, its lobby and the game's setup as the
    server sent them), Bea sits at another desk, a computer player in the third seat."""

    host: Client
    guest: Client
    lobby: dict[str, Any]
    setup: dict[str, Any]


def seat_three(
    url: str, game: str, options: dict[str, Any] | None = None, grace: int | None = None
) -> Seated:
    """Anne creates a room of `game` at `url`, Bea joins it with its code, Anne starts it."""
    host = Client(url).connect()
    seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "computer", "level": COMPUTER[game]}]
    host.create("Anne", game, seats, options, grace=grace)
    room = host.wait_for("joined")["room"]
    guest = Client(url).connect()
    guest.join("Bea", room)
    guest.wait_for("joined")
    lobby = None
    while lobby is None or lobby["seats"][1]["open"]:
        lobby = host.wait_for("lobby")
    host.start()
    return Seated(host, guest, lobby, host.wait_for("setup"))


def play_match(
    url: str, game: str, drop_after: int | None = None, timeout: float = 90.0, seed: int = 1
) -> MatchReport:
    """Two scripted people (Anne hosts, Bea joins) and a computer player play a whole game of
    `game` through `url`; a wire spy taps every frame each person's client receives. With
    `drop_after`, Bea's connection dies after that many of her moves and she comes back with
    her token on a new connection."""
    from skully_game.net.spy import Tap, card_leaks, seed_leaks

    began = time.monotonic()
    taps = [Tap(0), Tap(1)]
    host = Client(url, on_frame=taps[0]).connect()
    host.create(
        "Anne",
        game,
        [{"kind": "me"}, {"kind": "open"}, {"kind": "computer", "level": COMPUTER[game]}],
    )
    room = host.wait_for("joined")["room"]
    guest = Client(url, on_frame=taps[1]).connect()
    guest.join("Bea", room)
    guest.wait_for("joined")
    eye = Tap(None)  # Cy watches from a third desk: no seat, only what is public
    cy = Client(url, on_frame=eye).connect()
    cy.watch("Cy", room)
    cy.wait_for("watching")
    anne = ScriptedPerson(host, random.Random(seed))
    bea = ScriptedPerson(guest, random.Random(seed + 1))
    people = [anne, bea]
    host.start()
    rejoined: bool | None = None
    if drop_after is not None:
        run(people, lambda: bea.moves >= drop_after or bea.over, timeout / 2)
        if not bea.over:
            token = guest.token
            guest.kill()
            run(people, lambda: _away(anne, 1), 10)
            back = Client(url, on_frame=taps[1]).connect()
            assert token is not None
            back.rejoin(room, token)
            bea = ScriptedPerson(back, random.Random(seed + 2))
            people = [anne, bea]
            rejoined = run(people, lambda: bea.syncs > 0, 10)
    finished = run(people, lambda: all(p.over for p in people), timeout)
    host.ask_record()
    record = host.wait_for("record", 10)["record"] if finished else {}
    leaks: list[str] = []
    seen: list[str] = []
    replayed = 0
    shown = record_shown(eye, 5) if finished else False
    if record:
        seed_value = record["seed"] if game == "skully" else record["game"]["seed"]
        leaks += [f"the seed in {n} frames" for n in [seed_leaks(taps, seed_value)] if n]
        seen += [f"the seed in {n} frames" for n in [seed_leaks([eye], seed_value)] if n]
        if game != "skully":
            leaks += card_leaks(taps, record, game)
            seen += card_leaks([eye], record, game)
        replayed = sum(p.mirror.replayed for p in people if p.mirror is not None)
    for person in people:
        person.client.close()
    cy.close()
    watched = Watched(len(eye.frames), seen, shown)
    return MatchReport(
        game, finished, leaks, rejoined, record, people, time.monotonic() - began, replayed,
        watched,
    )  # fmt: skip


def read_until(
    clients: list[Client], heard: list[list[dict[str, Any]]], done: Any, limit: float
) -> bool:
    """Read every client's messages into its box in `heard` until `done()` holds (True) or
    `limit` seconds pass (False): the one bounded read loop of the clock checks and tests."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        for client, box in zip(clients, heard, strict=True):
            box.extend(client.poll())
        if done():
            return True
        time.sleep(0.002)
    return False


def record_shown(tap: Any, timeout: float) -> bool:
    """Whether the whole record reached the spectator once the game was over."""
    from skully_game.net.spy import RECORD

    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with tap.lock:
            if any(frame.startswith(RECORD) for frame in tap.frames):
                return True
        time.sleep(0.02)
    return False


def _away(person: ScriptedPerson, seat: int) -> bool:
    """Whether `person` has been told that `seat` is away."""
    return person.lobby is not None and not person.lobby["seats"][seat]["connected"]
