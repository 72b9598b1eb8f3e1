"""Skull's score sheet reaches every round of a long game (issue 40: after 15 rounds with four
seats at 1024x640, Tab showed rounds 5 on and nothing reached rounds 1 to 4, nor said so)."""

from __future__ import annotations

import random
import re

import pygame
import pytest

from cards.bots import RandomBot
from cards.skull import SkullOptions, SkullState
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skull.adapter import GAME
from skully_game.scenes.skull.table import SkullTable, TableSeat
from tests.ui_helpers import drawn_text_rects, ev, key, make_app

NAMES = ["You", "Anne", "Calico", "Mary"]
SIZES = ((1024, 580), (1024, 640), (1280, 800))


def _long_game(size: tuple[int, int]) -> SkullTable:
    """Four seats after 15 rounds (random players), the score sheet open."""
    state = SkullState(SkullOptions(players=4), 0)
    bots = [RandomBot(random.Random(p)) for p in range(4)]
    while len(state.rounds) < 15:
        seat = state.current_player()
        state.apply_action(bots[seat].act(state.observation(seat), state.legal_actions()))
    app = make_app(size)
    app.stack.push(MenuScene(app))
    seats = [TableSeat(n, "human") for n in NAMES]
    match = Match(GAME, SkullOptions(players=4), 0, seats)
    match.state = GAME.replay(match.state, state.history())
    table = SkullTable(app, match)
    app.stack.push(table)
    table.settle()
    table.toggle_sheet()
    return table


def _rounds_drawn(table: SkullTable, monkeypatch) -> set[int]:
    texts = [t for t, _ in drawn_text_rects(table, monkeypatch)]
    return {int(m[1]) for t in texts if (m := re.fullmatch(r"Round (\d+)", t))}


@pytest.mark.parametrize("size", SIZES)
def test_every_round_is_reached_by_the_keys_and_the_wheel(size, monkeypatch) -> None:
    table = _long_game(size)
    latest = _rounds_drawn(table, monkeypatch)
    assert 15 in latest, "the sheet opens on the latest rounds"
    seen = set(latest)
    if len(latest) < 15:
        texts = [t for t, _ in drawn_text_rects(table, monkeypatch)]
        assert any(t.startswith(f"Rounds {min(latest)} to 15 of 15") for t in texts), texts
        for _ in range(20):
            table.handle_event(key(pygame.K_UP))
            seen |= _rounds_drawn(table, monkeypatch)
        assert 1 in seen and seen == set(range(1, 16)), "Up reaches every round"
        table.handle_event(key(pygame.K_END))
        assert _rounds_drawn(table, monkeypatch) == latest
        table.handle_event(key(pygame.K_HOME))
        assert 1 in _rounds_drawn(table, monkeypatch)
        table.handle_event(key(pygame.K_PAGEDOWN))
        table.handle_event(key(pygame.K_PAGEDOWN))
        table.handle_event(key(pygame.K_PAGEDOWN))
        table.handle_event(key(pygame.K_PAGEDOWN))
        assert _rounds_drawn(table, monkeypatch) == latest, "Page Down goes back to the end"
        table.handle_event(ev(pygame.MOUSEWHEEL, x=0, y=10))
        assert 1 in _rounds_drawn(table, monkeypatch), "the wheel scrolls up"
        table.handle_event(key(pygame.K_PAGEUP))
        assert 1 in _rounds_drawn(table, monkeypatch)
    assert seen == set(range(1, 16))


def test_the_sheet_opens_again_on_the_latest_rounds(monkeypatch) -> None:
    table = _long_game((1024, 640))
    latest = _rounds_drawn(table, monkeypatch)
    table.handle_event(key(pygame.K_HOME))
    assert 1 in _rounds_drawn(table, monkeypatch) and 1 not in latest
    table.toggle_sheet()
    table.toggle_sheet()
    assert _rounds_drawn(table, monkeypatch) == latest
