"""Computer players for Skully that plan with the physics: they try candidate flicks in the real
simulator under the real rules, several noisy samples each, and take the best expected outcome.

A player's skill is the gap between the flick they mean and the flick they make: the aim angle
wobbles by a Gaussian of `aim_deg` degrees and the speed by a Gaussian of `speed_rel` (relative).
The planner knows its own skill (it plans with the same noise it will suffer) and sees only the
table: every cap's position and every player's place on the course, which all players see.
The beginner plays as a person learning: it aims at the plain things (the middle of the next box,
an easy hit on a near cap; no banks or knock-ins) and misses as a learner does (`skill.Learner`).
No pygame here; every random choice comes from an injected random.Random.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from skully_game.skully.geometry import Board, Vec
from skully_game.skully.physics import MAX_SPEED, Flick, G, World
from skully_game.skully.rules import (
    DecisionKind,
    GameState,
    RuleOptions,
    allowed_area,
    apply_shot,
    shot_facts,
    shot_setup,
    spot_for,
    target,
)
from skully_game.skully.rules.course import KILLER
from skully_game.skully.rules.events import Eliminated, Event, Stuck
from skully_game.skully.rules.state import killer_streak
from skully_game.skully.session import Session
from skully_game.skully.skill import Level


@dataclass(frozen=True)
class Candidate:
    """A flick the planner means to make, and why."""

    angle: float
    speed: float
    kind: str  # "target", "hit", "kill", "lag"


@dataclass(frozen=True)
class Plan:
    candidate: Candidate
    value: float  # mean value over the samples
    considered: int


def stop_speed(mu: float, distance: float) -> float:
    """The speed that slides a cap `distance` metres and stops it there."""
    return min(MAX_SPEED, math.sqrt(2.0 * mu * G * max(distance, 0.0)))


def start_point(board: Board, t: float) -> Vec:
    """A cap's place behind the start line, a fraction `t` of the way along it."""
    (ax, ay), (bx, by) = board.start_line
    nx, ny = board.start_normal
    return (ax + (bx - ax) * t - nx * 0.06, ay + (by - ay) * t - ny * 0.06)


def towards_in_box(board: Board, box: int, want: Vec, radius: float) -> Vec:
    """The point of a box nearest `want` with the cap wholly inside the box (pipsies is only
    from inside the box obtained), so the next shot is as short as it can be."""
    x0, y0, x1, y1 = board.inner_rect(box)
    m = radius + 0.004
    return (min(max(want[0], x0 + m), x1 - m), min(max(want[1], y0 + m), y1 - m))


def _aim(src: Vec, dst: Vec) -> float:
    return math.atan2(dst[1] - src[1], dst[0] - src[0])


def _unit(src: Vec, dst: Vec) -> Vec:
    d = math.dist(src, dst) or 1.0
    return ((dst[0] - src[0]) / d, (dst[1] - src[1]) / d)


def _turn(v: Vec, side: float) -> Vec:
    """v turned a quarter turn left (side 1) or right (side -1)."""
    return (-v[1] * side, v[0] * side)


def _ghost(ball: Vec, towards: Vec, touch: float) -> Vec:
    """Where our cap must be at contact to send `ball` straight towards a point."""
    u = _unit(ball, towards)
    return (ball[0] - u[0] * touch, ball[1] - u[1] * touch)


LEARNER_HIT_REACH = 1.0  # m: the farthest cap a beginner thinks an easy hit


