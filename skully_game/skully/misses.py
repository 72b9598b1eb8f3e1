"""Why a shot missed, in a player's terms: how far short or long, how far left or right of what
the target needed ("30 cm short, 8° left of 3"), so a person can tell their gesture from the
program. Pure geometry on the flick, the cap's rest and the target; no pygame here.

A shot aimed at another cap (a killer's at its victim, a lesson's hit, or any shot whose aim
pointed at a cap rather than into the box) is told against that cap: how far our cap passed
beside it, or how far short it stopped ("passed 12 cm left of Bobby").

The target is where the cap's centre must stop: a box's inside shrunk by the cap's radius
(ruling 2: the whole disc inside the line), or a trapezoid of the skull. The direction is judged
from the flick's angle (the gesture), against the fan of directions that reach the target; the
length from how far the cap slid, against where the line flicked (or, if it passed the target
by, the line through the target's middle) enters and leaves the target.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from skully_game.core.settings import Units
from skully_game.skully.geometry import Board, Vec
from skully_game.skully.physics import MAX_SPEED, Flick
from skully_game.skully.rules import course
from skully_game.skully.rules.areas import trapezoid_polygon
from skully_game.skully.rules.events import DillerMissed, Event, Missed, Stuck
from skully_game.skully.rules.state import Player, target
from skully_game.skully.tuner_model import feet_and_inches

Polygon = tuple[Vec, ...]
MIN_SIDE_DEG = 0.5  # a direction off by less than this is "on line"
MIN_ALONG = 0.005  # m: a length off by less than this is "the right length"
HAIR = 0.01  # m: a cap's centre nearer than this to where it would count lies on the goal's line
MISSES = (Missed, Stuck, DillerMissed)  # the events of a shot that did not make its target
CAP_AIM_GAP = 0.15  # m: an aim whose line passes this near a cap (edge to edge) may be at it
WRONG_WAY_DEG = 90.0  # a shot this far off its goal went away from it: "114° left" says nothing


@dataclass(frozen=True)
class Goal:
    """Where the cap's centre must stop to count, and how a player names it ("3", "the skull")."""

    polygon: Polygon
    name: str


@dataclass(frozen=True)
class MissReport:
    """How a shot missed: `along` metres short (negative) or long (positive), `side_deg` degrees
    left (positive) or right (negative) of the directions that would have reached the goal."""

    along: float
    side_deg: float
    goal: str
    gap: float = 0.0  # m from where the cap's centre stopped to the nearest place that counts

    @property
    def exact(self) -> bool:
        """Neither short, long, left nor right: it missed by a hair (on the line)."""
        return abs(self.along) < MIN_ALONG and abs(self.side_deg) < MIN_SIDE_DEG


@dataclass(frozen=True)
class CapAim:
    """Another cap a shot may be aimed at: its centre, how near our cap's centre is when the
    two touch (the two radii added), and its owner's name, as a player names it."""

    centre: Vec
    reach: float
    name: str


@dataclass(frozen=True)
class CapMiss:
    """How a shot aimed at a cap missed it: `short` metres still to go when our cap stopped (0
    once it came level with the cap), and `side` metres between the two caps' edges across the
    line it went along, positive when ours went (or was heading) left of the cap, negative
    right, 0 when that line would have touched it."""

    short: float
    side: float
    goal: str


Miss = MissReport | CapMiss


def format_length(metres: float, units: Units) -> str:
    """A length to read at a glance: "2 ft 11 in" in whole inches, or "0.89 m" / "45 cm"."""
    if units is Units.IMPERIAL:
        return feet_and_inches(metres, grain=1)  # spelt as the tuner spells lengths
    return f"{metres:.2f} m" if metres >= 1 else f"{metres * 100:.0f} cm"


FOOT = 0.3048  # m


