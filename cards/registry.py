"""Every table game's facts, each written once: the menu, self-play, the fuzz test, the saves,
the adapters and the setup screens read them here.

A game's `GameInfo` names its key (command line and save folder), title, blurb, the format of its
table's save file and its place in the menu; its engine's `GameEntry` (in `cards.<package>`, as
GAME) holds what the engine knows: the state class (its own record format, SAVE_FORMAT, and its
rule options, OPTIONS), its computer players by name and the seats it deals for. Entries are
lazy: nothing of a game is imported until it is played. The table scenes live in the app's
`scenes.<package>` (exporting SetupScene and TABLE_GAME); so a new game is one engine package,
one scene package and one entry here.
"""

from __future__ import annotations

import importlib
import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, overload

if TYPE_CHECKING:
    from cards.bots import Bot
    from cards.engine import GameState


@dataclass(frozen=True)
class SeatResult:
    """One seat's outcome of a finished game, as self-play tallies it."""

    score: float
    win: float  # 1, a share of a tie for first, or 0
    clock_stops: int = 0  # decisions its bot's wall-clock safety net cut short (self-play)
    # The game's own tallies (bids made and made exactly, bluffs, turns): self-play sums them
    # per bot and reports the rates the game's entry declares (GameEntry.rates).
    counts: Mapping[str, float] = field(default_factory=dict)


def seat_result(score: float, win: float, counts: Mapping[str, float]) -> SeatResult:
    """SeatResult(score, win, counts=counts) without the frozen dataclass's __init__ (a call
    to object.__setattr__ per field): self-play makes one per seat, every game."""
    result = _new(SeatResult)
    result.__dict__.update(score=score, win=win, clock_stops=0, counts=counts)
    return result


_new = object.__new__


@dataclass(frozen=True)
class GameEntry:
    """What self-play, the fuzz test and the menu need to know about one table game's engine.

    The state class says most of it: its OPTIONS make the rules, its constructor deals a game,
    its `replay` and `from_record` rebuild one from an action list or a save. Its key is the
    registry's (`name`), not written again here."""

    state: type[GameState[Any]]  # constructed as (options, seed)
    bot_names: tuple[str, ...]
    make_bot: Callable[..., Bot]  # (name, rng, **settings) -> bot
    results: Callable[[GameState[Any]], list[SeatResult]]  # per seat, once the game is over
    players: tuple[int, int]  # fewest and most seats
    # Rules whose default depends on the seat count beyond `players` itself (Skull's decks).
    seat_defaults: Callable[[int], Mapping[str, Any]] | None = None
    # Fuzz hooks: a random rule set for a seed's rng, and the game's own invariants, checked
    # after every action (raise AssertionError naming what broke).
    fuzz_options: Callable[[random.Random], Any] | None = None
    invariants: Callable[[GameState[Any]], None] | None = None
    # Every card of the game wherever it lies: the fuzz checks none is created or lost.
    all_cards: Callable[[GameState[Any]], Counter[Any]] | None = None
    # Bot settings quick enough for tests (e.g. fewer rollouts), by bot name.
    quick_bots: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    # Self-play's figures beyond wins and scores, all from SeatResult.counts, so a game shows
    # only what it has (no bid accuracy without bids): rates per bot (name -> (numerator,
    # denominator) counts; a column each in `skully selfplay`'s table), and counts that are
    # the game's, not a seat's (averaged per game).
    rates: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    game_counts: tuple[str, ...] = ()
    # The computer player the tests and the online proof matches seat: quick, yet a real
    # player ("": the first of bot_names that is not "random").
    steady_bot: str = ""
    # The computer players in a newcomer's words, by bot name: (a plain name, one line on how
    # it plays) for the setups, the Host page and the seats ("build-first" and "heuristic"
    # meant nothing to a play-tester). Saves and the wire keep the bot names.
    bot_words: Mapping[str, tuple[str, str]] = field(default_factory=dict)

    def bot_word(self, name: str) -> str:
        """A computer player's plain name ("Builder" for build-first)."""
        return self.bot_words.get(name, (name.replace("-", " ").capitalize(), ""))[0]

    def bot_tip(self, name: str) -> str:
        """One line on how a computer player plays ("" when the game says none)."""
        return self.bot_words.get(name, ("", ""))[1]

    @property
    def match_bot(self) -> str:
        """The bot a proof match seats (steady_bot, or the first that is not random)."""
        return self.steady_bot or next(
            (n for n in self.bot_names if n != "random"), self.bot_names[0]
        )

    @property
    def name(self) -> str:
        """The game's key in the registry (its engine package's entry)."""
        for klass in self.state.__mro__:  # a test's subclass names its game's class's package
            module = klass.__module__
            for info in GAMES:
                if module.startswith(f"{info.engine_package}."):
                    return info.key
            parts = module.split(".")
            if parts[0] == "cards" and len(parts) > 2:
                return parts[1]
        return self.state.__name__

    def make_options(self, players: int, overrides: Mapping[str, str]) -> Any:
        """The rules for `players` seats, with `overrides` (option name -> text) applied;
        ValueError naming the option for a bad one."""
        defaults = self.seat_defaults(players) if self.seat_defaults else {}
        return self.state.OPTIONS(players=players, **defaults).with_values(dict(overrides))  # type: ignore[call-arg]

    def fit_options(self, players: int, asked: Mapping[str, Any]) -> tuple[Any, list[str]]:
        """The rules for `players` seats as a person asked for them: the defaults for that
        many seats (`seat_defaults`), then every choice of `asked` (option name -> value, or
        its JSON or command-line text) the seats can have; and the names of those they cannot,
        each left at its default for these seats so that it comes back when they can have it
        (pairs at five seats, one deck for five). A setup's or a host's choices follow the
        seats so, at one desk and online alike."""
        options = self.make_options(players, {})
        asked = {name: value for name, value in asked.items() if name != "players"}
        try:
            return options.with_values(asked), []
        except ValueError:
            pass
        pending = list(asked.items())
        for _ in range(2):  # twice: a choice may need another first (Cannonball, Rascal)
            left = []
            for name, value in pending:
                try:
                    options = options.with_values({name: value})
                except ValueError:
                    left.append((name, value))
            pending = left
        return options, [name for name, _ in pending]

    def new_state(self, options: Any, seed: int) -> GameState[Any]:
        """A fresh game dealt from `seed`."""
        return self.state(options, seed)  # type: ignore[call-arg]

    def replay(self, options: Any, seed: int, actions: Sequence[Any]) -> GameState[Any]:
        return self.state.replay(options, seed, actions)

    def load(self, record: Mapping[str, Any]) -> GameState[Any]:
        """A save record (`to_record`) -> the game; ValueError naming a bad field."""
        return self.state.from_record(record)

    @staticmethod
    def option_dict(options: Any) -> dict[str, Any]:
        return dict(options.to_dict())


