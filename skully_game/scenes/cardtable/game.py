"""What a game gives the app's tables. `SeatedGame` is written once over the engine contract
(cards.engine.GameState) and the game's registry entry: saves, turns, legal moves, winners,
reasons, the log, computer players. A game's adapter adds presentation only (`TableGame`: names
and pictures of cards, seat lines, prompts, summaries, its score sheet, its undo policy), so the
table itself knows no game's rules."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import pygame

from cards.engine import GameState
from cards.events import as_told
from cards.registry import GameEntry, GameInfo
from skully_game.scenes.cardtable import carddraw
from skully_game.scenes.cardtable.words import listing

State = GameState[str]  # every game's state, as the contract shapes it
# What a table draws from (seats, header, hand): the State, or while a finished round is on show
# the round as it ended (round_end_view); never a card drawn. The table's `drawn_from()` gives it.
DrawnFrom = Any

# --- what happened, as the table animates it --------------------------------------------------


@dataclass(frozen=True, slots=True)
class Played:
    """A card leaves a seat's hand for the pile in the middle."""

    seat: int
    code: str


@dataclass(frozen=True, slots=True)
class Taken:
    """The pile is complete: it stays on show, then goes to `winner` (None: to nobody)."""

    plays: tuple[tuple[int, str], ...]
    winner: int | None
    words: str  # "Trick to Anne", shown while the pile is on show


@dataclass(frozen=True, slots=True)
class Dealt:
    """A new deal: `cards` cards fly to each hand."""

    cards: int


@dataclass(frozen=True, slots=True)
class Shout:
    """A word for the whole table, over the middle for a moment ("Yo-ho-ho!")."""

    text: str


@dataclass(frozen=True, slots=True)
class RoundEnded:
    """A round was scored: the table shows its summary before anything else moves."""

    index: int


@dataclass(frozen=True, slots=True)
class PlacedDown:
    """A card leaves a seat's hand face down for that seat's spot (its stack)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Turned:
    """The top face-down card of `seat`'s spot is turned over: it shows `code`."""

    seat: int
    code: str


@dataclass(frozen=True, slots=True)
class Peek:
    """`seat` alone may look at something now (a card drawn from a beaten Challenger): at a
    shared desk, behind a pass screen, before anything else is shown."""

    seat: int


@dataclass(frozen=True, slots=True)
class Said:
    """A public word from one seat ("Bid 3", "Pass"), in a bubble by its box for a moment,
    so a computer's bid is seen where it sits without reading the log."""

    seat: int
    text: str


Happening = Played | Taken | Dealt | Shout | RoundEnded | PlacedDown | Turned | Peek | Said


# --- what the table draws from a game -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Summary:
    """A round's summary screen: one row per player, under column headings."""

    title: str
    headings: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    good: tuple[bool | None, ...] = ()  # per row: made it (green), missed (red), or no colour
    # columns of signed numbers, coloured by their own sign (a total still above 0 after a
    # missed round is not red); the row's colour goes to the others
    signed: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Sheet:
    """The score sheet: a cell per round and player, the totals, and the running totals."""

    players: tuple[int, ...]  # the seats that score, in column order
    rounds: tuple[tuple[str, tuple[tuple[str, bool | None], ...]], ...]  # (label, cells)
    totals: tuple[int, ...]
    running: tuple[tuple[int, ...], ...] = field(default=())  # per player: 0, after r1, ...
    cell_note: str = ""  # what a cell says, in words ("bid/won, points")
    unit: str = "points"  # what the totals and the graph count
    step: str = "round"  # what the graph's steps are ("game" for a match of games)


@dataclass(frozen=True, slots=True)
class PrivateView:
    """Cards only one seat may see, outside their hand (what a power showed them)."""

    title: str
    cards: tuple[str, ...]
    lines: tuple[str, ...] = ()  # the cards in words, grouped, when there are many


@dataclass(frozen=True, slots=True)
class Spot:
    """Cards lying on the table: a seat's stack in front of it, or (no seat) cards laid out in
    the middle to pick from. The table draws it and makes it a target for the mouse and keys."""

    seat: int | None
    cards: tuple[str | None, ...]  # bottom first; None: face down
    action: str | None = None  # what choosing it does, when the viewer may act
    note: str = ""  # a word under it ("2 cards", "out")
    marks: tuple[str | None, ...] = ()  # small cards beside it (Win Markers); None: face down
    lit: bool = False  # drawn picked out (the Challenger's stack, say)
    badge: str = ""  # a number on the face-down pile's corner (how many cards it holds)
    tip: str = ""  # the stack in words, while the pointer is on it
    marks_tip: str = ""  # the marks in words, while the pointer is on them
    own_tip: str = ""  # instead of `tip`, words for its owner alone (what they placed face down)


