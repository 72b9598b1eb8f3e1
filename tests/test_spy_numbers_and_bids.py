"""The wire spy (skully_game/net/spy.py) with numbers as cards and bids as values: an honest
server's frames (each seat's own view and events, as the server sends them) show no leak, and a
planted fault is caught: another seat's Skip-Bo hand values, stock cards below the top, and a
Skull King bid sent to another seat before all bids are in."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from cards import registry
from skully_game.net.spy import Tap, card_leaks
from skully_game.net.wire import to_wire


def _frame(state: Any, seat: int, move: int, **extra: Any) -> dict[str, Any]:
    return {
        "type": "update",
        "seat": seat,
        "move": move,
        "view": to_wire(state.observation(seat)),
        "events": to_wire(state.events_for(seat)),
        **extra,
    }


def honest_game(key: str, steps: int, seed: int = 7) -> tuple[Any, list[Any], dict[str, Any]]:
    """`steps` seeded random moves of `key` for 3 seats: the states after each move (index k:
    the state frame `move` k + 1 is sent at), one tap per seat with the server's frames, and
    the record."""
    entry = registry.game(key).entry()
    options = entry.state.OPTIONS.from_dict({"players": 3})
    state = entry.new_state(options, seed)
    state.listen()
    rng = random.Random(seed)
    taps = [Tap(seat) for seat in range(3)]
    states = []
    for move in range(1, steps + 1):
        states.append(state.clone())
        for tap in taps:
            tap(json.dumps(_frame(state, tap.seat, move)))
        if state.is_terminal():
            break
        state.apply_action(rng.choice(list(state.legal_actions())))
    record = {"game": state.to_record()}
    return states, taps, record


def test_honest_frames_show_no_leak() -> None:
    for key in ("skip-bo", "skull-king"):
        _, taps, record = honest_game(key, 40)
        assert sum(len(t.frames) for t in taps) >= 60
        assert card_leaks(taps, record, key) == []


def _plant(taps: list[Any], seat: int, frame: dict[str, Any]) -> list[Any]:
    planted = Tap(seat, [*taps[seat].frames, json.dumps(frame)])
    return [planted if t.seat == seat else t for t in taps]


def _skip_bo_with_cards() -> tuple[list[Any], list[Any], dict[str, Any], int, int]:
    states, taps, record = honest_game("skip-bo", 30)
    move = next(
        k + 1 for k, s in enumerate(states) if len(set(s.hands[1])) >= 2 and len(s.stocks[2]) >= 3
    )
    return states, taps, record, move, 0


def test_another_seats_hand_values_are_caught() -> None:
    states, taps, record, move, seat = _skip_bo_with_cards()
    state = states[move - 1]
    hand = sorted(set(state.hands[1]))[:2]  # two of Bea's numbers, under a made-up name
    leaked = _frame(state, seat, move, peek={"cards": hand})
    found = card_leaks(_plant(taps, seat, leaked), record, "skip-bo")
    assert f"move {move}: seat 0 was sent {hand}, in seat 1's hand" in found
    whole = _frame(state, seat, move, hands=[list(h) for h in state.hands])
    assert any(
        "in seat 1's hand" in line for line in card_leaks(_plant(taps, 0, whole), record, "skip-bo")
    )


def test_stock_cards_below_the_top_are_caught() -> None:
    states, taps, record, move, seat = _skip_bo_with_cards()
    state = states[move - 1]
    below = list(state.stocks[2][-3:-1])  # the two under seat 2's top
    leaked = _frame(state, seat, move, next_up=below)
    found = card_leaks(_plant(taps, seat, leaked), record, "skip-bo")
    assert f"move {move}: seat 0 was sent {sorted(below)}, below the top of seat 2's stock" in found
    own = list(state.stocks[0][-3:-1])  # face down to its owner too
    found = card_leaks(_plant(taps, 0, _frame(state, 0, move, next_up=own)), record, "skip-bo")
    assert any("below the top of your stock" in line for line in found)


@pytest.mark.parametrize("how", ["view", "event"])
def test_a_bid_sent_before_all_bids_are_in_is_caught(how: str) -> None:
    states, taps, record = honest_game("skull-king", 3)
    state = states[1]  # move 2: the first bidder has bid, the others not yet
    (bidder,) = [p for p, b in enumerate(state.bids) if b is not None]
    seat = next(p for p in range(3) if p != bidder)
    frame = _frame(state, seat, 2)
    if how == "view":
        frame["view"]["bids"][bidder] = state.bids[bidder]
    else:
        frame["events"].append({"class": "BidMade", "seat": bidder, "bid": state.bids[bidder]})
    found = card_leaks(_plant(taps, seat, frame), record, "skull-king")
    assert found == [f"move 2: seat {seat} was sent seat {bidder}'s bid before all bids were in"]
    # the bidder's own frame carries it honestly
    assert card_leaks(_plant(taps, bidder, _frame(state, bidder, 2)), record, "skull-king") == []
