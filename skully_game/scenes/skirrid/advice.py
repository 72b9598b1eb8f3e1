"""Why the strong computer player would make a Skirrid move, in one line said to the seat it is
for ("Place the Door marked 3 with its ×3 on the 25: 100 points."), read from that seat's
observation alone: the board, the scores, the trays and the die are all it uses. What the line
says, first that holds: a pass and why; a block and what it takes from the next player; a
shape that takes the seat past 75 and out of the Arena; a mark on a high number; the best
score there is now; a marked shape kept for later; what the next player is left."""

from __future__ import annotations

from cards.skirrid.board import standard_geometry
from cards.skirrid.bots import best_greedy
from cards.skirrid.state import ARENA_SCORE, PASS, Observation, SkirridState, parse, piece_shape
from cards.skirrid.words import piece_words
from cards.words import plural

HIGH = 10  # a number worth putting a mark on


def move_words(action: str) -> str:
    """An action as a player says it: 'Place the Door marked 3', 'Turn the Rod over as a
    block', 'Pass'."""
    if action == PASS:
        return "Pass"
    piece, pid = parse(action)
    if standard_geometry().placements[pid].block:
        return f"Turn the {piece_shape(piece)[0]} over as a block"
    return f"Place the {piece_words(piece)}"


def _next_best(state: SkirridState, marks: bool, board: int) -> float | None:
    """The next player's best greedy score in `state` (None: their turn is not next, the game
    is over, or they must pass)."""
    if state.over:
        return None
    legal = state.legal_actions()
    if legal[0] == PASS:
        return 0.0
    return best_greedy(legal, marks, 0, board)[0]


def _marked_kept(obs: Observation, seat: int, shape: str, mark: int) -> str:
    """When a plain shape is placed while marked ones of its kind are still held: which wait
    for higher numbers ("your Door marked 3 waits for a higher number"); "" otherwise. A
    marked shape placed is not one kept back, so nothing is said of the others then."""
    if mark > 1 or not obs.options.marks:
        return ""
    held = dict(obs.left[seat])
    kept = [f"{shape} marked {m}" for m in (2, 3) if held.get(f"{shape}{m}", 0)]
    if not kept:
        return ""
    if len(kept) == 1 and held[f"{shape}{kept[0][-1]}"] == 1:
        return f"your {kept[0]} waits for a higher number"
    return f"your marked {shape}s wait for higher numbers"


def hint_words(obs: Observation, seat: int, action: str) -> str:
    """One line why `seat` should make `action`, from `obs` alone (module docstring)."""
    options = obs.options
    if action == PASS:
        if obs.die is not None:
            return f"Pass: no shape of {plural(obs.die, 'square')} has a place."
        return "Pass: no shape of yours fits anywhere now."
    geo = standard_geometry(options.board)
    numbers = geo.board.numbers
    piece, pid = parse(action, geo)
    p = geo.placements[pid]
    shape, mark = piece_shape(piece)
    factor = mark if options.marks else 1
    score = p.score(factor, numbers)
    points = plural(score, "point")
    state = SkirridState.from_view(obs)
    side = next(s for s in obs.sides if seat in s)
    after = state.clone()
    after.apply_unchecked(action)
    rival_next = not after.over and after.current_player() not in side
    if p.block:
        said = f"Turn the {shape} over as a block: {points}"
        if rival_next:
            instead = state.clone()
            instead.apply_unchecked(PASS)  # what the next player could make were it not there
            was = _next_best(instead, options.marks, options.board)
            now = _next_best(after, options.marks, options.board)
            if was is not None and now is not None and now < was:
                return f"{said}, and the next player's best drops from {was:.0f} to {now:.0f}."
        return f"{said}, and the squares beside it are closed to the next player."
    said = f"Place the {piece_words(piece)}"
    total = obs.scores[seat] + score
    if obs.arena_bound[seat] and total >= ARENA_SCORE:
        bring = "brings" if score == 1 else "bring"
        return f"{said}: {points} {bring} you to {total}, and the whole board opens to you."
    if factor > 1 and numbers[p.mark] >= HIGH:
        return f"{said} with its ×{factor} on the {numbers[p.mark]}: {points}."
    best = 0  # the most any move makes now
    for other in state.legal_actions():
        what, q = parse(other, geo)
        best = max(best, geo.placements[q].score(piece_shape(what)[1] if options.marks else 1,
                                                 numbers))  # fmt: skip
    if score >= best:
        return f"{said}: {points}, the most any move makes now."
    kept = _marked_kept(obs, seat, shape, mark)
    if kept:
        return f"{said}: {points}, and {kept}."
    if rival_next:
        reply = _next_best(after, options.marks, options.board)
        if reply is not None:
            return f"{said}: {points}, and the next player can make no more than {reply:.0f}."
    return f"{said}: {points}."


__all__ = ["hint_words", "move_words"]