class Planner:
    """Chooses flicks and makes the other decisions for one seat."""

    def __init__(
        self, level: Level, rng: random.Random, samples: int = 4, budget: int = 24
    ) -> None:
        self.level = level
        self.rng = rng
        self.samples = samples  # noisy tries of each candidate
        self.budget = budget  # candidates at most
        self.touch = level.touch  # how its flicks go astray (the beginner's: a learner's)
        self.learner = level is Level.BEGINNER  # plain shots only: the box's middle, near caps

    # --- flicks ---------------------------------------------------------------------------

    def candidates(self, state: GameState, session: Session) -> list[Candidate]:
        board = session.board
        me = state.players[state.to_play]
        assert me.pos is not None
        mu = me.cap.spec.mu
        reach = MAX_SPEED**2 / (2 * mu * G)
        out: list[Candidate] = []
        others = [
            (i, p)
            for i, p in enumerate(state.players)
            if i != state.to_play and p.live and p.pos is not None
        ]
        if me.step == KILLER:
            victims = sorted(others, key=lambda ip: math.dist(ip[1].pos, me.pos))
            for _, p in victims[:3]:
                d = math.dist(p.pos, me.pos)
                for extra in (0.15, 0.4):
                    out.append(Candidate(_aim(me.pos, p.pos), stop_speed(mu, d + extra), "kill"))
            return out[: self.budget]
        goal = target(me)
        points: list[Vec] = []
        if goal.boxes:
            x0, y0, x1, y1 = board.inner_rect(goal.boxes[0])
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            q = (x1 - x0) / 4
            points = [(cx, cy), (cx - q, cy), (cx + q, cy), (cx, cy - q), (cx, cy + q)]
            if self.learner:
                points = points[:1]  # a learner aims at the middle of the box
        elif goal.trapezoids:
            points = [board.trapezoid_centre(t) for t in goal.trapezoids]
        for p in points:
            d = math.dist(p, me.pos)
            if d <= reach:
                for f in (0.97, 1.0, 1.03):
                    out.append(Candidate(_aim(me.pos, p), stop_speed(mu, d) * f, "target"))
            else:
                out.append(Candidate(_aim(me.pos, p), MAX_SPEED, "lag"))
        # hits are worth boxes once past 2 forwards; never in the killer diller
        if not goal.trapezoids:
            for _, p in sorted(others, key=lambda ip: math.dist(ip[1].pos, me.pos))[:3]:
                d = math.dist(p.pos, me.pos)
                if d >= (LEARNER_HIT_REACH if self.learner else reach * 0.8):
                    continue
                out.append(Candidate(_aim(me.pos, p.pos), stop_speed(mu, d + 0.1), "hit"))
                if self.learner:
                    continue  # knock-ins and banks are past a learner
                touch = me.radius + p.radius
                # knock the victim into the box it is going for: two boxes instead of one
                theirs = target(p)
                if theirs.boxes and not p.killer:
                    box = board.box_centre(theirs.boxes[0])
                    ghost = _ghost(p.pos, box, touch)
                    push = math.dist(p.pos, box)
                    out.append(
                        Candidate(
                            _aim(me.pos, ghost),
                            stop_speed(mu, math.dist(me.pos, ghost) + 2 * push),
                            "push",
                        )
                    )
                # a bank: glance off the cap so that ours runs on to its own target
                if points:
                    goal_point = points[0]
                    for side in (-1.0, 1.0):
                        n = _turn(_unit(p.pos, goal_point), side)
                        ghost = (p.pos[0] - n[0] * touch, p.pos[1] - n[1] * touch)
                        if (ghost[0] - me.pos[0]) * n[0] + (ghost[1] - me.pos[1]) * n[1] <= 0:
                            continue  # that side of the cap cannot be reached head-on
                        run = math.dist(me.pos, ghost) + math.dist(ghost, goal_point)
                        for f in (1.2, 1.5):
                            out.append(
                                Candidate(_aim(me.pos, ghost), stop_speed(mu, run) * f, "bank")
                            )
        return out[: self.budget]

    def value(self, before: GameState, after: GameState, events, shooter: int) -> float:
        """How good a judged shot is for the shooter: course steps gained, and harm avoided."""
        me0, me1 = before.players[shooter], after.players[shooter]
        score = float(me1.step - me0.step)
        if me1.eliminated:
            score -= 30.0
        if me1.stuck and not me0.stuck:
            score -= 4.0
        for e in events:
            if isinstance(e, Eliminated) and e.player != shooter:
                score += 10.0
            if isinstance(e, Stuck) and e.player == shooter:
                score -= 1.0
        if me0.killer:
            grown = killer_streak(after) - killer_streak(before)
            score += 3.0 * (grown if grown > 0 else 0)
        if after.over and after.winner == shooter:
            score += 50.0
        if after.to_play == shooter and not after.over:
            score += 0.5  # the turn goes on
        elif not after.over:
            score -= 0.3 * self.exposure(after, shooter)
        return score

    @staticmethod
    def exposure(state: GameState, me_index: int) -> float:
        """How many players who shoot before our next turn could easily hit our cap (a hit on us
        is a box for them, and blasting us off the board sets us back)."""
        me = state.players[me_index]
        if me.pos is None or me.stuck:
            return 0.0
        count = 0.0
        for i, p in enumerate(state.players):
            if i == me_index or not p.live or p.pos is None or p.stuck:
                continue
            d = math.dist(p.pos, me.pos)
            if d < 0.8:
                count += 1.0 if p.killer or p.step >= 2 else 0.3
        return count

    def plan(self, session: Session) -> Plan:
        """The best candidate by its mean value over noisy samples in the real physics."""
        state = session.state
        options: RuleOptions = session.options
        setup = shot_setup(state, options)
        skill = self.level.skill
        best: Plan | None = None
        candidates = self.candidates(state, session)
        if not candidates:
            me = state.players[state.to_play]
            candidates = [Candidate(_aim(me.pos, session.board.centre), 2.0, "lag")]
        samples = 1 if skill.aim_deg == 0 and skill.speed_rel == 0 else self.samples
        # every try starts from this position: one world for them all (World.shoot)
        world = World(session.board_spec, setup.caps, setup.positions, setup.pinned)
        perturb, rng, shoot, value = self.touch.perturb, self.rng, world.shoot, self.value
        board, me, cap = session.board, state.to_play, setup.shooter_cap
        for cand in candidates:
            total = 0.0
            for _ in range(samples):
                angle, speed = perturb(cand.angle, cand.speed, rng)
                result = shoot(Flick(cap, angle, speed))  # setup.flick(angle, speed)
                after, events = apply_shot(state, options, board, shot_facts(state, setup, result))
                total += value(state, after, events, me)
            plan = Plan(cand, total / samples, len(candidates))
            if best is None or plan.value > best.value:
                best = plan
        assert best is not None
        return best

    def flick(self, session: Session) -> tuple[Flick, Plan]:
        """Plan, then make the flick with this player's own wobble."""
        plan = self.plan(session)
        angle, speed = self.touch.perturb(plan.candidate.angle, plan.candidate.speed, self.rng)
        setup = shot_setup(session.state, session.options)
        return setup.flick(angle, speed), plan

    # --- the other decisions ------------------------------------------------------------

    def decide(self, session: Session) -> tuple[Event, ...] | None:
        """Make this seat's pending decision, or take a worthwhile offer; its events, or None."""
        state = session.state
        board = session.board
        d = state.decision
        if d is not None:
            if d.kind is DecisionKind.KEEP_OR_RESTORE:
                me = state.players[d.player]
                goal = target(me)
                aim = board.box_centre(goal.boxes[0]) if goal.boxes else board.centre
                keep = (
                    d.after is not None
                    and d.before is not None
                    and math.dist(d.after, aim) < math.dist(d.before, aim)
                )
                return session.keep(d.player, keep)
            return session.place(d.player, self.place_point(session, d))
        for offer in state.offers:
            if offer.kind in (DecisionKind.PLACE_IN_BOX, DecisionKind.PLACE_OUT_OF_TOWN):
                try:
                    return session.place(offer.player, self.place_point(session, offer))
                except ValueError:
                    continue
        return None

    def place_point(self, session: Session, decision) -> Vec:
        """Where to put the cap: in the box obtained, as near as it can be to where the next shot
        goes (inside, not on the line, so that pipsies stays possible), beside any cap there."""
        state = session.state
        board = session.board
        area = allowed_area(state, session.options, board, decision)
        me = state.players[decision.player]
        if decision.kind is DecisionKind.PLACE_START:
            want = start_point(board, (decision.player + 1) / (len(state.players) + 1))
        elif decision.kind is DecisionKind.PLACE_OUT_OF_TOWN:
            others = [
                p.pos
                for i, p in enumerate(state.players)
                if i != decision.player and p.live and p.pos
            ]
            want = min(others, key=lambda p: board.board_distance(p)) if others else board.centre
        else:
            goal = target(me)
            if goal.boxes:
                want = board.box_centre(goal.boxes[0])
            elif goal.trapezoids:
                want = board.trapezoid_centre(goal.trapezoids[0])
            else:
                want = board.box_centre(decision.box) if decision.box else board.centre
        if decision.box is not None and decision.kind is not DecisionKind.PLACE_START:
            want = towards_in_box(board, decision.box, want, me.radius)
        return spot_for(state, session.options, board, decision.player, area.snap(want))
