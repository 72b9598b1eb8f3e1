"""Skirrid's standings box at the game's end: every player's points split as scored, the
winner, and Play again / Watch the replay / Leave, safe from a stray Enter or a double click."""

from __future__ import annotations

import random

import pygame

from cards.skirrid import GAME as GAME_RULES
from cards.skirrid import SkirridOptions, SkirridState, make_bot
from skully_game.scenes.skirrid.adapter import GAME
from skully_game.scenes.skirrid.standings import standings
from skully_game.scenes.skirrid.table import SkirridTable
from skully_game.shell.scripted import click
from tests.test_skirrid_table import _table, square_pos
from tests.ui_helpers import key


def _finished(options: SkirridOptions, seed: int, kind: str = "greedy") -> SkirridState:
    state = SkirridState(options, seed)
    quick = GAME_RULES.quick_bots.get(kind, {})  # (a lighter search: it blocks all the same)
    bots = [make_bot(kind, random.Random(p), **quick) for p in range(options.players)]
    while not state.is_terminal():
        seat = state.turn
        state.apply_action(bots[seat].act(state.observation(seat), state.legal_actions()))
    return state


def _over_table(kinds: list[str], seed: int = 6, **options: object):
    app, table = _table(kinds, seed=seed, **options)
    finished = _finished(table.state.options, seed)
    table.match.state = GAME.replay(table.state, finished.history())
    table._layout()
    return app, table


def test_the_standings_split_each_score_into_face_up_and_blocks_and_rank_it():
    state = _finished(SkirridOptions(players=2), 6, "strong")  # the strong player blocks
    names = ["You", "Anne"]
    table = standings(state, names)
    assert sorted(r.total for r in table.rows) == sorted(state.scores)
    assert [r.total for r in table.rows] == sorted(state.scores, reverse=True)
    blocks = sum(score for _, _, pid, score in state.placed if state.geo.placements[pid].block)
    assert blocks > 0 and sum(r.blocks for r in table.rows) == blocks
    assert sum(r.shapes for r in table.rows) == len(state.placed)
    best = max(state.scores)
    assert [r.winner for r in table.rows] == [r.total == best for r in table.rows]
    assert table.banner.endswith("!") and table.rows[0].place == 1


def test_pairs_stand_as_pairs_with_the_partners_points_added():
    state = _finished(SkirridOptions(players=4, pairs=True), 2)
    table = standings(state, ["You", "Bob", "Anne", "Cy"])
    assert len(table.rows) == 2 and all(" and " in r.name for r in table.rows)
    assert sorted(r.total for r in table.rows) == sorted(state.side_totals())


def test_the_box_brings_play_again_replay_and_leave_once_it_has_been_on_show():
    app, table = _over_table(["human", "strong"])
    app.run_frames(1)
    box = table.standings_box()
    assert table.shows_result()
    assert not any(box.contains(b.rect) for b in table.widgets.widgets)  # not yet: no stray click
    app.run_frames(40)
    inside = [b.label for b in table.widgets.widgets if box.contains(b.rect)]
    assert inside == ["Play again", "Watch the replay", "Leave"]
    assert table.lay().board.contains(box)


def test_enter_and_a_double_click_at_the_end_neither_deal_again_nor_hide_the_standings():
    app, table = _over_table(["human", "strong"])
    app.run_frames(1)
    click(app, square_pos(table, (0, 0)))  # the second click of a double click, just after
    app.dispatch(key(pygame.K_a))  # too soon: taken, nothing done
    assert table.shows_result() and app.stack.top is table
    app.run_frames(40)
    for k in (pygame.K_RETURN, pygame.K_KP_ENTER):
        app.dispatch(key(k))
    assert table.shows_result() and app.stack.top is table
    app.dispatch(key(pygame.K_a))  # A, meant: a new game at the same seats
    fresh = app.stack.top
    assert isinstance(fresh, SkirridTable) and fresh is not table
    assert not fresh.state.history() and [s.kind for s in fresh.match.seats] == ["human", "strong"]


def test_a_person_who_named_their_seat_is_listed_by_that_name():
    """A person named Bea at a one-person table: the rows say Bea, as the side panel does (they
    said 'You'); the banner speaks to her as the log does."""
    from skully_game.scenes.cardtable.match import Match, TableSeat
    from skully_game.scenes.menu import MenuScene
    from tests.ui_helpers import make_app

    app = make_app()
    app.stack.push(MenuScene(app))
    seats = [TableSeat("Bea"), TableSeat("Anne", "greedy")]
    table = SkirridTable(app, Match(GAME, SkirridOptions(players=2), 6, seats))
    app.stack.push(table)
    finished = _finished(table.state.options, 6)
    table.match.state = GAME.replay(table.state, finished.history())
    rows = table.standings().rows
    assert sorted(r.name for r in rows) == ["Anne", "Bea"]
    assert "You" not in {r.name for r in rows}
    if 0 in table.state.winners() and len(table.state.winners()) == 1:
        assert table.standings().banner.startswith("You")
