"""Every scenario in tests/scenarios runs through `skully judge --check`, the command's own path."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skully_game.cli import judge

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.json"))
GOOD = Path(__file__).parent / "scenarios" / "rules-333-example.json"


def test_there_are_enough_scenarios() -> None:
    assert len(SCENARIOS) >= 40


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = judge.main([str(path), "--check"])
    out, err = capsys.readouterr()
    assert code == judge.EXIT_OK, err
    assert err == ""
    result = json.loads(out)
    assert "expect" in json.loads(path.read_text(encoding="utf-8"))
    assert {"state", "events"} <= set(result)


def test_every_ruling_and_option_is_covered() -> None:
    covered: Counter[str] = Counter()
    for path in SCENARIOS:
        covered.update(json.loads(path.read_text(encoding="utf-8")).get("covers", []))
    for n in range(1, 13):
        assert covered[f"ruling {n}"] > 0, f"no scenario covers ruling {n}"
    for option in (
        "pipsies_bonus",
        "linesies",
        "hit_a_killer",
        "blastsies",
        "killer_owns_board",
        "holdsies",
        "switchsies",
    ):
        assert covered[f"option {option}"] > 0, f"no scenario covers option {option}"
    for worked in ("rules 3.2.0.7", "rules 3.3.2", "rules 3.3.3"):
        assert covered[worked] > 0, worked
    assert covered["preset official"] and covered["preset baby stuff"]
    assert covered["board skull_numbers"] and covered["board out_of_town"]


def test_a_wrong_expectation_is_caught(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(GOOD.read_text(encoding="utf-8"))
    data["expect"]["players"]["A"]["step"] = 8
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert judge.main([str(path), "--check", "--quiet"]) == judge.EXIT_MISMATCH
    err = capsys.readouterr().err
    assert "players.A.step: expected 8, got 9" in err


def _bad(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> str:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    assert judge.main([str(path)]) == judge.EXIT_BAD_FILE
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"skully judge: {path}"), lines[0]
    assert "Traceback" not in err
    return lines[0]


def _mutated(**changes: object) -> str:
    data = json.loads(GOOD.read_text(encoding="utf-8"))
    for key, value in changes.items():
        if value is None:
            del data[key]
        else:
            data[key] = value
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("{not json", "JSON (line 1"),
        ("[]", "'scenario'"),
        (_mutated(format="skully-board"), "'format'"),
        (_mutated(version=2), "'version'"),
        (_mutated(board="moon"), "'board'"),
        (_mutated(options="grown-ups"), "'options'"),
        (_mutated(options={"pipsies_bonus": -1}), "'options.pipsies_bonus'"),
        (_mutated(options={"hit_a_killer": "maybe"}), "'options.hit_a_killer'"),
        (_mutated(players=[{"name": "A"}]), "'players'"),
        (_mutated(players=[{"name": "A"}, {"name": "A"}]), "'players[1].name'"),
        (_mutated(shooter="Z"), "'shooter'"),
        (_mutated(surprise=1), "'surprise'"),
        (
            _mutated(players=[{"name": "A", "going_for": "14 forwards"}, {"name": "B"}]),
            "'players[0].going_for'",
        ),
        (_mutated(players=[{"name": "A", "at": "box:14"}, {"name": "B"}]), "'players[0].at'"),
        (_mutated(players=[{"name": "A", "at": [1, "x"]}, {"name": "B"}]), "'players[0].at'"),
        (
            _mutated(players=[{"name": "A", "stuck": True, "at": "box:4"}, {"name": "B"}]),
            "'players[0].at'",
        ),
        (_mutated(players=[{"name": "A", "cap": "mayo lid"}, {"name": "B"}]), "'players[0].cap'"),
        (_mutated(shot={"after": {"Z": "box:1"}}), "'shot.after'"),
        (_mutated(shot={"after": {"A": "nowhere"}}), "'shot.after.A'"),
        (_mutated(shot={"contacts": [["A", "A"]]}), "'shot.contacts[0]'"),
        (_mutated(shot={"contacts": "A hit B"}), "'shot.contacts'"),
        (_mutated(then=[{"place": "A", "at": "box:1"}]), "'then[0]'"),
        (_mutated(then=[{"dance": "A"}]), "'then[0]'"),
        (_mutated(then=[{"shot": {"shooter": "B"}}]), "'then[0].shot'"),
    ],
)
def test_a_bad_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, field: str
) -> None:
    line = _bad(tmp_path, capsys, text)
    assert field in line


def test_a_missing_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert judge.main([str(tmp_path / "none.json")]) == judge.EXIT_BAD_FILE
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "field 'file'" in err


def test_check_without_expect_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line_text = _mutated(expect=None)
    path = tmp_path / "noexpect.json"
    path.write_text(line_text, encoding="utf-8")
    assert judge.main([str(path)]) == judge.EXIT_OK
    assert judge.main([str(path), "--check", "--quiet"]) == judge.EXIT_BAD_FILE
    assert "'expect'" in capsys.readouterr().err


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | st.sampled_from(["box:4", "trap:2", "A", "B", "killer", "6 forwards", "official"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)


def _paths(data: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*prefix, i))
    return out


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(index=st.integers(min_value=0), value=JSON_VALUES)
def test_no_mutation_gives_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], index: int, value: object
) -> None:
    data = json.loads(GOOD.read_text(encoding="utf-8"))
    paths = _paths(data)[1:]
    path = paths[index % len(paths)]
    target = data
    for key in path[:-1]:
        target = target[key]  # type: ignore[index]
    target[path[-1]] = value  # type: ignore[index]
    file = tmp_path / "mutant.json"
    file.write_text(json.dumps(data), encoding="utf-8")
    code = judge.main([str(file), "--check", "--quiet"])
    err = capsys.readouterr().err
    assert code in (judge.EXIT_OK, judge.EXIT_MISMATCH, judge.EXIT_BAD_FILE)
    if code == judge.EXIT_BAD_FILE:
        assert err.count("\n") == 1 and err.startswith(f"skully judge: {file}"), err
