"""Skull King's cards and hints explain themselves: every card's tooltip says what it does (and
a named pirate's power, when pirate powers are on), and a hint says why in one line, read from
the seat's own observation alone."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pygame

from cards.skull_king import SkullKingOptions
from cards.skull_king.cards import FULL_DECK, PIRATES
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skull_king.adapter import GAME
from skully_game.scenes.skull_king.cardwords import POWERS, card_tip
from skully_game.scenes.skull_king.hints import hint_words, move_words
from skully_game.scenes.skull_king.table import SkullKingTable, TableSeat
from tests.ui_helpers import drawn_texts, ev, make_app


def test_every_card_says_what_it_does():
    codes = dict.fromkeys((*FULL_DECK, "TIGRESS:PIRATE", "TIGRESS:ESCAPE"))
    for code in codes:
        for powers in (False, True):
            tip = card_tip(code, powers)
            name, _, use = tip.partition(" — ")
            assert name and len(use) > 20, tip  # a name, then what it does
            # (what fits under the hand: tests/test_skull_king_card_truth.py)
    assert "Skull King" in card_tip("MERMAID", False) and "+40" in card_tip("MERMAID", False)
    assert "+20" in card_tip("B14", False) and "+10" in card_tip("G14", False)


def test_a_pirates_power_shows_only_when_powers_are_on():
    for pirate in PIRATES:
        assert POWERS[pirate] in card_tip(pirate, True)
        assert "beats number cards, Mermaids" in card_tip(pirate, True)  # a Pirate still
        assert POWERS[pirate] not in card_tip(pirate, False)
    app = make_app()
    for powers in (True, False):
        match = Match(
            GAME, SkullKingOptions(players=2, pirate_powers=powers), 1, [TableSeat("You")] * 2
        )
        table = SkullKingTable(app, match)
        said = table.game.card_words("JUANITA")
        assert ("see the cards nobody was dealt" in said) is powers


def test_hovering_juanita_while_bidding_says_what_she_does(monkeypatch):
    app = make_app()
    app.stack.push(MenuScene(app))
    match = Match(
        GAME,
        SkullKingOptions(players=3, pirate_powers=True),
        11,
        [TableSeat("You"), TableSeat("Anne", "heuristic"), TableSeat("Bo", "heuristic")],
    )
    table = SkullKingTable(app, match)
    app.stack.push(table)
    table.settle()
    table.run_bots_now()
    hand = table.hand_layout()
    assert table.state.phase.value == "bid" and hand
    code, rect, _ = hand[-1]
    app.dispatch(ev(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    texts = drawn_texts(app, monkeypatch)
    said = card_tip(code, True) + ": cards are played once everyone has bid"
    assert table.hover == code
    assert any(said.startswith(t.rstrip(".")[:40]) for t in texts if len(t) > 40)


def _obs(**fields):
    base = dict(
        hand=(), bids=(None, None, None), adjustments=(0, 0, 0), tricks_won=(0, 0, 0),
        trick=(), hand_sizes=(3, 3, 3),
    )  # fmt: skip
    return SimpleNamespace(**{**base, **fields})


def test_a_bid_hint_names_the_cards_that_win():
    obs = _obs(hand=("SKULLKING", "B13", "G3"))
    assert hint_words(obs, 0, "BID:2") == (
        "Bid 2: your Skull King and your black Jolly Roger 13 will likely win a trick each"
    )
    assert hint_words(_obs(hand=("G2", "Y5", "P7")), 0, "BID:0") == (
        "Bid 0: none of your cards is likely to win a trick"
    )


def test_a_play_hint_says_what_the_card_does_for_the_bid():
    obs = _obs(
        hand=("B14", "G2"), bids=(1, 0, 0), trick=((1, "B12"), (2, "G5")), hand_sizes=(2, 1, 1)
    )
    assert hint_words(obs, 0, "B14") == (
        "Play the black Jolly Roger 14: it takes the trick, and you need 1 more trick for your "
        "bid of 1"
    )
    made = _obs(hand=("ESCAPE", "B14"), bids=(1, 0, 0), tricks_won=(1, 0, 0),
                trick=((1, "Y9"),), hand_sizes=(2, 1, 2))  # fmt: skip
    assert hint_words(made, 0, "ESCAPE") == (
        "Play an Escape: it loses this trick so far, and you have your 1 trick: lose the rest"
    )


def test_the_tables_hint_is_the_strong_players_move_with_its_reason():
    options = SkullKingOptions(players=3)
    state = GAME.new_state(options, 8)
    for action in ("BID:1", "BID:0", "BID:1"):
        state.apply_action(action)
    seat = state.current_player()
    hint = GAME.hinter(random.Random(1))(state, seat)()
    assert hint.action in state.legal_actions()
    assert hint.words.startswith(move_words(hint.action).replace("Play", "Lead"))