def say_speed(mps: float, units: Units) -> str:
    """A cap's speed as a player of these units reads it: "1.9 m/s", "6.2 ft/s"."""
    if units is Units.IMPERIAL:
        return f"{mps / FOOT:.1f} ft/s"
    return f"{mps:.1f} m/s"


def flick_words(speed: float, slid: float, units: Units) -> str:
    """A flick read back, how fast the cap left and how far it came to rest from where it was
    flicked: "1.9 m/s, slid 1.42 m" ("barely moved" under a centimetre). The warm-up's words,
    and a game's after each of a person's shots."""
    if slid < 0.01:
        return f"{say_speed(speed, units)}, barely moved"
    return f"{say_speed(speed, units)}, slid {format_length(slid, units)}"


def _wrap(a: float) -> float:
    return (a + math.pi) % (2 * math.pi) - math.pi


def _inside(p: Vec, poly: Polygon) -> bool:
    sign = 0.0
    n = len(poly)
    for k in range(n):
        (ax, ay), (bx, by) = poly[k], poly[(k + 1) % n]
        cross = (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax)
        if abs(cross) < 1e-12:
            continue
        if sign and (cross > 0) != (sign > 0):
            return False
        sign = cross
    return True


def _ray_span(start: Vec, angle: float, poly: Polygon) -> tuple[float, float] | None:
    """Where a ray from `start` enters and leaves a convex polygon (Cyrus-Beck), or None."""
    dx, dy = math.cos(angle), math.sin(angle)
    lo, hi = 0.0, math.inf
    n = len(poly)
    cx = sum(p[0] for p in poly) / n
    cy = sum(p[1] for p in poly) / n
    for k in range(n):
        (ax, ay), (bx, by) = poly[k], poly[(k + 1) % n]
        nx, ny = by - ay, -(bx - ax)  # a normal of the edge, turned to point inwards
        if nx * (cx - ax) + ny * (cy - ay) < 0:
            nx, ny = -nx, -ny
        denom = nx * dx + ny * dy
        num = nx * (start[0] - ax) + ny * (start[1] - ay)
        if abs(denom) < 1e-15:
            if num < 0:
                return None
            continue
        t = -num / denom
        if denom > 0:
            lo = max(lo, t)
        else:
            hi = min(hi, t)
    return (lo, hi) if lo <= hi else None


def _gap(p: Vec, poly: Polygon) -> float:
    """How far `p` lies outside a convex polygon (0 inside): to its nearest edge."""
    if _inside(p, poly):
        return 0.0
    best = math.inf
    n = len(poly)
    for k in range(n):
        (ax, ay), (bx, by) = poly[k], poly[(k + 1) % n]
        ex, ey = bx - ax, by - ay
        t = ((p[0] - ax) * ex + (p[1] - ay) * ey) / max(ex * ex + ey * ey, 1e-18)
        t = min(max(t, 0.0), 1.0)
        best = min(best, math.hypot(p[0] - ax - t * ex, p[1] - ay - t * ey))
    return best


def miss_report(start: Vec, rest: Vec, angle: float, goals: Sequence[Goal]) -> MissReport | None:
    """How a shot from `start` flicked at `angle` (radians, x right, y up) that stopped at
    `rest` missed the nearest of `goals`; None when there is nothing to say (no goal, the cap
    started in it, or it did not move)."""
    travelled = math.dist(start, rest)
    best: tuple[float, float, MissReport] | None = None
    for goal in goals:
        poly = goal.polygon
        if len(poly) < 3 or _inside(start, poly) or travelled < 1e-6:
            continue
        cx = sum(p[0] for p in poly) / len(poly)
        cy = sum(p[1] for p in poly) / len(poly)
        base = math.atan2(cy - start[1], cx - start[0])
        rel = [_wrap(math.atan2(p[1] - start[1], p[0] - start[0]) - base) for p in poly]
        lo, hi = min(rel), max(rel)
        flick = _wrap(angle - base)
        side = flick - hi if flick > hi else flick - lo if flick < lo else 0.0
        # the length along the line flicked if it crossed the goal, else along its middle
        span = _ray_span(start, angle, poly) if side == 0.0 else None
        if span is None or span[1] - span[0] < 1e-6:
            span = _ray_span(start, base, poly) or (0.0, 0.0)
        enter, leave = span
        along = (
            travelled - enter
            if travelled < enter
            else travelled - leave
            if travelled > leave
            else 0
        )
        report = MissReport(along, math.degrees(side), goal.name, _gap(rest, poly))
        key = (abs(report.side_deg), abs(along))
        if best is None or key < best[:2]:
            best = (*key, report)
    return None if best is None else best[2]