@dataclass(frozen=True, slots=True)
class Hint:
    """The strong computer player's choice for the seat to act, and one line why, said to that
    seat ("Play the Jolly Roger 14: it wins the trick you bid")."""

    action: str
    words: str


HINT_LEVEL = "strong"  # the computer player whose choice a hint shows


class SeatedGame:
    """A turn-based game at the app's table, cards or board: what the shared parts (the setup's
    seats, saves, Resume, computer players, the log) need of it, read from the game's registry
    entry and its state's contract. Seats count from 0."""

    def __init__(self, info: GameInfo) -> None:
        self.info = info

    # --- the game's facts (cards.registry) ----------------------------------------------

    @property
    def key(self) -> str:
        """The save folder's name, as in cards.registry."""
        return self.info.key

    @property
    def title(self) -> str:
        return self.info.title

    @property
    def save_format(self) -> str:
        return self.info.save_format

    @property
    def save_version(self) -> int:
        return self.info.save_version

    @cached_property
    def levels(self) -> tuple[tuple[str, str], ...]:
        """The computer players: (kind, label)."""
        return self.info.levels

    @cached_property
    def engine(self) -> GameEntry:
        return self.info.entry()

    def save_words(self, options: dict[str, Any]) -> str:
        """What a saves list says of a saved game's rule options beside its moves, when two
        games would otherwise read alike ("" for none): read from the save's options
        without replaying it. A game whose options tell its games apart says so."""
        return ""

    # --- the game, through the contract -------------------------------------------------

    def new_state(self, options: Any, seed: int) -> State:
        return self.engine.state(options, seed, record=True)  # type: ignore[call-arg]  # the table shows the events

    def record(self, state: State) -> dict[str, Any]:
        return state.to_record()

    def from_record(self, record: dict[str, Any]) -> State:
        """The state a save holds; ValueError naming the field when it is bad."""
        return self.engine.load(record)

    def replay(self, state: State, actions: Sequence[str]) -> State:
        """The same game from its start, with `actions` applied."""
        options, seed = state.options, state.seed  # type: ignore[attr-defined]
        return self.engine.state.replay(options, seed, list(actions), record=True)

    def before_last(self, state: State) -> State | None:
        """The game as it stood just before its last action, with the events it had then (None
        before the first): what a finished round is drawn from while its end is on show. At
        one desk it is replayed from the save; a game played elsewhere keeps the one it had."""
        history = state.history()
        if not history:
            return None
        return self.replay(state, history[:-1])

    def players(self, state: State) -> int:
        return state.num_players

    def to_act(self, state: State) -> int | None:
        """The seat to act, None when the game is over."""
        return None if state.is_terminal() else state.current_player()

    def legal(self, state: State) -> Sequence[str]:
        """The position's legal actions (an immutable sequence it owns: see GameState)."""
        return state.legal_actions()

    def apply(self, state: State, action: str) -> None:
        state.apply_action(action)

    def history(self, state: State) -> list[str]:
        return state.history()

    def is_over(self, state: State) -> bool:
        return state.is_terminal()

    def winners(self, state: State) -> list[int]:
        return state.winners()

    def final_scores(self, state: State) -> list[int]:
        """Each seat's score at the game's end, for the lists of games (none: no scores)."""
        return []

    def result_words(self, state: State, names: Sequence[str]) -> str:
        """A finished game in a few words for the lists of games: 'won by Anne · 541 to 500'
        (the scores highest first, when the game keeps them)."""
        won = ["you" if names[seat] == "You" else names[seat] for seat in self.winners(state)]
        words = f"won by {listing(won)}" if won else "nobody won"
        scores = sorted(self.final_scores(state), reverse=True)
        return f"{words} · {' to '.join(map(str, scores))}" if scores else words

    def refusal(self, state: State, action: str) -> str | None:
        """Why the seat to act may not make `action` now, said to them (None: it may)."""
        return state.refusal(action)

    def thinker(self, kind: str, rng: random.Random) -> Callable[[State, int], Callable[[], str]]:
        """A computer player: given (state, seat) on the table's thread, returns the work to run
        on a worker thread (it must not touch `state`), which returns the chosen action."""
        bot = self.engine.make_bot(kind, rng)

        def prepare(state: State, seat: int) -> Callable[[], str]:
            # the bot thinks in the table's worker thread: a snapshot, not a live view
            # (the legal actions as a tuple of its own: a lazy sequence reads the live state)
            obs, legal = state.observation(seat).detached(), tuple(state.legal_actions())
            return lambda: bot.act(obs, legal)

        return prepare

    def hinter(self, rng: random.Random) -> Callable[[State, int], Callable[[], Hint]]:
        """The hint for a seat, as `thinker`: the strong computer player's choice, found from
        the seat's own observation (so a hint reads only what that seat may see), with its
        reason in words (`hint_words`, from the same observation)."""
        bot = self.engine.make_bot(HINT_LEVEL, rng)

        def prepare(state: State, seat: int) -> Callable[[], Hint]:
            obs, legal = state.observation(seat).detached(), tuple(state.legal_actions())

            def work() -> Hint:
                action = bot.act(obs, legal)
                return Hint(action, self.hint_words(obs, seat, action))

            return work

        return prepare

    def corrected_hinter(
        self, rng: random.Random, correct: Callable[[Any, tuple[str, ...], str], str]
    ) -> Callable[[State, int], Callable[[], Hint]]:
        """`hinter`, its choice passed through `correct(obs, legal, action)` (a game's own
        care for a person: Skull's never a bluff, Skip-Bo's follow-through); a changed move
        gets its own words."""
        strong = SeatedGame.hinter(self, rng)  # the shared one: the game's own calls this

        def prepare(state: State, seat: int) -> Callable[[], Hint]:
            work = strong(state, seat)
            obs, legal = state.observation(seat).detached(), tuple(state.legal_actions())

            def corrected() -> Hint:
                hint = work()
                action = correct(obs, legal, hint.action)
                if action == hint.action:
                    return hint
                return Hint(action, self.hint_words(obs, seat, action))

            return corrected

        return prepare

    def hint_words(self, obs: Any, seat: int, action: str) -> str:
        """Why the strong player would make `action`, in one line said to `seat`, read from
        `obs` (what that seat may see) alone: "Play the Jolly Roger 14: it wins the trick you
        bid". A game's adapter says it in its own words; by default the move alone."""
        return self.move_words(action)

    def move_words(self, action: str) -> str:
        """An action in a player's words ("Bid 2", "Play the Mermaid"), for a hint."""
        return action

    # --- what happened, in words --------------------------------------------------------

    def event_count(self, state: DrawnFrom) -> int:
        return len(state.events)

    def log(
        self, state: DrawnFrom, viewer: int | None, names: Sequence[str], upto: int | None = None
    ) -> list[str]:
        """Every event so far that `viewer` may know (None: nobody's secrets), in words, the
        seats named as the viewer reads them; only the first `upto` events if given (a table
        tells a move once its card has landed)."""
        lines = []
        for event in as_told(state.events[:upto], viewer):
            line = state.event_words(event, viewer, names)
            if line:
                lines.append(line)
        return lines

    def undo_point(self, state: State, seat: int) -> int | None:
        """How many actions to keep to take back `seat`'s last action, or None when the game's
        policy forbids it (something hidden was shown since). By default: no undo."""
        return None


