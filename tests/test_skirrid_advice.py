"""Skirrid's hint words never contradict the move they explain: a marked shape placed is never
told that the marked shapes wait for higher numbers, and a plain shape placed names the
marked ones it keeps back as they are ("your Door marked 3 waits", "your marked Doors wait")."""

from __future__ import annotations

from cards.skirrid import SkirridOptions, SkirridState
from cards.skirrid.state import PASS, parse, piece_shape
from skully_game.scenes.skirrid import advice

HIGH = advice.HIGH


def _first_moves(state: SkirridState, shape: str) -> list[tuple[str, str]]:
    """A few placements of `shape` (each mark) from the opening position, low numbers only:
    (piece, action)."""
    out: dict[str, str] = {}
    for action in state.legal_actions():
        if action == PASS:
            continue
        piece, pid = parse(action, state.geo)
        p = state.geo.placements[pid]
        if piece_shape(piece)[0] != shape or p.block or piece in out:
            continue
        if p.mark >= 0 and state.numbers[p.mark] >= HIGH:
            continue
        out[piece] = action
    return sorted(out.items())


def test_a_marked_shape_placed_is_never_told_the_marked_shapes_wait():
    """A play-tester's find: 'Place the Door marked 2: 5 points, and your marked Doors wait for
    higher numbers.'"""
    state = SkirridState(SkirridOptions(players=2), 5)
    obs = state.observation(state.turn).detached()
    moves = _first_moves(state, "Door")
    assert {piece for piece, _ in moves} == {"Door", "Door2", "Door3"}
    for piece, action in moves:
        words = advice.hint_words(obs, state.turn, action)
        if piece != "Door":
            assert "wait" not in words, words
        assert words.startswith(
            f"Place the {piece.replace('2', ' marked 2').replace('3', ' marked 3')}"
        )


def test_a_plain_shape_names_the_marked_ones_it_keeps_back():
    state = SkirridState(SkirridOptions(players=2), 5)
    seat = state.turn
    both = state.observation(seat).detached()
    assert advice._marked_kept(both, seat, "Door", 1) == "your marked Doors wait for higher numbers"
    assert advice._marked_kept(both, seat, "Door", 2) == ""
    state.left[seat]["Door2"] = 0  # the Door marked 2 placed already: only the 3 is kept
    one = state.observation(seat).detached()
    assert (
        advice._marked_kept(one, seat, "Door", 1) == "your Door marked 3 waits for a higher number"
    )
    state.left[seat]["Door3"] = 0
    assert advice._marked_kept(state.observation(seat).detached(), seat, "Door", 1) == ""
