"""Skull King's card tooltips tell the truth (issue 40): each card's words name every card that
can beat it, checked against the engine's own trick resolution, and name only the cards the
game's options deal (no Kraken, White Whale or Loot without the advanced cards)."""

from __future__ import annotations

import itertools

import pygame

from cards.skull_king import SkullKingOptions
from cards.skull_king.cards import FULL_DECK, KIND, SUIT, TRUMP, Kind, deck
from cards.skull_king.options import KrakenLeader
from cards.skull_king.tricks import resolve
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.skull_king.adapter import GAME
from skully_game.scenes.skull_king.cardwords import CardRules, card_tip
from skully_game.scenes.skull_king.table import SkullKingTable, TableSeat
from skully_game.shell import theme
from tests.ui_helpers import make_app

PLAYED = tuple(dict.fromkeys(c for c in (*FULL_DECK, "TIGRESS:PIRATE", "TIGRESS:ESCAPE")))
EVERY_RULES = [CardRules(p, a, k) for p, a, k in itertools.product((False, True), repeat=3)]
ADVANCED_ONLY = ("LOOT", "KRAKEN", "WHALE")


def in_play(rules: CardRules, played: bool = False) -> list[str]:
    """The cards these rules deal, and the Tigress's two ways to play (`played`: those alone,
    not the Tigress in hand)."""
    held = set(deck(rules.advanced))
    out = [c for c in PLAYED if c.split(":")[0] in held]
    return [c for c in out if c != "TIGRESS"] if played else out


def names_of(code: str) -> tuple[str, ...]:
    """How a tooltip may name the card `code` (any one will do)."""
    if code == "TIGRESS:PIRATE":
        return ("Tigress", "Pirate")
    if KIND[code] is Kind.PIRATE:
        return ("Pirate",)
    if KIND[code] is Kind.NUMBER:
        return ("black",) if SUIT[code] == TRUMP else ()
    return {"MERMAID": ("Mermaid",), "SKULLKING": ("Skull King",),
            "KRAKEN": ("Kraken",), "WHALE": ("White Whale",)}.get(code, ())  # fmt: skip


def test_every_card_names_each_card_that_can_beat_it():
    """For every pair of cards in play, led either way: if the other card leaves this one
    without the trick, this card's words name it (or say it loses to every card)."""
    for rules in EVERY_RULES:
        cards = in_play(rules, played=True)
        for mine in cards:
            words = card_tip(mine, rules).partition(" — ")[2]
            if "loses to every card" in words or KIND[mine] in (Kind.KRAKEN, Kind.WHALE):
                continue
            for other in cards:
                names = names_of(other)
                if not names:
                    continue
                for trick in ((mine, other), (other, mine)):
                    winner = resolve(trick).winner
                    if winner is None or trick[winner] == other != mine:
                        assert any(n in words for n in names), (mine, other, rules, words)


def test_a_suit_card_names_pirates_mermaids_the_skull_king_and_the_tigress():
    words = card_tip("G7", CardRules())
    for name in ("black", "Pirate", "Tigress", "Mermaid", "Skull King"):
        assert name in words, words
    assert "unless a black card is played" not in words


def test_only_cards_dealt_under_the_options_are_named():
    for rules in EVERY_RULES:
        for code in in_play(rules):
            words = card_tip(code, rules)
            for name in ("Kraken", "White Whale", "Loot"):
                assert (name in words) <= rules.advanced, (code, rules, words)
    # with the advanced cards, the White Whale's plain numbers are said on every number card
    advanced = CardRules(advanced=True)
    for code in ("G3", "Y14", "P9", "B2", "B14"):
        words = card_tip(code, advanced)
        assert "White Whale" in words and "highest number" in words and "Kraken" in words


def test_the_krakens_words_follow_who_leads_after_it():
    assert "who would have won leads" in card_tip("KRAKEN", CardRules(advanced=True))
    assert "the player after you leads" in card_tip("KRAKEN", CardRules(True, True, True))


def test_every_tooltip_and_its_reason_fit_two_lines_under_the_hand_at_1024x640():
    """The words under the hand (no buttons: two rows at 16 px across the table, 700 px at
    1024 wide) hold the card's words and the longest reason a card is refused."""
    pygame.font.init()
    room = 1024 - 300 - 24  # the table (the window less the side panel), less its margins
    for rules in EVERY_RULES:
        for code in in_play(rules):
            said = card_tip(code, rules) + ": you must follow suit (black Jolly Roger)"
            assert len(theme.wrap(said, 16, room)) <= 2, said


def test_the_tables_card_words_follow_its_options():
    app = make_app()
    for advanced in (False, True):
        options = SkullKingOptions(
            players=3, advanced_cards=advanced, kraken_leader=KrakenLeader.LEFT_OF_KRAKEN
        )
        match = Match(GAME, options, 2, [TableSeat("You")] * 3)
        table = SkullKingTable(app, match)
        assert ("Kraken" in table.game.card_words("G5")) is advanced
        assert ("Mermaid" in table.game.card_words("G5")) is True
