"""The state shape every table game shares (open_spiel's), and seeded randomness helpers.

A game is fully described by (options, seed, action list): the state draws every shuffle from its
own `random.Random`, so replaying the actions on a fresh state rebuilds it exactly. That list is the
save file, the replay and the undo history.
"""

from __future__ import annotations

import _random
import random
import weakref
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from hashlib import sha512
from itertools import repeat, starmap
from math import floor
from operator import mul
from typing import Any, ClassVar, Generic, Self, TypeVar, overload

from cards.options import OptionSet

# Sentinels returned by current_player() when no single seat is to act (open_spiel's values).
CHANCE = -1
SIMULTANEOUS = -2
TERMINAL = -4

T = TypeVar("T")
A = TypeVar("A")  # an action; games use str so saves are plain JSON lists
S = TypeVar("S", bound="GameState[Any]")
V = TypeVar("V", bound="View")


_new = object.__new__
_PRUNE_AT = 64  # views a state keeps track of before it lets go of those already gone


class IllegalActionError(ValueError):
    """An action that is not in legal_actions() was applied: a bug in the caller, never ignored."""


# What a game's one-action check may raise for something that is not even one of its actions.
NOT_AN_ACTION = (TypeError, KeyError, ValueError)


class GameState(ABC, Generic[A]):
    """One game in progress. Mutable, but clone() gives an independent copy for search.

    The pattern every game follows, so that bots and analysis can run it thousands of times:
    - `legal_actions()` is an immutable sequence the position owns (a tuple, or a lazy
      `LegalActions`), built once per position and kept until the next action, so the usual
      chooser-then-apply loop checks the action against it instead of building it again; a
      caller that wants a list calls `list()`. Without it, `is_legal()` asks the game's cheap
      one-action check (`_is_legal`).
    - `apply_action()` refuses an illegal action; `apply_unchecked()` is for search, which only
      applies actions it took from the legal list.
    - Events are recorded only while someone listens (`recording`); `listen()` catches up by
      replaying the game, which (options, seed, actions) describe exactly.
    - `observation()` returns a `View`: fields are read from the state when first used, so a bot
      that reads one field pays for one field; a view still held when the state moves on always
      shows the moment it was made: it keeps that position's place in the game (options, seed
      and the first actions) and rebuilds it if a field is first read later, or, for a state
      not made by its actions alone (a search world), is filled in first. `glance()` is the
      same view for a reader done with it before the next action (a bot choosing in self-play
      or in a search): nothing to keep, and a field read too late raises instead.
    """

    _legal: Sequence[A] | None = None  # legal_actions() of this position, once asked for
    _views: list[weakref.ref[View]] | None = None  # views that may still read this position
    recording: bool = False  # events are appended as they happen (someone listens)
    _moves: int = 0  # actions applied to this object: a LegalActions knows its position by it
    # Options, seed and the actions applied rebuild this state exactly (`replay`): a game dealt
    # by its constructor and moved by its actions only. A state built or changed by hand (a
    # search world, a clone) leaves it False, and its views are filled in before it moves on.
    _replayable: bool = False
    # The full position text it was set to (from_position), its actions applied since: its save
    # and its events start there. None for a game dealt by its constructor.
    _start: str | None = None

    @property
    @abstractmethod
    def num_players(self) -> int:
        """Seats that act and score (not counting ghosts such as Greybeard)."""

    @abstractmethod
    def current_player(self) -> int:
        """Seat to act, or CHANCE / SIMULTANEOUS / TERMINAL."""

    def legal_actions(self) -> Sequence[A]:
        """Actions the current player may take, in a stable order; empty when terminal.

        The contract (python-chess's `legal_moves` is the model): an immutable sequence the
        position owns, a tuple or a read-only lazy sequence (`LegalActions`), good until the
        next action; no caller may change it, and one that wants a list of its own calls
        `list()`. It compares as what it is: `list(legal) == [...]`, never `legal == [...]`.
        Nothing is copied for the caller, so the usual loop (ask, choose, apply) pays for one
        listing at most, and a bot that names its action from its view for none."""
        return self._kept_legal()

    def _kept_legal(self) -> Sequence[A]:
        """This position's legal actions as a tuple, listed once and kept until the next
        action (what `LegalActions` reads, and `apply_action` checks against)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(self._legal_actions())
        return legal

    @abstractmethod
    def _legal_actions(self) -> Sequence[A]:
        """Build the legal list of this position (legal_actions() keeps it, as a tuple)."""

    def lazy_legal_actions(self) -> LegalActions[A]:
        """The legal actions as a sequence listed only when first read (see LegalActions)."""
        legal: LegalActions[A] = _new(LegalActions)  # LegalActions(self) without the call
        legal._state = self  # to __init__: self-play makes one for every decision
        legal._at = self._moves
        return legal

    def is_legal(self, action: A) -> bool:
        """Whether `action` may be applied now, without building the legal list again."""
        legal = self._legal
        if legal is not None:
            return action in legal
        return self._is_legal(action)

    def _is_legal(self, action: A) -> bool:
        """The one-action check; games override it with something cheaper than the whole list."""
        return action in self._legal_actions()

    def apply_action(self, action: A) -> None:
        """Apply one legal action; raise IllegalActionError otherwise."""
        self._check(action)
        # apply_unchecked(action), inlined: every action of every game comes here
        if self._views is not None:
            self._freeze_views()
        self._moves += 1
        self._apply(action)

    def _check(self, action: A) -> None:
        """apply_action's check, the one every game's own apply_action makes: IllegalActionError
        unless `action` may be applied now (in the kept legal list, else the game's one-action
        test); the kept list is let go, since the action changes the position."""
        kept = self._legal
        try:
            legal = action in kept if kept is not None else self._is_legal(action)
        except NOT_AN_ACTION:
            legal = False
        if not legal:
            raise IllegalActionError(self.illegal_message(action))
        self._legal = None

    def apply_unchecked(self, action: A) -> None:
        """Apply an action known to be legal (search rollouts skip the check for speed)."""
        self._legal = None
        if self._views is not None:
            self._freeze_views()
        self._moves += 1
        self._apply(action)

    def _hold(self, view: View) -> None:
        """Fill `view` in before this state changes, if it is still held then."""
        views = self._views
        if views is None:
            self._views = [weakref.ref(view)]
        else:
            views.append(weakref.ref(view))
            if len(views) > _PRUNE_AT:  # a table asks many times while a person thinks
                self._views = [ref for ref in views if ref() is not None]

    def _freeze_views(self) -> None:
        """Views still held see this position, not the next one: they keep its place in the
        game to rebuild it if read later (a replayable state), or are filled in now."""
        views, self._views = self._views or [], None
        if not self._replayable:
            for ref in views:
                view = ref()
                if view is not None:
                    view._freeze()
            return
        past = None
        for ref in views:
            view = ref()
            if view is not None:
                if past is None:  # see `rebuilt`
                    history = self._history  # type: ignore[attr-defined]
                    past = [
                        type(self),
                        self.options,  # type: ignore[attr-defined]
                        self.seed,  # type: ignore[attr-defined]
                        history,
                        len(history),
                        self.recording,
                        None,
                    ]
                d = view.__dict__
                d["_past"] = past
                d["_state"] = None

    @abstractmethod
    def _apply(self, action: A) -> None:
        """Change the state by one legal action."""

    def illegal_message(self, action: A) -> str:
        """Why apply_action refused `action`, for the exception: the action, then the player's
        reason (games add where the game stood)."""
        return f"{action!r} is not legal now: {self.refusal(action)}"

    # ---- the contract every table reads: who won, why not, what happened, a world for search ----

    def winners(self) -> list[int]:
        """The seats that won, once the game is over (a tie or a pair: several); [] before.
        By default the seats with the best return; games with their own ruling say it."""
        if not self.is_terminal():
            return []
        returns = self.returns()
        best = max(returns)
        return [p for p, value in enumerate(returns) if value == best]

    def refusal(self, action: A) -> str | None:
        """None when `action` may be applied now; else why not, in a player's words, said to
        the seat to act ("You can't play a yellow: you must follow purple"). Games with rules
        worth explaining override it; this is the floor every game has."""
        if self.allows(action):
            return None
        if self.is_terminal():
            return "The game is over: no more moves."
        return "You can't do that now."

    def allows(self, action: object) -> bool:
        """`is_legal`, and False for what is not even an action of the game."""
        try:
            return self.is_legal(action)  # type: ignore[arg-type]
        except NOT_AN_ACTION:
            return False

    def event_words(self, event: Any, viewer: int | None, names: Sequence[str]) -> str:
        """One event (as `viewer` may see it: cards.events.visible) in a person's words, the
        seats named by `names` as the viewer reads them ("You" for their own); "" for one the
        log leaves out. Each game writes its words once, in its `words.py`."""
        return ""

    @classmethod
    def from_view(cls, view: Any, rng: random.Random) -> Self:
        """A whole game consistent with everything `view` shows its seat, what that seat cannot
        see drawn from `rng` (a determinization): the one way a bot's search rebuilds a game.
        The seat's observation of the result equals `view` in every field but its HISTORY."""
        raise NotImplementedError(f"{cls.__name__} cannot rebuild a game from a view")

    def position(self, viewer: int | None = None) -> str:
        """This position as one line of text (cards/position.py; each game lists its fields in
        its `position` module): a full one, every field that decides what comes next, the deck's
        order and the seed too; or, for seat `viewer`, what that seat may see, the hidden parts
        left out. `type(state).from_position(state.position())` is the same game."""
        raise NotImplementedError(f"{type(self).__name__} cannot write its position")

    @classmethod
    def from_position(cls, text: str, rng: random.Random | None = None) -> Self:
        """The game standing at `text` (a `position()`), ready to play on; a seat's view has its
        hidden parts filled in by `from_view` from `rng` (a fixed one when not given). A bad or
        impossible position raises cards.position.PositionError: one line naming the field."""
        raise NotImplementedError(f"{cls.__name__} cannot read a position")

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def returns(self) -> list[float]:
        """Per-seat outcome (final scores when terminal, running totals before)."""

    @abstractmethod
    def clone(self) -> GameState[A]: ...

    @abstractmethod
    def observation(self, player: int) -> Any:
        """Everything `player` may know and nothing more: what bots and the table draw from."""

    def play_bots(
        self, bots: Sequence[Any], unlisted: Sequence[bool], blind: Sequence[bool] = ()
    ) -> Self:
        """Play to the end, `bots[seat].act(view, legal)` choosing for each seat (see
        cards.bots.play_out): each sees its own glance (None where `blind[seat]`: a bot that
        never looks), and the legal actions unlisted where `unlisted[seat]`; `apply_action`
        checks every choice. Games may write the loop with cheaper reads of whose turn it is;
        the steps stay these."""
        seats = len(bots)
        sees = [not (blind and blind[seat]) for seat in range(seats)]
        while not self.is_terminal():
            seat = self.current_player()
            if not 0 <= seat < seats:
                raise RuntimeError(f"no bot can act for player id {seat}")
            legal = self.lazy_legal_actions() if unlisted[seat] else self.legal_actions()
            view = self.glance(seat) if sees[seat] else None
            self.apply_action(bots[seat].act(view, legal))
        return self

    def glance(self, player: int) -> Any:
        """`observation(player)` for a reader done with it before the next action: a bot that
        chooses one action, in self-play or in a search. The state does not fill it in when it
        moves on (nothing to register, nothing to read ahead), so a field first read after
        that raises rather than show a later position. Games whose views cost enough to matter
        make it cheaper; by default it is the observation itself."""
        return self.observation(player)

    @abstractmethod
    def history(self) -> list[A]:
        """Every action applied since the start, in order: with options and seed, the whole game."""

    def listen(self) -> None:
        """Record events from now on, after catching up on those already past."""
        if not self.recording:
            self._catch_up()
            self.recording = True

    def _catch_up(self) -> None:
        """Fill in the events of the actions applied so far (games that record events say how)."""

    def _shallow_copy(self: S) -> S:
        """The start of clone(): every attribute shared, no views; clone() copies what changes.
        A clone may be changed by hand (a search world): its views are filled in, not rebuilt."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new._views = None
        new._replayable = False
        return new

    # ---- saves: a game is (options, seed, actions) ------------------------------------------------
    # A game names its file format and the options class its saves hold; its constructor takes
    # (options, seed, record), record meaning "keep the events as they happen" (written once,
    # in RecordedGame: a game adds its own start, `_begin`).
    SAVE_FORMAT: ClassVar[str] = ""
    SAVE_VERSION: ClassVar[int] = 1
    OPTIONS: ClassVar[type[OptionSet]]

    @classmethod
    def replay(cls, options: Any, seed: int, actions: Sequence[A], record: bool = False) -> Self:
        """Rebuild a game from its save: the same options, seed and actions give the same state.
        `record` keeps the events as they happen, for a table that will show them."""
        state = cls(options, seed, record)  # type: ignore[call-arg]
        for i, action in enumerate(actions):
            try:
                state.apply_action(action)
            except IllegalActionError as err:
                raise IllegalActionError(f"action {i}: {err}") from None
        return state

    def to_record(self) -> dict[str, Any]:
        """The JSON save: format, version, options, seed and the action list (for a game set
        to a position, that position too: the actions are played from it)."""
        record = {
            "format": self.SAVE_FORMAT,
            "version": self.SAVE_VERSION,
            "options": self.options.to_dict(),  # type: ignore[attr-defined]
            "seed": self.seed,  # type: ignore[attr-defined]
            "actions": list(self.history()),
        }
        if self._start is not None:
            record["position"] = self._start
        return record

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Self:
        """Load a save; a bad record raises ValueError naming the field and what was expected."""
        if record.get("format") != cls.SAVE_FORMAT:
            raise ValueError(f"format: expected {cls.SAVE_FORMAT!r}, got {record.get('format')!r}")
        version = record.get("version")
        if type(version) is not int or version != cls.SAVE_VERSION:  # not true, not 1.0
            raise ValueError(f"version: expected {cls.SAVE_VERSION}, got {record.get('version')!r}")
        seed = record.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed: expected an integer, got {seed!r}")
        actions = record.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise ValueError("actions: expected a list of strings")
        options = record.get("options", {})
        if not isinstance(options, Mapping):
            raise ValueError(f"options: expected a table of rule options, got {options!r:.40}")
        options = cls.OPTIONS.from_dict(dict(options))
        start = record.get("position")
        if start is None:
            return cls.replay(options, seed, actions)
        if not isinstance(start, str):
            raise ValueError(f"position: expected a position's text, got {start!r:.40}")
        state = cls.from_position(start)
        for i, action in enumerate(actions):
            try:
                state.apply_action(action)
            except IllegalActionError as err:
                raise IllegalActionError(f"action {i}: {err}") from None
        return state

    def action_to_string(self, action: A) -> str:
        """Stable text for logs and saves (identity for string actions)."""
        return str(action)

    def string_to_action(self, text: str) -> A:
        """Inverse of action_to_string."""
        return text  # type: ignore[return-value]

    def apply_string(self, text: str) -> None:
        self.apply_action(self.string_to_action(text))


class RecordedGame(GameState[A]):
    """A game that keeps its action list in `_history` and its typed events in `_events`:
    its start, the history, the events (caught up by replaying a twin when first asked for)
    and each seat's share of them, written once for every table game. A game states only what
    differs: its OPTIONS and its own start (`_begin`), never a constructor of its own."""

    options: Any  # the game's OPTIONS
    seed: int
    _history: list[A]
    _events: list[Any]

    def __init__(self, options: Any = None, seed: int = 0, record: bool = False) -> None:
        """A game dealt from `seed` under `options` (the OPTIONS' defaults when None), its
        events recorded as they happen when `record` (a table that shows them), else caught
        up when first asked for. The game's own start (`_begin`) deals; dealt so, and then
        moved by its actions only, (options, seed, actions) rebuild it: it is replayable."""
        self._legal = None
        self._moves = 0
        self._views = None
        self.options = self.OPTIONS() if options is None else options
        self.seed = seed
        self.recording = record
        self._history = []
        self._events = []
        self._begin()
        self._replayable = True

    @abstractmethod
    def _begin(self) -> None:
        """The game's own start, after the shared one: its fields set from `options` and
        `seed` and its first deal dealt (its events recorded when `recording`)."""

    def history(self) -> list[A]:
        return list(self._history)

    @property
    def events(self) -> list[Any]:
        """Every happening so far, in order (recorded from now on: someone listens)."""
        self.listen()
        return self._events

    def _catch_up(self) -> None:
        self._events = self._recorded_twin()._events

    def _recorded_twin(self) -> Self:
        """This game played again with its events recorded: from its deal, or from the
        position it was set to (from_position)."""
        if self._start is None:
            return type(self).replay(self.options, self.seed, self._history, record=True)  # type: ignore[attr-defined]
        twin = type(self).from_position(self._start)
        twin.recording = True
        for action in self._history:
            twin.apply_action(action)
        return twin

    def events_for(self, player: int | None) -> list[Any]:
        """The events as `player` may see them (None: a spectator): no other seat's secret."""
        from cards.events import visible

        return visible(self.events, player)


Past = list[Any]
"""A position a game has left, kept by its place in the game: [the state's class, options, seed,
its action list (which only grows), how many of them had been applied, whether it recorded,
the position once rebuilt]. Views held across an action keep one instead of being filled in."""


def rebuilt(past: Past) -> GameState[Any]:
    """The position `past` keeps, rebuilt on first asking (`replay`) for every view keeping it."""
    state = past[6]
    if state is None:
        kind, options, seed, actions, at, record = past[:6]
        state = past[6] = kind.replay(options, seed, actions[:at], record)
    return state


class LegalActions(Sequence[A]):
    """One position's legal actions, listed only when first read.

    A bot that names its action from its view (Skip-Bo's build-first) never pays for the list,
    and `in` asks the game's one-action check. Read, it is the position's kept tuple (listed
    once, `_kept_legal`). It belongs to the position it was made at: read after the state has
    moved on, it raises rather than answer for another position."""

    __slots__ = ("_at", "_state")

    def __init__(self, state: GameState[A]) -> None:
        self._state = state
        self._at = state._moves

    def _check(self) -> GameState[A]:
        state = self._state
        if state._moves != self._at:
            raise RuntimeError("these legal actions belong to a position the game has left")
        return state

    def _list(self) -> Sequence[A]:
        state = self._state
        if state._moves != self._at:
            raise RuntimeError("these legal actions belong to a position the game has left")
        return state._kept_legal()

    @overload
    def __getitem__(self, index: int) -> A: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[A]: ...
    def __getitem__(self, index: int | slice) -> A | Sequence[A]:
        return self._list()[index]

    def __len__(self) -> int:
        return len(self._list())

    def __iter__(self) -> Iterator[A]:
        return iter(self._list())

    def __contains__(self, action: object) -> bool:
        try:
            return self._check().is_legal(action)  # type: ignore[arg-type]
        except NOT_AN_ACTION:
            return False

    def __eq__(self, other: object) -> bool:
        """Equal to another position's LegalActions or a tuple listing the same actions (a
        list is not a tuple: `list(legal) == [...]`, as for any tuple)."""
        if isinstance(other, LegalActions):
            other = tuple(other._list())
        if not isinstance(other, tuple):
            return NotImplemented
        return tuple(self._list()) == other

    __hash__ = None  # type: ignore[assignment]  # it stands for its position's tuple

    def __repr__(self) -> str:
        return f"LegalActions({tuple(self._list())!r})"


class observed(Generic[T]):  # lower case: a decorator, like property
    """A field of a View: computed from the state on first read, then kept on the view."""

    def __init__(self, compute: Callable[[Any, Any], T]) -> None:
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, view: None, owner: type | None = None) -> observed[T]: ...
    @overload
    def __get__(self, view: View, owner: type | None = None) -> T: ...
    def __get__(self, view: View | None, owner: type | None = None) -> T | observed[T]:
        if view is None:
            return self
        state = view._state
        if state is None or state._moves != view._at:  # the position has been left
            state = view._then(self.name)
        value = self.compute(view, state)
        view.__dict__[self.name] = value  # a non-data descriptor: the next read is a dict hit
        return value


