"""A Skully game in progress: rules state + board + options + the record of every action.

The table scene, the computer players and the tools all drive a game through this one class, so
every action is judged by the same reducers and written to the same record. No pygame here.

A game record is the save file, the resume point and the replay: the options, the seed, the
players and the ordered actions (placements, choices, shots with what came out of them).
Rebuilding a game applies the actions again through the reducers; a shot is judged from its
recorded rest positions and contacts, so a resumed game is exactly where it stopped.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pymunk

from skully_game import __version__
from skully_game.core.errors import DataError, is_whole
from skully_game.core.fileio import read_json, write_atomic
from skully_game.skully.board import BoardSpec, spec_to_dict
from skully_game.skully.caps import CapType
from skully_game.skully.geometry import Board, Vec
from skully_game.skully.guide import GuideMode, guide_mode, shows_ghost
from skully_game.skully.hand import HandLevel, Input, spoil
from skully_game.skully.physics import (
    MAX_SPEED,
    REST_OVERLAP,
    Contact,
    Flick,
    ShotResult,
    StepPolicy,
    simulate,
)
from skully_game.skully.records import (
    Reader,
    ShotRecord,
    board_field,
    check_no_overlap,
    contacts_from,
    flick_from,
    flick_to_dict,
    point,
    points,
    step_policy,
    step_policy_name,
    upgrade,
)
from skully_game.skully.rules import (
    Event,
    GameState,
    RuleError,
    RuleOptions,
    ShotFacts,
    choose_keep,
    new_game,
    options_from_dict,
    options_to_dict,
    place_cap,
    shot_setup,
    switch_cap,
)
from skully_game.skully.rules.events import DoOver, MovedAside
from skully_game.skully.rules.room import ease_table
from skully_game.skully.tally import tally

RECORD_FORMAT = "skully-game-record"
SEAT_KINDS = ("human", "beginner", "regular", "skilled", "street-legend", "perfect")
RECORD_VERSION = 9  # 2: each seat keeps its kind, hand level and input (1 kept neither)
# 3: each shot names its step policy, "fixed" or "adaptive" (2 had only the fixed one)
# 4: caps are put down where they fit (rules/room.py); "legacy_actions" counts the actions
#    played before that, which replay only with a cap put back exactly where it was
# 5: the killer rules settled (each victim its own count; killer owns the board only in a new
#    area; a hit before 2 forwards always a foul); "old_rules_actions" counts the actions
#    played before, which replay only under the rules they were played by
# 6: new shots are stepped "swept" (caps never pass into each other in flight); the shots of
#    older games keep their own "fixed" or "adaptive" and replay exactly as they ran
# 7: new shots are stepped "guarded" (as swept, at about half the steps); older shots keep
#    their own policy and replay exactly as they ran
# 8: a hit that leaves a stuck cap in its own section is a plain hit (+1), not its number;
#    "paid_taps_actions" counts the actions played before, which replay as they were judged
# 9: "flick_guide" is "learning", "on" or "off" (8 had true or false: true is "on", what its
#    players saw)
MAX_ACTIONS = 20_000


@dataclass(frozen=True)
class Seat:
    """A player at the table as the record keeps it."""

    name: str
    cap: CapType
    colour: int = 0  # index into the player palette (the UI's business, kept for replays)
    kind: str = "human"  # "human", or the level of a computer player (skully_game.skully.skill)
    hand: HandLevel = HandLevel.STEADY  # a person's slingshot wobble
    input: Input = Input.SLINGSHOT  # how a person shoots

    @property
    def human(self) -> bool:
        return self.kind == "human"


@dataclass(frozen=True)
class ShotAction:
    """A shot: the flick, and what the physics made of it (caps in shot_setup order)."""

    player: int
    flick: Flick
    dt: float
    before: tuple[Vec, ...]
    rest: tuple[Vec, ...]
    contacts: tuple[Contact, ...]
    policy: StepPolicy = StepPolicy.FIXED  # the step policy it ran with (before 3: fixed)

    @property
    def adaptive(self) -> bool:
        """Whether it was stepped by its fastest cap (not the fixed dt of games before 3)."""
        return self.policy is not StepPolicy.FIXED

    def record(
        self, board: BoardSpec, caps: tuple[CapType, ...], pinned: frozenset[int]
    ) -> ShotRecord:
        """The shot as a shot record (caps and held caps from its shot_setup), to simulate it
        again exactly as it ran or to keep it in the library."""
        return ShotRecord(
            board,
            caps,
            self.before,
            self.flick,
            self.dt,
            self.rest,
            self.contacts,
            pinned,
            policy=self.policy,
        )


@dataclass(frozen=True)
class PlaceAction:
    player: int
    at: Vec


@dataclass(frozen=True)
class KeepAction:
    player: int
    keep: bool


@dataclass(frozen=True)
class SwitchAction:
    player: int
    cap: CapType


Action = ShotAction | PlaceAction | KeepAction | SwitchAction


@dataclass
class Session:
    """One game: apply actions, keep the record, save it."""

    board_spec: BoardSpec
    options: RuleOptions
    seats: tuple[Seat, ...]
    seed: int = 0
    state: GameState = field(init=False)
    actions: list[Action] = field(default_factory=list)
    created: str = field(default_factory=lambda: datetime.now(UTC).isoformat(timespec="seconds"))
    board_file: str = ""
    distance_guide: bool = False  # house rule: the aim line shows how far a cap would slide
    # when a ghost cap shows where the shot being made would rest (guide.GuideMode)
    flick_guide: GuideMode = GuideMode.LEARNING
    legacy: int = 0  # the first actions, played by a version before 4 (RECORD_VERSION)
    old_rules: int = 0  # the first actions, played by a version before 5: judged as it judged
    paid_taps: int = 0  # the first actions, played by a version before 8: judged as it judged
    mended: str = field(default="", compare=False)  # said once when an old save was mended
    take_backs: bool = False  # table option: the one person may take a shot back (Ctrl+Z)
    # where shots were taken back: the place in `actions` each one had, once per take-back (a
    # shot taken again there draws a new wobble, and the record says a shot was taken back)
    taken_back: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.board = Board(self.board_spec)
        self.state = new_game([(s.name, s.cap) for s in self.seats])
        self.rng = random.Random(self.seed)
        self._before_shot: tuple[int, GameState] | None = None  # the state the last shot met

    def shots_by(self, player: int) -> int:
        """How many shots `player` has taken in this game (a shot taken back is not one)."""
        return sum(1 for a in self.actions if isinstance(a, ShotAction) and a.player == player)

    def shows_ghost(self, player: int) -> bool:
        """Whether `player`'s next shot shows the flick guide's ghost where it would rest:
        always, never, or while learning only for the first shots of the game (counted from
        the record, so a resumed game counts on)."""
        return shows_ghost(self.flick_guide, self.shots_by(player))

    # --- actions ------------------------------------------------------------------------

    def place(self, player: int, at: Vec) -> tuple[Event, ...]:
        self.state, events = place_cap(self.state, self.options, self.board, player, at)
        self.actions.append(PlaceAction(player, (float(at[0]), float(at[1]))))
        return events

    def keep(self, player: int, keep: bool) -> tuple[Event, ...]:
        self.state, events = choose_keep(self.state, self.options, self.board, player, keep)
        self.actions.append(KeepAction(player, keep))
        return events

    def switch(self, player: int, cap: CapType) -> tuple[Event, ...]:
        self.state, events = switch_cap(self.state, self.options, self.board, player, cap)
        self.actions.append(SwitchAction(player, cap))
        return events

    def simulate(
        self, angle: float, speed: float, offset: float = 0.0
    ) -> tuple[Flick, ShotResult, tuple[int, ...]]:
        """Run the shot of the player to play; returns the flick, the result and which player
        each physics cap belongs to. Nothing is judged until `judge`."""
        if not self.state.can_shoot:
            raise RuleError("no shot may be taken now")
        setup = shot_setup(self.state, self.options)
        flick = setup.flick(angle, speed, offset).clamped()
        result = simulate(self.board_spec, setup.caps, setup.positions, flick, setup.pinned)
        return flick, result, setup.players

    def judge(self, flick: Flick, result: ShotResult) -> tuple[Event, ...]:
        """Apply a simulated shot of the player to play and record it."""
        action = ShotAction(
            self.state.to_play,
            flick,
            result.dt,
            result.start,
            result.rest,
            result.contacts,
            result.policy,
        )
        events = self._apply_shot(action)
        self.actions.append(action)
        return events

    def _apply_shot(self, action: ShotAction) -> tuple[Event, ...]:
        from skully_game.skully.rules import apply_shot

        state = self.state
        if action.player != state.to_play or not state.can_shoot:
            raise RuleError(f"{state.players[action.player].name} may not shoot now")
        setup = shot_setup(state, self.options)
        if len(setup.players) != len(action.rest) or setup.positions != action.before:
            raise RuleError("the shot does not start from the caps on the table")
        n = len(state.players)
        before: list[Vec | None] = [None] * n
        after: list[Vec | None] = [None] * n
        for k, p in enumerate(setup.players):
            before[p] = action.before[k]
            after[p] = action.rest[k]
        contacts = tuple((setup.players[c.a], setup.players[c.b]) for c in action.contacts)
        facts = ShotFacts(setup.players[setup.shooter_cap], tuple(before), tuple(after), contacts)
        self.state, events = apply_shot(state, self.options, self.board, facts)
        self._before_shot = (len(self.actions), state)
        return events

    # --- taking a shot back -------------------------------------------------------------

    def people(self) -> int:
        """How many seats a person plays (the rest are computer players)."""
        return sum(1 for s in self.seats if s.human)

    def can_take_back(self) -> bool:
        """Whether the person's last shot may be taken back now: the table option is on, one
        person plays against computer players, the game goes on, the last shot was the
        person's and no shot has been taken since (a computer's choice after it goes too), and
        it is not itself a shot taken again."""
        if not self.take_backs or self.people() != 1 or self.state.over:
            return False
        last = self._last_shot()
        if last is None or last < self.legacy:
            return False
        if self.taken_back and self.taken_back[-1] > last:
            return False  # one shot back, not the turn before it too
        if last in self.taken_back:
            return False  # once: the shot taken again stands (no retrying till the wobble suits)
        return self.seats[self.actions[last].player].human  # type: ignore[union-attr]

    def last_shooter(self) -> int | None:
        """The player who made the last shot (None before the first)."""
        last = self._last_shot()
        return None if last is None else self.actions[last].player  # type: ignore[union-attr]

    def _last_shot(self) -> int | None:
        shots = (i for i in range(len(self.actions) - 1, -1, -1))
        return next((i for i in shots if isinstance(self.actions[i], ShotAction)), None)

    def take_back(self) -> int:
        """Put every cap back where the person's last shot found them, for the shot to be taken
        again: that shot and whatever followed it leave the record, which keeps where a shot was
        taken back. Returns the player who shoots again."""
        if not self.can_take_back():
            raise RuleError("no shot can be taken back now")
        index = self._last_shot()
        assert index is not None
        if self._before_shot is not None and self._before_shot[0] == index:
            state = self._before_shot[1]
        else:
            fresh = self.fresh()
            for action in self.actions[:index]:
                fresh.apply(action)
            state = fresh.state
        player = self.actions[index].player
        self.state = state
        del self.actions[index:]
        self.taken_back.append(index)
        self._before_shot = None
        return player

    def rematch(self, seed: int) -> Session:
        """Another game with the same seats, board and options, from a new seed (Play again)."""
        return Session(
            self.board_spec,
            self.options,
            self.seats,
            seed,
            board_file=self.board_file,
            distance_guide=self.distance_guide,
            flick_guide=self.flick_guide,
            take_backs=self.take_backs,
        )

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Apply a recorded action (resume, replay). The legacy actions of a game begun by an
        earlier version are judged as it judged them; after the last of them any caps it left
        on top of each other are moved aside (rules/room.py), once, the same at every load."""
        index = len(self.actions)
        if index >= self.legacy and index >= self.old_rules and index >= self.paid_taps:
            return self._apply(action)
        exact, old = index < self.legacy, index < self.old_rules
        paid = index < self.paid_taps
        self.state = replace(self.state, exact_places=exact, old_rules=old, paid_taps=paid)
        try:
            events = self._apply(action)
        finally:
            self.state = replace(self.state, exact_places=False, old_rules=False, paid_taps=False)
        if index == self.legacy - 1:
            self.state, eased = ease_table(self.state, REST_OVERLAP)
            events += eased
        return events

    def _apply(self, action: Action) -> tuple[Event, ...]:
        if isinstance(action, ShotAction):
            events = self._apply_shot(action)
            self.actions.append(action)
            return events
        if isinstance(action, PlaceAction):
            return self.place(action.player, action.at)
        if isinstance(action, KeepAction):
            return self.keep(action.player, action.keep)
        return self.switch(action.player, action.cap)

    def fresh(self) -> Session:
        """The same game before its first action: to replay its actions again."""
        return Session(
            self.board_spec,
            self.options,
            self.seats,
            self.seed,
            created=self.created,
            board_file=self.board_file,
            distance_guide=self.distance_guide,
            flick_guide=self.flick_guide,
            legacy=self.legacy,
            take_backs=self.take_backs,
            taken_back=list(self.taken_back),
            old_rules=self.old_rules,
            paid_taps=self.paid_taps,
        )

    def made_flick(self, player: int, meant: Flick, flicked: bool = False) -> Flick:
        """The flick a person makes when meaning `meant`: a slingshot or keyboard aim is spoiled
        by the seat's hand level, from a generator seeded by the game and the shot's place in it
        (the same after a Resume). A pointer flick (`flicked`) and a computer player's shot are
        already the shot made."""
        seat = self.seats[player]
        if not seat.human or flicked or seat.hand is HandLevel.STEADY:
            return meant
        return spoil(meant, seat.hand, self._hand_rng(len(self.actions)))

    def meant_flick(self, index: int) -> Flick | None:
        """The flick a person meant for the shot `actions[index]`: the hand's wobble drawn again
        from the game's seed and taken back out, so a resumed log tells it as the table did.
        None when no hand spoiled the shot for sure: a computer player, a steady hand, or a
        flick seat (its pointer's flicks are its own; the record does not say which it was)."""
        action = self.actions[index]
        if not isinstance(action, ShotAction):
            return None
        seat = self.seats[action.player]
        if not seat.human or seat.input is Input.FLICK or seat.hand is HandLevel.STEADY:
            return None
        turn, factor = seat.hand.skill.wobble(self._hand_rng(index))
        made = action.flick
        if factor <= 0 or made.speed >= MAX_SPEED:  # cut to nothing or to the most: not known
            return None
        return Flick(made.cap, made.angle - turn, made.speed / factor, made.offset)

    def _hand_rng(self, index: int) -> random.Random:
        """The wobble of the shot `actions[index]`, seeded by the game and that place in it
        (and by how often a shot was taken back there: a shot taken again draws anew)."""
        again = self.taken_back.count(index)
        return random.Random(f"skully-hand:{self.seed}:{index}" + (f":{again}" if again else ""))

    def replay_events(self) -> list[tuple[Action, tuple[Event, ...]]]:
        """Every action so far with the events it made, on a fresh game: a resumed table's log."""
        fresh = self.fresh()
        return [(action, fresh.apply(action)) for action in self.actions]

    @staticmethod
    def is_do_over(events: tuple[Event, ...]) -> bool:
        return any(isinstance(e, DoOver) for e in events)

    # --- files --------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        state = self.state
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "program": __version__,
            "pymunk": pymunk.version,
            "created": self.created,
            "board_file": self.board_file,
            "board": spec_to_dict(self.board_spec),
            "options": options_to_dict(self.options),
            "seed": self.seed,
            "distance_guide": self.distance_guide,
            "flick_guide": self.flick_guide.value,
            "legacy_actions": self.legacy,
            "take_backs": self.take_backs,
            "taken_back": list(self.taken_back),
            "old_rules_actions": self.old_rules,
            "paid_taps_actions": self.paid_taps,
            "players": [
                {
                    "name": s.name,
                    "cap": s.cap.value,
                    "colour": s.colour,
                    "kind": s.kind,
                    "hand": s.hand.value,
                    "input": s.input.value,
                }
                for s in self.seats
            ],
            "actions": [action_to_dict(a) for a in self.actions],
            "shots": state.shots,
            "winner": None if state.winner is None else state.players[state.winner].name,
            # for the Resume list ("Bea to shoot"), read without replaying: a summary only
            "to_play": None if state.over else state.players[state.to_play].name,
            # for the lists and the statistics (how far each got, shots, hits), unreplayed
            "tally": tally(state),
        }

    def save(self, path: str | Path) -> None:
        # compact: a game saves after every action, and an indent makes json use its slow
        # Python encoder (1 s a save for a 12,000-action game, 0.2 s without)
        write_atomic(path, json.dumps(self.to_dict(), separators=(",", ":")))


