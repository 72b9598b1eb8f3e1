"""GameState to and from plain data (JSON-ready), checked field by field with one-line refusals."""

from __future__ import annotations

import math
from typing import Any

from skully_game.core.errors import DataError, is_whole, kind_of
from skully_game.core.names import check_name
from skully_game.skully.caps import CapType
from skully_game.skully.geometry import Trapezoid, Vec
from skully_game.skully.rules import course
from skully_game.skully.rules.state import (
    KILLER_HITS_TO_ELIMINATE,
    MAX_NAME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Decision,
    DecisionKind,
    GameState,
    Player,
    Stats,
    status,
)

GAME_FORMAT = "skully-game"
GAME_VERSION = 2  # 2: each non-killer keeps its own count of a killer's hits ("killer_hits");
# 1 kept one "streak" on the killer, shared by its "victims"
_STATS = ("shots", "boxes", "pipsies", "hits", "turns_stuck", "kills")


def _vec(p: Vec | None) -> list[float] | None:
    return None if p is None else [p[0], p[1]]


def player_to_dict(p: Player) -> dict[str, Any]:
    return {
        "name": p.name,
        "cap": p.cap.value,
        "pos": _vec(p.pos),
        "step": p.step,
        "going_for": course.going_for_label(p.step),
        "status": status(p),
        "killer": p.killer,
        "stuck": p.stuck,
        "eliminated": p.eliminated,
        "killer_hits": p.killer_hits,
        "may_place": p.may_place,
        "fresh_killer": p.fresh_killer,
        "diller": [t.name.lower() for t in p.diller],
        "stats": {k: getattr(p.stats, k) for k in _STATS},
    }


def decision_to_dict(d: Decision) -> dict[str, Any]:
    return {
        "kind": d.kind.value,
        "player": d.player,
        "box": d.box,
        "skull": d.skull,
        "before": _vec(d.before),
        "after": _vec(d.after),
    }


