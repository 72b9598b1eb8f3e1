"""A spectator's copy of a card game hosted elsewhere: a whole game made up from the table as
anyone may see it (net/watch.py `public_view`), so that the game's own table can draw it with
nobody's hand. No pygame here.

A game's engine builds a whole game from one seat's view (`from_view`), so the public view is
made into one: seat 0's, with what only seat 0 would know made up here, from the cards nobody
has seen (its hand) or left empty (what it alone was shown); Skull's engine imagines every
seat's cards itself when the view is nobody's (seat -1), so its view is that. The made-up parts
are never drawn: a spectator's table shows nobody's secrets (watchtable.py), only the seats' counts, the
piles and the board, which the public view gives as they are. A game not listed in `FILLS`
has no table for a spectator (spectate.py shows its page in words instead).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from cards import registry
from cards.events import Event
from skully_game.core.errors import DataError
from skully_game.net.shadow import Shadow, Turn
from skully_game.net.typed import SOURCE, kinds, read_events, read_view

PERSPECTIVE = 0  # the seat whose view the public table is made into (its secrets made up)
NOBODY = -1  # a view of no seat, where an engine can make up every seat's secrets (Skull's)

Fill = Callable[[dict[str, Any], random.Random], None]


def _skull_king(data: dict[str, Any], rng: random.Random) -> None:
    """Seat 0's hand: as many cards as it holds, from those nobody has seen played."""
    from cards.skull_king.cards import HELD, deck, sort_hand

    options = data["options"]
    advanced = bool(options.get("advanced_cards")) if isinstance(options, dict) else False
    unseen = Counter(deck(advanced))
    for record in data.get("tricks") or []:
        plays = record.get("plays") if isinstance(record, dict) else record[0]
        unseen.subtract(HELD.get(str(card), str(card)) for _, card in plays)
    unseen.subtract(HELD.get(str(card), str(card)) for _, card in data.get("trick") or [])
    pool = sorted(unseen.elements())
    size = int((data.get("hand_sizes") or [0])[PERSPECTIVE])
    data["hand"] = sort_hand(rng.sample(pool, min(size, len(pool))))
    data.update(my_discards=[], undealt_seen=None, undealt_seen_at=-1)


def _skip_bo(data: dict[str, Any], rng: random.Random) -> None:
    """Seat 0's hand: as many numbers as it holds, from the cards no one has seen."""
    from cards.skip_bo.cards import WILD, deck

    options = data["options"]
    wilds = options.get("wilds") if isinstance(options, dict) else None
    unseen = Counter(deck(wilds) if isinstance(wilds, int) else deck())
    for piles in data.get("discards") or []:
        for pile in piles:
            unseen.subtract(pile)
    for pile in data.get("build") or []:
        unseen.subtract(pile)
    unseen.subtract(t for t in data.get("stock_tops") or [] if t is not None)
    pool = sorted(unseen.elements())
    size = int((data.get("hand_sizes") or [0])[PERSPECTIVE])
    hand = sorted(rng.sample(pool, min(size, len(pool))))
    side = next((list(s) for s in data.get("sides") or [] if PERSPECTIVE in s), [PERSPECTIVE])
    sources = [PERSPECTIVE, *(s for s in side if s != PERSPECTIVE)]
    bits = 0
    for card in hand:
        bits |= 0 if card == WILD else 1 << card
    data.update(hand=hand, hand_bits=bits, sources=sources)
    data["at_a_glance"] = [
        PERSPECTIVE, sources, data["needs"], data["needs_bits"], data["wild_ok"],
        data["stock_tops"], data["discard_tops"], data["discard_bits"], hand, bits,
    ]  # fmt: skip


def _skull(data: dict[str, Any], rng: random.Random) -> None:
    """Nobody's view: Skull's engine imagines every seat's cards from what the table showed
    when the view's seat is none of them (its own hand, stack, losses and draws left empty)."""
    data.update(player=NOBODY, hand=[], my_stack=[], my_lost=[], my_draws=[])
    gone = data.get("skull_gone") or []
    data["skull_gone"] = [known is True for known in gone]  # (not known by all: not known)


def _open(data: dict[str, Any], rng: random.Random) -> None:
    """A game with nothing hidden (Skirrid's board): the public view is every seat's."""


FILLS: dict[str, Fill] = {
    "skull-king": _skull_king,
    "skull": _skull,
    "skip-bo": _skip_bo,
    "skirrid": _open,
}


def watchable(key: str) -> bool:
    """Whether a spectator of game `key` watches it at the game's own table."""
    return key in FILLS


def seat_view(key: str, public: Any, rng: random.Random) -> Any:
    """Seat 0's view made from the public one (its own secrets made up): an engine's view."""
    if not isinstance(public, dict):
        return read_view(key, public)  # says what is wrong with it
    data = {name: value for name, value in public.items() if name != "player"}
    data["player"] = PERSPECTIVE
    for name in kinds(key).view.HISTORY:  # a log only grows: the table tells events instead
        data.setdefault(name, [])
    FILLS[key](data, rng)
    return read_view(key, data)


class PublicShadow(Shadow):
    """A spectator's copy of the game, taken update by update (Shadow's, with no seat)."""

    def __init__(self, key: str, seed: int = 0) -> None:
        super().__init__(key, PERSPECTIVE, random.Random(seed))
        self.seat = None  # type: ignore[assignment]

    def take(self, update: dict[str, Any]) -> Any:
        """The game as a spectator's `update` shows it (DataError names a bad field)."""
        if update.get("seat") is not None:
            raise DataError(SOURCE, "update.seat", "no seat", update.get("seat"))
        view = seat_view(self.key, update.get("view"), self.rng)
        news = read_events(self.key, update.get("events", []))
        events: list[Event] = news if update.get("sync") else [*self.events, *news]
        state = self.rebuild(view, events)
        actor, thinking = update.get("actor"), update.get("thinking")
        for name, value in (("actor", actor), ("thinking", thinking)):
            if value is not None and type(value) is not int:
                raise DataError(SOURCE, f"update.{name}", "a seat or nothing", value)
        results = update.get("results") or {}
        move = update.get("move")
        self.events, self.state = events, state
        self.turn = Turn(
            move if type(move) is int else 0,
            actor,
            thinking,
            (),
            bool(update.get("over")),
            results if isinstance(results, dict) else {},
        )
        return state

    def my_turn(self) -> bool:
        return False


def _check_registered() -> None:
    for key in FILLS:
        registry.game(key)  # KeyError names the games there are


_check_registered()

__all__ = ["FILLS", "PERSPECTIVE", "PublicShadow", "seat_view", "watchable"]
