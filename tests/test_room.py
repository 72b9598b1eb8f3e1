"""Every cap put down goes where it fits, so every game the program saves loads again.

Issue 27: a victim's owner choosing "put it back" onto a spot another cap now held wrote a save
the loader then refused; two killers could land on one spot out of town; computer players on a
small board put a cap down onto another; the physics could leave caps pressed millimetres into
each other. The one rule (rules/room.py): the free spot nearest to where the cap belongs.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from skully_game.skully.board import preset, validate
from skully_game.skully.caps import CapType
from skully_game.skully.geometry import Board
from skully_game.skully.physics import (
    REST_OVERLAP,
    Contact,
    Flick,
    ShotResult,
    StepPolicy,
    Trajectory,
    ease_apart,
    overlapping,
    simulate,
)
from skully_game.skully.rules import (
    DecisionKind,
    RuleOptions,
    allowed_area,
    placement_problem,
    shot_setup,
    spot_for,
)
from skully_game.skully.rules.areas import box_area, out_of_town_area
from skully_game.skully.rules.room import ROOM_GAP, fits, others_than, room_for
from skully_game.skully.session import RECORD_VERSION, Seat, Session, load_session

R = CapType.CROWN.spec.radius


def caps_fit(session: Session) -> bool:
    """No two caps on the table overlap by more than the physics' own allowance."""
    on = [p for p in session.state.players if p.pos is not None and not p.eliminated]
    return overlapping([p.cap for p in on], [p.pos for p in on], REST_OVERLAP) is None


# --- the rule itself -----------------------------------------------------------------------


def test_a_cap_dropped_on_another_settles_right_beside_it_on_the_side_it_was_dropped() -> None:
    board = Board(preset("classic"))
    area = box_area(board, 5, linesies=True)
    x0, y0, x1, y1 = board.boxes[5]
    centre = ((x0 + x1) / 2, (y0 + y1) / 2)
    want = (centre[0] + 0.01, centre[1])
    spot = room_for(area, want, R, [(centre, R)])
    assert math.dist(spot, centre) == pytest_approx(2 * R + ROOM_GAP)
    assert spot[0] > centre[0] and abs(spot[1] - centre[1]) < 1e-9  # straight out, this side
    assert area.is_allowed(spot)


def pytest_approx(value: float) -> object:
    import pytest

    return pytest.approx(value, abs=1e-9)


def test_a_free_spot_is_kept_as_it_is() -> None:
    board = Board(preset("classic"))
    area = box_area(board, 1, linesies=True)
    want = board.box_centre(1)
    assert room_for(area, want, R, [((want[0] + 0.2, want[1]), R)]) == want


def test_a_full_box_sends_the_cap_just_outside_it_and_the_rules_accept_that_spot() -> None:
    spec = preset("classic").with_changes(box_side=0.03, line_width=0.005)
    board = Board(spec)
    area = box_area(board, 1, linesies=False)
    centre = board.box_centre(1)
    spot = room_for(area, centre, R, [(centre, R)])
    assert fits(spot, R, [(centre, R)])
    assert not area.is_allowed(spot)
    assert math.dist(spot, centre) < 2 * R + 0.01  # just beside, not anywhere


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.floats(-0.1, 0.1), st.floats(-0.1, 0.1), st.sampled_from(list(CapType))),
        min_size=1,
        max_size=5,
    ),
    st.floats(-0.1, 0.1),
    st.floats(-0.1, 0.1),
)
def test_room_for_never_puts_a_cap_on_another(
    others: list[tuple[float, float, CapType]], x: float, y: float
) -> None:
    board = Board(preset("classic"))
    cx, cy = board.box_centre(13)
    placed = [((cx + dx, cy + dy), kind.spec.radius) for dx, dy, kind in others]
    area = box_area(board, 13, linesies=True)
    spot = room_for(area, (cx + x, cy + y), R, placed)
    assert fits(spot, R, placed)


# --- each rule that puts a cap down -------------------------------------------------------


def three_at_the_start(options: RuleOptions | None = None) -> Session:
    options = options or RuleOptions()
    seats = tuple(Seat(n, CapType.CROWN, i) for i, n in enumerate(("Al", "Bo", "Cy")))
    session = Session(preset("classic"), options, seats, seed=3)
    for who in range(3):
        d = session.state.decision
        assert d is not None and d.kind is DecisionKind.PLACE_START
        area = allowed_area(session.state, options, session.board, d)
        (ax, ay), (bx, by) = session.board.start_line
        t = 0.2 + 0.3 * who
        want = area.snap((ax + (bx - ax) * t, ay + (by - ay) * t))
        session.place(who, spot_for(session.state, options, session.board, who, want))
    return session


