"""What each Skull King card does, in our words, for its tooltip: when it wins and what beats it
(seed section 4), naming only the cards this game's options put in the deck (the Kraken, the
White Whale and Loot with the advanced cards), and each named pirate's power when pirate powers
are on."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cards.skull_king import describe
from cards.skull_king.cards import KIND, PIRATES, RANK, SUIT, TRUMP, Kind
from cards.skull_king.options import KrakenLeader
from skully_game.scenes.cardtable.words import listing, opening


@dataclass(frozen=True)
class CardRules:
    """The options a card's words depend on (read from a game's options by `of`)."""

    powers: bool = False  # the named pirates' powers
    advanced: bool = False  # the Kraken, the White Whale and two Loot cards are in the deck
    kraken_next: bool = False  # after the Kraken, the next player leads (not the would-be winner)

    @classmethod
    def of(cls, options: Any) -> CardRules:
        """A game's options (any object: a missing option reads as off)."""
        leader = getattr(options, "kraken_leader", KrakenLeader.WOULD_HAVE_WON)
        return cls(
            bool(getattr(options, "pirate_powers", False)),
            bool(getattr(options, "advanced_cards", False)),
            leader is KrakenLeader.LEFT_OF_KRAKEN,
        )


# What beats a number card whatever its suit: every character (the Tigress only as a Pirate).
CHARACTERS = ["Pirates (the Tigress too)", "Mermaids", "the Skull King"]
# With the advanced cards: nobody wins a trick the Kraken sinks, and the White Whale leaves
# the specials nothing (the highest number wins it).
LEVIATHANS = ["the Kraken", "the White Whale"]
NUMBER_WINS = {  # (trump, advanced): when a number card wins
    (False, False): "the highest of the suit led wins",
    (True, False): "trump: beats the other suits",
    (False, True): "the highest of the suit led wins, or with the White Whale the highest number",
    (True, True): "trump: beats the other suits, but with the White Whale the highest number wins",
}

# What a named pirate's power does for the player who wins a trick with her or him.
POWERS = {
    "ROSIE": "win a trick with her to choose who leads the next",
    "WILL": "win a trick with him to draw 2 cards, then discard 2",
    "RASCAL": "win a trick with him to stake 0, 10 or 20 points on your bid",
    "JUANITA": "win a trick with her to see the cards nobody was dealt",
    "HARRY": "win a trick with him to change your bid by 1 at the round's end",
}

# What a special card beats, and what it loses to before the Kraken and the White Whale.
SPECIAL_WORDS = {
    "PIRATE": ("a Pirate: beats number cards, Mermaids and later Pirates", ["the Skull King"]),
    "SKULLKING": (
        "beats number cards and Pirates (+30 for each Pirate he takes)",
        ["a Mermaid"],
    ),
    "MERMAID": (
        "beats number cards and the Skull King (+40 if she takes him)",
        ["an earlier Mermaid", "a Pirate unless the Skull King is played"],
    ),
    "TIGRESS": (
        "you choose as you play her: a Pirate (beats number cards and Mermaids, loses to the "
        "Skull King), or an Escape",
        [],
    ),
}
PLAIN_WORDS = {"ESCAPE": "loses to every card; if only Escapes are played, the first one wins"}
ADVANCED_WORDS = {
    "ESCAPE": "loses to every card; if only Escapes and Loot are played, the first one wins",
    "LOOT": "loses to every card, as an Escape; if you and the trick's winner both make your bids, "
    "you each get 20 more",
    "KRAKEN": "nobody wins the trick: it is thrown away, and {leader} leads next "
    "(a White Whale played after it acts instead)",
    "WHALE": "specials count for nothing: the highest number wins, whatever its suit (with "
    "none, nobody wins); a Kraken played after it acts instead",
}


def card_use(code: str, rules: CardRules | bool = False) -> str:
    """What `code` does in a trick under `rules` (a bool: pirate powers alone, as before):
    what it beats, then what beats it."""
    if isinstance(rules, bool):
        rules = CardRules(powers=rules)
    if code == "TIGRESS:ESCAPE":
        return "an Escape: " + card_use("ESCAPE", rules)
    if code in PLAIN_WORDS and not (rules.advanced and code in ADVANCED_WORDS):
        return PLAIN_WORDS[code]
    if code in ADVANCED_WORDS:
        leader = "the player after you" if rules.kraken_next else "who would have won"
        return ADVANCED_WORDS[code].format(leader=leader)
    kind = KIND[code]
    later = ""
    if kind is Kind.NUMBER:
        trump = SUIT[code] == TRUMP
        beats = NUMBER_WINS[trump, rules.advanced]
        loses = ["higher black cards" if trump else "black cards", *CHARACTERS]
        if rules.advanced:
            loses.append("the Kraken")
        if RANK[code] == 14:  # (every bonus needs the bid made: said with the scoring)
            beats += f" (+{20 if trump else 10} if you take it)"
            if trump:
                loses.pop(0)  # no black card is higher
    else:
        beats, loses = SPECIAL_WORDS["PIRATE" if kind is Kind.PIRATE else code]
        loses = [*loses, *(LEVIATHANS if rules.advanced else [])]
        if code in PIRATES and rules.powers:
            later = f"; {POWERS[code]}"
    if not loses:
        return beats + later
    return f"{beats}; loses to {listing(loses)}{later}"


def card_tip(code: str, rules: CardRules | bool = False) -> str:
    """A card's name and what it does: "Juanita Jade, a Pirate — ...", "Mermaid — ..." (a
    dash: the table may add a reason after a colon)."""
    use = card_use(code, rules)
    name = opening(describe(code))
    if use.startswith("a Pirate") and code != "TIGRESS:PIRATE":
        return f"{name}, {use.replace(': ', ' — ', 1)}"
    return f"{name} — {use}"


__all__ = ["POWERS", "SPECIAL_WORDS", "CardRules", "card_tip", "card_use"]
