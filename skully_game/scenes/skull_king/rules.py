"""Skull King's rules in the program's own words, as the rules screen shows them."""

from __future__ import annotations

from skully_game.shell.app import App
from skully_game.shell.reading import ReadingScene

RULES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "The idea",
        (
            "Each round you look at your hand and say how many tricks you will take: your bid. "
            "Take exactly that many and you score; a miss scores less or costs you points. After "
            "the last round the highest total wins; equal totals share the win.",
        ),
    ),
    (
        "The cards",
        (
            "- Four suits numbered 1 to 14: green parrot, yellow chest, purple map and black "
            "Jolly Roger. The black Jolly Roger is trump: it beats the other three suits.",
            "- Special cards have no number: five Escapes, five Pirates, the Tigress, the Skull "
            "King and two Mermaids. With the suits, that makes 70 cards.",
            "- The Pirates have names: Rosie the Sweet, Will the Bandit, Rascal the Gambler, "
            "Juanita Jade and Harry the Giant. The names matter only with pirate powers on.",
            "- The advanced cards option adds the Kraken, the White Whale and two Loot cards "
            "(74 cards).",
        ),
    ),
    (
        "A round",
        (
            "- Everyone gets the same number of cards: one in the first round, two in the "
            "second, and so on up to ten. The cards nobody is dealt stay face down.",
            "- The deal moves one seat on each round. The player after the dealer bids first and "
            "leads the first trick; in the first round that is the first seat.",
            "- Bid in secret, from 0 up to the cards in your hand. Once everyone has bid, all the "
            "bids are shown together: Yo-ho-ho!",
            "- Then play the tricks. Each player in turn plays one card; whoever takes the trick "
            "leads the next one.",
            "- When the hands are empty, the round is scored and the next one is dealt.",
        ),
    ),
    (
        "Following suit",
        (
            "- The first numbered card in a trick sets the suit to follow. If you hold that suit, "
            "play it or a special card.",
            "- If you hold none of it, play anything, black included.",
            "- A special card may always be played, even when you could follow suit.",
            "- If an Escape (or a Loot) leads, the next card played chooses the suit. If a "
            "Pirate, the Tigress as a Pirate, the Skull King or a Mermaid leads, there is no "
            "suit to follow in that trick.",
        ),
    ),
    (
        "Who takes the trick",
        (
            "- The highest card of the suit to follow, unless black was played: then the "
            "highest black card. Other suits never win.",
            "- A Mermaid beats every numbered card. A Pirate beats the Mermaids too. The Skull "
            "King beats the Pirates.",
            "- But a Mermaid catches the Skull King: when both are in a trick, the first Mermaid "
            "takes it, even with Pirates in it as well.",
            "- Between two Pirates, or two Mermaids, the one played first wins.",
            "- An Escape loses to everything. If only Escapes were played, the first one takes "
            "the trick.",
            "- The Tigress is yours to choose when you play her: a Pirate or an Escape.",
        ),
    ),
    (
        "Rounds",
        (
            "The Rounds option sets the cards dealt in each round:",
            "- Standard: ten rounds, from one card up to ten.",
            "- Blitz: five rounds of five cards.",
            "- Whirlpool: five rounds, of 9, 7, 5, 3 and then 1 card.",
            "- Broadside: ten rounds of ten cards.",
            "- Eight players cannot all have ten cards: a round then deals at most 8 each (9 "
            "with the advanced cards).",
        ),
    ),
    (
        "Skull King scoring",
        (
            "- Bid 1 or more and take exactly that many: 20 points a trick. Miss, too high or too "
            "low: lose 10 for each trick you are off.",
            "- Bid 0 and take no trick: 10 points for each card dealt this round. Take even one "
            "trick: lose that much instead.",
        ),
    ),
    (
        "Bonuses",
        (
            "You score these only when your bid is exact:",
            "- Each 14 in a trick you take: 10 for green, yellow or purple, 20 for black.",
            "- A Mermaid taken with a Pirate: 20. A Pirate taken with the Skull King: 30 each "
            "(the Tigress as a Pirate counts). The Skull King taken with a Mermaid: 40.",
        ),
    ),
    (
        "Rascal scoring",
        (
            "Choose Rascal in the Scoring row for steadier scores:",
            "- Every round is worth 10 points for each card dealt.",
            "- An exact bid scores all of it, one trick off scores half, two or more off score "
            "nothing. A bid of 0 is scored the same way.",
            "- Bonuses count in full with an exact bid and half when you are one off.",
            "- Cannonball (Rascal only): once the bids are shown, everyone picks Buckshot or "
            "Cannonball in secret, and the picks are shown together. Buckshot scores as above. "
            "Cannonball scores 15 for each card dealt if your bid is exact, and nothing, "
            "bonuses included, if you are off at all.",
            "- Turning Cannonball on sets the scoring to Rascal; choosing Skull King scoring "
            "turns Cannonball off.",
        ),
    ),
    (
        "Pirate powers",
        (
            "With pirate powers on, taking a trick with a named Pirate uses that Pirate's power "
            "at once. The Tigress has no power.",
            "- Rosie the Sweet: choose who leads the next trick, yourself included.",
            "- Will the Bandit: draw up to two of the cards nobody was dealt, then discard as "
            "many from your hand, face down.",
            "- Rascal the Gambler: stake 0, 10 or 20 points. Make your bid exactly and you win "
            "the stake; miss and you lose it.",
            "- Juanita Jade: look at the cards nobody was dealt. Only you see them, in the side "
            "panel, until the round ends.",
            "- Harry the Giant: when the round ends, raise or lower your bid by one (not below "
            "0), or keep it.",
            "- Rosie, Will and Juanita do nothing on the last trick of a round.",
        ),
    ),
    (
        "Advanced cards",
        (
            "With the advanced cards option on, four more cards join the deck.",
            "- The Kraken destroys the trick: nobody takes it, and its bonuses are lost.",
            '- Who leads after the Kraken is an option. With "would-be winner leads", the '
            'player who would have taken the trick without the Kraken leads. With "next player '
            'leads", the player after the one who played the Kraken leads.',
            "- The White Whale strips every special card of its power. The highest number takes "
            "the trick, whatever its suit; of equal numbers, the first played. Only the 14s "
            "still earn bonuses. With no numbered card in it, the trick is thrown away and the "
            "Whale's player leads.",
            "- If the Kraken and the White Whale meet, the one played second acts; the other "
            "counts as an Escape.",
            "- When the Kraken or the White Whale leads, there is no suit to follow.",
            "- Loot plays like an Escape. If someone else takes the trick, the two of you are "
            "allied: if you both make your bids exactly, you each score 20 more.",
        ),
    ),
    (
        "Two players: Greybeard",
        (
            "- With two players and the Greybeard option on, a third hand is dealt face down to "
            "the ghost of Greybeard.",
            "- He plays second in every trick by flipping his top card. If he takes a trick, he "
            "leads the next one the same way.",
            "- He never follows suit, never bids and never scores. His Tigress is always an "
            "Escape, his Pirates have no power, and he never shares Loot.",
            "- With the option off, the two of you play alone.",
        ),
    ),
    (
        "At this table",
        (
            "- To bid, click a number above your hand or press its number key.",
            "- To play, click a card in your hand, or pick it with the Left and Right arrows (or "
            "point at it) and press Enter. Enter plays only a card you picked since your hand "
            "was shown; otherwise it first picks one and names it, and the next Enter plays it "
            "(a key held down never plays). With a hint on show, Enter makes the hinted move. "
            "Click a card you may not play and the table says why.",
            "- The Tigress asks how you play her: click your choice, or press 1 or 2.",
            "- The card taking the trick so far is outlined, and the suit to follow shows under "
            "the trick.",
            "- Buckshot or Cannonball, Rosie's lead, Rascal's stake and Harry's change are "
            "buttons too; each button's tooltip names its key. For Will, click the cards to "
            "discard.",
            "- After each round its summary shows everyone's points; Next round or Enter goes on.",
            "- Last trick (top right), or the L key, shows the trick before the one in play: its "
            "cards, who played each and who took it. Tap L to open and close it, or hold it down "
            "to look until you let go.",
            "- Tab shows the score sheet, Ctrl+Z takes back your last move until new cards are "
            "shown (when you are the only person playing), F6 hands the keys to the buttons, "
            "and Esc asks before you leave. The game is saved after every move.",
        ),
    ),
)


class SkullKingRules(ReadingScene):
    def __init__(self, app: App) -> None:
        super().__init__(app, "Skull King: the rules", RULES)


__all__ = ["RULES", "SkullKingRules"]
