"""Seeded random playouts through the real physics, with the invariants checked after every step.

For the fuzz test and tools/fuzz_rules.py (and a stand-in opponent for demos). Unlike the rest
of this package it steps the physics; the reducers it drives never do. Every random choice
comes from the injected `random.Random`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from skully_game.skully.caps import CapType
from skully_game.skully.geometry import Board, Trapezoid, Vec
from skully_game.skully.physics import MAX_SPEED, G, simulate
from skully_game.skully.rules import course
from skully_game.skully.rules.areas import Area
from skully_game.skully.rules.decisions import (
    allowed_area,
    choose_keep,
    place_cap,
    placement_problem,
    switch_cap,
)
from skully_game.skully.rules.events import Event
from skully_game.skully.rules.facts import shot_facts, shot_setup
from skully_game.skully.rules.options import OPTION_PRESETS, HitAKiller, RuleOptions
from skully_game.skully.rules.shot import apply_shot
from skully_game.skully.rules.state import (
    KILLER_HITS_TO_ELIMINATE,
    Decision,
    DecisionKind,
    GameState,
    Player,
    new_game,
)
from skully_game.skully.rules.turns import begin_turn

# The option sets the fuzz plays: the presets, and one with every option off its default.
VARIANTS: dict[str, RuleOptions] = {
    **OPTION_PRESETS,
    # every option away from its default, so each is fuzzed at least once
    "contrary": RuleOptions(
        pipsies_bonus=3,
        linesies=False,
        hit_a_killer=HitAKiller.ELIMINATED,
        blastsies=False,
        killer_owns_board=True,
        holdsies=True,
        switchsies=True,
    ),
}

NAMES = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange")


def random_point(area: Area, rng: random.Random) -> Vec:
    """A point of the area, roughly uniform over its pieces."""
    pieces = len(area.rects) + len(area.polygons) + len(area.segments)
    k = int(rng.random() * pieces)
    if k < len(area.rects):
        x0, y0, x1, y1 = area.rects[k]
        return (x0 + rng.random() * (x1 - x0), y0 + rng.random() * (y1 - y0))
    k -= len(area.rects)
    if k < len(area.polygons):
        poly = area.polygons[k]
        xs, ys = [p[0] for p in poly], [p[1] for p in poly]
        for _ in range(100):
            p = (
                min(xs) + rng.random() * (max(xs) - min(xs)),
                min(ys) + rng.random() * (max(ys) - min(ys)),
            )
            if area.is_allowed(p):
                return p
        return area.snap(poly[0])
    (ax, ay), (bx, by) = area.segments[k - len(area.polygons)]
    t = rng.random()
    return area.snap((ax + t * (bx - ax), ay + t * (by - ay)))


def free_point(
    state: GameState, options: RuleOptions, board: Board, player: int, rng: random.Random
) -> Vec | None:
    """A random legal spot for the player's due placement (None if none was found)."""
    from skully_game.skully.rules.decisions import placement_for

    decision = placement_for(state, player)
    if decision is None:
        return None
    area = allowed_area(state, options, board, decision)
    for _ in range(200):
        p = random_point(area, rng)
        if placement_problem(state, options, board, player, p) is None:
            return p
    return None


def _speed_for(cap: CapType, distance: float, rng: random.Random) -> float:
    """A flick that slides about `distance` (d = v^2 / 2 mu g), give or take."""
    v = math.sqrt(2 * cap.spec.mu * G * max(distance, 0.01))
    return min(MAX_SPEED, v * rng.uniform(0.85, 1.25))


def _aim(state: GameState, board: Board, rng: random.Random) -> tuple[Vec | None, float]:
    """Where the shooter aims (None: anywhere) and the aim's noise in radians."""
    me = state.players[state.to_play]
    others = [
        p.pos
        for i, p in enumerate(state.players)
        if i != state.to_play and p.pos is not None and not p.eliminated
    ]
    if me.killer:
        return (rng.choice(others) if others else None), 0.01
    roll = rng.random()
    if roll < 0.15:
        return None, 0.0
    if roll < 0.35 and others:
        return rng.choice(others), 0.03
    goal = course.target_stop(me.step)
    assert goal is not None
    if goal.box is not None:
        return board.box_centre(goal.box), 0.05
    return board.trapezoid_centre(rng.choice(course.diller_targets(me.diller))), 0.05