def miss_parts(report: MissReport, units: Units) -> list[str]:
    """The report's parts, as a call-out at the cap says them: ["30 cm short", "8° left"]."""
    parts: list[str] = []
    if abs(report.along) >= MIN_ALONG:
        length = format_length(abs(report.along), units)
        parts.append(f"{length} {'short' if report.along < 0 else 'long'}")
    if abs(report.side_deg) >= MIN_SIDE_DEG:
        degrees = max(1, round(abs(report.side_deg)))
        parts.append(f"{degrees}° {'left' if report.side_deg > 0 else 'right'}")
    return parts


def miss_words(report: Miss, units: Units) -> str:
    """The report as a player says it: "30 cm short, 8° left of 3", "20 cm past 3", "passed
    12 cm left of Bobby"."""
    if isinstance(report, CapMiss):
        return _cap_words(report, units, callout=False)
    if wrong_way(report):
        return f"went away from {report.goal}: aim the arrow at it"
    parts = miss_parts(report, units)
    if not parts:
        if report.gap >= HAIR:  # the line it went along crossed the goal; the cap did not
            return f"{format_length(report.gap, units)} outside {report.goal}"
        return f"a hair out of {report.goal}: on its line"
    if len(parts) == 2:
        return f"{', '.join(parts)} of {report.goal}"
    if abs(report.side_deg) >= MIN_SIDE_DEG:
        return f"{parts[0]} of {report.goal} (the length was right)"
    if report.along > 0:  # "long of 3" is not said: past it
        return f"{parts[0].removesuffix(' long')} past {report.goal} (the direction was good)"
    return f"{parts[0]} of {report.goal} (the direction was good)"


def wrong_way(report: MissReport) -> bool:
    """The shot went away from its goal (more than a right angle off every way to it): a
    newcomer needs to hear where to point, not a count of degrees."""
    return round(abs(report.side_deg)) >= WRONG_WAY_DEG  # as said: "90°" is not said either


def miss_callout(report: Miss, units: Units) -> str:
    """The miss in a few words at the cap: "30 cm short, 8° left", "12 cm left of Bobby"."""
    if isinstance(report, CapMiss):
        return _cap_words(report, units, callout=True)
    if wrong_way(report):
        return "wrong way"
    parts = ", ".join(miss_parts(report, units))
    if parts:
        return parts
    return f"{format_length(report.gap, units)} outside" if report.gap >= HAIR else "on the line"


def aimed_cap(
    start: Vec, angle: float, caps: Sequence[CapAim], limit: float | None
) -> tuple[CapAim, float] | None:
    """The cap ahead that a flick at `angle` came nearest to pointing at, and by how many
    degrees it was off every line that touches it; only caps its line passes within `limit`
    metres of (edge to edge), or any cap ahead when `limit` is None (a killer's shot)."""
    best: tuple[CapAim, float] | None = None
    for cap in caps:
        dx, dy = cap.centre[0] - start[0], cap.centre[1] - start[1]
        d = math.hypot(dx, dy)
        if d <= cap.reach:
            continue  # touching already: nothing to aim
        off = abs(_wrap(angle - math.atan2(dy, dx)))
        if off >= math.pi / 2:
            continue  # behind the flick
        if limit is not None and d * math.sin(off) - cap.reach > limit:
            continue
        degrees = math.degrees(max(0.0, off - math.asin(cap.reach / d)))
        if best is None or degrees < best[1]:
            best = (cap, degrees)
    return best


