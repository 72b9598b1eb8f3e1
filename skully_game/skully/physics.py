"""Caps sliding on asphalt: a pymunk world, a flick, and a shot simulated to rest.

Sliding friction is Coulomb (constant deceleration mu*g) and is computed in C: each cap has a
PivotJoint and a GearJoint to the static body with max_bias 0 and a max force of mu*m*g (pymunk's
tank example). The step is chosen by a policy each record names (StepPolicy): small enough that
the fastest cap moves less than the smallest radius a step, and, for new shots, fine enough while
caps may meet that none closes on another by more than APPROACH a step. The same inputs give
bit-identical results. No pygame here.
"""

from __future__ import annotations

import math
import threading
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache, partial
from itertools import repeat, starmap

import pymunk
import pymunk.batch as batch

try:  # chipmunk's own calls, which pymunk's setters wrap (its internals: a fallback if moved)
    from pymunk._chipmunk_cffi import ffi as _ffi
    from pymunk._chipmunk_cffi import lib as _lib
except ImportError:  # pragma: no cover - a pymunk release that moved it
    _ffi = _lib = None

from skully_game.skully.board import BoardSpec
from skully_game.skully.caps import CapSpec, CapType
from skully_game.skully.slide import Policy, block_step, lone_slide

Vec = tuple[float, float]

G = 9.81  # m/s^2
MAX_SPEED = 7.0  # m/s: a hard flick; with mu 0.45 a crown cap slides 5.5 m
BASE_DT = 1.0 / 240.0  # the largest step we allow; sub-stepped when caps are small or fast
SAMPLE_HZ = 60  # trajectory samples per simulated second (drawing interpolates between them)
CONTROL = 4  # sample periods between the adaptive policy's rest tests and choices of step (1/15 s)
REST_SPEED = 0.002  # m/s: every cap slower than this means the shot is over
REST_SPIN = 0.1  # rad/s: ...and spinning slower than this (a rim speed of about 2 mm/s)
MAX_SHOT_TIME = 30.0  # s: a safety net; no legal flick takes a tenth of this
CAP_FRICTION = 0.3  # cap-on-cap surface friction: lets spin carry into a hit
COLLISION_SLOP = 1e-4  # m: allowed overlap before pymunk pushes caps apart
# m: the most two caps may overlap at rest. Friction can hold a cap pressed into another (most
# of all against a held one, holdsies) by millimetres; a shot that ends so is eased apart.
REST_OVERLAP = 5e-4
# m: how far clear of every other cap a lone slide's path must stay (World.shoot); chipmunk and
# the slide's arithmetic part by about 1e-12 m, so a shot that passes this near is stepped
CLEAR = 1e-3
# m: the most a cap may close on another in one step while a contact can begin (the swept
# policy): a hit is judged by contact, so caps never pass more than about this into each other
APPROACH = 8e-4
# m: how near two caps' paths must pass in a period for the swept policy to step it finely: a
# rounding's worth, so that a slide that touches no cap is stepped as the adaptive policy steps
# it (and its lone-slide sum, the flick guide's and the planner's, stays exact)
NEAR = 1e-9
# m/s: a cap slower than this counts as still to the guarded policy (`World._guard`): what is
# left of an earlier shot's friction (a world a planner shoots in again and again) then never
# tips a choice of step, and it moves less than 0.03 mm in the longest shot
STIRRING = 1e-6
# N*s: a friction joint's impulse left from an earlier shot below which warm-starting with it
# moves a cap less than 1e-15 m (chipmunk's leftovers die out by a factor of about 1e-16 a step)
STILL = 1e-18
_FIELDS = (
    batch.BodyFields.BODY_ID
    | batch.BodyFields.POSITION
    | batch.BodyFields.ANGLE
    | batch.BodyFields.VELOCITY
    | batch.BodyFields.ANGULAR_VELOCITY
)
_STRIDE = 6  # floats per body in the batch buffer: x, y, angle, vx, vy, spin
# x, y, vx, vy, spin: the rest test's 3 (and where the caps are, for `World._calm_periods`)
_MOTION = batch.BodyFields.POSITION | batch.BodyFields.VELOCITY | batch.BodyFields.ANGULAR_VELOCITY


class StepPolicy(Enum):
    """How a shot is stepped; a record names its own, so that it replays exactly as it ran."""

    FIXED = "fixed"  # every step dt, the worst case of the whole shot (records before adaptive)
    ADAPTIVE = "adaptive"  # each control period's step from its fastest cap (shot version 2)
    # as ADAPTIVE, but a control period in which two caps' paths come near is stepped so finely
    # that no cap closes on another by more than APPROACH a step (shot version 3, game 6)
    SWEPT = "swept"
    # as SWEPT, but from the soonest moment caps may meet each BASE_DT is stepped only as finely
    # as the contacts that may begin in it need, judged at its start (shot version 4, game 7)
    GUARDED = "guarded"


NEWEST = StepPolicy.GUARDED  # the policy of every new shot


@dataclass(frozen=True)
class Flick:
    """A finger's impulse on one cap: direction, speed (capped), and off-centre contact for spin.

    `offset` is where the finger meets the cap, across the direction of travel, as a fraction of
    the radius (-1..1); positive (left of centre) gives clockwise spin.
    """

    cap: int
    angle: float  # radians, direction of travel (0 = +x)
    speed: float  # m/s, clamped to MAX_SPEED
    offset: float = 0.0

    def clamped(self) -> Flick:
        for name in ("angle", "speed", "offset"):
            if not math.isfinite(getattr(self, name)):
                raise ValueError(f"flick {name} must be a finite number")
        speed = min(max(self.speed, 0.0), MAX_SPEED)
        offset = min(max(self.offset, -1.0), 1.0)
        return Flick(self.cap, self.angle, speed, offset)


@dataclass(frozen=True)
class Contact:
    """Two caps touched: the first contact of a touch, in time order."""

    time: float  # s after the flick
    a: int  # cap indexes, a < b
    b: int
    speed: float  # closing speed along the normal, m/s (how hard: the click's loudness)


class Trajectory:
    """Sampled cap positions at SAMPLE_HZ, kept as raw buffers and decoded only when drawn."""

    def __init__(self, count: int, start: Sequence[Vec]) -> None:
        self.count = count
        self.dt = 1.0 / SAMPLE_HZ
        self._frames: list[tuple[tuple[float, float, float], ...] | None] = [
            tuple([(x, y, 0.0) for x, y in start])
        ]
        self._raw: list[tuple[bytes, bytes] | None] = [None]
        self._index: dict[int, int] = {}

    def _add_raw(self, ids: bytes, floats: bytes) -> None:
        self._raw.append((ids, floats))
        self._frames.append(None)

    def __len__(self) -> int:
        return len(self._frames)

    @property
    def duration(self) -> float:
        return (len(self._frames) - 1) * self.dt

    def frame(self, k: int) -> tuple[tuple[float, float, float], ...]:
        """Positions and angles (x, y, angle) of every cap at sample k."""
        k = max(0, min(k, len(self._frames) - 1))
        cached = self._frames[k]
        if cached is not None:
            return cached
        raw = self._raw[k]
        assert raw is not None
        ids = memoryview(raw[0]).cast("P")
        floats = memoryview(raw[1]).cast("d")
        out: list[tuple[float, float, float]] = list(self._frames[0] or ())
        for j, body_id in enumerate(ids):
            index = self._index.get(body_id)
            if index is not None:
                o = j * _STRIDE
                out[index] = (floats[o], floats[o + 1], floats[o + 2])
        frame = tuple(out)
        self._frames[k] = frame
        return frame

    def at(self, t: float) -> tuple[tuple[float, float, float], ...]:
        """Positions at time t, linearly interpolated between samples (for smooth drawing)."""
        if t <= 0:
            return self.frame(0)
        x = t / self.dt
        k = int(x)
        if k >= len(self._frames) - 1:
            return self.frame(len(self._frames) - 1)
        f = x - k
        a, b = self.frame(k), self.frame(k + 1)
        return tuple(
            (p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f, p[2] + (q[2] - p[2]) * f)
            for p, q in zip(a, b, strict=True)
        )


@dataclass(frozen=True)
class ShotResult:
    """What came out of a shot: everything the rules and the replay need."""

    start: tuple[Vec, ...]
    rest: tuple[Vec, ...]
    contacts: tuple[Contact, ...]
    duration: float  # simulated seconds to rest
    steps: int
    dt: float
    settled: bool  # False only if the safety net stopped it
    trajectory: Trajectory = field(compare=False, repr=False)
    policy: StepPolicy = StepPolicy.FIXED  # the step policy it was simulated with

    @property
    def adaptive(self) -> bool:
        """Whether each period's step came from its fastest cap (not the fixed dt)."""
        return self.policy is not StepPolicy.FIXED

    def touched(self) -> frozenset[int]:
        """Every cap that took part in a contact."""
        return frozenset(i for c in self.contacts for i in (c.a, c.b))


def pair_restitution(a: CapType, b: CapType) -> float:
    """pymunk multiplies the two shapes' elasticities, so each shape carries sqrt(e)."""
    return math.sqrt(a.spec.restitution * b.spec.restitution)


def step_dt(caps: Sequence[CapType]) -> float:
    return _step_dt(frozenset(caps))


@lru_cache(maxsize=128)
def _step_dt(caps: frozenset[CapType]) -> float:
    """The fixed step: BASE_DT, divided until the fastest possible cap moves < its radius a step.

    The fastest cap is the flicked one at MAX_SPEED, or a light cap struck head-on by a heavier
    one, which leaves at (1+e)*m1/(m1+m2) times the striker's speed.
    """
    return BASE_DT / substeps(MAX_SPEED, caps)


def substeps(speed: float, caps: frozenset[CapType]) -> int:
    """How many steps BASE_DT is cut into so that a cap at `speed`, or any cap it strikes, moves
    less than the smallest radius in a step (at least one)."""
    factor, r_min = _reach(caps)
    return max(1, math.ceil(speed * factor * BASE_DT / r_min * 1.0001))


@lru_cache(maxsize=128)
def _reach(caps: frozenset[CapType]) -> tuple[float, float]:
    """(the greatest speed-up a hit can give, the smallest radius) among these caps."""
    factor = 1.0
    for a in caps:
        for b in caps:
            sa, sb = a.spec, b.spec
            factor = max(factor, (1 + pair_restitution(a, b)) * sa.mass / (sa.mass + sb.mass))
    return factor, min(c.spec.radius for c in caps)


