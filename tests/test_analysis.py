"""The course analysis (rules 1.6.7): reproducible, sensitive to the board the right way, the
classic board tuned so a skilled player makes pipsies once or twice a game, and its command line.

Sample sizes are small; where two boards are compared the same seed is used for both (common
random numbers: the same wobbles), and the margins were checked over seeds 1-10.
"""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys

import pytest
import tomli_w

from skully_game.cli import analyze as analysis_cli
from skully_game.skully import analysis
from skully_game.skully.analysis import (
    DILLER,
    DILLER_STEPS,
    UNITS,
    Study,
    analyze,
    combine,
    run_unit,
)
from skully_game.skully.board import PRESETS, spec_to_dict
from skully_game.skully.rules import course
from skully_game.skully.skill import Level

CLASSIC = PRESETS["classic"]


@pytest.fixture(scope="module")
def small() -> analysis.Analysis:
    """A whole course with a few samples a step: enough for shapes and invariants."""
    return analyze(Study(CLASSIC, Level.SKILLED, samples=12, seed=1))


# --- (a) reproducible -------------------------------------------------------------------------


def test_the_same_study_gives_the_same_figures_and_another_seed_others(small):
    again = analyze(Study(CLASSIC, Level.SKILLED, samples=12, seed=1))
    assert again.to_json() == small.to_json()
    other = analyze(Study(CLASSIC, Level.SKILLED, samples=12, seed=2))
    assert other.to_json()["per_step"] != small.to_json()["per_step"]
    assert other.expected_shots_to_finish != small.expected_shots_to_finish


def test_two_processes_give_the_same_figures_as_one(small):
    spread = analyze(Study(CLASSIC, Level.SKILLED, samples=12, seed=1), jobs=2)
    assert spread.to_json() == small.to_json()
    assert [f.landings for f in spread.per_step] == [f.landings for f in small.per_step]


def test_a_unit_does_not_depend_on_which_other_units_ran(small):
    study = Study(CLASSIC, Level.SKILLED, samples=12, seed=1)
    assert run_unit(study, 7)[0] == small.per_step[7]
    assert run_unit(study, DILLER) == small.per_step[DILLER:]


# --- (b), (c) the board matters the right way ---------------------------------------------------


def test_a_bigger_box_makes_its_step_easier():
    # 8 forwards -> 9 forwards; 11 in boxes against 16.5 in (seeds 1-10: one shot 10-20 % against
    # 29-41 %, expected shots 2.05-2.22 against 1.67-1.85)
    big = CLASSIC.with_changes(box_side=0.42)  # with_changes validates the spec
    step = 8
    small_box = run_unit(Study(CLASSIC, Level.SKILLED, samples=100, seed=1), step)[0]
    big_box = run_unit(Study(big, Level.SKILLED, samples=100, seed=1), step)[0]
    assert (small_box.start, small_box.goal) == ("8 forwards", "9 forwards")
    assert big_box.p_one_shot >= small_box.p_one_shot + 0.05
    assert big_box.expected_shots <= small_box.expected_shots - 0.15


def test_a_longer_board_makes_the_corner_to_corner_step_harder():
    # 1 forwards -> 2 forwards, box 1 to the far corner; a 2 m board against a 4 m one (seeds 1-10:
    # one shot 17-27 % against 2-9 %, expected shots 1.77-1.86 against 2.05-2.15)
    short = CLASSIC.with_changes(board_side=2.0)
    long = CLASSIC.with_changes(board_side=4.0)
    near = run_unit(Study(short, Level.STREET_LEGEND, samples=150, seed=1), 1)[0]
    far = run_unit(Study(long, Level.STREET_LEGEND, samples=150, seed=1), 1)[0]
    assert (near.start, near.goal) == ("1 forwards", "2 forwards")
    assert far.p_one_shot <= near.p_one_shot - 0.05
    assert far.expected_shots >= near.expected_shots + 0.1


# --- (d) the classic board is tuned -------------------------------------------------------------


def test_a_skilled_player_makes_pipsies_once_or_twice_a_game_on_the_classic_board():
    # rules 1.6.7; at 100 samples seeds 1-5 give 1.47-1.65 (200 samples: 1.46-1.59)
    result = analyze(Study(CLASSIC, Level.SKILLED, samples=100, seed=1), jobs=2)
    assert 1.0 < result.expected_pipsies_per_game < 2.0
    assert 40 < result.expected_shots_to_finish < 80


# --- (f) invariants -----------------------------------------------------------------------------