class View:
    """One seat's observation, read from the live state on demand (see GameState's pattern).

    Subclasses declare their fields as `@observed` methods `(self, state) -> value` that read only
    what `self.player` may know. A view keeps the state only while the state stands still: the
    first change of the state lets it go, leaving the view the position's place in the game to
    rebuild it from if a field is read later (or, for a search world, every field filled in). Views
    compare, hash and print by their fields, like the frozen dataclasses they replace.
    """

    FIELDS: ClassVar[tuple[str, ...]] = ()
    # Fields that tell the past rather than the position (a log in words): a world rebuilt for
    # search (GameState.from_view) need not carry them.
    HISTORY: ClassVar[tuple[str, ...]] = ()
    # Fields that only grow, whose entries never change once there (a score sheet of finished
    # rounds): a table across the network is sent only their new entries, as for HISTORY.
    GROWS: ClassVar[tuple[str, ...]] = ()
    player: int
    _state: Any
    _at: int  # the state's `_moves` when the view was made: the position it shows

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        names: list[str] = []
        for klass in reversed(cls.__mro__):
            for name, value in vars(klass).items():
                if isinstance(value, observed) and name not in names:
                    names.append(name)
        cls.FIELDS = tuple(names)

    def __init__(self, state: GameState[Any], player: int, glance: bool = False) -> None:
        d = self.__dict__
        d["player"] = player
        d["_state"] = state
        d["_at"] = state._moves
        if not glance:  # else read before the next action (see GameState.glance)
            state._hold(self)

    def _freeze(self) -> None:
        """Read every field now: the state is about to change."""
        for name in self.FIELDS:
            getattr(self, name)
        d = self.__dict__
        d["_state"] = None
        d.pop("_past", None)

    def _then(self, name: str) -> Any:
        """The position this view shows, for a field first read after the state moved on:
        rebuilt from its place in the game; a glance (nothing kept) raises."""
        past = self.__dict__.get("_past")
        if past is None:
            raise RuntimeError(f"{name!r} read from a glance at a position the game has left")
        return rebuilt(past)

    def detached(self) -> Self:
        """Every field read now and the state let go: for a bot thinking in another thread,
        which must never read a live state the table may be drawing or changing."""
        self._freeze()
        return self

    def values(self) -> dict[str, Any]:
        """Every field by name (reads them all)."""
        return {name: getattr(self, name) for name in ("player", *self.FIELDS)}

    def replace(self, **changes: Any) -> Self:
        """A detached copy with some fields changed (dataclasses.replace for views)."""
        values = self.values()
        unknown = set(changes) - set(values)
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {sorted(unknown)[0]!r}")
        values.update(changes, _state=None)
        copy = object.__new__(type(self))
        copy.__dict__.update(values)
        return copy

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only: cannot delete {name!r}")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.values() == other.values()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(tuple(self.values().values()))

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in self.values().items())
        return f"{type(self).__name__}({fields})"


