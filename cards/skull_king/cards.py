"""The 74 Skull King cards as plain string codes: saves, logs and tests all speak in codes."""

from __future__ import annotations

from collections import Counter
from enum import IntEnum


class Kind(IntEnum):
    """What a card does in a trick; the Tigress resolves to PIRATE or ESCAPE when played."""

    NUMBER = 0
    ESCAPE = 1
    LOOT = 2
    PIRATE = 3
    TIGRESS = 4  # only in hand: she becomes PIRATE or ESCAPE when played
    SKULLKING = 5
    MERMAID = 6
    KRAKEN = 7
    WHALE = 8


SUITS = ("G", "Y", "P", "B")
TRUMP = "B"
SUIT_NAMES = {"G": "green parrot", "Y": "yellow chest", "P": "purple map", "B": "black Jolly Roger"}
PIRATES = ("ROSIE", "WILL", "RASCAL", "JUANITA", "HARRY")
PIRATE_NAMES = {
    "ROSIE": "Rosie the Sweet",
    "WILL": "Will the Bandit",
    "RASCAL": "Rascal the Gambler",
    "JUANITA": "Juanita Jade",
    "HARRY": "Harry the Giant",
}
ESCAPE = "ESCAPE"
MERMAID = "MERMAID"
SKULLKING = "SKULLKING"
LOOT = "LOOT"
KRAKEN = "KRAKEN"
WHALE = "WHALE"
TIGRESS = "TIGRESS"
TIGRESS_PIRATE = "TIGRESS:PIRATE"
TIGRESS_ESCAPE = "TIGRESS:ESCAPE"

NUMBER_CARDS = tuple(f"{s}{r}" for s in SUITS for r in range(1, 15))
BASE_DECK: tuple[str, ...] = (
    NUMBER_CARDS + (ESCAPE,) * 5 + PIRATES + (TIGRESS, SKULLKING) + (MERMAID,) * 2
)
ADVANCED_CARDS: tuple[str, ...] = (LOOT, LOOT, KRAKEN, WHALE)
FULL_DECK: tuple[str, ...] = BASE_DECK + ADVANCED_CARDS
assert len(BASE_DECK) == 70 and len(FULL_DECK) == 74

KIND: dict[str, Kind] = {c: Kind.NUMBER for c in NUMBER_CARDS}
KIND.update({p: Kind.PIRATE for p in PIRATES})
KIND.update(
    {
        ESCAPE: Kind.ESCAPE,
        LOOT: Kind.LOOT,
        TIGRESS: Kind.TIGRESS,
        TIGRESS_PIRATE: Kind.PIRATE,
        TIGRESS_ESCAPE: Kind.ESCAPE,
        SKULLKING: Kind.SKULLKING,
        MERMAID: Kind.MERMAID,
        KRAKEN: Kind.KRAKEN,
        WHALE: Kind.WHALE,
    }
)
SUIT: dict[str, str | None] = {c: (c[0] if KIND[c] is Kind.NUMBER else None) for c in KIND}
RANK: dict[str, int] = {c: (int(c[1:]) if KIND[c] is Kind.NUMBER else 0) for c in KIND}
ESCAPE_LIKE = frozenset(c for c, k in KIND.items() if k in (Kind.ESCAPE, Kind.LOOT))
SPECIAL = frozenset(c for c, k in KIND.items() if k is not Kind.NUMBER)
# A played code maps back to the card that left the hand (only the Tigress differs).
HELD: dict[str, str] = {c: c for c in KIND if c not in (TIGRESS_PIRATE, TIGRESS_ESCAPE)}
HELD[TIGRESS_PIRATE] = TIGRESS
HELD[TIGRESS_ESCAPE] = TIGRESS
PLAYED_FORMS: dict[str, tuple[str, ...]] = {c: (c,) for c in FULL_DECK}
PLAYED_FORMS[TIGRESS] = (TIGRESS_PIRATE, TIGRESS_ESCAPE)

_SPECIAL_ORDER = (ESCAPE, LOOT, TIGRESS, *PIRATES, MERMAID, SKULLKING, KRAKEN, WHALE)
SORT_KEY: dict[str, int] = {c: i for i, c in enumerate(NUMBER_CARDS)}
SORT_KEY.update({c: 100 + i for i, c in enumerate(_SPECIAL_ORDER)})
SORT_KEY[TIGRESS_PIRATE] = SORT_KEY[TIGRESS_ESCAPE] = SORT_KEY[TIGRESS]


def deck(advanced: bool) -> tuple[str, ...]:
    """The 70-card deck, or 74 with the advanced cards (Loot x2, Kraken, White Whale)."""
    return FULL_DECK if advanced else BASE_DECK


def deck_counter(advanced: bool) -> Counter[str]:
    return Counter(deck(advanced))


def is_card(code: str) -> bool:
    return code in KIND


def describe(code: str) -> str:
    """Human text for a code, for logs and tooltips."""
    kind = KIND[code]
    if kind is Kind.NUMBER:
        return f"{SUIT_NAMES[code[0]]} {RANK[code]}"
    if kind is Kind.PIRATE and code in PIRATE_NAMES:
        return PIRATE_NAMES[code]
    return {
        TIGRESS: "Tigress",
        TIGRESS_PIRATE: "Tigress (as a Pirate)",
        TIGRESS_ESCAPE: "Tigress (as an Escape)",
        ESCAPE: "Escape",
        LOOT: "Loot",
        SKULLKING: "Skull King",
        MERMAID: "Mermaid",
        KRAKEN: "Kraken",
        WHALE: "White Whale",
    }[code]


def sort_hand(cards: list[str]) -> list[str]:
    return sorted(cards, key=SORT_KEY.__getitem__)
