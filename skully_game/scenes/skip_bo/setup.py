"""New Skip-Bo game: 2-6 seats, each a person or a computer player of a level; the stock size,
partnerships, the 1980 rules, a match to a score, the computer players' pace; the rules. The last
choices come back."""

from __future__ import annotations

from typing import Any, ClassVar

from cards.skip_bo import SkipBoOptions
from cards.skip_bo.options import HAND
from skully_game.scenes.cardtable.seating import PACES
from skully_game.scenes.cardtable.setup import OptionRow, TableSetup
from skully_game.scenes.skip_bo.adapter import GAME
from skully_game.scenes.skip_bo.rules import SkipBoRules
from skully_game.scenes.skip_bo.table import SkipBoReplay, SkipBoTable

STOCKS = [(0, "Standard"), (10, "10"), (15, "15"), (20, "20"), (30, "30"), (40, "40")]
MATCHES = [(0, "One game"), (250, "To 250"), (500, "To 500"), (1000, "To 1000")]


def _standard(players: int) -> int:
    return 30 if players <= 4 else 20


def _deck(edition_1980: bool) -> int:
    return 144 + (24 if edition_1980 else 18)


def _fits(stock: int, players: int, deck: int) -> bool:
    """Whether the deck deals `stock` cards and a hand to each player."""
    return players * (stock + HAND) <= deck


def _stocks(players: int, edition_1980: bool) -> list[tuple[int, str]]:
    """The standard stock for these seats, named with its size, then every other size the
    deck can deal to them (a size the seats cannot have is not offered at all)."""
    standard, deck = _standard(players), _deck(edition_1980)
    fits = [(n, t) for n, t in STOCKS[1:] if n != standard and _fits(n, players, deck)]
    rows = [*fits, (0, f"Standard ({standard})")]
    return sorted(rows, key=lambda row: row[0] or standard)  # by size, the standard in place


def rule_rows(options: SkipBoOptions, players: int) -> list[OptionRow]:
    """The rule options, each a row of choices: at this desk's setup and on the Host page."""
    o = options
    stock = 0 if o.stock == _standard(players) else o.stock  # the one "Standard" row shows it
    return [
        ("Stock cards each", _stocks(players, o.edition_1980), stock, "stock"),
        ("Partners (4 or 6 players)", [(False, "Off"), (True, "On")], o.partners, "partners"),
        ("Rules", [(False, "Today's"), (True, "1980: 24 wilds")], o.edition_1980, "edition_1980"),
        ("Scoring", MATCHES, o.match_to, "match_to"),
    ]


def unavailable(name: str, players: int) -> str:
    """Why option `name` cannot apply with this many players, short enough to stand for its
    value; "" when it can."""
    if name == "partners" and players not in (4, 6):
        return f"Not with {players} players"
    return ""


TIPS = {  # each rule row's tooltip, by the option's name
    "stock": "Cards in each stock: fewer make a shorter game",
    "partners": "Partners sit opposite and play from each other's piles",
    "edition_1980": "1980: 24 SKIP-BO cards, and one may go on another",
    "match_to": "One game, or games until a side reaches the score",
}


class SkipBoSetup(TableSetup):
    game = GAME
    table_class = SkipBoTable
    replay_class = SkipBoReplay
    rules_class = SkipBoRules
    default_kinds = ("build-first", "build-first", "build-first")

    option_tips: ClassVar[dict[str, str]] = TIPS

    def option_rows(self) -> list[OptionRow]:
        return [
            *rule_rows(self.options, len(self.seats)),
            ("Computer pace", PACES, self.pace, "pace"),
        ]

    def unavailable(self, name: str) -> str:
        return unavailable(name, len(self.seats))

    def _seats_changed(self) -> None:
        self.options, self.message = self._fit(self.asked)
        self._layout()  # (not the base's: it would forget the message)

    def changed(self, name: str, value: object) -> dict[str, object]:
        fitted, self.message = self._fit({name: value})
        return fitted.to_dict()

    def _fit(self, changes: dict[str, object]) -> tuple[SkipBoOptions, str]:
        """The options with `changes`, made to suit the seats: pairs only at 4 or 6 players (the
        row shows it cannot apply), a stock the deck can hold; and what had to give, in a
        player's words ("" when nothing)."""
        values = {**self.options.to_dict(), **changes, "players": len(self.seats)}
        players = len(self.seats)
        problems = []
        if players not in (4, 6):
            values["partners"] = False  # the row says why (see `unavailable`)
        standard, stock = _standard(players), values["stock"]
        if stock and not _fits(stock, players, _deck(values["edition_1980"])):
            problems.append(
                f"{stock} stock cards each are too many for {players} players: "
                f"the standard {standard} it is."
            )
            stock = 0
        values["stock"] = 0 if stock == standard else stock  # the one "Standard" row shows it
        return SkipBoOptions(**values), " ".join(problems)  # type: ignore[arg-type]

    def final_options(self) -> Any:
        return self._fit({})[0]
