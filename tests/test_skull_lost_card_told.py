"""A Challenger stopped by another's Skull reads which of their cards was drawn out of the game
(it is gone from their own hand: theirs to know; a play-tester had to work it out from the
hand); the drawer reads it as before, and nobody else does."""

from __future__ import annotations

from cards.skull import Phase
from cards.skull.words import card_name
from skully_game.scenes.skull.adapter import GAME
from tests.test_skull_table_words import NAMES, _other_skull_round


def _drawn():
    state = _other_skull_round()  # You turned Anne's Skull: Anne draws one of your cards
    state.apply_action(state.legal_actions()[0])
    assert state.phase is not Phase.DRAW and len(state.lost[0]) == 1
    return state, card_name(state.lost[0][0])


def test_the_beaten_challenger_reads_which_card_they_lost():
    state, name = _drawn()
    mine = GAME.log(state, 0, NAMES)
    assert any(name in line and "from you" in line for line in mine), mine


def test_the_drawer_reads_it_and_the_others_do_not():
    state, name = _drawn()
    assert any(name in line for line in GAME.log(state, 1, NAMES))
    assert not any(name in line for line in GAME.log(state, 2, NAMES))
    assert not any(name in line for line in GAME.log(state, None, NAMES))
