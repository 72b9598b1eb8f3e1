"""Pass screens at a shared desk need a deliberate act of the person they name: input meant for
one's own move (a double-click, a second Enter, a key still held) never opens the next person's
hand. The three cases found by playing come first, then the rules of the screen itself."""

from __future__ import annotations

import pygame

from cards.skull import Phase as SkullPhase
from cards.skull import SkullOptions
from cards.skull_king import SkullKingOptions
from skully_game.scenes.skull import adapter as skull_adapter
from skully_game.scenes.skull.table import Match as SkullMatch
from skully_game.scenes.skull.table import SkullTable
from skully_game.scenes.skull_king import adapter as sk_adapter
from skully_game.scenes.skull_king.table import Match as SkullKingMatch
from skully_game.scenes.skull_king.table import SkullKingTable, TableSeat
from tests.ui_helpers import click, ev, key, make_app


def double_click(app, pos: tuple[int, int], gap_ticks: int = 12) -> None:
    """Two clicks a tenth of a second apart, as a hand double-clicks."""
    click(app, pos)
    for _ in range(gap_ticks):
        app.tick()
    click(app, pos)


def press(app, k: int, ticks: int = 10) -> None:
    """A key pressed and let go, then a short wait, as a finger types."""
    app.dispatch(key(k))
    app.dispatch(ev(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    for _ in range(ticks):
        app.tick()


class Faces:
    """Every card face a game's adapter draws."""

    def __init__(self, monkeypatch, game) -> None:
        self.codes: list[str] = []
        real = game.card_image

        def spy(code, *args, **kw):
            self.codes.append(code)
            return real(code, *args, **kw)

        monkeypatch.setattr(game, "card_image", spy)


def _sit_down(table) -> None:
    """Everyone at the desk until a person is to act, that person sitting at the screen."""
    for _ in range(50):
        table.run_bots_now()
        if table.passing is None:
            return
        table.reveal()


def test_skull_king_a_double_click_on_a_bid_never_opens_the_next_hand(monkeypatch):
    app = make_app()
    seats = [TableSeat("Bea"), TableSeat("Anne"), TableSeat("Calico", "heuristic")]
    match = SkullKingMatch(SkullKingOptions(players=3), 3, seats)
    table = SkullKingTable(app, match)
    app.stack.push(table)
    _sit_down(table)
    assert table.viewer == 0 and table.my_turn() and table.state.phase.value == "bid"
    anne = set(table.state.hands[1])
    faces = Faces(monkeypatch, sk_adapter.GAME)
    one = next(b for b in table.choice_buttons if b.label == "1")
    double_click(app, one.rect.center)
    app.run_frames(3)
    assert table.state.bids[0] == 1
    assert table.passing == 1, "the pass screen to Anne is still up"
    assert not anne & set(faces.codes), "Anne's hand was drawn"


def test_skull_a_double_click_on_a_card_to_place_never_opens_the_next_hand(monkeypatch):
    app = make_app()
    seats = [TableSeat("Bea"), TableSeat("Anne"), TableSeat("Calico", "cautious")]
    table = SkullTable(app, SkullMatch(SkullOptions(players=3), 4, seats))
    app.stack.push(table)
    _sit_down(table)
    assert table.viewer == 0 and table.my_turn()
    anne = set(table.state.hands[1])
    faces = Faces(monkeypatch, skull_adapter.GAME)
    rect = next(r for c, r, _ in table.hand_layout() if table.playable(c))
    double_click(app, rect.move(0, -18).center)
    app.run_frames(3)
    assert len(table.state.stacks[0]) == 1
    assert table.passing == 1
    assert not anne & set(faces.codes), "Anne's hand was drawn"
    log = " ".join(text for text, _ in table.log_rows(2000))
    assert "Anne places the" not in log


def test_skull_three_people_right_enter_enter_never_opens_the_next_hand(monkeypatch):
    app = make_app()
    seats = [TableSeat("Bea"), TableSeat("Anne"), TableSeat("Calico")]
    table = SkullTable(app, SkullMatch(SkullOptions(players=3), 6, seats))
    app.stack.push(table)
    table.reveal()  # Bea places her first card
    table.act(next(a for a in table.state.legal_actions() if a.startswith("PLACE:")))
    table.settle()
    table.reveal()  # Anne sits down
    assert table.viewer == 1 and table.my_turn()
    assert table.state.phase is SkullPhase.FIRST
    calico = set(table.state.hands[2])
    faces = Faces(monkeypatch, skull_adapter.GAME)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN)
    press(app, pygame.K_RETURN)
    app.run_frames(3)
    assert len(table.state.stacks[1]) == 1, "Anne placed her card"
    assert table.passing == 2
    assert not calico & set(faces.codes), "Calico's hand was drawn"
    log = " ".join(text for text, _ in table.log_rows(2000))
    assert "Calico places" not in log
