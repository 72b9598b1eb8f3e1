"""The facts of a finished shot, per player: where each cap was and came to rest, what touched what.

The rules judge these facts only (architecture habit 1); `shot_setup` and `shot_facts` translate
between players and the physics' cap list, where eliminated players have no cap.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skully_game.skully.caps import CapType
from skully_game.skully.geometry import Vec
from skully_game.skully.rules.options import RuleOptions
from skully_game.skully.rules.state import GameState

if TYPE_CHECKING:
    from skully_game.skully.physics import Flick, ShotResult


@dataclass(frozen=True)
class ShotFacts:
    """One shot in player terms; positions are None for caps not on the table."""

    shooter: int
    before: tuple[Vec | None, ...]
    after: tuple[Vec | None, ...]
    contacts: tuple[tuple[int, int], ...] = ()  # pairs of players, in time order


@dataclass(frozen=True)
class ShotSetup:
    """The physics' inputs for the shot to play: cap i of the physics is player `players[i]`."""

    players: tuple[int, ...]
    caps: tuple[CapType, ...]
    positions: tuple[Vec, ...]
    pinned: frozenset[int]  # holdsies
    shooter_cap: int  # the physics index of the shooter's cap

    def flick(self, angle: float, speed: float, offset: float = 0.0) -> Flick:
        from skully_game.skully.physics import Flick

        return Flick(self.shooter_cap, angle, speed, offset)


def shot_setup(state: GameState, options: RuleOptions) -> ShotSetup:
    """Caps on the table in player order; with holdsies every other cap is held.

    A stuck player's owner wants the cap knocked out of the skull, so it is never held.
    """
    players: list[int] = []
    caps: list[CapType] = []
    positions: list[Vec] = []
    pinned: set[int] = set()
    for i, p in enumerate(state.players):
        if p.pos is None or p.eliminated:
            continue
        if options.holdsies and i != state.to_play and not p.stuck:
            pinned.add(len(players))
        players.append(i)
        caps.append(p.cap)
        positions.append(p.pos)
    if state.to_play not in players:
        raise ValueError("the player to shoot has no cap on the table")
    return ShotSetup(
        players=tuple(players),
        caps=tuple(caps),
        positions=tuple(positions),
        pinned=frozenset(pinned),
        shooter_cap=players.index(state.to_play),
    )


def shot_facts(state: GameState, setup: ShotSetup, result: ShotResult) -> ShotFacts:
    """Translate a physics ShotResult back to players."""
    count = len(state.players)
    before: list[Vec | None] = [None] * count
    after: list[Vec | None] = [None] * count
    for k, player in enumerate(setup.players):
        before[player] = result.start[k]
        after[player] = result.rest[k]
    contacts = tuple((setup.players[c.a], setup.players[c.b]) for c in result.contacts)
    return ShotFacts(
        shooter=setup.players[setup.shooter_cap],
        before=tuple(before),
        after=tuple(after),
        contacts=contacts,
    )