def test_every_step_has_sane_figures(small):
    assert len(small.per_step) == 30 == len(UNITS) - 1 + len(DILLER_STEPS)
    for f in small.per_step:
        assert 0.0 <= f.p_one_shot <= 1.0, f
        assert f.expected_shots >= 1.0, f
        assert 0.0 <= f.p_stuck <= 1.0, f
        assert 0.0 <= f.p_pipsies <= 1.0, f
        assert f.samples == 12
        assert len(f.landings) >= 1
    no_pipsies = (course.START, course.ONE_BACKWARDS, *DILLER_STEPS)
    for step in no_pipsies:
        f = small.per_step[step]
        assert not f.pipsies_allowed and f.p_pipsies == 0.0, f
    assert [small.per_step[s].goal for s in no_pipsies] == [
        "1 forwards",
        "killer",
        "diller 1",
        "diller 2",
        "diller 3",
        "diller 4",
    ]


def test_the_course_totals_follow_the_markov_chain(small):
    figures = {f.step: dataclasses.replace(f, p_pipsies=0.0) for f in small.per_step}
    pipsies, shots = combine(small.study, figures)
    assert pipsies == 0.0
    assert shots == pytest.approx(sum(f.expected_shots for f in figures.values()))
    # pipsies every time from 1 forwards: steps 2 and 3 are skipped (bonus 2)
    figures[1] = dataclasses.replace(figures[1], p_pipsies=1.0)
    pipsies, shots = combine(small.study, figures)
    assert pipsies == 1.0
    skipped = figures[2].expected_shots + figures[3].expected_shots
    assert shots == pytest.approx(sum(f.expected_shots for f in figures.values()) - skipped)


# --- (e) the command line -----------------------------------------------------------------------


def test_json_is_the_last_line_of_stdout_and_progress_goes_to_stderr(capsys):
    code = analysis_cli.main(["classic", "--samples", "3", "--jobs", "1", "--json"])
    out, err = capsys.readouterr()
    assert code == 0
    data = json.loads(out.strip().splitlines()[-1])
    assert data["skill"] == "skilled" and data["samples"] == 3 and data["seed"] == 1
    assert data["board"]["name"] == "classic"
    steps = data["per_step"]
    assert len(steps) == 30
    assert (steps[0]["from"], steps[0]["to"]) == ("start", "1 forwards")
    assert steps[-1]["to"] == "diller 4"
    for step in steps:
        assert {"from", "to", "p_one_shot", "expected_shots"} <= set(step)
    assert isinstance(data["expected_pipsies_per_game"], float)
    assert isinstance(data["expected_shots_to_finish"], float)
    assert "analyze classic [" in err and "100%" in err
    assert "analyze classic" not in out and len(out.strip().splitlines()) == 1


def test_without_json_a_table_and_the_totals(capsys):
    code = analysis_cli.main(["sidewalk", "--samples", "2", "--jobs", "1", "--skill", "regular"])
    out, _ = capsys.readouterr()
    assert code == 0
    assert "sidewalk board, regular player" in out
    assert "12 forwards   13 forwards" in out
    assert "expected pipsies per game" in out and "expected shots to finish" in out


def test_a_file_wins_over_a_preset_of_the_same_name(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "classic").write_text(tomli_w.dumps(spec_to_dict(PRESETS["bronx"])))
    assert analysis_cli.main(["classic", "--samples", "1", "--jobs", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert data["board"]["name"] == "bronx"


def test_a_bad_board_file_is_one_line_naming_the_file_and_field(tmp_path, capsys):
    data = spec_to_dict(CLASSIC)
    data["board_side"] = -2.0
    bad = tmp_path / "board.toml"
    bad.write_text(tomli_w.dumps(data))
    assert analysis_cli.main([str(bad), "--samples", "5"]) == 2
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert out == "" and len(lines) == 1
    assert lines[0].startswith("skully analyze: ")
    assert str(bad) in lines[0] and "board_side" in lines[0]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["classic", "--skill", "wizard"], "wizard"),
        (["classic", "--samples", "0"], "--samples"),
        (["classic", "--samples", str(analysis.MAX_SAMPLES + 1)], "--samples"),
        (["classic", "--jobs", "0"], "--jobs"),
        (["classic", "--cap", "hexnut"], "hexnut"),
        (["no-such-board"], "no-such-board"),
        (["classic", "--samples", "many"], "--samples"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(args, says, capsys):
    assert analysis_cli.main(args) == 2
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert out == "" and len(lines) == 1 and says in lines[0], err


def test_the_skully_command_routes_analyze_and_refuses_in_one_line():
    result = subprocess.run(
        [sys.executable, "-m", "skully_game", "analyze", "classic", "--skill", "wizard"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "skully analyze: unknown level 'wizard': expected one of "
        "beginner, regular, skilled, street-legend, perfect"
    ]
