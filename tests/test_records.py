"""Shot and game records: exact replays, and every bad file refused in one line (issue 4)."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skully_game.core.errors import DataError
from skully_game.skully.board import preset
from skully_game.skully.caps import CapType
from skully_game.skully.physics import Flick, simulate
from skully_game.skully.records import (
    ShotRecord,
    load_shot,
    save_shot,
    shot_from_dict,
    shot_to_dict,
)
from skully_game.skully.replay_check import check_record, load_record
from skully_game.skully.session import Session, load_session, session_from_dict

DATA = Path(__file__).parent / "data"
FIXTURES = sorted(DATA.glob("*.json"))


def a_shot() -> ShotRecord:
    spec = preset("classic")
    caps = (CapType.CROWN, CapType.LEAD, CapType.GLASS)
    pos = ((0.5, 0.5), (0.8, 0.8), (0.83, 0.9))
    flick = Flick(0, math.pi / 4, 4.0, 0.2)
    return ShotRecord.of(spec, caps, flick, simulate(spec, caps, pos, flick), name="test")


def test_shot_record_round_trip_and_check(tmp_path):
    record = a_shot()
    path = tmp_path / "shot.json"
    save_shot(record, path)
    loaded = load_shot(path)
    assert loaded == record
    assert [c.matches for c in check_record(loaded)] == [True]


def test_a_new_shot_is_stepped_guarded_and_says_so_in_its_record(tmp_path):
    record = a_shot()
    assert record.adaptive and shot_to_dict(record)["steps"] == "guarded"
    fixed = shot_from_dict({**shot_to_dict(record), "steps": "fixed"}, "shot.json")
    assert not fixed.adaptive
    assert fixed.simulate().rest != record.rest  # the policies differ: each replays its own
    with pytest.raises(DataError, match=r"steps.*'fixed', 'adaptive', 'swept' or 'guarded'"):
        shot_from_dict({**shot_to_dict(record), "steps": "quick"}, "shot.json")


def test_records_from_before_the_adaptive_step_replay_bit_for_bit_with_their_fixed_dt():
    """Shot version 1 and game version 2 knew only the fixed step: they upgrade to it."""
    shot = json.loads((DATA / "shot-break.json").read_text())
    game = json.loads((DATA / "game-two-players-finished.json").read_text())
    assert shot["version"] == 1 and "steps" not in shot and game["version"] <= 2
    record = shot_from_dict(shot, "shot-break.json")
    assert not record.adaptive and record.simulate(trace=False).rest == record.rest
    session = session_from_dict(game, "game.json")
    shots = [a for a in session.actions if hasattr(a, "adaptive")]
    assert shots and not any(a.adaptive for a in shots)
    assert all(c.matches for c in check_record(session))


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_recorded_fixtures_still_replay_exactly(path):
    """tests/data holds real games and shots; a change that breaks them must bump the version."""
    record = load_record(path)
    checks = check_record(record)
    assert checks and all(c.matches for c in checks)


def test_check_in_a_fresh_process_is_bit_identical():
    for path in FIXTURES:
        result = subprocess.run(
            [sys.executable, "-m", "skully_game", "replay", str(path), "--check", "--json"],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert result.returncode == 0, result.stderr
        report = json.loads(result.stdout.strip().splitlines()[-1])
        assert report["ok"] and report["diverging"] == 0


def test_check_reports_a_divergence_with_exit_1(tmp_path):
    data = shot_to_dict(a_shot())
    data["rest"][0][0] += 1e-9
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data))
    result = subprocess.run(
        [sys.executable, "-m", "skully_game", "replay", str(path), "--check"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1
    assert "DIVERGES" in result.stdout and "1 diverge" in result.stdout.splitlines()[-1]


def test_a_finished_game_record_rebuilds_the_same_game():
    path = DATA / "game-two-players-finished.json"
    session = load_session(path)
    assert session.state.over
    again = session_from_dict(json.loads(json.dumps(session.to_dict())), "again")
    assert again.state == session.state


def _refusal(tmp_path, text: str) -> str:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(DataError) as info:
        load_record(path)
    message = str(info.value)
    assert "\n" not in message and str(path) in message
    return message


def test_bad_files_are_refused_in_one_line(tmp_path):
    good = shot_to_dict(a_shot())
    text = json.dumps(good)
    assert "valid JSON" in _refusal(tmp_path, text[: len(text) // 2])
    assert "valid JSON" in _refusal(tmp_path, "not json at all")
    assert "format" in _refusal(tmp_path, json.dumps({**good, "format": "something-else"}))
    assert "version" in _refusal(tmp_path, json.dumps({**good, "version": 99}))
    missing = dict(good)
    del missing["flick"]
    assert "'flick'" in _refusal(tmp_path, json.dumps(missing))
    assert "'extra'" in _refusal(tmp_path, json.dumps({**good, "extra": 1}))
    assert "finite" in _refusal(tmp_path, text.replace(str(good["flick"]["speed"]), "NaN", 1))
    assert "finite" in _refusal(tmp_path, text.replace(str(good["flick"]["speed"]), "Infinity", 1))
    overlapping = json.loads(text)
    overlapping["before"][1] = overlapping["before"][0]
    assert "overlapping" in _refusal(tmp_path, json.dumps(overlapping))
    bad_board = json.loads(text)
    bad_board["board"]["box_side"] = -1
    assert "board.box_side" in _refusal(tmp_path, json.dumps(bad_board))
    absurd = json.loads(text)
    absurd["board"]["board_side"] = 1e9
    assert "board_side" in _refusal(tmp_path, json.dumps(absurd))
    far = json.loads(text)
    far["before"][0] = [1e12, 0]
    assert "before[0][0]" in _refusal(tmp_path, json.dumps(far))
    fast = json.loads(text)
    fast["flick"]["speed"] = 500
    assert "flick.speed" in _refusal(tmp_path, json.dumps(fast))


def test_a_tampered_game_is_refused_naming_the_action(tmp_path):
    data = json.loads((DATA / "game-two-players-finished.json").read_text())
    data["actions"][3]["player"] = 1 - data["actions"][3]["player"]
    message = _refusal(tmp_path, json.dumps(data))
    assert "actions[3]" in message


def test_cli_refuses_a_bad_file_with_exit_2(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{")
    result = subprocess.run(
        [sys.executable, "-m", "skully_game", "replay", str(path), "--check"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1


def _mutations():
    leaf = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(10**6), 10**6),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=5),
    )
    return st.tuples(st.integers(0, 10**6), st.sampled_from(["set", "delete", "wrap"]), leaf)


def _mutate(data, choice: int, how: str, value):
    """Change one node of a JSON tree, picked by `choice`."""
    nodes = []

    def walk(node):
        if isinstance(node, dict):
            for k in node:
                nodes.append((node, k))
                walk(node[k])
        elif isinstance(node, list):
            for i in range(len(node)):
                nodes.append((node, i))
                walk(node[i])

    walk(data)
    parent, key = nodes[choice % len(nodes)]
    if how == "delete":
        if isinstance(parent, dict):
            del parent[key]
        else:
            parent.pop(key)
    elif how == "wrap":
        parent[key] = [parent[key]]
    else:
        parent[key] = value
    return data


GAME = json.loads((DATA / "game-two-players-finished.json").read_text())
SHOT = json.loads((DATA / "shot-break.json").read_text())


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_mutations(), st.booleans())
def test_mutated_files_never_crash(mutation, game):
    base = json.loads(json.dumps(GAME if game else SHOT))
    data = _mutate(base, *mutation)
    try:
        record = session_from_dict(data, "fuzz") if game else shot_from_dict(data, "fuzz")
    except DataError as exc:
        assert "\n" not in str(exc)
        return
    assert isinstance(record, Session | ShotRecord)


def test_a_game_of_adaptive_shots_saves_resumes_and_replays_bit_for_bit(tmp_path):
    import random

    from skully_game.skully.ai import Planner
    from skully_game.skully.rules import RuleOptions
    from skully_game.skully.session import Seat
    from skully_game.skully.skill import Level

    seats = (Seat("A", CapType.CROWN), Seat("B", CapType.GLASS))
    session = Session(preset("classic"), RuleOptions(), seats, 5)
    planners = [Planner(Level.REGULAR, random.Random(i), samples=1, budget=3) for i in range(2)]
    shots = 0
    while shots < 6 and not session.state.over:
        state = session.state
        who = state.pending[0].player if state.pending else state.to_play
        if (state.pending or state.offers) and planners[who].decide(session) is not None:
            continue
        flick, _ = planners[who].flick(session)
        flick, result, _ = session.simulate(flick.angle, flick.speed, flick.offset)
        assert result.adaptive
        session.judge(flick, result)
        shots += 1
    path = tmp_path / "game.json"
    session.save(path)
    back = load_session(path)
    assert back.actions == session.actions and back.state == session.state
    assert all(c.matches for c in check_record(back))