def state_to_dict(state: GameState) -> dict[str, Any]:
    """Plain data with format and version. `going_for`, `status` and `killer` are written for
    readers and ignored on load: `step` is the truth."""
    return {
        "format": GAME_FORMAT,
        "version": GAME_VERSION,
        "players": [player_to_dict(p) for p in state.players],
        "to_play": state.to_play,
        "pending": [decision_to_dict(d) for d in state.pending],
        "offers": [decision_to_dict(d) for d in state.offers],
        "turn_ends": state.turn_ends,
        "turn": state.turn,
        "shots_this_turn": state.shots_this_turn,
        "shots": state.shots,
        "winner": state.winner,
    }


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, field: str, expected: str, got: object = None) -> DataError:
        return DataError(self.source, field, expected, got)

    def table(self, data: object, field: str) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise self.fail(field, "a table", kind_of(data))
        return data

    def whole(self, data: dict[str, Any], key: str, field: str, lo: int, hi: int) -> int:
        value = data.get(key, 0)
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise self.fail(f"{field}.{key}", f"a whole number from {lo} to {hi}", value)
        return value

    def flag(self, data: dict[str, Any], key: str, field: str) -> bool:
        value = data.get(key, False)
        if not isinstance(value, bool):
            raise self.fail(f"{field}.{key}", "true or false", value)
        return value

    def vec(self, value: object, field: str) -> Vec | None:
        if value is None:
            return None
        if (
            not isinstance(value, list | tuple)
            or len(value) != 2
            or not all(
                isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x)
                for x in value
            )
        ):
            raise self.fail(field, "null or [x, y] in metres", value)
        return (float(value[0]), float(value[1]))

    def player_index(self, value: object, field: str, count: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < count:
            raise self.fail(field, f"a player index from 0 to {count - 1}", value)
        return value


def player_from_dict(data: object, source: str, field: str, count: int) -> Player:
    r = _Reader(source)
    d = r.table(data, field)
    name = check_name(d.get("name"), source, f"{field}.name", MAX_NAME)
    try:
        cap = CapType(d.get("cap", "crown"))
    except ValueError:
        names = ", ".join(t.value for t in CapType)
        raise r.fail(f"{field}.cap", f"one of {names}", d.get("cap")) from None
    step = r.whole(d, "step", field, 0, course.KILLER)
    if step == course.LAST_TRAPEZOID:
        raise r.fail(f"{field}.step", "not 30 (the fourth trapezoid goes out of town: 31)", step)
    diller_raw = d.get("diller", [])
    if not isinstance(diller_raw, list):
        raise r.fail(f"{field}.diller", "a list of trapezoids", diller_raw)
    try:
        diller = tuple(Trapezoid[str(t).upper()] for t in diller_raw)
    except KeyError:
        raise r.fail(f"{field}.diller", "bottom, left, top or right", diller_raw) from None
    made = max(0, step - course.KILLER_THIRTEEN) if course.in_killer_diller(step) else 0
    if len(diller) != made or not course.valid_diller(diller):
        raise r.fail(f"{field}.diller", f"{made} trapezoids going round one way", diller_raw)
    stats_raw = r.table(d.get("stats", {}), f"{field}.stats")
    stats = Stats(**{k: r.whole(stats_raw, k, f"{field}.stats", 0, 10**9) for k in _STATS})
    may_place = d.get("may_place")
    if may_place is not None and (
        isinstance(may_place, bool) or not isinstance(may_place, int) or not 1 <= may_place <= 13
    ):
        raise r.fail(f"{field}.may_place", "null or a box from 1 to 13", may_place)
    return Player(
        name=name,
        cap=cap,
        pos=r.vec(d.get("pos"), f"{field}.pos"),
        step=step,
        stuck=r.flag(d, "stuck", field),
        eliminated=r.flag(d, "eliminated", field),
        killer_hits=r.whole(d, "killer_hits", field, 0, KILLER_HITS_TO_ELIMINATE - 1),
        may_place=may_place,
        fresh_killer=r.flag(d, "fresh_killer", field),
        diller=diller,
        stats=stats,
    )


def decision_from_dict(data: object, source: str, field: str, count: int) -> Decision:
    r = _Reader(source)
    d = r.table(data, field)
    try:
        kind = DecisionKind(d.get("kind"))
    except ValueError:
        names = ", ".join(k.value for k in DecisionKind)
        raise r.fail(f"{field}.kind", f"one of {names}", d.get("kind")) from None
    box = d.get("box")
    if box is not None and (
        isinstance(box, bool) or not isinstance(box, int) or not 1 <= box <= 13
    ):
        raise r.fail(f"{field}.box", "null or a box from 1 to 13", box)
    decision = Decision(
        kind=kind,
        player=r.player_index(d.get("player"), f"{field}.player", count),
        box=box,
        skull=r.flag(d, "skull", field),
        before=r.vec(d.get("before"), f"{field}.before"),
        after=r.vec(d.get("after"), f"{field}.after"),
    )
    needs_box = kind in (DecisionKind.PLACE_AWARD, DecisionKind.PLACE_IN_BOX) and not decision.skull
    if needs_box and box is None:
        raise r.fail(f"{field}.box", f"a box for {kind.value}", None)
    if kind is DecisionKind.KEEP_OR_RESTORE and (decision.before is None or decision.after is None):
        raise r.fail(f"{field}.before", "both before and after for keep_or_restore", None)
    return decision


def _v1_to_v2(r: _Reader, d: dict[str, Any]) -> dict[str, Any]:
    """Version 1 kept a killer's "streak" with its "victims": each victim had been hit on
    every shot of it, so each now keeps that count as its own."""
    raw = d.get("players")
    if not isinstance(raw, list):
        return d
    players = [dict(p) if isinstance(p, dict) else p for p in raw]
    for i, p in enumerate(players):
        if not isinstance(p, dict):
            continue
        streak = r.whole(p, "streak", f"players[{i}]", 0, KILLER_HITS_TO_ELIMINATE - 1)
        victims = p.pop("victims", [])
        p.pop("streak", None)
        if not isinstance(victims, list):
            raise r.fail(f"players[{i}].victims", "a list of player indexes", victims)
        for v in victims:
            j = r.player_index(v, f"players[{i}].victims", len(players))
            if streak and isinstance(players[j], dict):
                players[j]["killer_hits"] = streak
    return {**d, "players": players, "version": 2}


def state_from_dict(data: object, source: str = "") -> GameState:
    """A saved game; every missing, mistyped or impossible field is refused in one line."""
    r = _Reader(source)
    d = r.table(data, "game")
    if d.get("format") != GAME_FORMAT:
        raise r.fail("format", f"'{GAME_FORMAT}'", d.get("format"))
    version = d.get("version")
    if not is_whole(version) or not 1 <= version <= GAME_VERSION:
        raise r.fail("version", f"a version from 1 to {GAME_VERSION}", version)
    if version == 1:
        d = _v1_to_v2(r, d)
    raw = d.get("players")
    if not isinstance(raw, list) or not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        raise r.fail("players", f"a list of {MIN_PLAYERS}-{MAX_PLAYERS} players", raw)
    n = len(raw)
    players = tuple(player_from_dict(p, source, f"players[{i}]", n) for i, p in enumerate(raw))
    names = [p.name for p in players]
    if len(set(names)) != n:
        raise r.fail("players", "distinct names", names)
    decisions = []
    for key in ("pending", "offers"):
        items = d.get(key, [])
        if not isinstance(items, list):
            raise r.fail(key, "a list of decisions", items)
        decisions.append(
            tuple(decision_from_dict(x, source, f"{key}[{i}]", n) for i, x in enumerate(items))
        )
    winner = d.get("winner")
    if winner is not None:
        winner = r.player_index(winner, "winner", n)
    state = GameState(
        players=players,
        to_play=r.player_index(d.get("to_play"), "to_play", n),
        pending=decisions[0],
        offers=decisions[1],
        turn_ends=r.flag(d, "turn_ends", "game"),
        turn=r.whole(d, "turn", "game", 0, 10**9),
        shots_this_turn=r.whole(d, "shots_this_turn", "game", 0, 10**9),
        shots=r.whole(d, "shots", "game", 0, 10**9),
        winner=winner,
    )
    for i, p in enumerate(players):
        if p.eliminated and p.pos is not None:
            raise r.fail(f"players[{i}].pos", "null for an eliminated player", p.pos)
    if state.players[state.to_play].eliminated and winner is None:
        raise r.fail("to_play", "a player still in the game", state.to_play)
    return state