def cap_miss(start: Vec, rest: Vec, cap: CapAim) -> CapMiss | None:
    """How a cap that went from `start` to `rest` in a straight line missed `cap`; None if it
    did not move."""
    travelled = math.dist(start, rest)
    if travelled < 1e-6:
        return None
    ux, uy = (rest[0] - start[0]) / travelled, (rest[1] - start[1]) / travelled
    cx, cy = cap.centre[0] - start[0], cap.centre[1] - start[1]
    level = cx * ux + cy * uy  # how far along the line the cap lies
    across = ux * cy - uy * cx  # positive: the cap lies left of the line, so ours went right
    gap = abs(across) - cap.reach
    side = 0.0 if gap <= 0 else (-gap if across > 0 else gap)
    if side == 0.0:  # on a line that touches it: short of the touch
        short = level - math.sqrt(max(0.0, cap.reach**2 - across**2)) - travelled
    else:
        short = level - travelled
    return CapMiss(max(0.0, short), side, cap.name)


def _cap_words(miss: CapMiss, units: Units, callout: bool) -> str:
    """A cap miss in words: "passed 12 cm left of Bobby", "stopped 30 cm short of Bobby"; a
    call-out at the cap says it shorter ("12 cm left of Bobby")."""
    side = ""
    if miss.side and not format_length(abs(miss.side), units).startswith("0 "):
        # under what the units can say ("0 cm", "0 in"): brushed past, not "passed 0 cm left"
        side = f"{format_length(abs(miss.side), units)} "
        side += "left" if miss.side > 0 else "right"
    if miss.short < MIN_ALONG:
        if not side:
            return f"brushed past {miss.goal}" if callout else f"brushed past {miss.goal} by a hair"
        return f"{side} of {miss.goal}" if callout else f"passed {side} of {miss.goal}"
    short = f"{format_length(miss.short, units)} short"
    if callout:
        return f"{short}, {side} of {miss.goal}" if side else f"{short} of {miss.goal}"
    if side:
        return f"stopped {short}, heading {side} of {miss.goal}"
    return f"stopped {short} of {miss.goal} (the direction was good)"


def wobble_words(meant_angle: float, meant_speed: float, angle: float, speed: float) -> str:
    """What a slingshot's hand did to the aim: "the hand's wobble: 3° left, power 29% → 27%",
    so a player can tell their own aim from the wobble of the hand level they chose. Power is
    told as the power meter shows it (a share of the hardest flick), so the meter's "±9%" band
    and these words are in the same units."""
    parts: list[str] = []
    turn = math.degrees(_wrap(angle - meant_angle))
    if abs(turn) >= MIN_SIDE_DEG:
        parts.append(f"{max(1, round(abs(turn)))}° {'left' if turn > 0 else 'right'}")
    meant_pct, made_pct = (round(100 * s / MAX_SPEED) for s in (meant_speed, speed))
    if meant_pct != made_pct:
        parts.append(f"power {meant_pct}% → {made_pct}%")
    return f"the hand's wobble: {', '.join(parts)}" if parts else "the hand did not wobble"


def wobble_note(meant: Flick | None, made: Flick) -> str:
    """What a hand did to the flick meant, in words; "" when it was the flick made (or unknown)."""
    if meant is None or (meant.angle, meant.speed) == (made.angle, made.speed):
        return ""
    return wobble_words(meant.angle, meant.speed, made.angle, made.speed)


BACKWARDS_DEG = 100.0  # a slingshot's miss this far off went the way the pull was made


