"""What a new Skully game is made of, as chosen at the setup screen: seats, rules, board, order.

Pure data (no pygame): the setup screen fills it in, the table and the tuner read it.
"""

from __future__ import annotations

import contextlib
import random
from dataclasses import dataclass, field, replace
from typing import Any

from cards.engine import shuffled
from skully_game.core.errors import DataError, is_whole
from skully_game.core.names import is_name
from skully_game.skully.board import PRESETS, BoardSpec, board_label, load_board
from skully_game.skully.caps import CapType
from skully_game.skully.guide import GuideMode, guide_mode
from skully_game.skully.hand import HandLevel, Input
from skully_game.skully.rules.options import RuleOptions, options_from_dict, options_to_dict

DEFAULT_NAMES = ("Ace", "Bobby", "Carmen", "Dee", "Eddie", "Frankie")


@dataclass
class Seat:
    name: str
    colour: int  # index into theme.PLAYER_COLOURS
    cap: CapType = CapType.CROWN
    kind: str = "human"  # or a computer player's level
    hand: HandLevel = HandLevel.SKILLED  # a person's slingshot wobble
    input: Input = Input.SLINGSHOT  # how a person shoots

    @property
    def who(self) -> str:
        """The seat's one choice at the setup: a computer level, or how a person shoots."""
        return who_value(self.kind, self.hand, self.input)

    def choose(self, who: str) -> None:
        """Set kind, input and hand from a `who` value (see SEAT_CHOICES)."""
        if who == "flick":
            # the keyboard is a slingshot: at a flick seat it aims with a skilled hand
            self.kind, self.input, self.hand = "human", Input.FLICK, HandLevel.SKILLED
        elif who.startswith("slingshot:"):
            self.kind, self.input = "human", Input.SLINGSHOT
            self.hand = HandLevel(who.partition(":")[2])
        else:
            self.kind = who


def _wobble(hand: HandLevel) -> str:
    skill = hand.skill
    return f"aim wobbles about {skill.aim_deg:g}°, power about {100 * skill.speed_rel:.0f} %"


# the computer beginner misses as a person learning (skill.Learner), not by a Gaussian
LEARNER_NOTE = (
    "A computer player learning: it goes for the plain shots; often too soft or too hard and a "
    "few degrees off, now and then a good one."
)

# (value, label, what it means): people first, then the computer players. The label is the
# seat's words everywhere: the setup's list, and (lower-case first) beside its name at the table
SEAT_CHOICES: tuple[tuple[str, str, str], ...] = (
    *(
        (
            f"slingshot:{hand.value}",
            f"Sling, {hand.skill.name}" if hand is not HandLevel.STEADY else "Steady (assist)",
            f"A person: pull back and let go; {_wobble(hand)}"
            + (
                " (for your first games: a stroke you learn pays off)."
                if hand is HandLevel.STEADIER
                else "."
            )
            if hand is not HandLevel.STEADY
            else "Assist: a person's slingshot makes exactly the shot meant, no wobble.",
        )
        for hand in HandLevel
    ),
    (
        "flick",
        "Flick",
        "A person: flick the pointer through your cap; it takes the pointer's speed "
        "(the keys aim as a skilled slingshot).",
    ),
    *(
        (
            hand.value,
            f"Computer, {hand.skill.name}",
            LEARNER_NOTE if hand is HandLevel.BEGINNER else f"A computer player: {_wobble(hand)}.",
        )
        for hand in HandLevel
        if hand.computer
    ),
)


def who_value(kind: str, hand: HandLevel, how: Input) -> str:
    """A seat's one choice (SEAT_CHOICES' value) from what a record keeps of it."""
    if kind != "human":
        return kind
    return "flick" if how is Input.FLICK else f"slingshot:{hand.value}"


def who_words(who: str) -> str:
    """A seat's choice in the setup's words ("Computer, regular", "Sling, skilled")."""
    return next((label for value, label, _ in SEAT_CHOICES if value == who), who)