@dataclass(frozen=True)
class GameInfo:
    key: str  # the command-line and save-folder name, e.g. "skull-king"
    title: str
    blurb: str
    package: str  # the engine's package under cards/, and the scene package's name
    order: int  # place in the menu, lowest first
    save_format: str  # the table's save file (seats, pace and the engine's record inside it)
    table: bool = True  # False: engine and self-play only, kept out of the menu until its
    # scenes exist (a game nobody can play is not offered)
    save_version: int = 1  # of the table's save file
    # Where the two packages live when not at cards.<package> and the app's scenes.<package>
    # (a game kept elsewhere, as the tests' own small game is): dotted module names.
    engine: str = ""
    scenes: str = ""

    @property
    def engine_package(self) -> str:
        """The engine's package (exporting GAME, its GameEntry)."""
        return self.engine or f"cards.{self.package}"

    def entry(self) -> GameEntry:
        """The engine's GameEntry (options, bots, state factory), imported on first use."""
        entry = importlib.import_module(self.engine_package).GAME
        if not isinstance(entry, GameEntry):
            raise TypeError(f"{self.engine_package}.GAME: expected the GameEntry of {self.key!r}")
        return entry

    @property
    def levels(self) -> tuple[tuple[str, str], ...]:
        """The computer players a seat may be, as (bot name, its label), in the engine's order,
        weakest first, by their plain names ("Computer: Beginner" ... "Computer: Expert": a
        play-tester could not tell which of "random / build-first / strong" was the easy one,
        nor what "build-first" meant)."""
        entry = self.entry()
        return tuple((name, f"Computer: {entry.bot_word(name)}") for name in entry.bot_names)

    @property
    def players(self) -> tuple[int, int]:
        """The fewest and the most seats the game deals for."""
        return self.entry().players

    @property
    def options(self) -> Any:
        """The game's rule options (an OptionSet dataclass): the engine's."""
        return self.entry().state.OPTIONS

    @property
    def record_format(self) -> str:
        """The engine's own record inside a table save ("skully.skull.game")."""
        return self.entry().state.SAVE_FORMAT


class Registry(Sequence[GameInfo]):
    """The registered games, in the order written (read it as a tuple). `register` adds a game
    for a while: a test's own small game is played through every shared tool, test and screen
    this way, and is gone again when the `with` block ends."""

    def __init__(self, *games: GameInfo) -> None:
        self._games = list(games)

    @overload
    def __getitem__(self, index: int) -> GameInfo: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[GameInfo]: ...
    def __getitem__(self, index: int | slice) -> GameInfo | Sequence[GameInfo]:
        return self._games[index]

    def __len__(self) -> int:
        return len(self._games)

    @contextmanager
    def register(self, info: GameInfo) -> Iterator[GameInfo]:
        """`info` is a registered game inside the block; a key or package taken is refused."""
        taken = [g for g in self._games if g.key == info.key or g.package == info.package]
        if taken:
            raise ValueError(f"a game {info.key!r} (package {info.package!r}) is registered")
        self._games.append(info)
        try:
            yield info
        finally:
            self._games.remove(info)


GAMES = Registry(
    GameInfo(
        key="skull-king",
        title="Skull King",
        blurb="The pirate trick-taking game, with people and computer players.",
        package="skull_king",
        order=40,
        save_format="skully-skull-king-table",
    ),
    GameInfo(
        key="skull",
        title="Skull",
        blurb="The bluffing game with playing cards: bid, then turn cards without finding a Skull.",
        package="skull",
        order=50,
        save_format="skully-skull-table",
    ),
    GameInfo(
        key="skip-bo",
        title="Skip-Bo",
        blurb="The build-pile game: play out your stock onto the shared piles, 1 up to 12.",
        package="skip_bo",
        order=60,
        save_format="skully-skip-bo-table",
    ),
    GameInfo(
        key="skirrid",
        title="Skirrid",
        blurb="The shape game: place your shapes on the numbered board, touching face to face.",
        package="skirrid",
        order=70,
        save_format="skully-skirrid-table",
    ),
)


def entries() -> dict[str, GameEntry]:
    """Every game's engine entry by key, in menu order (imports every engine)."""
    return {info.key: info.entry() for info in sorted(GAMES, key=lambda g: g.order)}


def game(key: str) -> GameInfo:
    """The game registered under `key`; KeyError names the ones there are."""
    for info in GAMES:
        if info.key == key:
            return info
    raise KeyError(f"no game {key!r}; there are {', '.join(g.key for g in GAMES)}")