def new_view(kind: type[V], state: GameState[Any], player: int, hold: bool) -> V:
    """`kind(state, player, glance=not hold)` without the call to __init__: every decision of
    every game makes one (see View.__init__)."""
    view = _new(kind)
    d = view.__dict__
    d["player"] = player
    d["_state"] = state
    d["_at"] = state._moves
    if hold:
        views = state._views
        if views is None:
            state._views = [weakref.ref(view)]
        else:
            state._hold(view)
    return view


def no_view(seat: int) -> None:
    """What a bot that never looks is handed instead of a glance (see cards.bots.RandomBot)."""
    return None


def play_to_phase(
    state: Any,
    over: object,
    bots: Sequence[Any],
    unlisted: Sequence[bool],
    blind: Sequence[bool] = (),
) -> None:
    """GameState.play_bots for a game that ends when `state.phase is over` (Skull, Skull King):
    each seat's bot, legal list and view looked up once, the end read as one attribute, every
    choice still through apply_action's check. The loop of self-play, the ladder and the bench."""
    if len(bots) != state.num_players:
        raise RuntimeError(f"{len(bots)} bots for {state.num_players} seats")
    current, apply = state.current_player, state.apply_action
    acts = [bot.act for bot in bots]
    legal = [state.lazy_legal_actions if u else state.legal_actions for u in unlisted]
    if blind and all(blind):  # no bot looks (random ones): none is handed a view
        while state.phase is not over:
            seat = current()
            if seat < 0:
                raise RuntimeError(f"no bot can act for player id {seat}")
            apply(acts[seat](None, legal[seat]()))
        return
    looks = [no_view if blind and blind[p] else state.glance for p in range(len(bots))]
    while state.phase is not over:
        seat = current()
        if seat < 0:
            raise RuntimeError(f"no bot can act for player id {seat}")
        apply(acts[seat](looks[seat](seat), legal[seat]()))