def random_shot(
    state: GameState, options: RuleOptions, board: Board, rng: random.Random
) -> tuple[GameState, tuple[Event, ...]]:
    """Flick the shooter's cap with a random (mostly aimed) angle and power; judge the result."""
    setup = shot_setup(state, options)
    me = state.players[state.to_play]
    assert me.pos is not None
    aim, noise = _aim(state, board, rng)
    if aim is None:
        angle, speed = rng.uniform(-math.pi, math.pi), rng.uniform(0.2, MAX_SPEED)
    else:
        angle = math.atan2(aim[1] - me.pos[1], aim[0] - me.pos[0]) + rng.gauss(0.0, noise)
        speed = _speed_for(me.cap, math.dist(aim, me.pos), rng)
    flick = setup.flick(angle, speed, rng.uniform(-0.3, 0.3))
    result = simulate(board.spec, setup.caps, setup.positions, flick, setup.pinned, trace=False)
    return apply_shot(state, options, board, shot_facts(state, setup, result))


def random_decision(
    state: GameState, options: RuleOptions, board: Board, rng: random.Random
) -> tuple[GameState, tuple[Event, ...]] | None:
    """Make the pending decision, or take an offer now and then; None if there is nothing to do."""
    if state.pending:
        d = state.pending[0]
        if d.kind is DecisionKind.KEEP_OR_RESTORE:
            return choose_keep(state, options, board, d.player, rng.random() < 0.5)
        point = free_point(state, options, board, d.player, rng)
        if point is None:
            raise AssertionError(f"no room to place {state.players[d.player].name}'s cap")
        return place_cap(state, options, board, d.player, point)
    for d in state.offers:
        if rng.random() < 0.5:
            continue
        if d.kind is DecisionKind.CHOOSE_CAP:
            try:
                return switch_cap(state, options, board, d.player, rng.choice(list(CapType)))
            except ValueError:
                continue
        point = free_point(state, options, board, d.player, rng)
        if point is not None:
            return place_cap(state, options, board, d.player, point)
    return None


def random_state(count: int, options: RuleOptions, board: Board, rng: random.Random) -> GameState:
    """A mid-game position: players at random steps (many killers), caps anywhere on the board."""
    players: list[Player] = []
    placed: list[tuple[Vec, float]] = []
    side = board.side
    for i in range(count):
        roll = rng.random()
        if roll < 0.4:
            step = course.KILLER
        elif roll < 0.6:
            step = rng.randint(course.ONE_BACKWARDS, course.LAST_TRAPEZOID - 1)
        else:
            step = rng.randint(0, course.ONE_BACKWARDS)
        cap = rng.choice(list(CapType))
        while True:
            pos = (rng.uniform(-0.2, side + 0.2), rng.uniform(-0.2, side + 0.2))
            if all(math.dist(pos, q) > cap.spec.radius + r for q, r in placed):
                break
        placed.append((pos, cap.spec.radius))
        diller: tuple[Trapezoid, ...] = ()
        if course.in_killer_diller(step):
            start = Trapezoid(rng.randrange(4))
            way = rng.choice((1, 3))
            made = step - course.KILLER_THIRTEEN
            diller = tuple(Trapezoid((start + way * k) % 4) for k in range(made))
        where = board.locate(pos, cap.spec.radius)
        stuck = where.in_skull and step < course.KILLER_THIRTEEN
        players.append(Player(NAMES[i], cap, pos, step, stuck=stuck, diller=diller))
    state = GameState(players=tuple(players))
    first = next((i for i, p in enumerate(players) if not p.stuck), 0)
    if players[first].stuck:
        players[first] = replace(players[first], stuck=False)
        state = GameState(players=tuple(players))
    return begin_turn(state, options, board, first, [])


Check = Callable[[GameState, GameState, str, tuple[Event, ...]], None]


@dataclass
class Playout:
    """The end of a playout and what happened on the way."""

    state: GameState
    shots: int = 0
    steps: int = 0
    events: list[Event] = field(default_factory=list)


def playout(
    state: GameState,
    options: RuleOptions,
    board: Board,
    rng: random.Random,
    max_shots: int,
    check: Check | None = None,
) -> Playout:
    """Play on until a winner or `max_shots`; `check(before, after, action, events)` after each step."""
    run = Playout(state)
    while not run.state.over and run.shots < max_shots:
        before = run.state
        made = random_decision(before, options, board, rng)
        if made is not None:
            action = "decision"
        else:
            made = random_shot(before, options, board, rng)
            action = "shot"
            run.shots += 1
        run.state, events = made
        run.events.extend(events)
        run.steps += 1
        if check is not None:
            check(before, run.state, action, events)
    return run