class TableGame(SeatedGame, ABC):
    """A card game at the shared card table: its cards, hands, pile, events and score sheet."""

    card_size: tuple[int, int] = (84, 120)
    score_word: tuple[str, str] = ("point", "points")  # what a score counts, one and many
    next_label: str = "Next round"  # the button that closes a round's summary

    # seats and order
    def seat_count(self, state: DrawnFrom) -> int:
        """Seats drawn round the table, ghosts included."""
        return self.players(state)

    def ghost_name(self, seat: int) -> str:
        return f"Seat {seat + 1}"

    def table_order(self, state: DrawnFrom) -> list[int]:
        """Seats in the order they play, as they sit round the table."""
        return list(range(self.seat_count(state)))

    @abstractmethod
    def seat_lines(self, state: DrawnFrom, viewer: int, seat: int) -> list[str]:
        """Two short lines for the seat's box (bid, tricks, points), as `viewer` knows them:
        another seat's lines say only what everyone knows; the viewer's own may say more."""

    def seat_badges(
        self, state: DrawnFrom, viewer: int, seat: int, names: Sequence[str]
    ) -> list[str]:
        """Public marks on a seat (stakes, alliances)."""
        return []

    @abstractmethod
    def hand_size(self, state: DrawnFrom, viewer: int, seat: int) -> int: ...

    # the viewer's hand and choices
    @abstractmethod
    def hand(self, state: DrawnFrom, viewer: int) -> list[str]: ...
    @abstractmethod
    def card_image(self, code: str, scale: float = 1.0, dim: bool = False) -> pygame.Surface: ...
    def card_back(self, scale: float = 1.0) -> pygame.Surface:
        """The back of this game's cards: its own when it has one (Skull King's), else plain."""
        return carddraw.card_back(scale, self.key)

    @abstractmethod
    def card_words(self, code: str) -> str: ...
    @abstractmethod
    def card_actions(self, state: DrawnFrom, viewer: int, code: str) -> list[str]:
        """The actions that play (or give up) the held card `code` now, if any."""

    def acting_word(self, state: DrawnFrom) -> str:
        """What the seat to act is doing, on its panel: "to play", "to bid"."""
        return "to play"

    def public_turn(self, state: DrawnFrom) -> bool:
        """The seat to act decides in front of everyone, with nothing of their own on show (a
        reveal all watch): at a shared desk no pass screen comes before it and no hand shows."""
        return False

    def plays_cards_now(self, state: DrawnFrom, viewer: int) -> bool:
        """The viewer is to use a card of their hand now (so the others are drawn dimmed)."""
        return True

    def action_label(self, action: str) -> str:
        """A button's words when a card can be played more than one way."""
        return action

    def move_words(self, action: str) -> str:
        return self.action_label(action)

    @abstractmethod
    def why_not(self, state: DrawnFrom, viewer: int, code: str) -> str | None:
        """Why the viewer cannot use that held card now (shown on hover)."""

    @abstractmethod
    def choices(self, state: DrawnFrom, viewer: int, names: Sequence[str]) -> list[tuple[str, str]]:
        """Buttons for the actions that are not cards: (label, action)."""

    def choice_tip(self, action: str) -> str:
        """A choice button's tooltip, in words ("" when its label says it all)."""
        return ""

    @abstractmethod
    def prompt(self, state: DrawnFrom, viewer: int, names: Sequence[str] = ()) -> str:
        """What the viewer is asked to do now, said to them ("how many tricks will you take?")."""

    def header(self, state: DrawnFrom, viewer: int) -> str:
        """The line over the table: public facts only (it shows on public screens too)."""
        return ""

    def round_end_view(self, state: DrawnFrom) -> Any:
        """What the table draws (seats, header, hand) while a finished round's last pile and
        summary are on show and the next deal has not flown: the round as it ended. The
        default, the state itself, suits a game whose deal changes nothing drawn."""
        return state

    # the middle of the table
    def pile(self, state: DrawnFrom) -> list[tuple[int, str]]:
        """Cards in the middle, with the seat that played each: a trick game's trick. None
        by default (a game whose cards lie in spots, or that has no trick)."""
        return []

    def pile_leader(self, state: DrawnFrom) -> int | None:
        """The seat whose card is winning the pile now."""
        return None

    def pile_note(self, state: DrawnFrom) -> str:
        return ""

    def private_views(self, state: DrawnFrom, viewer: int) -> list[PrivateView]:
        return []

    def spots(self, state: DrawnFrom, viewer: int, names: Sequence[str]) -> list[Spot]:
        """Cards on the table outside the pile (none: a trick game): a face up is seen by
        everyone, a secret lies face down (None)."""
        return []

    def spot_scale(self, seats: int) -> float:
        """The size of the cards in spots, for this many seats round the table."""
        return 0.55 if seats <= 5 else 0.48

    # events
    @abstractmethod
    def happenings(self, state: DrawnFrom, start: int, names: Sequence[str]) -> list[Happening]:
        """What the table animates for the events from index `start` on."""

    # rounds, scores, undo
    def round_summary(self, state: DrawnFrom, index: int, names: Sequence[str]) -> Summary:
        """Round `index`'s summary screen, shown when the happenings say RoundEnded (a game
        of rounds says what each was). By default, for a single deal that never says it: each
        player's score as it stands."""
        word = self.score_word[1]
        rows = tuple((names[p], str(score)) for p, score in enumerate(self.scores(state)))
        return Summary(self.title, ("Player", word[:1].upper() + word[1:]), rows)

    def sheet(self, state: DrawnFrom) -> Sheet:
        """The score sheet: a game of rounds lists them. By default, for a single deal: no
        rounds, only each player's score, the game the one step."""
        scores = tuple(self.scores(state))
        return Sheet(tuple(range(len(scores))), (), scores, unit=self.score_word[1], step="game")

    def final_scores(self, state: State) -> list[int]:
        return self.scores(state)

    def scores(self, state: DrawnFrom) -> list[int]:
        """Each player's score as the sheet and the game's end show it: by default the
        engine's returns (final scores at the end, running totals before), as whole numbers."""
        return [round(value) for value in state.returns()]

    def out_of_game(self, state: DrawnFrom, names: Sequence[str]) -> dict[int, str]:
        """Seats put out before the game's end, each with when, in words ("lost all cards in
        round 4"), latest first: the game-over ranking lists them apart and ranks the rest."""
        return {}


__all__ = [
    "HINT_LEVEL",
    "Dealt",
    "DrawnFrom",
    "Happening",
    "Hint",
    "Peek",
    "PlacedDown",
    "Played",
    "PrivateView",
    "RoundEnded",
    "Said",
    "SeatedGame",
    "Sheet",
    "Shout",
    "Spot",
    "State",
    "Summary",
    "TableGame",
    "Taken",
    "Turned",
]
