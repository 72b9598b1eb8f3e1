"""The immutable game state: players, whose turn, what decision is due and for whom.

Players are kept in order of play; player i owns cap i. A UI reads `to_play`, `pending[0]`
(a decision that must be made before anyone shoots), `offers` (optional moves for the player to
shoot, good until the first shot of the turn), `status(player)` and `target(player)`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cached_property
from typing import Any, TypeVar

from skully_game.skully.caps import CapType
from skully_game.skully.geometry import Trapezoid, Vec
from skully_game.skully.rules import course
from skully_game.skully.rules.course import KILLER, StopKind

R = TypeVar("R")
_RENEWABLE: dict[type, frozenset[str] | None] = {}


def renew(record: R, /, **changes: Any) -> R:
    """`dataclasses.replace` for the rules' frozen records, made without a call to __init__:
    the fields copied, the changed ones set (a planner's decision judges thousands of shots and
    each makes a dozen). A record with anything more (`__post_init__`, slots, init-only or
    class fields, cached properties) and an unknown field go to `replace` itself."""
    kind = type(record)
    names = _RENEWABLE.get(kind, False)
    if names is False:
        names = _RENEWABLE[kind] = _renewable(kind)
    if names is None or not changes.keys() <= names:
        return replace(record, **changes)  # type: ignore[type-var]
    new = object.__new__(kind)
    d = new.__dict__
    d.update(record.__dict__)
    d.update(changes)
    return new


def _renewable(kind: type) -> frozenset[str] | None:
    """The fields of a frozen dataclass that `renew` may copy, or None if it may not."""
    if not dataclasses.is_dataclass(kind) or not kind.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        return None
    if hasattr(kind, "__post_init__") or "__slots__" in vars(kind):
        return None
    every = kind.__dataclass_fields__  # type: ignore[attr-defined]
    plain = dataclasses.fields(kind)
    if len(every) != len(plain) or not all(f.init for f in plain):
        return None
    for klass in kind.__mro__:
        if any(isinstance(v, cached_property) for v in vars(klass).values()):
            return None
    return frozenset(f.name for f in plain)


MIN_PLAYERS = 2
MAX_PLAYERS = 6
MAX_NAME = 24  # characters of a player's name in a state or a scenario
KILLER_HITS_TO_ELIMINATE = 3


class RuleError(ValueError):
    """An action the rules do not allow now (wrong player, a place outside the allowed area...)."""


@dataclass(frozen=True)
class Stats:
    """Per-player game statistics for the game-over screen."""

    shots: int = 0
    boxes: int = 0  # course steps gained, by any means
    pipsies: int = 0
    hits: int = 0  # victims touched by this player's shots
    turns_stuck: int = 0  # turns lost stuck in the skull
    kills: int = 0  # players this player put out of the game

    def add(self, **counts: int) -> Stats:
        return renew(self, **{k: getattr(self, k) + v for k, v in counts.items()})


@dataclass(frozen=True)
class Player:
    """One player and their cap. `pos` is None before the cap is first put down and once out."""

    name: str
    cap: CapType = CapType.CROWN
    pos: Vec | None = None
    step: int = course.START  # last course step obtained
    stuck: bool = False
    eliminated: bool = False
    # A non-killer: how many consecutive shots of the killer now shooting touched it (ruling 10)
    killer_hits: int = 0
    may_place: int | None = None  # ruling 8: box obtained by being knocked in, placeable next turn
    fresh_killer: bool = False  # ruling 10: may put the cap on the out-of-town line next turn
    diller: tuple[Trapezoid, ...] = ()  # trapezoids made so far in the killer diller
    stats: Stats = field(default_factory=Stats)

    @property
    def killer(self) -> bool:
        return self.step == KILLER

    @property
    def live(self) -> bool:
        return not self.eliminated

    @property
    def radius(self) -> float:
        return self.cap.spec.radius


class DecisionKind(Enum):
    PLACE_START = "place_start"  # required: put the cap down behind the start line
    PLACE_AWARD = "place_award"  # required: put the cap in the box obtained (ruling 6)
    KEEP_OR_RESTORE = "keep_or_restore"  # required: the victim's owner chooses (ruling 7)
    PLACE_IN_BOX = "place_in_box"  # offer: ruling 8, the cap is still in the box obtained
    PLACE_OUT_OF_TOWN = "place_out_of_town"  # offer: a new killer on the out-of-town line
    CHOOSE_CAP = "choose_cap"  # offer: switchsies


PLACEMENTS = frozenset(
    {
        DecisionKind.PLACE_START,
        DecisionKind.PLACE_AWARD,
        DecisionKind.PLACE_IN_BOX,
        DecisionKind.PLACE_OUT_OF_TOWN,
    }
)


@dataclass(frozen=True)
class Decision:
    """A choice for one player. `box` names the box for placements in a box (13 included);
    `skull` marks a killer who owns the board placing within the skull; `before` and `after`
    are the two spots of a keep-or-restore choice."""

    kind: DecisionKind
    player: int
    box: int | None = None
    skull: bool = False
    before: Vec | None = None
    after: Vec | None = None


@dataclass(frozen=True)
class GameState:
    """Everything the rules need between shots; replace, never mutate."""

    players: tuple[Player, ...]
    to_play: int = 0  # whose turn it is (the winner once the game is over)
    pending: tuple[Decision, ...] = ()  # required decisions, first one active; blocks shooting
    offers: tuple[Decision, ...] = ()  # optional moves for to_play before the turn's first shot
    turn_ends: bool = False  # pass the turn once the pending decisions are made
    turn: int = 0  # turns begun; 0 while the players put their caps behind the start line
    shots_this_turn: int = 0
    shots: int = 0  # shots judged in the whole game
    winner: int | None = None
    # Games saved before record version 4 put a restored cap and a new killer exactly where
    # they belonged, on another cap or not; their recorded shots replay only that way.
    exact_places: bool = False
    # Games saved before record version 5 judged a killer's turn by one streak shared by the
    # victims of its first shot, let a killer who owns the board shoot again from any box, and
    # made a blast before 2 forwards a do-over; their recorded shots replay only that way.
    old_rules: bool = False
    # Games saved before record version 8 paid a stuck cap's number for a hit that left it in
    # its own section; their recorded shots replay only that way.
    paid_taps: bool = False

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def decision(self) -> Decision | None:
        """The decision that must be made now, if any."""
        return self.pending[0] if self.pending else None

    @property
    def can_shoot(self) -> bool:
        return self.winner is None and not self.pending

    def live(self) -> tuple[int, ...]:
        return tuple(i for i, p in enumerate(self.players) if p.live)

    def with_player(self, index: int, **changes: object) -> GameState:
        players = list(self.players)
        players[index] = renew(players[index], **changes)
        return renew(self, players=tuple(players))


def killer_marks(state: GameState) -> tuple[tuple[int, int], ...]:
    """(player, count) for every non-killer a killer has hit on its last consecutive shots this
    turn, in order of play: what the table shows beside the killer ("B 2/3")."""
    return tuple((i, p.killer_hits) for i, p in enumerate(state.players) if p.killer_hits)


def killer_streak(state: GameState) -> int:
    """The longest count of consecutive hits running in a killer's turn (0 if none)."""
    return max((p.killer_hits for p in state.players), default=0)