def judge(session: Session, rest: tuple, contacts: tuple[tuple[int, int], ...]) -> None:
    """A shot by the player to play whose outcome is given (the rules judge recorded facts)."""
    start = tuple(p.pos for p in session.state.players)
    result = ShotResult(
        start=start,
        rest=rest,
        contacts=tuple(Contact(0.1 * (k + 1), a, b, 1.0) for k, (a, b) in enumerate(contacts)),
        duration=1.0,
        steps=240,
        dt=1 / 240,
        settled=True,
        trajectory=Trajectory(len(start), start),
        policy=StepPolicy.ADAPTIVE,
    )
    session.judge(Flick(session.state.to_play, 0.0, 1.0), result)


def chain_foul_onto_bos_spot(session: Session) -> tuple[float, float]:
    """Al, going for 1, hits Bo, who knocks Cy onto Bo's old spot: a foul before 2 forwards.
    Cy leaves the cap there; Bo wants it back where it was. Returns Bo's old spot."""
    al, bo, cy = (p.pos for p in session.state.players)
    assert al and bo and cy
    away = (bo[0] + 0.5, bo[1] + 0.4)
    judge(session, (bo, away, bo), ((0, 1), (1, 2)))
    return bo


def test_putting_a_cap_back_onto_a_taken_spot_puts_it_beside_and_the_save_loads(
    tmp_path: Path,
) -> None:
    session = three_at_the_start()
    old = chain_foul_onto_bos_spot(session)
    events = []
    while session.state.decision and session.state.decision.kind is DecisionKind.KEEP_OR_RESTORE:
        d = session.state.decision
        events += session.keep(d.player, d.player == 2)  # Cy keeps, Bo puts back
    bo = session.state.players[1].pos
    assert bo is not None and bo != old
    assert math.dist(bo, old) < 2 * R + 0.005  # right beside the old spot
    assert any("beside its old spot" in e.text for e in events)
    assert caps_fit(session)
    session.save(tmp_path / "game.json")
    loaded = load_session(tmp_path / "game.json")
    assert loaded.state.players[1].pos == bo
    assert loaded.mended == ""


def test_a_save_from_an_earlier_version_with_caps_on_top_of_each_other_loads_and_is_mended_once(
    tmp_path: Path,
) -> None:
    session = three_at_the_start()
    old = chain_foul_onto_bos_spot(session)
    session.state = replace(session.state, exact_places=True)  # as version 3 put caps back
    while session.state.decision and session.state.decision.kind is DecisionKind.KEEP_OR_RESTORE:
        d = session.state.decision
        session.keep(d.player, d.player == 2)
    assert session.state.players[1].pos == old == session.state.players[2].pos
    data = session.to_dict()
    data["version"] = 3
    del data["legacy_actions"]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    before = path.read_bytes()

    loaded = load_session(path)
    assert caps_fit(loaded)
    assert loaded.mended.startswith("Mended an older save: a cap lay on another")
    told = [e.text for _, events in loaded.replay_events() for e in events]
    assert "Bo's cap lay on Cy's and is moved aside" in told
    assert path.read_bytes() == before  # loading never changes a file
    # Played on and saved again, it loads the same way, with nothing more to say.
    loaded.save(tmp_path / "again.json")
    again = load_session(tmp_path / "again.json")
    assert again.state == loaded.state and again.mended == ""
    assert [e.text for _, evs in again.replay_events() for e in evs] == [
        e.text for _, evs in loaded.replay_events() for e in evs
    ]


def test_two_killers_never_land_on_one_spot_out_of_town() -> None:
    board = Board(preset("classic"))
    area = out_of_town_area(board)
    from skully_game.skully.rules.areas import out_of_town_point

    first = out_of_town_point(board, board.box_centre(2))
    spot = room_for(area, first, R, [(first, R)])
    assert area.is_allowed(spot) and fits(spot, R, [(first, R)])


def test_a_person_dropping_a_cap_onto_another_behind_the_start_line_is_not_refused() -> None:
    session = three_at_the_start()
    al = session.state.players[0].pos
    assert al is not None
    # The next game's first placement, onto Al's cap: refused as asked, settled beside it.
    fresh = Session(session.board_spec, session.options, session.seats, seed=4)
    fresh.place(0, al)
    assert placement_problem(fresh.state, fresh.options, fresh.board, 1, al) is not None
    fresh.place(1, spot_for(fresh.state, fresh.options, fresh.board, 1, al))
    assert caps_fit(fresh)


# --- the physics --------------------------------------------------------------------------


def test_caps_left_pressed_into_each_other_are_eased_apart_and_a_held_cap_stays_put() -> None:
    kinds = (CapType.CROWN, CapType.LEAD, CapType.WAX)
    held = (1.0, 1.0)
    pts = (held, (1.0 + 2 * R - 0.0038, 1.0), (3.0, 3.0))
    eased = ease_apart(kinds[:1] * 2 + kinds[2:], pts, pinned=frozenset({0}))
    assert eased is not None
    assert eased[0] == held and eased[2] == pts[2]
    assert overlapping(kinds[:1] * 2 + kinds[2:], eased, REST_OVERLAP) is None
    apart = ((1.0, 1.0), (1.0 + 2 * R - 0.0001, 1.0))
    assert ease_apart(kinds[:1] * 2, apart) is None  # within pymunk's slop: left exactly as is