def step_policy(caps: Sequence[CapType]) -> Policy:
    """The adaptive and swept step policies' numbers for a world with these caps: what its
    lone slides are summed with, so the flick guide's rest is the one a stepped shot comes to."""
    return _step_policy(frozenset(caps))


@lru_cache(maxsize=128)
def _step_policy(caps: frozenset[CapType]) -> Policy:
    factor, r_min = _reach(caps)
    return Policy(
        BASE_DT,
        1.0 / SAMPLE_HZ,
        CONTROL,
        REST_SPEED,
        math.ceil(MAX_SHOT_TIME * SAMPLE_HZ),
        factor * BASE_DT / r_min * 1.0001,  # see substeps()
    )


def overlapping(
    caps: Sequence[CapType], positions: Sequence[Vec], slack: float = 0.0
) -> tuple[int, int] | None:
    """The first pair of caps whose discs overlap by more than `slack`, if any."""
    for i in range(len(caps)):
        for j in range(i + 1, len(caps)):
            gap = math.dist(positions[i], positions[j]) - caps[i].spec.radius - caps[j].spec.radius
            if gap < -slack:
                return (i, j)
    return None


def ease_apart(
    caps: Sequence[CapType], positions: Sequence[Vec], pinned: frozenset[int] = frozenset()
) -> tuple[Vec, ...] | None:
    """Caps that came to rest overlapping by more than REST_OVERLAP pushed apart until they just
    touch, or overlap by less than half that (each pair along the line of centres, the lighter cap moving more, a held cap not at
    all), or None when no pair does: most shots, whose rest is then exactly what pymunk left."""
    if overlapping(caps, positions, REST_OVERLAP) is None:
        return None
    pts = [list(p) for p in positions]
    weight = [0.0 if i in pinned else 1.0 / c.spec.mass for i, c in enumerate(caps)]
    for _ in range(200):
        moved = False
        for i in range(len(pts)):
            for j in range(i + 1, len(pts)):
                push = caps[i].spec.radius + caps[j].spec.radius - math.dist(pts[i], pts[j])
                share = weight[i] + weight[j]
                if push <= REST_OVERLAP / 2 or share == 0.0:
                    continue
                dx, dy = pts[j][0] - pts[i][0], pts[j][1] - pts[i][1]
                d = math.hypot(dx, dy)
                if d < 1e-12:
                    dx, dy, d = 1.0, 0.0, 1.0
                push += 1e-7  # a hair more, so rounding never leaves them a hair inside
                ux, uy = dx / d * push / share, dy / d * push / share
                pts[i][0] -= ux * weight[i]
                pts[i][1] -= uy * weight[i]
                pts[j][0] += ux * weight[j]
                pts[j][1] += uy * weight[j]
                moved = True
        if not moved:
            break
    return tuple((x, y) for x, y in pts)


def _stepper(
    space: pymunk.Space,
) -> tuple[Callable[[object, float], None], object, Callable[[], int]]:
    """(step, its first argument, chipmunk's count of steps): `step(first, dt)` is chipmunk's
    own step, without pymunk's per-call Python bookkeeping, for a C loop such as
    `deque(starmap(step, repeat((first, dt), count)), maxlen=0)`.

    `Space.step` also checks new bodies, applies adds/removes queued during callbacks and runs
    post-step callbacks; our shots do none of those after the first step, so after one wrapped
    zero step we call cpSpaceStep directly (about 1 us a step saved), and read chipmunk's count
    of steps to time contacts. A zero step with none of pymunk's bookkeeping to do is not made:
    cpSpaceStep returns at once on a zero dt (not even counting it). Falls back to `space.step`
    and a count of our own if a pymunk release moves the internals.
    """
    try:
        if _lib is None:
            raise AttributeError("pymunk moved chipmunk's calls")
        pointer = space._space
        if _bookkeeping(space):
            space.step(0.0)  # let pymunk check the bodies once (a zero step is not counted)
        return _lib.cpSpaceStep, pointer, partial(_lib.cpSpaceGetTimestamp, pointer)
    except AttributeError:
        space.step(0.0)
        taken = [0]

        def step(_: object, dt: float) -> None:
            taken[0] += 1
            space.step(dt)

        return step, None, lambda: taken[0]


def _bookkeeping(space: pymunk.Space) -> bool:
    """Whether `Space.step` has work of its own besides chipmunk's step: bodies to check, adds
    or removes queued in callbacks, post-step callbacks (a world's first step; never a shot
    again in the same world, whose zero step then goes straight to chipmunk)."""
    return bool(
        space._bodies_to_check
        or space._add_later
        or space._remove_later
        or space._post_step_callbacks
    )


def _fastest(values: list[float], first: int, stride: int) -> tuple[float, float]:
    """(the greatest squared speed, the greatest spin) of the bodies whose vx, vy and spin sit
    at `first` in each `stride` of `values` (x, y, vx, vy, spin a body when 2 and 5, x, y,
    angle, vx, vy, spin when 3 and 6), the values max() would give: looped over the list in
    whole bodies (no slices), for a few caps quicker than max() over sliced views."""
    it = iter(values)
    if (first, stride) == (2, 5):
        caps = zip(it, it, it, it, it, strict=True)
        _, _, vx, vy, w = next(caps)
        fastest2, spin = vx * vx + vy * vy, abs(w)
        for _, _, vx, vy, w in caps:
            v2 = vx * vx + vy * vy
            if v2 > fastest2:
                fastest2 = v2
            if w > spin:
                spin = w
            elif -w > spin:
                spin = -w
        return fastest2, spin
    if (first, stride) == (3, 6):
        bodies = zip(it, it, it, it, it, it, strict=True)
        _, _, _, vx, vy, w = next(bodies)
        fastest2, spin = vx * vx + vy * vy, abs(w)
        for _, _, _, vx, vy, w in bodies:
            v2 = vx * vx + vy * vy
            if v2 > fastest2:
                fastest2 = v2
            if w > spin:
                spin = w
            elif -w > spin:
                spin = -w
        return fastest2, spin
    fastest2 = spin = -1.0
    for o in range(first, len(values), stride):
        vx, vy, w = values[o], values[o + 1], abs(values[o + 2])
        fastest2, spin = max(fastest2, vx * vx + vy * vy), max(spin, w)
    return fastest2, spin


def _calm_for(periods: int, most: int, until: float) -> int:
    """How many control periods from sample period `periods` (1 to `most`) the calm until
    `until` covers, all but the first ending by then: the first k from 1 whose next period
    would end after `until`, or `most`. Found from a guess, then checked a period each way
    (the test only grows with k): the k a loop from 1 finds, bit for bit."""
    period = 1.0 / SAMPLE_HZ
    k = min(most, max(1, int((until / period - periods) / CONTROL) - 1))
    while k > 1 and (periods + k * CONTROL) * period > until:
        k -= 1
    while k < most and (periods + (k + 1) * CONTROL) * period <= until:
        k += 1
    return k


def _segment_gap(
    ax: float, ay: float, adx: float, ady: float, bx: float, by: float, bdx: float, bdy: float
) -> float:
    """The least distance between the segments a..a+ad and b..b+bd (0 if they cross)."""
    ex, ey = bx - ax, by - ay
    denom = adx * bdy - ady * bdx
    if denom != 0.0:  # not parallel: do they cross?
        s = (ex * bdy - ey * bdx) / denom
        t = (ex * ady - ey * adx) / denom
        if 0.0 <= s <= 1.0 and 0.0 <= t <= 1.0:
            return 0.0
    return min(
        _point_gap(bx, by, ax, ay, adx, ady),
        _point_gap(bx + bdx, by + bdy, ax, ay, adx, ady),
        _point_gap(ax, ay, bx, by, bdx, bdy),
        _point_gap(ax + adx, ay + ady, bx, by, bdx, bdy),
    )


def _point_gap(px: float, py: float, ax: float, ay: float, dx: float, dy: float) -> float:
    """The distance from p to the segment a..a+d."""
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0.0 else min(max(((px - ax) * dx + (py - ay) * dy) / length2, 0.0), 1.0)
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def _apart(
    ax: float,
    ay: float,
    adx: float,
    ady: float,
    bx: float,
    by: float,
    bdx: float,
    bdy: float,
    least: float,
) -> bool:
    """Whether the segments a..a+ad and b..b+bd stay at least `least` (> 0) apart:
    `_segment_gap(...) >= least`, each distance summed as there, inlined, and given up at the
    first that comes nearer (the guarded policy asks it many times a step)."""
    ex, ey = bx - ax, by - ay
    denom = adx * bdy - ady * bdx
    if denom != 0.0:  # not parallel: do they cross?
        s = (ex * bdy - ey * bdx) / denom
        t = (ex * ady - ey * adx) / denom
        if 0.0 <= s <= 1.0 and 0.0 <= t <= 1.0:
            return False
    hypot = math.hypot
    # each end of one segment to the other (as _point_gap, with max() and min()'s choices),
    # written out end by end (no tuple of ends to loop over: a third of its time)
    length2 = adx * adx + ady * ady
    t = 0.0
    if length2 != 0.0:
        t = ((bx - ax) * adx + (by - ay) * ady) / length2
        t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
    if hypot(bx - ax - t * adx, by - ay - t * ady) < least:
        return False
    px, py = bx + bdx, by + bdy
    if length2 != 0.0:
        t = ((px - ax) * adx + (py - ay) * ady) / length2
        t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
    if hypot(px - ax - t * adx, py - ay - t * ady) < least:
        return False
    length2 = bdx * bdx + bdy * bdy
    t = 0.0
    if length2 != 0.0:
        t = ((ax - bx) * bdx + (ay - by) * bdy) / length2
        t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
    if hypot(ax - bx - t * bdx, ay - by - t * bdy) < least:
        return False
    px, py = ax + adx, ay + ady
    if length2 != 0.0:
        t = ((px - bx) * bdx + (py - by) * bdy) / length2
        t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
    return not hypot(px - bx - t * bdx, py - by - t * bdy) < least


