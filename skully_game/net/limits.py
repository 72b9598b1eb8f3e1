"""What one address may hold on a server, so that no stranger fills it: connections open at once
and rooms open at once (each refused in a player's words), the longest grace a room is granted
whatever its host asks, and how soon a lobby nobody is in goes away. A real server (`skully
serve`) and a game hosted inside the program each have their defaults; the tests and
tools/net_check.py set their own (on 127.0.0.1 every client shares one address)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Limits:
    rooms_per_address: int = 8  # rooms open at once that one address created
    connections_per_address: int = 32  # a club behind one router: a few tables of eight
    most_grace: int = (
        600  # seconds a dropped person's seat is kept at most (the host's menu's longest)
    )
    lobby_ttl: float = 30.0  # seconds a room not yet begun lasts once nobody is in it
    origins: tuple[str, ...] = ()  # web pages (browser origins) allowed to connect: none


# A game hosted inside the program: its own machine creates the room; friends only join.
HOSTED = Limits(rooms_per_address=4, connections_per_address=16)


def too_many_rooms(most: int) -> str:
    return (
        f"you already have {most} {'room' if most == 1 else 'rooms'} open on this server: "
        "finish or leave one, or wait a minute, then try again"
    )


def too_many_connections(most: int) -> str:
    return (
        f"there are already {most} connections from your address to this server: "
        "close another game window, then try again"
    )


@dataclass
class AddressBook:
    """Connections and rooms held per address (counted on the server's event loop)."""

    limits: Limits
    connections: Counter[str] = field(default_factory=Counter)
    rooms: Counter[str] = field(default_factory=Counter)

    def connect(self, address: str) -> str | None:
        """Count a new connection; the refusal in words if the address holds too many."""
        if self.connections[address] >= self.limits.connections_per_address:
            return too_many_connections(self.limits.connections_per_address)
        self.connections[address] += 1
        return None

    def disconnect(self, address: str) -> None:
        self.connections[address] -= 1
        if self.connections[address] <= 0:
            del self.connections[address]

    def may_create(self, address: str) -> str | None:
        """None if `address` may open one more room, else the refusal in words."""
        if self.rooms[address] >= self.limits.rooms_per_address:
            return too_many_rooms(self.limits.rooms_per_address)
        return None

    def created(self, address: str) -> None:
        self.rooms[address] += 1

    def closed(self, address: str) -> None:
        self.rooms[address] -= 1
        if self.rooms[address] <= 0:
            del self.rooms[address]

    def grace(self, asked: int) -> int:
        """The grace a room is granted: what its host asked, at most the server's longest."""
        return min(asked, self.limits.most_grace)
