"""Skull King's look at every trick of the round (T, or the Tricks button): a row per finished
trick of the round shown, a column per seat, who took it in words; public, so it opens on a pass
screen too; while it is open nothing under it acts; it fits 1024x640 and 1024x580."""

from __future__ import annotations

import pygame
import pytest

from cards.skull_king import Phase, SkullKingOptions
from cards.skull_king import events as ev
from skully_game.scenes.cardtable.match import Match, Pace
from skully_game.scenes.skull_king import played
from skully_game.scenes.skull_king.adapter import GAME
from skully_game.scenes.skull_king.table import SkullKingTable, TableSeat
from skully_game.shell.scripted import ev as event
from skully_game.shell.scripted import key
from tests.test_skull_king_table import drawn_texts_and_cards, ev_up, table_after_a_trick
from tests.ui_helpers import click, make_app


def _polled(k: int) -> pygame.event.Event:
    """A key as the keyboard sends it (a repeat, when the key is already down)."""
    return event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0, t=0.0, doubt=0.01)


def _tap(app, k: int = pygame.K_t) -> None:
    app.dispatch(key(k))
    app.dispatch(ev_up(k))


def _round_of_tricks(table: SkullKingTable) -> list[ev.TrickWon]:
    """The finished tricks of the round in play, from the game's events."""
    events = table.state.events
    start = max(k for k, e in enumerate(events) if isinstance(e, ev.Dealt))
    return [e for e in events[start:] if isinstance(e, ev.TrickWon)]


def test_t_shows_every_trick_of_the_round_and_who_took_it_and_t_or_esc_closes(monkeypatch):
    app = make_app((1024, 640))
    table = table_after_a_trick(app)
    for _ in range(2):  # a second trick of the round
        code = next(c for c, _, _ in table.hand_layout() if table.playable(c))
        if table.state.cards <= len(table.state.tricks) + 1:
            break
        table.act(table.playable(code)[0])
        table.run_bots_now()
        table.settle()
    texts, _ = drawn_texts_and_cards(app, monkeypatch)
    assert played.LABEL in texts
    _tap(app)
    assert table.tricks_open
    won = _round_of_tricks(table)
    texts, cards = drawn_texts_and_cards(app, monkeypatch)
    names = table.told_names()
    for trick in won:
        assert any(t.startswith(f"{names[trick.seat]} took it with") for t in texts)
        for _, code in trick.plays:
            assert code in cards
    view = table.round_tricks()
    assert [t.plays for t in view.tricks] == [tuple(t.plays) for t in won]
    assert any(t.startswith(f"Round {table.state.round_index + 1}:") for t in texts)
    _tap(app)
    assert not table.tricks_open
    _tap(app)
    app.dispatch(key(pygame.K_ESCAPE))
    assert not table.tricks_open and table.state.phase is Phase.PLAY  # Esc asked nothing else


def test_a_held_t_opens_it_once_and_its_repeats_do_not_close_it():
    app = make_app()
    table = table_after_a_trick(app)
    app.dispatch(_polled(pygame.K_t))
    for _ in range(15):
        app.dispatch(_polled(pygame.K_t))
    assert table.tricks_open
    app.dispatch(ev_up(pygame.K_t))
    assert table.tricks_open


def test_while_it_is_open_enter_and_clicks_play_no_card():
    app = make_app()
    table = table_after_a_trick(app)
    before = list(table.state.history())
    _tap(app)
    _, rect, _ = next(c for c in table.hand_layout() if table.playable(c[0]))
    for k in (pygame.K_RIGHT, pygame.K_RETURN, pygame.K_RETURN, pygame.K_SPACE, pygame.K_1):
        app.dispatch(key(k))
    click(app, table.tricks_area().center)
    assert table.tricks_open and table.state.history() == before
    click(app, rect.move(0, -18).center)  # outside it (the hand, under the panel): closes only
    assert table.state.history() == before
    assert not table.tricks_open or table.tricks_area().collidepoint(rect.move(0, -18).center)


def test_the_button_opens_and_closes_it():
    app = make_app((1024, 640))
    table = table_after_a_trick(app)
    app.draw(0.5)
    click(app, table.tricks_button().center)
    assert table.tricks_open
    click(app, table.tricks_button().center)
    assert not table.tricks_open


def test_it_opens_on_a_pass_screen_and_shows_no_hand(monkeypatch):
    app = make_app()
    table = table_after_a_trick(app, ("human", "human", "human"))
    for _ in range(60):  # to a pass screen in a round with a trick taken
        for _ in range(600):
            if table.passing is not None or table.my_turn():
                break
            if table.summary is not None:
                table.close_summary()
            table.go_on()
            app.run_frames(1)
        if table.passing is not None and table.round_tricks().tricks:
            break
        if table.passing is not None:
            table.reveal()
        table.act(table.state.legal_actions()[0])
    assert table.passing is not None
    waiting = table.passing
    _tap(app)
    assert table.tricks_open and table.passing == waiting  # T let no one in
    _, cards = drawn_texts_and_cards(app, monkeypatch)
    shown = {c for t in table.round_tricks().tricks for _, c in t.plays}
    assert shown and shown <= set(cards)
    for hand in table.state.hands:
        assert not (set(hand) & set(cards))  # no card of any hand drawn
    app.dispatch(key(pygame.K_RETURN))  # taken by the open panel: the screen stays
    assert table.passing == waiting
    app.dispatch(key(pygame.K_ESCAPE))
    assert not table.tricks_open and table.passing == waiting


def test_over_a_rounds_summary_it_shows_the_round_just_ended():
    app = make_app()
    table = table_after_a_trick(app)
    code = next(c for c, _, _ in table.hand_layout() if table.playable(c))
    table.act(table.playable(code)[0])
    for _ in range(600):
        app.run_frames(1)
        table.go_on()  # past the round's last trick
        if table.summary is not None:
            break
    assert table.summary is not None and table.state.phase is Phase.BID  # the next is dealt
    view = table.round_tricks()
    assert view.ended and view.round_no == table.state.round_index  # the one just over
    assert len(view.tricks) == view.round_no  # round n: n tricks, every one of them
    _tap(app)
    assert table.tricks_open


@pytest.mark.parametrize("size", [(1024, 640), (1024, 580), (1280, 800)])
def test_ten_tricks_at_eight_seats_fit_the_panel(size):
    app = make_app(size)
    seats = [TableSeat(f"Player {k}", "human" if k == 0 else "random") for k in range(8)]
    table = SkullKingTable(app, Match(GAME, SkullKingOptions(players=8), 3, seats, Pace.FAST))
    app.stack.push(table)
    area = table.tricks_area()
    g = played.grid(area, 8, 10)
    rects = [g.card_rect(r, s) for r in range(10) for s in range(8)]
    assert all(area.contains(r) for r in rects)
    assert rects[-1].bottom + 8 <= area.bottom - played.FOOT
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    assert g.words_x < 0 or area.right - 12 - g.words_x >= played.WORDS_MIN
    assert table.tricks_button().right < table.peek_button().left


def test_the_longest_line_over_the_table_stays_clear_of_the_buttons():
    from skully_game.shell import theme

    app = make_app((1024, 580))
    table = table_after_a_trick(app)
    longest = "Round 10 of 10 · 10 cards each · bids total 13 for 10 tricks"
    room = table.header_room(table.lay())
    assert theme.fit(longest, 22, room) == longest  # whole, not cut short
    assert 16 + theme.font(22).size(longest)[0] < table.tricks_button().x
