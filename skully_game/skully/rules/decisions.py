"""Reducers for everything but shots: putting caps down, the keep-or-restore choice, switchsies.

Each takes (state, options, board, player, ...) and returns (new state, events), or raises
RuleError naming what is wrong, so the UI can say it and leave the state as it was.
"""

from __future__ import annotations

import math

from skully_game.skully.caps import CapType
from skully_game.skully.geometry import Board, Vec
from skully_game.skully.rules.areas import (
    PAIRS,
    Area,
    box_area,
    out_of_town_area,
    skull_area,
    start_area,
)
from skully_game.skully.rules.events import CapSwitched, Event, KeptCap, Placed, RestoredCap
from skully_game.skully.rules.options import RuleOptions
from skully_game.skully.rules.room import area_full, crowd_reach, others_than, room_for
from skully_game.skully.rules.state import (
    PLACEMENTS,
    Decision,
    DecisionKind,
    GameState,
    RuleError,
    renew,
)
from skully_game.skully.rules.turns import after_decision, settle

_VERBS = {
    DecisionKind.PLACE_START: "put a cap behind the start line",
    DecisionKind.PLACE_AWARD: "put down the cap in the box obtained",
    DecisionKind.KEEP_OR_RESTORE: "choose: leave the cap where it stopped, or put it back",
    DecisionKind.PLACE_IN_BOX: "move the cap within its box",
    DecisionKind.PLACE_OUT_OF_TOWN: "put the cap on the out-of-town line",
    DecisionKind.CHOOSE_CAP: "choose a cap",
}
_WHERE = {
    DecisionKind.PLACE_START: "behind the start line",
    DecisionKind.PLACE_OUT_OF_TOWN: "on the out-of-town line",
}


def allowed_area(state: GameState, options: RuleOptions, board: Board, decision: Decision) -> Area:
    """Where the cap of a placement decision may go, as geometry to draw and test."""
    p = state.players[decision.player]
    kind = decision.kind
    if kind is DecisionKind.PLACE_START:
        return start_area(board, p.radius)
    if kind is DecisionKind.PLACE_OUT_OF_TOWN:
        return out_of_town_area(board)
    if kind in (DecisionKind.PLACE_AWARD, DecisionKind.PLACE_IN_BOX):
        if decision.skull:
            return skull_area(board)
        if decision.box is not None:
            return box_area(board, decision.box, options.linesies)
    raise ValueError(f"{kind.value} is not a placement")


def prompt(state: GameState, decision: Decision) -> str:
    """What the table asks of the decision's player: "B: choose: leave the cap ... or put it back"."""
    return f"{state.players[decision.player].name}: {_VERBS[decision.kind]}"


def placement_for(state: GameState, player: int) -> Decision | None:
    """The placement this player may make now: the active pending one, or an offer."""
    if state.over:
        return None
    if state.pending:
        d = state.pending[0]
        return d if d.kind in PLACEMENTS and d.player == player else None
    for d in state.offers:
        if d.kind in PLACEMENTS and d.player == player == state.to_play:
            return d
    return None


def placement_problem(
    state: GameState, options: RuleOptions, board: Board, player: int, point: Vec
) -> str | None:
    """Why the player may not put its cap at `point` now, or None if it may."""
    if not 0 <= player < len(state.players):
        return f"there is no player {player}"
    decision = placement_for(state, player)
    name = state.players[player].name
    if decision is None:
        if state.pending and state.pending[0].player != player:
            due = state.pending[0]
            return f"waiting for {state.players[due.player].name} to {_VERBS[due.kind]}"
        return f"{name} has no cap to place now"
    if not all(math.isfinite(x) for x in point):
        return "the point is not finite"
    me = state.players[player]
    others = others_than(state, player)
    area = allowed_area(state, options, board, decision)
    if not area.is_allowed(point):
        # A full area (a tiny box, a crowded start line) lets the cap go just outside it.
        reach = crowd_reach(me.radius, others) + me.radius
        far = math.dist(point, area.snap(point)) > reach
        if far or not area_full(area, me.radius, others):
            return f"{name}'s cap must go {_describe(decision, options)}"
    for j, other in enumerate(state.players):
        if j == player or other.pos is None or other.eliminated:
            continue
        if math.dist(point, other.pos) < me.radius + other.radius:
            return f"{name}'s cap would overlap {other.name}'s"
    return None


def suggested_spot(
    state: GameState, board: Board, decision: Decision, along: float | None = None
) -> Vec:
    """Where the table first offers to put a cap, before the room rule settles it: behind the
    start line (a fraction `along` of its length; by default spread in seat order), in the
    middle of the box obtained, where the cap lies, or the board's centre."""
    p = state.players[decision.player]
    if decision.kind is DecisionKind.PLACE_START:
        (ax, ay), (bx, by) = board.start_line
        nx, ny = board.start_normal
        t = (decision.player + 1) / (len(state.players) + 1) if along is None else along
        back = p.radius * 3 + board.spec.line_width
        return (ax + (bx - ax) * t - nx * back, ay + (by - ay) * t - ny * back)
    if decision.box is not None:
        return board.box_centre(decision.box)
    return p.pos if p.pos is not None else board.centre