@dataclass
class GameSetup:
    """What the setup screen hands to the table."""

    seats: list[Seat] = field(default_factory=lambda: [Seat(DEFAULT_NAMES[i], i) for i in range(2)])
    options: RuleOptions = field(default_factory=RuleOptions)
    board: str = "classic"  # a preset's name, used when board_spec is None
    shuffle: bool = False
    seed: int = 0
    board_spec: BoardSpec | None = None  # a tuned or saved board, instead of the preset
    board_file: str = ""  # the file board_spec came from ("" if none), kept in the game record
    distance_guide: bool = False  # house rule: the aim line shows how far a cap would slide
    # a ghost cap where the shot being made would rest: while learning (the first shots of a
    # game), always, or off (the street's way)
    flick_guide: GuideMode = GuideMode.LEARNING
    take_backs: bool = False  # table option: the one person may take a shot back (Ctrl+Z)

    def spec(self) -> BoardSpec:
        """The board the game is played on."""
        return self.board_spec if self.board_spec is not None else PRESETS[self.board]

    def ordered(self) -> list[Seat]:
        """The seats in order of play: as listed, or shuffled with the game's seeded RNG."""
        if not self.shuffle:
            return list(self.seats)
        return shuffled(self.seats, random.Random(self.seed))

    def problem(self) -> str | None:
        names = [s.name.strip() for s in self.seats]
        if any(not n for n in names):
            return "Every player needs a name."
        if len(set(n.lower() for n in names)) != len(names):
            return "Two players have the same name."
        if len({s.colour for s in self.seats}) != len(self.seats):
            return "Two players have the same colour."
        return None

    def people(self) -> int:
        """How many seats a person plays (the rest are computer players)."""
        return sum(1 for s in self.seats if s.kind == "human")

    def offers_take_backs(self) -> bool:
        """Taking a shot back is for one person against computer players: never offered when
        two or more people share the desk (one's shot would be undone against the other)."""
        return self.people() == 1 and len(self.seats) > 1

    def again(self, seed: int) -> GameSetup:
        """The same seats, board and options for another game, with a new seed."""
        return replace(self, seats=[replace(s) for s in self.seats], seed=seed)


FIRST_GAME_BOARD = "sidewalk"  # a 6 ft board: every shot shorter
FIRST_GAME_HAND = HandLevel.STEADIER  # a slingshot that wobbles a little: strokes pay off
# the computer player a first game, or Play the computer, starts with: a newcomer's stand-in
# (a beginner's plan shot through the first game's hand) beat a regular one in 30 of 100 first
# games and a beginner in 45 of 100 (tools/first_opponent.py); a play-test's first game against
# a regular one was a rout
COMPUTER_LEVEL = "beginner"
FIRST_GAME_NOTE = (
    "Your first game: you against a beginner computer player, on the smaller sidewalk board "
    "with a steadier hand (Sling, steadier); Ctrl+Z takes a shot back. Change them as you like."
)

# Why the first game is set up so, said under its seats (design note skully.md: no option makes a
# shorter match, so the first game takes the shortest setup the options allow)
FIRST_GAME_WHY = (
    "Skully has no short match: everyone goes round the whole course, 1 to 13 and back, then "
    "plays killer. So your first game is the shortest the rules allow: two players, on the "
    f"smallest board. Your steadier hand wobbles only about {FIRST_GAME_HAND.skill.aim_deg:g}° "
    f"and {100 * FIRST_GAME_HAND.skill.speed_rel:.0f} % of power, so a stroke you learn keeps "
    "paying off."
)


def first_game_setup(seed: int) -> GameSetup:
    """The setup of a player's very first game: one person against a beginner computer player,
    on the gentle board, with a steadier hand and shots that may be taken back. From start to
    1 a skilled hand on the classic board gets in about half the time, a legend's on the
    sidewalk nine times in ten (tools/hand_levels.py)."""
    you = Seat(DEFAULT_NAMES[0], 0, hand=FIRST_GAME_HAND)
    computer = Seat(DEFAULT_NAMES[1], 1, kind=COMPUTER_LEVEL)
    return GameSetup(seats=[you, computer], seed=seed, board=FIRST_GAME_BOARD, take_backs=True)


