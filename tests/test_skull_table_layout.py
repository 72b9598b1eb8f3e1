"""Where the Skull table puts its words: a seat's bubble ("Pass", "Bid 10") never on a seat's
badge (its name and score) at 1280x800 or 1024x640, and the words about a card of the hand
centred on the hand at every window size, clear of the seats, the stacks and the prompt."""

from __future__ import annotations

import pygame
import pytest

from cards.skull import SkullOptions, SkullState
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skull.adapter import GAME
from skully_game.scenes.skull.table import SkullTable, TableSeat
from skully_game.shell import theme
from tests.ui_helpers import drawn_text_rects, ev, make_app

NAMES = ["You", "Anne", "Calico", "Mary", "Edward", "Grace", "Ching", "Henry"]
SIZES = ((1280, 800), (1024, 640))


def _table(size: tuple[int, int], players: int, *then: str) -> SkullTable:
    """Every seat has placed its first card, then the actions `then`; the person (seat 0) is
    to act."""
    app = make_app(size)
    app.stack.push(MenuScene(app))
    options = SkullOptions(players=players, decks=1 if players <= 4 else 3)
    state = SkullState(options, 5)
    for seat in range(players):
        state.apply_action(f"PLACE:{state.hands[seat][0]}")
    for action in then:
        state.apply_action(action)
    assert state.current_player() == 0
    seats = [TableSeat(n, "human" if i == 0 else "random") for i, n in enumerate(NAMES[:players])]
    match = Match(GAME, options, 5, seats)
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


@pytest.mark.parametrize("size", [*SIZES, (1100, 700), (1440, 900), (1920, 1080), (960, 600)])
@pytest.mark.parametrize("then", [(), ("BID:1", "BID:2", "PASS", "PASS")])
def test_the_words_about_a_card_are_centred_on_the_hand(monkeypatch, size, then) -> None:
    """The report: while the bid buttons show, the words about the card under the pointer sat
    centred in the felt right of one's own stack, off the hand's middle (more so the wider
    the window). Placing (a short line) and bidding (a long one, two lines)."""
    table = _table(size, 4, *then)
    assert table.choice_buttons and table.my_turn()
    hand = [rect for _, rect, _ in table.hand_layout()]
    middle = hand[0].unionall(hand[1:]).centerx
    table.app.dispatch(ev(pygame.MOUSEMOTION, pos=hand[0].center, rel=(0, 0), buttons=(0, 0, 0)))
    code = table.hover
    assert code is not None
    drawn = drawn_text_rects(table, monkeypatch)
    reason = GAME.why_not(table.state, 0, code)
    words = GAME.card_words(code) + (f": {reason}" if reason else "")
    hint = [r for m, r in drawn if len(m) > 3 and m in words]  # not a button's digit
    assert hint, "the card's words were not drawn"
    prompt = next(r for m, r in drawn if m.startswith(("Raise the bid", "Place a card")))
    avoid = [*table.seat_rects().values(), *(p.rect for p in table.spot_layout()), prompt]
    for r in hint:
        assert abs(r.centerx - middle) <= 2, (size, r, middle)
        assert r.collidelist(avoid) < 0, (size, r)
        assert r.collidelist([b.rect for b in table.choice_buttons]) < 0
        assert table.lay().table.contains(r)
