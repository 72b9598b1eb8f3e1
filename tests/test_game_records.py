"""Round trips: seeded random games of every rules preset are written, read back and re-simulated
bit for bit, in this process and in a fresh one (issue 4, section 4)."""

from __future__ import annotations

import contextlib
import json
import math
import random
import subprocess
import sys

import pytest

from skully_game.skully.board import preset
from skully_game.skully.caps import CapType
from skully_game.skully.physics import MAX_SPEED, G
from skully_game.skully.rules import DecisionKind, RuleOptions, target
from skully_game.skully.rules.playout import VARIANTS, free_point
from skully_game.skully.session import Seat, Session, load_session, resimulate, session_from_dict


def play_random(session: Session, rng: random.Random, max_shots: int) -> None:
    """Random but purposeful play through the Session, so every action is recorded."""
    while not session.state.over and session.state.shots < max_shots:
        state = session.state
        if state.pending:
            d = state.pending[0]
            if d.kind is DecisionKind.KEEP_OR_RESTORE:
                session.keep(d.player, rng.random() < 0.5)
            else:
                session.place(
                    d.player, free_point(state, session.options, session.board, d.player, rng)
                )
            continue
        offer = next((o for o in state.offers if rng.random() < 0.3), None)
        if offer is not None:
            if offer.kind is DecisionKind.CHOOSE_CAP:
                with contextlib.suppress(ValueError):
                    session.switch(offer.player, rng.choice(list(CapType)))
            else:
                point = free_point(state, session.options, session.board, offer.player, rng)
                if point is not None:
                    session.place(offer.player, point)
            if session.state is not state:
                continue
        me = state.players[state.to_play]
        goal = target(me)
        board = session.board
        if goal.boxes:
            aim = board.box_centre(goal.boxes[0])
        elif goal.trapezoids:
            aim = board.trapezoid_centre(goal.trapezoids[0])
        else:
            others = [
                p.pos
                for i, p in enumerate(state.players)
                if i != state.to_play and p.live and p.pos
            ]
            aim = min(others, key=lambda p: math.dist(p, me.pos)) if others else board.centre
        angle = math.atan2(aim[1] - me.pos[1], aim[0] - me.pos[0]) + rng.gauss(0, 0.08)
        speed = min(
            MAX_SPEED,
            math.sqrt(2 * me.cap.spec.mu * G * math.dist(aim, me.pos)) * rng.uniform(0.85, 1.2),
        )
        flick, result, _ = session.simulate(angle, speed, rng.uniform(-0.3, 0.3))
        session.judge(flick, result)


def a_game(name: str, seed: int) -> Session:
    rng = random.Random(seed)
    count = 2 + seed % 5
    seats = tuple(Seat(f"P{i}", rng.choice(list(CapType)), i) for i in range(count))
    session = Session(preset("classic"), VARIANTS[name], seats, seed)
    play_random(session, rng, 25)
    return session


@pytest.mark.parametrize("name", sorted(VARIANTS))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_round_trip_and_replay_exactly(name, seed, tmp_path):
    session = a_game(name, seed)
    assert session.state.shots > 0
    path = tmp_path / "game.json"
    session.save(path)
    loaded = load_session(path)
    assert loaded.state == session.state
    assert loaded.to_dict() == json.loads(path.read_text())
    assert all(same for _, same, _ in resimulate(loaded))


@pytest.mark.slow
def test_random_games_replay_exactly_in_a_fresh_process(tmp_path):
    paths = []
    for k, name in enumerate(sorted(VARIANTS)):
        session = a_game(name, 10 + k)
        path = tmp_path / f"{k}.json"
        session.save(path)
        paths.append(path)
    for path in paths:
        result = subprocess.run(
            [sys.executable, "-m", "skully_game", "replay", str(path), "--check", "--json"],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert result.returncode == 0, result.stdout + result.stderr
        assert json.loads(result.stdout.strip().splitlines()[-1])["ok"]


def test_options_travel_with_the_record():
    session = a_game("contrary", 4)
    again = session_from_dict(json.loads(json.dumps(session.to_dict())), "x")
    assert again.options == session.options and again.options != RuleOptions()