def computer_game_setup(remembered: dict[str, Any] | None, seed: int) -> GameSetup:
    """Play the computer: the person of the last setup against one computer player at the
    level last chosen, on the board and with the options last chosen (the first game's gentle
    setup when nothing was chosen yet). The full setup is left as it was."""
    if remembered is None:
        return first_game_setup(seed)
    last = setup_from_choices(remembered, seed)
    people = [s for s in last.seats if s.kind == "human"]
    computers = [s for s in last.seats if s.kind != "human"]
    you = replace(people[0]) if people else Seat(DEFAULT_NAMES[0], 0, hand=FIRST_GAME_HAND)
    level = computers[0].kind if computers else COMPUTER_LEVEL
    if computers and computers[0].colour != you.colour and computers[0].name != you.name:
        computer = replace(computers[0])
    else:
        name = next(n for n in DEFAULT_NAMES if n != you.name)
        colour = next(c for c in range(16) if c != you.colour)
        computer = Seat(name, colour, kind=level)
    take_backs = last.take_backs if "take_backs" in remembered else True
    return replace(last, seats=[you, computer], shuffle=False, take_backs=take_backs)


def computer_game_line(setup: GameSetup) -> str:
    """What Play the computer will start, in a player's words: "You against a beginner computer
    player, on the sidewalk board"."""
    level = next((s.kind for s in setup.seats if s.kind != "human"), COMPUTER_LEVEL)
    words = level.replace("-", " ")
    a = "an" if words[0] in "aeiou" else "a"
    board = board_label(setup.spec()) or "classic"
    return f"You against {a} {words} computer player, on the {board} board"


def setup_to_choices(setup: GameSetup) -> dict[str, Any]:
    """What the next setup starts from: seats, rules, board, order, house rule (not the seed)."""
    return {
        "seats": [
            {"name": s.name, "colour": s.colour, "cap": s.cap.value, "who": s.who}
            for s in setup.seats
        ],
        "options": options_to_dict(setup.options),
        "board": setup.board,
        "board_file": setup.board_file,
        "shuffle": setup.shuffle,
        "distance_guide": setup.distance_guide,
        "flick_guide": setup.flick_guide.value,
        "take_backs": setup.take_backs,
    }


def setup_from_choices(data: dict[str, Any], seed: int) -> GameSetup:
    """A setup from remembered choices; whatever no longer makes sense (a deleted board, a cap
    or level that is gone) falls back to the usual choice, so this never refuses."""
    setup = GameSetup(seed=seed)
    seats: list[Seat] = []
    raw = data.get("seats")
    for i, item in enumerate(raw if isinstance(raw, list) else []):
        if not isinstance(item, dict) or len(seats) >= 6:
            continue
        default = Seat(DEFAULT_NAMES[len(seats)], len(seats))
        name = item.get("name")
        seat = Seat(name if is_name(name, 14) else default.name, i)
        colour = item.get("colour")
        seat.colour = colour if is_whole(colour) and 0 <= colour < 16 else default.colour
        with contextlib.suppress(ValueError):
            seat.cap = CapType(item.get("cap"))
        who = item.get("who")
        if isinstance(who, str) and who in {value for value, _, _ in SEAT_CHOICES}:
            seat.choose(who)
        seats.append(seat)
    if len(seats) >= 2 and len({s.colour for s in seats}) == len(seats):
        setup.seats = seats
    with contextlib.suppress(DataError):
        setup.options = options_from_dict(data.get("options"))
    if isinstance(data.get("board"), str) and data["board"] in PRESETS:
        setup.board = data["board"]
    board_file = data.get("board_file")
    if isinstance(board_file, str) and board_file:
        # a saved board that is gone or broken: the preset it names, else classic
        with contextlib.suppress(DataError):
            setup.board_spec, setup.board_file = load_board(board_file), board_file
    setup.shuffle = data.get("shuffle") is True
    setup.distance_guide = data.get("distance_guide") is True
    # true and false are the two choices it had (what they showed: always, or never)
    setup.flick_guide = guide_mode(data.get("flick_guide")) or GuideMode.LEARNING
    setup.take_backs = data.get("take_backs") is True
    return setup
