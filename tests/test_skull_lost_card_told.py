"""A Challenger stopped by another's Skull is shown which of their cards was drawn out of the
game, beside their own log (it is gone from their own hand: theirs to know; a play-tester had to
work it out from the hand); the drawer is shown it as before, and nobody else is."""

from __future__ import annotations

from cards.skull import Phase
from skully_game.scenes.skull.adapter import GAME
from tests.test_skull_table_words import NAMES, _other_skull_round


def _drawn():
    state = _other_skull_round()  # You turned Anne's Skull: Anne draws one of your cards
    state.apply_action(state.legal_actions()[0])
    assert state.phase is not Phase.DRAW and len(state.lost[0]) == 1
    return state, state.lost[0][0]


def test_the_beaten_challenger_is_shown_which_card_they_lost():
    state, card = _drawn()
    views = GAME.private_views(state, 0)
    assert [(v.title, v.cards) for v in views] == [("Your card out of the game", (card,))]


def test_the_drawer_sees_it_and_the_others_do_not():
    state, card = _drawn()
    assert any(card in v.cards for v in GAME.private_views(state, 1))
    assert not any(card in v.cards for v in GAME.private_views(state, 2))
    assert not any(card in line for line in GAME.log(state, 2, NAMES))
