"""While a hint shows, a greyed card's reason (must follow suit) still reads: on the prompt's line,
the hint's words kept under it (the hint's words used to hide it, and a click on the card put the
reason in place of the hint's why)."""

from __future__ import annotations

from cards.skull_king import RoundPlan, SkullKingOptions
from skully_game.scenes.cardtable.game import Hint
from skully_game.scenes.cardtable.match import Match, Pace
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skull_king.adapter import GAME as SKULL_KING
from skully_game.scenes.skull_king.table import SkullKingTable, TableSeat
from tests.ui_helpers import make_app


def _greyed_turn() -> tuple[SkullKingTable, str]:
    """A person's turn to play with a card they may not play (the suit to follow)."""
    app = make_app()
    app.stack.push(MenuScene(app))
    kinds = ["human", "heuristic", "heuristic"]
    seats = [TableSeat(n, k) for n, k in zip(["You", "Anne", "Bo"], kinds, strict=True)]
    options = SkullKingOptions(players=3, round_plan=RoundPlan.BROADSIDE)
    table = SkullKingTable(app, Match(SKULL_KING, options, 5, seats, Pace.FAST))
    app.stack.push(table)
    state = table.state
    for _ in range(200):
        table.run_bots_now()
        if state.phase.value == "play":
            greyed = [c for c, _, _ in table.hand_layout() if not table.playable(c)]
            if state.trick and greyed:
                return table, greyed[0]
        table.act(
            state.legal_actions()[-1] if state.phase.value == "bid" else state.legal_actions()[0]
        )
    raise AssertionError("no greyed card came")


def test_a_greyed_cards_reason_reads_beside_the_hint() -> None:
    table, code = _greyed_turn()
    legal = table.state.legal_actions()[0]
    table.hinted = Hint(legal, "it is the hint's why")
    table.notice = "Hint: Play it: it is the hint's why"
    assert table.status_line() is None  # the prompt, until the pointer is on the card
    table.hover = code
    line = table.status_line()
    assert line is not None and "must follow suit" in line[0], line
    table.hover = None
    table.click_card(code)  # a click on it: the reason stays, the hint's words too
    assert table.notice.startswith("Hint:") and table.hinted is not None
    line = table.status_line()
    assert line is not None and "must follow suit" in line[0]


def test_without_a_hint_the_prompt_line_is_the_prompt() -> None:
    table, code = _greyed_turn()
    table.hover = code
    assert table.status_line() is None  # the reason goes under the hand, as before