def action_to_dict(action: Action) -> dict[str, Any]:
    if isinstance(action, ShotAction):
        return {
            "kind": "shot",
            "player": action.player,
            "flick": flick_to_dict(action.flick),
            "dt": action.dt,
            "steps": step_policy_name(action.policy),
            "before": [list(p) for p in action.before],
            "rest": [list(p) for p in action.rest],
            "contacts": [[c.time, c.a, c.b, c.speed] for c in action.contacts],
        }
    if isinstance(action, PlaceAction):
        return {"kind": "place", "player": action.player, "at": list(action.at)}
    if isinstance(action, KeepAction):
        return {"kind": "keep", "player": action.player, "keep": action.keep}
    return {"kind": "switch", "player": action.player, "cap": action.cap.value}


def _action_from(value: object, players: int, source: str, where: str) -> Action:
    r = Reader(value, source, where)
    kind = r.get("kind")
    player = r.integer("player", 0, players - 1)
    action: Action
    if kind == "shot":
        before_raw = r.array("before", players)
        count = len(before_raw)
        if count < 1:
            raise DataError(source, f"{where}.before", "at least one cap", count)
        before = points(before_raw, count, source, f"{where}.before")
        flick = flick_from(r.get("flick"), count, source, f"{where}.flick")
        dt = r.number("dt", 1e-5, 1 / 240)
        policy = step_policy(r)
        rest = points(r.array("rest", players), count, source, f"{where}.rest")
        contacts = contacts_from(r.array("contacts", 100_000), count, source, f"{where}.contacts")
        action = ShotAction(player, flick, dt, before, rest, contacts, policy)
    elif kind == "place":
        action = PlaceAction(player, point(r.get("at"), source, f"{where}.at"))
    elif kind == "keep":
        keep = r.get("keep")
        if not isinstance(keep, bool):
            raise DataError(source, f"{where}.keep", "true or false", keep)
        action = KeepAction(player, keep)
    elif kind == "switch":
        try:
            action = SwitchAction(player, CapType(r.get("cap")))
        except (ValueError, TypeError):
            raise DataError(source, f"{where}.cap", "a cap type", r.data.get("cap")) from None
    else:
        raise DataError(source, f"{where}.kind", "'shot', 'place', 'keep' or 'switch'", kind)
    r.done()
    return action


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 kept no seat kinds: its games were played by people with an exact slingshot."""
    players = data.get("players")
    if isinstance(players, list):
        data["players"] = [
            {"kind": "human", "hand": "steady", "input": "slingshot", **p}
            if isinstance(p, dict)
            else p
            for p in players
        ]
    data["version"] = 2
    return data


def _v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 games stepped every shot at its fixed dt."""
    actions = data.get("actions")
    if isinstance(actions, list):
        data["actions"] = [
            {**a, "steps": "fixed"} if isinstance(a, dict) and a.get("kind") == "shot" else a
            for a in actions
        ]
    data["version"] = 3
    return data


