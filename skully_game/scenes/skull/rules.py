"""Skull's rules in the program's own words, as the rules screen shows them."""

from __future__ import annotations

from skully_game.shell.app import App
from skully_game.shell.reading import ReadingScene

RULES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "The idea",
        (
            "Everyone hides cards in a stack in front of them: Flowers, and perhaps their one "
            "Skull. Bid how many cards you can turn over without finding a Skull, then prove it. "
            "Bluff to scare the others off, or lure them onto your Skull.",
        ),
    ),
    (
        "Your cards",
        (
            "- A King is your Skull. Three cards of one number are your Flowers.",
            "- With one deck, your Flowers are one number in three different suits. With three "
            "decks, they are three identical cards, so a card shown twice may be the same one.",
            "- Two face-up cards in front of you are your Win Markers. Each challenge you win turns "
            "one face down; the second one wins the game.",
        ),
    ),
    (
        "A round",
        (
            "- Everyone places a first card face down at the same time, in secret.",
            "- Then, from the round's starter, each player in turn places another card on their "
            "stack or opens the bidding: the number of cards they say they can turn without "
            "a Skull, from 1 to every card on the table.",
            "- Once someone has bid, nobody places any more. In turn, each player raises the bid "
            "or passes; a pass is for the rest of the round. Whoever has no card left in hand "
            "must bid when their turn comes.",
            "- When everyone else has passed, the last bidder is the Challenger.",
        ),
    ),
    (
        "The challenge",
        (
            "- The Challenger turns their own stack first, all of it, from the top.",
            "- Then they pick any stack and turn its top card, as many as the bid needs, in "
            "any order, but always from the top of a stack.",
            "- All Flowers: the Challenger turns a Win Marker face down.",
            "- Their own Skull: they choose one of their cards and lose it for the game.",
            "- Somebody else's Skull: that player draws one of the Challenger's cards at random "
            "without showing it, and it is lost for the game. Nobody else learns what it was.",
            "- A player who loses their last card is out.",
        ),
    ),
    (
        "The next round",
        (
            "- The Challenger starts it after a success or their own Skull; otherwise the "
            "owner of the Skull that stopped them does. If that player is out, the next one "
            "in turn starts.",
            "- Everyone takes their stack back into their hand.",
        ),
    ),
    (
        "Winning",
        (
            "- Two Win Markers turned down win the game.",
            "- So does being the last player with any cards.",
        ),
    ),
    (
        "Variants",
        (
            "- Open Bid: after every bid, each player still in is asked in turn, from the "
            "bidder's left, whether to raise. Letting the bid stand is not passing: you may "
            "still raise a later bid.",
            "- Fortune favours the Bold: the Challenger always starts the next round, win or lose.",
        ),
    ),
    (
        "At this table",
        (
            "- Click a card in your hand to place it; the number buttons bid and raise.",
            "- In the challenge, click a stack (or pick it with the arrow keys and Enter) to "
            "turn its top card.",
            "- To draw from a beaten Challenger, click one of their face-down cards.",
            "- Tab shows the score sheet, Ctrl+Z takes back your last move while nobody else "
            "has bid or turned a card since, Esc leaves (the game is saved).",
        ),
    ),
)


class SkullRules(ReadingScene):
    def __init__(self, app: App) -> None:
        super().__init__(app, "Skull: the rules", RULES)


__all__ = ["RULES", "SkullRules"]
