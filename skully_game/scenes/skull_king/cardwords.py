"""What each Skull King card does, in our words, for its tooltip: a number card by its suit, each
special card, and each named pirate's power when pirate powers are on."""

from __future__ import annotations

from cards.skull_king import describe
from cards.skull_king.cards import KIND, PIRATES, RANK, SUIT, TRUMP, Kind
from skully_game.scenes.cardtable.words import opening

PIRATE = "a Pirate: beats number cards and Mermaids; the first Pirate played wins"

# What a named pirate's power does for the player who wins a trick with her or him.
POWERS = {
    "ROSIE": "win a trick with her to choose who leads the next",
    "WILL": "win a trick with him to draw 2 cards, then discard 2",
    "RASCAL": "win a trick with him to stake 0, 10 or 20 points on your bid",
    "JUANITA": "win a trick with her to see the cards nobody was dealt",
    "HARRY": "win a trick with him to change your bid by 1 at the round's end",
}

SPECIAL_WORDS = {
    "ESCAPE": "loses to every card: play it to stay out of a trick",
    "LOOT": "loses like an Escape; if you and the trick's winner both make your bids, "
    "you each get 20 more",
    "TIGRESS": "you choose as you play her: a Pirate, or an Escape",
    "TIGRESS:PIRATE": PIRATE,
    "TIGRESS:ESCAPE": "an Escape: loses to every card",
    "SKULLKING": "beats number cards and Pirates (+30 for each Pirate he takes); "
    "only a Mermaid beats him",
    "MERMAID": "beats number cards and the Skull King (+40 if she takes him); loses to a Pirate",
    "KRAKEN": "nobody wins the trick: it is thrown away; who would have won leads next",
    "WHALE": "the specials in the trick count for nothing: the highest number wins, "
    "whatever its suit",
}


def card_use(code: str, powers: bool) -> str:
    """What `code` does in a trick (and a named pirate's power, when `powers` are on)."""
    kind = KIND[code]
    if kind is Kind.NUMBER:
        if SUIT[code] == TRUMP:
            words = "trump: beats every green, yellow and purple card"
        else:
            words = "the highest of the suit led wins, unless a black card is played"
        if RANK[code] == 14:
            words += f" (+{20 if SUIT[code] == TRUMP else 10} if you win it and make your bid)"
        return words
    if code in PIRATES:
        if powers:
            return f"a Pirate: beats number cards and Mermaids; {POWERS[code]}"
        return PIRATE
    return SPECIAL_WORDS[code]


def card_tip(code: str, powers: bool) -> str:
    """A card's name and what it does: "Juanita Jade, a Pirate — ...", "Mermaid — ..." (a
    dash: the table may add a reason after a colon)."""
    use = card_use(code, powers)
    name = opening(describe(code))
    if use.startswith("a Pirate") and code != "TIGRESS:PIRATE":
        return f"{name}, {use.replace(': ', ' — ', 1)}"
    return f"{name} — {use}"


__all__ = ["POWERS", "SPECIAL_WORDS", "card_tip", "card_use"]
