"""The killer rules as settled (design rulings 7, 10 and the options): each victim its own
count, the foul before 2 forwards whatever blastsies, owning the board only in a new area;
and the games, saves and scenarios made before them, which must still load and replay."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from skully_game.core.errors import DataError
from skully_game.skully.board import PRESETS, preset
from skully_game.skully.caps import CapType
from skully_game.skully.geometry import Board
from skully_game.skully.rules import (
    GameState,
    RuleOptions,
    ShotFacts,
    apply_shot,
    course,
    new_game,
    state_from_dict,
    state_to_dict,
)
from skully_game.skully.rules.decisions import spot_for, suggested_spot
from skully_game.skully.rules.scenario import play, scenario_from_dict
from skully_game.skully.rules.state import killer_marks, killer_streak
from skully_game.skully.session import RECORD_VERSION, Seat, Session, session_from_dict

BOARD = Board(PRESETS["eight-foot"])
SCENARIOS = Path(__file__).parent / "scenarios"


def _table(count: int = 4) -> GameState:
    """K (a killer, to shoot) with non-killers B, C, D side by side in open board."""
    names = "KBCD"[:count]
    state = new_game([(n, CapType.CROWN) for n in names])
    spots = [(1.9, 1.9), (2.0, 1.9), (2.0, 2.0), (0.5, 0.5)]
    players = tuple(
        replace(p, pos=spots[i], step=course.KILLER if i == 0 else 6)
        for i, p in enumerate(state.players)
    )
    return replace(state, players=players, pending=(), turn=1)


def _shot(state: GameState, *touched: int) -> GameState:
    """K's shot touching these players (each nudged a centimetre), judged."""
    before = tuple(p.pos for p in state.players)
    after = tuple(
        None if p is None else (p[0] + 0.01, p[1]) if i in touched else p
        for i, p in enumerate(before)
    )
    facts = ShotFacts(0, before, after, tuple((0, v) for v in touched))
    new, _ = apply_shot(state, RuleOptions(), BOARD, facts)
    return new


def test_a_victim_first_hit_on_the_third_shot_is_out_on_the_fifth() -> None:
    state = _table()
    for touched in [(1,), (1,), (1, 2), (2,)]:
        state = _shot(state, *touched)
    assert state.players[1].eliminated and not state.players[2].eliminated
    assert killer_marks(state) == ((2, 2),) and killer_streak(state) == 2
    state = _shot(state, 2)
    assert state.players[2].eliminated and state.to_play == 0
    assert state.players[0].stats.kills == 2


def test_the_old_shared_streak_still_judges_old_games() -> None:
    """Games saved before record version 5: C, hit mid-streak, did not count; missing the
    streak's victim ended the turn even when the shot hit another."""
    new = _table()
    old = replace(new, old_rules=True)
    for touched in [(1,), (1, 2)]:
        new, old = _shot(new, *touched), _shot(old, *touched)
    assert [p.killer_hits for p in new.players] == [0, 2, 1, 0]
    assert [p.killer_hits for p in old.players] == [0, 2, 0, 0]
    new, old = _shot(new, 2), _shot(old, 2)
    assert new.to_play == 0 and [p.killer_hits for p in new.players] == [0, 0, 2, 0]
    assert old.to_play == 1 and [p.killer_hits for p in old.players] == [0, 0, 0, 0]


def test_a_version_1_state_gives_the_streak_to_each_of_its_victims() -> None:
    state = _shot(_shot(_table(), 1, 2), 1, 2)
    data = json.loads(json.dumps(state_to_dict(state)))
    assert data["version"] == 2 and [p["killer_hits"] for p in data["players"]] == [0, 2, 2, 0]
    assert state_from_dict(data) == state
    for p in data["players"]:
        del p["killer_hits"]
        p["streak"], p["victims"] = 0, []
    data["version"] = 1
    data["players"][0]["streak"], data["players"][0]["victims"] = 2, [1, 2]
    assert state_from_dict(data, "old.json") == state
    data["players"][0]["victims"] = [7]
    with pytest.raises(DataError, match=r"players\[0\]\.victims"):
        state_from_dict(data, "old.json")