def _v3_to_v4(data: dict[str, Any]) -> dict[str, Any]:
    """Version 3 put a restored cap and a new killer exactly where they belonged, on another
    cap or not, and its physics could leave caps pressed into each other: its actions replay
    that way (legacy), and whatever overlap they leave is mended once after them."""
    actions = data.get("actions")
    data["legacy_actions"] = len(actions) if isinstance(actions, list) else 0
    data["version"] = 4
    return data


def _v4_to_v5(data: dict[str, Any]) -> dict[str, Any]:
    """Version 4 judged a killer's turn by one shared streak, let a killer who owns the board
    shoot again from the box it was in, and made a blast before 2 forwards a do-over: its
    actions replay under those rules, and the game goes on under the settled ones."""
    actions = data.get("actions")
    data["old_rules_actions"] = len(actions) if isinstance(actions, list) else 0
    data["version"] = 5
    return data


def _v5_to_v6(data: dict[str, Any]) -> dict[str, Any]:
    """Version 5 shots name their own step policy ("fixed" or "adaptive") and replay by it."""
    data["version"] = 6
    return data


def _v6_to_v7(data: dict[str, Any]) -> dict[str, Any]:
    """Version 6 shots name their own step policy (up to "swept") and replay by it."""
    data["version"] = 7
    return data


