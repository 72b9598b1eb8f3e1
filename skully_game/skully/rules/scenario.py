"""Rulings as data: a scenario file read into a state, actions, and an expectation.

The format is documented in docs/judge-format.md. Everything here refuses a bad file with one
DataError naming the field; nothing is evaluated, everything is plain JSON.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from skully_game.core.errors import DataError, is_whole, kind_of
from skully_game.core.fileio import read_json
from skully_game.core.names import check_name
from skully_game.skully.board import BoardSpec, preset, spec_from_dict
from skully_game.skully.caps import CapType
from skully_game.skully.geometry import Board, Trapezoid, Vec
from skully_game.skully.rules import course
from skully_game.skully.rules.decisions import choose_keep, place_cap, switch_cap
from skully_game.skully.rules.events import Event
from skully_game.skully.rules.facts import ShotFacts
from skully_game.skully.rules.options import RuleOptions, options_from_dict
from skully_game.skully.rules.shot import apply_shot
from skully_game.skully.rules.state import (
    MAX_NAME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    GameState,
    Player,
    RuleError,
    Stats,
)
from skully_game.skully.rules.turns import begin_turn

SCENARIO_FORMAT = "skully-scenario"
SCENARIO_VERSION = 1
MAX_TITLE = 1000  # a scenario's title: free text, on one line
_TOP_KEYS = frozenset(
    {
        "format",
        "version",
        "title",
        "covers",
        "notes",
        "board",
        "options",
        "players",
        "shooter",
        "before_shot",
        "shot",
        "then",
        "expect",
    }
)
_PLAYER_KEYS = frozenset(
    {
        "name",
        "cap",
        "at",
        "going_for",
        "step",
        "killer",
        "stuck",
        "eliminated",
        "killer_hits",
        "streak",  # before killer_hits: a killer's count, shared by its victims
        "victims",
        "may_place",
        "fresh_killer",
        "diller",
        "stats",
    }
)
_SIDES = ("top", "bottom", "left", "right")


@dataclass(frozen=True)
class Action:
    """One step of a scenario: a shot, a placement, a keep/restore choice or a cap switch."""

    field: str  # where it is in the file, for messages
    kind: str  # "shot", "place", "keep", "restore", "switch"
    player: int
    at: Vec | None = None
    cap: CapType | None = None
    facts: dict[str, Any] | None = None  # raw shot: after + contacts, resolved when it is played
    refused: str | None = None  # the action must be refused with this text in the reason


@dataclass(frozen=True)
class Scenario:
    source: str
    title: str
    board: Board
    options: RuleOptions
    state: GameState
    actions: tuple[Action, ...]
    expect: dict[str, Any] | None


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, field: str, expected: str, got: object = None) -> DataError:
        return DataError(self.source, field, expected, got)

    def table(self, value: object, field: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(field, "a table", kind_of(value))
        return value

    def keys(self, data: dict[str, Any], allowed: frozenset[str], field: str) -> None:
        unknown = sorted(set(data) - allowed)
        if unknown:
            where = f"{field}.{unknown[0]}" if field else unknown[0]
            raise self.fail(where, "a known key (unknown key)", data[unknown[0]])

    def whole(self, value: object, field: str, lo: int, hi: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise self.fail(field, f"a whole number from {lo} to {hi}", value)
        return value

    def flag(self, value: object, field: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(field, "true or false", value)
        return value


def load_scenario(path: str | Path) -> Scenario:
    """Read and check a scenario file; any problem is one DataError naming the file and field."""
    return scenario_from_dict(read_json(path), str(path))


def scenario_from_dict(data: object, source: str = "") -> Scenario:
    r = _Reader(source)
    d = r.table(data, "scenario")
    r.keys(d, _TOP_KEYS, "")
    if d.get("format") != SCENARIO_FORMAT:
        raise r.fail("format", f"'{SCENARIO_FORMAT}'", d.get("format"))
    if not is_whole(d.get("version")) or d.get("version") != SCENARIO_VERSION:
        raise r.fail("version", str(SCENARIO_VERSION), d.get("version"))
    title = check_name(d.get("title", ""), source, "title", MAX_TITLE, empty=True)
    board = Board(_board(r, d.get("board", "classic")))
    options = options_from_dict(d.get("options", "official"), source)
    raw_players = d.get("players")
    if not isinstance(raw_players, list) or not MIN_PLAYERS <= len(raw_players) <= MAX_PLAYERS:
        raise r.fail("players", f"a list of {MIN_PLAYERS}-{MAX_PLAYERS} players", raw_players)
    names: list[str] = []
    for i, raw in enumerate(raw_players):
        name = r.table(raw, f"players[{i}]").get("name")
        check_name(name, source, f"players[{i}].name", MAX_NAME)
        if name in names:
            raise r.fail(f"players[{i}].name", "a name no other player has", name)
        names.append(name)
    players = tuple(
        _player(r, raw, f"players[{i}]", names, board) for i, raw in enumerate(raw_players)
    )
    players = _old_streaks(r, raw_players, players, names)
    shooter = _who(r, d.get("shooter"), "shooter", names)
    if players[shooter].eliminated:
        raise r.fail("shooter", "a player still in the game", d.get("shooter"))
    counted = [p.name for p in players if p.killer_hits]
    if counted and not players[shooter].killer:
        raise r.fail(
            f"players[{names.index(counted[0])}].killer_hits", "0 unless a killer shoots", 1
        )
    state = begin_turn(GameState(players=players), options, board, shooter, [])
    actions: list[Action] = []
    for key in ("before_shot", "then"):
        if key == "then" and "shot" in d:
            actions.append(_action(r, {"shot": d["shot"]}, "shot", names, board, players))
        items = d.get(key, [])
        if not isinstance(items, list):
            raise r.fail(key, "a list of actions", items)
        actions += [
            _action(r, item, f"{key}[{i}]", names, board, players) for i, item in enumerate(items)
        ]
    expect = d.get("expect")
    if expect is not None:
        _check_expect(r, r.table(expect, "expect"))
    return Scenario(source, title, board, options, state, tuple(actions), expect)


def _check_expect(r: _Reader, expect: dict[str, Any]) -> None:
    """The shape of `expect` (what it says is checked only by --check)."""
    lists = ("events", "events_include", "events_exclude", "event_kinds")
    r.keys(
        expect, frozenset({"to_play", "winner", "players", "pending", "offers", *lists}), "expect"
    )
    for key in ("to_play", "winner"):
        if key in expect and expect[key] is not None and not isinstance(expect[key], str):
            raise r.fail(f"expect.{key}", "a player's name or null", expect[key])
    players = expect.get("players", {})
    if not isinstance(players, dict) or not all(isinstance(v, dict) for v in players.values()):
        raise r.fail("expect.players", "a table of name -> table of fields", players)
    for key in ("pending", "offers"):
        value = expect.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise r.fail(f"expect.{key}", "a list of decision tables", value)
    for key in lists:
        value = expect.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise r.fail(f"expect.{key}", "a list of strings", value)


def _board(r: _Reader, value: object) -> BoardSpec:
    if isinstance(value, str):
        try:
            return preset(value)
        except DataError as exc:
            raise r.fail("board", exc.expected, value) from None
    data = dict(r.table(value, "board"))
    data.setdefault("format", "skully-board")
    data.setdefault("version", 1)
    return spec_from_dict(data, r.source)


def _who(r: _Reader, value: object, field: str, names: list[str]) -> int:
    if isinstance(value, str) and value in names:
        return names.index(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
        return value
    raise r.fail(field, f"a player's name ({', '.join(names)})", value)


def _player(r: _Reader, raw: dict[str, Any], field: str, names: list[str], board: Board) -> Player:
    r.keys(raw, _PLAYER_KEYS, field)
    try:
        cap = CapType(raw.get("cap", "crown"))
    except ValueError:
        caps = ", ".join(t.value for t in CapType)
        raise r.fail(f"{field}.cap", f"one of {caps}", raw.get("cap")) from None
    given = [k for k in ("going_for", "step", "killer") if k in raw]
    if len(given) > 1:
        raise r.fail(f"{field}.{given[1]}", f"only one of going_for, step, killer (not {given[0]})")
    step = course.START
    if "going_for" in raw:
        label = raw["going_for"]
        found = course.step_going_for(label) if isinstance(label, str) else None
        if found is None:
            raise r.fail(
                f"{field}.going_for", "a target such as '6 forwards', 'killer', 'diller 2'", label
            )
        step = found
    elif "step" in raw:
        step = r.whole(raw["step"], f"{field}.step", 0, course.KILLER)
        if step == course.LAST_TRAPEZOID:
            raise r.fail(f"{field}.step", "not 30 (the fourth trapezoid is out of town: 31)", 30)
    elif "killer" in raw and r.flag(raw["killer"], f"{field}.killer"):
        step = course.KILLER
    eliminated = r.flag(raw.get("eliminated", False), f"{field}.eliminated")
    diller = _diller(r, raw, field, step)
    pos: Vec | None = None
    if eliminated:
        if "at" in raw:
            raise r.fail(f"{field}.at", "no position for an eliminated player", raw["at"])
    else:
        default = _default_region(step, diller)
        pos = position(raw.get("at", default), board, cap.spec.radius, r.source, f"{field}.at")
    stuck = r.flag(raw.get("stuck", False), f"{field}.stuck")
    if stuck and (step == course.KILLER or eliminated):
        raise r.fail(f"{field}.stuck", "false for a killer or an eliminated player", True)
    if stuck and pos is not None and not board.locate(pos, cap.spec.radius).in_skull:
        raise r.fail(f"{field}.at", "a place in the skull for a stuck player", raw.get("at"))
    victims_raw = raw.get("victims", [])
    if not isinstance(victims_raw, list):
        raise r.fail(f"{field}.victims", "a list of player names", victims_raw)
    victims = tuple(_who(r, v, f"{field}.victims", names) for v in victims_raw)
    streak = r.whole(raw.get("streak", 0), f"{field}.streak", 0, 2)
    if (streak > 0) != bool(victims) or ((streak or victims) and step != course.KILLER):
        raise r.fail(f"{field}.streak", "a killer's streak (1-2) with its victims, or 0", streak)
    killer_hits = r.whole(raw.get("killer_hits", 0), f"{field}.killer_hits", 0, 2)
    if killer_hits and (step == course.KILLER or eliminated):
        raise r.fail(f"{field}.killer_hits", "0 for a killer or a player who is out", killer_hits)
    may_place = raw.get("may_place")
    if may_place is not None:
        may_place = r.whole(may_place, f"{field}.may_place", 1, 13)
        if course.box_of(step) != may_place:
            raise r.fail(f"{field}.may_place", "the box the player last obtained", may_place)
    stats_raw = r.table(raw.get("stats", {}), f"{field}.stats")
    stat_names = ("shots", "boxes", "pipsies", "hits", "turns_stuck", "kills")
    r.keys(stats_raw, frozenset(stat_names), f"{field}.stats")
    stats = Stats(
        **{k: r.whole(stats_raw.get(k, 0), f"{field}.stats.{k}", 0, 10**9) for k in stat_names}
    )
    fresh = r.flag(raw.get("fresh_killer", False), f"{field}.fresh_killer")
    return Player(
        name=raw["name"],
        cap=cap,
        pos=pos,
        step=step,
        stuck=stuck,
        eliminated=eliminated,
        killer_hits=killer_hits,
        may_place=may_place,
        fresh_killer=fresh and step == course.KILLER,
        diller=diller,
        stats=stats,
    )


def _old_streaks(
    r: _Reader, raw_players: list[Any], players: tuple[Player, ...], names: list[str]
) -> tuple[Player, ...]:
    """A killer's `streak` and `victims` (the form before `killer_hits`): each victim had been
    hit on every shot of the streak, so each gets the streak as its own count."""
    out = list(players)
    for i, raw in enumerate(raw_players):
        streak = raw.get("streak", 0)
        for v in raw.get("victims", []):
            j = _who(r, v, f"players[{i}].victims", names)
            if out[j].killer or out[j].eliminated:
                raise r.fail(f"players[{i}].victims", "non-killers still in the game", v)
            out[j] = replace(out[j], killer_hits=max(out[j].killer_hits, streak))
    return tuple(out)


def _diller(r: _Reader, raw: dict[str, Any], field: str, step: int) -> tuple[Trapezoid, ...]:
    made = step - course.KILLER_THIRTEEN if course.in_killer_diller(step) else 0
    if "diller" not in raw:
        return tuple(Trapezoid(k) for k in range(made))  # round clockwise from the bottom
    value = raw["diller"]
    names = [t.name.lower() for t in Trapezoid]
    if not isinstance(value, list) or not all(isinstance(t, str) and t in names for t in value):
        raise r.fail(f"{field}.diller", "a list of trapezoids: bottom, left, top, right", value)
    diller = tuple(Trapezoid[t.upper()] for t in value)
    if len(diller) != made or not course.valid_diller(diller):
        raise r.fail(f"{field}.diller", f"{made} trapezoids made going round one way", value)
    return diller


def _default_region(step: int, diller: tuple[Trapezoid, ...]) -> str:
    if step == course.START:
        return "start"
    if step == course.KILLER:
        return "outoftown"
    if diller:
        return f"trap:{diller[-1].name.lower()}"
    return f"box:{course.box_of(step)}"


def position(value: object, board: Board, radius: float, source: str, field: str) -> Vec:
    """A cap position: [x, y] in metres, a region name, or {"region": name, "offset": [dx, dy]}."""
    expected = "[x, y] in metres, a region name (see docs/judge-format.md) or {region, offset}"
    if isinstance(value, dict):
        extra = sorted(set(value) - {"region", "offset"})
        if extra or "region" not in value:
            raise DataError(source, field, "{region, offset}", value)
        base = position(value["region"], board, radius, source, f"{field}.region")
        dx, dy = position(value.get("offset", [0, 0]), board, radius, source, f"{field}.offset")
        return (base[0] + dx, base[1] + dy)
    if isinstance(value, list):
        if len(value) == 2 and all(
            isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x)
            for x in value
        ):
            return (float(value[0]), float(value[1]))
        raise DataError(source, field, expected, value)
    if not isinstance(value, str):
        raise DataError(source, field, expected, value)
    found = region_point(value, board, radius)
    if found is None:
        raise DataError(source, field, expected, value)
    return found


def region_point(name: str, board: Board, radius: float) -> Vec | None:
    """The point a region name stands for, or None if the name means nothing."""
    spec = board.spec
    s = spec.board_side
    parts = name.strip().lower().split(":")
    head, args = parts[0], parts[1:]
    if head == "13" and not args:
        return board.box_centre(13)
    if head == "box" and len(args) == 1 and _box(args[0]):
        return board.box_centre(int(args[0]))
    if head == "line" and 1 <= len(args) <= 2 and _box(args[0]):
        return _line_point(board, int(args[0]), args[1] if len(args) == 2 else None)
    if head == "trap" and len(args) == 1:
        trap = _trapezoid(board, args[0])
        return None if trap is None else board.trapezoid_centre(trap)
    if head == "offboard" and not args:
        return (s / 2, -min(0.3, spec.out_of_town / 2))
    if head == "outoftown" and not args:
        return (s / 2, -(spec.out_of_town + 0.1))
    if head == "start" and not args:
        (ax, ay), (bx, by) = board.start_line
        back = radius + spec.line_width / 2 + 0.03
        nx, ny = board.start_normal
        return ((ax + bx) / 2 - back * nx, (ay + by) / 2 - back * ny)
    if head == "open" and len(args) <= 1:
        corner = int(args[0]) if args and args[0] in ("1", "2", "3", "4") else 1
        if args and args[0] not in ("1", "2", "3", "4"):
            return None
        r = board.boxes[corner]
        cx, cy = board.centre
        inner = (r[0] if r[0] > cx - 1e-9 else r[2], r[1] if r[1] > cy - 1e-9 else r[3])
        sk = board.skull
        near = (sk[0] if inner[0] < cx else sk[2], sk[1] if inner[1] < cy else sk[3])
        return ((inner[0] + near[0]) / 2, (inner[1] + near[1]) / 2)
    return None


def _box(text: str) -> bool:
    return text.isdigit() and 1 <= int(text) <= 13


def _trapezoid(board: Board, text: str) -> Trapezoid | None:
    if text.upper() in Trapezoid.__members__:
        return Trapezoid[text.upper()]
    if text.isdigit():
        for t in Trapezoid:
            if board.spec.skull_numbers[t] == int(text):
                return t
    return None


def _line_point(board: Board, box: int, side: str | None) -> Vec | None:
    x0, y0, x1, y1 = board.boxes[box]
    mids = {
        "top": ((x0 + x1) / 2, y1),
        "bottom": ((x0 + x1) / 2, y0),
        "left": (x0, (y0 + y1) / 2),
        "right": (x1, (y0 + y1) / 2),
    }
    if side is None:
        return min(mids.values(), key=lambda p: math.dist(p, board.centre))
    return mids.get(side)


def _action(
    r: _Reader,
    raw: object,
    field: str,
    names: list[str],
    board: Board,
    players: tuple[Player, ...],
) -> Action:
    d = r.table(raw, field)
    refused = d.get("refused")
    if refused is not None and not isinstance(refused, str):
        raise r.fail(f"{field}.refused", "the text the refusal must contain", refused)
    kinds = [k for k in ("shot", "place", "keep", "restore", "switch") if k in d]
    if len(kinds) != 1:
        raise r.fail(field, "exactly one of shot, place, keep, restore, switch", sorted(d))
    kind = kinds[0]
    allowed = {"shot": {"shot"}, "place": {"place", "at"}, "switch": {"switch", "cap"}}
    r.keys(d, frozenset(allowed.get(kind, {kind}) | {"refused"}), field)
    if kind == "shot":
        where = field if field == "shot" else f"{field}.shot"
        shot = r.table(d["shot"], where)
        r.keys(shot, frozenset({"shooter", "after", "contacts"}), where)
        player = _who(r, shot["shooter"], f"{where}.shooter", names) if "shooter" in shot else -1
        return Action(where, kind, player, facts=shot, refused=refused)
    player = _who(r, d[kind], f"{field}.{kind}", names)
    if kind == "place":
        if "at" not in d:
            raise r.fail(f"{field}.at", "where to put the cap", None)
        at = position(d["at"], board, players[player].radius, r.source, f"{field}.at")
        return Action(field, kind, player, at=at, refused=refused)
    if kind == "switch":
        try:
            cap = CapType(d.get("cap"))
        except ValueError:
            caps = ", ".join(t.value for t in CapType)
            raise r.fail(f"{field}.cap", f"one of {caps}", d.get("cap")) from None
        return Action(field, kind, player, cap=cap, refused=refused)
    return Action(field, kind, player, refused=refused)


def shot_from_action(
    state: GameState, board: Board, action: Action, names: list[str], source: str
) -> ShotFacts:
    """Facts for a scenario shot: caps not named in `after` stay where they are."""
    r = _Reader(source)
    raw = action.facts or {}
    shooter = state.to_play if action.player < 0 else action.player
    after_raw = r.table(raw.get("after", {}), f"{action.field}.after")
    before = tuple(None if p.eliminated else p.pos for p in state.players)
    after = list(before)
    for key, value in after_raw.items():
        i = _who(r, key, f"{action.field}.after", names)
        if before[i] is None:
            raise r.fail(f"{action.field}.after.{key}", "a player with a cap on the table")
        radius = state.players[i].radius
        after[i] = position(value, board, radius, source, f"{action.field}.after.{key}")
    contacts_raw = raw.get("contacts", [])
    if not isinstance(contacts_raw, list):
        raise r.fail(f"{action.field}.contacts", "a list of [name, name] pairs", contacts_raw)
    contacts: list[tuple[int, int]] = []
    for k, pair in enumerate(contacts_raw):
        where = f"{action.field}.contacts[{k}]"
        if not isinstance(pair, list) or len(pair) != 2:
            raise r.fail(where, "a pair [name, name]", pair)
        a, b = (_who(r, x, where, names) for x in pair)
        if a == b:
            raise r.fail(where, "two different players", pair)
        contacts.append((a, b))
    return ShotFacts(shooter, before, tuple(after), tuple(contacts))


def play(scenario: Scenario) -> tuple[GameState, tuple[Event, ...]]:
    """Run a scenario's actions from its state; a refused action is a DataError on its field."""
    state, options, board = scenario.state, scenario.options, scenario.board
    names = [p.name for p in state.players]
    events: list[Event] = []
    for action in scenario.actions:
        try:
            if action.kind == "shot":
                facts = shot_from_action(state, board, action, names, scenario.source)
                new, made = apply_shot(state, options, board, facts)
            elif action.kind == "place":
                assert action.at is not None
                new, made = place_cap(state, options, board, action.player, action.at)
            elif action.kind == "switch":
                assert action.cap is not None
                new, made = switch_cap(state, options, board, action.player, action.cap)
            else:
                keep = action.kind == "keep"
                new, made = choose_keep(state, options, board, action.player, keep)
        except RuleError as exc:
            if action.refused is not None and action.refused.lower() in str(exc).lower():
                continue
            raise DataError(
                scenario.source, action.field, "an action the rules allow now", str(exc)
            ) from None
        if action.refused is not None:
            raise DataError(
                scenario.source, action.field, f"a refusal containing '{action.refused}'", "allowed"
            )
        state = new
        events.extend(made)
    return state, tuple(events)
