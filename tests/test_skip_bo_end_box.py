"""Skip-Bo's game's end is one box (a play-tester met a "You win - Continue" summary and then a
"Game over" panel): the winner, each stock left, the cards played and its buttons inside it;
and the final table (Space) shows every hand face up, the game being over."""

from __future__ import annotations

import pygame

from skully_game.scenes.skip_bo import endbox
from skully_game.scenes.skip_bo.demos import _skip_bo, _skip_bo_builds, _skip_bo_until
from skully_game.scenes.skip_bo.ending import LEAVE, PLAY_AGAIN, SEE_TABLE, WATCH
from tests.ui_helpers import drawn_texts, key, make_app


def _to_the_last_card(**options):
    """A table whose game has just ended, none of its happenings shown yet."""
    app = make_app()
    table = _skip_bo(app, ["human", "build-first", "build-first"], seed=2, stock=10, **options)
    for _ in range(5000):
        table.settle()
        seat = table._to_act()
        if seat in table.humans:
            table.act(_skip_bo_builds(table.state.legal_actions()))
        else:
            table.act(table.bots[seat](table.state, seat)())
        if table.state.games:
            break
    return app, table


def _shown_through(table) -> list[object]:
    """Every summary that comes up while the game's last happenings are shown."""
    summaries = []
    for _ in range(1000):
        table.flights.clear()
        if table.summary is not None:
            summaries.append(table.summary)
            break
        if not table.pending:
            break
        table._next_happening()
    return summaries


def test_a_games_end_comes_straight_to_one_box_with_no_summary_before_it(monkeypatch):
    app, table = _to_the_last_card()
    assert table.state.is_terminal()
    assert _shown_through(table) == []
    table.hold = 0.0
    app.run_frames(40)
    assert table.end_on_show()
    texts = drawn_texts(app, monkeypatch)
    assert "Stock left" in texts and "Cards played" in texts and "empty" in texts
    box = table.game_over_box()
    buttons = {b.label: b.rect for b in table.widgets.widgets}
    for label in (PLAY_AGAIN, WATCH, SEE_TABLE, LEAVE):
        assert box.contains(buttons[label]), label
    lay = table.lay().table
    assert lay.contains(box)


def test_a_match_still_sums_up_each_game_before_the_next():
    _app, table = _to_the_last_card(match_to=500)
    assert not table.state.is_terminal()
    assert len(_shown_through(table)) == 1


def test_the_lines_count_each_seats_stock_left_and_cards_built_this_game():
    app = make_app()
    table = _skip_bo(app, ["human", "build-first", "build-first", "build-first"], seed=8, stock=10)
    _skip_bo_until(table, lambda s: False)
    state = table.state
    lines = endbox.end_lines(state, table.names, table.game.winners(state))
    assert lines[0].won and lines[0].left == 0
    assert [e.left for e in lines] == sorted(e.left for e in lines)
    built = sum(len(p) for p in state.build)  # at least what lies on the piles
    assert sum(e.played for e in lines) >= built > 0
    assert {e.seat: e.left for e in lines} == {p: len(s) for p, s in enumerate(state.stocks)}


def test_the_final_table_shows_every_hand_face_up(monkeypatch):
    app = make_app()
    table = _skip_bo(app, ["human", "build-first", "build-first", "build-first"], seed=8, stock=10)
    _skip_bo_until(table, lambda s: False)
    app.run_frames(40)
    app.dispatch(key(pygame.K_SPACE))
    assert table.table_seen
    shown: list[object] = []
    real = endbox.draw_hands
    monkeypatch.setattr(endbox, "draw_hands", lambda *a: shown.append(a[2]) or real(*a))
    app.draw(0.5)
    assert shown, "no hand drawn on the final table"
    hands = dict(shown[0])
    assert hands == {table.names[p]: list(h) for p, h in enumerate(table.state.hands)}
    assert shown[0][0][0] == table.names[table.viewer]  # the viewer's own first
