"""A double click is one move: its second press never makes another (a play-tester's double
click on another player's Skull stack turned two of its cards, the second a Skull)."""

from __future__ import annotations

import pygame

from cards.skull import Phase, SkullOptions
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skull.adapter import GAME
from skully_game.scenes.skull.table import SkullTable, TableSeat
from skully_game.shell.scripted import ev
from tests.ui_helpers import make_app


def _challenging(seed: int) -> tuple[object, SkullTable] | None:
    """A table where the person (seat 0) challenges, has turned their own stack, and another
    stack of two cards or more is still to turn; None if this seed never gets there."""
    app = make_app()
    app.stack.push(MenuScene(app))
    opts = SkullOptions(players=3)
    match = Match(GAME, opts, seed, [TableSeat(n, k) for n, k in
                                     (("You", "human"), ("Anne", "random"), ("Bea", "random"))])  # fmt: skip
    table = SkullTable(app, match)
    app.stack.push(table)
    for _ in range(300):
        table.run_bots_now()
        state = table.state
        if state.is_terminal():
            return None
        if state.phase is Phase.REVEAL:
            break
        if state.current_player() != 0:
            continue
        legal = state.legal_actions()
        places = [a for a in legal if a.startswith("PLACE:")]
        bids = [a for a in legal if a.startswith("BID:")]
        if places and state.on_table() < 6:
            table.act(places[0])
        elif bids:
            table.act(bids[-1])  # everything on the table: the person challenges
        else:
            return None
    state = table.state
    if state.phase is not Phase.REVEAL or state.challenger != 0:
        return None
    while table.state.phase is Phase.REVEAL and "FLIP:0" in table.state.legal_actions():
        table.act("FLIP:0")
    table.settle()
    if table.state.phase is not Phase.REVEAL:
        return None
    spots = [
        p for p in table.choosable_spots() if len(table.state.stacks[int(p.spot.action[5:])]) >= 2
    ]
    return (app, table) if spots else None


def test_a_double_click_on_a_stack_turns_one_card() -> None:
    found = next(t for t in (_challenging(seed) for seed in range(40)) if t is not None)
    app, table = found
    spot = next(
        p for p in table.choosable_spots() if len(table.state.stacks[int(p.spot.action[5:])]) >= 2
    )
    seat = int(spot.spot.action[5:])
    at = spot.stack_rect().center
    before = table.state.flipped[seat]
    app.dispatch(ev(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=at, button=1))
    app.run_frames(5)  # about 90 ms: the card is turning, held up to be read
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=at, button=1))
    assert table.state.flipped[seat] == before + 1
    table.settle()
    if table.state.phase is Phase.REVEAL and spot.spot.action in table.state.legal_actions():
        app.run_frames(40)  # a deliberate click later turns the next card
        app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
        app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=at, button=1))
        assert table.state.flipped[seat] == before + 2


def test_a_double_click_on_start_game_presses_nothing_on_the_table() -> None:
    """The second click of a double click on a setup's Start game lands on the table's side
    panel (Save and leave, at 1280x800): it is dropped, and no 'Leave the game?' comes."""
    from skully_game.scenes.cardtable.frame import TableFrame
    from skully_game.scenes.skip_bo.setup import SkipBoSetup

    app = make_app()
    app.stack.push(MenuScene(app))
    setup = SkipBoSetup(app)
    app.stack.push(setup)
    app.run_frames(2)
    start = next(w for w in setup.widgets.widgets if w.label == "Start game")
    at = start.rect.center
    for _ in range(2):
        app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
        app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=at, button=1))
        app.run_frames(3)  # about 100 ms between the two clicks
    assert isinstance(app.stack.top, TableFrame)
    app.run_frames(40)  # a click after the double click's time is the player's own
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=at, button=1))
    assert not isinstance(app.stack.top, TableFrame)  # Save and leave asks, as it should
