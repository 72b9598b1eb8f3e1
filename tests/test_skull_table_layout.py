"""Where the Skull table puts its words: a seat's bubble ("Pass", "Bid 10") never on a seat's
badge (its name and score) at 1280x800 or 1024x640."""

from __future__ import annotations

import pytest

from cards.skull import SkullOptions, SkullState
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skull.adapter import GAME
from skully_game.scenes.skull.table import Match, SkullTable, TableSeat
from skully_game.shell import theme
from tests.ui_helpers import make_app

NAMES = ["You", "Anne", "Calico", "Mary", "Edward", "Grace", "Ching", "Henry"]
SIZES = ((1280, 800), (1024, 640))


def _table(size: tuple[int, int], players: int) -> SkullTable:
    """Every seat has placed its first card; the person (seat 0) is to place or bid."""
    app = make_app(size)
    app.stack.push(MenuScene(app))
    options = SkullOptions(players=players, decks=1 if players <= 4 else 3)
    state = SkullState(options, 5)
    for seat in range(players):
        state.apply_action(f"PLACE:{state.hands[seat][0]}")
    seats = [TableSeat(n, "human" if i == 0 else "random") for i, n in enumerate(NAMES[:players])]
    match = Match(options, 5, seats)
    match.state = GAME.replay(match.state, state.history())
    table = SkullTable(app, match)
    app.stack.push(table)
    table.settle()
    return table


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", range(2, 9))
def test_a_word_bubble_never_covers_a_seats_badge(size, players) -> None:
    """The report: at 1024x640 a "Pass" under a top seat, with no room between its stack and
    the next seat, was laid over the seat's own box. Each seat alone, then all at once."""
    table = _table(size, players)
    badges = table.seat_rects()
    stacks = [p.rect for p in table.spot_layout()]
    taken = []
    for words in ("Pass", "Bid 10"):
        img_size = theme.rendered(words, 22, theme.ACCENT, True).get_size()
        for seat in range(players):
            alone = table.bubble_rect(seat, img_size)
            together = table.bubble_rect(seat, img_size, taken)
            for bubble in (alone, together):
                assert bubble is not None and table.lay().table.contains(bubble)
                assert bubble.collidelist(list(badges.values())) < 0, (words, seat, bubble)
                assert bubble.collidelist(stacks) < 0, (words, seat, bubble)
            assert together.collidelist(taken) < 0
            taken.append(together)
        taken.clear()
