"""New Skip-Bo game: 2-6 seats, each a person or a computer player of a level; the stock size,
partnerships, the 1980 rules, a match to a score (their rows: SkipBoOptions' fields, the stock's
choices those the seats can have), the computer players' pace; the rules. The last choices come
back."""

from __future__ import annotations

from cards.options import OptionRow
from cards.options import rule_rows as fields_rows
from cards.skip_bo import SkipBoOptions
from cards.skip_bo.options import HAND
from skully_game.scenes.cardtable.setup import TableSetup
from skully_game.scenes.skip_bo.adapter import GAME
from skully_game.scenes.skip_bo.rules import SkipBoRules
from skully_game.scenes.skip_bo.table import SkipBoReplay, SkipBoTable


def _standard(players: int) -> int:
    return 30 if players <= 4 else 20


def _deck(edition_1980: bool) -> int:
    return 144 + (24 if edition_1980 else 18)


def _fits(stock: int, players: int, deck: int) -> bool:
    """Whether the deck deals `stock` cards and a hand to each player."""
    return players * (stock + HAND) <= deck


def _stocks(
    sizes: list[tuple[int, str]], players: int, edition_1980: bool
) -> list[tuple[int, str]]:
    """The standard stock for these seats, named with its size, then every other size of
    `sizes` (the field's) the deck can deal to them (one the seats cannot have is not
    offered at all)."""
    standard, deck = _standard(players), _deck(edition_1980)
    fits = [(n, t) for n, t in sizes if n and n != standard and _fits(n, players, deck)]
    rows = [*fits, (0, f"Standard ({standard})")]
    return sorted(rows, key=lambda row: row[0] or standard)  # by size, the standard in place


def rule_rows(options: SkipBoOptions, players: int) -> list[OptionRow]:
    """The rule options' rows (SkipBoOptions' fields), the stock's offering the sizes these
    seats can have: at this desk's setup and on the Host page."""
    stock = 0 if options.stock == _standard(players) else options.stock  # one "Standard" row
    return [
        (label, _stocks(choices, players, options.edition_1980), stock, name)
        if name == "stock"
        else (label, choices, value, name)
        for label, choices, value, name in fields_rows(options)
    ]


def unavailable(name: str, players: int) -> str:
    """Why option `name` cannot apply with this many players, short enough to stand for its
    value; "" when it can."""
    if name == "partners" and players not in (4, 6):
        return f"Not with {players} players"
    return ""


class SkipBoSetup(TableSetup):
    game = GAME
    table_class = SkipBoTable
    replay_class = SkipBoReplay
    rules_class = SkipBoRules
    # a fair first table: the strong player beside build-first (three build-firsts were too
    # weak: one ended a game with all ten stock cards; strong wins 0.85 of 40 seeded games
    # against it, a play-tester)
    default_kinds = ("strong", "build-first", "strong")

    def rule_rows(self) -> list[OptionRow]:
        return rule_rows(self.options, len(self.seats))

    def unavailable(self, name: str) -> str:
        return unavailable(name, len(self.seats))

    def gave_way(self, name: str, players: int) -> str:
        asked = self.asked.get(name)
        if name == "stock" and asked:
            return (
                f"{asked} stock cards each are too many for {players} players: "
                f"the standard {_standard(players)} it is."
            )
        return super().gave_way(name, players)
