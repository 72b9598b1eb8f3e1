"""Shed: 21 cards, the numbers 1 to 7 in red, green and blue. Each seat is dealt a hand and one
card is turned up to start the pile. In turn, a seat plays a card that matches the pile's top
card in colour or number; a seat that cannot must draw one card (its turn ends), or pass when
the deck is empty. The first seat out of cards wins; when every seat passes in a row, the
fewest cards win (a tie shares the win).

Actions: "PLAY:3R", "DRAW", "PASS". A pure engine (no pygame), every shuffle from the seed."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cards.engine import TERMINAL, RecordedGame, SeatView, make_rng, observed, shuffled
from cards.options import OptionSet, rule
from cards.words import listing, plural, says
from tests.shedding.engine import events as ev

COLOURS = {"R": "red", "G": "green", "B": "blue"}
DECK = tuple(f"{n}{c}" for c in COLOURS for n in range(1, 8))
ORDER = {code: i for i, code in enumerate(DECK)}
SAVE_FORMAT = "skully.shed.game"
DRAW, PASS, PLAY = "DRAW", "PASS", "PLAY:"


def describe(code: str) -> str:
    """'the red 3'."""
    return f"the {COLOURS[code[-1]]} {code[:-1]}"


def matches(code: str, top: str) -> bool:
    return code[:-1] == top[:-1] or code[-1] == top[-1]


@dataclass(frozen=True)
class ShedOptions(OptionSet):
    players: int = 2
    hand: int = field(
        default=5,
        metadata=rule(
            "Hand", "The cards dealt to each player", [(n, f"{n} cards") for n in (3, 4, 5)]
        ),
    )

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 4:
            raise ValueError(f"players: expected 2 to 4, got {self.players}")
        if not 3 <= self.hand <= 5:
            raise ValueError(f"hand: expected 3 to 5 cards, got {self.hand}")


class ShedState(RecordedGame[str]):
    """A whole game of Shed."""

    SAVE_FORMAT = SAVE_FORMAT
    OPTIONS = ShedOptions

    options: ShedOptions

    def _begin(self) -> None:
        deck = shuffled(DECK, make_rng(self.seed, "shed"))
        n, h = self.options.players, self.options.hand
        self.hands = [sorted(deck[p * h : (p + 1) * h], key=ORDER.__getitem__) for p in range(n)]
        self.pile = [deck[n * h]]
        self.deck = deck[n * h + 1 :]
        self.turn = 0
        self.passes = 0
        self.won: list[int] = []  # the winners, once over
        if self.recording:
            for p, hand in enumerate(self.hands):
                self._events.append(ev.Dealt(p, tuple(hand), len(hand)))
            self._events.append(ev.Started(self.pile[0]))

    # --- the contract ------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.options.players

    def current_player(self) -> int:
        return TERMINAL if self.won else self.turn

    def is_terminal(self) -> bool:
        return bool(self.won)

    def top(self) -> str:
        return self.pile[-1]

    def _legal_actions(self) -> list[str]:
        if self.won:
            return []
        top = self.pile[-1]
        plays = [PLAY + c for c in self.hands[self.turn] if matches(c, top)]
        if plays:
            return plays
        return [DRAW] if self.deck else [PASS]

    def refusal(self, action: str) -> str | None:
        if self.allows(action) or self.won:
            return super().refusal(action)
        hand, top = self.hands[self.turn], self.pile[-1]
        can_play = any(matches(c, top) for c in hand)
        if isinstance(action, str) and action.startswith(PLAY):
            code = action.removeprefix(PLAY)
            if code not in hand:
                return "You don't hold that card."
            return (
                f"You can't play {describe(code)}: it matches neither the colour nor the "
                f"number of {describe(top)}."
            )
        if action == DRAW and can_play:
            return "You can't draw while a card of yours can be played."
        if action == DRAW:
            return "The deck is empty: pass instead."
        if action == PASS:
            return "You can't pass while you can play or draw."
        return super().refusal(action)

    def _apply(self, action: str) -> None:
        seat, n = self.turn, self.options.players
        self._history.append(action)
        if action.startswith(PLAY):
            code = action.removeprefix(PLAY)
            self.hands[seat].remove(code)
            self.pile.append(code)
            self.passes = 0
            if self.recording:
                self._events.append(ev.Played(seat, code))
            if not self.hands[seat]:
                self._end([seat])
                return
        elif action == DRAW:
            code = self.deck.pop(0)
            self.hands[seat] = sorted([*self.hands[seat], code], key=ORDER.__getitem__)
            self.passes = 0
            if self.recording:
                self._events.append(ev.Drew(seat, code))
        else:
            self.passes += 1
            if self.recording:
                self._events.append(ev.Passed(seat))
            if self.passes >= n:
                fewest = min(len(h) for h in self.hands)
                self._end([p for p in range(n) if len(self.hands[p]) == fewest])
                return
        self.turn = (seat + 1) % n

    def _end(self, winners: list[int]) -> None:
        self.won = winners
        if self.recording:
            self._events.append(ev.Ended(tuple(winners)))

    def returns(self) -> list[float]:
        return [1.0 if p in self.won else 0.0 for p in range(self.options.players)]

    def clone(self) -> ShedState:
        new = self._shallow_copy()
        new.hands = [list(h) for h in self.hands]
        new.pile, new.deck = list(self.pile), list(self.deck)
        new._history, new._events, new.won = list(self._history), list(self._events), list(self.won)
        new._legal = None
        return new

    def observation(self, player: int) -> Observation:
        return Observation(self, player)

    def glance(self, player: int) -> Observation:
        return Observation(self, player, glance=True)

    @classmethod
    def from_view(cls, view: Any, rng: random.Random) -> ShedState:
        """A whole game the view's seat cannot tell from the true one: the unseen cards dealt
        to the other hands and the deck at random."""
        world = cls(view.options, 0)
        unseen = shuffled([c for c in DECK if c not in view.hand and c not in view.pile], rng)
        for p, size in enumerate(view.hand_sizes):
            if p == view.player:
                world.hands[p] = list(view.hand)
            else:
                world.hands[p] = sorted(unseen[:size], key=ORDER.__getitem__)
                unseen = unseen[size:]
        world.deck, world.pile = unseen, list(view.pile)
        world.turn = view.turn
        world.passes, world.won = view.passes, list(view.winners)
        world._history = []
        world._replayable = False
        world._legal = None
        return world

    def event_words(self, event: Any, viewer: int | None, names: Sequence[str]) -> str:
        if isinstance(event, ev.Dealt):
            if event.cards is None:
                return f"{names[event.seat]} is dealt {plural(event.count, 'card')}"
            dealt = listing([describe(c) for c in event.cards])
            return f"{says(names[event.seat], 'is', 'are')} dealt {dealt}"
        if isinstance(event, ev.Started):
            return f"The pile starts with {describe(event.card)}"
        if isinstance(event, ev.Played):
            return f"{says(names[event.seat], 'plays', 'play')} {describe(event.card)}"
        if isinstance(event, ev.Drew):
            what = "a card" if event.card is None else describe(event.card)
            return f"{says(names[event.seat], 'draws', 'draw')} {what}"
        if isinstance(event, ev.Passed):
            return f"{says(names[event.seat], 'passes', 'pass')}: nothing to play or draw"
        if isinstance(event, ev.Ended):
            won = [names[p] for p in event.winners]
            return f"{listing(won)} {'wins' if len(won) == 1 and won[0] != 'You' else 'win'}"
        return ""


class Observation(SeatView):
    """What one seat knows: its hand, the pile (all face up), how many cards the others hold."""

    @observed
    def hand(self, s: ShedState) -> tuple[str, ...]:
        return tuple(s.hands[self.player])

    @observed
    def pile(self, s: ShedState) -> tuple[str, ...]:
        return tuple(s.pile)

    @observed
    def hand_sizes(self, s: ShedState) -> tuple[int, ...]:
        return tuple(len(h) for h in s.hands)

    @observed
    def deck_left(self, s: ShedState) -> int:
        return len(s.deck)

    @observed
    def turn(self, s: ShedState) -> int:
        return s.turn

    @observed
    def passes(self, s: ShedState) -> int:
        return s.passes

    @observed
    def winners(self, s: ShedState) -> tuple[int, ...]:
        return tuple(s.won)
