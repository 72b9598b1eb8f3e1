"""Skip-Bo's rules in the program's own words, as the rules screen shows them."""

from __future__ import annotations

from cards.skip_bo.options import STOCK_SIZES
from skully_game.shell.app import App
from skully_game.shell.reading import ReadingScene


def _or_list(numbers: list[int]) -> str:
    """'10, 15, 20, 30 or 40'."""
    words = [str(n) for n in numbers]
    return f"{', '.join(words[:-1])} or {words[-1]}"


# The stock sizes to choose (0 is the standard, said before), early in their own sentence so
# they are read together rather than broken over two lines.
SIZES = _or_list([n for n in STOCK_SIZES if n])

RULES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "The idea",
        (
            "Everyone is dealt a stock: a face-down pile with only its top card showing. In the "
            "middle of the table, all players share four building piles that count up from 1 to "
            "12. Whoever gets their whole stock onto the building piles first wins.",
        ),
    ),
    (
        "The cards",
        (
            "- 162 cards: twelve each of the numbers 1 to 12, and 18 SKIP-BO cards.",
            "- A SKIP-BO card is wild: it counts as whatever number the pile it goes on needs.",
            "- The 1980 edition option plays with 24 SKIP-BO cards (168 in all) and allows a "
            "SKIP-BO card on top of another.",
        ),
    ),
    (
        "Setting up",
        (
            "- Each player's stock has 30 cards with two to four players, and 20 with five or six.",
            f"- Other stock sizes can be chosen on the setup screen: {SIZES} cards each, as long "
            "as the deck holds enough cards for every stock and hand.",
            "- The top card of each stock is turned face up. The rest of the deck is the draw "
            "pile.",
            "- Every player also has room for four discard piles of their own, empty at first.",
        ),
    ),
    (
        "A turn",
        (
            "- Draw until you hold five cards.",
            "- Then play as many cards as you like, in any order, onto the building piles: from "
            "your hand, the top of your stock, and the top card of each of your discard piles.",
            "- An empty building pile takes only a 1; after that each pile takes the next number "
            "up. A SKIP-BO card is whatever the pile needs, but it may not go onto another "
            "SKIP-BO card (unless you play the 1980 edition).",
            "- When a pile reaches 12 it is cleared away, and the place is free for a new pile.",
            "- Playing off your stock's top card turns up the next one, so keep going.",
            "- If you play all five cards in your hand, draw five more at once and carry on.",
            "- To end the turn, put one card from your hand face up on one of your four discard "
            "piles. Any card may go on any of them, but cards never move from one discard pile "
            "to another, so think about what you bury.",
            "- If your hand is empty and there is nothing left to draw, you may still play from "
            "your stock and discard piles, then end the turn without a discard.",
        ),
    ),
    (
        "When the draw pile runs out",
        (
            "The cleared building piles are shuffled together into a new draw pile. If there are "
            "none yet, you draw what is left.",
        ),
    ),
    (
        "When nobody can move",
        (
            "It can happen that the draw pile and the cleared piles are both empty and the game "
            "is stuck. Our ruling: once a full round goes by (everyone takes a turn) without a "
            "single card going onto a building pile, the game ends. The player with the fewest "
            "cards left in their stock wins; players level on that share the win.",
        ),
    ),
    (
        "Partners",
        (
            "- With four or six players you may play in pairs. Partners sit opposite each other.",
            "- On your turn you may also build with your partner's stock top and the tops of "
            "your partner's discard piles. Your own discard still goes on one of your piles.",
            "- A pair wins when both partners' stocks are empty. When nobody can move, a pair "
            "counts the cards left in both its stocks.",
        ),
    ),
    (
        "Scoring over several games",
        (
            "- With scoring on, the winner of each game earns 25 points, plus 5 for every card "
            "still in the other players' stocks. Players who share a win each score that much.",
            "- Games are dealt again, the next player in turn starting each one, until someone "
            "reaches the target: 500 points, or whatever was chosen at setup. The highest total "
            "then wins the match; level totals share it.",
        ),
    ),
    (
        "At this table",
        (
            "- Drag a card from your hand, your stock or a discard pile onto a building pile, "
            "or click the card and then the pile.",
            "- While you drag, the piles that will take the card light up.",
            "- To end your turn, drag a card from your hand onto one of your discard piles (or "
            "click it, then the discard pile).",
            "- A SKIP-BO card held over a building pile that takes it shows the number it will "
            "become there. Rest the pointer on a card or a pile to read what it is for.",
            "- With the keyboard: the arrow keys go where they point (left and right along your "
            "hand or a row of piles, up from your hand to your stock and discard piles, down "
            "back). Enter (or Space) picks the card up and lights the first pile it goes on; "
            "Enter again plays it there, or the arrows choose another pile first (up: the "
            "building piles, down: your discard piles). Enter before any arrow picks your "
            "stock's card when it fits (else a discard pile's, else your hand's), so a play "
            "is two presses. Esc puts it back. H (or Hint) shows a good move and why.",
            "- Tab shows the score sheet, Ctrl+Z takes back your last card from your hand or a "
            "discard pile while it is still your turn and nothing new has been shown since, "
            "Esc leaves (the game is saved).",
        ),
    ),
)


class SkipBoRules(ReadingScene):
    def __init__(self, app: App) -> None:
        super().__init__(app, "Skip-Bo: the rules", RULES)


__all__ = ["RULES", "SkipBoRules"]
