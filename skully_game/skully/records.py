"""Versioned JSON records of shots, checked field by field when read (habits 5 and 12).

A shot record keeps what went in (board, caps in a fixed order, time step, positions, flick) and
what came out (rest positions, contacts), so a replay rebuilds a fresh space and can report a
divergence instead of hiding it. Files are never executed or unpickled; a bad file is refused with
one line naming the file, the field and what was expected.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pymunk

from skully_game import __version__
from skully_game.core.errors import DataError, kind_of
from skully_game.core.fileio import read_json, write_atomic
from skully_game.core.names import check_name
from skully_game.skully.board import BoardSpec, spec_from_dict, spec_to_dict
from skully_game.skully.caps import CapType
from skully_game.skully.physics import (
    MAX_SPEED,
    Contact,
    Flick,
    ShotResult,
    StepPolicy,
    overlapping,
    simulate,
)

SHOT_FORMAT = "skully-shot"
SHOT_VERSION = 4  # 2: "steps" names the step policy (1 had only the fixed one)
# 3: new shots are "swept" (caps never pass into each other in flight); 2's replay as they ran
# 4: new shots are "guarded" (as swept, at about half the steps); 3's replay as they ran
STEP_POLICIES = {p.value: p for p in StepPolicy}  # the file's word -> ShotResult.policy
MAX_COORD = 1000.0  # m: further than any cap can go from a board
# m: how far two caps of a shot file may overlap. Shots saved before the physics eased caps
# apart at rest (physics.REST_OVERLAP) may hold them pressed up to this far into each other.
OVERLAP_SLACK = 0.001


@dataclass(frozen=True)
class ShotRecord:
    """One shot, complete enough to re-simulate and to compare."""

    board: BoardSpec
    caps: tuple[CapType, ...]
    before: tuple[tuple[float, float], ...]
    flick: Flick
    dt: float
    rest: tuple[tuple[float, float], ...]
    contacts: tuple[Contact, ...]
    pinned: frozenset[int] = frozenset()
    name: str = ""
    program: str = __version__
    pymunk_version: str = pymunk.version
    policy: StepPolicy = StepPolicy.FIXED  # the step policy it was simulated with

    @property
    def adaptive(self) -> bool:
        """Whether it was stepped by its fastest cap (not the fixed dt of the oldest records)."""
        return self.policy is not StepPolicy.FIXED

    @staticmethod
    def of(
        board: BoardSpec,
        caps: tuple[CapType, ...],
        flick: Flick,
        result: ShotResult,
        pinned: frozenset[int] = frozenset(),
        name: str = "",
    ) -> ShotRecord:
        return ShotRecord(
            board,
            caps,
            result.start,
            flick.clamped(),
            result.dt,
            result.rest,
            result.contacts,
            pinned,
            name,
            policy=result.policy,
        )

    def simulate(self, trace: bool = True) -> ShotResult:
        return simulate(
            self.board,
            self.caps,
            self.before,
            self.flick,
            self.pinned,
            self.dt,
            trace=trace,
            policy=self.policy,
        )


# --- field checkers ---------------------------------------------------------------------


class Reader:
    """Checks one JSON object's fields, naming each by its path in the file."""

    def __init__(self, data: object, source: str, where: str = "") -> None:
        if not isinstance(data, dict):
            raise DataError(source, where or "record", "a JSON object", kind_of(data))
        self.data = data
        self.source = source
        self.where = where
        self.used: set[str] = set()

    def path(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key

    def get(self, key: str) -> Any:
        if key not in self.data:
            raise DataError(self.source, self.path(key), "a value (missing field)")
        self.used.add(key)
        return self.data[key]

    def optional(self, key: str, default: Any) -> Any:
        if key not in self.data:
            return default
        self.used.add(key)
        return self.data[key]

    def number(self, key: str, low: float = -MAX_COORD, high: float = MAX_COORD) -> float:
        return number(self.get(key), self.source, self.path(key), low, high)

    def integer(self, key: str, low: int, high: int) -> int:
        value = self.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise DataError(
                self.source, self.path(key), f"a whole number from {low} to {high}", value
            )
        return value

    def string(self, key: str, max_len: int = 200) -> str:
        value = self.get(key)
        if not isinstance(value, str) or len(value) > max_len:
            raise DataError(
                self.source, self.path(key), f"text of at most {max_len} characters", value
            )
        return value

    def name(self, key: str, max_len: int, *, empty: bool = False, what: str = "a name") -> str:
        """A name (a player's, a shot's) or other text a screen shows: printable, on one line."""
        where = self.path(key)
        return check_name(self.get(key), self.source, where, max_len, empty=empty, what=what)

    def array(self, key: str, max_len: int) -> list[Any]:
        value = self.get(key)
        if not isinstance(value, list) or len(value) > max_len:
            raise DataError(
                self.source,
                self.path(key),
                f"a list of at most {max_len} items",
                kind_of(value),
            )
        return value

    def done(self) -> None:
        extra = sorted(set(self.data) - self.used)
        if extra:
            raise DataError(
                self.source, self.path(extra[0]), "no such field (unknown key)", self.data[extra[0]]
            )


def number(
    value: object, source: str, where: str, low: float = -MAX_COORD, high: float = MAX_COORD
) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise DataError(source, where, "a number", value)
    x = float(value)
    if not math.isfinite(x) or not low <= x <= high:
        raise DataError(source, where, f"a finite number from {low:g} to {high:g}", value)
    return x


def point(value: object, source: str, where: str) -> tuple[float, float]:
    if not isinstance(value, list) or len(value) != 2:
        raise DataError(source, where, "a point [x, y] in metres", value)
    return (number(value[0], source, f"{where}[0]"), number(value[1], source, f"{where}[1]"))


def points(
    values: list[Any], count: int, source: str, where: str
) -> tuple[tuple[float, float], ...]:
    if len(values) != count:
        raise DataError(source, where, f"{count} points, one per cap", len(values))
    return tuple(point(v, source, f"{where}[{i}]") for i, v in enumerate(values))


def cap_list(values: list[Any], source: str, where: str) -> tuple[CapType, ...]:
    if not 1 <= len(values) <= 8:
        raise DataError(source, where, "1 to 8 caps", len(values))
    kinds = []
    for i, v in enumerate(values):
        try:
            kinds.append(CapType(v))
        except (ValueError, TypeError):
            names = ", ".join(t.value for t in CapType)
            raise DataError(source, f"{where}[{i}]", f"a cap type ({names})", v) from None
    return tuple(kinds)


def board_field(value: object, source: str, where: str) -> BoardSpec:
    try:
        return spec_from_dict(value, source)
    except DataError as exc:
        raise DataError(source, f"{where}.{exc.field}", exc.expected, exc.got) from None


def check_no_overlap(
    caps: tuple[CapType, ...],
    pts: tuple[tuple[float, float], ...],
    source: str,
    where: str,
    slack: float = OVERLAP_SLACK,
) -> None:
    pair = overlapping(caps, pts, slack)
    if pair is not None:
        raise DataError(
            source, where, f"caps {pair[0]} and {pair[1]} not overlapping", "overlapping caps"
        )


# --- shots ------------------------------------------------------------------------------


def flick_to_dict(flick: Flick) -> dict[str, Any]:
    return {"cap": flick.cap, "angle": flick.angle, "speed": flick.speed, "offset": flick.offset}


def flick_from(value: object, count: int, source: str, where: str) -> Flick:
    r = Reader(value, source, where)
    flick = Flick(
        cap=r.integer("cap", 0, count - 1),
        angle=r.number("angle", -100.0, 100.0),
        speed=r.number("speed", 0.0, MAX_SPEED),
        offset=r.number("offset", -1.0, 1.0),
    )
    r.done()
    return flick


def shot_to_dict(record: ShotRecord) -> dict[str, Any]:
    return {
        "format": SHOT_FORMAT,
        "version": SHOT_VERSION,
        "program": record.program,
        "pymunk": record.pymunk_version,
        "name": record.name,
        "board": spec_to_dict(record.board),
        "caps": [c.value for c in record.caps],
        "dt": record.dt,
        "steps": step_policy_name(record.policy),
        "pinned": sorted(record.pinned),
        "before": [list(p) for p in record.before],
        "flick": flick_to_dict(record.flick),
        "rest": [list(p) for p in record.rest],
        "contacts": [[c.time, c.a, c.b, c.speed] for c in record.contacts],
    }


def contacts_from(values: list[Any], count: int, source: str, where: str) -> tuple[Contact, ...]:
    out = []
    last = 0.0
    for i, v in enumerate(values):
        w = f"{where}[{i}]"
        if not isinstance(v, list) or len(v) != 4:
            raise DataError(source, w, "[time, cap a, cap b, speed]", v)
        t = number(v[0], source, f"{w}[0]", 0.0, 600.0)
        a, b = v[1], v[2]
        for k, c in ((1, a), (2, b)):
            if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < count:
                raise DataError(source, f"{w}[{k}]", f"a cap index from 0 to {count - 1}", c)
        if a >= b:
            raise DataError(source, w, "cap a < cap b", v)
        if t < last:
            raise DataError(source, f"{w}[0]", "contacts in time order", t)
        last = t
        out.append(Contact(t, a, b, number(v[3], source, f"{w}[3]", 0.0, 1000.0)))
    return tuple(out)


def shot_from_dict(data: object, source: str = "") -> ShotRecord:
    data = upgrade(data, source, SHOT_FORMAT, SHOT_VERSION, SHOT_UPGRADES)
    r = Reader(data, source)
    r.get("format"), r.get("version")
    program = r.string("program", 40)
    pymunk_version = r.string("pymunk", 40)
    name = r.name("name", 80, empty=True)
    board = board_field(r.get("board"), source, "board")
    caps = cap_list(r.array("caps", 8), source, "caps")
    n = len(caps)
    dt = r.number("dt", 1e-5, 1 / 240)
    policy = step_policy(r)
    pinned_list = r.array("pinned", n)
    pinned = set()
    for i, v in enumerate(pinned_list):
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < n:
            raise DataError(source, f"pinned[{i}]", f"a cap index from 0 to {n - 1}", v)
        pinned.add(v)
    before = points(r.array("before", 8), n, source, "before")
    check_no_overlap(caps, before, source, "before")
    flick = flick_from(r.get("flick"), n, source, "flick")
    if flick.cap in pinned:
        raise DataError(source, "flick.cap", "a cap that is not held down", flick.cap)
    rest = points(r.array("rest", 8), n, source, "rest")
    contacts = contacts_from(r.array("contacts", 100_000), n, source, "contacts")
    r.done()
    return ShotRecord(
        board,
        caps,
        before,
        flick,
        dt,
        rest,
        contacts,
        frozenset(pinned),
        name,
        program,
        pymunk_version,
        policy,
    )


def step_policy_name(policy: StepPolicy) -> str:
    return policy.value


def step_policy(r: Reader) -> StepPolicy:
    """The "steps" field: how the shot was stepped, so that it replays exactly as it ran."""
    value = r.get("steps")
    if not isinstance(value, str) or value not in STEP_POLICIES:
        raise DataError(
            r.source, r.path("steps"), "'fixed', 'adaptive', 'swept' or 'guarded'", value
        )
    return STEP_POLICIES[value]


def save_shot(record: ShotRecord, path: str | Path) -> None:
    write_atomic(path, json.dumps(shot_to_dict(record), indent=1))


def load_shot(path: str | Path) -> ShotRecord:
    return shot_from_dict(read_json(path), str(path))


@dataclass(frozen=True)
class Check:
    """A re-simulated shot against its record."""

    label: str
    matches: bool
    worst: float  # largest distance between recorded and re-simulated rest positions, m

    def line(self) -> str:
        verdict = "ok" if self.matches else f"DIVERGES (up to {self.worst * 1000:.3f} mm)"
        return f"{self.label}: {verdict}"


def check_shot(record: ShotRecord, label: str = "shot") -> Check:
    """Re-simulate in a fresh space and compare rest positions bit for bit."""
    result = record.simulate(trace=False)
    same = result.rest == record.rest
    worst = max(
        (math.dist(a, b) for a, b in zip(result.rest, record.rest, strict=True)), default=0.0
    )
    return Check(label, same, worst)


# --- versions ---------------------------------------------------------------------------

Upgrader = Callable[[dict[str, Any]], dict[str, Any]]


def _shot_v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 shots were all stepped at their fixed dt."""
    data["steps"] = "fixed"
    data["version"] = 2
    return data


def _shot_v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 shots name their own step policy ("fixed" or "adaptive") and replay by it."""
    data["version"] = 3
    return data


def _shot_v3_to_v4(data: dict[str, Any]) -> dict[str, Any]:
    """Version 3 shots name their own step policy (up to "swept") and replay by it."""
    data["version"] = 4
    return data


SHOT_UPGRADES: dict[int, Upgrader] = {
    1: _shot_v1_to_v2,
    2: _shot_v2_to_v3,
    3: _shot_v3_to_v4,
}  # version n -> one giving n+1


def upgrade(
    data: object, source: str, fmt: str, current: int, steps: dict[int, Upgrader]
) -> dict[str, Any]:
    """Check format and version, and bring an older record up one version at a time."""
    if not isinstance(data, dict):
        raise DataError(source, "record", "a JSON object", kind_of(data))
    if data.get("format") != fmt:
        raise DataError(source, "format", f"'{fmt}'", data.get("format"))
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or not 1 <= version <= current:
        raise DataError(source, "version", f"a version from 1 to {current}", version)
    while version < current:
        data = steps[version](dict(data))
        version += 1
        data["version"] = version
    return data