def new_game(players: Sequence[tuple[str, CapType]]) -> GameState:
    """A game with players in order of play; each puts a cap behind the start line first."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"Skully needs {MIN_PLAYERS}-{MAX_PLAYERS} players, got {len(players)}")
    names = [name for name, _ in players]
    if len(set(names)) != len(names) or not all(n.strip() for n in names):
        raise ValueError("player names must be distinct and not blank")
    return GameState(
        players=tuple(Player(name, cap) for name, cap in players),
        pending=tuple(Decision(DecisionKind.PLACE_START, i) for i in range(len(players))),
    )


@dataclass(frozen=True)
class Target:
    """What to outline for a player: a box, the trapezoids the next word may land in, or none."""

    boxes: tuple[int, ...] = ()
    trapezoids: tuple[Trapezoid, ...] = ()
    text: str = ""


def target(player: Player) -> Target:
    """The current target of a player (a killer has none on the board)."""
    if player.eliminated or player.killer:
        return Target(text="")
    goal = course.target_stop(player.step)
    assert goal is not None
    if goal.kind is StopKind.BOX:
        return Target(boxes=(goal.box,), text=goal.label)  # type: ignore[arg-type]
    return Target(trapezoids=course.diller_targets(player.diller), text=goal.label)


def status(player: Player, numbers: Sequence[int] | None = None) -> str:
    """One line for the table: "going for 6 forwards", "stuck in the skull", and in the killer
    diller the word to say and where it must land, as a player says it: "killer diller: “a”
    into the skull's 4 or 8" (`numbers`: the board's skull numbers, bottom, left,
    top, right; without them, where in words: "a section next to the first")."""
    if player.eliminated:
        return "out"
    if player.killer:
        return "killer"
    if player.stuck:
        return "stuck in the skull"
    goal = course.target_stop(player.step)
    assert goal is not None
    if goal.kind is StopKind.TRAPEZOID:  # the word to say next, and where it goes
        word = course.WORDS[(goal.word or 1) - 1]
        return f"killer diller: “{word}” into {diller_where(player.diller, numbers)}"
    return f"going for {goal.label}"


SIDES = ("bottom", "left", "top", "right")  # the trapezoids' places, in Trapezoid's order


def diller_where(made: tuple[Trapezoid, ...], numbers: Sequence[int] | None = None) -> str:
    """Where the next killer-diller word may land, given the trapezoids made so far: "any
    skull section", "the skull's 4 or 8" (by the numbers chalked in them, or by their
    places when the board has no distinct numbers: "the skull's left or right section")."""
    if not made:
        return "any skull section"
    where = course.diller_targets(made)
    if numbers is not None and len(set(numbers)) == len(numbers) == len(Trapezoid):
        return "the skull's " + " or ".join(str(numbers[t]) for t in where)
    if numbers is None:
        return "a section next to the first" if len(made) == 1 else "the next section round"
    return "the skull's " + " or ".join(SIDES[t] for t in where) + " section"


def place_text(player: Player) -> str:
    """Where the player stands on the course, for a narration: "in 9, going for 10 forwards"."""
    here = course.stop(player.step)
    if player.killer:
        return "a killer"
    where = f"in {here.box}" if here.box is not None else "at the start"
    if here.kind is StopKind.TRAPEZOID:  # the status says which word comes next
        where = "in the skull"
    return f"{where}, {status(player)}"


def beyond_thirteen(lost: int) -> str:
    """Steps an award could not give (ruling 9: nothing carries past 13 on the way to killer),
    said as a newcomer follows it: "13 is as far as you go now: 2 extra steps are lost"."""
    steps = f"{lost} extra step is" if lost == 1 else f"{lost} extra steps are"
    return f"13 is as far as you go now: {steps} lost"


def turned_back(before: int, after: int) -> str:
    """The one time a player's course turns round at 13, what "backwards" means, in words
    (" (backwards: now back down the boxes to 1)"); "" at every other step."""
    if before < course.THIRTEEN_FORWARDS <= after < course.ONE_BACKWARDS:
        return " (backwards: now back down the boxes to 1)"
    return ""
