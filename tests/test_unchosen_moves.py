"""No move the player did not choose: a key held down, a button held since before the hand was
shown, or the second press of a double click never plays a card; and nothing lit, focused or
tipped for one person carries over to the next. The cases found by playing come first."""

from __future__ import annotations

import pygame

from cards.skip_bo import SkipBoOptions
from cards.skull_king import Phase, SkullKingOptions
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.skip_bo.adapter import GAME as SKIP_BO
from skully_game.scenes.skip_bo.table import SkipBoTable
from skully_game.scenes.skull_king.adapter import GAME as SKULL_KING
from skully_game.scenes.skull_king.table import SkullKingTable, TableSeat
from skully_game.shell.app import DOUBLE_PRESS_S
from skully_game.shell.freshpress import ARM_SECONDS
from tests.ui_helpers import click, ev, make_app


def polled(kind: int, k: int) -> pygame.event.Event:
    """A key event as the keyboard sends it (polled: it carries `doubt`, shell/pacer.py)."""
    return ev(kind, key=k, mod=0, unicode="", scancode=0, t=0.0, doubt=0.0)


def ticks(app, seconds: float) -> None:
    for _ in range(round(seconds * 120)):
        app.tick()


def two_people_at_skull_king(phase: Phase):
    """Bea and Anne (and a computer player) at Skull King, Bea's pass screen up in `phase`."""
    app = make_app()
    seats = [TableSeat("Bea"), TableSeat("Anne"), TableSeat("Calico", "heuristic")]
    table = SkullKingTable(app, Match(SKULL_KING, SkullKingOptions(players=3), 3, seats))
    app.stack.push(table)
    for _ in range(40):
        table.run_bots_now()
        to_act = table.state.current_player()
        if table.state.phase is phase and table.passing is not None and to_act in (0, 1):
            break
        table.reveal()
        table.act(table.state.legal_actions()[0])
    assert table.state.phase is phase and table.passing is not None
    ticks(app, ARM_SECONDS + 0.1)
    return app, table


def test_holding_space_on_a_pass_screen_opens_the_hand_and_its_repeats_play_nothing():
    for k in (pygame.K_SPACE, pygame.K_RETURN):
        app, table = two_people_at_skull_king(Phase.PLAY)
        seat = table.passing
        hand = list(table.state.hands[seat])
        app.dispatch(polled(pygame.KEYDOWN, k))  # pressed after arming: the hand opens
        assert table.passing is None and table.viewer == seat
        for _ in range(30):  # ... and held: the OS repeats it for a second
            ticks(app, 1 / 30)
            app.dispatch(polled(pygame.KEYDOWN, k))
        assert table.state.hands[seat] == hand, "a repeat played a card"
        app.dispatch(polled(pygame.KEYUP, k))
        app.dispatch(polled(pygame.KEYDOWN, k))  # a fresh press chooses a card, the next plays
        app.dispatch(polled(pygame.KEYUP, k))
        app.dispatch(polled(pygame.KEYDOWN, k))
        assert len(table.state.hands[seat]) == len(hand) - 1


def test_a_button_held_since_the_pass_screen_plays_nothing_when_let_go_on_a_card():
    app, table = two_people_at_skull_king(Phase.PLAY)
    seat = table.passing
    hand = list(table.state.hands[seat])
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))  # held down ...
    app.dispatch(polled(pygame.KEYDOWN, pygame.K_RETURN))  # ... while Enter opens the hand
    ticks(app, 1.0)
    code, rect, _ = next(c for c in table.hand_layout() if table.playable(c[0]))
    app.dispatch(ev(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(1, 0, 0)))
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=rect.center, button=1))
    assert table.state.hands[seat] == hand
    click(app, rect.center)  # a fresh click plays it
    assert code not in table.state.hands[seat]


def test_a_double_click_on_the_pass_button_plays_nothing_with_its_second_click():
    app, table = two_people_at_skull_king(Phase.BID)
    seat = table.passing
    at = table.pass_button().center
    click(app, at)
    assert table.passing is None
    table.choice_buttons[0].rect.center = at  # the worst case: a bid right under it
    ticks(app, 0.1)
    click(app, at)
    assert table.state.bids[seat] is None, "the second click of a double click bid"
    assert table.bid_chosen is None, "the second click of a double click chose a bid"
    ticks(app, DOUBLE_PRESS_S)
    click(app, at)
    assert table.bid_chosen is not None  # a fresh click chooses (a shared desk confirms)


def test_a_bid_button_lit_for_bea_is_not_lit_for_anne_who_opened_with_enter():
    """Bea clicks "1" and Anne opens her hand with Enter without moving the mouse: her "1"
    would say Bea's bid; it is drawn plain, with no tooltip, until the pointer moves."""
    app, table = two_people_at_skull_king(Phase.BID)
    assert table.passing == 0
    click(app, table.pass_button().center)
    ticks(app, 1.0)
    one = next(b for b in table.choice_buttons if b.label == "1")
    click(app, one.rect.center)
    app.dispatch(polled(pygame.KEYDOWN, pygame.K_RETURN))  # confirmed by Enter: the pointer
    app.dispatch(polled(pygame.KEYUP, pygame.K_RETURN))  # stays on her "1"
    assert table.state.bids[0] == 1 and table.passing == 1
    ticks(app, ARM_SECONDS + 0.1)
    app.dispatch(polled(pygame.KEYDOWN, pygame.K_RETURN))
    app.dispatch(polled(pygame.KEYUP, pygame.K_RETURN))
    assert table.passing is None and table.viewer == 1
    assert table.widgets.mouse == (-1, -1) and table.widgets.focus == -1
    assert table.widgets.tip(app.screen.get_rect()) is None
    assert table.hover is None and table.cursor == -1


def test_no_tooltip_of_the_last_turn_stays_over_the_pass_screen():
    app, table = two_people_at_skull_king(Phase.BID)
    click(app, table.pass_button().center)
    ticks(app, 1.0)
    undo = next(w for w in table.widgets.widgets if w.label == "Undo")
    app.dispatch(ev(pygame.MOUSEMOTION, pos=undo.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    assert table.widgets.tip(app.screen.get_rect()) is not None  # "No undo with two ..."
    table.act(table.state.legal_actions()[0])
    assert table.passing == 1
    assert table.widgets.tip(app.screen.get_rect()) is None


def test_one_person_holding_enter_at_skip_bo_makes_one_move():
    """With no pass screens at all, a held key still acts once: Enter's repeats play on."""
    app = make_app()
    seats = [TableSeat("Bea"), TableSeat("Calico", "random")]
    table = SkipBoTable(app, Match(SKIP_BO, SkipBoOptions(players=2, stock=10), 6, seats))
    app.stack.push(table)
    table.run_bots_now()
    assert table.my_turn()
    made: list[int | None] = []
    real = table.act

    def act(action: str) -> None:
        made.append(table._to_act())
        real(action)

    table.act = act
    app.dispatch(polled(pygame.KEYDOWN, pygame.K_RETURN))
    for _ in range(40):
        ticks(app, 1 / 30)
        app.dispatch(polled(pygame.KEYDOWN, pygame.K_RETURN))
    assert made.count(0) <= 1, "Enter's repeats played card after card"