def _positions(bodies: Sequence[pymunk.Body]) -> tuple[Vec, ...]:
    """Where the bodies are, as (x, y) tuples (chipmunk's getter, without a Vec2d each)."""
    if _lib is None:
        return tuple((b.position.x, b.position.y) for b in bodies)
    get = _lib.cpBodyGetPosition
    out = []
    for body in bodies:
        v = get(body._body)
        out.append((v.x, v.y))
    return tuple(out)


def _places(bodies: Sequence[pymunk.Body]) -> tuple[tuple[float, float, float], ...]:
    """Where the bodies are and how they are turned, (x, y, angle) in body order: the values
    the batch read of a frame gives, through chipmunk's getters (a shot's last frame, untraced)."""
    if _lib is None:
        return tuple((b.position.x, b.position.y, b.angle) for b in bodies)
    get, turn = _lib.cpBodyGetPosition, _lib.cpBodyGetAngle
    out = []
    for body in bodies:
        pointer = body._body
        v = get(pointer)
        out.append((v.x, v.y, turn(pointer)))
    return tuple(out)


def _rest_of(
    bodies: Sequence[pymunk.Body],
) -> tuple[tuple[tuple[float, float, float], ...], tuple[Vec, ...]]:
    """(`_places(bodies)`, and the same without the angles): a shot's last frame and its rest,
    read in one pass (every untraced shot ends so)."""
    if _lib is None:
        frame = _places(bodies)
        return frame, tuple([(x, y) for x, y, _ in frame])
    get, turn = _lib.cpBodyGetPosition, _lib.cpBodyGetAngle
    out = []
    rest = []
    for body in bodies:
        pointer = body._body
        v = get(pointer)
        x, y = v.x, v.y
        out.append((x, y, turn(pointer)))
        rest.append((x, y))
    return tuple(out), tuple(rest)


class _Batch:
    """A buffer for chosen fields of every body and chipmunk's request to fill it, made once
    per thread (`_batch`) and shared by every world's `_Reader` in it: a planner builds
    thousands of worlds, and making these (and the first view of the floats) costs more than
    the reads of a short shot. A read's floats are used before the next read in the thread."""

    def __init__(self, fields: batch.BodyFields) -> None:
        self.fields = fields
        self.buffer = batch.Buffer()
        self.request: object | None = None
        self.func: object | None = None
        if _ffi is not None and _lib is not None:
            try:
                request = _ffi.new("pmBatchedData *")
                request.fields = fields.value
                request.floatArray = self.buffer._float_arr
                request.intArray = self.buffer._int_arr
                self.func = _ffi.addressof(_lib, "pmSpaceBodyGetIteratorFuncBatched")
                self.request = request  # the C side points into it
            except AttributeError:  # pragma: no cover - a pymunk release that moved them
                self.request = self.func = None
        self.floats: memoryview | None = None  # the view of the last read's floats
        self.size = -1  # ...and how many there were


_BATCHES = threading.local()


def _batch(fields: batch.BodyFields) -> _Batch:
    """This thread's shared buffer and request for these fields (see _Batch)."""
    made: dict[batch.BodyFields, _Batch] | None = getattr(_BATCHES, "made", None)
    if made is None:
        made = _BATCHES.made = {}
    shared = made.get(fields)
    if shared is None:
        shared = made[fields] = _Batch(fields)
    return shared


class _Reader:
    """Reads chosen fields of every body of one space into its thread's shared buffer
    (`_Batch`): the rest test runs up to 60 times a simulated second, and pymunk's
    `batch.get_space_bodies` builds a request and a buffer view on every call (about 2 us, as
    much as a lone cap's steps between two reads). Those are built once a thread; if a pymunk
    release moves the internals it falls back to the public call."""

    def __init__(self, space: pymunk.Space, fields: batch.BodyFields) -> None:
        self.space = space
        self.fields = fields
        self._bind()

    def _bind(self) -> None:
        """Use the shared buffer of the thread this runs in (a world may move to another)."""
        self._thread = threading.get_ident()
        self._batch = shared = _batch(self.fields)
        self.buffer = shared.buffer
        self._direct: Callable[[], None] | None = None
        if shared.request is not None:
            pointer = self.space._space
            self._direct = partial(_lib.cpSpaceEachBody, pointer, shared.func, shared.request)

    def read(self) -> memoryview:
        """The floats of every body (in the space's body order), valid until the next read of
        any reader in this thread."""
        if threading.get_ident() != self._thread:
            self._bind()
        buffer = self.buffer
        if self._direct is None:
            buffer.clear()
            batch.get_space_bodies(self.space, self.fields, buffer)
            return memoryview(buffer.float_buf()).cast("d")
        floats = buffer._float_arr
        floats.num = 0  # clear() without the int array, which these fields never fill
        self._direct()
        size = floats.num
        shared = self._batch
        if size != shared.size:  # a read of another size (which a grown array always is)
            shared.floats = memoryview(buffer.float_buf()).cast("d")
            shared.size = size
        assert shared.floats is not None
        return shared.floats


# chipmunk's zero vector, made once: a setter given it skips cffi's conversion of a tuple
_STILL = None if _ffi is None else _ffi.new("cpVect *")[0]
_NO_SLIDE = (0.0,) * 8  # a still cap's in `World._guard` (never looked at: it meets no slide)


def _reset(bodies: Sequence[pymunk.Body], places: Sequence[Vec], movable: Sequence[int]) -> None:
    """Every movable body back at its place, still, unturned and awake, as a planner resets a
    world for every try: pymunk's setters' own C calls for position, angle, velocity and spin,
    made directly. Each of them wakes the body first (cpBodyActivate, which does the same
    however often it is called); force and torque need no setting, as chipmunk clears both
    after every step and nothing here ever sets them (so neither their setters nor a last
    activation, which pymunk's would add, changes anything)."""
    if _lib is None:
        for i in movable:
            body, place = bodies[i], places[i]
            body.position = place
            body.angle = 0.0
            body.velocity = (0.0, 0.0)
            body.angular_velocity = 0.0
            body.force = (0.0, 0.0)
            body.torque = 0.0
            body.activate()
        return
    position, angle = _lib.cpBodySetPosition, _lib.cpBodySetAngle
    velocity, spin = _lib.cpBodySetVelocity, _lib.cpBodySetAngularVelocity
    still = _STILL
    for i in movable:
        place = places[i]
        if len(place) != 2:
            raise ValueError("a cap's position is two numbers")
        body = bodies[i]._body
        position(body, place)
        angle(body, 0.0)
        velocity(body, still)
        spin(body, 0.0)


def _stop(bodies: Sequence[pymunk.Body], movable: Sequence[int]) -> None:
    """Every movable body's velocity and spin set to nothing (pymunk's setters' C calls)."""
    if _lib is None:
        for i in movable:
            bodies[i].velocity = (0.0, 0.0)
            bodies[i].angular_velocity = 0.0
        return
    velocity, spin = _lib.cpBodySetVelocity, _lib.cpBodySetAngularVelocity
    still = _STILL
    for i in movable:
        body = bodies[i]._body
        velocity(body, still)
        spin(body, 0.0)


class _Disc(pymunk.Body):
    """A cap's body. pymunk's classes pass every attribute they set through a mixin method that
    only hands it on (for type checkers); a planner builds thousands of worlds, so these set
    their attributes directly. Nothing else differs."""

    __setattr__ = object.__setattr__


class _Circle(pymunk.Circle):
    """A cap's shape (see _Disc)."""

    __setattr__ = object.__setattr__


class _Pivot(pymunk.PivotJoint):
    """A cap's sliding friction (see _Disc)."""

    __setattr__ = object.__setattr__


class _Gear(pymunk.GearJoint):
    """A cap's spinning friction (see _Disc)."""

    __setattr__ = object.__setattr__


@dataclass(frozen=True)
class _Cap:
    """One cap's body, shape and friction joints' numbers (see World.__init__)."""

    held: bool
    mass: float
    moment: float
    radius: float
    elasticity: float
    slide_force: float
    spin_force: float


@dataclass(frozen=True)
class _Layout:
    """What a world's caps and held caps make of it, worked out once for every world of them:
    a planner builds thousands."""

    policy: Policy
    factor: float
    per_fine: float
    bodies: tuple[_Cap, ...]
    # s per m/s of each cap's speed to stop: 1 / (2 mu g); a held cap never moves (see _near)
    brakes: tuple[float, ...]
    # m/s^2: how fast its friction may change a cap's velocity (a held cap's not at all; a hair
    # more than mu g, for rounding)
    turns: tuple[float, ...]
    # m/s^2: how fast its friction slows a sliding cap at least (a hair less than mu g)
    slowing: tuple[float, ...]
    radii: tuple[float, ...]
    movable: tuple[int, ...]
    # the pairs a guard looks at, by their first cap: (i, ((j, the radii summed), ...)), j > i
    reaches: tuple[tuple[int, tuple[tuple[int, float], ...]], ...]
    pairs: tuple[tuple[int, int, float, float], ...]  # the rest test's pairs, with their radii
    # (the heaviest movable cap's mass and the greatest moment, each over the lightest's mass;
    # the greatest radius; the fastest any friction slows a cap, a hair more): `_calm_periods`
    heft: tuple[float, float, float, float]


@lru_cache(maxsize=256)
def _layout(caps: tuple[CapType, ...], pinned: frozenset[int]) -> _Layout:
    specs = [kind.spec for kind in caps]
    factor = _reach(frozenset(caps))[0]
    radii = tuple(spec.radius for spec in specs)
    count = len(specs)
    return _Layout(
        policy=step_policy(caps),
        factor=factor,
        per_fine=factor * BASE_DT / APPROACH,
        bodies=tuple(
            _Cap(
                i in pinned,
                spec.mass,
                pymunk.moment_for_circle(spec.mass, 0, spec.radius),
                spec.radius,
                math.sqrt(spec.restitution),
                spec.mu * spec.mass * G,
                spec.spin_mu * spec.mu * spec.mass * G * spec.radius,
            )
            for i, spec in enumerate(specs)
        ),
        brakes=tuple(0.0 if i in pinned else 0.5 / (s.mu * G) for i, s in enumerate(specs)),
        turns=tuple(0.0 if i in pinned else s.mu * G * 1.001 for i, s in enumerate(specs)),
        slowing=tuple(s.mu * G * 0.999 for s in specs),
        radii=radii,
        movable=tuple(i for i in range(count) if i not in pinned),
        reaches=tuple(
            (i, tuple((j, radii[i] + radii[j]) for j in range(i + 1, count)))
            for i in range(count - 1)
        ),
        pairs=tuple((i, j, radii[i], radii[j]) for i in range(count) for j in range(i + 1, count)),
        heft=_heft([spec for i, spec in enumerate(specs) if i not in pinned], max(radii)),
    )