def spot_for(state: GameState, options: RuleOptions, board: Board, player: int, want: Vec) -> Vec:
    """Where the player's cap goes when put down at `want` for the placement due: the free spot
    of the allowed area nearest to it (room.py), so a cap dropped on another settles beside it."""
    decision = placement_for(state, player)
    if decision is None:
        return want
    area = allowed_area(state, options, board, decision)
    return room_for(area, want, state.players[player].radius, others_than(state, player))


def _describe(decision: Decision, options: RuleOptions) -> str:
    if decision.kind in _WHERE:
        return _WHERE[decision.kind]
    if decision.skull:
        return "in the skull or on its lines"
    lines = " (or on the connected lines)" if options.linesies else ""
    return f"in {decision.box} or on its lines{lines}"


def place_cap(
    state: GameState, options: RuleOptions, board: Board, player: int, point: Vec
) -> tuple[GameState, tuple[Event, ...]]:
    """Put a cap down for the placement due (start, award) or offered (ruling 8, out of town)."""
    problem = placement_problem(state, options, board, player, point)
    if problem is not None:
        raise RuleError(problem)
    decision = placement_for(state, player)
    assert decision is not None
    point = (float(point[0]), float(point[1]))
    events: list[Event] = []
    state = state.with_player(player, pos=point)
    if state.pending:
        state = renew(state, pending=state.pending[1:])
    else:
        state = renew(state, offers=tuple(d for d in state.offers if d != decision))
    where = _where_put(board, options, decision, point, state.players[player].radius)
    name = state.players[player].name
    events.append(Placed(f"{name} puts the cap {where}", player, point, decision.kind.value))
    state = after_decision(state, options, board, events)
    return state, tuple(events)


def _where_put(
    board: Board, options: RuleOptions, decision: Decision, point: Vec, radius: float
) -> str:
    if decision.kind in _WHERE:
        return _WHERE[decision.kind]
    if decision.skull:
        return "in the skull"
    box = decision.box
    if board.locate(point, radius).box == box:
        return f"in {box}"
    if options.linesies and box in PAIRS:
        low, high = sorted((box, PAIRS[box]))
        return f"on the lines of {low}/{high}"
    if options.linesies and box == 13:
        return "on the lines of 13 and the skull"
    return f"on the line of {box}"


def choose_keep(
    state: GameState, options: RuleOptions, board: Board, player: int, keep: bool
) -> tuple[GameState, tuple[Event, ...]]:
    """Ruling 7: the victim's owner leaves the cap where the foul put it, or puts it back."""
    d = state.pending[0] if state.pending else None
    if d is None or d.kind is not DecisionKind.KEEP_OR_RESTORE or d.player != player:
        raise RuleError(f"{_name(state, player)} has no keep-or-restore choice to make now")
    assert d.before is not None and d.after is not None
    events: list[Event] = []
    name = state.players[player].name
    state = renew(state, pending=state.pending[1:])
    if keep:
        events.append(KeptCap(f"{name} leaves the cap where it stopped", player))
        here = board.locate(d.after, state.players[player].radius)
        state = settle(state, board, player, here, events)
    else:
        back = d.before
        if not state.exact_places:  # room.py: beside whatever stopped on its old spot
            back = room_for(
                None, d.before, state.players[player].radius, others_than(state, player)
            )
        state = state.with_player(player, pos=back)
        aside = "" if math.dist(back, d.before) < 1e-9 else " beside its old spot, which is taken"
        events.append(RestoredCap(f"{name} puts the cap back{aside}", player, back))
    state = after_decision(state, options, board, events)
    return state, tuple(events)


def switch_cap(
    state: GameState, options: RuleOptions, board: Board, player: int, cap: CapType
) -> tuple[GameState, tuple[Event, ...]]:
    """Switchsies: another cap at the start of the turn, put down where the old one lay."""
    offer = Decision(DecisionKind.CHOOSE_CAP, player)
    if not options.switchsies or state.pending or offer not in state.offers:
        raise RuleError(f"{_name(state, player)} may not switch caps now")
    me = state.players[player]
    for j, other in enumerate(state.players):
        if j == player or me.pos is None or other.pos is None or other.eliminated:
            continue
        if math.dist(me.pos, other.pos) < cap.spec.radius + other.radius:
            raise RuleError(f"no room for that cap beside {other.name}'s")
    state = state.with_player(player, cap=cap)
    state = renew(state, offers=tuple(d for d in state.offers if d != offer))
    what = cap.spec.label.lower()
    what += " cap" if what.endswith("filled") else ""  # "a lead-filled" names no thing
    text = f"{me.name} switches to a {what}"
    return state, (CapSwitched(text, player, cap.value),)


def _name(state: GameState, player: int) -> str:
    if 0 <= player < len(state.players):
        return state.players[player].name
    return f"player {player}"
