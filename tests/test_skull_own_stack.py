"""One's own Skull stack says what one placed, to oneself alone (a real player remembers it; a
play-tester hovering their own stack of three was told only '3 cards face down')."""

from __future__ import annotations

import pygame
import pytest

from cards.skull import Phase, SkullOptions
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skull.adapter import GAME
from skully_game.scenes.skull.table import SkullTable, TableSeat
from skully_game.shell.scripted import ev
from tests.ui_helpers import drawn_texts, make_app, take_pass_screen


def _table(kinds: list[str], seed: int = 7) -> tuple[object, SkullTable]:
    app = make_app()
    app.stack.push(MenuScene(app))
    names = ["You", "Anne", "Calico", "Mary"]
    seats = [TableSeat(names[i], k) for i, k in enumerate(kinds)]
    table = SkullTable(app, Match(GAME, SkullOptions(players=len(kinds)), seed, seats))
    app.stack.push(table)
    return app, table


def _hover(app, table: SkullTable, seat: int) -> None:
    spot = next(p for p in table.spot_layout() if p.spot.seat == seat)
    at = spot.stack_rect().center
    app.dispatch(ev(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))


def test_the_pointer_on_ones_own_stack_says_what_lies_in_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app, table = _table(["human", "random", "random", "random"])
    for _ in range(200):
        table.run_bots_now()
        if table.state.phase is Phase.BID and table.state.current_player() == 0:
            break
        table.act(table.state.legal_actions()[0])
    table.settle()
    stack = table.state.stacks[0]
    _hover(app, table, 0)
    seen = drawn_texts(app, monkeypatch)
    first = "a Skull" if stack[-1].startswith("K") else "a Flower"
    said = [t for t in seen if t.startswith("Your stack, face down: ")]
    assert said and said[0].startswith(f"Your stack, face down: {first}")
    _hover(app, table, 1)
    seen = drawn_texts(app, monkeypatch)
    assert any(t.startswith("Anne's stack: ") for t in seen)
    assert not any("face down: a" in t for t in seen)  # another's stack: only its count


def test_at_a_shared_desk_nobody_else_learns_what_a_stack_holds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app, table = _table(["human", "human", "random"], seed=3)
    checked = 0
    for _ in range(60):
        table.run_bots_now()
        if table.passing is not None:
            waiting = table.passing
            for seat in range(3):  # the pass screen: every stack, pointer on it, public words
                _hover(app, table, seat)
                assert not any("face down: a" in t for t in drawn_texts(app, monkeypatch))
            take_pass_screen(app, table)
            for seat in range(3):
                if seat == waiting or not table.state.stacks[seat]:
                    continue
                _hover(app, table, seat)  # another person's stack, once this one sits down
                assert not any("face down: a" in t for t in drawn_texts(app, monkeypatch))
                checked += 1
            continue
        state = table.state
        if state.phase is not Phase.PLACE and state.phase is not Phase.FIRST:
            break
        table.act(state.legal_actions()[0])
    assert checked >= 2