# --- computer players on a small board ------------------------------------------------------


def tiny_board():
    s = preset("classic")
    k = 0.30 / s.board_side
    spec = replace(
        s,
        name="tiny",
        board_side=s.board_side * k,
        box_side=s.box_side * k,
        thirteen_side=s.thirteen_side * k,
        skull_side=s.skull_side * k,
        line_width=s.line_width * k,
        start_distance=s.start_distance * k,
        out_of_town=s.out_of_town * k,
    )
    validate(spec)
    return spec


def test_six_computer_players_on_a_30_cm_board_put_their_caps_down_where_they_fit(
    tmp_path: Path,
) -> None:
    spec = tiny_board()
    seats = tuple(Seat(f"P{i}", CapType.CROWN, i, "beginner") for i in range(6))
    from skully_game.skully.ai import Planner
    from skully_game.skully.skill import level

    session = Session(spec, RuleOptions(), seats, seed=1)
    rng = random.Random(1)
    planners = [Planner(level("beginner"), random.Random(rng.random()), samples=1) for _ in seats]
    # `skully selfplay skully --board B --players 6 --bots beginner` raised 'cap would overlap'
    for _ in range(60):  # the start and some turns: every placement, no refusal
        state = session.state
        if state.over:
            break
        who = state.pending[0].player if state.pending else state.to_play
        if (state.pending or state.offers) and planners[who].decide(session) is not None:
            continue
        flick, _ = planners[who].flick(session)
        setup = shot_setup(state, session.options)
        result = simulate(spec, setup.caps, setup.positions, flick, setup.pinned, trace=False)
        session.judge(flick, result)
        assert caps_fit(session)
    session.save(tmp_path / "tiny.json")
    assert caps_fit(load_session(tmp_path / "tiny.json"))


def test_resuming_an_old_save_with_caps_on_top_of_each_other_says_so_once(tmp_path: Path) -> None:
    from skully_game.scenes.skully.table import SkullyGameScene
    from tests.ui_helpers import make_app

    session = three_at_the_start()
    chain_foul_onto_bos_spot(session)
    session.state = replace(session.state, exact_places=True)  # as version 3 put caps back
    while session.state.decision and session.state.decision.kind is DecisionKind.KEEP_OR_RESTORE:
        d = session.state.decision
        session.keep(d.player, d.player == 2)
    data = session.to_dict()
    data["version"] = 3
    del data["legacy_actions"]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))

    app = make_app()
    table = SkullyGameScene.from_save(app, path)
    assert [t.message for t in app.toasts] == [
        "Mended an older save: a cap lay on another and moved aside (see the log)"
    ]
    assert any("Bo's cap lay on Cy's and is moved aside" in line for line, _ in table.log)
    assert json.loads(path.read_text())["version"] == RECORD_VERSION  # saved mended: said once
    app.toasts.clear()
    again = SkullyGameScene.from_save(app, path)
    assert app.toasts == [] and caps_fit(again.session)


def test_every_computer_player_finds_a_spot_behind_a_crowded_start_line() -> None:
    """On a 30 cm board six caps do not fit behind the start line: the later ones go just
    behind it, and the rules take that spot whichever way the search reached it."""
    from skully_game.skully.ai import Planner
    from skully_game.skully.skill import level

    spec = tiny_board()
    for seed in range(6):
        seats = tuple(Seat(f"P{i}", CapType.CROWN, i, "beginner") for i in range(6))
        session = Session(spec, RuleOptions(), seats, seed=seed)
        for i in range(6):
            planner = Planner(level("beginner"), random.Random(seed * 10 + i), samples=1)
            assert planner.decide(session) is not None
        assert session.state.turn == 1 and caps_fit(session)


def test_the_rules_take_every_spot_the_room_rule_gives_however_crowded() -> None:
    """Whatever the crowd behind the start line and wherever a cap is wanted, the spot it is
    given is one the rules accept: a computer player never has its placement refused."""
    from skully_game.skully.rules.areas import start_area

    spec = tiny_board()
    seats = tuple(Seat(f"P{i}", CapType.CROWN, i) for i in range(6))
    rng = random.Random(7)
    for _ in range(120):
        session = Session(spec, RuleOptions(), seats, seed=1)
        board = session.board
        area = start_area(board, R)
        box = area.bounds()
        assert box is not None
        crowd = rng.randrange(2, 6)
        state = session.state
        for k in range(crowd):  # the first `crowd` caps already down, each where it fits
            want = area.snap((rng.uniform(box[0], box[2]), rng.uniform(box[1], box[3])))
            state = state.with_player(k, pos=room_for(area, want, R, others_than(state, k)))
        state = replace(state, pending=state.pending[crowd:])
        want = (rng.uniform(box[0], box[2]), rng.uniform(box[1], box[3]))
        spot = spot_for(state, session.options, board, crowd, want)
        assert placement_problem(state, session.options, board, crowd, spot) is None