def replay(new_state: Callable[[], GameState[A]], actions: Iterable[A]) -> GameState[A]:
    """Rebuild a game from its action list (a save file, a replay or an undo target)."""
    state = new_state()
    for action in actions:
        state.apply_action(action)
    return state


def make_rng(seed: int, *salt: object) -> random.Random:
    """A private generator for one purpose; string seeds hash with SHA-512, stable across versions.

    It is `random.Random(text)` (the text's bytes and their SHA-512 digest as one integer seed,
    Python's promised version-2 string seeding) seeded without the Python-level `seed` and
    `__init__`: every deal, reshuffle and self-play bot makes one."""
    text = ":".join(map(str, (seed, *salt))).encode()
    rng = _new_random(random.Random)
    _seed_random(rng, int.from_bytes(text + sha512(text).digest()))
    rng.gauss_next = None
    return rng


_new_random = random.Random.__new__
_seed_random = _random.Random.seed  # the C seeding random.Random.seed ends in


def shuffled(items: Iterable[T], rng: random.Random) -> list[T]:
    """THE shuffle of every game (Skully's seat order too): Fisher-Yates over rng.random(), which,
    unlike random.shuffle, is promised stable across CPythons, so saves replay the same deals."""
    out = list(items)
    n = len(out)
    spans = _SPANS.get(n)
    if spans is None:
        spans = _SPANS[n] = (range(n - 1, 0, -1), tuple(map(float, range(n, 1, -1))))
    places, sizes = spans
    # Swap i draws int(rand() * (i + 1)): the draws made and scaled in C loops, lazily, in the
    # order the swaps use them (the same deals as a loop of statements, a third quicker). The
    # spans are floats and `floor` stands for `int`: the same products and, for these numbers
    # (never negative), the same integers, a third fewer instructions than int's.
    draws = map(floor, map(mul, starmap(rng.random, repeat((), n - 1)), sizes))
    for i, j in zip(places, draws, strict=True):
        out[i], out[j] = out[j], out[i]
    return out