def pulled_the_wrong_way(report: Miss) -> str:
    """A slingshot's miss that went back the way the pull went (a newcomer drags towards the
    goal, as if flicking): the words that teach the pull, else ""."""
    if isinstance(report, MissReport) and abs(report.side_deg) >= BACKWARDS_DEG:
        return "the slingshot shoots away from your pull: pull back, away from where you aim"
    return ""


def shot_note(miss: str, wobble: str) -> str:
    """A person's miss as the turn log tells it, in that shot's line: why, then the wobble."""
    return f"{miss}; {wobble}" if miss and wobble else miss


def explain_shot(
    goals: Sequence[Goal | CapAim],
    index: int,
    events: Sequence[Event],
    angle: float,
    start: Vec,
    rest: Vec,
    touched: bool,
) -> Miss | None:
    """Why player `index`'s shot missed: None if the shot did not miss (nothing in `events`
    says so) or touched another cap (the caps, not the aim, sent it).

    The goal is what the flick pointed at: the box (or trapezoid) when its line went into it;
    else the cap its line pointed nearest to, among those it passed close by (any cap ahead
    when there is no box: a killer's shot, a lesson's hit), if the shot came nearer to that
    cap than to the box; else the box."""
    missed = any(isinstance(e, MISSES) and e.player == index for e in events)
    if not missed or touched:
        return None
    areas = [g for g in goals if isinstance(g, Goal)]
    caps = [g for g in goals if isinstance(g, CapAim)]
    report = miss_report(start, rest, angle, areas)
    if report is not None and abs(report.side_deg) < MIN_SIDE_DEG:
        return report  # it went the box's way
    aim = aimed_cap(start, angle, caps, CAP_AIM_GAP if areas else None)
    by_cap = None if aim is None else cap_miss(start, rest, aim[0])
    if by_cap is None:
        return report
    if report is not None:
        near_box = min(_distance_to(rest, g.polygon) for g in areas if len(g.polygon) >= 3)
        if math.hypot(by_cap.short, by_cap.side) > near_box:
            return report
    return by_cap


def _distance_to(p: Vec, poly: Polygon) -> float:
    """How far a point lies from a convex polygon (0 inside it)."""
    if _inside(p, poly):
        return 0.0
    best = math.inf
    for k in range(len(poly)):
        (ax, ay), (bx, by) = poly[k], poly[(k + 1) % len(poly)]
        dx, dy = bx - ax, by - ay
        span = dx * dx + dy * dy
        t = 0.0 if span == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / span))
        best = min(best, math.dist(p, (ax + dx * t, ay + dy * t)))
    return best


def cap_aims(players: Sequence[Player], shooter: int) -> tuple[CapAim, ...]:
    """The caps a shooter may be aiming at: every other cap in play, for a killer and for a
    player whom a hit pays; none before 2 forwards (a hit is a foul) or in the killer diller
    (hits earn nothing there)."""
    me = players[shooter]
    if not me.killer and (course.before_two_forwards(me.step) or course.in_killer_diller(me.step)):
        return ()
    return tuple(
        CapAim(p.pos, p.radius + me.radius, p.name)
        for i, p in enumerate(players)
        if i != shooter and p.live and p.pos is not None
    )


def goals_for(board: Board, player: Player) -> tuple[Goal, ...]:
    """Where the cap's centre must stop for the player's target: the inside of the box it is
    going for (less the cap's radius), or each trapezoid the next word may land in."""
    goal = target(player)
    out: list[Goal] = []
    r = player.radius
    for box in goal.boxes:
        x0, y0, x1, y1 = board.inner_rect(box)
        if x1 - x0 > 2 * r and y1 - y0 > 2 * r:
            x0, y0, x1, y1 = x0 + r, y0 + r, x1 - r, y1 - r
        out.append(Goal(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), str(box)))
    for trap in goal.trapezoids:
        number = board.spec.skull_numbers[trap]
        out.append(Goal(tuple(trapezoid_polygon(board, trap)), f"the skull's {number}"))
    return tuple(out)