def new_random_game(
    count: int, options: RuleOptions, board: Board, rng: random.Random
) -> GameState:
    """A fresh game with random caps, every cap put down behind the start line."""
    players = [(NAMES[i], rng.choice(list(CapType))) for i in range(count)]
    state = new_game(players)
    while state.pending:
        d: Decision = state.pending[0]
        point = free_point(state, options, board, d.player, rng)
        assert point is not None
        state, _ = place_cap(state, options, board, d.player, point)
    return state


class InvariantError(AssertionError):
    """A playout reached a state the rules should never allow."""


def transition_checker(options: RuleOptions, board: Board) -> Check:
    """Invariants after every step: who may shoot, who is out, how far a course step may move."""
    per_victim = max(2, *board.spec.skull_numbers)

    def fail(text: str) -> None:
        raise InvariantError(text)

    def check(before: GameState, after: GameState, action: str, events: tuple[Event, ...]) -> None:
        shooter = before.to_play
        n = len(before.players)
        if action == "shot":
            me = before.players[shooter]
            if not before.can_shoot or me.eliminated or me.stuck:
                fail(f"{me.name} shot while it could not (stuck={me.stuck}, out={me.eliminated})")
        max_award = 1 + options.pipsies_bonus + per_victim * (n - 1)
        for j, (b, a) in enumerate(zip(before.players, after.players, strict=True)):
            if b.eliminated and not a.eliminated:
                fail(f"{a.name} came back into the game")
            if a.eliminated:
                if a.pos is not None:
                    fail(f"{a.name} is out but has a cap on the table")
                if not b.eliminated:
                    by_killer = action == "shot" and before.players[shooter].killer
                    own = j == shooter and action == "shot" and not b.killer
                    if not (by_killer and j != shooter) and not own:
                        fail(f"{a.name} was put out by a shot that could not")
                continue
            if b.killer and not a.killer:
                fail(f"{a.name} stopped being a killer")
            choosing = any(d.player == j for d in after.pending)  # judged once it chooses
            in_skull = a.pos is not None and board.locate(a.pos, a.radius).in_skull
            if a.stuck and not choosing and (a.killer or not in_skull):
                fail(f"{a.name} is stuck without a cap in the skull")
            for k in ("shots", "boxes", "pipsies", "hits", "turns_stuck", "kills"):
                if getattr(a.stats, k) < getattr(b.stats, k):
                    fail(f"{a.name}'s {k} went down")
            d = a.step - b.step
            if d == 0:
                continue
            if action != "shot" or j != shooter:
                if d != 1 or course.target_box(b.step) is None:
                    fail(f"{a.name} moved {b.step}->{a.step} outside its own shot")
                continue
            ok = (
                (0 < d <= max_award and b.step <= course.ONE_BACKWARDS and a.step <= 26)
                or (course.in_killer_diller(b.step) and d == 1 and a.step < course.LAST_TRAPEZOID)
                or (b.step == course.LAST_TRAPEZOID - 1 and a.step == course.KILLER)
                or (a.step == course.START and course.before_two_forwards(b.step))
                or (a.step == course.ONE_BACKWARDS and course.in_killer_diller(b.step))
                or (a.step == course.KILLER and any(p.killer for p in before.players))
            )
            if not ok:
                fail(f"{a.name}'s course step moved {b.step}->{a.step} on its own shot")
        live = after.live()
        if after.over:
            if len(live) != 1 or after.winner != live[0]:
                fail(f"game over with live players {live} and winner {after.winner}")
            return
        if len(live) < 2:
            fail("fewer than two players left but no winner")
        if not after.players[after.to_play].live:
            fail("an eliminated player is to play")
        if not after.pending and after.players[after.to_play].stuck:
            fail("a stuck player is to shoot")
        for d in (*after.pending, *after.offers):
            if not after.players[d.player].live:
                fail(f"a decision is due from a player who is out: {d}")
        killing = after.players[after.to_play].killer
        for p in after.players:
            if p.killer_hits and (p.killer or not p.live or not killing):
                fail(f"{p.name} keeps a count of a killer's hits outside a killer's turn")
            if not 0 <= p.killer_hits < KILLER_HITS_TO_ELIMINATE:
                fail(f"{p.name}'s count of a killer's hits is {p.killer_hits}")
        placing = {d.player for d in after.pending if d.kind is DecisionKind.PLACE_START}
        for j in live:
            if after.players[j].pos is None and j not in placing:
                fail(f"{after.players[j].name} is in the game with no cap on the table")

    return check
