"""The state shape every table game shares (open_spiel's), and seeded randomness helpers.

A game is fully described by (options, seed, action list): the state draws every shuffle from its
own `random.Random`, so replaying the actions on a fresh state rebuilds it exactly. That list is the
save file, the replay and the undo history.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, TypeVar

# Sentinels returned by current_player() when no single seat is to act (open_spiel's values).
CHANCE = -1
SIMULTANEOUS = -2
TERMINAL = -4

T = TypeVar("T")
A = TypeVar("A")  # an action; games use str so saves are plain JSON lists


class IllegalActionError(ValueError):
    """An action that is not in legal_actions() was applied: a bug in the caller, never ignored."""


class GameState(ABC, Generic[A]):
    """One game in progress. Mutable, but clone() gives an independent copy for search."""

    @property
    @abstractmethod
    def num_players(self) -> int:
        """Seats that act and score (not counting ghosts such as Greybeard)."""

    @abstractmethod
    def current_player(self) -> int:
        """Seat to act, or CHANCE / SIMULTANEOUS / TERMINAL."""

    @abstractmethod
    def legal_actions(self) -> list[A]:
        """Actions the current player may take, in a stable order; empty when terminal."""

    @abstractmethod
    def apply_action(self, action: A) -> None:
        """Apply one legal action; raise IllegalActionError otherwise."""

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

    @abstractmethod
    def history(self) -> list[A]:
        """Every action applied since the start, in order: with options and seed, the whole game."""

    def action_to_string(self, action: A) -> str:
        """Stable text for logs and saves (identity for string actions)."""
        return str(action)

    def string_to_action(self, text: str) -> A:
        """Inverse of action_to_string."""
        return text  # type: ignore[return-value]

    def apply_string(self, text: str) -> None:
        self.apply_action(self.string_to_action(text))


def replay(new_state: Callable[[], GameState[A]], actions: Iterable[A]) -> GameState[A]:
    """Rebuild a game from its action list (a save file, a replay or an undo target)."""
    state = new_state()
    for action in actions:
        state.apply_action(action)
    return state


def make_rng(seed: int, *salt: object) -> random.Random:
    """A private generator for one purpose; string seeds hash with SHA-512, stable across versions."""
    return random.Random(":".join(str(part) for part in (seed, *salt)))


def shuffled(items: Iterable[T], rng: random.Random) -> list[T]:
    """THE shuffle of every game (Skully's seat order too): Fisher-Yates over rng.random(), which,
    unlike random.shuffle, is promised stable across CPythons, so saves replay the same deals."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        out[i], out[j] = out[j], out[i]
    return out


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
