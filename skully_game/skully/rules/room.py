"""Room for a cap: the one rule by which every placement finds a spot where the cap fits.

Whenever a cap is put down by a rule or by a player (behind the start line, in a box obtained,
back where a foul moved it from, out of town) it goes to **the free spot nearest to where it
belongs**: the point of the allowed area nearest the wanted point at which its disc overlaps no
other cap on the table. If the whole area is taken (a tiny box on a small board, six caps behind
a short start line) it goes to the free spot nearest the area, just outside it. A cap put down
this way never overlaps another, so no save can hold two caps on top of each other.

The search is deterministic: the wanted point if free; else the exact candidates (pushed
straight out of one cap, or nestled between two); else rings of samples around the wanted
point, growing until one fits, and the nearest of what was found.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from skully_game.skully.geometry import Vec
from skully_game.skully.rules.areas import Area
from skully_game.skully.rules.events import Event, MovedAside
from skully_game.skully.rules.state import GameState

ROOM_GAP = 1e-4  # m: how far a cap put down beside another clears it (0.1 mm)
Other = tuple[Vec, float]  # another cap on the table: its centre and radius


def others_than(state: GameState, player: int) -> list[Other]:
    """Every other cap on the table, as the search wants them: (centre, radius)."""
    return [
        (p.pos, p.radius)
        for j, p in enumerate(state.players)
        if j != player and p.pos is not None and not p.eliminated
    ]


def fits(point: Vec, radius: float, others: Sequence[Other]) -> bool:
    """The disc at `point` overlaps none of the others (touching is fine)."""
    return all(math.dist(point, q) >= radius + r for q, r in others)


def crowd_reach(radius: float, others: Sequence[Other]) -> float:
    """How far beyond an area a free spot is sure to be: a straight line out of it crosses each
    other cap's forbidden disc at most once, for at most its diameter."""
    return sum(2 * (radius + r) for _, r in others) + 2 * ROOM_GAP + 1e-3


def nearest_free(
    area: Area | None, want: Vec, radius: float, others: Sequence[Other], reach: float = 0.0
) -> Vec | None:
    """The free point of `area` (anywhere, if None) nearest to `want`, or None if the area has no
    room. `reach` bounds the search when the area is None (else the area's extent does)."""
    start = want if area is None else area.snap(want)
    if fits(start, radius, others):
        return start

    def ok(p: Vec) -> bool:
        return (area is None or area.is_allowed(p)) and fits(p, radius, others)

    found = [p for p in _exact(start, radius, others) if ok(p)]
    thin = area is not None and bool(area.segments) and not area.rects and not area.polygons
    step = radius / 4
    limit = reach if area is None else _extent(area, start)
    rings = max(1, math.ceil(limit / step) + 2)
    for k in range(1, rings + 1):
        rho = k * step
        if found and rho > min(math.dist(start, p) for p in found) + step:
            break
        count = max(16, math.ceil(2 * math.pi * rho / (step / 2)))
        for j in range(count):
            a = 2 * math.pi * j / count
            p = (start[0] + rho * math.cos(a), start[1] + rho * math.sin(a))
            if ok(p):
                found.append(p)
            elif thin:  # a line a few mm wide: samples land on it only once snapped to it
                q = area.snap(p)
                if ok(q):
                    found.append(q)
    if not found:
        return None
    return min(found, key=lambda p: math.dist(start, p))


def room_for(area: Area | None, want: Vec, radius: float, others: Sequence[Other]) -> Vec:
    """Where a cap wanted at `want` goes: the nearest free point of the area, or if the area is
    full (`area_full`), the free point nearest to it outside it (there always is one)."""
    reach = crowd_reach(radius, others)
    spot = nearest_free(area, want, radius, others, reach)
    if spot is None and area is not None and not area_full(area, radius, others):
        spot = nearest_free(area, _anchor(area), radius, others)  # room far from `want`
    if spot is None:
        start = want if area is None else area.snap(want)
        spot = nearest_free(None, start, radius, others, reach)
    assert spot is not None, "a free spot lies within crowd_reach of any point"
    return spot


def area_full(area: Area, radius: float, others: Sequence[Other]) -> bool:
    """No free point in the whole area, searched the same way whoever asks: so the rules and
    whoever puts a cap down agree on when a cap may go just outside it."""
    return nearest_free(area, _anchor(area), radius, others) is None


def _anchor(area: Area) -> Vec:
    """Where the search over a whole area starts: its middle, as allowed."""
    box = area.bounds()
    if box is None:
        raise ValueError("an empty area has no middle")
    return area.snap(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2))


def _exact(start: Vec, radius: float, others: Sequence[Other]) -> list[Vec]:
    """The nearest spots clear of one cap (straight out from it) and of two (where the two
    forbidden circles cross): the answer itself whenever one or two caps are in the way."""
    out: list[Vec] = []
    rings = [(q, radius + r + ROOM_GAP) for q, r in others]
    for q, big in rings:
        dx, dy = start[0] - q[0], start[1] - q[1]
        d = math.hypot(dx, dy)
        if d < 1e-12:
            dx, dy, d = 1.0, 0.0, 1.0
        out.append((q[0] + dx / d * big, q[1] + dy / d * big))
    for i, (p, r1) in enumerate(rings):
        for q, r2 in rings[i + 1 :]:
            out.extend(_crossings(p, r1, q, r2))
    return out


def _crossings(p: Vec, r1: float, q: Vec, r2: float) -> list[Vec]:
    """Where two circles cross, nudged outward by a hair so both are cleared."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    d = math.hypot(dx, dy)
    if d < 1e-12 or d > r1 + r2 or d < abs(r1 - r2):
        return []
    a = (r1 * r1 - r2 * r2 + d * d) / (2 * d)
    h = math.sqrt(max(0.0, r1 * r1 - a * a)) * (1 + 1e-9) + 1e-9
    mx, my = p[0] + a * dx / d, p[1] + a * dy / d
    return [(mx - h * dy / d, my + h * dx / d), (mx + h * dy / d, my - h * dx / d)]


def _extent(area: Area, start: Vec) -> float:
    """The farthest any allowed point can be from `start`: where the ring search may stop."""
    box = area.bounds()
    if box is None:
        return 0.0
    dx = max(abs(start[0] - box[0]), abs(start[0] - box[2]))
    dy = max(abs(start[1] - box[1]), abs(start[1] - box[3]))
    return math.hypot(dx, dy)


def ease_table(state: GameState, slack: float) -> tuple[GameState, tuple[Event, ...]]:
    """Every cap that overlaps another by more than `slack` moved to the free spot nearest it,
    in order of play (the first of two moves, the other stays): how a game saved by an
    earlier version, which could leave caps on top of each other, is mended once on loading."""
    events: list[Event] = []
    for i, p in enumerate(state.players):
        if p.pos is None or p.eliminated:
            continue
        under = [
            q.name
            for j, q in enumerate(state.players)
            if j != i
            and q.pos is not None
            and not q.eliminated
            and math.dist(p.pos, q.pos) < p.radius + q.radius - slack
        ]
        if not under:
            continue
        spot = room_for(None, p.pos, p.radius, others_than(state, i))
        state = state.with_player(i, pos=spot)
        text = f"{p.name}'s cap lay on {under[0]}'s and is moved aside"
        events.append(MovedAside(text, i, spot))
    return state, tuple(events)
