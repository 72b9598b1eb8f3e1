"""What a person at the Skull King table sees and can do between moves: the hand stays in view
while a won trick flies to its winner, the flying stack leaves the winner's figures readable,
the keys never stop at a card that cannot be played, the log never says "You" for someone else,
the card faces call each suit what the log calls it, and every card of a fanned hand shows its
corner index, clear of its border."""

from __future__ import annotations

from itertools import pairwise

import pygame
import pytest

from cards.skull_king import RoundPlan, SkullKingOptions
from cards.skull_king.cards import SUIT_NAMES, sort_hand
from skully_game.scenes.cardtable.carddraw import CARD_H, CARD_W, card_back
from skully_game.scenes.cardtable.match import Match, Pace
from skully_game.scenes.cardtable.table import SEAT_BACK
from skully_game.scenes.cardtable.words import YOU, as_read_by
from skully_game.scenes.skull_king.adapter import GAME
from skully_game.scenes.skull_king.carddraw import SPECIALS, SUIT_WORDS, index_box
from skully_game.scenes.skull_king.table import SkullKingReplay, SkullKingTable, TableSeat
from skully_game.shell import theme
from tests.ui_helpers import key, make_app

NAMES = [YOU, "Anne", "Calico", "Mary"]


def new_table(app, kinds: list[str], seed: int = 5) -> SkullKingTable:
    options = SkullKingOptions(players=len(kinds), round_plan=RoundPlan.BLITZ)
    seats = [TableSeat(NAMES[i], kind) for i, kind in enumerate(kinds)]
    table = SkullKingTable(app, Match(GAME, options, seed, seats, Pace.FAST))
    app.stack.push(table)
    return table


def collecting(table: SkullKingTable) -> list:
    """The face-down cards of a won trick on their way to its winner."""
    return [f for f in table.flights if f.code is None and not f.dealt and f.slot < 0]


def watch_tricks_collected(app, table: SkullKingTable, monkeypatch, frames: int = 4000):
    """Play on (the person plays their first playable card) and yield, at each frame that
    shows a won trick flying, the card faces drawn in that frame."""
    drawn: list[str] = []
    real = GAME.card_image

    def card_image(code: str, scale: float = 1.0, dim: bool = False):
        drawn.append(code)
        return real(code, scale, dim)

    monkeypatch.setattr(GAME, "card_image", card_image)
    for _ in range(frames):
        if table.over():
            return
        if table.my_turn():
            playable = [c for c, _, _ in table.hand_layout() if table.playable(c)]
            table.act(
                table.playable(playable[0])[0] if playable else table.state.legal_actions()[0]
            )
        drawn.clear()
        app.run_frames(1)
        if collecting(table):
            yield list(drawn)


def test_the_hand_stays_on_screen_while_a_won_trick_flies_to_its_winner(monkeypatch):
    app = make_app()
    table = new_table(app, ["human", "heuristic", "heuristic", "heuristic"])
    seen = 0
    for drawn in watch_tricks_collected(app, table, monkeypatch):
        hand = [code for code, _, _ in table.hand_layout()]
        assert set(hand) <= set(drawn), "the hand went while the trick was collected"
        seen += bool(hand)
        if seen >= 3:
            break
    assert seen >= 3


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_a_won_trick_lands_clear_of_its_winners_bid_tricks_and_points(monkeypatch, size):
    app = make_app(size)
    table = new_table(app, ["human", "heuristic", "heuristic", "heuristic"])
    checked = 0
    for _ in watch_tricks_collected(app, table, monkeypatch):
        for flight in collecting(table):
            rects = table.seat_rects()
            seat = next((s for s, r in rects.items() if r.collidepoint(flight.end)), None)
            if seat is None:
                continue  # a card for the person's own hand, not for a seat
            box = rects[seat]
            landed = card_back(flight.end_scale).get_rect(center=flight.end)
            y = box.y + 24  # the seat's lines, as the table writes them
            for line in GAME.seat_lines(table.drawn_from(), table.viewer, seat):
                words = pygame.Rect((box.x + 8, y), theme.font(17).size(line))
                assert not landed.colliderect(words), (line, landed, words)
                y += 16
            assert flight.end_scale == SEAT_BACK and box.contains(landed)
            checked += 1
        if checked >= 8:
            break
    assert checked >= 8


def my_turn_to_play_with_a_dimmed_first_card(app, table: SkullKingTable) -> list[str]:
    """Play on until the person must play and their leftmost card may not be played."""
    for _ in range(400):
        table.run_bots_now()
        assert not table.over()
        hand = [code for code, _, _ in table.hand_layout()]
        playable = [code for code in hand if table.playable(code)]
        if playable and not table.playable(hand[0]):
            return hand
        table.act(table.playable(playable[-1])[0] if playable else table.state.legal_actions()[0])
        table.cursor = -1  # as after any move of the person's own
    raise AssertionError("no hand with a card that may not be played")