def _v7_to_v8(data: dict[str, Any]) -> dict[str, Any]:
    """Version 7 paid a stuck cap's number for a hit that left it in its own section: its
    actions replay so, and the game goes on under the settled rule (a plain hit)."""
    actions = data.get("actions")
    data["paid_taps_actions"] = len(actions) if isinstance(actions, list) else 0
    data["version"] = 8
    return data


def _v8_to_v9(data: dict[str, Any]) -> dict[str, Any]:
    """Version 8 kept the flick guide as true or false (a game saved before it had none had it
    on): true was a ghost on every shot, "on"; false is "off"."""
    ghost = data.get("flick_guide", True)
    if isinstance(ghost, bool):
        data["flick_guide"] = "on" if ghost else "off"
    data["version"] = 9
    return data


RECORD_UPGRADES: dict[int, Any] = {
    1: _v1_to_v2,
    2: _v2_to_v3,
    3: _v3_to_v4,
    4: _v4_to_v5,
    5: _v5_to_v6,
    6: _v6_to_v7,
    7: _v7_to_v8,
    8: _v8_to_v9,
}


def session_from_dict(data: object, source: str = "") -> Session:
    """Rebuild a game from its record, applying every action through the rules.

    An action the rules refuse (a tampered file) is refused with the action's index."""
    old = data.get("version") if isinstance(data, dict) else None
    data = upgrade(data, source, RECORD_FORMAT, RECORD_VERSION, RECORD_UPGRADES)
    r = Reader(data, source)
    r.get("format"), r.get("version")
    r.string("program", 40), r.string("pymunk", 40)
    created = r.name("created", 40, empty=True, what="a date")
    board_file = r.string("board_file", 400)
    board = board_field(r.get("board"), source, "board")
    options = options_from_dict(r.get("options"), source)
    seed = r.integer("seed", 0, 2**63 - 1)
    guide = r.optional("distance_guide", False)
    if not isinstance(guide, bool):
        raise DataError(source, "distance_guide", "true or false", guide)
    said = r.optional("flick_guide", GuideMode.LEARNING.value)
    ghost = guide_mode(said) if isinstance(said, str) else None
    if ghost is None:
        raise DataError(source, "flick_guide", "'learning', 'on' or 'off'", said)
    legacy = r.integer("legacy_actions", 0, MAX_ACTIONS)
    take_backs = r.optional("take_backs", False)
    if not isinstance(take_backs, bool):
        raise DataError(source, "take_backs", "true or false", take_backs)
    taken_back = r.optional("taken_back", [])
    if not isinstance(taken_back, list):
        raise DataError(source, "taken_back", "a list of places in the actions", taken_back)
    if len(taken_back) > MAX_ACTIONS:
        raise DataError(source, "taken_back", f"at most {MAX_ACTIONS} places", len(taken_back))
    for k, place in enumerate(taken_back):
        if not is_whole(place) or not 0 <= place <= MAX_ACTIONS:
            raise DataError(source, f"taken_back[{k}]", "a place in the actions", place)
    old_rules = r.integer("old_rules_actions", 0, MAX_ACTIONS)
    paid_taps = r.integer("paid_taps_actions", 0, MAX_ACTIONS)
    raw_players = r.array("players", 6)
    if len(raw_players) < 2:
        raise DataError(source, "players", "2 to 6 players", len(raw_players))
    seats = []
    for i, p in enumerate(raw_players):
        pr = Reader(p, source, f"players[{i}]")
        name = pr.name("name", 40)
        try:
            cap = CapType(pr.get("cap"))
        except (ValueError, TypeError):
            raise DataError(source, f"players[{i}].cap", "a cap type", p.get("cap")) from None
        colour = pr.integer("colour", 0, 15)
        kind = pr.get("kind")
        if kind not in SEAT_KINDS:
            raise DataError(source, f"players[{i}].kind", "'human' or a computer level", kind)
        try:
            hand = HandLevel(pr.get("hand"))
        except (ValueError, TypeError):
            names = ", ".join(h.value for h in HandLevel)
            raise DataError(
                source, f"players[{i}].hand", f"one of {names}", p.get("hand")
            ) from None
        try:
            how = Input(pr.get("input"))
        except (ValueError, TypeError):
            raise DataError(
                source, f"players[{i}].input", "'flick' or 'slingshot'", p.get("input")
            ) from None
        pr.done()
        seats.append(Seat(name, cap, colour, kind, hand, how))
    try:
        session = Session(
            board,
            options,
            tuple(seats),
            seed,
            created=created,
            board_file=board_file,
            distance_guide=guide,
            flick_guide=ghost,
            legacy=legacy,
            take_backs=take_backs,
            taken_back=list(taken_back),
            old_rules=old_rules,
            paid_taps=paid_taps,
        )
    except ValueError as exc:
        raise DataError(source, "players", "distinct, non-blank names", str(exc)) from None
    actions = r.array("actions", MAX_ACTIONS)
    r.optional("shots", 0), r.optional("winner", None), r.optional("to_play", None)
    r.optional("tally", None)  # the lists' summary (tally.py): the replay works it out again
    r.done()
    if legacy > len(actions):
        raise DataError(source, "legacy_actions", f"at most the {len(actions)} actions", legacy)
    if old_rules > len(actions):
        raise DataError(
            source, "old_rules_actions", f"at most the {len(actions)} actions", old_rules
        )
    if paid_taps > len(actions):
        raise DataError(
            source, "paid_taps_actions", f"at most the {len(actions)} actions", paid_taps
        )
    mended: list[Event] = []
    for i, raw in enumerate(actions):
        action = _action_from(raw, len(seats), source, f"actions[{i}]")
        if isinstance(action, ShotAction) and i >= legacy:  # what the game can leave: no more
            caps = shot_setup(session.state, options).caps if session.state.can_shoot else None
            if caps is not None and len(caps) == len(action.before):
                check_no_overlap(caps, action.before, source, f"actions[{i}].before", REST_OVERLAP)
        try:
            events = session.apply(action)
        except (RuleError, ValueError) as exc:
            raise DataError(
                source, f"actions[{i}]", "an action the rules allow", str(exc)
            ) from None
        mended += [e for e in events if isinstance(e, MovedAside)]
    if mended and isinstance(old, int) and old < 4:  # said at the upgrade to 4, once
        session.mended = _mended_note(mended)
    return session


def _mended_note(moved: list[Event]) -> str:
    """The one line that says an old save was mended (the log tells which caps moved)."""
    caps = "a cap" if len(moved) == 1 else f"{len(moved)} caps"
    return f"Mended an older save: {caps} lay on another and moved aside (see the log)"


def load_session(path: str | Path) -> Session:
    return session_from_dict(read_json(path), str(path))


def resimulate(session: Session) -> list[tuple[int, bool, float]]:
    """Re-run every shot of a game in a fresh space: (action index, bit-identical?, worst error m)."""
    import math

    fresh = session.fresh()
    out = []
    for i, action in enumerate(session.actions):
        if isinstance(action, ShotAction):
            setup = shot_setup(fresh.state, fresh.options)
            record = action.record(fresh.board_spec, setup.caps, setup.pinned)
            result = record.simulate(trace=False)
            worst = max(
                (math.dist(a, b) for a, b in zip(result.rest, action.rest, strict=True)),
                default=0.0,
            )
            out.append((i, result.rest == action.rest, worst))
        fresh.apply(action)
    return out
