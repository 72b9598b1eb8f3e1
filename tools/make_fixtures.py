"""Write the recorded games and shots kept in tests/data (replay fixtures that must stay exact).

    python tools/make_fixtures.py

A steady-handed script plays: it aims each flick at the centre of its target with the speed
that stops the cap there, and puts caps down at the suggested spots. A change that makes these
files stop replaying must say so and bump the record version with an upgrader.
"""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from skully_game.skully.board import preset
from skully_game.skully.caps import CapType
from skully_game.skully.physics import MAX_SPEED, Flick, G, simulate
from skully_game.skully.records import ShotRecord, save_shot
from skully_game.skully.rules import DecisionKind, RuleOptions, allowed_area, options_preset, target
from skully_game.skully.session import Seat, Session

OUT = Path(__file__).resolve().parent.parent / "tests" / "data"


def speed_to_stop(kind: CapType, distance: float) -> float:
    return min(MAX_SPEED, math.sqrt(2 * kind.spec.mu * G * max(distance, 0.0)))


def place_all(session: Session, rng: random.Random) -> None:
    for _ in range(20):
        d = session.state.decision
        if d is None:
            return
        if d.kind is DecisionKind.KEEP_OR_RESTORE:
            session.keep(d.player, rng.random() < 0.5)
            continue
        area = allowed_area(session.state, session.options, session.board, d)
        board = session.board
        if d.kind is DecisionKind.PLACE_START:
            (ax, ay), (bx, by) = board.start_line
            nx, ny = board.start_normal
            t = (d.player + 1) / (len(session.state.players) + 1)
            guess = (ax + (bx - ax) * t - nx * 0.06, ay + (by - ay) * t - ny * 0.06)
        elif d.box is not None:
            guess = board.box_centre(d.box)
        else:
            guess = board.centre
        session.place(d.player, area.snap(guess))


def play(session: Session, rng: random.Random, max_shots: int, skill: dict[int, float]) -> None:
    """Player i aims true with probability skill[i]; otherwise a wobbly flick."""
    place_all(session, rng)
    while not session.state.over and session.state.shots < max_shots:
        state = session.state
        i = state.to_play
        me = state.players[i]
        board = session.board
        if me.killer:
            victims = [
                j for j, p in enumerate(state.players) if j != i and p.live and p.pos is not None
            ]
            goal = min((state.players[j].pos for j in victims), key=lambda p: math.dist(p, me.pos))
            extra = 0.3
        else:
            t = target(me)
            goal = (
                board.box_centre(t.boxes[0]) if t.boxes else board.trapezoid_centre(t.trapezoids[0])
            )
            extra = 0.0
        angle = math.atan2(goal[1] - me.pos[1], goal[0] - me.pos[0])
        speed = speed_to_stop(me.cap, math.dist(goal, me.pos) + extra)
        if rng.random() > skill.get(i, 1.0):
            angle += rng.gauss(0, 0.12)
            speed *= rng.uniform(0.7, 1.2)
        flick, result, _ = session.simulate(angle, min(speed, MAX_SPEED))
        session.judge(flick, result)
        place_all(session, rng)


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    two = Session(
        preset("classic"),
        RuleOptions(),
        (Seat("Ace", CapType.CROWN, 0), Seat("Bobby", CapType.WAX, 1)),
        seed=1,
    )
    play(two, random.Random(1), 300, {0: 1.0, 1: 0.0})
    two.created = "2026-11-21T00:00:00+00:00"
    two.save(OUT / "game-two-players-finished.json")
    four = Session(
        preset("classic"),
        options_preset("baby stuff"),
        tuple(
            Seat(n, k, c)
            for c, (n, k) in enumerate(
                [
                    ("Ace", CapType.CROWN),
                    ("Bobby", CapType.LEAD),
                    ("Carmen", CapType.GLIDE),
                    ("Dee", CapType.GLASS),
                ]
            )
        ),
        seed=2,
    )
    play(four, random.Random(2), 40, {0: 0.8, 1: 0.6, 2: 0.5, 3: 0.4})
    four.created = "2026-11-21T00:00:00+00:00"
    four.save(OUT / "game-four-players-unfinished.json")
    # a break: one cap flicked hard into a pack of seven
    spec = preset("classic")
    c = spec.board_side / 2
    d = 0.034
    caps = (CapType.LEAD,) + (CapType.CROWN,) * 7
    pos = [(0.45, 0.42), (c, c)] + [
        (c + d * math.cos(k * math.pi / 3 + 0.25), c + d * math.sin(k * math.pi / 3 + 0.25))
        for k in range(6)
    ]
    flick = Flick(0, math.atan2(c - 0.42, c - 0.45) - 0.04, 6.5, 0.3)
    result = simulate(spec, caps, pos, flick)
    save_shot(ShotRecord.of(spec, caps, flick, result, name="The break"), OUT / "shot-break.json")
    for name in sorted(p.name for p in OUT.glob("*.json")):
        print(OUT / name)
    print(
        f"two players: {two.state.shots} shots, winner {two.state.players[two.state.winner].name if two.state.over else None}"
    )
    print(f"four players: {four.state.shots} shots, over={four.state.over}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
