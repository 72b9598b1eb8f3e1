"""Computer players for Skully: the skill model, the planner's choices, and bots at the table."""

from __future__ import annotations

import math
import random

import pytest

from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skully.setup import Seat as SetupSeat
from skully_game.scenes.skully.table import FINALE_S, GameOverScene, SkullyGameScene
from skully_game.skully.ai import Planner
from skully_game.skully.board import preset
from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import GameSetup
from skully_game.skully.rules import RuleOptions, shot_setup, target
from skully_game.skully.session import Seat, Session
from skully_game.skully.skill import Level, level
from tests.ui_helpers import make_app


def placed(session: Session, planners: dict[int, Planner]) -> None:
    while session.state.pending:
        planners[session.state.decision.player].decide(session)


def test_levels_parse_and_the_perfect_player_has_no_wobble():
    assert level("street legend") is Level.STREET_LEGEND
    assert Level.PERFECT.skill.perturb(1.0, 3.0, random.Random(1)) == (1.0, 3.0)
    with pytest.raises(ValueError, match="expected one of"):
        level("pro")


def test_the_wobble_is_seeded_and_grows_with_less_skill():
    def spread(lv: Level) -> float:
        rng = random.Random(5)
        return sum(abs(lv.skill.perturb(0.0, 3.0, rng)[0]) for _ in range(300)) / 300

    assert spread(Level.BEGINNER) > spread(Level.SKILLED) > spread(Level.STREET_LEGEND) > 0
    a = Level.REGULAR.skill.perturb(0.5, 2.0, random.Random(9))
    assert a == Level.REGULAR.skill.perturb(0.5, 2.0, random.Random(9))


def test_a_perfect_player_goes_for_its_box_and_makes_it():
    session = Session(
        preset("classic"), RuleOptions(), (Seat("A", CapType.CROWN), Seat("B", CapType.CROWN)), 1
    )
    planners = {
        0: Planner(Level.PERFECT, random.Random(1)),
        1: Planner(Level.PERFECT, random.Random(2)),
    }
    placed(session, planners)
    flick, plan = planners[0].flick(session)
    assert plan.candidate.kind == "target"
    setup = shot_setup(session.state, session.options)
    from skully_game.skully.physics import simulate

    session.judge(
        flick, simulate(session.board_spec, setup.caps, setup.positions, flick, setup.pinned)
    )
    assert target(session.state.players[0]).text == "2 forwards"


def test_the_planner_reads_only_the_table():
    """Skully hides nothing, so the planner's input is the session (state, options, board): a
    planner with the same seed makes the same choice from a copy rebuilt from the saved record."""
    from skully_game.skully.session import session_from_dict

    session = Session(
        preset("classic"), RuleOptions(), (Seat("A", CapType.WAX), Seat("B", CapType.LEAD)), 2
    )
    planners = {
        0: Planner(Level.SKILLED, random.Random(3)),
        1: Planner(Level.SKILLED, random.Random(4)),
    }
    placed(session, planners)
    copy = session_from_dict(session.to_dict(), "copy")
    a = Planner(Level.SKILLED, random.Random(7)).plan(session)
    b = Planner(Level.SKILLED, random.Random(7)).plan(copy)
    assert a == b


def test_a_killer_goes_for_the_nearest_victim():
    from dataclasses import replace

    from skully_game.skully.rules.course import KILLER

    session = Session(
        preset("classic"), RuleOptions(), tuple(Seat(n, CapType.CROWN) for n in "ABC"), 3
    )
    planners = {i: Planner(Level.PERFECT, random.Random(i)) for i in range(3)}
    placed(session, planners)
    state = session.state
    players = list(state.players)
    players[0] = replace(players[0], step=KILLER, pos=(1.2, 1.2))
    players[1] = replace(players[1], pos=(1.6, 1.3))  # near
    players[2] = replace(players[2], pos=(0.2, 2.2))  # far
    session.state = replace(state, players=tuple(players), to_play=0)
    plan = planners[0].plan(session)
    assert plan.candidate.kind == "kill"
    assert math.isclose(plan.candidate.angle, math.atan2(0.1, 0.4), abs_tol=1e-9)


@pytest.mark.slow
def test_computer_players_play_a_whole_game_at_the_table():
    app = make_app()
    app.stack.push(MenuScene(app))
    setup = GameSetup(
        seats=[SetupSeat("Cy", 0, kind="skilled"), SetupSeat("Bo", 1, kind="regular")], seed=4
    )
    scene = SkullyGameScene.new(app, setup)
    app.stack.push(scene)
    scene.toggle_pace()
    for frame in range(40000):
        if scene.state.over:
            break
        app.tick()  # the loop's two updates a frame; every eighth frame drawn (the drawing
        app.tick()  # has its own tests: drawing them all was 90 % of this test's time)
        if frame % 8 == 0:
            app.draw(0.5)
        if scene.thinking is not None:
            scene.thinking.result()  # let the worker finish before the next frame
    assert scene.state.over
    for _ in range(round(FINALE_S * 120) + 2):  # the winning shot's moment, then the card
        app.tick()
    assert isinstance(app.stack.top, GameOverScene)
    assert [s.kind for s in scene.session.seats] == ["skilled", "regular"]


@pytest.mark.slow
def test_seeded_selfplay_is_reproducible(capsys):
    import json

    from skully_game.cli.main import main

    args = [
        "selfplay",
        "skully",
        "--players",
        "2",
        "--games",
        "2",
        "--seed",
        "3",
        "--bots",
        "skilled,regular",
        "--samples",
        "2",
        "--json",
    ]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert main(args) == 0
    second = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    for report in (first, second):
        report.pop("wall_seconds")
        report.pop("seconds_per_decision")
    assert first == second
    assert set(first["bots"]) == {"skilled", "regular"}
    assert main(["selfplay", "skully", "--bots", "pro"]) == 2


def test_from_inside_its_box_the_planner_takes_the_pipsies_shot():
    """In 9 going for 10 with a cap near its path: it goes for 10 (1 + pipsies 2 = 3 steps)
    rather than the weaker hit on the other cap (a box or two)."""
    from dataclasses import replace

    session = Session(
        preset("eight-foot"), RuleOptions(), (Seat("A", CapType.CROWN), Seat("B", CapType.CROWN)), 5
    )
    planners = {
        0: Planner(Level.PERFECT, random.Random(1)),
        1: Planner(Level.PERFECT, random.Random(2)),
    }
    placed(session, planners)
    board = session.board
    state = session.state
    from skully_game.skully.rules.course import step_going_for

    players = list(state.players)
    players[0] = replace(players[0], step=step_going_for("10 forwards"), pos=board.box_centre(9))
    players[1] = replace(players[1], pos=(1.3, 1.9))
    session.state = replace(state, players=tuple(players), to_play=0)
    plan = planners[0].plan(session)
    assert plan.candidate.kind == "target"
    assert plan.value >= 3
