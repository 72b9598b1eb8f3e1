"""Skip-Bo's Hint: the strong player's move for the person to act, both its card and the pile
it goes to lit, with one line why, found from what that person may see alone."""

from __future__ import annotations

import random

import pygame

from cards.skip_bo import SkipBoOptions, SkipBoState
from skully_game.scenes.skip_bo.adapter import GAME
from tests.test_skip_bo_table import _table
from tests.ui_helpers import Inline, key


def _laid(hand, stock, build, discards=None, players=2) -> SkipBoState:
    """A game with seat 0 to act and its piles as given (the others' hands as dealt)."""
    state = SkipBoState(SkipBoOptions(players=players), 1)
    state.hands[0] = sorted(hand)
    state.stocks[0] = list(stock)
    state.build = [list(p) for p in build]
    if discards is not None:
        state.discards[0] = [list(p) for p in discards]
    state.refresh_tops()
    return state


def words(state: SkipBoState, action: str) -> str:
    assert action in state.legal_actions(), action
    return GAME.hint_words(state.observation(0), 0, action)


def test_a_stock_play_says_the_stock_is_what_wins():
    state = _laid([2, 9, 9, 12, 0], [4, 7], [[], [1, 2, 3, 4, 5, 6], [], []])
    assert words(state, "S0>B1") == (
        "Play the 7 from your stock onto the 6 on building pile B: your stock is what wins"
    )
    last = _laid([2, 9], [7], [[], [1, 2, 3, 4, 5, 6], [], []])
    assert words(last, "S0>B1").endswith("it is the stock's last card, so you win")


def test_a_build_says_what_it_leads_to():
    state = _laid([5, 9, 11, 12, 0], [7], [[1, 2, 3, 4], [], [], []])
    assert words(state, "H5>B0") == (
        "Play the 5 from your hand onto the 4 on building pile A: it builds the pile towards "
        "your stock's 7"
    )
    assert words(state, "HW>B0") == (
        "Play a SKIP-BO card from your hand onto the 4 on building pile A as a 5: it builds "
        "the pile towards your stock's 7"
    )
    next_is_stock = _laid([6, 9, 11, 12], [7], [[1, 2, 3, 4, 5], [], [], []])
    assert words(next_is_stock, "H6>B0").endswith("then your stock's 7 goes on it")


def test_a_discard_says_why_that_pile():
    state = _laid([9, 11], [7], [[], [], [], []], discards=[[12, 10], [], [5], []])
    assert words(state, "H9>D0") == (
        "Discard the 9 on your discard pile 1: it goes on the 10 to make a run you can play "
        "down later"
    )
    assert "an empty pile keeps it on top" in words(state, "H11>D1")


def test_a_discard_while_a_card_could_build_never_says_nothing_builds():
    """A SKIP-BO card held back (a play-tester was told "nothing more builds" beside an empty
    building pile a wild could start): the words say it is held back, not that nothing builds."""
    held_back = _laid([0, 9, 11], [7], [[], [], [], []], discards=[[12, 10], [3], [], []])
    said = words(held_back, "H11>D1")
    assert "nothing more builds" not in said and "what you hold back" in said, said
    piles = [[1, 2, 3], [1, 2], [1, 2], [1, 2]]  # needing a 4 and three 3s
    stuck = _laid([9, 11], [7], piles, discards=[[5], [8], [6], [10]])
    assert "nothing more builds" in words(stuck, "H11>D1")


def test_the_words_read_only_what_the_seat_may_see():
    """Two games alike to seat 0 but for the others' hands and the draw pile: the same words."""
    a = _laid([5, 9, 11, 12, 0], [7], [[1, 2, 3, 4], [], [], []])
    b = _laid([5, 9, 11, 12, 0], [7], [[1, 2, 3, 4], [], [], []])
    rng = random.Random(4)
    b.hands[1] = sorted(rng.randrange(13) for _ in range(5))
    rng.shuffle(b.draw)
    b.refresh_tops()
    for action in a.legal_actions():
        assert words(a, action) == words(b, action)


def test_the_hint_lights_the_card_and_the_pile_it_goes_to():
    for size in ((1280, 800), (1024, 640)):
        app, table = _table(["human", "build-first"], size=size)
        table.pool = Inline()
        app.dispatch(key(pygame.K_h))
        app.tick()
        hint = table.hinted
        assert hint is not None and hint.action in table.state.legal_actions()
        assert table.notice == f"Hint: {hint.words} · Enter takes it" and "from your" in hint.words
        source, target = hint.action.split(">")
        lit = table.hint_rects()
        assert len(lit) == 2
        assert lit[0] == table.place_rect(source)
        assert lit[1].colliderect(table.target_rect(target))
        app.draw(0.0)


def test_enter_makes_the_hinted_move_unless_the_keys_chose_a_card():
    app, table = _table(["human", "build-first"])
    table.pool = Inline()
    app.dispatch(key(pygame.K_h))
    app.tick()
    hint = table.hinted
    assert hint is not None
    count = len(table.state.history())
    app.dispatch(key(pygame.K_RETURN))
    assert table.state.history()[count : count + 1] == [hint.action]
    # with a card chosen by the arrows, Enter is the keys' own again
    app, table = _table(["human", "build-first"])
    table.pool = Inline()
    app.dispatch(key(pygame.K_h))
    app.tick()
    app.dispatch(key(pygame.K_RIGHT))
    count = len(table.state.history())
    app.dispatch(key(pygame.K_RETURN))
    assert len(table.state.history()) == count and table.picked is not None