_SPANS: dict[int, tuple[range, tuple[float, ...]]] = {}  # per length: each swap's place and span


def pick(items: Sequence[T], rng: random.Random) -> T:
    """Uniform choice over rng.random() (random.choice is not promised stable across versions)."""
    if not items:
        raise ValueError("pick from an empty sequence")
    return items[int(rng.random() * len(items))]


def sample(items: Sequence[T], k: int, rng: random.Random) -> list[T]:
    """k distinct positions chosen uniformly: the top k of the one shuffle."""
    if not 0 <= k <= len(items):
        raise ValueError(f"cannot sample {k} of {len(items)}")
    return shuffled(items, rng)[:k]


class Deck(Generic[T]):
    """A face-down pile shuffled from a seeded generator; deal() takes from the top (index 0)."""

    def __init__(self, cards: Iterable[T], rng: random.Random) -> None:
        self.cards: list[T] = shuffled(cards, rng)

    def __len__(self) -> int:
        return len(self.cards)

    def deal(self, count: int) -> list[T]:
        if count > len(self.cards):
            raise ValueError(f"cannot deal {count} from {len(self.cards)} cards")
        dealt, self.cards = self.cards[:count], self.cards[count:]
        return dealt


class SeatView(View):
    """The fields every table game's observation starts with."""

    @observed
    def options(self, s: Any) -> Any:
        return s.options

    @observed
    def num_players(self, s: Any) -> int:
        return s.num_players

    @observed
    def current_player(self, s: Any) -> int:
        return s.current_player()