@pytest.mark.parametrize("first", [pygame.K_RIGHT, pygame.K_LEFT, pygame.K_RETURN])
def test_the_first_key_chooses_a_card_that_may_be_played_and_enter_then_plays_it(first):
    app = make_app()
    table = new_table(app, ["human", "heuristic", "heuristic"], seed=9)
    hand = my_turn_to_play_with_a_dimmed_first_card(app, table)
    before = len(table.state.history())
    app.dispatch(key(first))
    chosen = hand[table.cursor]
    assert table.playable(chosen), "the keys stopped on a card that may not be played"
    assert table.hover == chosen  # its name is written under the hand
    assert len(table.state.history()) == before, "the first key chooses, it does not play"
    app.dispatch(key(pygame.K_RETURN))
    assert len(table.state.history()) == before + 1
    assert chosen not in [code for code, _, _ in table.hand_layout()]


def test_enter_chooses_a_card_after_the_pointer_left_a_hand_that_has_shrunk():
    app = make_app()
    table = new_table(app, ["human", "heuristic", "heuristic"], seed=9)
    my_turn_to_play_with_a_dimmed_first_card(app, table)
    table.cursor = 9  # the pointer last rested on a card of a larger hand
    app.dispatch(key(pygame.K_RETURN))
    assert 0 <= table.cursor < len(table.hand_layout())
    assert table.playable(table.hand_layout()[table.cursor][0])


def test_a_seat_named_you_is_written_in_the_third_person_for_anyone_else():
    assert as_read_by(NAMES, 0) == NAMES
    assert as_read_by(NAMES, 1) == ['"You"', "Anne", "Calico", "Mary"]


def test_a_replay_says_you_for_the_person_who_played_whichever_hand_is_shown():
    """A replay is watched by the person who played as "You": another seat's hand shown, the
    log still says "You play", never '"You" plays' (a play-tester found the quotes odd)."""
    app = make_app()
    table = new_table(app, ["human", "heuristic", "heuristic"])
    for _ in range(8):  # the bids and some tricks
        table.run_bots_now()
        table.act(table.state.legal_actions()[0])
    replay = SkullKingReplay(app, Match.load(GAME, table.match.path))
    app.stack.push(replay)
    app.dispatch(key(pygame.K_END))
    for seat in (pygame.K_2, pygame.K_1):
        app.dispatch(key(seat))
        lines = [text for text, first in replay.log_rows(2000) if first]
        assert any(t.startswith("You play ") for t in lines)
        assert not [t for t in lines if '"You"' in t]


def test_card_faces_call_each_suit_what_the_log_calls_it():
    for suit, name in SUIT_NAMES.items():  # "black Jolly Roger": "Jolly Roger" on the face
        assert name.endswith(SUIT_WORDS[suit]), (suit, SUIT_WORDS[suit], name)


ALL_CODES = sort_hand([f"{s}{r}" for s in "GYPB" for r in (1, 7, 10, 14)] + list(SPECIALS))


def _index_mask(code: str, angle: float) -> pygame.mask.Mask:
    """The corner index of a card face, turned as the fan turns the card."""
    face = pygame.Surface((CARD_W, CARD_H), pygame.SRCALPHA)
    face.fill((255, 255, 255, 255), index_box(code))
    return pygame.mask.from_surface(pygame.transform.rotate(face, angle))


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_every_card_of_the_fullest_hand_shows_its_whole_corner_index(monkeypatch, size):
    """Eleven cards (ten dealt, Will the Bandit's two drawn after a trick): no card covers any
    part of the corner index (the number and suit, or the special card's name) of the card
    to its left, raised or not."""
    app = make_app(size)
    table = new_table(app, ["human", "heuristic", "heuristic"])
    for start in range(len(ALL_CODES) - 10):
        hand = ALL_CODES[start : start + 11]
        monkeypatch.setattr(GAME, "hand", lambda state, viewer, hand=hand: hand)
        laid = table.hand_layout()
        assert [code for code, _, _ in laid] == hand
        for (code, rect, angle), (_, over, over_angle) in pairwise(laid):
            index = _index_mask(code, angle)
            at = index.get_rect(center=rect.center)
            card = pygame.Surface((CARD_W, CARD_H), pygame.SRCALPHA)
            card.fill((255, 255, 255, 255))
            cover = pygame.mask.from_surface(pygame.transform.rotate(card, over_angle))
            for rise in (0, -18):  # a card that may be played stands 18 pixels higher
                top = cover.get_rect(center=over.move(0, rise).center)
                assert index.overlap(cover, (top.x - at.x, top.y - at.y)) is None, (code, rise)


def test_the_corner_index_keeps_clear_of_the_cards_border():
    for code in ALL_CODES:
        box = index_box(code)
        assert box.x >= 6 and box.y >= 6 and box.right <= CARD_W - 6, (code, box)
        assert box.bottom <= CARD_H // 2, (code, box)
