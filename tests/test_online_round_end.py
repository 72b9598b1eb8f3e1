"""Online Skull King's round end across two desks: at each desk the round's last trick waits for
that person's Continue (Enter), then the round's summary, while the other desk and the server go
on; nothing is lost from the updates that came meanwhile, and both desks reach the next round's
same position. Two real table scenes (Anne hosts, Bea joins) and a computer player, on a
server at the loopback address."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import pygame
import pytest

from skully_game.net.scripted import seat_three
from skully_game.net.server import ServerConfig, ServerThread
from skully_game.scenes.online.cards import TableLink, card_table_scene
from tests.ui_helpers import ev, make_app

LIMIT = 30.0  # seconds: every wait below is bounded


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = ServerThread(ServerConfig(port=0, quick=True, pace=0.0)).start()
    yield srv
    srv.stop()


def open_table(client, room):
    """A desk's table for `client`, open once the server's first update has come."""
    app = make_app()
    scene = card_table_scene(app, TableLink(client, room.setup, None, room.lobby))
    app.stack.push(scene)
    end = time.monotonic() + LIMIT
    while not hasattr(app.stack.top, "shadow"):
        assert time.monotonic() < end, "the table did not open"
        app.stack.top.update(0.01)
        time.sleep(0.005)
    return app, app.stack.top


def press(app, k: int) -> None:
    """A fresh key press and its release, as the keyboard sends them."""
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        app.dispatch(ev(kind, key=k, mod=0, unicode="", scancode=0, t=0.0, doubt=0.0))


def test_continue_at_a_round_s_end_is_each_desk_s_own(server):
    room = seat_three(server.url, "skull-king", {"round_plan": "standard"})  # round 1: 1 trick
    desks = [open_table(room.host, room), open_table(room.guest, room)]
    rng = random.Random(4)
    waited: dict[int, bool] = {}
    end = time.monotonic() + LIMIT
    # round 1 (one card each) to its last trick: each desk plays its own seat, nobody presses on
    while len(waited) < 2:
        assert time.monotonic() < end, "round 1 did not end at both desks"
        for k, (_app, table) in enumerate(desks):
            table.update(0.05)
            if table.round_wait:
                waited[k] = True
            elif table.my_turn() and table.passing is None:
                table.act(rng.choice(table.shadow.turn.legal))
        time.sleep(0.002)
    (anne_app, anne), (bea_app, bea) = desks
    # both wait on the last trick: time passes and neither goes on by itself
    for _ in range(60):
        for _, table in desks:
            table.update(0.05)
        time.sleep(0.002)
    assert anne.round_wait and bea.round_wait
    assert anne.summary is None and bea.summary is None
    # Anne goes on: her summary, while Bea's desk still shows the last trick
    press(anne_app, pygame.K_RETURN)
    for _ in range(40):
        anne.update(0.05)
        bea.update(0.05)
        if anne.summary is not None:
            break
    assert anne.summary is not None and not anne.round_wait
    assert bea.round_wait and bea.summary is None, "Anne's Continue moved Bea's desk"
    anne.update(1.0)  # past the summary's half-second guard
    press(anne_app, pygame.K_RETURN)
    anne.update(0.05)
    assert anne.summary is None
    # round 2 at Anne's desk while Bea's still waits: whoever is to bid first, nothing of
    # round 1 holds Anne's desk up, and Bea's last trick stays until she goes on
    for _ in range(40):
        anne.update(0.05)
        bea.update(0.05)
        if anne.my_turn():
            anne.act(rng.choice(anne.shadow.turn.legal))
        time.sleep(0.002)
    assert anne.state.round_index == 1 and not anne.busy()
    assert bea.round_wait and bea.state.round_index == 1, "Bea's last trick went on without her"
    # Bea goes on: her summary, then both desks play round 2's bids and first trick together
    press(bea_app, pygame.K_RETURN)
    for _ in range(40):
        bea.update(0.05)
        if bea.summary is not None:
            break
    assert bea.summary is not None
    bea.update(1.0)
    press(bea_app, pygame.K_RETURN)
    assert bea.summary is None
    end = time.monotonic() + LIMIT
    while not all(t.state.phase.value == "play" and t.state.trick for _, t in desks):
        assert time.monotonic() < end, "round 2's first card did not reach both desks"
        for _, table in desks:
            table.update(0.05)
            if table.my_turn():
                table.act(rng.choice(table.shadow.turn.legal))
        time.sleep(0.002)
    assert anne.state.round_index == bea.state.round_index == 1
    assert anne.state.observation(0).bids == bea.state.observation(1).bids
    assert all(b is not None for b in anne.state.observation(0).bids), "every bid made"
