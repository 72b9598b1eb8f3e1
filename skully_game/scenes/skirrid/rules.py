"""Skirrid's rules in the program's own words, as the rules screen shows them."""

from __future__ import annotations

from skully_game.shell.app import App
from skully_game.shell.reading import ReadingScene

RULES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "The idea",
        (
            "Players take turns laying shapes on a numbered board of 19 by 19 squares. A shape "
            "scores the numbers it covers. When every shape is down, the highest score wins.",
        ),
    ),
    (
        "About this board",
        (
            "The numbers of the original board were lost with its printed figure. The board in "
            "this program is a reconstruction that keeps every fact the rules give: the four "
            "quarters add up to the same total; the numbers are low in the Arena, with a 10 at "
            "each of its four tips, and rise towards the corners; 25 is the largest, two 25s lie "
            "near the top-left corner, and a Door marked 3 can score exactly 100 in a corner and "
            "no shape anywhere scores more. If the real board turns up, its "
            "numbers can take the place of ours without any other change to the game.",
        ),
    ),
    (
        "The shapes",
        (
            "- Eye (1 square), Rod (2), Quoin (3, an L), Snake (4, an S), Door (5, an arch) and "
            "Gun (6, a pistol).",
            "- A set has three of each: one plain, one marked 2 and one marked 3. The mark "
            "multiplies only the number under it, not the shape's whole score.",
        ),
    ),
    (
        "A turn",
        (
            "- The first shape goes on or across the centre square (ringed in red).",
            "- Every later shape must touch a shape already on the board along a side; touching "
            "only at a corner is not enough. Shapes never overlap and stay on the board.",
            "- Shapes may be turned to face any edge.",
            "- Two and three players: until your own score reaches 75, you play wholly inside "
            "the Arena, the light diamond in the middle of the board.",
            "- If none of your shapes fits anywhere, you pass. The game also ends when nobody "
            "can place a shape any more.",
        ),
    ),
    (
        "Blocking",
        (
            "- Turn a shape over to lay it as a block: it lies mirrored, its mark is hidden, and "
            "it scores half the numbers it covers, rounded down (13 becomes 6). The first shape "
            "of the game may not be a block.",
            "- Two players, and pairs: on the next player's turn nothing may touch the block "
            "along a side; touching it at a corner is fine while the shape touches another "
            "along a side. A block may follow a block.",
            "- Three players, four playing alone, five and six: the block holds against everyone "
            "until its player's next turn, and nobody may lay two blocks running inside the "
            "Arena.",
            "- Partners may always touch each other's blocks.",
        ),
    ),
    (
        "Players",
        (
            "- Two: 18 shapes each, marks count.",
            "- Three: 12 shapes each (two of each), all counted as plain.",
            "- Four in pairs: partners sit opposite and share one set of 18, split as the "
            "original rules list it; the pair's scores are added. No Arena.",
            "- Four playing alone: the same shapes, each for themselves.",
            "- Five or six: one plain shape of each kind each. No Arena.",
        ),
    ),
    (
        "The dice game",
        (
            "A die chooses the shape each turn by its squares (1 an Eye ... 6 a Gun). If you "
            "have none of that size left, or it fits nowhere, you miss the turn. The game ends "
            "as soon as one player has placed all their shapes.",
        ),
    ),
    (
        "At this table",
        (
            "- Pick a shape in your tray (click it, or press 1-6 for its number of squares; "
            "press again for its next mark, or Tab to go through the tray).",
            "- It follows the pointer. R, the right button or the wheel turns it; F turns it "
            "over as a block. Squares framed in green show where it fits as it lies: point at "
            "one and the shape lies over it; the score it would make shows beside it, or why it "
            "cannot go there.",
            "- Click or press Enter to place it; the arrow keys move it square by square; Esc "
            "puts it back.",
            "- The last shape placed is outlined in white; a block that binds you now is "
            "outlined in red, with crosses on the squares you may not touch.",
            "- Point at a placed shape to read the numbers under it and what it scored; N shows "
            "the numbers under every shape, and while you hold a shape, the score it would make "
            "in every green frame. Point at a shape in the tray to read what it is.",
            "- Hint (or H) lights the strong computer player's choice for you in gold, with one "
            "line why; pick the lit shape and it lies there, ready to place.",
            "- Seat by seat, the panel shows each player's points; in the Arena, towards 75 "
            '("41 / 75").',
            "- Ctrl+Z takes back your last shape when you play alone against the computer. Esc "
            "asks before leaving; the game is saved after every move.",
            "- A good score in a two-player game is 400 to 500.",
        ),
    ),
)


class SkirridRules(ReadingScene):
    def __init__(self, app: App) -> None:
        super().__init__(app, "Skirrid: the rules", RULES)


__all__ = ["RULES", "SkirridRules"]