def test_a_scenario_may_still_give_a_killer_its_streak_and_victims() -> None:
    data = json.loads((SCENARIOS / "killer-streak-counts.json").read_text(encoding="utf-8"))
    new = scenario_from_dict(data, "new.json")
    del data["players"][1]["killer_hits"]
    data["players"][0].update({"streak": 1, "victims": ["B"]})
    old = scenario_from_dict(data, "old.json")
    assert old.state == new.state and play(old) == play(new)
    data["players"][0]["killer_hits"] = 1
    with pytest.raises(DataError, match=r"players\[0\]\.killer_hits"):
        scenario_from_dict(data, "bad.json")


def test_counts_need_a_killer_to_play() -> None:
    data = json.loads((SCENARIOS / "killer-streak-counts.json").read_text(encoding="utf-8"))
    data["shooter"] = "B"
    with pytest.raises(DataError, match="unless a killer shoots"):
        scenario_from_dict(data, "bad.json")


def test_a_version_4_record_replays_its_actions_under_the_old_rules(tmp_path: Path) -> None:
    seats = (Seat("Ann", CapType.CROWN), Seat("Bob", CapType.CROWN))
    session = Session(preset("classic"), RuleOptions(), seats, seed=3)
    while (d := session.state.decision) is not None:
        want = suggested_spot(session.state, session.board, d)
        session.place(
            d.player, spot_for(session.state, session.options, session.board, d.player, want)
        )
    flick, result, _ = session.simulate(0.8, 2.0)
    session.judge(flick, result)
    data = session.to_dict()
    assert data["version"] == RECORD_VERSION == 9 and data["old_rules_actions"] == 0
    data["version"] = 4
    del data["old_rules_actions"]
    old = session_from_dict(json.loads(json.dumps(data)), "old.json")
    assert old.old_rules == 3 and not old.state.old_rules
    assert old.state == session.state
    assert old.fresh().old_rules == 3
    saved = old.to_dict()
    assert saved["version"] == RECORD_VERSION and saved["old_rules_actions"] == 3
    data = dict(saved, old_rules_actions=4)
    with pytest.raises(DataError, match="old_rules_actions"):
        session_from_dict(data, "bad.json")


def test_a_tap_that_leaves_a_stuck_cap_in_its_section_pays_1_and_old_games_keep_its_number():
    """Rules 3.3.1.2/3.3.1.3 pay a section's number only for knocking the cap out of the skull
    or into another section: a play-tester hit a stuck cap three times where it lay, for +4,
    +6 and +6. Games saved before record version 8 replay as they were judged."""
    data = json.loads((SCENARIOS / "hit-within-a-trapezoid.json").read_text(encoding="utf-8"))
    scenario = scenario_from_dict(data, "tap.json")
    _, events = play(scenario)
    assert [e.text for e in events][:1] == [
        "A hit B, still stuck in the skull's 6: +1 (the 6 is paid for knocking it out or into another part)"
    ]
    old = replace(scenario, state=replace(scenario.state, paid_taps=True))
    _, events = play(old)
    assert [e.text for e in events][:1] == ["A hit B in the skull: +6"]


def test_a_version_7_record_replays_its_taps_as_it_judged_them() -> None:
    seats = (Seat("Ann", CapType.CROWN), Seat("Bob", CapType.CROWN))
    session = Session(preset("classic"), RuleOptions(), seats, seed=3)
    while (d := session.state.decision) is not None:
        want = suggested_spot(session.state, session.board, d)
        session.place(
            d.player, spot_for(session.state, session.options, session.board, d.player, want)
        )
    flick, result, _ = session.simulate(0.8, 2.0)
    session.judge(flick, result)
    data = session.to_dict()
    assert data["paid_taps_actions"] == 0
    data["version"] = 7
    del data["paid_taps_actions"]
    old = session_from_dict(json.loads(json.dumps(data)), "old.json")
    assert old.paid_taps == 3 and not old.state.paid_taps and old.fresh().paid_taps == 3
    assert old.state == session.state
    with pytest.raises(DataError, match="paid_taps_actions"):
        session_from_dict(dict(old.to_dict(), paid_taps_actions=4), "bad.json")
