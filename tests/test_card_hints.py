"""Help at the card tables: Hint (a button and H) shows the strong computer player's choice for
the person to act, lit, with one line why, from what that person may see; P changes the
computer players' pace and says to what; and at a shared desk a person's own card is seen
flying to the table before the next pass screen."""

from __future__ import annotations

import pygame
import pytest

from cards.skull_king import SkullKingOptions
from skully_game.scenes.cardtable.flight import OWN
from skully_game.scenes.cardtable.match import Match, Pace
from skully_game.scenes.skull_king.adapter import GAME as SKULL_KING
from skully_game.scenes.skull_king.table import SkullKingTable, TableSeat
from tests.ui_helpers import Inline, click, key, make_app


def table_with(people: int, seed: int = 3):
    app = make_app()
    names = ["Bea", "Anne", "Dora"][:people]
    seats = [TableSeat(n) for n in names] + [TableSeat("Calico", "heuristic")]
    table = SkullKingTable(
        app, Match(SKULL_KING, SkullKingOptions(players=len(seats)), seed, seats)
    )
    table.pool = Inline()
    app.stack.push(table)
    return app, table


def at_own_turn(app, table) -> None:
    for _ in range(40):
        table.run_bots_now()
        if table.passing is None and table.my_turn():
            return
        table.reveal()
    raise AssertionError("no person's turn came")


def test_hint_lights_the_strong_players_choice_and_says_why():
    app, table = table_with(1)
    at_own_turn(app, table)
    hint_button = next(w for w in table.widgets.widgets if w.label == "Hint")
    assert hint_button.enabled
    click(app, hint_button.rect.center)
    app.tick()
    hint = table.hinted
    assert hint is not None and hint.action in table.state.legal_actions()
    assert table.notice.startswith("Hint: ") and len(table.notice) > len("Hint: ")
    assert table.hint_rects(), "the hinted move is lit on the table"
    again = table.hinted
    app.dispatch(key(pygame.K_h))  # asked again: the same hint, not another
    assert table.hinted == again
    table.act(hint.action)
    assert table.hinted is None, "a move made: the hint is gone"


def test_a_hint_is_the_same_for_the_same_position_and_reads_only_the_seat_s_view(monkeypatch):
    app, table = table_with(1, seed=11)
    at_own_turn(app, table)
    seen = []
    real = table.state.observation

    def observation(seat):
        seen.append(seat)
        return real(seat)

    monkeypatch.setattr(table.state, "observation", observation)
    app.dispatch(key(pygame.K_h))
    app.tick()
    first = table.hinted
    table.forget_hint()
    app.dispatch(key(pygame.K_h))
    app.tick()
    assert table.hinted == first
    assert seen and set(seen) == {table.viewer}


def test_no_hint_for_a_person_who_is_not_to_act_and_none_when_hints_are_off():
    app, table = table_with(1)
    at_own_turn(app, table)
    table.act(table.state.legal_actions()[0])  # Bea's move: Calico is to act
    app.dispatch(key(pygame.K_h))
    assert table.hinted is None and table.notice == table.NO_HINT
    at_own_turn(app, table)
    table.match.hints = False
    table.relayout()
    assert not next(w for w in table.widgets.widgets if w.label == "Hint").enabled
    app.dispatch(key(pygame.K_h))
    app.tick()
    assert table.hinted is None and table.notice == table.HINTS_OFF


def test_p_changes_the_computer_pace_and_says_to_what():
    app, table = table_with(1)
    at_own_turn(app, table)
    assert table.match.pace is Pace.NORMAL
    app.dispatch(key(pygame.K_p))
    assert table.match.pace is Pace.FAST
    assert any("Computer pace: fast" in t.message for t in app.toasts)


@pytest.mark.parametrize("people", [2])
def test_at_a_shared_desk_one_s_own_card_is_seen_flying_before_the_next_pass_screen(people):
    app, table = table_with(people)
    for _ in range(200):  # to a person's turn to play a card, the next to act a person too
        table.run_bots_now()
        if table.passing is not None:
            table.reveal()
            continue
        state = table.state
        if state.phase.value == "play" and state.current_player() in table.humans:
            nxt = (state.current_player() + 1) % state.num_players
            if nxt in table.humans and len(state.trick) < state.num_players - 1:
                break
        table.act(state.legal_actions()[0])
    else:
        raise AssertionError("no such turn")
    code, rect, _ = next(c for c in table.hand_layout() if table.playable(c[0]))
    click(app, rect.move(0, -18).center)
    app.tick()
    assert table.passing is None and table.public, "the desk watches the card fly"
    assert any(f.code == code for f in table.flights), "the card flies from the hand"
    for _ in range(round((OWN + 0.2) * 120)):
        app.tick()
    assert table.passing is not None, "then the next person's pass screen"


def test_at_a_shared_desk_a_move_stands_once_the_screen_is_passed_on():
    """Whoever sits at the next person's pass screen may not be the mover: an undo from there
    brought the mover's hand back behind a pass screen that person could open."""
    from tests.ui_helpers import take_pass_screen

    app, table = table_with(2)
    take_pass_screen(app, table)
    seat = table.viewer
    assert table.my_turn() and table.state.phase.value == "bid"
    table.act(table.state.legal_actions()[0])  # a bid, hidden until all have bid
    after = table.state.history()
    nxt = table.passing
    assert nxt is not None and nxt != seat
    undo = next(w for w in table.widgets.widgets if w.label == "Undo")
    assert not undo.enabled and "passed on" in undo.tooltip
    for _ in range(90):  # the pass screen takes keys once it has armed
        app.tick()
    app.dispatch(key(pygame.K_z, pygame.KMOD_CTRL))
    assert table.state.history() == after and table.passing == nxt


def test_a_skull_king_bid_of_0_with_a_strong_card_never_argues_for_a_higher_bid():
    """A play-tester read "Bid 0: only Juanita Jade could win a trick", which argues for 1."""
    from types import SimpleNamespace

    from skully_game.scenes.skull_king.hints import _bid_words

    one = _bid_words(SimpleNamespace(hand=("SKULLKING", "G2", "Y3")), 0)
    two = _bid_words(SimpleNamespace(hand=("SKULLKING", "WILL", "Y3")), 0)
    assert one.startswith("Bid 0:") and "play it under a stronger card" in one
    assert "only" not in one and "a miss costs 30" in one
    assert "play them under stronger cards" in two
