"""The trick slot per seat (cardtable/layout.py): each played card lies in front of the seat
that played it, and no card covers a seat's box, the prompt or another seat's card, at every
number of seats Skull King allows and in both window sizes."""

from __future__ import annotations

import pygame
import pytest

from cards.skull_king import SkullKingOptions
from skully_game.scenes.cardtable.layout import SLOT_LABEL
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skull_king.adapter import GAME as SKULL_KING
from skully_game.scenes.skull_king.table import SkullKingTable, TableSeat
from tests.ui_helpers import make_app

NAMES = ["You", "Anne", "Calico", "Mary", "Edward", "Grace", "Ching", "Henry"]


def _table(size: tuple[int, int], players: int) -> SkullKingTable:
    app = make_app(size)
    app.stack.push(MenuScene(app))
    kinds = ["human"] + ["heuristic"] * (players - 1)
    match = Match(
        SKULL_KING,
        SkullKingOptions(players=players),
        3,
        [TableSeat(NAMES[i], k) for i, k in enumerate(kinds)],
    )
    table = SkullKingTable(app, match)
    app.stack.push(table)
    table.settle()
    return table


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7, 8])
def test_every_trick_slot_is_clear(size: tuple[int, int], players: int) -> None:
    table = _table(size, players)
    for viewer in range(players):
        table.viewer = viewer
        seats = table.seat_rects()
        slots = table.trick_slots()
        assert sorted(slots) == sorted(seats)  # Greybeard's seat has one too
        full = {s: r.inflate(0, SLOT_LABEL).move(0, -SLOT_LABEL // 2) for s, r in slots.items()}
        prompt_y = table.lay().prompt_y
        words = table.trick_words_box()
        assert words.w >= 160 and words.h >= 48  # room for "Suit to follow" and "Trick to Anne"
        for seat, card in full.items():
            assert table.lay().table.contains(card)
            assert card.collidelist(list(seats.values())) < 0, (seat, card)
            assert card.bottom <= prompt_y  # the prompt and the hand below it stay clear
            others = [r for s, r in full.items() if s != seat]
            assert card.collidelist(others) < 0
            assert not card.colliderect(words)
        assert table.pile_scale() >= 0.55


@pytest.mark.parametrize("players", [3, 5, 8])
def test_a_card_lies_in_front_of_the_seat_that_played_it(players: int) -> None:
    """Each slot is nearer its own seat's box than any other seat's card slot is."""
    table = _table((1280, 800), players)
    seats = table.seat_rects()
    slots = table.trick_slots()
    for seat, box in seats.items():
        if seat == table.viewer:
            continue
        mine = _gap(slots[seat], box)
        assert all(mine <= _gap(r, box) for s, r in slots.items() if s != seat), seat


def _gap(a: pygame.Rect, b: pygame.Rect) -> float:
    x = max(a.x - b.right, b.x - a.right, 0)
    y = max(a.y - b.bottom, b.y - a.bottom, 0)
    return (x * x + y * y) ** 0.5


def test_played_cards_fly_to_their_seats_slot_and_the_trick_gathers_to_its_winner() -> None:
    table = _table((1280, 800), 4)
    state = table.state
    while not (state.phase.value == "play" and state.current_player() == 0):
        table.run_bots_now()
        if state.current_player() == 0 and state.phase.value != "play":
            table.act(state.legal_actions()[0])
    table.settle()
    table.act(state.legal_actions()[0])
    table.update(1 / 60)
    lay = table.lay()
    ends = {f.end for f in table.flights if f.slot >= 0}
    assert ends == {table._slot_centre(0, lay)}  # the viewer's own card: in front of them
    while state.trick and state.current_player() != 0:  # the others play, at once
        seat = state.current_player()
        table.act(table.bots[seat](state, seat)())
    for _ in range(900):  # their cards fly to their slots; the trick is shown
        table.update(1 / 30)
        if table.shown is not None:
            break
    shown = table.shown
    assert shown is not None and shown.winner is not None
    table.hold = 0.001
    table.update(1 / 30)
    meet = table._slot_centre(shown.winner, lay)
    gathering = [f for f in table.flights if f.code is not None]
    assert sorted(f.code for f in gathering) == sorted(c for _, c in shown.plays)
    # face up, together before its winner (Skull King fans them a little: gathered.py)
    width = table._pile_card()[0]
    assert all(f.end[1] == meet[1] and abs(f.end[0] - meet[0]) <= width for f in gathering)
    table.hold = 0.001  # its beat before the winner over: the trick goes to the winner's seat
    table.update(1 / 30)
    to_seat = [f for f in table.flights if f.code is None]
    assert len(to_seat) == len(shown.plays)
    assert all(seats_box.collidepoint(f.end) for f in to_seat
               for seats_box in [table.seat_rects()[shown.winner]])  # fmt: skip
