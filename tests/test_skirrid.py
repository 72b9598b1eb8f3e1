"""Skirrid's rules from the seed's text: the centre start, face-to-face contact, marks, blocks,
the Arena's 75, the player counts and the pairs' split, the dice variant, passing; the board's
reconstruction checked; games reproducible and saved; the computer players' ladder in small."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from cards.skirrid import GAME, SkirridOptions, SkirridState
from cards.skirrid.board import BoardError, parse_board, standard_board, standard_geometry
from cards.skirrid.state import PASS

GEO = standard_geometry()
NUMBERS = standard_board().numbers
ROOT = Path(__file__).resolve().parents[1]


def at(piece: str, orient: str, row: int, col: int) -> str:
    return f"{piece} {orient} {row},{col}"


def play(state: SkirridState, *actions: str) -> SkirridState:
    for a in actions:
        state.apply_action(a)
    return state


def value(row: int, col: int) -> int:
    return NUMBERS[row * 19 + col]


# ---- the board --------------------------------------------------------------------------------


def run_checker(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "tools/skirrid_board_check.py"), *args],
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.slow
def test_the_board_checker_proves_every_fact_of_the_design_note():
    """Each fact of the design note's Skirrid section, printed with PASS: the board's (19 x 19,
    the Arena, alternating numbers low in the Arena with some 10s, rising to the corners, equal
    quarters, 25 the largest, two 25s by the top-left corner, the Door's 100 and nothing more,
    75 in the Arena taking several turns), the pieces', and the good average score of 400-500
    by two decent computer players (a few games here; the tool's default plays more)."""
    out = run_checker("--games", "4")
    assert out.returncode == 0, out.stdout
    verdicts = [line for line in out.stdout.splitlines() if line.startswith(("PASS", "FAIL"))]
    assert len(verdicts) == 17 and all(v.startswith("PASS ") for v in verdicts), verdicts
    said = "\n".join(verdicts)
    for fact in ("19 x 19", "|row-9| + |col-9| <= 9", "alternating squares", "some 10s",
                 "rise towards the corners", "same total", "25 is the largest",
                 "two 25s lie by the top-left corner", "exactly 100 in a corner",
                 "nothing scores more than 100", "reaching 75 inside the Arena",
                 "between 400-500", "three of each shape", "Gun 6", "turned over",
                 "dice"):  # fmt: skip
        assert fact in said, fact
    assert out.stdout.splitlines()[-1] == "17 of 17 facts hold"


def test_the_board_checker_names_every_fact_a_board_breaks(tmp_path):
    data = json.loads((ROOT / "cards/skirrid/data/board.json").read_text())
    data["rows"][0][0] = 30  # bigger than 25, and no longer a quarter turn of its images
    bad = tmp_path / "board.json"
    bad.write_text(json.dumps(data))
    out = run_checker(str(bad), "--games", "0")
    assert out.returncode == 1
    failed = [line for line in out.stdout.splitlines() if line.startswith("FAIL")]
    assert failed == [
        "FAIL the four quarters add up to the same total (the board is unchanged by a quarter "
        "turn)",
        "FAIL 25 is the largest number",
        "FAIL two 25s lie by the top-left corner",
        "FAIL nothing scores more than 100 (any shape, marked 3, anywhere)",
    ]
    assert out.stdout.splitlines()[-1].startswith("12 of 16 facts hold; the first broken: the four")


def test_the_arena_holds_10s_at_its_tips_yet_75_there_takes_three_turns():
    """The design note: low in the Arena (some 10s); reaching 75 there takes several turns."""
    n = GEO.board.size
    tens = [divmod(i, n) for i in range(n * n) if GEO.board.in_arena(i) and NUMBERS[i] == 10]
    assert sorted(tens) == [(1, 9), (9, 1), (9, 17), (17, 9)]
    assert max(NUMBERS[i] for i in range(n * n) if GEO.board.in_arena(i)) == 10
    state = SkirridState(SkirridOptions(players=2))
    best = max(state.score_of("Gun3", p) for p in GEO.placements if p.arena and p.shape == "Gun")
    assert best == 3 * 10 + 5 + 4  # the Gun marked 3 on a tip: the Arena's best
    assert best * 2 >= 75 > best + 35  # one Gun marked 3 a set: two pieces stay under 75


def test_a_bad_board_file_is_one_line_naming_the_square():
    data = json.loads((ROOT / "cards/skirrid/data/board.json").read_text())
    data["rows"][0][1] = 7  # (0, 1) is not the centre's colour
    with pytest.raises(BoardError, match=r"board.json: rows\[0\]\[1\]: numbers belong"):
        parse_board(data, "board.json")
    with pytest.raises(BoardError, match="rows: expected 19 rows"):
        parse_board({**data, "rows": data["rows"][:3]}, "board.json")
    with pytest.raises(BoardError, match="version: expected 1"):
        parse_board({**data, "version": 9}, "board.json")


def test_a_door_marked_3_over_the_corner_25s_scores_exactly_100():
    state = SkirridState()
    pid = GEO.by_key[("Door", "R0", 0, 0)]
    assert state.score_of("Door3", GEO.placements[pid]) == 3 * 25 + 25 == 100


# ---- placing ----------------------------------------------------------------------------------


def test_the_first_shape_covers_the_centre_and_is_not_a_block():
    state = SkirridState()
    legal = state.legal_actions()
    assert legal and all(" F" not in a for a in legal)
    for a in legal:
        piece, orient, rc = a.split(" ")
        pid = GEO.by_key[(piece.rstrip("23"), orient, *map(int, rc.split(",")))]
        assert GEO.board.centre in GEO.placements[pid].squares


def test_shapes_touch_face_to_face_not_only_diagonally():
    state = play(SkirridState(), at("Eye", "R0", 9, 9))
    legal = set(state.legal_actions())
    assert at("Eye", "R0", 9, 10) in legal  # beside it
    assert at("Eye", "R0", 10, 10) not in legal  # corner to corner only
    assert at("Eye", "R0", 9, 9) not in legal  # on it


def test_a_mark_multiplies_only_the_number_under_it():
    state = SkirridState()
    door = GEO.placements[GEO.by_key[("Door", "R0", 0, 0)]]
    assert state.score_of("Door", door) == 50
    assert state.score_of("Door2", door) == 25 * 2 + 25
    three = SkirridState(SkirridOptions(players=3))  # marks count for nothing with three
    assert three.score_of("Door", door) == 50


def test_a_block_scores_half_its_plain_sum_rounded_down():
    state = SkirridState()
    odd = next(p for p in GEO.placements if p.block and p.shape == "Quoin" and p.plain % 2 == 1)
    assert state.score_of("Quoin3", odd) == odd.plain // 2 == (odd.plain - 1) // 2


def test_a_player_stays_in_the_arena_until_they_have_75():
    state = play(SkirridState(), at("Eye", "R0", 9, 9))
    state._cover(GEO.placements[GEO.by_key[("Eye", "R0", 1, 9)]])  # a shape at the Arena's tip
    rod_out = at("Rod", "R0", 0, 8)  # touches it from outside the Arena
    state._legal = None
    assert rod_out not in state.legal_actions()
    assert all(GEO.placements[_pid(a)].arena for a in state.legal_actions())
    state.scores[1] = 75
    state._legal = None
    assert rod_out in state.legal_actions()


def _pid(action: str) -> int:
    piece, orient, rc = action.split(" ")
    return GEO.by_key[(piece.rstrip("23"), orient, *map(int, rc.split(",")))]


# ---- blocking ----------------------------------------------------------------------------------


def test_two_players_a_block_holds_for_the_next_turn_only():
    state = play(SkirridState(), at("Rod", "R0", 9, 9), at("Eye", "R0", 8, 9))
    # seat 0 blocks with an Eye turned over beside the Rod's right end
    play(state, at("Eye2", "F0", 9, 11))
    legal = set(state.legal_actions())
    assert at("Eye2", "R0", 9, 12) not in legal  # face to face with the block
    assert at("Eye2", "R0", 10, 11) not in legal
    assert at("Eye2", "R0", 8, 10) in legal  # touches the others, the block only diagonally
    play(state, at("Eye2", "R0", 10, 9))
    play(state, at("Eye3", "R0", 10, 10))
    assert at("Eye3", "R0", 9, 12) in set(state.legal_actions())  # the block has lapsed


def test_three_players_a_block_holds_until_its_player_moves_again():
    o = SkirridOptions(players=3)
    state = play(SkirridState(o), at("Rod", "R0", 9, 9), at("Eye", "F0", 9, 11))
    for _ in range(2):  # seats 2 and 0 may not touch seat 1's block
        legal = set(state.legal_actions())
        assert at("Eye", "R0", 8, 11) not in legal and at("Eye", "R0", 9, 12) not in legal
        play(state, next(a for a in sorted(legal) if a.startswith("Eye R0")))
    assert state.current_player() == 1
    assert at("Eye", "R0", 9, 12) in set(state.legal_actions())  # its own block, and lapsed
    # no second block running inside the Arena
    assert not any(" F" in a and GEO.placements[_pid(a)].arena for a in state.legal_actions())


def test_partners_may_touch_each_others_blocks():
    o = SkirridOptions(players=4, pairs=True)
    state = play(SkirridState(o), at("Rod", "R0", 9, 9), at("Eye3", "F0", 9, 11))
    # seat 2, the next and an opponent of seat 1, may not touch it...
    assert at("Eye", "R0", 9, 12) not in set(state.legal_actions())
    assert len(state.active_blocks(2)) == 1
    assert state.active_blocks(3) == []  # seat 1's partner is never bound by it
    play(state, at("Eye", "R0", 8, 9))
    assert at("Eye", "R0", 9, 12) in set(state.legal_actions())


# ---- players, dice, passing ------------------------------------------------------------------------


def test_the_shapes_each_player_count_deals():
    assert len(SkirridOptions(players=2).pieces(0)) == 18
    three = SkirridOptions(players=3).pieces(0)
    assert len(three) == 12 and all(p[-1] not in "23" for p in three)
    pairs = SkirridOptions(players=4, pairs=True)
    first = pairs.pieces(0)
    assert first == (
        "Gun", "Gun2", "Door3", "Snake", "Snake2", "Quoin3", "Rod", "Rod2", "Eye3"
    )  # fmt: skip
    assert sorted(first + pairs.pieces(2)) == sorted(SkirridOptions(players=2).pieces(0))
    assert pairs.sides == ((0, 2), (1, 3)) and not pairs.arena
    assert SkirridOptions(players=6).pieces(5) == ("Eye", "Rod", "Quoin", "Snake", "Door", "Gun")
    with pytest.raises(ValueError, match="pairs: pairs need 4 players"):
        SkirridOptions(players=3, pairs=True)


def test_the_die_picks_the_shape_and_a_missing_size_misses_the_turn():
    o = SkirridOptions(players=2, dice=True)
    state = SkirridState(o, 4)
    size = {"Eye": 1, "Rod": 2, "Quoin": 3, "Snake": 4, "Door": 5, "Gun": 6}
    assert state.die in range(1, 7)
    assert all(size[a.split(" ")[0].rstrip("23")] == state.die for a in state.legal_actions())
    state.left[state.turn] = type(state.left[0])({"Eye": 1})  # nothing but an Eye left
    state._legal = None
    if state.die != 1:
        assert list(state.legal_actions()) == [PASS]


def test_the_dice_game_ends_when_one_player_has_placed_everything():
    state = SkirridState(SkirridOptions(players=2, dice=True), 3)
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.end_why in ("one placed all", "no moves")
    if state.end_why == "one placed all":
        assert any(not held for held in state.left)


def test_a_player_with_no_room_passes():
    state = play(SkirridState(), at("Eye", "R0", 9, 9))
    state.left[1] = type(state.left[1])({"Gun": 1})
    state.occ |= sum(1 << i for i in range(19 * 19) if i != 9 * 19 + 9)  # the board filled
    for cand in state.cand.values():
        cand.clear()
    state._legal = None
    assert list(state.legal_actions()) == [PASS]


# ---- whole games -------------------------------------------------------------------------------


def test_a_game_replays_the_same_in_a_fresh_process():
    state = SkirridState(SkirridOptions(players=3), 11)
    bots = [GAME.make_bot("greedy", random.Random(p)) for p in range(3)]
    while not state.is_terminal():
        seat = state.current_player()
        state.apply_action(bots[seat].act(state.observation(seat), state.legal_actions()))
    record = json.dumps(state.to_record())
    code = (
        "import json,sys; from cards.skirrid import SkirridState;"
        "s = SkirridState.from_record(json.loads(sys.stdin.read()));"
        "print(json.dumps([s.scores, s.winners()]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], input=record, capture_output=True, text=True, check=True
    )
    assert json.loads(out.stdout) == [state.scores, state.winners()]


def test_the_strong_player_searches_from_its_view_alone():
    state = SkirridState(SkirridOptions(players=2, dice=True), 5)
    rng = random.Random(5)
    for _ in range(8):
        state.apply_action(rng.choice(state.legal_actions()))
    rebuilt = SkirridState.from_view(state.observation(state.current_player()))
    assert rebuilt.legal_actions() == state.legal_actions()
    assert rebuilt.seed != state.seed  # the dice to come are not the game's


@pytest.mark.slow
def test_greedy_beats_random_and_strong_beats_greedy_in_small():
    from cards.selfplay import BotSpec, Match, run_match, summarize

    for upper, lower, games in (("greedy", "random", 8), ("strong", "greedy", 4)):
        settings = dict(GAME.quick_bots.get(upper, {}))
        match = Match(
            "skirrid",
            SkirridOptions(players=2),
            1,
            (BotSpec(upper, upper, settings), BotSpec(lower, lower, {})),
        )
        summary = summarize(match, run_match(match, games), 1.0)
        row = next(r for r in summary["results"] if r["bot"] == upper)
        assert row["win_rate"] >= 0.75, (upper, row)


def test_the_reason_a_placement_is_refused_agrees_with_the_legal_list() -> None:
    """The table explains a refused placement: a reason exactly when the action is not legal."""
    import random as _random

    from cards.skirrid.state import action_of

    for options in (SkirridOptions(), SkirridOptions(players=3), SkirridOptions(dice=True)):
        state = SkirridState(options, 5)
        rng = _random.Random(5)
        geo = state.geo
        while not state.is_terminal() and len(state.history()) < 12:
            legal = set(state.legal_actions())
            for piece in list(state.left[state.turn]):
                shape = piece.rstrip("23")
                for p in geo.placements[::7]:
                    if p.shape != shape:
                        continue
                    reason = state.why_not(piece, p.id)
                    assert (reason is None) == (action_of(piece, p) in legal), (piece, p, reason)
            state.apply_action(sorted(legal)[int(rng.random() * len(legal))])


def test_refusals_name_the_rule() -> None:
    state = SkirridState(SkirridOptions(), 1)
    geo = state.geo
    off_centre = next(p for p in geo.placements if p.shape == "Rod" and not p.centre)
    assert state.why_not("Rod", off_centre.id) == "the first shape must cover the centre square"
    flipped = next(p for p in geo.placements if p.shape == "Gun" and p.block and p.centre)
    assert state.why_not("Gun", flipped.id) == "the first shape may not be turned over"
    first = next(p for p in geo.placements if p.shape == "Door" and p.centre and not p.block)
    state.apply_action(f"Door {first.orient} {first.row},{first.col}")
    assert state.why_not("Door", first.id) == "a shape is already there"
    far = next(p for p in geo.placements if p.shape == "Eye" and p.row == 0 and p.col == 0)
    assert state.why_not("Eye", far.id) == "it must touch a shape face to face"


def test_a_game_saved_before_boards_had_editions_replays_on_the_first_board():
    """Nothing saved changes by reading it: a save whose options name no board was played on
    the first board (its Arena topping out at 5), and replays there, score for score."""
    first = standard_board(1)
    assert first.value(1, 9) == 5 and standard_board().value(1, 9) == 10
    state = SkirridState(SkirridOptions(players=2, board=1), seed=4)
    rng = random.Random(4)
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
    record = state.to_record()
    assert record["options"]["board"] == 1
    del record["options"]["board"]  # as every save made before editions
    old = SkirridState.from_record(record)
    assert old.options.board == 1 and old.geo.board is first
    assert old.scores == state.scores and old.history() == state.history()
    assert SkirridState.from_record(old.to_record()).scores == state.scores  # saved again: kept
    new = SkirridState(SkirridOptions(players=2))
    assert new.options.board == 2 and new.geo.board is standard_board()
    with pytest.raises(ValueError, match="board: expected one of 1, 2, got 3"):
        SkirridOptions(board=3)


def test_an_impossible_position_is_refused_naming_the_field():
    """Positions as text (cards/skirrid/position.py): the first shape on the centre, every
    later one on free squares touching another, each from its seat's tray."""
    state = play(SkirridState(), at("Eye", "R0", 9, 9))
    text = state.position()
    cases = {
        text.replace("0:Eye:R0:9:9", "0:Eye:R0:0:0"): "placed: expected a first shape on the",
        text.replace("0:Eye:R0:9:9", "0:Eye:R0:9:9,1:Eye:R0:9:9"): "expected shapes on free",
        text.replace("0:Eye:R0:9:9", "0:Eye:R0:9:9,1:Eye:R0:2:2"): "expected shapes touching",
        text.replace("0:Eye:R0:9:9", "0:Eye:R0:9:9,0:Eye:R0:9:10"): "a shape seat 0 still holds",
    }
    for bad, words in cases.items():
        with pytest.raises(ValueError, match=words):
            SkirridState.from_position(bad)
