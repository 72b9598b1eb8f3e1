"""The Skip-Bo table's places, read in one place: "H7" a card of the hand, "S2" seat 2's stock,
"D2.1" seat 2's discard pile 1, "B3" building pile 3, and, as where a card goes, "D1" the
viewer's own discard pile 1 (the engine's action is "<source>><target>"); and what the table
says of them, the piles numbered as the table shows them (discard piles from 1, building piles
A to D)."""

from __future__ import annotations

from dataclasses import dataclass

from cards.skip_bo import SkipBoState
from cards.skip_bo.cards import WILD, code
from cards.skip_bo.state import BUILD_NAMES
from skully_game.scenes.cardtable.words import possessive

HAND, STOCK, DISCARD, BUILD = "H", "S", "D", "B"


@dataclass(frozen=True, slots=True)
class Place:
    """One place: its kind, whose it is (-1: the viewer's own, or nobody's), which pile, and
    for a hand card its code."""

    kind: str
    seat: int = -1
    pile: int = -1
    card: str = ""

    @staticmethod
    def of(name: str) -> Place:
        kind, rest = name[:1], name[1:]
        if kind == HAND:
            return Place(HAND, card=rest)
        if kind == STOCK:
            return Place(STOCK, seat=int(rest))
        if kind == DISCARD and "." in rest:
            seat, pile = rest.split(".")
            return Place(DISCARD, seat=int(seat), pile=int(pile))
        return Place(kind, pile=int(rest))  # a building pile, or one's own discard pile

    @property
    def from_hand(self) -> bool:
        return self.kind == HAND


def source_of(action: str) -> Place | None:
    """Where an action takes its card from (None: END)."""
    return Place.of(action.split(">", 1)[0]) if ">" in action else None


def card_at(state: SkipBoState, name: str) -> int | None:
    """The card a place shows on top (None: nothing there)."""
    place = Place.of(name)
    if place.kind == HAND:
        return WILD if place.card == "W" else int(place.card)
    if place.kind == STOCK:
        stock = state.stocks[place.seat]
        return stock[-1] if stock else None
    if place.kind == DISCARD and place.seat >= 0:
        pile = state.discards[place.seat][place.pile]
        return pile[-1] if pile else None
    return None


def code_at(state: SkipBoState, name: str) -> str:
    """The code of the card a place shows ("W" when it shows none)."""
    card = card_at(state, name)
    return code(card) if card is not None else "W"


def card_words(card: int | None) -> str:
    """A card at the start of a sentence: "The 7", "A SKIP-BO card"."""
    if card is None:
        return "That card"
    return "A SKIP-BO card" if card == WILD else f"The {card}"


def where(name: str, viewer: int, names: list[str]) -> str:
    """Where a card the viewer may play lies: "in your hand", "on Mary's stock"."""
    place = Place.of(name)
    if place.kind == HAND:
        return "in your hand"
    whose = "your" if place.seat == viewer else possessive(names[place.seat])
    if place.kind == STOCK:
        return f"on {whose} stock"
    return f"on {whose} discard pile {place.pile + 1}"


def target_words(target: str) -> str:
    """Where a held card would go: "on building pile B", "on your discard pile 2"."""
    place = Place.of(target)
    if place.kind == BUILD:
        return f"on building pile {BUILD_NAMES[place.pile]}"
    return f"on your discard pile {place.pile + 1}"


__all__ = [
    "BUILD",
    "DISCARD",
    "HAND",
    "STOCK",
    "Place",
    "card_at",
    "card_words",
    "code_at",
    "source_of",
    "target_words",
    "where",
]
