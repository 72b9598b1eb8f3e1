"""Six seats' Win Markers are drawn beside their stacks at every window size (issue 40: at
1024x640 and 1024x580 a crowded table drew none, only the words "Markers won"), clear of the
seats' boxes and of the other stacks."""

from __future__ import annotations

import random

import pygame
import pytest

from cards.bots import RandomBot
from cards.skull import Phase, SkullOptions, SkullState
from skully_game.scenes.cardtable import spots
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skull.adapter import GAME
from skully_game.scenes.skull.table import SkullTable, TableSeat
from tests.ui_helpers import make_app

NAMES = ["You", "Anne", "Calico", "Mary", "Edward", "Grace"]
SIZES = ((1024, 580), (1024, 640), (1280, 800))
OPTIONS = SkullOptions(players=6, decks=3)


def _state(stacked: int) -> SkullState:
    """Six seats, two or more holding a Win Marker, bidding over stacks of `stacked` or more
    cards each (so many cards crowd the middle)."""
    for seed in range(200):
        state = SkullState(OPTIONS, seed)
        bots = [RandomBot(random.Random(seed * 10 + p)) for p in range(6)]
        for _ in range(3000):
            if state.is_terminal():
                break
            won = sum(1 for w in state.won if w) >= 2
            tall = all(
                len(s) >= stacked for s, left in zip(state.stacks, state.hands, strict=True) if left
            )
            if won and tall and state.phase is Phase.BID:
                return state
            seat = state.current_player()
            legal = state.legal_actions()
            placing = [a for a in legal if a.startswith("PLACE:")]
            bids = [a for a in legal if a.startswith("BID:")]
            if placing and won and len(bids) < 2 * stacked:
                state.apply_action(placing[0])  # stack up before the first bid
            else:
                state.apply_action(bots[seat].act(state.observation(seat), legal))
    raise AssertionError("no such game found")


def _table(size: tuple[int, int], state: SkullState) -> SkullTable:
    app = make_app(size)
    app.stack.push(MenuScene(app))
    seats = [TableSeat(n, "human" if i == 0 else "random") for i, n in enumerate(NAMES)]
    match = Match(GAME, OPTIONS, state.seed, seats)
    match.state = GAME.replay(match.state, state.history())
    table = SkullTable(app, match)
    app.stack.push(table)
    table.settle()
    return table


@pytest.mark.parametrize("stacked", [1, 2, 4])
@pytest.mark.parametrize("size", SIZES)
def test_each_seat_has_its_win_markers_drawn_clear_of_the_rest(size, stacked, monkeypatch) -> None:
    state = _state(stacked)
    table = _table(size, state)
    blitted: list[pygame.Rect] = []
    real = spots.draw

    def draw(surface, placed, *args, **kw):
        blitted.extend(r for _, r in placed.marks)
        return real(surface, placed, *args, **kw)

    monkeypatch.setattr(spots, "draw", draw)
    table.draw(table.app.screen, 1.0)
    placed = {p.spot.seat: p for p in table.spot_layout()}
    boxes = table.seat_rects()
    lay = table.lay()
    for seat in range(6):
        if not state.stacks[seat] and not state.hands[seat]:
            continue
        marks = [r for _, r in placed[seat].marks]
        assert len(marks) == len(state.observation(0).markers[seat]), (size, seat)
        for r in marks:
            assert r in blitted, "each mark is drawn"
            assert lay.table.contains(r)
            assert r.collidelist(list(boxes.values())) < 0, "not on a seat's box"
            for other, p in placed.items():
                if other != seat:
                    assert not r.colliderect(p.stack_rect()), "not on another stack"