def _heft(specs: Sequence[CapSpec], widest: float) -> tuple[float, float, float, float]:
    """`_Layout.heft` of the movable caps with these specs (none movable: nothing moves)."""
    if not specs:
        return 0.0, 0.0, widest, 0.0
    light = min(s.mass for s in specs)
    return (
        max(s.mass for s in specs) / light,
        max(pymunk.moment_for_circle(s.mass, 0, s.radius) for s in specs) / light,
        widest,
        max(s.mu for s in specs) * G * 1.001,
    )


class World:
    """A fresh pymunk space for one shot, built from the board and the caps in a fixed order."""

    lone_slides = True  # sum a shot no cap can touch (see `_alone`); False steps every shot

    def __init__(
        self,
        board: BoardSpec,
        caps: Sequence[CapType],
        positions: Sequence[Vec],
        pinned: frozenset[int] = frozenset(),
        dt: float | None = None,
        policy: StepPolicy = NEWEST,
    ) -> None:
        if len(caps) != len(positions) or not caps:
            raise ValueError("need one position per cap, and at least one cap")
        for x, y in positions:
            if not (math.isfinite(x) and math.isfinite(y)):
                raise ValueError("cap positions must be finite")
        self.board = board
        self.caps = tuple(caps)
        self.pinned = frozenset(pinned)
        self.positions = tuple(positions)
        self.dt = step_dt(self.caps) if dt is None else dt  # a record replays with its own dt
        self.steps_per_sample = max(1, round(1.0 / (SAMPLE_HZ * self.dt)))
        # The step policy (a record names its own): fixed at dt, the worst case of the whole
        # shot, or adaptive, chosen each control period from the fastest cap at its start
        # (StepPolicy), and for the swept policy finer while caps may meet.
        self.policy = policy
        self.adaptive = policy is not StepPolicy.FIXED
        shape_of = _layout(self.caps, self.pinned)  # what this world's caps make of it
        self._policy = shape_of.policy
        self.per_speed = self._policy.per_speed  # see substeps()
        self._factor = shape_of.factor  # the greatest speed-up a hit gives
        self.per_fine = shape_of.per_fine  # see _near
        self._brakes, self._turns = shape_of.brakes, shape_of.turns
        self._slowing, self._radii = shape_of.slowing, shape_of.radii
        self._movable, self._reaches, self._pairs = (
            shape_of.movable,
            shape_of.reaches,
            shape_of.pairs,
        )
        space = pymunk.Space()
        self.space = space
        self.bodies: list[pymunk.Body] = []
        self.index: dict[int, int] = {}
        self._joints: dict[int, tuple[pymunk.Constraint, pymunk.Constraint]] = {}
        if _lib is None:
            space.gravity = (0.0, 0.0)
            space.collision_slop = COLLISION_SLOP
            space.idle_speed_threshold = REST_SPEED
            space.sleep_time_threshold = 0.05
        else:  # pymunk's setters' own calls
            pointer = space._space
            _lib.cpSpaceSetGravity(pointer, (0.0, 0.0))
            _lib.cpSpaceSetCollisionSlop(pointer, COLLISION_SLOP)
            _lib.cpSpaceSetIdleSpeedThreshold(pointer, REST_SPEED)
            _lib.cpSpaceSetSleepTimeThreshold(pointer, 0.05)
        static = space.static_body
        for i, (cap, pos) in enumerate(zip(shape_of.bodies, positions, strict=True)):
            if cap.held:  # holdsies: a finger holds it, it still gets hit
                body: pymunk.Body = _Disc(body_type=pymunk.Body.KINEMATIC)
            else:
                body = _Disc(cap.mass, cap.moment)
            shape = _Circle(body, cap.radius)
            if _lib is None:
                body.position = pos
                shape.elasticity = cap.elasticity
                shape.friction = CAP_FRICTION
            else:
                if len(pos) != 2:
                    raise ValueError("a cap's position is two numbers")
                _lib.cpBodySetPosition(body._body, pos)
                _lib.cpShapeSetElasticity(shape._shape, cap.elasticity)
                _lib.cpShapeSetFriction(shape._shape, CAP_FRICTION)
            if cap.held:
                space.add(body, shape)
            else:
                slide = _Pivot(static, body, (0, 0), (0, 0))
                spin = _Gear(static, body, 0.0, 1.0)
                if _lib is None:
                    slide.max_bias = 0
                    slide.max_force = cap.slide_force
                    spin.max_bias = 0
                    spin.max_force = cap.spin_force
                else:
                    _lib.cpConstraintSetMaxBias(slide._constraint, 0)
                    _lib.cpConstraintSetMaxForce(slide._constraint, cap.slide_force)
                    _lib.cpConstraintSetMaxBias(spin._constraint, 0)
                    _lib.cpConstraintSetMaxForce(spin._constraint, cap.spin_force)
                space.add(body, shape, slide, spin)  # in this order, as one call or two
                self._joints[i] = (slide, spin)
            self.bodies.append(body)
            self.index[body.id] = i
        self._pointers = tuple(body._body for body in self.bodies)  # chipmunk's (see _guard)
        self._of_pointer = {pointer: i for i, pointer in enumerate(self._pointers)}
        self._ends = None if _ffi is None else (_ffi.new("cpBody *[1]"), _ffi.new("cpBody *[1]"))
        self._motion_reader: _Reader | None = None  # made on the first run, reused after
        self._heft = shape_of.heft
        # (the first sample period, chipmunk's count of steps and the steps a control period of
        # the control periods stepped in one C loop, and that loop's list: `_calm_periods`)
        self._merged: tuple[int, int, int, list[tuple[object, float]]] | None = None
        self._unmerged = 0  # sample periods before `_calm_periods` is asked again
        self._buffer: batch.Buffer | None = None
        self.contacts: list[Contact] = []
        self.schedule: list[tuple[float, int]] = []  # (step, steps) of each sample period run
        self.time = 0.0  # when the steps counted from _stamp0 began (see now())
        self._dt_now = self.dt
        self._stamp0 = 0
        self._stamp: Callable[[], int] = lambda: 0
        self._stepping: tuple[Callable[[object, float], None], object, Callable[[], int]] | None = (
            None
        )
        self._plans: dict[int, tuple[float, int, int]] = {}  # see run_to_rest
        self._apart_places: tuple[Vec, ...] | None = None  # see _alone
        self._apart = False
        # (contacts, until when none may begin, and whether a hit is due then: _guarded)
        self._calm: tuple[int, float, bool] = (-1, 0.0, False)
        if _BEGINS is None:
            space.on_collision(begin=self._begin)
        else:  # as pymunk's on_collision() adds it, but calling `_contact_begins` directly
            handler = _lib.cpSpaceAddCollisionHandler(space._space, _WILDCARD, _WILDCARD)
            self._handle = _ffi.new_handle(self)  # kept as long as the world (and its space)
            handler.userData = self._handle
            handler.beginFunc = _BEGINS

    def _begin(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        """A contact begins: when, between which caps, and how hard (the closing speed along
        its normal). Called from inside the C step loop once a contact, so through chipmunk's
        own getters where it can: the same numbers as pymunk's Vec2d sums, without them."""
        if self._ends is None:
            a, b = arbiter.bodies
            ia, ib = self.index[a.id], self.index[b.id]
            n = arbiter.normal
            rel = a.velocity - b.velocity
            speed = abs(rel.x * n.x + rel.y * n.y)
        else:
            pa, pb = self._ends
            pointer = arbiter._arbiter
            _lib.cpArbiterGetBodies(pointer, pa, pb)
            ia, ib = self._of_pointer[pa[0]], self._of_pointer[pb[0]]
            n = _lib.cpArbiterGetNormal(pointer)
            va, vb = _lib.cpBodyGetVelocity(pa[0]), _lib.cpBodyGetVelocity(pb[0])
            speed = abs((va.x - vb.x) * n.x + (va.y - vb.y) * n.y)
        self.contacts.append(Contact(self.now(), min(ia, ib), max(ia, ib), speed))

    def _steps_of(self) -> tuple[Callable[[object, float], None], object, Callable[[], int]]:
        """This world's stepper (`_stepper`), made once; again if pymunk has work of its own."""
        if self._stepping is None or _bookkeeping(self.space):
            self._stepping = _stepper(self.space)
        return self._stepping

    def now(self) -> float:
        """The end of the step in progress: the clock's start plus the steps since, counted by
        chipmunk itself, so the stepping loop runs in C without a Python line a step."""
        return self.time + (self._stamp() - self._stamp0) * self._dt_now

    def shoot(
        self, flick: Flick, positions: Sequence[Vec] | None = None, trace: bool = False
    ) -> ShotResult:
        """Another shot in this world, from `positions` (else where it was built): for the many
        tries of a planner or an analysis, which would otherwise build a world for each.

        Chipmunk keeps what it learnt in the last shot (joint and contact impulses it warms the
        next steps with, its spatial index), so the result is deterministic, the same for the
        same sequence of shots, but not always bit-identical to a fresh world's: a game's shot,
        which replays must repeat, is always simulated in a fresh world (`simulate`).

        An untraced shot without spin whose cap can touch no other is not stepped at all: it is
        a lone slide (`_alone`). It is taken only when no cap's friction joint holds an impulse
        from an earlier shot, and when the slide would leave none, so the world is left as
        stepping would have left it and the shots after are the same."""
        places = self.positions if positions is None else tuple(positions)
        if len(places) != len(self.bodies):
            raise ValueError("need one position per cap")
        if self.lone_slides and not trace and self.adaptive and flick.offset == 0.0:
            alone = self._alone(flick, places)
            if alone is not None:
                self.positions = places
                return alone
        _reset(self.bodies, places, self._movable)  # a held cap is never moved
        self.positions = places
        self.contacts = []
        self.schedule = []
        self.time = 0.0
        self.flick(flick)
        return self.run_to_rest(trace=trace)

    def _alone(self, flick: Flick, places: tuple[Vec, ...]) -> ShotResult | None:
        """The shot as a lone slide (slide.py), if no cap can touch another: the caps start
        apart and the flicked cap's line, as far as it slides, passes every other cap by CLEAR.
        Such a shot in chipmunk is that one body and its friction joint; stepping it would
        give the same rest to about 1e-12 m, the same steps and the same duration. None when a
        contact is possible, or when chipmunk's warm start would matter (see `shoot`): then the
        world steps it."""
        cap, angle = flick.cap, flick.angle
        if not (0 <= cap < len(self.bodies)) or cap in self.pinned:
            return None  # flick() says why
        if not (math.isfinite(angle) and math.isfinite(flick.speed)):
            return None
        if places != self._apart_places:  # the caps start clear of each other (once a place)
            self._apart_places = places
            self._apart = all(
                math.dist(places[i], places[j]) >= ri + rj + CLEAR for i, j, ri, rj in self._pairs
            )
        if not self._apart:
            return None
        for joints in self._joints.values():  # (each cap's: a still one is warm-started too)
            if joints[0].impulse > STILL or joints[1].impulse > STILL:
                return None  # a shot before left a cap's friction an impulse to start with
        speed = min(max(flick.speed, 0.0), MAX_SPEED)
        ux, uy = math.cos(angle), math.sin(angle)
        vx, vy = speed * ux, speed * uy  # the velocity flick() gives the body
        spec = self.caps[cap].spec
        slide = lone_slide(vx * vx + vy * vy, spec.mu * spec.mass * G, spec.mass, self._policy)
        if not slide.quiet:
            return None  # stepped, so that the world keeps what chipmunk would leave it
        length = slide.distance
        x0, y0 = places[cap]
        reach = spec.radius + CLEAR
        for j, (x, y) in enumerate(places):
            if j != cap:
                along = min(max((x - x0) * ux + (y - y0) * uy, 0.0), length)
                gap = math.hypot(x - x0 - ux * along, y - y0 - uy * along)
                if gap < reach + self.caps[j].spec.radius:
                    return None
        rest = list(places)
        rest[cap] = (x0 + ux * length, y0 + uy * length)
        trajectory = Trajectory(len(self.bodies), places)
        trajectory._index = dict(self.index)
        trajectory._raw.append(None)
        trajectory._frames.append(tuple((x, y, 0.0) for x, y in rest))
        return ShotResult(
            start=places,
            rest=tuple(rest),
            contacts=(),
            duration=slide.periods * (1.0 / SAMPLE_HZ),  # as run_to_rest's
            steps=slide.steps,
            dt=self.dt,
            settled=slide.settled,
            trajectory=trajectory,
            policy=self.policy,
        )

    def flick(self, flick: Flick) -> None:
        """Give one cap the velocity and spin of the flick's impulse."""
        cap, angle, speed, offset = flick.cap, flick.angle, flick.speed, flick.offset
        finite = math.isfinite
        if not (finite(angle) and finite(speed) and finite(offset)):
            flick.clamped()  # which says what is not a number
        speed = min(max(speed, 0.0), MAX_SPEED)  # Flick.clamped(), inlined: a planner's tries
        offset = min(max(offset, -1.0), 1.0)
        if not 0 <= cap < len(self.bodies):
            raise ValueError(f"flick cap {cap} is not one of the {len(self.bodies)} caps")
        body = self.bodies[cap]
        if cap in self.pinned:  # a held cap's body is kinematic (see __init__)
            raise ValueError(f"cap {cap} is held and cannot be flicked")
        radius = self.caps[cap].spec.radius
        velocity = (speed * math.cos(angle), speed * math.sin(angle))
        # An impulse m*v at distance offset*r from the centre: w = m*v*d / (m*r^2/2).
        spin = -2.0 * speed * offset / radius
        if _lib is None:
            body.velocity = velocity
            body.angular_velocity = spin
            body.activate()
            return
        pointer = body._body  # pymunk's setters' own C calls, in their order
        _lib.cpBodySetVelocity(pointer, velocity)
        _lib.cpBodySetAngularVelocity(pointer, spin)
        _lib.cpBodyActivate(pointer)

    def run_to_rest(self, max_time: float = MAX_SHOT_TIME, trace: bool = True) -> ShotResult:
        """Step until every cap is slower than REST_SPEED and spins slower than REST_SPIN (an
        edge flick's spin can outlast the slide).

        The shot goes by sample periods (1/SAMPLE_HZ s). The fixed policy (every record before
        the adaptive one) steps at dt and tests for rest after every period. The adaptive policy
        chooses, every CONTROL periods, the largest step its fastest cap allows (`substeps`): a
        break starts at the fixed policy's step and grows to BASE_DT as the caps slow down, and
        tests for rest at the same moments. Either way the test runs whether or not the shot is
        traced, so both stop at the same step with the same result. `trace` keeps every
        period's positions for drawing; without it (the planner, the analysis, checks) only the
        first and last frames are kept and only the velocities are read, when tested."""
        space = self.space
        start = _positions(self.bodies)
        trajectory = Trajectory(len(self.bodies), start)
        trajectory._index = self.index  # (read only, as the world's: never changed once built)
        buffer = self._buffer
        if buffer is None and trace:  # (made only for a drawn shot's samples)
            buffer = self._buffer = batch.Buffer()
        motion = self._motion_reader  # the velocities, when not tracing
        if motion is None:
            motion = self._motion_reader = _Reader(space, _MOTION)
        stride, first = (_STRIDE, 3) if trace else (5, 2)
        limit2 = REST_SPEED * REST_SPEED
        period = 1.0 / SAMPLE_HZ
        max_periods = math.ceil(max_time * SAMPLE_HZ)
        periods = steps = 0
        settled = False
        step, first_arg, self._stamp = self._steps_of()
        base = self._stamp()  # chipmunk's count of steps taken before this shot's first
        dt, per = self.dt, self.steps_per_sample  # the fixed policy's step, per sample period
        block = CONTROL if self.adaptive else 1  # sample periods between two rest tests
        count = per * block
        per_speed = self.per_speed  # substeps for a speed: ceil(speed * per_speed)
        values = motion.read().tolist()
        fastest2 = _fastest(values, 2, 5)[0] if self.adaptive else 0.0
        plans = self._plans  # substeps -> (dt, per, count) of a control period
        adaptive, ceil, sqrt, schedule = self.adaptive, math.ceil, math.sqrt, self.schedule
        guarded = self.policy is StepPolicy.GUARDED
        swept = self.policy is StepPolicy.SWEPT or guarded
        careful = self._guarded if guarded else self._careful
        per_fine = self.per_fine
        self._calm = (-1, 0.0, False)  # see _may_meet and _guarded
        self._unmerged = 0
        span = block * period  # a control period, s

        def sample() -> memoryview:
            assert buffer is not None
            buffer.clear()
            batch.get_space_bodies(space, _FIELDS, buffer)
            floats = bytes(buffer.float_buf())
            trajectory._add_raw(bytes(buffer.int_buf()), floats)
            return memoryview(floats).cast("d")

        while periods < max_periods:
            # contacts are timed from here: a contact at the j-th step on is at time + j * dt
            if adaptive:  # the step for this control period (substeps(), inlined)
                fastest = sqrt(fastest2)
                n = max(1, ceil(fastest * per_speed))
                fine = ceil(fastest * per_fine) if swept else 0
                if fine <= n:
                    soonest = None
                elif guarded:  # guarded BASE_DT by BASE_DT unless calm all period (_guarded)
                    calm, until, _ = self._calm
                    quiet = calm == len(self.contacts) and (periods + block) * period <= until
                    soonest = None if quiet else 0.0
                else:
                    soonest = self._may_meet(span, periods, n)
                if soonest is not None:
                    # caps may meet too fast for this step: a careful period (see _careful)
                    d, count = careful(
                        n, fine, soonest, periods * period, base + steps, trace, sample
                    )
                    periods += block
                    steps += count
                    values = d.tolist()
                    fastest2, spin = _fastest(values, first, stride)
                    if fastest2 <= limit2 and spin <= REST_SPIN:
                        settled = True
                        _stop(self.bodies, self._movable)
                        break
                    continue
                plan = plans.get(n)
                if plan is None:
                    dt, per = block_step(n, self._policy)
                    plan = plans[n] = (dt, per, per * block)
                dt, per, count = plan
                self.time, self._dt_now, self._stamp0 = periods * period, dt, base + steps
            else:  # as every record before the adaptive policy: a contact at steps * dt
                self.time, self._dt_now, self._stamp0 = 0.0, dt, base
            if trace:  # a sample every period for drawing
                for _ in range(block):
                    deque(starmap(step, repeat((first_arg, dt), per)), maxlen=0)  # looped in C
                    d = sample()
            elif guarded and periods >= self._unmerged and _BEGINS is not None:
                # calm control periods whose boundaries would change nothing, in one C loop
                ahead = self._calm_periods(
                    values, fastest2, n, periods, min(max_periods - periods, 64 * block)
                )
                if ahead > 1:
                    run = [(first_arg, dt)] * (count * ahead)
                    self._merged = (periods, base + steps, count, run)
                    deque(starmap(step, run), maxlen=0)  # looped in C (a contact cuts it short)
                    self._merged = None
                    ahead = len(run) // count
                else:
                    if ahead:  # (a costly no: not asked again at once; a quick one is)
                        self._unmerged = periods + 2 * block
                    ahead = 1
                    deque(starmap(step, repeat((first_arg, dt), count)), maxlen=0)
                d = motion.read()
                periods += block * (ahead - 1)
                steps += count * (ahead - 1)
                schedule.extend(repeat((dt, count), ahead - 1))
            else:  # no sample between the rest tests: the whole block in one C loop
                deque(starmap(step, repeat((first_arg, dt), count)), maxlen=0)
                d = motion.read()
            periods += block
            steps += count
            schedule.append((dt, count))
            values = d.tolist()
            fastest2, spin = _fastest(values, first, stride)  # the rest test, every block
            if fastest2 <= limit2 and spin <= REST_SPIN:
                # at rest: what is left below the thresholds is let go of, so the world holds
                # still if anyone steps it on (else a cap may creep a few micrometres)
                settled = True
                _stop(self.bodies, self._movable)
                break
        if trace:
            last = trajectory.frame(len(trajectory) - 1)
            places = tuple([(x, y) for x, y, _ in last])
        else:  # the last frame only: where the caps came to rest, read in cap order
            last, places = _rest_of(self.bodies)
            trajectory._raw.append(None)
            trajectory._frames.append(last)
        dist = math.dist
        slack = -REST_OVERLAP  # overlapping(..., REST_OVERLAP), its sums in its order
        rest = None
        for i, j, ri, rj in self._pairs:
            if dist(places[i], places[j]) - ri - rj < slack:
                rest = ease_apart(self.caps, places, self.pinned)
                break
        if rest is not None:  # the last frame drawn is where the caps rest
            last = tuple((x, y, a) for (x, y), (_, _, a) in zip(rest, last, strict=True))
            trajectory._frames[-1] = last
        return ShotResult(
            start=start,
            rest=places if rest is None else tuple((x, y) for x, y, _ in last),
            contacts=tuple(self.contacts),
            duration=periods * period if self.adaptive else steps * self.dt,
            steps=steps,
            dt=self.dt,
            settled=settled,
            trajectory=trajectory,
            policy=self.policy,
        )

    def _calm_periods(
        self, d: list[float], fastest2: float, n: int, periods: int, most: int
    ) -> int:
        """How many control periods from sample period `periods` (at most `most` sample
        periods) the guarded policy, untraced, would step at BASE_DT / n with no other choice
        at their boundaries: stepped in one C loop, they come out bit for bit as one by one.
        0 (one period) when the step or the rest test may change at the next boundary, a
        quick answer worth asking again there; 1 when a longer test found a reason.

        One loop is as good as many if at every boundary inside it the rest test fails, the
        step stays BASE_DT / n, and no guard is due. A contact that begins cuts the loop short
        at the end of its control period (`_contact_begins`), so inside it none begins; then
        - the fastest cap, touching none now, is slowed by nothing but its friction (at most
          mu g a second, and one BASE_DT's more where the step changed) and never speeds up,
          so it is still faster than REST_SPEED, and than the step BASE_DT / (n - 1) allows,
          while that says so;
        - its energy goes to no other cap, and no other gets faster than their own energy
          allows (with half as much again for the solver's rounding): so none is faster than
          the step BASE_DT / n allows, and, if they are all slow enough, no guard is due
          (`fine` <= n); else the guard's calm (`_guarded`) must cover every period, as it
          does when no contact begins.
        `d` holds x, y, vx, vy and spin of every body as the rest test read them, `fastest2`
        the greatest speed squared, and n the step's cut of BASE_DT chosen from it."""
        heavy, turning, widest, brake = self._heft
        if brake == 0.0:
            return 1
        per_speed = self.per_speed
        span = CONTROL / SAMPLE_HZ
        # boundaries 1..k-1 inside the loop must see the fastest cap faster than REST_SPEED
        # and than BASE_DT / (n - 1) allows
        floor = max(REST_SPEED, (n - 1) / per_speed)
        left = (math.sqrt(fastest2) - floor) / brake - BASE_DT
        ahead = min(most // CONTROL, int(left / span * 0.999) + 1)
        if ahead < 2:
            return 0  # (the step may change at the next boundary: asked again there)
        best = fx = fy = moving = turns = 0.0
        it = iter(d)  # (a body at a time, as `_fastest` reads them)
        for x, y, vx, vy, w in zip(it, it, it, it, it, strict=True):
            v2 = vx * vx + vy * vy
            moving += v2
            turns += w * w
            if v2 > best:
                best, fx, fy = v2, x, y
        # the fastest any cap may go, squared: the fastest cap, or another by the others' energy
        bound2 = max(best, 1.5 * (heavy * max(moving - best, 0.0) + turning * turns))
        if bound2 * per_speed * per_speed > n * n:
            return 1  # the step might get finer
        touch = 2.0 * widest + CLEAR  # nothing nearer the fastest cap than any two caps touch
        near2 = touch * touch
        it = iter(d)
        for x, y, _, _, _ in zip(it, it, it, it, it, strict=True):
            dx, dy = x - fx, y - fy
            if 0.0 < dx * dx + dy * dy < near2:
                return 1
        if bound2 * self.per_fine * self.per_fine > n * n:  # a guard may be due: calm throughout
            calm, until, _ = self._calm
            if calm != len(self.contacts):
                return 1
            if until != math.inf:  # (else calm throughout: `ahead` stands)
                ahead = _calm_for(periods, ahead, until)
        return ahead

    def _may_meet(self, span: float, periods: int, n: int) -> float | None:
        """When, at the soonest, caps may meet in the control period from sample period
        `periods` closing faster than the step BASE_DT / n allows (`_near`), in s from its
        start; None if they may not. When none may, the soonest any may is kept: until then,
        and while no contact begins (which would change speeds), no period needs the test."""
        start = periods * (1.0 / SAMPLE_HZ)
        contacts, until, _ = self._calm
        if contacts == len(self.contacts) and start + span <= until:
            return None
        closing, soonest, calm = self._near(span, n)
        self._calm = (len(self.contacts), start + calm, False)
        return soonest if closing > 0.0 else None

    def _careful(
        self,
        n: int,
        fine: int,
        soonest: float,
        start: float,
        stamp: int,
        trace: bool,
        sample: Callable[[], memoryview],
    ) -> tuple[memoryview, int]:
        """A control period of the swept policy in which caps may meet too fast for the
        adaptive step (`_may_meet`): at that step (BASE_DT / n) for the whole BASE_DTs before
        the soonest they may, then at BASE_DT / fine to the period's end, `fine` from its
        fastest cap as the adaptive step is (so that whatever it strikes, and whatever that
        strikes, closes on a cap by less than APPROACH a step). Returns the floats of the rest
        test (the last sample if traced) and the steps taken; contacts are timed per piece."""
        step, first_arg, _ = self._steps_of()
        units = round(1.0 / SAMPLE_HZ / BASE_DT)  # BASE_DTs in a sample period
        before = min(units * CONTROL, int(soonest / BASE_DT))
        # (BASE_DTs, substeps) of each piece, cut at each sample period for drawing
        pieces: list[tuple[int, int, bool]] = []  # (BASE_DTs, substeps, a sample after it)
        for q in range(CONTROL):
            coarse = min(units, max(0, before - q * units))
            if coarse:
                pieces.append((coarse, n, coarse == units))
            if coarse < units:
                pieces.append((units - coarse, fine, True))
        taken = done = 0
        d: memoryview | None = None
        for k, m, sampled in pieces:
            dt, count = BASE_DT / m, m * k
            self.time, self._dt_now, self._stamp0 = start + done * BASE_DT, dt, stamp + taken
            deque(starmap(step, repeat((first_arg, dt), count)), maxlen=0)  # looped in C
            taken += count
            done += k
            self.schedule.append((dt, count))
            if trace and sampled:
                d = sample()
        if not trace:
            assert self._motion_reader is not None
            d = self._motion_reader.read()
        assert d is not None
        return d, taken

    def _guarded(
        self,
        n: int,
        fine: int,
        soonest: float,
        start: float,
        stamp: int,
        trace: bool,
        sample: Callable[[], memoryview],
    ) -> tuple[memoryview, int]:
        """A control period of the guarded policy in which caps may meet too fast for the
        adaptive step BASE_DT / n (the swept policy's `fine` > n, and no guard found the whole
        period calm): stepped BASE_DT by BASE_DT, each as finely as `_guard` finds that the
        contacts which may begin in it need, judged at its start. A guard that finds none may
        begin too fast also finds until when none may unless a contact begins first: until then
        the period goes on at BASE_DT / n in one piece with no guard (as a calm period does).
        The BASE_DT a hit is due in goes at BASE_DT / n until it may come, then by the break's
        fastest cap (`_breaking`), and so does each BASE_DT after one with a hit harder than
        BASE_DT / n allows; the first without one is guarded again. Returns the floats of the
        rest test (the last sample if traced) and the steps taken; contacts are timed from the
        start of their piece, drawn or not (a drawn piece only stops at each sample)."""
        step, first_arg, _ = self._steps_of()
        units = round(1.0 / SAMPLE_HZ / BASE_DT)  # BASE_DTs in a sample period
        total = units * CONTROL
        taken = done = 0
        d: memoryview | None = None
        motion, per, m = self._motion_reader, BASE_DT / APPROACH, n
        slow = n * APPROACH / BASE_DT  # a closing speed the step BASE_DT / n keeps safe
        assert motion is not None
        while done < total:
            now = start + done * BASE_DT
            seen, until, due = self._calm
            begun = len(self.contacts)
            hard = False
            if m > n:  # (a plain loop: no generator's frame for the few contacts since)
                for c in self.contacts[max(seen, 0) :]:
                    if c.speed > slow:
                        hard = True
                        break
            lead = 0  # steps at BASE_DT / n first (before a hit due in this BASE_DT may come)
            if hard or (due and begun == seen and now + BASE_DT > until):
                # a hard hit in the last fine BASE_DT, or one due in this: stepped for the break
                m = max(n, math.ceil(self._breaking(motion.read().tolist()) * per))
                if not hard:
                    lead = min(n - 1, int((until - now) * n / BASE_DT))
                self._calm = (begun, now, False)  # guarded at the first BASE_DT with no new hit
            elif begun != seen or now + BASE_DT > until:
                m, calm, due = self._guard(BASE_DT, n)
                until = now + calm
                self._calm = (begun, until, due)
            else:
                m = n
            k = 1
            if m == n:  # every calm BASE_DT in one piece, with no guard between them
                ahead = (until - now) / BASE_DT
                k = max(1, int(ahead) if ahead < total - done else total - done)
            if lead:  # the hit's BASE_DT: at the adaptive step until it may come, then finely
                dt = BASE_DT / n
                self.time, self._dt_now, self._stamp0 = now, dt, stamp + taken
                deque(starmap(step, repeat((first_arg, dt), lead)), maxlen=0)
                taken += lead
                self.schedule.append((dt, lead))
                count = math.ceil(m * (n - lead) / n)
                dt = BASE_DT * (n - lead) / (n * count)
                self.time, self._dt_now, self._stamp0 = (
                    now + lead * (BASE_DT / n),
                    dt,
                    stamp + taken,
                )
                deque(starmap(step, repeat((first_arg, dt), count)), maxlen=0)
                taken += count
                done += 1
                self.schedule.append((dt, count))
                if trace and done % units == 0:
                    d = sample()
                continue
            dt = BASE_DT / m
            self.time, self._dt_now, self._stamp0 = now, dt, stamp + taken
            end = done + k
            while done < end:  # looped in C, to each sample on the way when traced
                upto = min(end, (done // units + 1) * units) if trace else end
                count = m * (upto - done)
                deque(starmap(step, repeat((first_arg, dt), count)), maxlen=0)
                taken += count
                done = upto
                self.schedule.append((dt, count))
                if trace and done % units == 0:
                    d = sample()
        if not trace:
            assert self._motion_reader is not None
            d = self._motion_reader.read()
        assert d is not None
        return d, taken

    def _breaking(self, values: list[float]) -> float:
        """How fast caps may close in a break, from the caps' velocities (vx, vy, spin each in
        `values`, after x and y): a cap struck by the fastest leaves at most the greatest speed-up a hit gives
        times its speed (`_reach`), as the swept policy has it."""
        return self._factor * math.sqrt(_fastest(values, 2, 5)[0])

    def _guard(self, span: float, n: int) -> tuple[int, float, bool]:
        """(the substeps of BASE_DT that the next `span` s need, at least n, so that no contact
        that may begin in them closes by more than APPROACH a step; how long from now, in s, no
        contact can begin too fast for BASE_DT / n unless some contact begins first; whether a
        cap is then due to strike another).

        Until it touches another, each cap slides straight on and its friction changes its
        velocity by at most mu g a second (a still cap's not at all), so two caps stay as far
        apart as their straight relative motion takes them less a t^2 / 2 (a, both frictions),
        and as their gap growing at their speed apart less the same (which lets two caps that
        part after a hit go); two further apart than their speeds carry them in the span stay
        apart. A pair that may come within touch in the span, and whose speeds add up to more
        than the step BASE_DT / n allows, is in danger: it closes at most at its relative speed
        plus a t, and what either strikes at most as fast as the faster of them times the
        greatest speed-up a hit gives (`_reach`), as the swept policy has it. Pairs out of
        danger say when they may meet, the soonest first: a cap sliding at a still one when its
        slide reaches it along its line (as `_guard_one`), two sliding caps as below."""
        per = BASE_DT / APPROACH  # substeps a BASE_DT per m/s of closing speed
        slow = n / per  # the closing speed the step BASE_DT / n keeps under APPROACH a step
        hypot, sqrt = math.hypot, math.sqrt
        if _lib is None:
            places = [(b.position.x, b.position.y, b.velocity.x, b.velocity.y) for b in self.bodies]
        else:  # chipmunk's getters mapped over the caps in C, no Vec2d made
            pointers = self._pointers
            places = [
                (p.x, p.y, v.x, v.y)
                for p, v in zip(
                    map(_lib.cpBodyGetPosition, pointers),
                    map(_lib.cpBodyGetVelocity, pointers),
                    strict=True,
                )
            ]
        turns, slowing = self._turns, self._slowing
        motion = places  # (a still cap's velocity set to nothing in it below)
        speeds = []
        # how far each cap may yet slide, steps and all, and its whole slide (see below; a
        # still one: nowhere), worked out once a cap for every pair it is in
        ways = []
        slides = []
        mover = movers = 0
        for i, (x, y, vx, vy) in enumerate(places):
            v = hypot(vx, vy)
            if v > STIRRING:
                speeds.append(v)
                brake = slowing[i]
                far = (v + 0.5 * brake * BASE_DT) ** 2
                ways.append(far / (2.0 * brake))
                length = far / (2.0 * brake * v)
                dx, dy = vx * length, vy * length
                slides.append(  # (x, y, its slide dx, dy, and the slide's box: x's, y's ends)
                    (
                        x,
                        y,
                        dx,
                        dy,
                        x if dx < 0.0 else x + dx,
                        x + dx if dx < 0.0 else x,
                        y if dy < 0.0 else y + dy,
                        y + dy if dy < 0.0 else y,
                    )
                )
                mover = i
                movers += 1
            else:
                motion[i] = (x, y, 0.0, 0.0)
                speeds.append(0.0)
                ways.append(0.0)
                slides.append(_NO_SLIDE)
        if movers == 1:
            return self._guard_one(mover, motion, speeds, span, n, per, slow)
        half, factor = 0.5 * span, self._factor
        worst = 0.0  # the fastest closing a pair in danger, or what it strikes, may come to
        calm, due = math.inf, False  # (pairs with a still cap, at once)
        meets: list[tuple[float, int, int]] = []  # two sliding caps: when, at the soonest
        for i, row in self._reaches:  # pair by pair, i < j (cap i's looked up once a row)
            xi, yi, vxi, vyi = motion[i]
            si, wi = speeds[i], ways[i]
            for j, reach in row:
                sj = speeds[j]
                both = si + sj
                if both <= slow:  # never too fast for the step, unless struck
                    continue
                xj, yj, vxj, vyj = motion[j]
                ex, ey = xj - xi, yj - yi
                gap = sqrt(ex * ex + ey * ey)
                if gap <= reach + both * span:  # near enough to touch in the span?
                    a = (turns[i] if si > 0.0 else 0.0) + (turns[j] if sj > 0.0 else 0.0)
                    wx, wy = vxj - vxi, vyj - vyi
                    along, w2 = ex * wx + ey * wy, wx * wx + wy * wy
                    t = 0.0 if w2 == 0.0 else -along / w2
                    t = 0.0 if t < 0.0 else (span if t > span else t)
                    apart = along / gap if gap > 0.0 else 0.0
                    if gap < reach or (
                        hypot(ex + wx * t, ey + wy * t) - a * half * span < reach
                        and gap + (apart - a * half) * span < reach
                    ):
                        closing = sqrt(w2) + a * span  # in danger
                        fast = factor * (si if si > sj else sj)
                        worst = max(worst, closing, fast)
                        continue
                if worst > 0.0 or gap - reach >= wi + ways[j]:
                    continue  # guarded again at the next BASE_DT anyway; or never
                if si > 0.0 and sj > 0.0:
                    # two slides whose boxes lie apart never meet: left out here (the meets
                    # below skip them in any order, so leaving them out changes nothing)
                    _, _, _, _, hxi, lxi, hyi, lyi = slides[i]
                    _, _, _, _, hxj, lxj, hyj, lyj = slides[j]
                    if not (
                        hxi + reach < lxj
                        or hxj + reach < lxi
                        or hyi + reach < lyj
                        or hyj + reach < lyi
                    ):
                        meets.append(((gap - reach) / both, i, j, reach, gap))
                    continue
                # one (k) slides at a still one: when it reaches it (f: from k to the other)
                if si == 0.0:
                    k, sk, vxk, vyk, fx, fy = j, sj, vxj, vyj, -ex, -ey
                else:
                    k, sk, vxk, vyk, fx, fy = i, si, vxi, vyi, ex, ey
                along = (fx * vxk + fy * vyk) / sk
                side2 = reach * reach - (gap * gap - along * along)
                if along > 0.0 and side2 > 0.0:  # (else moving off it, or its line passes it)
                    b = sk + 0.5 * slowing[k] * BASE_DT
                    root = b * b - 2.0 * slowing[k] * (along - sqrt(side2))
                    if root >= 0.0:  # (else it stops short)
                        meet = (b - sqrt(root)) / slowing[k]
                        if meet < calm:
                            calm, due = (span if meet < span else meet), True
        if worst > 0.0:
            return max(n, math.ceil(worst * per)), span, False  # guarded again next BASE_DT
        if not meets:
            return n, calm, due
        meets.sort()  # (by when: no two have the same caps)
        # Two sliding caps close no faster than they close now plus what friction may turn, and
        # never meet if their whole slides (`_apart`) pass apart. A step of at most BASE_DT
        # moves a cap by its speed at the step's start, which friction (mu g, a hair less for
        # rounding) lowers by the step's end: in t it goes at most
        # (s + mu g BASE_DT / 2) t - mu g t^2 / 2, and never further than that can take it;
        # `slides` holds how far each may slide so (its velocity times that many s per m/s).
        for meet, i, j, reach, gap in meets:
            if meet >= calm:
                break  # (nor any after it)
            xi, yi, dxi, dyi = slides[i][:4]  # (their slides' boxes meet: see above)
            xj, yj, dxj, dyj = slides[j][:4]
            if _apart(xi, yi, dxi, dyi, xj, yj, dxj, dyj, reach + NEAR):
                continue  # their whole slides pass apart: they never meet
            _, _, vxi, vyi = motion[i]
            _, _, vxj, vyj = motion[j]
            a = turns[i] + turns[j]  # nor sooner than they close now plus what friction turns
            apart = ((xj - xi) * (vxj - vxi) + (yj - yi) * (vyj - vyi)) / gap
            soonest = (apart + sqrt(apart * apart + 2.0 * a * (gap - reach))) / a
            meet = self._parting(motion, speeds, i, j, reach, soonest if soonest > meet else meet)
            if meet < calm:
                calm, due = (span if meet < span else meet), False
        return n, calm, due

    def _guard_one(
        self,
        i: int,
        motion: list[tuple[float, float, float, float]],
        speeds: list[float],
        span: float,
        n: int,
        per: float,
        slow: float,
    ) -> tuple[int, float, bool]:
        """`_guard` when one cap alone moves (a flick, before its first hit): it meets a still
        cap when its slide reaches it along its line, at most as fast as it goes."""
        si = speeds[i]
        if si <= slow:
            return n, math.inf, False  # nothing it can strike is too fast for the step
        xi, yi, vxi, vyi = motion[i]
        ux, uy, ri = vxi / si, vyi / si, self._radii[i]
        slowing = self._slowing[i]
        b = si + 0.5 * slowing * BASE_DT  # (see `_guard`)
        soonest = math.inf
        for j, (xj, yj, _, _) in enumerate(motion):
            if j == i:
                continue
            ex, ey = xj - xi, yj - yi
            along = ex * ux + ey * uy
            reach = ri + self._radii[j]
            side2 = reach * reach - (ex * ex + ey * ey - along * along)
            if along <= 0.0 or side2 <= 0.0:
                continue  # moving off it, or its line passes it
            root = b * b - 2.0 * slowing * (along - math.sqrt(side2))
            if root >= 0.0:  # (else it stops short)
                soonest = min(soonest, (b - math.sqrt(root)) / slowing)
        if soonest < span:  # a hit in the span: as fast as it goes, and what it strikes
            closing = max(si + self._turns[i] * span, self._factor * si)
            return max(n, math.ceil(closing * per)), span, False
        return n, soonest, soonest < math.inf

    def _parting(
        self,
        motion: list[tuple[float, float, float, float]],
        speeds: list[float],
        i: int,
        j: int,
        reach: float,
        meet: float,
    ) -> float:
        """When two sliding caps whose slides cross may touch, at the soonest (at least `meet`):
        never, often, for two that part after a hit. Until the first stops, each slows along its
        own line at mu g, so their relative velocity changes by a constant c a second, and they
        are at least as far apart as along the line between them now: gap + apart t - k t^2 / 2
        (k, c along that line), less what steps carry each further than a smooth slide. If that
        keeps them apart, then one lies still, somewhere along its line as far as its steps may
        carry it, and the other slides on from where it has got to: they may meet only if those
        ways do, and not before."""
        xi, yi, vxi, vyi = motion[i]
        xj, yj, vxj, vyj = motion[j]
        si, sj = speeds[i], speeds[j]
        ai, aj = self._slowing[i] / 0.999, self._slowing[j] / 0.999  # mu g
        ex, ey = xj - xi, yj - yi
        gap = math.sqrt(ex * ex + ey * ey)
        k = (ex * (vxj * aj / sj - vxi * ai / si) + ey * (vyj * aj / sj - vyi * ai / si)) / gap
        k += 0.002 * (ai + aj)  # (rounding)
        late = (ex * (vxj - vxi) + ey * (vyj - vyi)) / gap - 0.5 * (ai + aj) * BASE_DT
        first = min(si / ai, sj / aj)  # when the first stops
        t = first if k > 0.0 else (0.0 if k == 0.0 else min(max(late / k, 0.0), first))
        low = gap + late * t - 0.5 * k * t * t
        if min(gap, low) < reach:
            return meet  # they may meet before either stops
        if si / ai > sj / aj:  # i stops first
            xi, yi, vxi, vyi, si, ai, xj, yj, vxj, vyj, sj, aj = (
                xj,
                yj,
                vxj,
                vyj,
                sj,
                aj,
                xi,
                yi,
                vxi,
                vyi,
                si,
                ai,
            )
        ri = si / (2.0 * ai)  # where i stops, s per m/s of its velocity, and how much further
        rd = (si + 0.5 * ai * BASE_DT) ** 2 / (2.0 * ai * si) - ri  # its steps may take it
        gone = first - 0.5 * aj * first * first / sj  # where j is then, likewise
        on = (
            (sj - aj * first + 0.5 * aj * BASE_DT) ** 2 / (2.0 * aj) + 0.5 * aj * first * BASE_DT
        ) / sj
        xi, yi, xj, yj = xi + vxi * ri, yi + vyi * ri, xj + vxj * gone, yj + vyj * gone
        if _apart(xi, yi, vxi * rd, vyi * rd, xj, yj, vxj * on, vyj * on, reach + CLEAR):
            return math.inf
        return max(meet, first)

    def _near(self, span: float, n: int) -> tuple[float, float, float]:
        """(the greatest speed at which two caps that may meet in the next `span` seconds close
        on each other, 0 when none may; the soonest such a contact may begin, s; the soonest
        any contact at all may begin, s): a swept test of their paths, for the swept policy.

        Until a first contact every cap slides straight on along its velocity and slows down
        (its friction opposes it), so it stays on the segment from where it is to where its
        present speed would take it in `span`, or to where its friction stops it; if no two
        such segments come within NEAR, no contact begins in the span at all. (So a slide that
        touches no cap is stepped as the adaptive policy steps it, and the lone-slide sums of
        the flick guide and the planner stay exact.) Two caps close no faster than their speeds
        add up, so none meets sooner than its gap over that sum. Two caps whose speeds add up
        to no more than the step BASE_DT / n keeps under APPROACH a step are left out, as are
        two still caps: a cap that strikes them is tested."""
        closing, soonest, calm = 0.0, span, math.inf
        slow, crawl = n / self.per_fine, 1.0 / self.per_fine  # at this step, at the largest
        motion = []
        for body, brake in zip(self.bodies, self._brakes, strict=True):
            if _lib is None:
                x, y, vx, vy = body.position.x, body.position.y, body.velocity.x, body.velocity.y
            else:
                p, v = _lib.cpBodyGetPosition(body._body), _lib.cpBodyGetVelocity(body._body)
                x, y, vx, vy = p.x, p.y, v.x, v.y
            # as long as it goes on for `span` at its speed, or as far as its friction lets it
            speed = math.hypot(vx, vy)
            k = min(span, speed * brake)
            motion.append((x, y, vx * k, vy * k, vx, vy, speed, speed * k))
        for i, j, ri, rj in self._pairs:
            xi, yi, dxi, dyi, vxi, vyi, si, li = motion[i]
            xj, yj, dxj, dyj, vxj, vyj, sj, lj = motion[j]
            if si + sj <= crawl:
                continue  # they never meet too fast for any step (a still pair: never)
            reach = ri + rj + NEAR
            ex, ey = xj - xi, yj - yi
            gap = math.hypot(ex, ey)
            far = gap - reach
            if far > 0.0:  # the soonest they may meet: closing no faster than both speeds
                meet = far / (si + sj)
                if meet < calm:  # and no sooner than now closing, friction turning them to
                    closing_now = (ex * (vxi - vxj) + ey * (vyi - vyj)) / gap
                    turn = self._turns[i] + self._turns[j]
                    root = math.sqrt(closing_now * closing_now + 2.0 * turn * far)
                    meet = max(meet, (root - closing_now) / turn)
            else:
                meet = 0.0
            if meet < calm:
                calm = meet
            if si + sj <= slow:
                continue  # they may meet, but never too fast for this step
            if far > 0.0 and far >= li + lj:
                continue  # too far apart to meet in the span even head on
            if _segment_gap(xi, yi, dxi, dyi, xj, yj, dxj, dyj) < reach:
                closing = max(closing, math.hypot(vxi - vxj, vyi - vyj))
                soonest = min(soonest, meet)
        return closing, soonest, calm


def _contact_begins(arbiter: object, space: object, data: object) -> None:
    """`World._begin` without pymunk's wrapping, called by chipmunk itself: no Arbiter object,
    no handler lookup. The arbiter's own bodies and normal are read as they lie (chipmunk's
    getters swap both when the arbiter is swapped, which changes neither the pair nor the
    closing speed, bit for bit); the time is `World.now()`, its sums in its order."""
    world = _ffi.from_handle(data)
    stamp = _stamp_of(space)
    merged = world._merged
    if merged is not None:  # control periods in one C loop: the clock of this one, and the
        first, stamp0, count, run = merged  # loop cut at its end (World._calm_periods)
        k = (stamp - stamp0 - 1) // count
        world.time = (first + k * CONTROL) * (1.0 / SAMPLE_HZ)
        world._stamp0 = stamp0 + k * count
        del run[(k + 1) * count :]
    a, b = arbiter.body_a, arbiter.body_b
    index = world._of_pointer
    ia, ib = index[a], index[b]
    n = arbiter.n
    va, vb = _velocity_of(a), _velocity_of(b)
    speed = abs((va.x - vb.x) * n.x + (va.y - vb.y) * n.y)
    time = world.time + (stamp - world._stamp0) * world._dt_now
    if ia > ib:
        ia, ib = ib, ia
    contact = _bare_contact(Contact)  # Contact(time, ia, ib, speed), its fields set at once
    _set_field(contact, "__dict__", {"time": time, "a": ia, "b": ib, "speed": speed})
    world.contacts.append(contact)


_WILDCARD = -1 if _ffi is None else int(_ffi.cast("uintptr_t", ~0))  # any collision type
if _ffi is None:  # pragma: no cover - a pymunk release that moved chipmunk's calls
    _BEGINS = None
else:
    _velocity_of, _stamp_of = _lib.cpBodyGetVelocity, _lib.cpSpaceGetTimestamp
    # a frozen dataclass's __init__ sets its fields one by one through object.__setattr__:
    # a contact made in chipmunk's step gets them in one dict (the same object, a third sooner)
    _bare_contact, _set_field = object.__new__, object.__setattr__
    _BEGINS = _ffi.callback("void(*)(cpArbiter *, cpSpace *, void *)", _contact_begins)


def simulate(
    board: BoardSpec,
    caps: Sequence[CapType],
    positions: Sequence[Vec],
    flick: Flick,
    pinned: frozenset[int] = frozenset(),
    dt: float | None = None,
    trace: bool = True,
    policy: StepPolicy = NEWEST,
) -> ShotResult:
    """Run one shot to rest headless, in a fresh space: the same inputs give the same result.
    `trace=False` when nothing will draw the shot (its trajectory then holds the start and the
    rest only): the planner's and the analysis's thousands of shots."""
    world = World(board, caps, positions, pinned, dt, policy)
    world.flick(flick)
    return world.run_to_rest(trace=trace)


class WatchedWorld(World):
    """A world that measures, after every step, how far any two caps (a held one included)
    overlap: `deepest` is the most in the shots so far, in m. Each step then returns to Python,
    so it is slow: for the tests and the benchmark, never a game's shot. The steps are
    chipmunk's own, so the shot comes out exactly as an unwatched world's."""

    lone_slides = False  # every shot stepped, so every step is watched

    deepest = 0.0

    def _steps_of(self) -> tuple[Callable[[object, float], None], object, Callable[[], int]]:
        step, first, stamp = super()._steps_of()
        bodies, pairs = self.bodies, self._pairs

        def watched(arg: object, dt: float) -> None:
            step(arg, dt)
            places = _positions(bodies)
            for i, j, ri, rj in pairs:
                (xi, yi), (xj, yj) = places[i], places[j]
                depth = ri + rj - math.hypot(xj - xi, yj - yi)
                if depth > self.deepest:
                    self.deepest = depth

        return watched, first, stamp
