"""A game's shots made ready to show: where every cap stood before each shot, what the rules
said of it, and its physics run again from the record (made when first shown, the last few kept).

Shots are re-simulated from their records (a fresh space, the recorded dt), which is what
`skully replay --check` proves gives the recorded rest positions bit for bit.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import overload

from skully_game.scenes.skully.capkit import CapLook, cap_looks, places, seat_looks
from skully_game.skully.physics import ShotResult
from skully_game.skully.records import ShotRecord
from skully_game.skully.rules import shot_setup
from skully_game.skully.rules.events import Event
from skully_game.skully.session import Session, ShotAction

Vec = tuple[float, float]
RESULTS_KEPT = 8  # simulated shots kept for going back and forth; the rest are made again


class Results:
    """The shots simulated again for showing, the last few kept: a long game's thousands of
    trajectories are never all in memory, and none is made before it is shown."""

    def __init__(self) -> None:
        self.kept: OrderedDict[int, ShotResult] = OrderedDict()

    def of(self, clip: Clip) -> ShotResult:
        key = id(clip)  # clips live as long as their list, so their ids are theirs
        if key in self.kept:
            self.kept.move_to_end(key)
            return self.kept[key]
        result = clip.record.simulate()
        self.kept[key] = result
        while len(self.kept) > RESULTS_KEPT:
            self.kept.popitem(last=False)
        return result


@dataclass(frozen=True, eq=False)
class Clip:
    """One shot ready to show: where every cap stood, what happened, and what the rules said.
    Its physics run (`result`) is made when it is first shown."""

    title: str
    before: tuple[Vec | None, ...]  # per table cap; None: not on the table
    caps: tuple[int, ...]  # physics cap k is table cap caps[k]
    events: tuple[Event, ...]
    record: ShotRecord
    results: Results = field(repr=False)

    @property
    def result(self) -> ShotResult:
        return self.results.of(self)


class Clips(Sequence[Clip]):
    """A game's shots as clips, readied in order as far as asked: the rules state before each
    shot comes from applying the game's actions once, a step at a time, so a game of thousands
    of shots opens at its first at once (the rest are readied a little each frame)."""

    def __init__(self, session: Session) -> None:
        self.fresh = session.fresh()
        self.actions = session.actions
        self.count = sum(isinstance(a, ShotAction) for a in self.actions)
        self.done = 0  # actions applied to `fresh`
        self.made: list[Clip] = []
        self.results = Results()

    def __len__(self) -> int:
        return self.count

    @overload
    def __getitem__(self, index: int) -> Clip: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Clip]: ...

    def __getitem__(self, index: int | slice) -> Clip | Sequence[Clip]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self.count))]
        if index < 0:
            index += self.count
        if not 0 <= index < self.count:
            raise IndexError(index)
        while len(self.made) <= index:
            self._step()
        return self.made[index]

    @property
    def ready(self) -> bool:
        return len(self.made) == self.count

    def prepare(self, budget: float) -> None:
        """Ready the clips ahead for up to `budget` seconds."""
        stop = time.perf_counter() + budget
        while not self.ready and time.perf_counter() < stop:
            self._step()

    def _step(self) -> None:
        action = self.actions[self.done]
        self.done += 1
        if not isinstance(action, ShotAction):
            self.fresh.apply(action)
            return
        state = self.fresh.state
        setup = shot_setup(state, self.fresh.options)
        shot_record = action.record(self.fresh.board_spec, setup.caps, setup.pinned)
        before = places(state.players)
        shooter = state.players[action.player]
        events = self.fresh.apply(action)
        title = f"Shot {len(self.made) + 1}: {shooter.name}"
        self.made.append(Clip(title, before, setup.players, events, shot_record, self.results))


def clips_of(record: ShotRecord | Session) -> tuple[list[CapLook], Sequence[Clip]]:
    """The caps' looks and the clips of a saved shot (one clip) or of a game (one a shot)."""
    if isinstance(record, ShotRecord):
        before, caps = record.before, tuple(range(len(record.caps)))
        clip = Clip(record.name or "Saved shot", before, caps, (), record, Results())
        return cap_looks(record.caps), [clip]
    return seat_looks(record.seats), Clips(record)
