"""Unit tests of the rules reducers, options, course, areas and the shot-facts helpers."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from dataclasses import replace

import pytest

from skully_game.core.errors import DataError
from skully_game.skully.board import PRESETS
from skully_game.skully.caps import CapType
from skully_game.skully.geometry import Board, Trapezoid
from skully_game.skully.physics import simulate
from skully_game.skully.rules import (
    OPTION_PRESETS,
    Decision,
    DecisionKind,
    GameState,
    HitAKiller,
    Player,
    RuleError,
    RuleOptions,
    ShotFacts,
    allowed_area,
    apply_shot,
    choose_keep,
    course,
    event_to_dict,
    going_for_label,
    new_game,
    options_from_dict,
    options_preset,
    options_to_dict,
    place_cap,
    placement_for,
    placement_problem,
    shot_facts,
    shot_setup,
    shuffled,
    start_turn,
    state_from_dict,
    state_to_dict,
    status,
    step_going_for,
    switch_cap,
    target,
)
from skully_game.skully.rules.areas import box_area, out_of_town_area, start_area
from skully_game.skully.rules.playout import new_random_game, playout, random_state

BOARD = Board(PRESETS["eight-foot"])  # the cases are placed for its 8 ft
OFFICIAL = OPTION_PRESETS["official"]
BABY = OPTION_PRESETS["baby stuff"]
CROWN = CapType.CROWN


def _started(count: int = 3, options: RuleOptions = OFFICIAL) -> GameState:
    state = new_game([(n, CROWN) for n in "ABCDEF"[:count]])
    area = allowed_area(state, options, BOARD, state.pending[0])
    (ax, ay), (bx, by) = area.polygons[0][0], area.polygons[0][1]
    for i in range(count):
        t = (i + 0.5) / count
        spot = area.snap((ax + t * (bx - ax) - 0.05, ay + t * (by - ay) - 0.05))
        state, _ = place_cap(state, options, BOARD, i, spot)
    return state


def _at(state: GameState, **positions: tuple[float, float]) -> GameState:
    names = [p.name for p in state.players]
    for name, pos in positions.items():
        state = state.with_player(names.index(name), pos=pos)
    return state


# ---- the start of a game ------------------------------------------------------------


def test_new_game_needs_two_to_six_distinct_players() -> None:
    with pytest.raises(ValueError):
        new_game([("A", CROWN)])
    with pytest.raises(ValueError):
        new_game([(str(i), CROWN) for i in range(7)])
    with pytest.raises(ValueError):
        new_game([("A", CROWN), ("A", CROWN)])


def test_every_player_puts_a_cap_behind_the_start_line_then_the_first_shoots() -> None:
    state = new_game([("A", CROWN), ("B", CapType.LEAD), ("C", CROWN)])
    assert [d.kind for d in state.pending] == [DecisionKind.PLACE_START] * 3
    assert [d.player for d in state.pending] == [0, 1, 2]
    assert not state.can_shoot and state.turn == 0
    with pytest.raises(RuleError, match="behind the start line"):
        place_cap(state, OFFICIAL, BOARD, 0, BOARD.box_centre(1))
    with pytest.raises(RuleError, match="waiting for A"):
        place_cap(state, OFFICIAL, BOARD, 1, (-0.3, -0.3))
    state = _started()
    assert state.can_shoot and state.to_play == 0 and state.turn == 1
    for p in state.players:
        assert p.pos is not None and BOARD.locate(p.pos, p.radius).behind_start
        assert status(p) == "going for 1 forwards"


def test_start_placements_may_not_overlap() -> None:
    state = new_game([("A", CROWN), ("B", CROWN)])
    spot = allowed_area(state, OFFICIAL, BOARD, state.pending[0]).snap((-0.3, -0.3))
    state, _ = place_cap(state, OFFICIAL, BOARD, 0, spot)
    assert placement_problem(state, OFFICIAL, BOARD, 1, spot) == "B's cap would overlap A's"


def test_shuffled_is_a_seeded_permutation() -> None:
    names = ["A", "B", "C", "D", "E", "F"]
    one = shuffled(names, random.Random(7))
    assert sorted(one) == names
    assert one == shuffled(names, random.Random(7))
    assert names == ["A", "B", "C", "D", "E", "F"]


# ---- shots ----------------------------------------------------------------------------


def _facts(state: GameState, after: dict[int, tuple[float, float]], contacts=()) -> ShotFacts:
    before = tuple(p.pos for p in state.players)
    moved = tuple(after.get(i, p.pos) for i, p in enumerate(state.players))
    return ShotFacts(state.to_play, before, moved, tuple(contacts))


def test_a_shot_is_judged_only_when_allowed() -> None:
    state = _started()
    with pytest.raises(RuleError, match="A's turn"):
        apply_shot(state, OFFICIAL, BOARD, replace(_facts(state, {}), shooter=1))
    bad = _facts(state, {})
    bad = replace(bad, before=((9.0, 9.0), *bad.before[1:]))
    with pytest.raises(RuleError, match="did not start the shot"):
        apply_shot(state, OFFICIAL, BOARD, bad)
    with pytest.raises(RuleError, match="one position per player"):
        apply_shot(state, OFFICIAL, BOARD, replace(bad, before=bad.before[:2]))
    with pytest.raises(RuleError, match="two different players"):
        apply_shot(state, OFFICIAL, BOARD, _facts(state, {}, [(0, 0)]))
    stuck = state.with_player(0, stuck=True)
    with pytest.raises(RuleError, match="stuck"):
        apply_shot(stuck, OFFICIAL, BOARD, _facts(stuck, {}))
    out = state.with_player(2, eliminated=True, pos=None)
    with pytest.raises(RuleError, match="no cap on the table"):
        apply_shot(out, OFFICIAL, BOARD, _facts(out, {}, [(0, 2)]))
    made, _ = apply_shot(state, OFFICIAL, BOARD, _facts(state, {0: BOARD.box_centre(1)}))
    with pytest.raises(RuleError, match="waiting for A"):
        apply_shot(made, OFFICIAL, BOARD, _facts(made, {}))


def test_a_shot_changes_nothing_it_was_given() -> None:
    state = _started()
    copy = state_to_dict(state)
    new, events = apply_shot(state, OFFICIAL, BOARD, _facts(state, {0: BOARD.box_centre(1)}))
    assert state_to_dict(state) == copy
    assert new.players[0].step == 1 and events[0].text == "A made 1"
    assert new.decision == Decision(DecisionKind.PLACE_AWARD, 0, box=1)
    assert placement_for(new, 0) == new.decision


def test_offers_last_until_the_first_shot_and_are_used_once() -> None:
    state = _at(_started(2, BABY), A=BOARD.box_centre(5), B=(0.5, 0.5))
    state = state.with_player(0, step=5, may_place=5)
    state = start_turn(state, BABY, BOARD, 0)
    kinds = [d.kind for d in state.offers]
    assert kinds == [DecisionKind.CHOOSE_CAP, DecisionKind.PLACE_IN_BOX]
    assert state.players[0].may_place is None
    state, _ = place_cap(state, BABY, BOARD, 0, (0.1, 1.3))
    assert [d.kind for d in state.offers] == [DecisionKind.CHOOSE_CAP]
    with pytest.raises(RuleError):
        place_cap(state, BABY, BOARD, 0, (0.12, 1.3))
    state, events = switch_cap(state, BABY, BOARD, 0, CapType.GLIDE)
    assert state.players[0].cap is CapType.GLIDE and state.offers == ()
    assert event_to_dict(events[0]) == {
        "kind": "cap_switched",
        "text": "A switches to a chair glide",
        "player": 0,
        "cap": "glide",
    }


def test_switching_to_a_cap_with_no_room_is_refused() -> None:
    state = _at(_started(2, BABY), A=(0.5, 0.5), B=(0.533, 0.5))
    state = start_turn(state, BABY, BOARD, 0)
    with pytest.raises(RuleError, match="no room"):
        switch_cap(state, BABY, BOARD, 0, CapType.GLIDE)


def test_keep_or_restore_is_asked_of_the_victims_owner_only() -> None:
    state = _at(_started(2), A=BOARD.box_centre(1), B=(0.6, 0.6))
    state = state.with_player(0, step=1)
    new, _ = apply_shot(state, OFFICIAL, BOARD, _facts(state, {1: (0.9, 0.4)}, [(0, 1)]))
    assert new.decision == Decision(
        DecisionKind.KEEP_OR_RESTORE, 1, before=(0.6, 0.6), after=(0.9, 0.4)
    )
    with pytest.raises(RuleError):
        choose_keep(new, OFFICIAL, BOARD, 0, True)
    kept, _ = choose_keep(new, OFFICIAL, BOARD, 1, True)
    assert kept.players[1].pos == (0.9, 0.4)
    back, _ = choose_keep(new, OFFICIAL, BOARD, 1, False)
    assert back.players[1].pos == (0.6, 0.6)
    assert back.decision == Decision(DecisionKind.PLACE_START, 0)


def test_a_killers_counts_end_with_the_turn() -> None:
    state = _at(_started(3), A=(1.9, 1.9), B=(2.0, 1.9), C=(0.5, 0.5))
    state = state.with_player(0, step=course.KILLER)
    hit, _ = apply_shot(state, OFFICIAL, BOARD, _facts(state, {1: (2.2, 1.9)}, [(0, 1)]))
    assert [p.killer_hits for p in hit.players] == [0, 1, 0] and hit.to_play == 0
    miss, events = apply_shot(hit, OFFICIAL, BOARD, _facts(hit, {0: (1.5, 2.1)}))
    assert [p.killer_hits for p in miss.players] == [0, 0, 0] and miss.to_play == 1
    assert [e.text for e in events] == ["A hit nobody: turn over", "B to shoot"]


def test_hit_a_killer_option_changes_the_outcome() -> None:
    state = _at(_started(3), A=(0.5, 0.5), B=(0.6, 0.5), C=(2.0, 2.0))
    state = state.with_player(1, step=course.KILLER).with_player(0, step=6)
    facts = _facts(state, {1: (0.9, 0.5)}, [(0, 1)])
    become, _ = apply_shot(state, OFFICIAL, BOARD, facts)
    out, _ = apply_shot(state, replace(OFFICIAL, hit_a_killer=HitAKiller.ELIMINATED), BOARD, facts)
    assert become.players[0].killer and BOARD.locate(become.players[0].pos, 0.016).out_of_town
    assert out.players[0].eliminated and out.players[0].pos is None
    assert become.to_play == out.to_play == 1


# ---- physics glue --------------------------------------------------------------------


def test_shot_setup_and_facts_map_players_to_physics_caps() -> None:
    state = _at(_started(4), A=(0.5, 0.5), B=(0.6, 0.5), C=(2.0, 2.0), D=(1.9, 0.5))
    state = state.with_player(1, eliminated=True, pos=None)
    state = state.with_player(3, stuck=True, pos=BOARD.trapezoid_centre(Trapezoid.RIGHT))
    setup = shot_setup(state, OFFICIAL)
    assert setup.players == (0, 2, 3) and setup.shooter_cap == 0 and setup.pinned == frozenset()
    held = shot_setup(state, BABY)
    assert held.pinned == frozenset({1})  # C is held; the stuck D is not
    result = simulate(BOARD.spec, held.caps, held.positions, held.flick(math.atan2(1.5, 1.5), 4.0))
    facts = shot_facts(state, held, result)
    assert facts.shooter == 0 and facts.before[1] is None and facts.after[1] is None
    assert facts.before[2] == (2.0, 2.0)
    assert all(a in (0, 2, 3) and b in (0, 2, 3) for a, b in facts.contacts)


def test_holdsies_keeps_held_caps_still_in_the_physics() -> None:
    state = _at(_started(2), A=(0.5, 0.5), B=(0.6, 0.5))
    setup = shot_setup(state, BABY)
    result = simulate(BOARD.spec, setup.caps, setup.positions, setup.flick(0.0, 2.0), setup.pinned)
    facts = shot_facts(state, setup, result)
    assert facts.contacts and facts.after[1] == (0.6, 0.5)
    new, events = apply_shot(state, BABY, BOARD, facts)
    assert events[0].text.startswith("A hit B before making 2")
    assert new.pending == (Decision(DecisionKind.PLACE_START, 0),)  # B did not move: no choice


# ---- options, course, areas, texts -------------------------------------------------------


def test_option_presets_and_plain_data() -> None:
    assert RuleOptions() == OFFICIAL
    assert BABY.holdsies and BABY.switchsies and not OFFICIAL.holdsies
    for options in OPTION_PRESETS.values():
        assert options_from_dict(json.loads(json.dumps(options_to_dict(options)))) == options
    assert options_from_dict({"preset": "baby stuff", "pipsies_bonus": 3}).pipsies_bonus == 3
    assert options_from_dict({"hit_a_killer": "eliminated"}).hit_a_killer is HitAKiller.ELIMINATED
    assert OFFICIAL.with_changes(linesies=False).linesies is False
    for bad, field in [
        ("kids", "options"),
        ({"pipsies_bonus": True}, "options.pipsies_bonus"),
        ({"linesies": "yes"}, "options.linesies"),
        ({"rollsies": True}, "options.rollsies"),
        ({"format": "x"}, "options.format"),
    ]:
        with pytest.raises(DataError) as info:
            options_from_dict(bad, "opts.json")
        assert info.value.field == field and "\n" not in str(info.value)
    with pytest.raises(DataError):
        options_preset("grown-ups")


def test_course_labels() -> None:
    assert len(course.COURSE) == 32
    assert going_for_label(0) == "1 forwards" and going_for_label(12) == "13 forwards"
    assert going_for_label(13) == "12 backwards" and going_for_label(24) == "1 backwards"
    assert going_for_label(25) == "killer" and going_for_label(26) == "diller 1"
    assert going_for_label(course.KILLER) is None
    for step in range(course.KILLER):
        label = going_for_label(step)
        assert label is not None and step_going_for(label) == step
    assert step_going_for("14 forwards") is None


def test_killer_diller_goes_round_one_way() -> None:
    b, left, top, right = Trapezoid.BOTTOM, Trapezoid.LEFT, Trapezoid.TOP, Trapezoid.RIGHT
    assert course.diller_targets(()) == (b, left, top, right)
    assert course.diller_targets((b,)) == (left, right)
    assert course.diller_targets((b, right)) == (top,)
    assert course.diller_targets((b, left, top)) == (right,)
    assert course.valid_diller((top, left, b)) and not course.valid_diller((b, top))


def _player(**kw: object) -> Player:
    return replace(Player("A", CROWN, (0.0, 0.0)), **kw)  # type: ignore[arg-type]


def test_status_and_target_texts() -> None:
    assert status(_player(step=5)) == "going for 6 forwards"
    assert status(_player(step=20)) == "going for 5 backwards"
    assert status(_player(step=25)) == "going for killer"
    assert (
        status(_player(step=27, diller=(Trapezoid.TOP,)))
        == "killer diller: “a” into a section next to the first"
    )
    assert status(_player(step=31)) == "killer"
    assert status(_player(step=5, stuck=True)) == "stuck in the skull"
    assert status(_player(eliminated=True, pos=None)) == "out"
    assert target(_player(step=5)).boxes == (6,)
    assert target(_player(step=25)).boxes == (13,)
    assert target(_player(step=27, diller=(Trapezoid.TOP,))).trapezoids == (
        Trapezoid.LEFT,
        Trapezoid.RIGHT,
    )
    assert target(_player(step=31)).boxes == () and target(_player(step=31)).trapezoids == ()


def test_areas_as_geometry() -> None:
    w2 = BOARD.spec.line_width / 2
    area = box_area(BOARD, 6, linesies=True)
    x0, y0, x1, _ = BOARD.boxes[6]
    assert area.is_allowed(BOARD.box_centre(6)) and area.is_allowed((x0 - w2, y0))
    assert area.is_allowed(((x0 + x1) / 2, BOARD.boxes[8][3]))  # 8's far line, via linesies
    assert not area.is_allowed(BOARD.box_centre(8))
    assert not box_area(BOARD, 6, linesies=False).is_allowed(((x0 + x1) / 2, BOARD.boxes[8][3]))
    snapped = area.snap(BOARD.box_centre(8))
    assert area.is_allowed(snapped) and math.dist(snapped, BOARD.box_centre(8)) < 0.16
    thirteen = box_area(BOARD, 13, linesies=True)
    assert thirteen.is_allowed((BOARD.skull[0], BOARD.centre[1]))
    start = start_area(BOARD, 0.016)
    rng = random.Random(1)
    for _ in range(200):
        p = start.snap((rng.uniform(-1, 1), rng.uniform(-1, 1)))
        assert start.is_allowed(p) and BOARD.locate(p, 0.016).behind_start
    town = out_of_town_area(BOARD)
    for _ in range(200):
        p = town.snap((rng.uniform(-6, 8), rng.uniform(-6, 8)))
        assert town.is_allowed(p)
        assert BOARD.board_distance(p) >= BOARD.spec.out_of_town - w2


def test_game_state_round_trips_through_json() -> None:
    rng = random.Random(3)
    state = random_state(4, OFFICIAL, BOARD, rng)
    run = playout(state, OFFICIAL, BOARD, rng, 25)
    for candidate in (state, run.state, _started(2)):
        data = json.loads(json.dumps(state_to_dict(candidate)))
        assert state_from_dict(data) == candidate
    data = state_to_dict(run.state)
    data["players"][0]["step"] = 30
    with pytest.raises(DataError, match=r"players\[0\]\.step"):
        state_from_dict(data, "save.json")
    with pytest.raises(DataError, match="'format'"):
        state_from_dict({"format": "nope"}, "save.json")


def test_playouts_are_deterministic_and_ignore_the_global_rng() -> None:
    def texts(seed: int, noise: bool) -> list[str]:
        rng = random.Random(seed)
        state = new_random_game(3, BABY, BOARD, rng)

        def check(*_: object) -> None:
            if noise:
                random.random()  # the global RNG must not matter (habit 8)

        return [e.text for e in playout(state, BABY, BOARD, rng, 30, check).events]

    assert texts(5, False) == texts(5, True)
    assert texts(5, False) != texts(6, False)


def test_engines_do_not_import_pygame() -> None:
    code = (
        "import sys; import skully_game.skully.rules, skully_game.skully.rules.playout, skully_game.cli.judge; "
        "sys.exit(1 if any(m == 'pygame' or m.startswith('pygame.') for m in sys.modules) else 0)"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
